import Foundation
import ScrollingPlugins
import Testing

@Suite("NavigationTransitionPolicy")
struct NavigationTransitionPolicyTests {
    /// A keyboard event whose animation lasts `duration`.
    private func event(duration: TimeInterval) -> KeyboardEvent {
        keyboardEvent(.willShow, end: dockedKeyboardFrame(height: 260, in: PhoneSE.bounds), duration: duration)
    }

    @Test func theKeyboardsOwnAnimationIsNotATransition() {
        // The keyboard animates over 0.25 s (DESIGN.md §7).
        let policy: any NavigationTransitionPolicy = .default
        #expect(!policy.isNavigationTransition(event(duration: 0.25)))
        #expect(!policy.isNavigationTransition(event(duration: 0)))
    }

    @Test func aPushCarryingTheKeyboardIsATransition() {
        // A navigation push or pop animates over 0.35 s.
        let policy: any NavigationTransitionPolicy = .default
        #expect(policy.isNavigationTransition(event(duration: 0.35)))
    }

    @Test func theThresholdIsExclusiveAndDefaultsToPoint3() {
        #expect(DurationNavigationTransition().threshold == 0.3)
        #expect(!DurationNavigationTransition().isNavigationTransition(event(duration: 0.3)))
    }

    @Test func theThresholdIsConfigurable() {
        // A system whose push lasts 0.5 s and whose keyboard lasts 0.4 s.
        let policy: any NavigationTransitionPolicy = .duration(above: 0.45)
        #expect(!policy.isNavigationTransition(event(duration: 0.35)))
        #expect(!policy.isNavigationTransition(event(duration: 0.4)))
        #expect(policy.isNavigationTransition(event(duration: 0.5)))
    }

    @Test func noneNeverSeesATransition() {
        let policy: any NavigationTransitionPolicy = .none
        #expect(!policy.isNavigationTransition(event(duration: 0.35)))
        #expect(!policy.isNavigationTransition(event(duration: 10)))
    }
}
