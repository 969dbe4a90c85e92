import Foundation

/// Options of a view animation (`UIView.AnimationOptions`).
///
/// HostKit applies every change at once, so the options are only recorded (see
/// ``AnimationRecord/options``), except the curve, which gives ``AnimationRecord/timing``.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Lay out subviews as part of the animation.
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    /// Let the user interact with views while they animate.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from the current state of a running animation.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Use the duration given here rather than an enclosing animation's.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    /// Use the curve given here rather than an enclosing animation's.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)

    /// Ease in and out (the default curve, raw value 0 in bits 16–19 as in UIKit).
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Ease in.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve the options select (bits 16–19, as UIKit encodes it); ``AnimationCurve/easeInOut``
    /// when none is set. The keyboard's curve 7 is recognised too.
    public var curve: AnimationCurve {
        switch (rawValue >> 16) & 0xF {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        case 7: .keyboard
        default: .easeInOut
        }
    }

    /// The options that select a curve, as UIKit builds them from a keyboard notification's
    /// curve (`UInt(curve.rawValue) << 16`).
    public init(curve: AnimationCurve) {
        self.init(rawValue: UInt(curve.rawValue) << 16)
    }
}
