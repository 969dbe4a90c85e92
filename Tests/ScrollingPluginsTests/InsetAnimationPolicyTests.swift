import Foundation
import ScrollingPlugins
import Testing

@Suite("InsetAnimationPolicy")
struct InsetAnimationPolicyTests {
    private let show = showEvent(height: 260, in: PhoneSE.bounds)

    @Test func theDefaultIsSCVCsHalfSecondCriticallyDampedSpring() {
        // SCVC's README animates content size changes with duration 0.5, damping 1, velocity 0.
        let policy: any InsetAnimationPolicy = .default
        #expect(
            policy.animation(for: show, isNavigationTransition: false)
                == .spring(duration: 0.5, damping: 1, initialVelocity: 0))
    }

    @Test func aNavigationTransitionIsNotAnimated() {
        // The pushed screen must arrive already laid out for the keyboard.
        let push = keyboardEvent(.willShow, end: show.frameEnd, duration: 0.35)
        #expect(SpringInsetAnimation().animation(for: push, isNavigationTransition: true) == InsetAnimation.none)
    }

    @Test func aReplayWithoutANotificationIsNotAnimated() {
        // `nil`: a rotation or a replayed keyboard state, not a keyboard notification.
        #expect(SpringInsetAnimation().animation(for: nil, isNavigationTransition: false) == InsetAnimation.none)
    }

    @Test func aHideIsAnimatedLikeAShow() {
        let hide = hideEvent(height: 260, in: PhoneSE.bounds)
        #expect(
            SpringInsetAnimation().animation(for: hide, isNavigationTransition: false)
                == .spring(duration: 0.5, damping: 1, initialVelocity: 0))
    }

    @Test func aCustomSpring() {
        let policy: any InsetAnimationPolicy = .spring(duration: 0.3, damping: 0.8)
        #expect(
            policy.animation(for: show, isNavigationTransition: false)
                == .spring(duration: 0.3, damping: 0.8, initialVelocity: 0))
        #expect(policy.animation(for: show, isNavigationTransition: true) == InsetAnimation.none)
    }

    @Test func noneNeverAnimates() {
        let policy: any InsetAnimationPolicy = .none
        #expect(policy.animation(for: show, isNavigationTransition: false) == InsetAnimation.none)
        #expect(policy.animation(for: nil, isNavigationTransition: false) == InsetAnimation.none)
    }

    @Test func theDescriptionSaysWhatHappens() {
        #expect(InsetAnimation.none.description == "without animation")
        #expect(
            InsetAnimation.spring(duration: 0.5, damping: 1, initialVelocity: 0).description
                == "spring 0.5 s, damping 1.0")
    }
}
