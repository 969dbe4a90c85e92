import Foundation

/// Why the simulated keyboard refused a request. Nothing was posted and the keyboard's state
/// is unchanged.
public enum KeyboardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The keyboard's window no longer exists (a keyboard kept after its window was released).
    case noWindow
    /// A height that is negative, NaN, infinite, or taller than the window.
    case invalidHeight(CGFloat)
    /// A frame with a NaN or infinite value, a negative size, or its top-left corner outside
    /// the window.
    case invalidFrame(CGRect)
    /// The request needs a visible docked keyboard (undocking, interactive dismissal).
    case notDocked
    /// The request needs a floating keyboard (docking it again).
    case notFloating
    /// The screen has no floating keyboard (only iPads do).
    case floatingKeyboardUnsupported(screen: String)
    /// Interactive dismissal needs a scroll view in the keyboard's window whose
    /// `keyboardDismissMode` is `.interactive`.
    case scrollViewNotInteractive
    /// A step count below 1 or above ``Keyboard/maximumInteractiveDismissalSteps``.
    case invalidStepCount(Int)
    /// AutoFill cannot move the focus there: not an enabled text field in the keyboard's window,
    /// or the first responder refused to resign.
    case cannotMoveFocus

    public var description: String {
        switch self {
        case .noWindow: "the keyboard's window no longer exists"
        case .invalidHeight(let height):
            "invalid keyboard height \(height): it must be finite, not negative and not taller than the window"
        case .invalidFrame(let frame):
            "invalid keyboard frame \(frame): it must be finite with a non-negative size, its top-left corner in the window"
        case .notDocked: "the keyboard is not docked and visible"
        case .notFloating: "the keyboard is not floating"
        case .floatingKeyboardUnsupported(let screen): "\(screen) has no floating keyboard"
        case .scrollViewNotInteractive:
            "the scroll view is not in the keyboard's window or its keyboardDismissMode is not .interactive"
        case .invalidStepCount(let count):
            "invalid step count \(count): it must be 1...\(Keyboard.maximumInteractiveDismissalSteps)"
        case .cannotMoveFocus:
            "the focus cannot move there: not an enabled text field in the keyboard's window, or the first responder refused to resign"
        }
    }
}
