import Foundation
import HostKit
import ScrollingPlugins
import Testing

// A user's own policies: each conforms to a protocol of ScrollingPlugins and is used through
// the existential, exactly where a built-in goes.

/// Ignores keyboards of other apps (`isLocal == false`, e.g. in Slide Over) and asks `base`
/// about the others.
private struct LocalKeyboardOnly: KeyboardOverlapPolicy {
    var base: any KeyboardOverlapPolicy = .docked
    func keyboardFrame(in context: KeyboardOverlapContext) -> CGRect? {
        context.event.isLocal ? base.keyboardFrame(in: context) : nil
    }
}

/// SCVC's additional-safe-area approach, plus a gap of `gap` above the keyboard while it is up.
private struct GapAboveKeyboard: InsetAdjustmentPolicy {
    var gap: CGFloat
    func adjustment(for context: InsetAdjustmentContext) -> InsetAdjustment {
        guard context.hostBottomOverlap > 0 else {
            return InsetAdjustment(additionalSafeAreaInsets: context.originalAdditionalSafeAreaInsets)
        }
        var insets = context.originalAdditionalSafeAreaInsets
        insets.bottom += max(0, context.hostBottomOverlap + gap - context.hostBaseSafeAreaBottom)
        return InsetAdjustment(additionalSafeAreaInsets: insets)
    }
}

/// Lets the content shrink, but never below `floor`.
private struct ShrinkDownTo: KeyboardResizePolicy {
    var floor: CGFloat
    func minimumContentHeight(for context: KeyboardResizeContext) -> CGFloat? {
        min(context.safeAreaHeightWithoutKeyboard, max(floor, context.visibleSize.height))
    }
}

/// Acts a fixed delay after the first event of a burst, however many follow.
private struct FirstEventDelay: KeyboardEventFilter {
    var delay: TimeInterval
    func deadline(afterReceiving event: KeyboardEvent, at now: TimeInterval, pendingDeadline: TimeInterval?)
        -> TimeInterval
    {
        pendingDeadline ?? now + delay
    }
}

/// Treats only non-local keyboard changes as transitions (a user's own rule).
private struct ForeignKeyboardIsTransition: NavigationTransitionPolicy {
    func isNavigationTransition(_ event: KeyboardEvent) -> Bool { !event.isLocal }
}

/// Scrolls back to the top on every rotation.
private struct ScrollToTopOnRotation: RotationAnchorPolicy {
    func contentOffset(after context: RotationAnchorContext) -> CGPoint? {
        context.geometryAfter.minimumContentOffset
    }
}

/// Makes the first responder and `below` points under it visible (room for an error label).
private struct ShowRoomBelow: VisibilityPolicy {
    var below: CGFloat
    func rectToMakeVisible(afterKeyboardChange context: VisibilityContext) -> CGRect? {
        guard context.isKeyboardVisible, let frame = context.firstResponderFrame else { return nil }
        return CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height + below)
    }
}

/// A quick spring for shows, nothing for hides.
private struct QuickShowSpring: InsetAnimationPolicy {
    func animation(for event: KeyboardEvent?, isNavigationTransition: Bool) -> InsetAnimation {
        guard let event, event.kind == .willShow, !isNavigationTransition else { return .none }
        return .spring(duration: 0.25, damping: 0.9, initialVelocity: 0)
    }
}

