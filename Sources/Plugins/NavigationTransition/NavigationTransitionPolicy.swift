import Foundation

/// Decides whether a keyboard change comes from a navigation transition (a pushed or popped
/// screen carrying the keyboard) rather than from the user.
///
/// The manager acts on such a change at once and without animation: the new screen must
/// arrive already laid out for the keyboard, not settle 0.1 s later.
public protocol NavigationTransitionPolicy: Sendable {
    /// Whether `event` is part of a navigation transition.
    func isNavigationTransition(_ event: KeyboardEvent) -> Bool
}

/// SCVC's rule: the keyboard's own animations last 0.25 s, a navigation transition's 0.35 s,
/// so a notification whose duration exceeds ``threshold`` comes from a transition. The default.
public struct DurationNavigationTransition: NavigationTransitionPolicy {
    /// Durations above this are transitions: 0.3 s by default, between 0.25 s and 0.35 s.
    public var threshold: TimeInterval

    /// Creates the policy with a threshold (0.3 s by default).
    public init(threshold: TimeInterval = 0.3) {
        self.threshold = threshold
    }

    public func isNavigationTransition(_ event: KeyboardEvent) -> Bool {
        event.duration > threshold
    }
}

/// Never treats a keyboard change as a navigation transition.
public struct NoNavigationTransition: NavigationTransitionPolicy {
    /// Creates the policy.
    public init() {}

    public func isNavigationTransition(_ event: KeyboardEvent) -> Bool { false }
}

extension NavigationTransitionPolicy where Self == DurationNavigationTransition {
    /// Durations above 0.3 s; the default.
    public static var `default`: Self { DurationNavigationTransition() }
    /// Durations above `threshold`.
    public static func duration(above threshold: TimeInterval) -> Self {
        DurationNavigationTransition(threshold: threshold)
    }
}

extension NavigationTransitionPolicy where Self == NoNavigationTransition {
    /// Never a transition.
    public static var none: Self { NoNavigationTransition() }
}
