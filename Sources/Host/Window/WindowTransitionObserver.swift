import Foundation

/// An object told when its window's size is about to change (a rotation), after the window's
/// view controllers: the way a ``HostController`` that is not a ``ViewController`` hears of a
/// rotation and tells its lifecycle observers
/// (``HostLifecycleObserver/host(_:willTransitionTo:with:)``).
///
/// Register with ``Window/addTransitionObserver(_:)`` when the host's view enters the window:
///
/// ```swift
/// extension FormHost: WindowTransitionObserver {
///     func window(_ window: Window, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator) {
///         observers.notify { $0.host(self, willTransitionTo: size, with: coordinator) }
///     }
/// }
/// ```
@MainActor
public protocol WindowTransitionObserver: AnyObject {
    /// The window's size is about to become `size`; `coordinator` runs alongside blocks with the
    /// new geometry and completions at the end (as for `viewWillTransition(to:with:)`).
    func window(_ window: Window, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator)
}

extension Window {
    /// Starts telling `observer` about size transitions, after the view controllers (see
    /// ``rotate(to:)``). Observers are held weakly and told in the order they were added;
    /// adding one twice has no effect.
    public func addTransitionObserver(_ observer: any WindowTransitionObserver) {
        transitionObservers.removeAll { $0.observer == nil }
        guard !transitionObservers.contains(where: { $0.observer === observer }) else { return }
        transitionObservers.append(WeakTransitionObserver(observer: observer))
    }

    /// Stops telling `observer` about size transitions. Removing an unknown observer does nothing.
    public func removeTransitionObserver(_ observer: any WindowTransitionObserver) {
        transitionObservers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Tells the transition observers, in registration order; one removed by an earlier one
    /// during the call is skipped.
    func notifyTransitionObservers(to size: CGSize, with coordinator: TransitionCoordinator) {
        for observer in transitionObservers.compactMap(\.observer)
        where transitionObservers.contains(where: { $0.observer === observer }) {
            observer.window(self, willTransitionTo: size, with: coordinator)
        }
    }
}

/// A transition observer held weakly by its window.
struct WeakTransitionObserver {
    weak var observer: (any WindowTransitionObserver)?
}
