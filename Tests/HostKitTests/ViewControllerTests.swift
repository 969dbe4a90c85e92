import Foundation
import HostKit
import Testing

@Suite("UIView controllers")
@MainActor
struct ViewControllerTests {
    @Test func theViewIsLoadedLazilyOnce() {
        let timeline = Timeline()
        let controller = RecordingViewController("a", timeline: timeline)
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        #expect(controller.viewIfLoaded?.window == nil)
        #expect(timeline.events.isEmpty)

        let view: UIView = controller.view
        #expect(controller.isViewLoaded)
        #expect(controller.viewIfLoaded === view)
        #expect(timeline.events == ["a.loadView", "a.viewDidLoad"])
        // The default root view: resized by whoever places it.
        #expect(view.translatesAutoresizingMaskIntoConstraints)
        #expect(view.autoresizingMask == [.flexibleWidth, .flexibleHeight])

        _ = controller.view
        #expect(timeline.events.count == 2) // loaded once
    }

    /// SCVC's ManagerExample: `loadView()` calls `super.loadView()`, then replaces the root view
    /// it made; `viewDidLoad()` sees the replacement.
    @Test func loadViewCanReplaceTheRootViewItMadeBeforeViewDidLoad() {
        var seenInViewDidLoad: UIView?
        var madeBySuper: UIView?
        final class Host: UIViewController {
            let substitute = UIScrollView()
            var onLoadView: ((UIView) -> Void)?
            var onViewDidLoad: ((UIView) -> Void)?
            override func loadView() {
                super.loadView()
                onLoadView?(view)
                view = substitute
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                onViewDidLoad?(view)
            }
        }
        let controller = Host()
        controller.onLoadView = { madeBySuper = $0 }
        controller.onViewDidLoad = { seenInViewDidLoad = $0 }
        #expect(controller.view === controller.substitute)
        #expect(seenInViewDidLoad === controller.substitute)
        #expect(madeBySuper != nil && madeBySuper !== controller.substitute)
    }

