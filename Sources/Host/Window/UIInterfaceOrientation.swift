import Foundation

/// How the interface is turned relative to the device (`UIInterfaceOrientation`).
///
/// The names and raw values are UIKit's: in ``landscapeLeft`` the home button (or home
/// indicator) is on the left. HostKit has no transforms: the window simply takes the
/// orientation's size, with the screen's insets for it.
public enum UIInterfaceOrientation: Int, Sendable, Hashable, CustomStringConvertible {
    /// Not known; no window can take it (``UIScreen/supports(_:)`` is `false`).
    case unknown = 0
    /// Upright; the status bar at the top of the device's long side.
    case portrait = 1
    /// Upside down. Phones with a sensor housing don't support it (see
    /// ``UIScreen/supportsPortraitUpsideDown``).
    case portraitUpsideDown = 2
    /// Turned so that the home indicator is on the left.
    case landscapeLeft = 4
    /// Turned so that the home indicator is on the right.
    case landscapeRight = 3

    /// Whether the orientation is ``portrait`` or ``portraitUpsideDown``.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }

    /// Whether the orientation is ``landscapeLeft`` or ``landscapeRight``.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .portrait: "portrait"
        case .portraitUpsideDown: "portraitUpsideDown"
        case .landscapeLeft: "landscapeLeft"
        case .landscapeRight: "landscapeRight"
        }
    }
}
