import Foundation
import HostKit
import Testing

/// A host of the user's own: not a ViewController subclass. It owns a root view, feeds its
/// additional insets into the root view's safe area, and tells its observers.
@MainActor
private final class FormHost: HostController {
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

    /// Places the form in a window, filling it, and tells the observers it appears.
    func present(in window: Window) {
        view.frame = window.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        observers.notify { $0.hostWillAppear(self, animated: false) }
        window.addSubview(view)
        window.layoutIfNeeded()
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

    @Test func viewControllerIsAHostController() {
        let controller: any HostController = ViewController()
        #expect(controller.viewIfLoaded == nil)
        _ = controller.view
        #expect(controller.viewIfLoaded != nil)
    }
}
