import Foundation

/// Whatever owns a root view placed in a window: the abstraction ScrollingContent's manager
/// talks to instead of a concrete view controller.
///
/// ``ViewController`` conforms. A type of your own can conform without subclassing it: it
/// owns a root view, feeds ``additionalSafeAreaInsets`` into the root view's safe area (set
/// ``View/additionalSafeAreaContribution`` on the root view), and tells its lifecycle
/// observers about the events below — ``HostLifecycleObserverList`` keeps them for you. To
/// hear of rotations, it registers with its window as a ``WindowTransitionObserver``
/// (``Window/addTransitionObserver(_:)``), which the window tells after its view controllers.
///
/// The shape is UIKit's, so a thin adapter could make `UIViewController` conform on Apple
/// platforms.
@MainActor
public protocol HostController: AnyObject {
    /// The root view. Reading it loads it if needed; setting it replaces the root view, as
    /// `UIViewController.view = …` does (the manager substitutes a scroll view this way when
    /// the content view is the root view).
    var view: View { get set }

    /// The root view if it is loaded, without loading it.
    var viewIfLoaded: View? { get }

    /// Insets added to the root view's safe area on top of what the window and containers give
    /// it (`UIViewController.additionalSafeAreaInsets`).
    var additionalSafeAreaInsets: EdgeInsets { get set }

    /// The window the root view is in, or `nil`.
    var window: Window? { get }

    /// Starts telling `observer` about lifecycle events. Observers are held weakly and told in
    /// the order they were added; adding one twice has no effect.
    func addLifecycleObserver(_ observer: any HostLifecycleObserver)

    /// Stops telling `observer` about lifecycle events. Removing an unknown observer does nothing.
    func removeLifecycleObserver(_ observer: any HostLifecycleObserver)
}

/// An object told about a host's lifecycle events without the host forwarding calls by hand
/// (ScrollingContent's manager attaches itself this way).
///
/// Every hook has a do-nothing default. A ``ViewController`` calls them right after the
/// corresponding method of the controller (`viewDidLoad`… see each hook) has returned, from
/// the code path that calls that method — so an observer is told even when a subclass's
/// override forgets to call `super`.
@MainActor
public protocol HostLifecycleObserver: AnyObject {
    /// The root view was just loaded: called right after `loadView()` returns and before
    /// `viewDidLoad()`, so the observer can restructure the freshly loaded view tree (replace
    /// ``HostController/view``, say).
    func hostDidLoadView(_ host: any HostController)

    /// The host is about to appear (after its `viewWillAppear(_:)`).
    func hostWillAppear(_ host: any HostController, animated: Bool)

    /// The host's size is about to change, for example on rotation (after its
    /// `viewWillTransition(to:with:)`); `coordinator` runs alongside blocks with the new
    /// geometry and completions at the end.
    func host(_ host: any HostController, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator)

    /// The root view's safe-area insets changed (after its `viewSafeAreaInsetsDidChange()`).
    func hostSafeAreaDidChange(_ host: any HostController)
}

extension HostLifecycleObserver {
    public func hostDidLoadView(_ host: any HostController) {}
    public func hostWillAppear(_ host: any HostController, animated: Bool) {}
    public func host(_ host: any HostController, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator) {}
    public func hostSafeAreaDidChange(_ host: any HostController) {}
}

/// Weakly held lifecycle observers in registration order: what a ``HostController``
/// implementation needs to support observation.
///
/// ```swift
/// private let observers = HostLifecycleObserverList()
/// func addLifecycleObserver(_ observer: any HostLifecycleObserver) { observers.add(observer) }
/// func removeLifecycleObserver(_ observer: any HostLifecycleObserver) { observers.remove(observer) }
/// // when the root view appears:
/// observers.notify { $0.hostWillAppear(self, animated: false) }
/// ```
@MainActor
public final class HostLifecycleObserverList {
    private struct Entry {
        weak var observer: (any HostLifecycleObserver)?
    }

    private var entries: [Entry] = []

    /// Creates an empty list.
    public init() {}

    /// Adds an observer at the end; adding one already listed does nothing.
    public func add(_ observer: any HostLifecycleObserver) {
        entries.removeAll { $0.observer == nil }
        guard !entries.contains(where: { $0.observer === observer }) else { return }
        entries.append(Entry(observer: observer))
    }

    /// Removes an observer; removing one not listed does nothing.
    public func remove(_ observer: any HostLifecycleObserver) {
        entries.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// The observers still alive, in registration order.
    public var observers: [any HostLifecycleObserver] {
        entries.compactMap(\.observer)
    }

    /// Calls `body` with each observer in registration order. An observer removed by an
    /// earlier one during the call is skipped; one added during the call is not called.
    public func notify(_ body: (any HostLifecycleObserver) -> Void) {
        for observer in observers where entries.contains(where: { $0.observer === observer }) {
            body(observer)
        }
    }
}
