import Foundation

/// A keyboard notification as the policies see it: a value, with the virtual time it arrived.
///
/// The manager builds one from each `keyboardWillShow`, `keyboardWillHide` and
/// `keyboardWillChangeFrame` notification, reading UIKit's `userInfo` keys and converting the
/// frames from screen to window coordinates.
public struct KeyboardEvent: Sendable, Equatable, CustomStringConvertible {
    /// Which notification it was.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        case willShow
        case willHide
        case willChangeFrame

        public var description: String {
            switch self {
            case .willShow: "keyboardWillShow"
            case .willHide: "keyboardWillHide"
            case .willChangeFrame: "keyboardWillChangeFrame"
            }
        }
    }

    /// Which notification it was.
    public var kind: Kind
    /// The keyboard's frame before the change, in screen coordinates.
    public var frameBegin: CGRect
    /// The keyboard's frame after the change, in screen coordinates. UIKit's origin is only
    /// reliable for a keyboard docked at the bottom; its height always is.
    public var frameEnd: CGRect
    /// The duration of the keyboard's animation: 0.25 s for a show or hide, 0.35 s when a
    /// navigation transition carries the keyboard.
    public var duration: TimeInterval
    /// The scheduler time at which the notification arrived.
    public var time: TimeInterval
    /// Whether the keyboard belongs to this app (`UIKeyboardIsLocalUserInfoKey`).
    public var isLocal: Bool

    /// Creates an event.
    public init(
        kind: Kind, frameBegin: CGRect = .zero, frameEnd: CGRect, duration: TimeInterval = 0.25,
        time: TimeInterval = 0, isLocal: Bool = true
    ) {
        self.kind = kind
        self.frameBegin = frameBegin
        self.frameEnd = frameEnd
        self.duration = duration
        self.time = time
        self.isLocal = isLocal
    }

    /// Whether the keyboard is on screen once this change completes.
    public var leavesKeyboardVisible: Bool { kind != .willHide && frameEnd.height > 0 }

    public var description: String {
        "\(kind) end \(frameEnd) duration \(duration) at \(time)"
    }
}
