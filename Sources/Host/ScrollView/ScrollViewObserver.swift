import Foundation

/// An object told when a scroll view's content offset changes and when a drag ends (the
/// `scrollViewDidScroll(_:)` and `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
/// of `UIScrollViewDelegate`; HostKit has no delegate, so several observers can listen). Both
/// hooks do nothing by default: implement the ones you need.
///
/// ScrollingContent's linked scroll views use it to follow a list's scrolling, and its
/// `SnappingController` to choose where a drag comes to rest.
@MainActor
public protocol ScrollViewObserver: AnyObject {
    /// The content offset changed: set through ``ScrollView/contentOffset``,
    /// ``ScrollView/setContentOffset(_:animated:)`` (told at once, also when animated),
    /// ``ScrollView/scrollRectToVisible(_:animated:)`` or `bounds`. Not told when a layout pass
    /// itself moves the offset (content kept at the top as insets change).
    func scrollViewDidScroll(_ scrollView: ScrollView)

    /// The finger is about to lift after a drag (``ScrollView/endSimulatedDrag(velocity:)``),
    /// at `velocity` points per millisecond (positive when the offset grows); the scroll view
    /// is still dragging. Change `targetContentOffset` to choose where the content comes to
    /// rest. It arrives as the offset at release (HostKit simulates no glide), or as an earlier
    /// observer left it; observers are told in the order they were added.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: inout CGPoint)
}

extension ScrollViewObserver {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}

    /// Does nothing: the content rests where the drag left it.
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: inout CGPoint) {}
}

struct WeakScrollViewObserver {
    weak var observer: (any ScrollViewObserver)?
}

extension ScrollView {
    /// Starts telling `observer` about offset changes. Observers are held weakly and told in
    /// the order they were added; adding one twice has no effect.
    public func addScrollObserver(_ observer: any ScrollViewObserver) {
        scrollObservers.removeAll { $0.observer == nil }
        guard !scrollObservers.contains(where: { $0.observer === observer }) else { return }
        scrollObservers.append(WeakScrollViewObserver(observer: observer))
    }

    /// Stops telling `observer`; removing one not added does nothing.
    public func removeScrollObserver(_ observer: any ScrollViewObserver) {
        scrollObservers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Tells the observers, in order; one removed by an earlier one meanwhile is skipped.
    func notifyDidScroll() {
        guard !scrollObservers.isEmpty else { return }
        for observer in scrollObservers.compactMap(\.observer)
        where scrollObservers.contains(where: { $0.observer === observer }) {
            observer.scrollViewDidScroll(self)
        }
    }

    /// Asks the observers, in order, where a drag released at `velocity` comes to rest, starting
    /// from the offset at release. A changed target is clamped to the legal range; a
    /// non-finite one is reported and ignored (the content stays where the drag left it).
    func targetContentOffsetForEndingDrag(velocity: CGPoint) -> CGPoint {
        let release = contentOffset
        guard !scrollObservers.isEmpty else { return release }
        var target = release
        for observer in scrollObservers.compactMap(\.observer)
        where scrollObservers.contains(where: { $0.observer === observer }) {
            observer.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        }
        // Left as it was: the content stays, even past an end (HostKit simulates no bounce).
        guard target != release else { return release }
        guard target.isFinite else {
            logSink.log(.error, "\(debugLabel).endSimulatedDrag: an observer chose the target \(target), not finite; the content rests at \(release)")
            return release
        }
        return clampedContentOffset(target)
    }
}
