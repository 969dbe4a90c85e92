import Foundation
import HostKit
import ScrollingContent
import Testing

/// Dismissing the keyboard by dragging: SCVC's "keyboardDismissMode" enhancement
/// (`alwaysBounceVertical` while the keyboard is up) and the immediate hide of an interactive
/// dismissal.
@Suite("Keyboard dismissal")
@MainActor
struct DismissalTests {
    @Test(
        "an interactive dismissal of resizing content applies the hide at once", arguments: HostKind.allCases,
        phoneScreens)
    func interactiveDismissalAppliesTheHideAtOnce(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        scenario.setShouldResizeContentViewForKeyboard(true)
        scenario.scrollView.keyboardDismissMode = .interactive
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: phone.portraitKeyboardHeight - safe.bottom, right: 0))

        let steps = 3
        try scenario.window.keyboard.simulateInteractiveDismissal(in: scenario.scrollView, steps: steps)
        #expect(scenario.scrollView.isTracking)
        // The finger lifts and the keyboard hides one step interval after the last step.
        try scenario.stage.advance(by: Double(steps + 1) * Keyboard.interactiveDismissalStepInterval)
        #expect(!scenario.window.keyboard.isVisible)
        // Applied at the hide itself, not 0.1 s later: the content follows the finger.
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(form.view.frame.height == size.height - safe.top - safe.bottom)
        do {
            let timeline = scenario.timeline
            #expect(timeline.eventNames.contains("flushed(interactive dismissal)"))
        }
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(!form.password.isFirstResponder)
    }

    @Test(
        "a hide arriving while the user drags is applied at once only for resizing content with a dismiss mode",
        arguments: HostKind.allCases,
        onPhoneScreens([(true, UIScrollView.KeyboardDismissMode.interactive), (false, .interactive), (true, .none)]))
    func hideDuringADrag(kind: HostKind, variant: ((Bool, UIScrollView.KeyboardDismissMode), Phone)) throws {
        let condition = (resize: variant.0.0, mode: variant.0.1)
        let phone = variant.1
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        scenario.setShouldResizeContentViewForKeyboard(condition.resize)
        scenario.scrollView.keyboardDismissMode = condition.mode
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let shown = UIEdgeInsets(
            top: 0, left: 0, bottom: phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom, right: 0)
        #expect(scenario.controller.additionalSafeAreaInsets == shown)

        // The finger is down on the scroll view when the keyboard goes away.
        scenario.scrollView.beginSimulatedDrag()
        #expect(form.password.resignFirstResponder())
        let atOnce = condition.resize && condition.mode != .none
        #expect(scenario.controller.additionalSafeAreaInsets == (atOnce ? .zero : shown))
        scenario.scrollView.endSimulatedDrag()
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    @Test(
        "alwaysBounceVertical is on while the keyboard is up when a dismiss mode is set, and restored after",
        arguments: HostKind.allCases, onPhoneScreens([UIScrollView.KeyboardDismissMode.onDrag, .interactive]))
    func alwaysBounceVerticalFollowsTheKeyboard(kind: HostKind, variant: (UIScrollView.KeyboardDismissMode, Phone))
        throws
    {
        let (mode, phone) = variant
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        scenario.scrollView.keyboardDismissMode = mode
        #expect(!scenario.scrollView.alwaysBounceVertical)
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        // The sign-up form (420 pt) fits either screen's safe area, so without bouncing it could not be dragged and the
        // keyboard could not be dismissed that way.
        #expect(scenario.scrollView.alwaysBounceVertical)
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(!scenario.scrollView.alwaysBounceVertical)
    }

    @Test(
        "without a dismiss mode alwaysBounceVertical is left alone", arguments: HostKind.allCases,
        onPhoneScreens([false, true]))
    func alwaysBounceVerticalUntouchedWithoutDismissMode(kind: HostKind, variant: (Bool, Phone)) throws {
        let (bounces, phone) = variant
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        #expect(scenario.scrollView.keyboardDismissMode == UIScrollView.KeyboardDismissMode.none)
        scenario.scrollView.alwaysBounceVertical = bounces
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.alwaysBounceVertical == bounces)
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.scrollView.alwaysBounceVertical == bounces)
    }

    @Test("a user's own alwaysBounceVertical = true survives the keyboard", arguments: HostKind.allCases, phoneScreens)
    func ownAlwaysBounceVerticalIsRestored(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        scenario.scrollView.keyboardDismissMode = .onDrag
        scenario.scrollView.alwaysBounceVertical = true
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.alwaysBounceVertical)
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.scrollView.alwaysBounceVertical)
    }
}
