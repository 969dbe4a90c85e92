import Foundation

/// A keyboard notification's `userInfo`, decoded (HostKit's own: UIKit leaves the decoding to
/// each observer).
///
/// HostKit's keyboard posts Foundation notifications named as UIKit's
/// (`UIResponder.keyboardWillShowNotification`…) on `NotificationCenter.default`, with the
/// window's ``UIScreen`` as the object and UIKit's `userInfo` keys. Tests that record what was
/// posted decode them with ``init(_:)``:
///
/// ```swift
/// let token = NotificationCenter.default.addObserver(
///     forName: UIResponder.keyboardWillShowNotification, object: window.screen, queue: nil
/// ) { note in
///     let decoded = KeyboardNotification(note)   // frames, duration, curve
/// }
/// ```
///
/// Frames are in screen coordinates, which are the window's (HostKit's window fills the screen
/// without a transform; see `UIResponder.keyboardFrameEndUserInfoKey` for what UIKit does when
/// they differ). A docked keyboard's frame spans the screen's width at its bottom; a hidden
/// keyboard's lies just below the bottom edge; a floating keyboard's is anywhere. ``isLocal`` is
/// always `true`: HostKit models one app (see `UIResponder.keyboardIsLocalUserInfoKey`).
public struct KeyboardNotification: Hashable, Sendable, CustomStringConvertible {
    /// The six names UIKit posts, in no particular order.
    @MainActor
    public static var names: [Notification.Name] {
        [
            UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification,
            UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification,
            UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardDidChangeFrameNotification,
        ]
    }

    /// Which notification it is (`UIResponder.keyboardWillShowNotification`…).
    public var name: Notification.Name
    /// The keyboard's frame before the change, in screen coordinates (`keyboardFrameBeginUserInfoKey`).
    public var frameBegin: CGRect
    /// The keyboard's frame after the change, in screen coordinates (`keyboardFrameEndUserInfoKey`).
    public var frameEnd: CGRect
    /// How long the keyboard's animation lasts, in seconds (`keyboardAnimationDurationUserInfoKey`).
    public var animationDuration: TimeInterval
    /// The keyboard animation's curve (`keyboardAnimationCurveUserInfoKey`).
    public var animationCurve: UIView.AnimationCurve
    /// Whether the keyboard belongs to this app (`keyboardIsLocalUserInfoKey`); always `true`
    /// in what HostKit's keyboard posts (one app), settable here to build a notification of
    /// another app's keyboard by hand.
    public var isLocal: Bool

    /// Creates a notification's contents.
    public init(
        name: Notification.Name, frameBegin: CGRect, frameEnd: CGRect, animationDuration: TimeInterval,
        animationCurve: UIView.AnimationCurve = .keyboard, isLocal: Bool = true
    ) {
        self.name = name
        self.frameBegin = frameBegin
        self.frameEnd = frameEnd
        self.animationDuration = animationDuration
        self.animationCurve = animationCurve
        self.isLocal = isLocal
    }

    /// Decodes a keyboard notification; `nil` for another notification, or when a key is
    /// missing or holds a value of another type (an `NSValue` of a `CGPoint` where a frame
    /// belongs, say).
    @MainActor
    public init?(_ notification: Notification) {
        guard Self.names.contains(notification.name), let info = notification.userInfo,
            let begin = Self.rect(info[UIResponder.keyboardFrameBeginUserInfoKey]),
            let end = Self.rect(info[UIResponder.keyboardFrameEndUserInfoKey]),
            let duration = (info[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue,
            let curveValue = (info[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue,
            let curve = UIView.AnimationCurve(rawValue: curveValue),
            let isLocal = (info[UIResponder.keyboardIsLocalUserInfoKey] as? NSNumber)?.boolValue
        else { return nil }
        self.init(
            name: notification.name, frameBegin: begin, frameEnd: end, animationDuration: duration,
            animationCurve: curve, isLocal: isLocal)
    }

    /// The rectangle in `value`, or `nil` unless it is an `NSValue` holding a `CGRect`: the type
    /// is checked first, because `cgRectValue` of a value holding anything else traps.
    private static func rect(_ value: Any?) -> CGRect? {
        guard let value = value as? NSValue,
            String(cString: value.objCType) == String(cString: NSValue(cgRect: .zero).objCType)
        else { return nil }
        return value.cgRectValue
    }

    /// The `userInfo` UIKit attaches: frames as `NSValue`s, the duration, curve and locality as
    /// `NSNumber`s.
    @MainActor
    public var userInfo: [AnyHashable: Any] {
        [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: frameBegin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: frameEnd),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: animationDuration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: animationCurve.rawValue),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: isLocal),
        ]
    }

    /// Whether this is one of the `Will…` notifications, posted as the change starts.
    @MainActor
    public var isWill: Bool {
        name == UIResponder.keyboardWillShowNotification || name == UIResponder.keyboardWillHideNotification
            || name == UIResponder.keyboardWillChangeFrameNotification
    }

    /// The name as Swift code spells UIKit's member without `Notification`: `keyboardWillShow`.
    public var shortName: String { Self.shortName(of: name) }

    /// `keyboardWillShow` for `UIKeyboardWillShowNotification`.
    public static func shortName(of name: Notification.Name) -> String {
        var text = name.rawValue
        if text.hasPrefix("UI") { text.removeFirst(2) }
        if text.hasSuffix("Notification") { text.removeLast("Notification".count) }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// `keyboardWillShow (0 667; 375 0) → (0 407; 375 260) 0.25s keyboard`.
    public var description: String {
        "\(shortName) \(frameBegin.compactText) → \(frameEnd.compactText) \(animationDuration)s \(animationCurve)"
    }
}
