import Foundation
import HostKit
import Testing

/// A host of the user's own: not a ViewController subclass. It owns a root view, feeds its
/// additional insets into the root view's safe area, and tells its observers.
@MainActor
private final class FormHost: HostController, WindowTransitionObserver {
    private final class RootView: View {
        weak var host: FormHost?
        override func safeAreaInsetsDidChange() {
            super.safeAreaInsetsDidChange()
            host?.rootSafeAreaDidChange()
        }
    }

    private var root: RootView?
    private let observers = HostLifecycleObserverList()

    var view: View {
        get {
            if let root { return root }
            let root = RootView()
            root.host = self
            root.name = "form"
            self.root = root
            observers.notify { $0.hostDidLoadView(self) }
            return root
        }
        set {
            // A substituted root must forward its safe-area changes too; this host only accepts
            // its own root type, which is enough for the test.
            if let newRoot = newValue as? RootView { root = newRoot }
        }
    }

    var viewIfLoaded: View? { root }

    var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet { root?.additionalSafeAreaContribution = additionalSafeAreaInsets }
    }

    var window: Window? { root?.window }

    func addLifecycleObserver(_ observer: any HostLifecycleObserver) { observers.add(observer) }
    func removeLifecycleObserver(_ observer: any HostLifecycleObserver) { observers.remove(observer) }

    /// Places the form in a window, filling it, tells the observers it appears, and registers
    /// for the window's size transitions.
    func present(in window: Window) {
        view.frame = window.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        observers.notify { $0.hostWillAppear(self, animated: false) }
        window.addSubview(view)
        window.addTransitionObserver(self)
        window.layoutIfNeeded()
    }

    func window(_ window: Window, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator) {
        observers.notify { $0.host(self, willTransitionTo: size, with: coordinator) }
    }

    fileprivate func rootSafeAreaDidChange() {
        observers.notify { $0.hostSafeAreaDidChange(self) }
    }
}

@Suite("Host controllers")
@MainActor
struct HostControllerTests {
    @Test func aHostOfTheUsersOwnCanBeObserved() {
        let timeline = Timeline()
        let (window, clock) = makeWindow(.iPhoneX)
        window.makeKeyAndVisible()
        let host = FormHost()
        let observer = RecordingObserver("manager", timeline: timeline)
        host.addLifecycleObserver(observer)
        // The manager only sees the protocol.
        let abstract: any HostController = host
        #expect(abstract.viewIfLoaded == nil)

        host.present(in: window)
        #expect(abstract.window === window)
        #expect(timeline.events == [
            "manager.hostDidLoadView", "manager.hostWillAppear(false)", "manager.hostSafeAreaDidChange {44, 0, 34, 0}",
        ])

        // What the manager does on a keyboard: raise the bottom inset by the overlap.
        timeline.clear()
        let keyboardHeight: CGFloat = 336
        abstract.additionalSafeAreaInsets = EdgeInsets(bottom: keyboardHeight - 34)
        try? clock.advance(by: 0)
        #expect(host.view.safeAreaInsets == EdgeInsets(top: 44, bottom: keyboardHeight))
        #expect(timeline.events == ["manager.hostSafeAreaDidChange {44, 0, 336, 0}"])
    }

    @Test func aHostOfTheUsersOwnHearsOfARotationAfterTheViewControllers() throws {
        let timeline = Timeline()
        let (window, clock) = makeWindow(.iPhoneX)
        let root = RecordingViewController("root", timeline: timeline)
        let rootObserver = RecordingObserver("rootObserver", timeline: timeline)
        root.addLifecycleObserver(rootObserver)
        window.rootViewController = root
        window.makeKeyAndVisible()
        let host = FormHost()
        let observer = RecordingObserver("manager", timeline: timeline)
        host.addLifecycleObserver(observer)
        host.present(in: window)
        var coordinators: [TransitionCoordinator] = []
        root.onWillTransition = { coordinators.append($0) }
        timeline.clear()

        #expect(window.rotate(to: .landscapeLeft))
        // iPhone X landscape: 812×375. The view controller and its observer first, then the host.
        #expect(timeline.filtered("root.viewWillTransition", "rootObserver.willTransition", "manager.willTransition") == [
            "root.viewWillTransition(to: 812x375)", "rootObserver.willTransition(to: 812x375)",
            "manager.willTransition(to: 812x375)",
        ])
        try clock.run()

        // Unregistered: the next rotation reaches only the view controller.
        window.removeTransitionObserver(host)
        timeline.clear()
        #expect(window.rotate(to: .portrait))
        #expect(timeline.filtered("root.viewWillTransition", "manager.willTransition") == [
            "root.viewWillTransition(to: 375x812)",
        ])
        #expect(coordinators.count == 2)
    }

    @Test func transitionObserversAreHeldWeaklyAndAddedOnce() throws {
        let timeline = Timeline()
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        var host: FormHost? = FormHost()
        let observer = RecordingObserver("manager", timeline: timeline)
        host?.addLifecycleObserver(observer)
        host?.present(in: window)
        window.addTransitionObserver(try #require(host))  // twice: told once
        timeline.clear()
        window.rotate(to: .landscapeLeft)
        #expect(timeline.filtered("manager.willTransition") == ["manager.willTransition(to: 667x375)"])
        try clock.run()

        host?.view.removeFromSuperview()
        host = nil  // the window does not keep it alive
        timeline.clear()
        window.rotate(to: .portrait)
        #expect(timeline.filtered("manager.willTransition").isEmpty)
    }

    @Test func viewControllerIsAHostController() {
        let controller: any HostController = ViewController()
        #expect(controller.viewIfLoaded == nil)
        _ = controller.view
        #expect(controller.viewIfLoaded != nil)
    }
}
