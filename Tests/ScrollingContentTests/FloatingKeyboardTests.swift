import Foundation
import HostKit
import ScrollingContent
import Testing

/// The iPad's floating keyboard: it covers part of the screen without reaching its bottom
/// edge, so no inset can help. The `.intersection` overlap policy sees that; SCVC's docked
/// model, which trusts only the height, does not.
@Suite("Floating keyboard")
@MainActor
struct FloatingKeyboardTests {
    /// The overlap policies compared.
    enum Overlap: String, CaseIterable, Sendable {
        case docked, intersection
    }

    @Test("undocking on an iPad: no inset under .intersection, the keyboard's height under .docked",
          arguments: HostKind.allCases, Overlap.allCases)
    func floatingKeyboard(kind: HostKind, overlap: Overlap) throws {
        let screen = UIScreen.iPadPro11
        let (scenario, form) = Scenario.signUp(kind, on: screen) { manager in
            switch overlap {
            case .docked: manager.keyboardOverlapPolicy = .docked
            case .intersection: manager.keyboardOverlapPolicy = .intersection
            }
        }
        let safe = screen.portraitSafeAreaInsets
        let size = screen.portraitSize
        let keyboard = screen.portraitKeyboardHeight
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        // Docked, both models agree.
        let docked = UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0)
        #expect(scenario.controller.additionalSafeAreaInsets == docked)

        try scenario.window.keyboard.simulateUndocking()
        try scenario.stage.settle()
        #expect(scenario.window.keyboard.isFloating)
        let floating = Keyboard.floatingKeyboardSize
        let floatingFrame = CGRect(x: (size.width - floating.width) / 2, y: (size.height - floating.height) / 2,
                                   width: floating.width, height: floating.height)
        #expect(scenario.window.keyboard.frame == floatingFrame)
        switch overlap {
        case .intersection:
            // The keyboard floats mid-screen: nothing at the bottom to inset.
            #expect(scenario.controller.additionalSafeAreaInsets == .zero)
            #expect(scenario.scrollView.adjustedContentInset.bottom == safe.bottom)
        case .docked:
            // Only the height is trusted: a 250 pt keyboard docked at the bottom is assumed.
            #expect(scenario.controller.additionalSafeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: floating.height - safe.bottom, right: 0))
        }
        if overlap == .intersection {
            let timeline = scenario.timeline
            // The floating keyboard's frame change was received...
            let notifications = timeline.events.compactMap { event -> KeyboardEvent? in
                if case .keyboardNotification(let note) = event.kind { note } else { nil }
            }
            #expect(notifications.last?.kind == .willChangeFrame)
            #expect(notifications.last?.frameEnd == floatingFrame)
            // ...and the timeline shows the decision: the keyboard covers its floating frame
            // (inside the full-screen host), which reaches no bottom edge: no overlap, no change.
            #expect(timeline.keyboardApplications.last?.keyboardFrame == floatingFrame)
            #expect(timeline.keyboardApplications.last?.hostBottomOverlap == 0)
            #expect(timeline.keyboardApplications.last?.adjustment == InsetAdjustment.none)
        }

        try scenario.window.keyboard.simulateDocking()
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == docked)
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    @Test("with .intersection and content insets, a keyboard floating over the bottom of a short scroll view insets that part",
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
        #expect(scenario.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 0, left: 0, bottom: covered, right: 0))
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
