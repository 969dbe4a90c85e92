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
}