    @Test func makeKeyAndVisibleRunsTheAppearanceCallsInUIKitsOrder() {
        let timeline = Timeline()
        let (window, _) = makeWindow()
        let controller = RecordingViewController("root", timeline: timeline)
        window.rootViewController = controller
        // Hidden window: the view is installed, nothing appears yet.
        #expect(timeline.events == ["root.loadView", "root.viewDidLoad"])
        #expect(window.isHidden)
        let observer = ListeningChild("observer", timeline: timeline)
        observer.attach(to: controller)
        #expect(timeline.filtered("observer.").isEmpty, "nothing appears in a hidden window")
        timeline.clear()

        window.makeKeyAndVisible()
        #expect(window.isKeyWindow && !window.isHidden)
        #expect(
            timeline.events == [
                "root.viewWillAppear(false)",
                "observer.viewWillAppear(false)",
                "root.viewSafeAreaInsetsDidChange {20, 0, 0, 0}",
                "observer.viewSafeAreaInsetsDidChange {20, 0, 0, 0}",
                "root.viewWillLayoutSubviews",
                "root.viewDidLayoutSubviews",
                "root.viewDidAppear(false)",
            ])
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(controller.view.window === window)
    }

    @Test func hidingTheWindowAndReplacingTheRootAreBalanced() {
        let timeline = Timeline()
        let (window, _) = makeWindow()
        let first = RecordingViewController("first", timeline: timeline)
        let second = RecordingViewController("second", timeline: timeline)
        window.rootViewController = first
        window.makeKeyAndVisible()
        timeline.clear()

        window.rootViewController = second
        #expect(
            timeline.filtered("first.viewWill", "first.viewDid", "second.viewWillAppear", "second.viewDidAppear") == [
                "first.viewWillDisappear(false)", "first.viewDidDisappear(false)",
                "second.viewWillAppear(false)", "second.viewDidAppear(false)",
            ])
        #expect(first.viewIfLoaded?.superview == nil)
        #expect(second.view.superview === window)

        timeline.clear()
        window.isHidden = true
        #expect(timeline.events == ["second.viewWillDisappear(false)", "second.viewDidDisappear(false)"])
    }

    @Test func additionalSafeAreaInsetsFeedTheRootViewsSafeArea() throws {
        let timeline = Timeline()
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(recorder: recorder)
        let controller = RecordingViewController("root", timeline: timeline)
        let observer = ListeningChild("observer", timeline: timeline)
        observer.attach(to: controller)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let child = UIView(frame: controller.view.bounds)
        controller.view.addSubview(child)
        timeline.clear()

        let keyboardOverlap: CGFloat = 260
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: keyboardOverlap, right: 0)
        // Not until the next pass.
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        try clock.advance(by: 0) // one run-loop turn: the window lays itself out
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: keyboardOverlap, right: 0))
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: keyboardOverlap, right: 0))
        #expect(
            timeline.filtered("root.viewSafe", "observer.viewSafe") == [
                "root.viewSafeAreaInsetsDidChange {20, 0, 260, 0}",
                "observer.viewSafeAreaInsetsDidChange {20, 0, 260, 0}",
            ])

        // The same value again: no pass, no call.
        timeline.clear()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: keyboardOverlap, right: 0)
        try clock.advance(by: 0)
        #expect(timeline.events.isEmpty)

        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: .nan, right: 0)
        #expect(controller.additionalSafeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: keyboardOverlap, right: 0))
        #expect(recorder.contains("additionalSafeAreaInsets", atLeast: .error))
        #expect(clock.finish().isClean)
    }

    /// Children hear appearance in the order they were added; one removed before is not told.
    /// (That a parent overriding `viewWillAppear` without `super` still forwards is in
    /// `ListeningChildTests.aParentThatForgetsSuperStopsOnlyTheTransition`.)
    @Test func childrenAreToldInOrderAndARemovedOneIsNot() {
        let timeline = Timeline()
        let (window, _) = makeWindow()
        let controller = UIViewController()
        let first = ListeningChild("first", timeline: timeline)
        let removed = ListeningChild("removed", timeline: timeline)
        let second = ListeningChild("second", timeline: timeline)
        first.attach(to: controller)
        removed.attach(to: controller)
        second.attach(to: controller)
        removed.willMove(toParent: nil)
        removed.view.removeFromSuperview()
        removed.removeFromParent()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(
            timeline.filtered("first.viewWillAppear", "second.viewWillAppear", "removed.") == [
                "first.viewWillAppear(false)", "second.viewWillAppear(false)",
            ])
        #expect(controller.children == [first, second])
    }

    @Test func replacingTheRootViewOfAControllerOnScreen() {
        let (window, _) = makeWindow()
        let controller = UIViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let old: UIView = controller.view
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 100, right: 0)
        let replacement = UIView()
        controller.view = replacement
        #expect(replacement.superview === window)
        #expect(old.superview == nil)
        #expect(replacement.frame == window.bounds)
        window.layoutIfNeeded()
        // The controller's additional insets moved to the new root view.
        #expect(replacement.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 100, right: 0))
        #expect(old.additionalSafeAreaContribution == .zero)
    }

    @Test func aViewCanBeTheRootOfOneControllerOnly() {
        let recorder = LogRecorder()
        let first = UIViewController()
        let second = UIViewController()
        second.logSink = recorder.sink
        let shared = UIView()
        first.view = shared
        let own = second.view
        second.view = shared
        #expect(second.view === own)
        #expect(recorder.contains("already the root view", atLeast: .error))
    }

    @Test func windowCallsBracketTheChangeParentsFirst() {
        final class Probe: UIView {
            var log: [String]
            init(_ name: String, log: [String] = []) {
                self.log = log
                super.init(frame: .zero)
                self.name = name
            }

            required init?(coder: NSCoder) { nil }
            var onEvent: ((String) -> Void)?
            override func willMove(toWindow newWindow: UIWindow?) {
                super.willMove(toWindow: newWindow)
                onEvent?("\(name!).willMove(toWindow: \(newWindow?.name ?? "nil")) window=\(window?.name ?? "nil")")
            }
            override func didMoveToWindow() {
                super.didMoveToWindow()
                onEvent?("\(name!).didMoveToWindow window=\(window?.name ?? "nil")")
            }
        }
        var events: [String] = []
        let (window, _) = makeWindow()
        let parent = Probe("parent")
        let child = Probe("child")
        parent.onEvent = { events.append($0) }
        child.onEvent = { events.append($0) }
        parent.addSubview(child)
        #expect(events.isEmpty) // no window involved
        window.addSubview(parent)
        #expect(
            events == [
                "parent.willMove(toWindow: window) window=nil", "child.willMove(toWindow: window) window=nil",
                "parent.didMoveToWindow window=window", "child.didMoveToWindow window=window",
            ])
        events = []
        let other = UIView()
        window.addSubview(other)
        other.addSubview(parent) // same window: no calls
        #expect(events.isEmpty)
        parent.removeFromSuperview()
        #expect(
            events == [
                "parent.willMove(toWindow: nil) window=window", "child.willMove(toWindow: nil) window=window",
                "parent.didMoveToWindow window=nil", "child.didMoveToWindow window=nil",
            ])
        #expect(child.window == nil)
    }
}

@Suite("UIView controllers: bad input")
@MainActor
struct ViewControllerBadInputTests {
    @Test func aLoadViewThatSetsNothingGetsAPlainViewAndAReport() {
        final class Lazy: UIViewController {
            override func loadView() {} // forgets to set view
        }
        let recorder = LogRecorder()
        let controller = Lazy()
        controller.logSink = recorder.sink
        let view: UIView = controller.view
        #expect(view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(recorder.contains("did not set view", atLeast: .error))
    }

    @Test func aLoadViewThatReadsViewFirstDoesNotRecurse() {
        final class Eager: UIViewController {
            override func loadView() {
                view.tag = 7 // reads view before setting it
            }
        }
        let recorder = LogRecorder()
        let controller = Eager()
        controller.logSink = recorder.sink
        #expect(controller.view.tag == 7)
        #expect(recorder.contains("read view before setting it", atLeast: .error))
    }

    @Test func aChildCannotBecomeAWindowsRootViewController() {
        let recorder = LogRecorder()
        let (window, _) = makeWindow(recorder: recorder)
        let parent = UIViewController()
        let child = UIViewController()
        parent.addChild(child)
        window.rootViewController = child
        #expect(window.rootViewController == nil)
        #expect(recorder.contains("is a child of", atLeast: .error))
    }
}
