import Foundation
import HostKit
import ScrollingContent
import Testing

/// The iPad's floating keyboard: it covers part of the screen without reaching its bottom
/// edge, so no inset can help. Both overlap policies see that: `.intersection` measures the
/// floating frame, and `.docked` (SCVC's model) takes a keyboard off the bottom edge to cover
/// nothing, as SCVC does when the undock's `keyboardWillHide` clears its inset.
@Suite("Floating keyboard")
@MainActor
struct FloatingKeyboardTests {
    /// The overlap policies compared.
    enum Overlap: String, CaseIterable, Sendable {
        case docked, intersection
    }

    /// The orientations the iPad is held in (the package's only iPad preset, so its two
    /// geometries).
    enum Orientation: String, CaseIterable, Sendable {
        case portrait, landscape
    }

    // Earlier, the `.docked` case asserted a 250 pt inset for the floating keyboard (its
    // height docked at the bottom) and called it SCVC's model. That was wrong: SCVC clears the
    // inset on the undock's `keyboardWillHide` and ignores the floating frame, so the screen
    // showed an empty band at the bottom.
    @Test(
        "undocking on an iPad leaves no inset under either overlap policy",
        arguments: HostKind.allCases, Overlap.allCases)
    func floatingKeyboard(kind: HostKind, overlap: Overlap) throws {
        for orientation in Orientation.allCases {
            try undockAndDock(kind: kind, overlap: overlap, orientation: orientation)
        }
    }

    private func undockAndDock(kind: HostKind, overlap: Overlap, orientation: Orientation) throws {
        let screen = UIScreen.iPadPro11
        let (scenario, form) = Scenario.signUp(kind, on: screen) { manager in
            switch overlap {
            case .docked: manager.keyboardOverlapPolicy = .docked
            case .intersection: manager.keyboardOverlapPolicy = .intersection
            }
        }
        let safe: UIEdgeInsets
        let size: CGSize
        let keyboard: CGFloat
        switch orientation {
        case .portrait:
            (safe, size, keyboard) = (screen.portraitSafeAreaInsets, screen.portraitSize, screen.portraitKeyboardHeight)
        case .landscape:
            #expect(scenario.window.rotate(to: .landscapeLeft))
            try scenario.stage.settle()
            (safe, size, keyboard) = (
                screen.landscapeSafeAreaInsets,
                CGSize(width: screen.portraitSize.height, height: screen.portraitSize.width),
                screen.landscapeKeyboardHeight
            )
        }
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        // Docked, both models agree: the keyboard's height less the home-indicator area.
        let docked = UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0)
        #expect(scenario.controller.additionalSafeAreaInsets == docked)

        try scenario.window.keyboard.simulateUndocking()
        try scenario.stage.settle()
        #expect(scenario.window.keyboard.isFloating)
        let floating = Keyboard.floatingKeyboardSize
        let floatingFrame = CGRect(
            x: (size.width - floating.width) / 2, y: (size.height - floating.height) / 2,
            width: floating.width, height: floating.height)
        #expect(scenario.window.keyboard.frame == floatingFrame)
        // The keyboard floats mid-screen: nothing at the bottom to inset, no empty band.
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(scenario.scrollView.adjustedContentInset.bottom == safe.bottom)

        let timeline = scenario.timeline
        // The floating keyboard's frame change was received...
        let notifications = timeline.events.compactMap { event -> KeyboardEvent? in
            if case .keyboardNotification(let note) = event.kind { note } else { nil }
        }
        #expect(notifications.last?.kind == .willChangeFrame)
        #expect(notifications.last?.frameEnd == floatingFrame)
        // ...and the timeline shows the decision: no overlap with the host's bottom edge.
        #expect(timeline.keyboardApplications.last?.hostBottomOverlap == 0)
        switch overlap {
        case .intersection:
            // The keyboard covers its floating frame, which reaches no bottom edge.
            #expect(timeline.keyboardApplications.last?.keyboardFrame == floatingFrame)
        case .docked:
            // Off the bottom edge, the docked model sees no keyboard at all.
            #expect(timeline.keyboardApplications.last?.keyboardFrame == nil)
        }

        try scenario.window.keyboard.simulateDocking()
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == docked)
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    @Test(
        "with .intersection and content insets, a keyboard floating over the bottom of a short scroll view insets that part",
        arguments: [HostKind.manager, .custom])
    func intersectionWithAShortScrollView(kind: HostKind) throws {
        // The scroll view stops 300 pt above the screen's bottom (a sheet-like layout).
        let screen = UIScreen.iPadPro11
        let form = SignUpContent()
        let gapBelow: CGFloat = 300
        let setUp = pinnedAboveGap(form.view, gapBelow: gapBelow)
        let scenario = Scenario(kind, on: screen, content: form.view, setUp: setUp) {
            $0.keyboardOverlapPolicy = .intersection
            $0.insetAdjustmentPolicy = .contentInset
        }
        let size = screen.portraitSize
        let scrollBottom = size.height - gapBelow
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        // Docked (313 pt), the keyboard reaches 13 pt above the scroll view's bottom edge.
        let dockedOverlap = screen.portraitKeyboardHeight - gapBelow
        #expect(scenario.scrollView.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: dockedOverlap, right: 0))
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)

        // The user drags the floating keyboard low, across the scroll view's bottom edge: its
        // top edge 100 pt above it.
        let covered: CGFloat = 100
        let floating = Keyboard.floatingKeyboardSize
        let frame = CGRect(x: 100, y: scrollBottom - covered, width: floating.width, height: floating.height)
        try scenario.window.keyboard.simulateUndocking(to: frame)
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: covered, right: 0))
        #expect(
            scenario.scrollView.verticalScrollIndicatorInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: covered, right: 0))
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        let application = try #require(scenario.timeline.keyboardApplications.last)
        // It does not reach the root view's bottom edge (the screen's).
        #expect(application.hostBottomOverlap == 0)
        #expect(application.scrollViewBottomOverlap == covered)

        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentInset == .zero)
        #expect(scenario.scrollView.verticalScrollIndicatorInsets == .zero)
    }
}
