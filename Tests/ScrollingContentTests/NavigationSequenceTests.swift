import Foundation
import HostKit
import ScrollingContent
import Testing

/// SCVC's "Navigation Controllers": a sequence of pushed screens, each making a text field
/// first responder in `viewWillAppear`, so the keyboard stays up across the transitions.
@Suite("Navigation sequence")
@MainActor
struct NavigationSequenceTests {
    /// One screen of the sequence: a sign-up form on a host of the given kind, focusing a field
    /// in `viewWillAppear`.
    @MainActor
    struct Screenful {
        let controller: ViewController
        let form: SignUpContent
        /// The manager's timeline (empty on the subclass path).
        let timeline: TimelineRecorder
        var root: View { controller.view }
        var additional: EdgeInsets { controller.additionalSafeAreaInsets }
    }

    /// A screen whose `focus` field becomes first responder in `viewWillAppear`; `accessory`
    /// gives that field an input accessory of that height.
    func makeScreen(_ kind: HostKind, title: String, accessory: CGFloat = 0) -> Screenful {
        let form = SignUpContent()
        let timeline = TimelineRecorder()
        let focus: @MainActor () -> Void = { [weak field = form.email] in _ = field?.becomeFirstResponder() }
        let controller: ViewController
        switch kind {
        case .subclass:
            let host = SubclassHost(content: form.view)
            host.onWillAppear = focus
            controller = host
        case .manager, .custom:
            let host = ComposedHost(content: form.view, monitors: [timeline])
            host.onWillAppear = focus
            controller = host
        }
        controller.title = title
        if accessory > 0 {
            form.email.inputAccessoryView = View(frame: CGRect(x: 0, y: 0, width: 1, height: accessory))
        }
        return Screenful(controller: controller, form: form, timeline: timeline)
    }

    @Test("three pushed screens each focusing a field: each has the keyboard's insets when it appears, without animation",
          arguments: viewControllerHostKinds, phoneScreens)
    func threeScreenSequence(kind: HostKind, screen: Screen) throws {
        let stage = Stage(screen)
        let safe = screen.portraitSafeAreaInsets
        let size = screen.portraitSize
        let keyboard = screen.portraitKeyboardHeight
        let accessory: CGFloat = 44
        let a = makeScreen(kind, title: "A")
        let b = makeScreen(kind, title: "B")
        let c = makeScreen(kind, title: "C", accessory: accessory)
        let navigation = NavigationController(rootViewController: a.controller)
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()

        // A: the first screen's field shows the keyboard with the usual 0.25 s animation,
        // filtered and animated like any keyboard change.
        #expect(a.form.email.isFirstResponder)
        try stage.settle()
        let insets = EdgeInsets(bottom: keyboard - safe.bottom)
        #expect(a.additional == insets)
        // Under the status bar and the 44 pt navigation bar, above the keyboard.
        #expect(a.root.safeAreaInsets == EdgeInsets(top: safe.top + NavigationBar.height, bottom: keyboard))
        #expect(a.form.view.convert(a.form.view.bounds, to: a.root).minY == safe.top + NavigationBar.height)
        let aRecords = stage.animations(of: a.root, .additionalSafeAreaInsets)
        #expect(aRecords.count == 1)
        #expect(aRecords.first?.animationsEnabled == true)

        // B: pushed while the keyboard stays up at the same height — no keyboard notification
        // at all; B learns the keyboard from the window when its safe area changes.
        var notifications = 0
        stage.window.notificationCenter.addObserver { _ in notifications += 1 }
        navigation.pushViewController(b.controller, animated: true)
        #expect(b.form.email.isFirstResponder)
        #expect(notifications == 0)
        // The replay waits for the scheduler's next turn (at the same virtual time, long before
        // the 0.35 s push ends), so every notification of the turn has been delivered first.
        try stage.advance(by: 0)
        let bAtPush = (additional: b.additional, safeArea: b.root.safeAreaInsets)
        let bRecords = stage.animations(of: b.root, .additionalSafeAreaInsets)
        #expect(bRecords.count == 1)
        #expect(bRecords.allSatisfy { !$0.animationsEnabled })
        if kind == .manager {
            #expect(b.timeline.eventNames.contains("keyboardStateReplayed"))
            #expect(b.timeline.keyboardApplications.first?.animation == InsetAnimation.none)
        }
        try stage.advance(by: NavigationController.transitionDuration)
        let bAtAppear = b.additional
        try stage.settle()
        #expect(bAtPush.additional == insets)
        #expect(bAtPush.safeArea == EdgeInsets(top: safe.top + NavigationBar.height, bottom: keyboard))
        #expect(bAtAppear == insets)
        #expect(b.additional == insets)
        #expect(b.form.view.frame.height == size.height - safe.top - NavigationBar.height - safe.bottom)

        // C: its field carries a 44 pt accessory, so the keyboard grows during the push, in a
        // 0.35 s notification: a navigation transition, applied at once and without animation.
        navigation.pushViewController(c.controller, animated: true)
        #expect(notifications > 0)
        let tall = EdgeInsets(bottom: keyboard + accessory - safe.bottom)
        #expect(c.additional == tall)
        #expect(c.root.safeAreaInsets.bottom == keyboard + accessory)
        let cRecords = stage.animations(of: c.root, .additionalSafeAreaInsets)
        #expect(!cRecords.isEmpty)
        #expect(cRecords.allSatisfy { !$0.animationsEnabled })
        if kind == .manager {
            #expect(c.timeline.eventNames.contains("flushed(navigation transition)"))
        }
        try stage.settle()
        #expect(c.additional == tall)
        #expect(c.form.email.isFirstResponder)
        #expect(c.root.window === stage.window)
        // Only the top screen remains in the window.
        #expect(a.root.window == nil && b.root.window == nil)
        #expect(stage.clock.finish().isClean)
    }

    @Test("popping back re-applies the returning screen's keyboard at once", arguments: viewControllerHostKinds, phoneScreens)
    func popBack(kind: HostKind, screen: Screen) throws {
        let stage = Stage(screen)
        let safe = screen.portraitSafeAreaInsets
        let keyboard = screen.portraitKeyboardHeight
        let accessory: CGFloat = 44
        let a = makeScreen(kind, title: "A")
        let b = makeScreen(kind, title: "B", accessory: accessory)
        let navigation = NavigationController(rootViewController: a.controller)
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        try stage.settle()
        navigation.pushViewController(b.controller, animated: true)
        try stage.settle()
        #expect(b.additional == EdgeInsets(bottom: keyboard + accessory - safe.bottom))

        // A focuses its field again in viewWillAppear: the keyboard loses B's accessory over
        // the 0.35 s transition.
        let recordsBefore = stage.animations(of: a.root, .additionalSafeAreaInsets).count
        navigation.popViewController(animated: true)
        #expect(a.form.email.isFirstResponder)
        #expect(a.additional == EdgeInsets(bottom: keyboard - safe.bottom))
        let records = stage.animations(of: a.root, .additionalSafeAreaInsets).dropFirst(recordsBefore)
        #expect(records.allSatisfy { !$0.animationsEnabled })
        try stage.settle()
        #expect(a.additional == EdgeInsets(bottom: keyboard - safe.bottom))
        #expect(a.root.safeAreaInsets.bottom == keyboard)
    }
}
