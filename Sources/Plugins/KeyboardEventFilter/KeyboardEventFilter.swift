import Foundation

/// Decides how long the manager waits before acting on keyboard changes, so that a burst of
/// notifications is handled once, with its final frame.
///
/// When a text field becomes first responder, UIKit may post several `keyboardWillShow`
/// notifications with different heights (an input accessory view settling); AutoFill posts one
/// `keyboardWillHide` and two `keyboardWillShow` within 0.1 s. Acting on each would make the
/// content jump. ``KeyboardEventBuffer`` holds the latest event until the deadline this policy
/// gives, and the manager acts once.
public protocol KeyboardEventFilter: Sendable {
    /// The time at which to act, for an event received at `now` while the events already
    /// held are due at `pendingDeadline` (`nil` when nothing is held).
    func deadline(
        afterReceiving event: KeyboardEvent, at now: TimeInterval,
        pendingDeadline: TimeInterval?
    ) -> TimeInterval

    /// The time at which to act, for a `scrollRectToVisible` request (UIKit's or the app's)
    /// made at `now` while what is held is due at `pendingDeadline` (`nil` when nothing is
    /// held). SCVC's filter treats a request as it treats a keyboard event: it waits for the
    /// window and pushes the time to act out, so that UIKit's own request for a text field,
    /// made before the keyboard notification, is performed after the keyboard change. The
    /// default acts when what is held is due, or at once.
    func deadline(afterScrollRequestAt now: TimeInterval, pendingDeadline: TimeInterval?) -> TimeInterval
}

extension KeyboardEventFilter {
    public func deadline(afterScrollRequestAt now: TimeInterval, pendingDeadline: TimeInterval?) -> TimeInterval {
        pendingDeadline ?? now
    }
}

/// SCVC's filter: act 0.1 s after the last event, and a new event never brings the time to act
/// forward. The default.
///
/// 0.1 s is just longer than the span of AutoFill's hide-show-show burst and of the
/// notifications of one field change, and short enough that the content still follows the
/// keyboard promptly (Apple's own apps, as of iOS 12, also respond after a short delay).
public struct TemporalKeyboardFilter: KeyboardEventFilter {
    /// How long after an event the manager acts: ``standardWindow`` by default.
    public var window: TimeInterval

    /// 0.1 s, ScrollingContentViewController's window.
    public static let standardWindow: TimeInterval = 0.1

    /// Creates a filter with a window; a negative or non-finite window acts at once.
    public init(window: TimeInterval = TemporalKeyboardFilter.standardWindow) {
        self.window = window.isFinite && window > 0 ? window : 0
    }

    public func deadline(
        afterReceiving event: KeyboardEvent, at now: TimeInterval,
        pendingDeadline: TimeInterval?
    ) -> TimeInterval {
        max(pendingDeadline ?? now, now + window)
    }

    /// A scroll request waits for the window too, and pushes the time to act out (SCVC's
    /// `ScrollViewFilter`).
    public func deadline(afterScrollRequestAt now: TimeInterval, pendingDeadline: TimeInterval?) -> TimeInterval {
        max(pendingDeadline ?? now, now + window)
    }
}

/// No filtering: every event is acted on as it arrives.
public struct ImmediateKeyboardFilter: KeyboardEventFilter {
    /// Creates the policy.
    public init() {}

    public func deadline(
        afterReceiving event: KeyboardEvent, at now: TimeInterval,
        pendingDeadline: TimeInterval?
    ) -> TimeInterval { now }
}

extension KeyboardEventFilter where Self == TemporalKeyboardFilter {
    /// SCVC's 0.1 s filter; the default.
    public static var `default`: Self { TemporalKeyboardFilter() }
    /// A filter with another window.
    public static func temporal(window: TimeInterval) -> Self { TemporalKeyboardFilter(window: window) }
}

extension KeyboardEventFilter where Self == ImmediateKeyboardFilter {
    /// Act on every event at once.
    public static var immediate: Self { ImmediateKeyboardFilter() }
    /// No filtering: ``immediate``.
    public static var none: Self { ImmediateKeyboardFilter() }
}
