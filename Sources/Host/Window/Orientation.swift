import Foundation

/// How the interface is turned relative to the device (`UIInterfaceOrientation`).
///
/// The names are UIKit's interface orientations: in ``landscapeLeft`` the home button (or home
/// indicator) is on the left. HostKit has no transforms: the window simply takes the
/// orientation's size, with the screen's insets for it.
public enum Orientation: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Upright; the status bar at the top of the device's long side.
    case portrait
    /// Upside down. Phones with a sensor housing don't support it (see
    /// ``Screen/supportsPortraitUpsideDown``).
    case portraitUpsideDown
    /// Turned so that the home indicator is on the left.
    case landscapeLeft
    /// Turned so that the home indicator is on the right.
    case landscapeRight

    /// Whether the orientation is ``portrait`` or ``portraitUpsideDown``.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }

    /// Whether the orientation is ``landscapeLeft`` or ``landscapeRight``.
    public var isLandscape: Bool { !isPortrait }

    public var description: String {
        switch self {
        case .portrait: "portrait"
        case .portraitUpsideDown: "portraitUpsideDown"
        case .landscapeLeft: "landscapeLeft"
        case .landscapeRight: "landscapeRight"
        }
    }
}
