/// An object told when a scroll view's content offset changes (the `scrollViewDidScroll(_:)`
/// of `UIScrollViewDelegate`; HostKit has no delegate, so several observers can listen).
///
/// ScrollingContent's linked scroll views use it to follow a list's scrolling.
@MainActor
public protocol ScrollViewObserver: AnyObject {
    /// The content offset changed: set through ``ScrollView/contentOffset``,
    /// ``ScrollView/setContentOffset(_:animated:)`` (told at once, also when animated),
    /// ``ScrollView/scrollRectToVisible(_:animated:)`` or `bounds`. Not told when a layout pass
    /// itself moves the offset (content kept at the top as insets change).
    func scrollViewDidScroll(_ scrollView: ScrollView)
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
}
