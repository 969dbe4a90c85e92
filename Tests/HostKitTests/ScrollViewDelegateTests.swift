import Foundation
import HostKit
import Testing

/// Records `scrollViewDidScroll(_:)` calls and the offsets seen; implements no other hook, so
/// the others take the protocol's do-nothing defaults.
@MainActor
private final class ScrollRecorder: NSObject, UIScrollViewDelegate {
    private(set) var offsets: [CGPoint] = []
    var onScroll: ((UIScrollView) -> Void)?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        offsets.append(scrollView.contentOffset)
        onScroll?(scrollView)
    }
}

/// Moves the target of every drag end by a fixed amount, or replaces it, through UIKit's
/// `targetContentOffset` pointer; records what it saw.
@MainActor
private final class TargetAdjuster: NSObject, UIScrollViewDelegate {
    var shift = CGPoint.zero
    var replacement: CGPoint?
    private(set) var seen: [(velocity: CGPoint, target: CGPoint, dragging: Bool)] = []
    private(set) var events: [String] = []

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        events.append("willBeginDragging")
    }

    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        events.append("willEndDragging")
        seen.append((velocity, targetContentOffset.pointee, scrollView.isDragging))
        if let replacement {
            targetContentOffset.pointee = replacement
            return
        }
        targetContentOffset.pointee.x += shift.x
        targetContentOffset.pointee.y += shift.y
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        events.append("didEndDragging(decelerate: \(decelerate))")
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        events.append("didEndDecelerating")
    }
}

@Suite("UIScrollViewDelegate")
@MainActor
struct ScrollViewDelegateTests {
    private func makeScrollView() -> UIScrollView {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        scrollView.contentSize = CGSize(width: 375, height: 3000)
        scrollView.logSink = .discard
        return scrollView
    }

    @Test func everyWayOfChangingTheOffsetIsReported() {
        let scrollView = makeScrollView()
        let recorder = ScrollRecorder()
        scrollView.delegate = recorder
        scrollView.contentOffset = CGPoint(x: 0, y: 100)
        scrollView.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1500, width: 10, height: 10), animated: false)
        scrollView.bounds.origin = CGPoint(x: 0, y: 50)
        // The rect's bottom (1510) at the bottom of the 667 pt bounds: 1510 − 667.
        #expect(
            recorder.offsets == [
                CGPoint(x: 0, y: 100), CGPoint(x: 0, y: 200), CGPoint(x: 0, y: 300), CGPoint(x: 0, y: 1510 - 667),
                CGPoint(x: 0, y: 50),
            ])
    }

    @Test func unchangedOrRefusedOffsetsAreNotReported() {
        let scrollView = makeScrollView()
        let recorder = ScrollRecorder()
        scrollView.delegate = recorder
        scrollView.contentOffset = .zero
        scrollView.setContentOffset(CGPoint(x: 0, y: CGFloat.nan), animated: true)
        scrollView.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        #expect(recorder.offsets.isEmpty)
    }

    /// UIKit's `delegate` is `weak` and single: setting another replaces the first, and a
    /// released delegate is no longer told (the property reads `nil`).
    @Test func theDelegateIsWeakAndSingle() {
        let scrollView = makeScrollView()
        let first = ScrollRecorder()
        let second = ScrollRecorder()
        scrollView.delegate = first
        scrollView.contentOffset.y = 10
        scrollView.delegate = second
        scrollView.contentOffset.y = 20
        #expect(first.offsets == [CGPoint(x: 0, y: 10)])
        #expect(second.offsets == [CGPoint(x: 0, y: 20)])
        weak var released: ScrollRecorder?
        do {
            let gone = ScrollRecorder()
            released = gone
            scrollView.delegate = gone
        }
        #expect(released == nil)
        #expect(scrollView.delegate == nil)
        scrollView.contentOffset.y = 30
        #expect(first.offsets.count == 1 && second.offsets.count == 1, "no one else is told")
    }

    /// A delegate that clears itself while being told is not asked anything afterwards: the
    /// drag that moved the content ends where it is.
    @Test func aDelegateClearedDuringACallIsNotAskedAgain() {
        let scrollView = makeScrollView()
        let recorder = ScrollRecorder()
        scrollView.delegate = recorder
        recorder.onScroll = { $0.delegate = nil }
        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = 400
        scrollView.endSimulatedDrag(velocity: CGPoint(x: 0, y: 1))
        #expect(recorder.offsets == [CGPoint(x: 0, y: 400)])
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 400))
    }

    @Test func theDelegateChoosesWhereADragRests() throws {
        let scrollView = makeScrollView()
        let adjuster = TargetAdjuster()
        adjuster.shift = CGPoint(x: 0, y: 150)
        scrollView.delegate = adjuster
        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = 400
        scrollView.endSimulatedDrag(velocity: CGPoint(x: 0, y: 0.5))
        // The delegate sees the release offset and the velocity while the drag is still on.
        #expect(adjuster.seen.map(\.target) == [CGPoint(x: 0, y: 400)])
        #expect(adjuster.seen.first?.velocity == CGPoint(x: 0, y: 0.5))
        #expect(adjuster.seen.first?.dragging == true)
        // Rests at 400 + 150, reached by an animated offset change.
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 550))
        let change = try #require(scrollView.lastContentOffsetChange)
        #expect(change.from == CGPoint(x: 0, y: 400) && change.to == CGPoint(x: 0, y: 550) && change.animated)
        #expect(!scrollView.isDragging && !scrollView.isTracking && scrollView.isDecelerating)
        scrollView.endSimulatedDeceleration()
        #expect(!scrollView.isDecelerating)
        // UIKit's order of the drag hooks.
        #expect(
            adjuster.events == [
                "willBeginDragging", "willEndDragging", "didEndDragging(decelerate: true)", "didEndDecelerating",
            ])
    }

    @Test func aTargetIsClampedAndANonFiniteOneIgnored() {
        let recorder = LogRecorder()
        let scrollView = makeScrollView()
        scrollView.logSink = recorder.sink
        let adjuster = TargetAdjuster()
        scrollView.delegate = adjuster
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

    /// A delegate that implements only `scrollViewDidScroll(_:)` leaves the drag's end to the
    /// default hook: the content rests where the drag left it, or, released past an end,
    /// bounces back to it, as UIKit's rubber band does. (Earlier this test expected content
    /// pulled past the top to stay there: HostKit simulated no bounce, which no UIKit scroll
    /// view does.)
    @Test func withTheDefaultHookADragEndsWhereItIsOrBouncesBack() {
        let scrollView = makeScrollView()
        let recorder = ScrollRecorder()
        scrollView.delegate = recorder
        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = 120
        scrollView.endSimulatedDrag(velocity: .zero)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 120))
        #expect(!scrollView.isDecelerating)
        #expect(recorder.offsets.count == 1)

        scrollView.beginSimulatedDrag()
        scrollView.contentOffset.y = scrollView.minimumContentOffset.y - 30 // pulled past the top
        scrollView.endSimulatedDrag(velocity: .zero)
        #expect(scrollView.contentOffset == scrollView.minimumContentOffset)
        #expect(scrollView.isDecelerating)
    }
}
