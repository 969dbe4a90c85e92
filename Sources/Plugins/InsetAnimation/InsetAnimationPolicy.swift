import Foundation

/// How an inset change is animated.
public enum InsetAnimation: Sendable, Equatable, CustomStringConvertible {
    /// At once, inside `performWithoutAnimation`.
    case none
    /// A spring animation (`animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`).
    case spring(duration: TimeInterval, damping: CGFloat, initialVelocity: CGFloat)

    public var description: String {
        switch self {
        case .none: "without animation"
        case .spring(let duration, let damping, _): "spring \(duration) s, damping \(damping)"
        }
    }
}

/// Decides how the manager animates the inset and layout change for a keyboard change.
public protocol InsetAnimationPolicy: Sendable {
    /// The animation for applying `event` (`nil` when a rotation or a replay applies the
    /// keyboard state without a notification).
    func animation(for event: KeyboardEvent?, isNavigationTransition: Bool) -> InsetAnimation
}

/// SCVC's animation: a 0.5 s spring with damping 1 (no overshoot) and no initial velocity —
/// the values of SCVC's README for animating content size changes — and none during a
/// navigation transition, where the new screen must arrive already laid out. The default.
public struct SpringInsetAnimation: InsetAnimationPolicy {
    /// 0.5 s by default.
    public var duration: TimeInterval
    /// 1 by default: critically damped, no overshoot.
    public var damping: CGFloat

    /// Creates the policy.
    public init(duration: TimeInterval = 0.5, damping: CGFloat = 1) {
        self.duration = duration
        self.damping = damping
    }

    public func animation(for event: KeyboardEvent?, isNavigationTransition: Bool) -> InsetAnimation {
        isNavigationTransition || event == nil
            ? .none : .spring(duration: duration, damping: damping, initialVelocity: 0)
    }
}

/// Never animates.
public struct NoInsetAnimation: InsetAnimationPolicy {
    /// Creates the policy.
    public init() {}

    public func animation(for event: KeyboardEvent?, isNavigationTransition: Bool) -> InsetAnimation { .none }
}

extension InsetAnimationPolicy where Self == SpringInsetAnimation {
    /// The 0.5 s critically damped spring; the default.
    public static var `default`: Self { SpringInsetAnimation() }
    /// A spring with another duration or damping.
    public static func spring(duration: TimeInterval, damping: CGFloat) -> Self {
        SpringInsetAnimation(duration: duration, damping: damping)
    }
}

extension InsetAnimationPolicy where Self == NoInsetAnimation {
    /// No animation.
    public static var none: Self { NoInsetAnimation() }
}
