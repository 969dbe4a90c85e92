// The Swift code blocks of ScrollingPlugins' documentation (Sources/Plugins/ScrollingPlugins.docc),
// verbatim, with tests of what they promise. `DocumentationSnippetTests` checks that every block
// of the catalogs appears in a test file. They live here, beside the
// examples, because installing a policy needs a manager (ScrollingContent).
import Foundation
import HostKit
import ScrollingContent
import Testing

// MARK: Writing a policy

/// SCVC's additional-safe-area approach, plus a gap between the content and the keyboard.
struct GapAboveKeyboard: InsetAdjustmentPolicy {
    var gap: CGFloat

    func adjustment(for context: InsetAdjustmentContext) -> InsetAdjustment {
        var insets = context.originalAdditionalSafeAreaInsets
        if context.hostBottomOverlap > 0 {
            let covered = context.hostBottomOverlap + gap - context.hostBaseSafeAreaBottom
            insets.bottom += max(0, covered)
        }
        return InsetAdjustment(additionalSafeAreaInsets: insets)
    }
}

struct LocalKeyboardOnly: KeyboardOverlapPolicy {
    var base: any KeyboardOverlapPolicy = .docked

    func keyboardFrame(in context: KeyboardOverlapContext) -> CGRect? {
        context.event.isLocal ? base.keyboardFrame(in: context) : nil
    }
}

extension InsetAdjustmentPolicy where Self == GapAboveKeyboard {
    /// SCVC's adjustment, with `gap` points between the content and the keyboard.
    static func gapAboveKeyboard(_ gap: CGFloat) -> Self { GapAboveKeyboard(gap: gap) }
}

@Test func gapAboveTheKeyboard() {
    // iPhone X in portrait: a 336 pt keyboard over a 34 pt home-indicator inset.
    let context = InsetAdjustmentContext(
        hostBottomOverlap: 336, scrollViewBottomOverlap: 336,
        hostBaseSafeAreaBottom: 34, scrollViewBaseSafeAreaBottom: 34)
    let adjustment = GapAboveKeyboard(gap: 8).adjustment(for: context)
    // Up to 8 pt above the keyboard's top, less the inset the safe area already has.
    let expected: CGFloat = 336 + 8 - 34
    #expect(adjustment.additionalSafeAreaInsets?.bottom == expected)
}

@MainActor
@Suite("Documentation snippets: ScrollingPlugins")
struct ScrollingPluginsDocumentationSnippets {
    /// The README's sign-up screen (`ReadmeSnippetTests.swift`) on an iPhone SE, shown. Keep the
    /// window: a view does not keep its window alive.
    private func signUpScreen() -> (SignUpViewController, UIWindow, ManualScheduler) {
        let scheduler = ManualScheduler()
        let window = UIWindow(screen: .iPhoneSE, scheduler: scheduler)
        let screen = SignUpViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        return (screen, window, scheduler)
    }

    @Test func landingPageConfiguration() throws {
        let (screen, window, scheduler) = signUpScreen()
        let manager = screen.manager
        manager.keyboardOverlapPolicy = .intersection // the real frame, view by view
        manager.insetAdjustmentPolicy = .contentInset // Apple's classic approach
        manager.keyboardEventFilter = .temporal(window: 0.15)

        _ = screen.password.becomeFirstResponder()
        // The show is held for the 0.15 s window: nothing has changed just before it ends.
        try scheduler.advance(by: 0.14)
        #expect(screen.scrollView.contentInset == .zero)
        // Then the keyboard's 260 pt (iPhone SE, portrait; no bottom safe area) go into the
        // content inset, and the host's safe area is left alone.
        try scheduler.advance(by: 0.01)
        let keyboard = UIScreen.iPhoneSE.portraitKeyboardHeight
        #expect(screen.scrollView.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: keyboard, right: 0))
        #expect(screen.additionalSafeAreaInsets == .zero)
        #expect(window.keyboard.isVisible)
    }

    @Test func installingTheGapPolicy() throws {
        let (screen, window, scheduler) = signUpScreen()
        let manager = screen.manager
        manager.insetAdjustmentPolicy = .gapAboveKeyboard(8)
        manager.keyboardOverlapPolicy = LocalKeyboardOnly(base: .intersection)

        _ = screen.password.becomeFirstResponder()
        try scheduler.advance(by: 0.6) // the 0.1 s filter, then the 0.5 s animation
        // The docked keyboard is this app's, so the intersection model measures it: 260 pt
        // from the bottom of the iPhone SE's 667 pt screen, which has no bottom safe area.
        let keyboard = UIScreen.iPhoneSE.portraitKeyboardHeight
        #expect(screen.additionalSafeAreaInsets.bottom == keyboard + 8)
        // The field ends at least 8 pt above the keyboard.
        #expect(screen.password.convert(screen.password.bounds, to: window).maxY <= 667 - keyboard - 8)
    }

    @Test func anotherAppsKeyboardCoversNothing() {
        let event = KeyboardEvent(
            kind: .willShow, frameEnd: CGRect(x: 0, y: 407, width: 375, height: 260),
            isLocal: false)
        let context = KeyboardOverlapContext(
            event: event, windowBounds: CGRect(x: 0, y: 0, width: 375, height: 667),
            hostFrame: CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(LocalKeyboardOnly().keyboardFrame(in: context) == nil)
        // This app's keyboard goes to the base policy (docked: the frame as given here).
        let local = KeyboardOverlapContext(
            event: KeyboardEvent(kind: .willShow, frameEnd: event.frameEnd),
            windowBounds: context.windowBounds, hostFrame: context.hostFrame)
        #expect(LocalKeyboardOnly().keyboardFrame(in: local) == event.frameEnd)
    }
}
