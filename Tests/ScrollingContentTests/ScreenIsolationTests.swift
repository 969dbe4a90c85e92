import Foundation
import HostKit
import ScrollingContent
import Testing

/// Keyboard notifications are posted on `NotificationCenter.default` with the screen as the
/// object: a manager acts on its own window's screen's keyboard only, so windows on two screens
/// (an external display, two devices in one test process) never hear each other's keyboards.
@Suite("Screen isolation")
@MainActor
struct ScreenIsolationTests {
    /// Which window is made first (the order the managers start observing in).
    enum CreationOrder: String, CaseIterable, Sendable {
        case aFirst, bFirst
    }

    /// The phones of window A and window B: two screens of one model (nothing but the screen
    /// tells their notifications apart), or of two models.
    static let phonePairs: [(Phone, Phone)] = [(.iPhoneSE, .iPhoneSE), (.iPhoneSE, .iPhoneX)]

    @Test(
        "a field focused in one window changes nothing in another window's manager, on another screen",
        arguments: HostKind.allCases, CreationOrder.allCases)
    func windowsOnTwoScreensDoNotHearEachOther(kind: HostKind, order: CreationOrder) throws {
        for (phoneA, phoneB) in Self.phonePairs {
            try windowsOnTwoScreensDoNotHearEachOther(kind: kind, order: order, phoneA: phoneA, phoneB: phoneB)
        }
    }

    private func windowsOnTwoScreensDoNotHearEachOther(
        kind: HostKind, order: CreationOrder, phoneA: Phone,
        phoneB: Phone
    ) throws {
        let a: (scenario: Scenario, form: SignUpContent)
        let b: (scenario: Scenario, form: SignUpContent)
        switch order {
        case .aFirst:
            a = Scenario.signUp(kind, on: phoneA)
            b = Scenario.signUp(kind, on: phoneB)
        case .bFirst:
            b = Scenario.signUp(kind, on: phoneB)
            a = Scenario.signUp(kind, on: phoneA)
        }
        #expect(a.scenario.window.screen !== b.scenario.window.screen)
        let notificationsOfA = KeyboardNotificationLog(a.scenario.window.screen)
        let notificationsOfB = KeyboardNotificationLog(b.scenario.window.screen)

        // A's field takes A's keyboard: A's manager applies it; B's manager hears nothing.
        let bBefore = Snapshot(b.scenario)
        b.scenario.timeline.removeAll()
        #expect(a.form.password.becomeFirstResponder())
        try a.scenario.stage.settle()
        try b.scenario.stage.settle()
        let keyboardA = phoneA.portraitKeyboardHeight
        #expect(
            a.scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboardA - phoneA.portraitSafeAreaInsets.bottom, right: 0))
        #expect(a.scenario.isFullyVisible(a.form.password))
        #expect(notificationsOfA.count > 0)
        #expect(notificationsOfB.count == 0)
        #expect(!b.scenario.window.keyboard.isVisible)
        #expect(Snapshot(b.scenario) == bBefore)
        #expect(b.scenario.timeline.events.isEmpty)
        #expect(b.scenario.stage.log.messages(atLeast: .warning).isEmpty)

        // B's field takes B's keyboard while A's is up: A keeps its own, B gets its own.
        let aBefore = Snapshot(a.scenario)
        a.scenario.timeline.removeAll()
        let notificationsOfABefore = notificationsOfA.count
        #expect(b.form.email.becomeFirstResponder())
        try b.scenario.stage.settle()
        try a.scenario.stage.settle()
        let keyboardB = phoneB.portraitKeyboardHeight
        #expect(
            b.scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboardB - phoneB.portraitSafeAreaInsets.bottom, right: 0))
        #expect(notificationsOfA.count == notificationsOfABefore)
        #expect(notificationsOfB.count > 0)
        #expect(Snapshot(a.scenario) == aBefore)
        #expect(a.scenario.timeline.events.isEmpty)

        // A's keyboard goes away: B's stays applied.
        let bWithKeyboard = Snapshot(b.scenario)
        b.scenario.timeline.removeAll()
        a.form.view.endEditing(true)
        try a.scenario.stage.settle()
        try b.scenario.stage.settle()
        #expect(a.scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(Snapshot(b.scenario) == bWithKeyboard)
        #expect(b.scenario.timeline.events.isEmpty)
        #expect(a.scenario.stage.log.messages(atLeast: .warning).isEmpty)
        #expect(b.scenario.stage.log.messages(atLeast: .warning).isEmpty)
        #expect(a.scenario.stage.clock.finish().isClean)
        #expect(b.scenario.stage.clock.finish().isClean)
    }

    /// What a user sees of a scenario's scrolling content.
    struct Snapshot: Equatable {
        var additionalSafeAreaInsets: UIEdgeInsets
        var rootSafeAreaInsets: UIEdgeInsets
        var adjustedContentInset: UIEdgeInsets
        var contentOffset: CGPoint
        var contentSize: CGSize
        var contentFrame: CGRect

        @MainActor
        init(_ scenario: Scenario) {
            additionalSafeAreaInsets = scenario.controller.additionalSafeAreaInsets
            rootSafeAreaInsets = scenario.root.safeAreaInsets
            adjustedContentInset = scenario.scrollView.adjustedContentInset
            contentOffset = scenario.scrollView.contentOffset
            contentSize = scenario.scrollView.contentSize
            contentFrame = scenario.manager.contentView.map { scenario.frameInWindow($0) } ?? .null
        }
    }
}
