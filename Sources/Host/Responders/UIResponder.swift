import Foundation

/// An object that can receive input and take part in first-responder changes (`UIResponder`):
/// the base of ``UIView`` and ``UIViewController``.
///
/// HostKit models what keyboard handling needs: becoming and resigning first responder, the
/// input accessory view, and the keyboard notifications UIKit posts as class members of
/// `UIResponder`. A plain responder cannot become first responder; ``UIView`` implements the
/// window side of it, and ``UITextField`` can become first responder.
@MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() {
        super.init()
    }

    /// Whether the responder can become first responder (`false` by default).
    open var canBecomeFirstResponder: Bool { false }

    /// Asks to become first responder; returns whether it did. A plain responder never does.
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }

    /// Whether the responder agrees to give up first-responder status; `true` by default.
    open var canResignFirstResponder: Bool { true }

    /// Gives up first-responder status; returns whether the responder is no longer first
    /// responder (`true` for one that was not).
    @discardableResult
    open func resignFirstResponder() -> Bool { true }

    /// Whether the responder is its window's first responder; `false` for a plain responder.
    open var isFirstResponder: Bool { false }

    /// A view shown above the keyboard while this responder is first responder; its height adds
    /// to the keyboard's. `nil` by default.
    open var inputAccessoryView: UIView? { nil }

    /// Applies a changed ``inputAccessoryView`` while the responder is first responder. Does
    /// nothing for a plain responder.
    open func reloadInputViews() {}

    /// The next responder in the chain: a view's view controller if it is a root view, else its
    /// superview; a view controller's view's superview. `nil` by default.
    open var next: UIResponder? { nil }
}

// MARK: Keyboard notifications

extension UIResponder {
    /// Posted before the keyboard shows or changes its docked height (`UIKeyboardWillShowNotification`).
    ///
    /// HostKit's keyboard posts it on `NotificationCenter.default` with the window's ``UIScreen``
    /// as the object and UIKit's `userInfo` keys (see ``keyboardFrameEndUserInfoKey``).
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted after a show or docked height change finished (`UIKeyboardDidShowNotification`).
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keyboard hides (`UIKeyboardWillHideNotification`).
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted after a hide finished (`UIKeyboardDidHideNotification`).
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted before the keyboard's frame changes, before any show or hide
    /// (`UIKeyboardWillChangeFrameNotification`).
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted after a frame change finished, before any did-show or did-hide
    /// (`UIKeyboardDidChangeFrameNotification`).
    public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")

    /// The keyboard's frame before the change, in the screen's coordinate space: an `NSValue`
    /// holding a `CGRect` (read it with `cgRectValue`). See ``keyboardFrameEndUserInfoKey`` for
    /// the coordinates.
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame after the change, in the screen's coordinate space: an `NSValue`
    /// holding a `CGRect`.
    ///
    /// Apple's documentation: the frame "uses the screen's coordinate space, which is
    /// different than the coordinate space of your views. Although they might sometimes match,
    /// such as when your app is full screen, they might be different when your app isn't full
    /// screen, such as in Split View, Slide Over, and Stage Manager." Convert it before
    /// comparing it with a view: `view.convert(frame, from: view.window?.screen.coordinateSpace)`
    /// (or `view.convert(frame, from: nil)`, window coordinates, which match the screen's in a
    /// full-screen window).
    ///
    /// HostKit models the full-screen case only: a window fills its screen from the origin
    /// without a transform, so screen, window and ``UIScreen/coordinateSpace`` coordinates are
    /// the same, and both conversions give the same result. It does not model a window smaller
    /// than its screen or offset on it (Split View, Slide Over, Stage Manager), where an
    /// observer that skips the conversion would be wrong on a device and right here.
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The duration of the keyboard's animation in seconds: an `NSNumber` holding a `Double`.
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The curve of the keyboard's animation: an `NSNumber` holding a ``UIView/AnimationCurve``
    /// raw value (7 for the keyboard's own curve).
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app: an `NSNumber` holding a `Bool`.
    ///
    /// In UIKit, "with Multitasking in iPadOS, the system notifies all visible apps when the
    /// keyboard appears and disappears. The value is `true` for the app that caused the keyboard
    /// to appear and `false` for the other apps" (Apple's documentation). HostKit models one app:
    /// each window's keyboard is shown by that window's own responders, and no other app's
    /// keyboard is ever posted, so the value is always `true`. An observer that ignores
    /// non-local keyboards is therefore never exercised with one here.
    public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

// MARK: Geometry in `NSValue` (UIKit's `UIGeometry` additions)

extension NSValue {
    /// Creates a value holding a rectangle (`NSValue(cgRect:)`), as keyboard notifications
    /// carry their frames.
    public convenience init(cgRect rect: CGRect) {
        self.init(rect: rect)
    }

    /// The rectangle the value holds (`NSValue.cgRectValue`).
    public var cgRectValue: CGRect { rectValue }
}
