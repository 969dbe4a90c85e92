import Foundation

/// Options of a view animation (`UIView.AnimationOptions`).
///
/// HostKit applies every change at once, so the options are only recorded (see
/// ``AnimationRecord/options``), except the curve, which gives ``AnimationRecord/timing``.
extension UIView {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Lay out subviews as part of the animation.
        public static let layoutSubviews = UIView.AnimationOptions(rawValue: 1 << 0)
        /// Let the user interact with views while they animate.
        public static let allowUserInteraction = UIView.AnimationOptions(rawValue: 1 << 1)
        /// Start from the current state of a running animation.
        public static let beginFromCurrentState = UIView.AnimationOptions(rawValue: 1 << 2)
        /// Use the duration given here rather than an enclosing animation's.
        public static let overrideInheritedDuration = UIView.AnimationOptions(rawValue: 1 << 5)
        /// Use the curve given here rather than an enclosing animation's.
        public static let overrideInheritedCurve = UIView.AnimationOptions(rawValue: 1 << 6)

        /// Ease in and out (the default curve, raw value 0 in bits 16–19 as in UIKit).
        public static let curveEaseInOut = UIView.AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = UIView.AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = UIView.AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = UIView.AnimationOptions(rawValue: 3 << 16)

        /// The curve the options select (bits 16–19, as UIKit encodes it); ``UIView/AnimationCurve/easeInOut``
        /// when none is set. The keyboard's curve 7 is recognised too.
        public var curve: UIView.AnimationCurve {
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
        public init(curve: UIView.AnimationCurve) {
            self.init(rawValue: UInt(curve.rawValue) << 16)
        }
    }
}
