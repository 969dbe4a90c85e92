import Foundation
import HostKit
import ScrollingContent
import Testing

/// The keyboard's overlap turned into `additionalSafeAreaInsets.bottom`, with the content's
/// size kept or shrunk, and everything restored when it hides (SCVC's "Additional Safe Area
/// Insets", `shouldResizeContentViewForKeyboard`, "Arbitrary Scroll UIView Sizes").
@Suite("Keyboard insets")
@MainActor
struct KeyboardInsetTests {
    @Test("the content keeps its size; the safe area ends at the keyboard", arguments: HostKind.allCases, phoneScreens)
    func keyboardKeepsTheContentSize(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight
        let safeHeight = size.height - safe.top - safe.bottom

        #expect(form.password.becomeFirstResponder())
        try scenario.stage.advance(by: Stage.insideFilterWindow)
        // The filter holds the change for 0.1 s.
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)

        try scenario.stage.settle()
        // The home indicator's inset is already part of the safe area: only the rest is added.
        let expectedBottom = keyboard - safe.bottom
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: expectedBottom, right: 0))
        #expect(scenario.root.safeAreaInsets == UIEdgeInsets(top: safe.top, left: 0, bottom: keyboard, right: 0))
        #expect(
            scenario.scrollView.adjustedContentInset == UIEdgeInsets(top: safe.top, left: 0, bottom: keyboard, right: 0)
        )
        #expect(scenario.frameInRoot(form.view) == CGRect(x: 0, y: safe.top, width: size.width, height: safeHeight))
        #expect(scenario.scrollView.contentSize.height == safeHeight)
        // Everything can be scrolled above the keyboard: the legal range now reaches the
        // content's bottom edge.
        #expect(scenario.scrollView.maximumContentOffset.y == safeHeight + keyboard - size.height)
        #expect(scenario.isFullyVisible(form.password))
        #expect(scenario.offsetIsLegal)
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)
    }

    @Test(
        "with shouldResizeContentViewForKeyboard the content shrinks to the visible area, as far as its chain allows",
        arguments: HostKind.allCases, phoneScreens)
    func keyboardResizesTheContent(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        scenario.setShouldResizeContentViewForKeyboard(true)
        #expect(scenario.manager.keyboardResizePolicy is ResizeContent)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight

        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let visibleHeight = size.height - safe.top - keyboard
        // The form's chain needs 420 pt (SE: 667 − 20 − 260 = 387 is less; X: 812 − 44 − 336 = 432 is more).
        let expectedHeight = max(SignUpContent.height, visibleHeight)
        #expect(form.view.frame.height == expectedHeight)
        #expect(scenario.scrollView.contentSize.height == expectedHeight)
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0))
        #expect(scenario.isFullyVisible(form.password))

        #expect(form.password.resignFirstResponder())
        try scenario.stage.settle()
        #expect(form.view.frame.height == size.height - safe.top - safe.bottom)
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    @Test(
        "a host with additional insets (top 64, bottom 49) gets them back, never less",
        arguments: HostKind.allCases, phoneScreens)
    func hostWithAdditionalInsets(kind: HostKind, phone: Phone) throws {
        for resize in [false, true] { try hostWithAdditionalInsets(kind: kind, phone: phone, resize: resize) }
    }

    private func hostWithAdditionalInsets(kind: HostKind, phone: Phone, resize: Bool) throws {
        let form = SignUpContent()
        let scenario = Scenario(kind, on: phone, content: form.view, present: false)
        // A custom tool palette on top and a tab bar at the bottom, say.
        let original = UIEdgeInsets(top: 64, left: 0, bottom: 49, right: 0)
        scenario.controller.additionalSafeAreaInsets = original
        scenario.setShouldResizeContentViewForKeyboard(resize)
        scenario.present()
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight
        let keptHeight = size.height - (safe.top + original.top) - (safe.bottom + original.bottom)
        #expect(
            scenario.frameInRoot(form.view)
                == CGRect(
                    x: 0, y: safe.top + original.top, width: size.width,
                    height: keptHeight))

        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        // The safe area ends at the keyboard's top: window inset + additional = keyboard.
        let expectedBottom = keyboard - safe.bottom
        #expect(expectedBottom > original.bottom)
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: original.top, left: 0, bottom: expectedBottom, right: 0))
        #expect(scenario.root.safeAreaInsets.bottom == keyboard)
        let visibleHeight = size.height - (safe.top + original.top) - keyboard
        let expectedHeight = resize ? max(SignUpContent.height, visibleHeight) : keptHeight
        #expect(form.view.frame.height == expectedHeight)

        #expect(form.email.resignFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == original)
        #expect(form.view.frame.height == keptHeight)
    }

    @Test(
        "a shortcut bar shorter than the host's own bottom inset never lowers it", arguments: HostKind.allCases,
        phoneScreens)
    func insetsNeverGoBelowTheOriginal(kind: HostKind, phone: Phone) throws {
        let form = SignUpContent()
        let scenario = Scenario(kind, on: phone, content: form.view, present: false)
        let original = UIEdgeInsets(top: 0, left: 0, bottom: 49, right: 0)
        scenario.controller.additionalSafeAreaInsets = original
        scenario.present()
        let safe = phone.portraitSafeAreaInsets
        try scenario.window.keyboard.simulateHardwareKeyboardConnected()
        let bar = phone.shortcutBarHeight

        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        // SE: 55 − 0 = 55 > 49, raised to the bar. X: 55 − 34 = 21 < 49, the original stays.
        let expectedBottom = max(original.bottom, bar - safe.bottom)
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: expectedBottom, right: 0))
        #expect(scenario.controller.additionalSafeAreaInsets.bottom >= original.bottom)

        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == original)
    }

    @Test(
        "a scroll view that stops 200 pt above the bottom is only partly covered", arguments: HostKind.allCases,
        phoneScreens)
    func partiallyCoveredScrollView(kind: HostKind, phone: Phone) throws {
        for resize in [false, true] { try partiallyCoveredScrollView(kind: kind, phone: phone, resize: resize) }
    }

    private func partiallyCoveredScrollView(kind: HostKind, phone: Phone, resize: Bool) throws {
        let form = SignUpContent()
        let gapBelow: CGFloat = 200
        let setUp = pinnedAboveGap(form.view, gapBelow: gapBelow)
        let scenario = Scenario(kind, on: phone, content: form.view, setUp: setUp)
        scenario.setShouldResizeContentViewForKeyboard(resize)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight
        let scrollHeight = size.height - gapBelow - safe.top
        #expect(
            scenario.frameInRoot(scenario.scrollView)
                == CGRect(x: 0, y: safe.top, width: size.width, height: scrollHeight))
        // The home indicator (X: 34 pt) does not reach a scroll view that stops 200 pt higher.
        #expect(scenario.scrollView.adjustedContentInset == .zero)
        #expect(form.view.frame.height == scrollHeight)

        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let overlap = keyboard - gapBelow
        #expect(overlap > 0 && overlap < scrollHeight)
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0))
        #expect(scenario.scrollView.adjustedContentInset == UIEdgeInsets(top: 0, left: 0, bottom: overlap, right: 0))
        let expectedHeight = resize ? max(SignUpContent.height, scrollHeight - overlap) : scrollHeight
        #expect(form.view.frame.height == expectedHeight)
        #expect(scenario.isFullyVisible(form.password))

        #expect(form.password.resignFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(scenario.scrollView.adjustedContentInset == .zero)
        #expect(form.view.frame.height == scrollHeight)
    }

    @Test("hiding the keyboard clamps the offset back into the legal range", arguments: HostKind.allCases, phoneScreens)
    func hideClampsTheOffset(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(1900), .field, .block(66)])
        let chain: CGFloat = 2000
        let scenario = Scenario(kind, on: phone, content: column.view)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight
        let field = try column.field(1)

        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        // The field's bottom edge (1900 + 34) just above the keyboard: the least scroll.
        let fieldBottom = column.top(of: 1) + UITextField.intrinsicHeight
        let shown = CGPoint(x: 0, y: fieldBottom + keyboard - size.height)
        #expect(scenario.scrollView.contentOffset == shown)
        #expect(scenario.isFullyVisible(field))

        #expect(field.resignFirstResponder())
        try scenario.stage.settle()
        let maximum = chain + safe.bottom - size.height
        #expect(shown.y > maximum)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: maximum))
        #expect(scenario.offsetIsLegal)
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }
}
