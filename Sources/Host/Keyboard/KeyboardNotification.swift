import Foundation

/// What a keyboard change tells observers (the `userInfo` of UIKit's keyboard notifications).
///
/// Frames are in screen coordinates, which are the window's (HostKit's window fills the screen
/// without a transform). A docked keyboard's frame spans the screen's width at its bottom; a
/// hidden keyboard's lies just below the bottom edge; a floating keyboard's is anywhere.
public struct KeyboardNotification: Hashable, Sendable, CustomStringConvertible {
    /// The kind of notification (`UIResponder.keyboardWillShowNotification`…).
    public enum Name: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The keyboard starts to show or to change its docked height
        /// (`keyboardWillShowNotification`).
        case keyboardWillShow
        /// A show or docked height change finished (`keyboardDidShowNotification`).
        case keyboardDidShow
        /// The keyboard starts to hide (`keyboardWillHideNotification`).
        case keyboardWillHide
        /// A hide finished (`keyboardDidHideNotification`).
        case keyboardDidHide
        /// The keyboard's frame starts to change, before any show or hide
        /// (`keyboardWillChangeFrameNotification`).
        case keyboardWillChangeFrame
        /// A frame change finished, before any did-show or did-hide
        /// (`keyboardDidChangeFrameNotification`).
        case keyboardDidChangeFrame

        /// Whether this is one of the `Will…` notifications, posted as the change starts.
        public var isWill: Bool {
            self == .keyboardWillShow || self == .keyboardWillHide || self == .keyboardWillChangeFrame
        }

        /// The name as UIKit spells it without the `Notification` suffix: `keyboardWillShow`.
        public var description: String {
            switch self {
            case .keyboardWillShow: "keyboardWillShow"
            case .keyboardDidShow: "keyboardDidShow"
            case .keyboardWillHide: "keyboardWillHide"
            case .keyboardDidHide: "keyboardDidHide"
            case .keyboardWillChangeFrame: "keyboardWillChangeFrame"
            case .keyboardDidChangeFrame: "keyboardDidChangeFrame"
            }
        }
    }

    /// The kind of notification.
    public var name: Name
    /// The keyboard's frame before the change, in screen coordinates (`frameBeginUserInfoKey`).
    public var frameBegin: CGRect
    /// The keyboard's frame after the change, in screen coordinates (`frameEndUserInfoKey`).
    public var frameEnd: CGRect
    /// How long the keyboard's animation lasts, in seconds (`animationDurationUserInfoKey`).
    public var animationDuration: TimeInterval
    /// The keyboard animation's curve (`animationCurveUserInfoKey`).
    public var animationCurve: AnimationCurve
    /// Whether the keyboard belongs to this app (`isLocalUserInfoKey`); always `true` in HostKit.
    public var isLocal: Bool

    /// Creates a notification.
    public init(name: Name, frameBegin: CGRect, frameEnd: CGRect, animationDuration: TimeInterval,
                animationCurve: AnimationCurve = .keyboard, isLocal: Bool = true)
    {
        self.name = name
        self.frameBegin = frameBegin
        self.frameEnd = frameEnd
        self.animationDuration = animationDuration
        self.animationCurve = animationCurve
        self.isLocal = isLocal
    }

    /// `keyboardWillShow (0 667; 375 0) → (0 407; 375 260) 0.25s keyboard`.
    public var description: String {
        "\(name) \(frameBegin.compactText) → \(frameEnd.compactText) \(animationDuration)s \(animationCurve)"
    }
}