@Suite("Custom policies")
struct CustomPolicyTests {
    @Test func aCustomOverlapPolicy() {
        let policy: any KeyboardOverlapPolicy = LocalKeyboardOnly()
        let window = IPadPro11.bounds
        var event = showEvent(height: 313, in: window)
        let context = { (event: KeyboardEvent) in
            KeyboardOverlapContext(event: event, windowBounds: window, hostFrame: window)
        }
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: policy.keyboardFrame(in: context(event))) == 313)
        event.isLocal = false
        #expect(policy.keyboardFrame(in: context(event)) == nil)
    }

    @Test func aCustomInsetAdjustmentPolicy() {
        let policy: any InsetAdjustmentPolicy = GapAboveKeyboard(gap: 16)
        let up = InsetAdjustmentContext(
            hostBottomOverlap: 336, scrollViewBottomOverlap: 336,
            hostBaseSafeAreaBottom: 34, scrollViewBaseSafeAreaBottom: 34)
        #expect(
            policy.adjustment(for: up).additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: 336 + 16 - 34, right: 0))
        let down = InsetAdjustmentContext(
            hostBottomOverlap: 0, scrollViewBottomOverlap: 0,
            hostBaseSafeAreaBottom: 34, scrollViewBaseSafeAreaBottom: 34,
            originalAdditionalSafeAreaInsets: UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        #expect(
            policy.adjustment(for: down).additionalSafeAreaInsets == UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
        )
    }

    @Test func aCustomResizePolicy() {
        let policy: any KeyboardResizePolicy = ShrinkDownTo(floor: 400)
        // SE: 647 tall before; the keyboard leaves 647 − 260 = 387, below the floor of 400.
        let context = KeyboardResizeContext(
            safeAreaHeightWithoutKeyboard: 667 - 20,
            visibleSize: CGSize(width: 375, height: 667 - 20 - 260))
        #expect(policy.minimumContentHeight(for: context) == 400)
    }

    @Test func aCustomEventFilterThroughTheBuffer() throws {
        // The AutoFill burst again, acted on 0.2 s after its first event.
        var driver = BufferDriver(filter: FirstEventDelay(delay: 0.2))
        let last = showEvent(height: 305, in: PhoneSE.bounds, at: 0.07)
        driver.receive(hideEvent(height: 260, in: PhoneSE.bounds), at: 0)
        driver.receive(showEvent(height: 260, in: PhoneSE.bounds, at: 0.03), at: 0.03)
        driver.receive(last, at: 0.07)
        driver.advance(to: 1)
        let batch = try #require(driver.fired.first)
        #expect(driver.fired.count == 1)
        #expect(isClose(batch.time, 0 + 0.2))
        #expect(batch.event == last)
    }

    @Test func aCustomNavigationTransitionPolicy() {
        let policy: any NavigationTransitionPolicy = ForeignKeyboardIsTransition()
        var event = keyboardEvent(.willShow, end: dockedKeyboardFrame(height: 260, in: PhoneSE.bounds), duration: 0.35)
        #expect(!policy.isNavigationTransition(event))
        event.isLocal = false
        #expect(policy.isNavigationTransition(event))
    }

    @Test func aCustomRotationAnchorPolicy() {
        let policy: any RotationAnchorPolicy = ScrollToTopOnRotation()
        let after = ScrollGeometry(
            contentSize: CGSize(width: 724, height: 1200), boundsSize: CGSize(width: 812, height: 375),
            adjustedContentInset: UIEdgeInsets(top: 32, left: 44, bottom: 21, right: 44))
        let context = RotationAnchorContext(
            contentOffsetBefore: CGPoint(x: 0, y: 400),
            adjustedContentInsetBefore: UIEdgeInsets(top: 88, left: 0, bottom: 34, right: 0), geometryAfter: after)
        #expect(policy.contentOffset(after: context) == CGPoint(x: -44, y: -32))
    }

    @Test func aCustomVisibilityPolicy() {
        let policy: any VisibilityPolicy = ShowRoomBelow(below: 20)
        let field = CGRect(x: 20, y: 600, width: 335, height: 34)
        #expect(
            policy.rectToMakeVisible(
                afterKeyboardChange: VisibilityContext(
                    firstResponderFrame: field, margin: 0, isKeyboardVisible: true))
                == CGRect(x: 20, y: 600, width: 335, height: 34 + 20))
    }

    @Test func aCustomInsetAnimationPolicy() {
        let policy: any InsetAnimationPolicy = QuickShowSpring()
        #expect(
            policy.animation(for: showEvent(height: 260, in: PhoneSE.bounds), isNavigationTransition: false)
                == .spring(duration: 0.25, damping: 0.9, initialVelocity: 0))
        #expect(
            policy.animation(for: hideEvent(height: 260, in: PhoneSE.bounds), isNavigationTransition: false)
                == InsetAnimation.none)
    }

    @Test func customAndBuiltInPoliciesMixInOneArray() {
        // A "first non-nil answer wins" chain, as a user might compose overlap policies.
        let chain: [any KeyboardOverlapPolicy] = [LocalKeyboardOnly(base: .none), .intersection, .docked]
        let window = PhoneSE.bounds
        let context = KeyboardOverlapContext(
            event: showEvent(height: 260, in: window), windowBounds: window, hostFrame: window)
        let answer = chain.lazy.compactMap { $0.keyboardFrame(in: context) }.first
        #expect(answer == dockedKeyboardFrame(height: 260, in: window))
    }

    @Test func theBuiltInsAreStaticMembersOfTheExistentials() {
        let overlap: [any KeyboardOverlapPolicy] = [.default, .docked, .intersection, .none]
        #expect(overlap[0] is DockedKeyboardOverlap && overlap[1] is DockedKeyboardOverlap)
        #expect(overlap[2] is IntersectingKeyboardOverlap && overlap[3] is NoKeyboardOverlap)

        let inset: any InsetAdjustmentPolicy = .contentInset
        #expect(inset is ContentInsetAdjustment)

        let resize: [any KeyboardResizePolicy] = [.default, .keepContentSize, .resizeContent, .none]
        #expect(resize[0] is KeepContentSize && resize[1] is KeepContentSize)
        #expect(resize[2] is ResizeContent && resize[3] is ResizeContent)

        let filters: [any KeyboardEventFilter] = [.default, .temporal(window: 0.2), .immediate, .none]
        #expect((filters[0] as? TemporalKeyboardFilter)?.window == 0.1)
        #expect((filters[1] as? TemporalKeyboardFilter)?.window == 0.2)
        #expect(filters[2] is ImmediateKeyboardFilter && filters[3] is ImmediateKeyboardFilter)

        let navigation: [any NavigationTransitionPolicy] = [.default, .duration(above: 0.5), .none]
        #expect((navigation[0] as? DurationNavigationTransition)?.threshold == 0.3)
        #expect((navigation[1] as? DurationNavigationTransition)?.threshold == 0.5)
        #expect(navigation[2] is NoNavigationTransition)

        let rotation: [any RotationAnchorPolicy] = [.default, .pinTopLeading, .keepFirstResponderVisible, .none]
        #expect(rotation[0] is PinTopLeading && rotation[1] is PinTopLeading)
        #expect(rotation[2] is KeepFirstResponderVisible && rotation[3] is NoRotationAnchor)

        let visibility: [any VisibilityPolicy] = [.default, .scrollFirstResponderToVisible, .none]
        #expect(visibility[0] is ScrollFirstResponderToVisible && visibility[1] is ScrollFirstResponderToVisible)
        #expect(visibility[2] is NoVisibilityScrolling)

        let animation: [any InsetAnimationPolicy] = [.default, .spring(duration: 0.3, damping: 0.7), .none]
        #expect((animation[0] as? SpringInsetAnimation).map { ($0.duration, $0.damping) } ?? (0, 0) == (0.5, 1))
        #expect((animation[1] as? SpringInsetAnimation).map { ($0.duration, $0.damping) } ?? (0, 0) == (0.3, 0.7))
        #expect(animation[2] is NoInsetAnimation)
    }
}
