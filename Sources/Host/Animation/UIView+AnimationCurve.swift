import Foundation

extension UIView {
    /// The timing curve of an animation (`UIView.AnimationCurve`).
    ///
    /// The raw values are UIKit's. UIKit's keyboard notifications carry a private curve, 7,
    /// which Swift code writes `UIView.AnimationCurve(rawValue: 7)`; HostKit names it
    /// ``keyboard`` so that the same expression gives a value here too.
    public enum AnimationCurve: Int, Sendable, Hashable, CustomStringConvertible {
        /// Slow at both ends; UIKit's default for `animate(withDuration:…)`.
        case easeInOut = 0
        /// Slow at the start.
        case easeIn = 1
        /// Slow at the end.
        case easeOut = 2
        /// Constant speed.
        case linear = 3
        /// The keyboard's own curve, the private raw value 7 of UIKit's keyboard notifications:
        /// a fast-settling spring-like curve. HostKit's name; UIKit has no case for it.
        case keyboard = 7

        public var description: String {
            switch self {
            case .easeInOut: "easeInOut"
            case .easeIn: "easeIn"
            case .easeOut: "easeOut"
            case .linear: "linear"
            case .keyboard: "keyboard"
            }
        }
    }
}
