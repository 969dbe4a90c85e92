import Foundation
import HostKit
import Testing

@Suite("Navigation controller")
@MainActor
struct NavigationTests {
    /// An iPhone SE window showing a navigation controller whose root is `a`.
    private func setUp(recorder: LogRecorder? = nil)
        -> (UIWindow, ManualScheduler, UINavigationController, RecordingViewController, Timeline)
    {
        let timeline = Timeline()
        let (window, clock) = makeWindow(recorder: recorder)
        let a = RecordingViewController("a", timeline: timeline)
        let navigation = UINavigationController(rootViewController: a)
        navigation.title = "nav"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        timeline.clear()
        return (window, clock, navigation, a, timeline)
    }

    /// The status bar plus the navigation bar.
    private let topInset: CGFloat = 20 + 44

    @Test func theRootControllerAppearsUnderTheBar() {
        let timeline = Timeline()
        let (window, _) = makeWindow()
        let a = RecordingViewController("a", timeline: timeline)
        let navigation = UINavigationController(rootViewController: a)
        // The root is a child from the start (the navigation controller has no title yet).
        #expect(timeline.events == ["a.willMove(toParent: nil)", "a.didMove(toParent: nil)"])
        #expect(a.parent === navigation)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        #expect(navigation.viewControllers.map(\.title) == ["a"])
        #expect(navigation.topViewController === a)
        #expect(a.navigationController === navigation)
        #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 20, width: 375, height: UINavigationBar.height))
        #expect(a.view.frame == window.bounds)
        #expect(a.view.safeAreaInsets == UIEdgeInsets(top: topInset, left: 0, bottom: 0, right: 0))
        #expect(a.additionalSafeAreaInsets == .zero) // the bar's height is not put there
        #expect(
            timeline.filtered("a.viewWillAppear", "a.viewDidAppear") == [
                "a.viewWillAppear(false)", "a.viewDidAppear(false)",
            ])
    }

    @Test func pushFollowsUIKitsOrderAndLastsTheTransition() throws {
        let (window, clock, navigation, a, timeline) = setUp()
        defer { withExtendedLifetime(window) {} } // views hold their window weakly
        let b = RecordingViewController("b", timeline: timeline)
        var sizeInViewWillAppear: CGSize?
        b.onWillAppear = { sizeInViewWillAppear = $0.view.bounds.size }
        navigation.pushViewController(b, animated: true)
        #expect(
            timeline.events == [
                "b.willMove(toParent: nav)", "b.loadView", "b.viewDidLoad",
                "a.viewWillDisappear(true)", "b.viewWillAppear(true)",
                "b.viewSafeAreaInsetsDidChange {64, 0, 0, 0}", "b.viewWillLayoutSubviews", "b.viewDidLayoutSubviews",
            ])
        #expect(sizeInViewWillAppear == CGSize(width: 375, height: 667)) // sized before viewWillAppear
        #expect(navigation.viewControllers.map(\.title) == ["a", "b"])
        #expect(navigation.isInTransition)
        timeline.clear()
        try clock.advance(by: 0.3)
        #expect(timeline.events.isEmpty) // still moving
        try clock.advance(by: 0.05)
        #expect(timeline.events == ["a.viewDidDisappear(true)", "b.viewDidAppear(true)", "b.didMove(toParent: nav)"])
        #expect(a.viewIfLoaded?.superview == nil)
        #expect(b.view.superview === navigation.view)
        #expect(!navigation.isInTransition)
        #expect(clock.finish().isClean)
    }

    @Test func popFollowsUIKitsOrder() throws {
        let (window, clock, navigation, a, timeline) = setUp()
        defer { withExtendedLifetime(window) {} } // views hold their window weakly
        let b = RecordingViewController("b", timeline: timeline)
        navigation.pushViewController(b, animated: true)
        try clock.advance(by: 1)
        timeline.clear()

        let popped = navigation.popViewController(animated: true)
        #expect(popped === b)
        // A re-enters the hierarchy and is laid out after viewWillAppear, as UIKit does.
        #expect(
            timeline.filtered("a.viewWill", "a.viewDid", "b.") == [
                "b.willMove(toParent: nil)", "b.viewWillDisappear(true)", "a.viewWillAppear(true)",
                "a.viewWillLayoutSubviews", "a.viewDidLayoutSubviews",
            ])
        timeline.clear()
        try clock.advance(by: UINavigationController.transitionDuration)
        #expect(timeline.events == ["b.viewDidDisappear(true)", "a.viewDidAppear(true)", "b.didMove(toParent: nil)"])
        #expect(navigation.viewControllers.map(\.title) == ["a"])
        #expect(b.parent == nil)
        #expect(a.view.superview === navigation.view)
        #expect(a.view.safeAreaInsets == UIEdgeInsets(top: topInset, left: 0, bottom: 0, right: 0))
    }

    @Test func nonAnimatedTransitionsMakeTheSameCallsAtOnce() {
        let (window, clock, navigation, _, timeline) = setUp()
        defer { withExtendedLifetime(window) {} } // views hold their window weakly
        let b = RecordingViewController("b", timeline: timeline)
        navigation.pushViewController(b, animated: false)
        #expect(
            timeline.filtered(
                "a.viewWill", "a.viewDid", "b.viewWill", "b.viewDidAppear", "b.viewDidLayout", "b.didMove") == [
                    "a.viewWillDisappear(false)", "b.viewWillAppear(false)", "b.viewWillLayoutSubviews",
                    "b.viewDidLayoutSubviews",
                    "a.viewDidDisappear(false)", "b.viewDidAppear(false)", "b.didMove(toParent: nav)",
                ])
        timeline.clear()
        navigation.popViewController(animated: false)
        #expect(
            timeline.filtered("a.viewWillAppear", "a.viewDidAppear", "b.viewWill", "b.viewDid", "b.didMove") == [
                "b.viewWillDisappear(false)", "a.viewWillAppear(false)", "b.viewDidDisappear(false)",
                "a.viewDidAppear(false)",
                "b.didMove(toParent: nil)",
            ])
        #expect(clock.pendingWork.allSatisfy { $0.label != "navigation transition" })
    }

    @Test func aPushDuringATransitionFinishesTheRunningOneFirst() throws {
        let (window, clock, navigation, _, timeline) = setUp()
        defer { withExtendedLifetime(window) {} } // views hold their window weakly
        let b = RecordingViewController("b", timeline: timeline)
        let c = RecordingViewController("c", timeline: timeline)
        navigation.pushViewController(b, animated: true)
        try clock.advance(by: 0.1)
        timeline.clear()
        navigation.pushViewController(c, animated: true)
        #expect(
            Array(timeline.filtered("a.", "b.viewDidAppear", "b.didMove", "b.viewWillDisappear").prefix(4)) == [
                "a.viewDidDisappear(true)", "b.viewDidAppear(true)", "b.didMove(toParent: nav)",
                "b.viewWillDisappear(true)",
            ])
        try clock.advance(by: 1)
        #expect(navigation.viewControllers.map(\.title) == ["a", "b", "c"])
        #expect(clock.finish().isClean)
    }

    @Test func badPushesAndPopsAreRefusedAndChangeNothing() {
        let recorder = LogRecorder()
        let (window, clock, navigation, a, timeline) = setUp(recorder: recorder)
        defer { withExtendedLifetime(window) {} }
        navigation.logSink = recorder.sink

        navigation.pushViewController(a, animated: true) // already on the stack
        #expect(recorder.contains("already on the navigation stack", atLeast: .error))

        let owned = UIViewController()
        let otherParent = UIViewController()
        otherParent.addChild(owned)
        navigation.pushViewController(owned, animated: true)
        #expect(recorder.contains("is a child of", atLeast: .error))

        #expect(navigation.popViewController(animated: true) == nil) // the root
        #expect(recorder.contains("root view controller cannot be popped", atLeast: .error))

        #expect(navigation.viewControllers.map(\.title) == ["a"])
        #expect(owned.parent === otherParent)
        #expect(timeline.events.isEmpty)
        #expect(clock.pendingWork.allSatisfy { $0.label != "navigation transition" })
        #expect(recorder.messages(atLeast: .error).count == 3)
    }

    @Test func aScrollViewRootAdjustsItsInsetsForTheBarAutomatically() throws {
        final class ScrollingScreen: UIViewController {
            override func loadView() {
                let scroll = UIScrollView()
                scroll.contentSize = CGSize(width: 375, height: 100) // shorter than the screen
                view = scroll
            }
        }
        let (window, _, navigation, _, _) = setUp()
        defer { withExtendedLifetime(window) {} }
        let screen = ScrollingScreen()
        navigation.pushViewController(screen, animated: false)
        let scroll = try #require(screen.view as? UIScrollView)
        #expect(scroll.contentInsetAdjustmentBehavior == .automatic)
        // Not scrollable, but a navigation controller's content: the vertical axis adjusts.
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: topInset, left: 0, bottom: 0, right: 0))
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -topInset))
    }

    @Test func hidingTheBarRemovesItsInset() throws {
        let (window, clock, navigation, a, _) = setUp()
        defer { withExtendedLifetime(window) {} }
        navigation.isNavigationBarHidden = true
        try clock.advance(by: 0)
        #expect(a.view.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(navigation.navigationBar.isHidden)
    }

    // MARK: The keyboard across a push

    /// A screen with a text field that becomes first responder in viewWillAppear.
    private func fieldScreen(_ name: String, timeline: Timeline, accessory: CGFloat = 0) -> (
        RecordingViewController, UITextField
    ) {
        let screen = RecordingViewController(name, timeline: timeline)
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        field.name = "\(name).field"
        if accessory > 0 { field.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: accessory)) }
        screen.view.addSubview(field)
        screen.onWillAppear = { _ in field.becomeFirstResponder() }
        return (screen, field)
    }

    @Test func aScreenPushedWhileTheKeyboardStaysUpGetsNoNotificationButSeesTheKeyboardState() throws {
        let (window, clock, navigation, a, timeline) = setUp()
        let aField = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        a.view.addSubview(aField)
        aField.becomeFirstResponder()
        try clock.advance(by: 1)
        let recorder = KeyboardRecorder(window, clock)

        let (b, bField) = fieldScreen("b", timeline: timeline)
        var keyboardSeenBySafeAreaChange: (visible: Bool, frame: CGRect)?
        b.onSafeAreaChange = { screen in
            let keyboard = screen.view.window!.keyboard
            keyboardSeenBySafeAreaChange = (keyboard.isVisible, keyboard.frame)
        }
        navigation.pushViewController(b, animated: true)
        try clock.advance(by: 1)
        #expect(recorder.entries.isEmpty) // the keyboard simply stayed
        #expect(window.firstResponder === bField)
        let state = try #require(keyboardSeenBySafeAreaChange)
        #expect(state.visible)
        #expect(state.frame == dockedFrame(height: 260, in: CGSize(width: 375, height: 667)))
    }

    @Test func aKeyboardShownDuringAPushLastsTheTransition() throws {
        let (window, clock, navigation, _, timeline) = setUp()
        let recorder = KeyboardRecorder(window, clock)
        let (b, _) = fieldScreen("b", timeline: timeline)
        navigation.pushViewController(b, animated: true)
        try clock.advance(by: 1)
        // At 0, b's field shows the 260 pt SE keyboard over the push's 0.35 s; did at 0.35.
        let transition = UINavigationController.transitionDuration
        let offscreen = hiddenFrame(height: 260, in: size)
        let docked = dockedFrame(height: 260, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 0, .show, from: offscreen, to: docked, duration: transition).map(\.description))
        #expect(transition > 0.3) // SCVC's mark of a transition

        // A keyboard change outside a transition is back to 0.25 s: at 1, hidden until 1.25.
        recorder.clear()
        window.endEditing(true)
        try clock.advance(by: 1)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 1, .hide, from: docked, to: offscreen).map(\.description))
    }

    @Test func anAccessoryOfADifferentHeightPostsAShowOverTheTransition() throws {
        let (window, clock, navigation, a, timeline) = setUp()
        let aField = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        a.view.addSubview(aField)
        aField.becomeFirstResponder()
        try clock.advance(by: 1)
        let recorder = KeyboardRecorder(window, clock)
        let (b, _) = fieldScreen("b", timeline: timeline, accessory: 44)
        navigation.pushViewController(b, animated: true)
        try clock.advance(by: 1)
        // At 1, with the keyboard up: 260 → 260 + 44 = 304 over the push's 0.35 s; did at 1.35.
        // No hide in between: b's field takes over from a's.
        let transition = UINavigationController.transitionDuration
        let docked = dockedFrame(height: 260, in: size)
        let withAccessory = dockedFrame(height: 260 + 44, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 1, .show, from: docked, to: withAccessory, duration: transition).map(
                    \.description))
    }

    @Test func pushingAScreenWithoutAFieldHidesTheKeyboardOverTheTransition() throws {
        let (window, clock, navigation, a, timeline) = setUp()
        let aField = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        a.view.addSubview(aField)
        aField.becomeFirstResponder()
        try clock.advance(by: 1)
        let recorder = KeyboardRecorder(window, clock)
        navigation.pushViewController(RecordingViewController("b", timeline: timeline), animated: true)
        #expect(window.firstResponder == nil)
        try clock.advance(by: 1)
        // At 1, a's field resigns as the push starts: the keyboard hides over 0.35 s; did at 1.35.
        let transition = UINavigationController.transitionDuration
        let docked = dockedFrame(height: 260, in: size)
        let offscreen = hiddenFrame(height: 260, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 1, .hide, from: docked, to: offscreen, duration: transition).map(\.description))
    }

    /// The iPhone SE window's size in portrait.
    private let size = CGSize(width: 375, height: 667)
}
