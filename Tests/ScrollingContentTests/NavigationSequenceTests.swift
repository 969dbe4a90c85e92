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
        let controller: UIViewController
        let form: SignUpContent
        /// The manager's timeline.
        let timeline: TimelineRecorder
        var root: UIView { controller.view }
        var additional: UIEdgeInsets { controller.additionalSafeAreaInsets }
    }

    /// A screen whose `focus` field becomes first responder in `viewWillAppear`; `accessory`
    /// gives that field an input accessory of that height.
    func makeScreen(_ kind: HostKind, title: String, accessory: CGFloat = 0) -> Screenful {
        let form = SignUpContent()
        let timeline = TimelineRecorder()
        let focus: @MainActor () -> Void = { [weak field = form.email] in _ = field?.becomeFirstResponder() }
        let controller: UIViewController
        switch kind {
        case .subclass:
            let host = SubclassHost(content: form.view, monitors: [timeline])
            host.onWillAppear = focus
            controller = host
        case .manager, .custom:
            let host = ComposedHost(content: form.view, monitors: [timeline])
            host.onWillAppear = focus
            controller = host
        }
        controller.title = title
        if accessory > 0 {
            form.email.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: accessory))
        }
        return Screenful(controller: controller, form: form, timeline: timeline)
    }

    @Test(
        "three pushed screens each focusing a field: each has the keyboard's insets when it appears, without animation",
        arguments: viewControllerHostKinds, phoneScreens)
    func threeScreenSequence(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight
        let accessory: CGFloat = 44
        let a = makeScreen(kind, title: "A")
        let b = makeScreen(kind, title: "B")
        let c = makeScreen(kind, title: "C", accessory: accessory)
        let navigation = UINavigationController(rootViewController: a.controller)
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()

        // A: the first screen's field shows the keyboard with the usual 0.25 s animation,
        // filtered and animated like any keyboard change.
        #expect(a.form.email.isFirstResponder)
        try stage.settle()
        let insets = UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0)
        #expect(a.additional == insets)
        // Under the status bar and the 44 pt navigation bar, above the keyboard.
        #expect(
            a.root.safeAreaInsets
                == UIEdgeInsets(top: safe.top + UINavigationBar.height, left: 0, bottom: keyboard, right: 0))
        #expect(a.form.view.convert(a.form.view.bounds, to: a.root).minY == safe.top + UINavigationBar.height)
        let aRecords = stage.animations(of: a.root, .additionalSafeAreaInsets)
        #expect(aRecords.count == 1)
        #expect(aRecords.first?.animationsEnabled == true)

        // B: pushed while the keyboard stays up at the same height — no keyboard notification
        // at all; B learns the keyboard from the window when its safe area changes.
        let notifications = KeyboardNotificationLog(stage.window.screen)
        navigation.pushViewController(b.controller, animated: true)
        #expect(b.form.email.isFirstResponder)
        #expect(notifications.count == 0)
        // B replays the window's keyboard as its safe area changes, synchronously: right after
        // `pushViewController` returns, with no scheduler turn and no animation (SCVC flushes
        // its filter in viewSafeAreaInsetsDidChange).
        let bAtPush = (additional: b.additional, safeArea: b.root.safeAreaInsets)
        let bRecords = stage.animations(of: b.root, .additionalSafeAreaInsets)
        #expect(bRecords.count == 1)
        #expect(bRecords.allSatisfy { !$0.animationsEnabled })
        #expect(b.timeline.eventNames.contains("keyboardStateReplayed"))
        #expect(b.timeline.keyboardApplications.first?.animation == InsetAnimation.none)
        try stage.advance(by: UINavigationController.transitionDuration)
        let bAtAppear = b.additional
        try stage.settle()
        #expect(bAtPush.additional == insets)
        #expect(
            bAtPush.safeArea
                == UIEdgeInsets(top: safe.top + UINavigationBar.height, left: 0, bottom: keyboard, right: 0))
        #expect(bAtAppear == insets)
        #expect(b.additional == insets)
        #expect(b.form.view.frame.height == size.height - safe.top - UINavigationBar.height - safe.bottom)

        // C: its field carries a 44 pt accessory, so the keyboard grows during the push, in a
        // 0.35 s notification: a navigation transition, applied at once and without animation.
        navigation.pushViewController(c.controller, animated: true)
        #expect(notifications.count > 0)
        let tall = UIEdgeInsets(top: 0, left: 0, bottom: keyboard + accessory - safe.bottom, right: 0)
        #expect(c.additional == tall)
        #expect(c.root.safeAreaInsets.bottom == keyboard + accessory)
        let cRecords = stage.animations(of: c.root, .additionalSafeAreaInsets)
        #expect(!cRecords.isEmpty)
        #expect(cRecords.allSatisfy { !$0.animationsEnabled })
        #expect(c.timeline.eventNames.contains("flushed(navigation transition)"))
        try stage.settle()
        #expect(c.additional == tall)
        #expect(c.form.email.isFirstResponder)
        #expect(c.root.window === stage.window)
        // Only the top screen remains in the window.
        #expect(a.root.window == nil && b.root.window == nil)
        #expect(stage.clock.finish().isClean)
    }

    @Test(
        "popping back re-applies the returning screen's keyboard at once", arguments: viewControllerHostKinds,
        phoneScreens)
    func popBack(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight
        let accessory: CGFloat = 44
        let a = makeScreen(kind, title: "A")
        let b = makeScreen(kind, title: "B", accessory: accessory)
        let navigation = UINavigationController(rootViewController: a.controller)
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        try stage.settle()
        navigation.pushViewController(b.controller, animated: true)
        try stage.settle()
        #expect(b.additional == UIEdgeInsets(top: 0, left: 0, bottom: keyboard + accessory - safe.bottom, right: 0))

        // A focuses its field again in viewWillAppear: the keyboard loses B's accessory over
        // the 0.35 s transition.
        let recordsBefore = stage.animations(of: a.root, .additionalSafeAreaInsets).count
        navigation.popViewController(animated: true)
        #expect(a.form.email.isFirstResponder)
        #expect(a.additional == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0))
        let records = stage.animations(of: a.root, .additionalSafeAreaInsets).dropFirst(recordsBefore)
        #expect(records.allSatisfy { !$0.animationsEnabled })
        try stage.settle()
        #expect(a.additional == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0))
        #expect(a.root.safeAreaInsets.bottom == keyboard)
    }
}
