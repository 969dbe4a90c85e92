import Foundation
import HostKit
import Testing

@Suite("View controllers")
@MainActor
struct ViewControllerTests {
    @Test func theViewIsLoadedLazilyAndObserversAreToldBeforeViewDidLoad() {
        let timeline = Timeline()
        let controller = RecordingViewController("a", timeline: timeline)
        let observer = RecordingObserver("observer", timeline: timeline)
        controller.addLifecycleObserver(observer)
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        #expect(controller.window == nil)
        #expect(timeline.events.isEmpty)

        let view = controller.view
        #expect(controller.isViewLoaded)
        #expect(controller.viewIfLoaded === view)
        #expect(timeline.events == ["a.loadView", "observer.hostDidLoadView", "a.viewDidLoad"])
        // The default root view: resized by whoever places it.
        #expect(view.translatesAutoresizingMaskIntoConstraints)
        #expect(view.autoresizingMask == [.flexibleWidth, .flexibleHeight])

        _ = controller.view
        #expect(timeline.events.count == 3)  // loaded once
    }

    @Test func anObserverCanSubstituteTheRootViewBeforeViewDidLoad() {
        let timeline = Timeline()
        var seenInViewDidLoad: View?
        final class Host: ViewController {
            var onViewDidLoad: ((View) -> Void)?
            override func viewDidLoad() {
                super.viewDidLoad()
                onViewDidLoad?(view)
            }
        }
        let controller = Host()
        controller.onViewDidLoad = { seenInViewDidLoad = $0 }
        let substitute = ScrollView()
        let observer = RecordingObserver("manager", timeline: timeline)
        observer.onDidLoadView = { host in host.view = substitute }
        controller.addLifecycleObserver(observer)
        #expect(controller.view === substitute)
        #expect(seenInViewDidLoad === substitute)
    }

