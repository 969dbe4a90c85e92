import Foundation

/// A device's screen: its size, scale, safe-area insets and keyboard heights in each
/// orientation (`UIScreen` plus what UIKit tells a window about the device).
///
/// The presets are representative devices (DESIGN §7). Custom screens use the initializer,
/// which checks every measurement (``ScreenError``); the measurements cannot change afterwards:
///
/// ```swift
/// let tiny = try Screen(name: "Tiny", portraitSize: CGSize(width: 320, height: 480), scale: 2,
///                   portraitSafeAreaInsets: EdgeInsets(top: 20), landscapeSafeAreaInsets: .zero,
///                   portraitKeyboardHeight: 216, landscapeKeyboardHeight: 162)
/// ```
public struct Screen: Hashable, Sendable, CustomStringConvertible {
    /// The device's name, for descriptions and snapshots.
    public var name: String
    /// The size in points in portrait (width < height).
    public let portraitSize: CGSize
    /// Pixels per point (2 or 3 on current devices).
    public let scale: CGFloat
    /// The safe-area insets in portrait (status bar or sensor housing on top, home indicator
    /// at the bottom).
    public let portraitSafeAreaInsets: EdgeInsets
    /// The safe-area insets in landscape, with the sensor housing's side as `left` and `right`
    /// (UIKit insets both sides equally, whichever way the device is turned).
    public let landscapeSafeAreaInsets: EdgeInsets
    /// The docked software keyboard's height in portrait, predictive bar included and, on
    /// devices with a home indicator, the home-indicator area too (the keyboard covers it).
    public let portraitKeyboardHeight: CGFloat
    /// The docked software keyboard's height in landscape, measured the same way.
    public let landscapeKeyboardHeight: CGFloat
    /// The height of the shortcut bar shown instead of the keyboard while a hardware keyboard
    /// is attached; 55 points by default, as iPadOS draws it.
    public let shortcutBarHeight: CGFloat
    /// Whether the keyboard can be undocked and float (iPad).
    public var supportsFloatingKeyboard: Bool
    /// Whether the interface can turn upside down (iPad, and phones without a sensor housing
    /// in apps that allow it; phones with one never do).
    public var supportsPortraitUpsideDown: Bool

    /// Creates a custom screen, checking every measurement.
    ///
    /// Throws ``ScreenError`` naming the first bad field: a NaN or infinite value, a size that
    /// is not positive or not portrait (wider than tall), a scale that is not positive, negative
    /// insets or insets that leave no room, a keyboard or shortcut bar that is negative or
    /// taller than the screen in its orientation. The presets are known to be valid.
    public init(name: String, portraitSize: CGSize, scale: CGFloat, portraitSafeAreaInsets: EdgeInsets,
                landscapeSafeAreaInsets: EdgeInsets, portraitKeyboardHeight: CGFloat,
                landscapeKeyboardHeight: CGFloat, shortcutBarHeight: CGFloat = 55,
                supportsFloatingKeyboard: Bool = false, supportsPortraitUpsideDown: Bool = false) throws(ScreenError)
    {
        self.init(preset: name, portraitSize: portraitSize, scale: scale,
                  portraitSafeAreaInsets: portraitSafeAreaInsets, landscapeSafeAreaInsets: landscapeSafeAreaInsets,
                  portraitKeyboardHeight: portraitKeyboardHeight, landscapeKeyboardHeight: landscapeKeyboardHeight,
                  shortcutBarHeight: shortcutBarHeight, supportsFloatingKeyboard: supportsFloatingKeyboard,
                  supportsPortraitUpsideDown: supportsPortraitUpsideDown)
        if let error = validationError { throw error }
    }

    /// Creates a screen without checking it: for the presets, whose values are known to be valid.
    private init(preset name: String, portraitSize: CGSize, scale: CGFloat, portraitSafeAreaInsets: EdgeInsets,
                 landscapeSafeAreaInsets: EdgeInsets, portraitKeyboardHeight: CGFloat,
                 landscapeKeyboardHeight: CGFloat, shortcutBarHeight: CGFloat = 55,
                 supportsFloatingKeyboard: Bool = false, supportsPortraitUpsideDown: Bool = false)
    {
        self.name = name
        self.portraitSize = portraitSize
        self.scale = scale
        self.portraitSafeAreaInsets = portraitSafeAreaInsets
        self.landscapeSafeAreaInsets = landscapeSafeAreaInsets
        self.portraitKeyboardHeight = portraitKeyboardHeight
        self.landscapeKeyboardHeight = landscapeKeyboardHeight
        self.shortcutBarHeight = shortcutBarHeight
        self.supportsFloatingKeyboard = supportsFloatingKeyboard
        self.supportsPortraitUpsideDown = supportsPortraitUpsideDown
    }

