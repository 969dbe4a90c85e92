import Foundation
import HostKit
import Testing

/// Counts `scrollViewDidScroll(_:)` calls per scroll view and remembers the offsets seen.
@MainActor
final class ScrollCounter: ScrollViewObserver {
    private(set) var offsets: [ObjectIdentifier: [CGPoint]] = [:]
    var onScroll: ((ScrollView) -> Void)?

    init(_ scrollViews: ScrollView...) {
        for scrollView in scrollViews { scrollView.addScrollObserver(self) }
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        offsets[ObjectIdentifier(scrollView), default: []].append(scrollView.contentOffset)
        onScroll?(scrollView)
    }

    func count(_ scrollView: ScrollView) -> Int { offsets[ObjectIdentifier(scrollView)]?.count ?? 0 }
    func seen(_ scrollView: ScrollView) -> [CGPoint] { offsets[ObjectIdentifier(scrollView)] ?? [] }
}

@Suite("Scroll view observers (HostKit seam)")
@MainActor
struct ScrollViewObserverTests {
    private func makeScrollView() -> ScrollView {
        let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        scrollView.contentSize = CGSize(width: 375, height: 3000)
        scrollView.logSink = .discard
        return scrollView
    }

    @Test func everyWayOfChangingTheOffsetIsReported() {
        let scrollView = makeScrollView()
        let counter = ScrollCounter(scrollView)
        scrollView.contentOffset = CGPoint(x: 0, y: 100)
        scrollView.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1500, width: 10, height: 10), animated: false)
        scrollView.bounds.origin = CGPoint(x: 0, y: 50)
        // The rect's bottom (1510) at the bottom of the 667 pt bounds: 1510 − 667.
        #expect(counter.seen(scrollView) == [
            CGPoint(x: 0, y: 100), CGPoint(x: 0, y: 200), CGPoint(x: 0, y: 300), CGPoint(x: 0, y: 1510 - 667), CGPoint(x: 0, y: 50),
        ])
    }

    @Test func unchangedOrRefusedOffsetsAreNotReported() {
        let scrollView = makeScrollView()
        let counter = ScrollCounter(scrollView)
        scrollView.contentOffset = .zero
        scrollView.setContentOffset(CGPoint(x: 0, y: CGFloat.nan), animated: true)
        scrollView.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        #expect(counter.count(scrollView) == 0)
    }

    @Test func observersAreWeakOrderedAndUnique() {
        let scrollView = makeScrollView()
        var order: [String] = []
        let first = ScrollCounter(scrollView), second = ScrollCounter(scrollView)
        first.onScroll = { _ in order.append("first") }
        second.onScroll = { _ in order.append("second") }
        scrollView.addScrollObserver(first)
        scrollView.contentOffset.y = 10
        #expect(order == ["first", "second"], "added twice, told once, in order")
        scrollView.removeScrollObserver(first)
        scrollView.contentOffset.y = 20
        #expect(order == ["first", "second", "second"])
        do {
            let gone = ScrollCounter(scrollView)
            gone.onScroll = { _ in order.append("gone") }
        }
        scrollView.contentOffset.y = 30
        #expect(order == ["first", "second", "second", "second"], "a freed observer is not told")
    }

    @Test func anObserverRemovedByAnEarlierOneIsSkipped() {
        let scrollView = makeScrollView()
        let first = ScrollCounter(scrollView), second = ScrollCounter(scrollView)
        first.onScroll = { _ in scrollView.removeScrollObserver(second) }
        scrollView.contentOffset.y = 10
        #expect(first.count(scrollView) == 1)
        #expect(second.count(scrollView) == 0)
    }

    /// Moves the target of every drag end by a fixed amount, or replaces it.
    final class TargetAdjuster: ScrollViewObserver {
        var shift = CGPoint.zero
        var replacement: CGPoint?
        private(set) var seen: [(velocity: CGPoint, target: CGPoint, dragging: Bool)] = []

        init(_ scrollView: ScrollView) { scrollView.addScrollObserver(self) }

        func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: inout CGPoint)
        {
            seen.append((velocity, targetContentOffset, scrollView.isDragging))
            if let replacement { targetContentOffset = replacement; return }
            targetContentOffset.x += shift.x
            targetContentOffset.y += shift.y
        }
    }

    @Test func observersChooseWhereADragRestsInOrder() throws {
        let scrollView = makeScrollView()
        let first = TargetAdjuster(scrollView), second = TargetAdjuster(scrollView)
        first.shift = CGPoint(x: 0, y: 100)
        second.shift = CGPoint(x: 0, y: 50)
        let counter = ScrollCounter(scrollView)   // only scrollViewDidScroll: the other hook defaults
        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = 400
        scrollView.endSimulatedDrag(velocity: CGPoint(x: 0, y: 0.5))
        // The first sees the release offset while the drag is still on; the second, 400 + 100.
        #expect(first.seen.map(\.target) == [CGPoint(x: 0, y: 400)])
        #expect(first.seen.first?.velocity == CGPoint(x: 0, y: 0.5))
        #expect(first.seen.first?.dragging == true)
        #expect(second.seen.map(\.target) == [CGPoint(x: 0, y: 400 + 100)])
        // Rests at 400 + 100 + 50, reached by an animated offset change.
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 550))
        let change = try #require(scrollView.lastContentOffsetChange)
        #expect(change.from == CGPoint(x: 0, y: 400) && change.to == CGPoint(x: 0, y: 550) && change.animated)
        #expect(counter.seen(scrollView) == [CGPoint(x: 0, y: 400), CGPoint(x: 0, y: 550)])
        #expect(!scrollView.isDragging && !scrollView.isTracking && scrollView.isDecelerating)
        scrollView.endSimulatedDeceleration()
        #expect(!scrollView.isDecelerating)
    }

    @Test func aTargetIsClampedAndANonFiniteOneIgnored() {
        let recorder = LogRecorder()
        let scrollView = makeScrollView()
        scrollView.logSink = recorder.sink
        let adjuster = TargetAdjuster(scrollView)
        // Past the end: the legal maximum is 3000 − 667 (no insets, no window).
        adjuster.replacement = CGPoint(x: 0, y: 5000)
        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = 400
        scrollView.endSimulatedDrag(velocity: .zero)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 3000 - 667))
        #expect(scrollView.isDecelerating, "the content moved, so it decelerates")
        // NaN: reported, and the content stays where the drag left it.
        adjuster.replacement = CGPoint(x: 0, y: CGFloat.nan)
        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = 400
        scrollView.endSimulatedDrag(velocity: CGPoint(x: 0, y: 1))
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 400))
        #expect(!scrollView.isDragging)
        #expect(recorder.messages(atLeast: .error).count == 1)
        #expect(recorder.contains("not finite", atLeast: .error))
    }

    @Test func withNoObserverADragEndsWhereItIs() {
        let scrollView = makeScrollView()
        let counter = ScrollCounter(scrollView)
        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = -30   // pulled past the top: HostKit simulates no bounce
        scrollView.endSimulatedDrag(velocity: .zero)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: -30))
        #expect(!scrollView.isDecelerating)
        #expect(counter.count(scrollView) == 1)
    }
}