    @Test func makeKeyAndVisibleRunsTheAppearanceCallsInUIKitsOrder() {
        let timeline = Timeline()
        let (window, _) = makeWindow()
        let controller = RecordingViewController("root", timeline: timeline)
        let observer = RecordingObserver("observer", timeline: timeline)
        controller.addLifecycleObserver(observer)
        window.rootViewController = controller
        // Hidden window: the view is installed, nothing appears yet.
        #expect(timeline.events == ["root.loadView", "observer.hostDidLoadView", "root.viewDidLoad"])
        #expect(window.isHidden)
        timeline.clear()

        window.makeKeyAndVisible()
        #expect(window.isKeyWindow && !window.isHidden)
        #expect(timeline.events == [
            "root.viewWillAppear(false)",
            "observer.hostWillAppear(false)",
            "root.viewSafeAreaInsetsDidChange {20, 0, 0, 0}",
            "observer.hostSafeAreaDidChange {20, 0, 0, 0}",
            "root.viewWillLayoutSubviews",
            "root.viewDidLayoutSubviews",
            "root.viewDidAppear(false)",
        ])
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(controller.window === window)
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
        #expect(timeline.filtered("first.viewWill", "first.viewDid", "second.viewWillAppear", "second.viewDidAppear") == [
            "first.viewWillDisappear(false)", "first.viewDidDisappear(false)",
            "second.viewWillAppear(false)", "second.viewDidAppear(false)",
        ])
        #expect(first.viewIfLoaded?.superview == nil)
        #expect(second.view.superview === window)

        timeline.clear()
        window.isHidden = true
        #expect(timeline.events == ["second.viewWillDisappear(false)", "second.viewDidDisappear(false)"])
    }

    @Test func additionalSafeAreaInsetsFeedTheRootViewsSafeArea() {
        let timeline = Timeline()
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(recorder: recorder)
        let controller = RecordingViewController("root", timeline: timeline)
        let observer = RecordingObserver("observer", timeline: timeline)
        controller.addLifecycleObserver(observer)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let child = View(frame: controller.view.bounds)
        controller.view.addSubview(child)
        timeline.clear()

        let keyboardOverlap: CGFloat = 260
        controller.additionalSafeAreaInsets = EdgeInsets(bottom: keyboardOverlap)
        #expect(controller.view.safeAreaInsets == EdgeInsets(top: 20))  // not until the next pass
        try? clock.advance(by: 0)  // one run-loop turn: the window lays itself out
        #expect(controller.view.safeAreaInsets == EdgeInsets(top: 20, bottom: keyboardOverlap))
        #expect(child.safeAreaInsets == EdgeInsets(top: 20, bottom: keyboardOverlap))
        #expect(timeline.filtered("root.viewSafe", "observer.hostSafe") == [
            "root.viewSafeAreaInsetsDidChange {20, 0, 260, 0}",
            "observer.hostSafeAreaDidChange {20, 0, 260, 0}",
        ])

        // The same value again: no pass, no call.
        timeline.clear()
        controller.additionalSafeAreaInsets = EdgeInsets(bottom: keyboardOverlap)
        try? clock.advance(by: 0)
        #expect(timeline.events.isEmpty)

        controller.additionalSafeAreaInsets = EdgeInsets(bottom: .nan)
        #expect(controller.additionalSafeAreaInsets == EdgeInsets(bottom: keyboardOverlap))
        #expect(recorder.contains("additionalSafeAreaInsets", atLeast: .error))
        #expect(clock.finish().isClean)
    }

    @Test func observersAreToldEvenWhenAnOverrideForgetsSuper() {
        final class Forgetful: ViewController {
            override func viewWillAppear(_ animated: Bool) {}  // no super
            override func viewSafeAreaInsetsDidChange() {}  // no super
        }
        let timeline = Timeline()
        let (window, _) = makeWindow()
        let controller = Forgetful()
        let observer = RecordingObserver("observer", timeline: timeline)
        controller.addLifecycleObserver(observer)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(timeline.filtered("observer.hostWillAppear", "observer.hostSafeArea") == [
            "observer.hostWillAppear(false)", "observer.hostSafeAreaDidChange {20, 0, 0, 0}",
        ])
    }

    @Test func observersAreWeakOrderedAndRemovable() {
        let timeline = Timeline()
        let controller = ViewController()
        let first = RecordingObserver("first", timeline: timeline)
        let second = RecordingObserver("second", timeline: timeline)
        var temporary: RecordingObserver? = RecordingObserver("temporary", timeline: timeline)
        controller.addLifecycleObserver(first)
        controller.addLifecycleObserver(temporary!)
        controller.addLifecycleObserver(second)
        controller.addLifecycleObserver(first)  // already there: ignored
        temporary = nil  // held weakly: gone
        controller.removeLifecycleObserver(second)
        controller.removeLifecycleObserver(second)  // unknown: ignored
        _ = controller.view
        #expect(timeline.events == ["first.hostDidLoadView"])
    }

    @Test func replacingTheRootViewOfAControllerOnScreen() {
        let (window, _) = makeWindow()
        let controller = ViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let old = controller.view
        controller.additionalSafeAreaInsets = EdgeInsets(bottom: 100)
        let replacement = View()
        controller.view = replacement
        #expect(replacement.superview === window)
        #expect(old.superview == nil)
        #expect(replacement.frame == window.bounds)
        window.layoutIfNeeded()
        // The controller's additional insets moved to the new root view.
        #expect(replacement.safeAreaInsets == EdgeInsets(top: 20, bottom: 100))
        #expect(old.additionalSafeAreaContribution == .zero)
    }

    @Test func aViewCanBeTheRootOfOneControllerOnly() {
        let recorder = LogRecorder()
        let first = ViewController(), second = ViewController()
        second.logSink = recorder.sink
        let shared = View()
        first.view = shared
        let own = second.view
        second.view = shared
        #expect(second.view === own)
        #expect(recorder.contains("already the root view", atLeast: .error))
    }

    @Test func windowCallsBracketTheChangeParentsFirst() {
        final class Probe: View {
            var log: [String]
            init(_ name: String, log: [String] = []) {
                self.log = log
                super.init(frame: .zero)
                self.name = name
            }
            var onEvent: ((String) -> Void)?
            override func willMove(toWindow newWindow: Window?) {
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
        let parent = Probe("parent"), child = Probe("child")
        parent.onEvent = { events.append($0) }
        child.onEvent = { events.append($0) }
        parent.addSubview(child)
        #expect(events.isEmpty)  // no window involved
        window.addSubview(parent)
        #expect(events == [
            "parent.willMove(toWindow: window) window=nil", "child.willMove(toWindow: window) window=nil",
            "parent.didMoveToWindow window=window", "child.didMoveToWindow window=window",
        ])
        events = []
        let other = View()
        window.addSubview(other)
        other.addSubview(parent)  // same window: no calls
        #expect(events.isEmpty)
        parent.removeFromSuperview()
        #expect(events == [
            "parent.willMove(toWindow: nil) window=window", "child.willMove(toWindow: nil) window=window",
            "parent.didMoveToWindow window=nil", "child.didMoveToWindow window=nil",
        ])
        #expect(child.window == nil)
    }
}

@Suite("View controllers: bad input")
@MainActor
struct ViewControllerBadInputTests {
    @Test func aLoadViewThatSetsNothingGetsAPlainViewAndAReport() {
        final class Lazy: ViewController {
            override func loadView() {}  // forgets to set view
        }
        let recorder = LogRecorder()
        let controller = Lazy()
        controller.logSink = recorder.sink
        let view = controller.view
        #expect(view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(recorder.contains("did not set view", atLeast: .error))
    }

    @Test func aLoadViewThatReadsViewFirstDoesNotRecurse() {
        final class Eager: ViewController {
            override func loadView() {
                view.tag = 7  // reads view before setting it
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
        let parent = ViewController(), child = ViewController()
        parent.addChild(child)
        window.rootViewController = child
        #expect(window.rootViewController == nil)
        #expect(recorder.contains("is a child of", atLeast: .error))
    }
}
