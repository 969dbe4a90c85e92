import Foundation
import HostKit
import ScrollingPlugins

// UIScreen geometry the policy tests derive their expectations from (DESIGN.md §7). Plain values:
// the policies are tested with no window, no view and no clock.

/// iPhone SE, portrait: 375×667, a 20 pt status bar, a 260 pt keyboard (216 keys + 44 predictive bar).
enum PhoneSE {
    static let bounds = CGRect(x: 0, y: 0, width: 375, height: 667)
    static let safeAreaTop: CGFloat = 20
    static let keyboardHeight: CGFloat = 260
}

/// A notched iPhone (X-class): 375×812 portrait with insets top 44 / bottom 34, a 336 pt keyboard
/// (home-indicator area included); 812×375 landscape with insets left/right 44, bottom 21.
enum NotchedPhone {
    static let bounds = CGRect(x: 0, y: 0, width: 375, height: 812)
    static let safeAreaTop: CGFloat = 44
    static let safeAreaBottom: CGFloat = 34
    static let keyboardHeight: CGFloat = 336

    static let landscapeBounds = CGRect(x: 0, y: 0, width: 812, height: 375)
    static let landscapeSafeAreaSide: CGFloat = 44
    static let landscapeSafeAreaBottom: CGFloat = 21
}

/// iPad Pro 11-inch: 834×1194 portrait (keyboard 313), 1194×834 landscape (keyboard 398).
enum IPadPro11 {
    static let bounds = CGRect(x: 0, y: 0, width: 834, height: 1194)
    static let keyboardHeight: CGFloat = 313
    static let landscapeBounds = CGRect(x: 0, y: 0, width: 1194, height: 834)
    static let landscapeKeyboardHeight: CGFloat = 398
    /// iPadOS's floating keyboard, about 320×250.
    static let floatingKeyboardSize = CGSize(width: 320, height: 250)
}

/// UIKit's navigation bar: 44 pt tall in portrait on a phone, 32 pt in landscape (compact).
enum NavigationBarHeight {
    static let regular: CGFloat = 44
    static let compact: CGFloat = 32
}

/// The keyboard docked at the bottom of `window`, across its full width.
func dockedKeyboardFrame(height: CGFloat, in window: CGRect) -> CGRect {
    CGRect(x: window.minX, y: window.maxY - height, width: window.width, height: height)
}

/// A keyboard event; the keyboard's own animation (0.25 s) unless a duration is given.
func keyboardEvent(
    _ kind: KeyboardEvent.Kind, end: CGRect = .zero, at time: TimeInterval = 0,
    duration: TimeInterval = 0.25
) -> KeyboardEvent {
    KeyboardEvent(kind: kind, frameEnd: end, duration: duration, time: time)
}

/// A `keyboardWillShow` for a keyboard of `height` docked in `window`.
func showEvent(height: CGFloat, in window: CGRect, at time: TimeInterval = 0) -> KeyboardEvent {
    keyboardEvent(.willShow, end: dockedKeyboardFrame(height: height, in: window), at: time)
}

/// A `keyboardWillHide` for a keyboard of `height` leaving `window`: its end frame lies just
/// below the window, as UIKit posts it.
func hideEvent(height: CGFloat, in window: CGRect, at time: TimeInterval = 0) -> KeyboardEvent {
    keyboardEvent(.willHide, end: CGRect(x: window.minX, y: window.maxY, width: window.width, height: height), at: time)
}

/// Whether two times agree up to rounding: virtual times are sums such as `0.07 + 0.1`.
func isClose(_ a: TimeInterval?, _ b: TimeInterval, tolerance: TimeInterval = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
