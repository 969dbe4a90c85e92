import Foundation
import HostKit
import ScrollingContent
import Testing

/// What stays the app's while the keyboard is up: every inset but the bottom, a bottom the app
/// sets itself, `alwaysBounceVertical` without a dismiss mode, and
/// `contentInsetAdjustmentBehavior` (SCVC's `AdditionalSafeAreaInsetsController` writes
/// `additionalSafeAreaInsets.bottom` alone, and its `ScrollViewBounceController` touches bounce
/// only with a `keyboardDismissMode`).
@Suite("What the app owns")
@MainActor
struct AppOwnedPropertyTests {
    @Test(
        "the app's top, left and right additional insets set while the keyboard is up survive it and its hide",
        arguments: HostKind.allCases, phoneScreens)
    func theAppsOtherInsetsSurviveTheKeyboard(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        let keyboardBottom = keyboard - safe.bottom
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboardBottom, right: 0))

        // A tool palette appears on top, and a side margin, while the keyboard is up.
        scenario.controller.additionalSafeAreaInsets.top = 64
        scenario.controller.additionalSafeAreaInsets.left = 8
        scenario.controller.additionalSafeAreaInsets.right = 8
        try scenario.stage.settle()
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 64, left: 8, bottom: keyboardBottom, right: 8))
        // Focus moves to the next field: the keyboard is announced again, and only the bottom
        // is the manager's to write.
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 64, left: 8, bottom: keyboardBottom, right: 8))
        #expect(scenario.root.safeAreaInsets.top == safe.top + 64)

        #expect(form.password.resignFirstResponder())
        try scenario.stage.settle()
        // The bottom goes back to the app's 0; the rest stays as the app set it.
        #expect(scenario.controller.additionalSafeAreaInsets == UIEdgeInsets(top: 64, left: 8, bottom: 0, right: 8))
    }

    @Test(
        "a bottom inset the app sets while the keyboard is up is not rewritten, and is the one restored",
        arguments: HostKind.allCases, phoneScreens)
    func theAppsBottomSetDuringTheKeyboardIsKept(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets.bottom == keyboard - safe.bottom)

        // The app shows a 49 pt bar at the bottom while the keyboard is up.
        let before = scenario.timeline.events.count
        scenario.controller.additionalSafeAreaInsets.bottom = 49
        try scenario.stage.settle()
        // Its safe-area change replays nothing, applies nothing: the keyboard did not move.
        #expect(scenario.controller.additionalSafeAreaInsets.bottom == 49)
        let after = scenario.timeline.events.dropFirst(before).map(\.kind)
        #expect(!after.contains { if case .keyboardStateReplayed = $0 { true } else { false } })
        #expect(!after.contains { if case .keyboardApplied = $0 { true } else { false } })

        // The keyboard changes height (the QuickType bar goes): the app's 49 is the base the
        // keyboard adds to. The safe area without the keyboard is the home indicator plus 49.
        let shorter = keyboard - 44
        try scenario.window.keyboard.show(height: shorter)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets.bottom == 49 + (shorter - (safe.bottom + 49)))
        #expect(scenario.root.safeAreaInsets.bottom == shorter)

        // On the hide, the app's latest bottom comes back, not the 0 it had before the keyboard.
        #expect(form.email.resignFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 49, right: 0))
    }

    @Test(
        "with the content-inset policy, the app's content and indicator insets other than the bottom survive",
        arguments: [HostKind.manager, .custom], phoneScreens)
    func theAppsContentInsetsSurviveTheKeyboard(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.insetAdjustmentPolicy = .contentInset }
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        let extra = keyboard - safe.bottom
        #expect(scenario.scrollView.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: extra, right: 0))

        scenario.scrollView.contentInset.top = 20
        scenario.scrollView.verticalScrollIndicatorInsets.top = 20
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentInset == UIEdgeInsets(top: 20, left: 0, bottom: extra, right: 0))

        #expect(form.password.resignFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentInset == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(
            scenario.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    }

    // MARK: alwaysBounceVertical

    @Test(
        "without a dismiss mode, alwaysBounceVertical is never touched: the app's change during the keyboard stays",
        arguments: HostKind.allCases, phoneScreens)
    func bounceIsUntouchedWithoutADismissMode(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        #expect(scenario.scrollView.keyboardDismissMode == .none)
        #expect(!scenario.scrollView.alwaysBounceVertical)
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(!scenario.scrollView.alwaysBounceVertical)
        scenario.scrollView.alwaysBounceVertical = true
        #expect(form.email.resignFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.alwaysBounceVertical)
    }

    @Test(
        "with a dismiss mode, bounce is forced on while the keyboard is presented and the app's value comes back",
        arguments: HostKind.allCases, phoneScreens)
    func bounceIsForcedAndRestoredWithADismissMode(kind: HostKind, phone: Phone) throws {
        for appValue in [false, true] {
            let (scenario, form) = Scenario.signUp(kind, on: phone)
            scenario.scrollView.keyboardDismissMode = .interactive
            scenario.scrollView.alwaysBounceVertical = appValue
            #expect(form.email.becomeFirstResponder())
            try scenario.stage.settle()
            // The short form would not scroll: bounce lets the finger drag the keyboard away.
            #expect(scenario.scrollView.alwaysBounceVertical)
            #expect(form.email.resignFirstResponder())
            try scenario.stage.settle()
            #expect(scenario.scrollView.alwaysBounceVertical == appValue)
        }
    }

    @Test(
        "with a dismiss mode, bounce the app turns off while the keyboard is up stays off",
        arguments: HostKind.allCases, phoneScreens)
    func bounceTurnedOffByTheAppStaysOff(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        scenario.scrollView.keyboardDismissMode = .onDrag
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.alwaysBounceVertical)
        scenario.scrollView.alwaysBounceVertical = false
        // Another field: the keyboard is announced again, and the app's value is left alone.
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(!scenario.scrollView.alwaysBounceVertical)
        #expect(form.password.resignFirstResponder())
        try scenario.stage.settle()
        #expect(!scenario.scrollView.alwaysBounceVertical)
    }

    // MARK: A keyboard that is not presented

    @Test(
        "a keyboard no taller than the home-indicator area is not presented: no inset, no held height, no bounce",
        arguments: HostKind.allCases)
    func aKeyboardInsideTheHomeIndicatorAreaIsNotPresented(kind: HostKind) throws {
        // iPhone X: the home-indicator area is 34 pt. A 30 pt and a 34 pt bar cover only it; on
        // an iPhone SE (no home indicator) the same bars are presented.
        for phone in phoneScreens {
            for height: CGFloat in [30, 34] {
                let (scenario, _) = Scenario.signUp(kind, on: phone)
                scenario.scrollView.keyboardDismissMode = .interactive
                try scenario.window.keyboard.show(height: height)
                try scenario.stage.settle()
                let application = try #require(scenario.timeline.keyboardApplications.last)
                let safeBottom = phone.portraitSafeAreaInsets.bottom
                let presented = height > safeBottom
                #expect(application.hostBottomOverlap == height)
                #expect(scenario.controller.additionalSafeAreaInsets.bottom == max(0, height - safeBottom))
                #expect((application.minimumContentHeight != nil) == presented)
                #expect(scenario.scrollView.alwaysBounceVertical == presented)
            }
        }
    }

    // MARK: contentInsetAdjustmentBehavior

    @Test(
        "contentInsetAdjustmentBehavior is set once when the scroll view is made: the app's value survives reassignment",
        arguments: HostKind.allCases, phoneScreens)
    func insetAdjustmentBehaviorSurvivesReassignment(kind: HostKind, phone: Phone) throws {
        let (scenario, _) = Scenario.signUp(kind, on: phone)
        #expect(scenario.scrollView.contentInsetAdjustmentBehavior == .always)
        scenario.scrollView.contentInsetAdjustmentBehavior = .never
        let replacement = SignUpContent()
        scenario.assignContentView(replacement.view)
        try scenario.stage.settle()
        #expect(replacement.view.superview === scenario.scrollView)
        #expect(scenario.scrollView.contentInsetAdjustmentBehavior == .never)
        // `.never`: the scroll view adds no safe area, so the content starts under the status bar.
        #expect(scenario.scrollView.adjustedContentInset == .zero)
    }
}
