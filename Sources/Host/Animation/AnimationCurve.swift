import Foundation

/// The timing curve of an animation (`UIView.AnimationCurve`).
public enum AnimationCurve: Sendable, Hashable, CustomStringConvertible {
    /// Slow at both ends; UIKit's default for `animate(withDuration:…)`.
    case easeInOut
    /// Slow at the start.
    case easeIn
    /// Slow at the end.
    case easeOut
    /// Constant speed.
    case linear
    /// The keyboard's own curve: the private value 7 that UIKit's keyboard notifications carry
    /// (`UIView.AnimationCurve(rawValue: 7)`), a fast-settling spring-like curve.
    case keyboard

    /// The `UIView.AnimationCurve` raw value: 0…3, and 7 for ``keyboard``.
    public var rawValue: Int {
        switch self {
        case .easeInOut: 0
        case .easeIn: 1
        case .easeOut: 2
        case .linear: 3
        case .keyboard: 7
        }
    }

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