    /// The first field a screen cannot have, in declaration order, or `nil` when all are valid.
    private var validationError: ScreenError? {
        func bad(_ field: ScreenError.Field, _ value: some CustomStringConvertible, _ reason: String) -> ScreenError {
            .invalidValue(field: field, value: value.description, reason: reason)
        }
        let size = portraitSize
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            return bad(.portraitSize, "\(size.width)×\(size.height)", "the width and height must be finite and positive")
        }
        guard size.width <= size.height else {
            return bad(.portraitSize, "\(size.width)×\(size.height)", "a portrait size is not wider than tall")
        }
        guard scale.isFinite, scale > 0 else { return bad(.scale, scale, "it must be finite and positive") }
        let landscape = CGSize(width: size.height, height: size.width)
        for (field, insets, room) in [(ScreenError.Field.portraitSafeAreaInsets, portraitSafeAreaInsets, size),
                                      (.landscapeSafeAreaInsets, landscapeSafeAreaInsets, landscape)]
        {
            guard insets.isFinite, insets.top >= 0, insets.left >= 0, insets.bottom >= 0, insets.right >= 0 else {
                return bad(field, insets, "each inset must be finite and not negative")
            }
            guard insets.top + insets.bottom < room.height, insets.left + insets.right < room.width else {
                return bad(field, insets, "the insets leave no room in \(room.width)×\(room.height)")
            }
        }
        for (field, height, limit) in [(ScreenError.Field.portraitKeyboardHeight, portraitKeyboardHeight, size.height),
                                       (.landscapeKeyboardHeight, landscapeKeyboardHeight, landscape.height),
                                       // The bar shows in both orientations: it must fit the shorter one.
                                       (.shortcutBarHeight, shortcutBarHeight, landscape.height)]
        {
            guard height.isFinite, height >= 0, height <= limit else {
                return bad(field, height, "it must be finite, not negative and at most \(limit) (the screen's height)")
            }
        }
        return nil
    }

    // MARK: Per orientation

    /// The screen's bounds size in an orientation: the portrait size, turned for landscape.
    public func size(for orientation: Orientation) -> CGSize {
        orientation.isPortrait ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width)
    }

    /// The bounds in an orientation (origin zero): the window's frame, in screen coordinates.
    public func bounds(for orientation: Orientation) -> CGRect {
        CGRect(origin: .zero, size: size(for: orientation))
    }

    /// The safe-area insets in an orientation. Upside down uses the portrait insets: the
    /// status bar and the home indicator follow the interface.
    public func safeAreaInsets(for orientation: Orientation) -> EdgeInsets {
        orientation.isPortrait ? portraitSafeAreaInsets : landscapeSafeAreaInsets
    }

    /// The docked software keyboard's height in an orientation.
    public func keyboardHeight(for orientation: Orientation) -> CGFloat {
        orientation.isPortrait ? portraitKeyboardHeight : landscapeKeyboardHeight
    }

    /// Whether the interface can take an orientation on this device.
    public func supports(_ orientation: Orientation) -> Bool {
        orientation != .portraitUpsideDown || supportsPortraitUpsideDown
    }

    public var description: String { "\(name) (\(portraitSize.width.compactText)×\(portraitSize.height.compactText))" }

    // MARK: Presets

    /// iPhone SE (2nd and 3rd generation): 375×667 @2x, a 20 pt status bar, a home button.
    ///
    /// Landscape: 667×375 with no insets (iOS hides the status bar in landscape on iPhone).
    /// Keyboard: 260 pt in portrait (216 keys + 44 predictive bar) and 200 pt in landscape
    /// (162 keys + 38 predictive bar, HostKit's rounded choice).
    public static let iPhoneSE = Screen(
        preset: "iPhone SE", portraitSize: CGSize(width: 375, height: 667), scale: 2,
        portraitSafeAreaInsets: EdgeInsets(top: 20), landscapeSafeAreaInsets: .zero,
        portraitKeyboardHeight: 260, landscapeKeyboardHeight: 200)

    /// iPhone X-class (X, XS, 11 Pro): 375×812 @3x with a sensor housing and a home indicator.
    ///
    /// Portrait insets: top 44, bottom 34. Landscape (812×375): left and right 44, bottom 21.
    /// Keyboard: 336 pt in portrait and 209 pt in landscape, home-indicator area included.
    public static let iPhoneX = Screen(
        preset: "iPhone X", portraitSize: CGSize(width: 375, height: 812), scale: 3,
        portraitSafeAreaInsets: EdgeInsets(top: 44, bottom: 34),
        landscapeSafeAreaInsets: EdgeInsets(left: 44, bottom: 21, right: 44),
        portraitKeyboardHeight: 336, landscapeKeyboardHeight: 209)

    /// iPhone 15 Pro: 393×852 @3x with the Dynamic Island.
    ///
    /// Portrait insets: top 59, bottom 34. Landscape (852×393): left and right 59, bottom 21.
    /// Keyboard: 336 pt in portrait and 209 pt in landscape, home-indicator area included.
    public static let iPhone15Pro = Screen(
        preset: "iPhone 15 Pro", portraitSize: CGSize(width: 393, height: 852), scale: 3,
        portraitSafeAreaInsets: EdgeInsets(top: 59, bottom: 34),
        landscapeSafeAreaInsets: EdgeInsets(left: 59, bottom: 21, right: 59),
        portraitKeyboardHeight: 336, landscapeKeyboardHeight: 209)

    /// iPad Pro 11-inch: 834×1194 @2x.
    ///
    /// Insets: top 24 (status bar), bottom 20 (home indicator), in both orientations
    /// (landscape: 1194×834). Keyboard: 313 pt in portrait, 398 pt in landscape. Supports the
    /// floating keyboard and upside-down portrait.
    public static let iPadPro11 = Screen(
        preset: "iPad Pro 11-inch", portraitSize: CGSize(width: 834, height: 1194), scale: 2,
        portraitSafeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        landscapeSafeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        portraitKeyboardHeight: 313, landscapeKeyboardHeight: 398,
        supportsFloatingKeyboard: true, supportsPortraitUpsideDown: true)
}
