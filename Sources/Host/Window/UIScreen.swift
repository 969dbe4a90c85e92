import Foundation

/// A device's screen: its size, scale, safe-area insets and keyboard heights in each
/// orientation (`UIScreen` plus what UIKit tells a window about the device).
///
/// As in UIKit a screen is an object, and keyboard notifications name it: HostKit's keyboard
/// posts them on `NotificationCenter.default` with the window's screen as the object, so an
/// observer that passes `object: window.screen` hears only that screen's keyboard. Each
/// reading of a preset (``iPhoneSE``…) makes a new screen, so windows in tests that run in
/// parallel never share one — and so never hear each other's keyboards. Windows that do share
/// a screen hear each other's keyboard notifications, as windows on one device do.
///
/// The presets are representative devices (DESIGN §7). Custom screens use the initializer,
/// which checks every measurement (``ScreenError``); the measurements cannot change afterwards:
///
/// ```swift
/// let tiny = try UIScreen(name: "Tiny", portraitSize: CGSize(width: 320, height: 480), scale: 2,
///                         portraitSafeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
///                         landscapeSafeAreaInsets: .zero,
///                         portraitKeyboardHeight: 216, landscapeKeyboardHeight: 162)
/// ```
@MainActor
public final class UIScreen: NSObject {
    /// The device's name, for descriptions and snapshots (HostKit's own).
    public var name: String
    /// The size in points in portrait (width < height).
    public let portraitSize: CGSize
    /// Pixels per point (2 or 3 on current devices).
    public let scale: CGFloat
    /// The safe-area insets in portrait (status bar or sensor housing on top, home indicator
    /// at the bottom).
    public let portraitSafeAreaInsets: UIEdgeInsets
    /// The safe-area insets in landscape, with the sensor housing's side as `left` and `right`
    /// (UIKit insets both sides equally, whichever way the device is turned).
    public let landscapeSafeAreaInsets: UIEdgeInsets
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

    /// The interface orientation of the windows on this screen: set by ``UIWindow`` when it is
    /// created and when it rotates.
    var interfaceOrientation: UIInterfaceOrientation {
        get { orientation.value }
        set { orientation.value = newValue }
    }

    /// The storage of ``interfaceOrientation``, shared with the screen's coordinate space, which
    /// reads its bounds from it rather than from the screen.
    private let orientation = ScreenOrientation()

    /// The screen's bounds in the current interface orientation (`UIScreen.bounds`): origin
    /// zero, the portrait size turned for landscape.
    public var bounds: CGRect { bounds(for: interfaceOrientation) }

    /// The screen's coordinate space (`UIScreen.coordinateSpace`): keyboard frames are in it. A
    /// HostKit window fills its screen from the origin without a transform, so screen points
    /// are window points.
    public var coordinateSpace: any UICoordinateSpace { screenCoordinateSpace }

    /// ``coordinateSpace``, made once: every keyboard notification's frames are converted
    /// through it, and a new object per read cost an allocation and a weak reference each time.
    private lazy var screenCoordinateSpace = ScreenCoordinateSpace(portraitSize: portraitSize, orientation: orientation)

    /// Creates a custom screen, checking every measurement.
    ///
    /// Throws ``ScreenError`` naming the first bad field: a NaN or infinite value, a size that
    /// is not positive or not portrait (wider than tall), a scale that is not positive, negative
    /// insets or insets that leave no room, a keyboard or shortcut bar that is negative or
    /// taller than the screen in its orientation. The presets are known to be valid.
    public convenience init(
        name: String, portraitSize: CGSize, scale: CGFloat, portraitSafeAreaInsets: UIEdgeInsets,
        landscapeSafeAreaInsets: UIEdgeInsets, portraitKeyboardHeight: CGFloat,
        landscapeKeyboardHeight: CGFloat, shortcutBarHeight: CGFloat = 55,
        supportsFloatingKeyboard: Bool = false, supportsPortraitUpsideDown: Bool = false
    )
        throws(ScreenError)
    {
        if let error = Self.validationError(
            portraitSize: portraitSize, scale: scale,
            portraitSafeAreaInsets: portraitSafeAreaInsets,
            landscapeSafeAreaInsets: landscapeSafeAreaInsets,
            portraitKeyboardHeight: portraitKeyboardHeight,
            landscapeKeyboardHeight: landscapeKeyboardHeight,
            shortcutBarHeight: shortcutBarHeight)
        {
            throw error
        }
        self.init(
            preset: name, portraitSize: portraitSize, scale: scale,
            portraitSafeAreaInsets: portraitSafeAreaInsets, landscapeSafeAreaInsets: landscapeSafeAreaInsets,
            portraitKeyboardHeight: portraitKeyboardHeight, landscapeKeyboardHeight: landscapeKeyboardHeight,
            shortcutBarHeight: shortcutBarHeight, supportsFloatingKeyboard: supportsFloatingKeyboard,
            supportsPortraitUpsideDown: supportsPortraitUpsideDown)
    }

    /// Creates a screen without checking it: for the presets, whose values are known to be valid.
    private init(
        preset name: String, portraitSize: CGSize, scale: CGFloat, portraitSafeAreaInsets: UIEdgeInsets,
        landscapeSafeAreaInsets: UIEdgeInsets, portraitKeyboardHeight: CGFloat,
        landscapeKeyboardHeight: CGFloat, shortcutBarHeight: CGFloat = 55,
        supportsFloatingKeyboard: Bool = false, supportsPortraitUpsideDown: Bool = false
    ) {
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
        super.init()
    }

    /// The first field a screen cannot have, in declaration order, or `nil` when all are valid.
    private static func validationError(
        portraitSize size: CGSize, scale: CGFloat, portraitSafeAreaInsets: UIEdgeInsets,
        landscapeSafeAreaInsets: UIEdgeInsets, portraitKeyboardHeight: CGFloat,
        landscapeKeyboardHeight: CGFloat, shortcutBarHeight: CGFloat
    ) -> ScreenError? {
        func bad(_ field: ScreenError.Field, _ value: some CustomStringConvertible, _ reason: String) -> ScreenError {
            .invalidValue(field: field, value: value.description, reason: reason)
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            return bad(
                .portraitSize, "\(size.width)×\(size.height)", "the width and height must be finite and positive")
        }
        guard size.width <= size.height else {
            return bad(.portraitSize, "\(size.width)×\(size.height)", "a portrait size is not wider than tall")
        }
        guard scale.isFinite, scale > 0 else { return bad(.scale, scale, "it must be finite and positive") }
        let landscape = Self.size(portrait: size, in: .landscapeLeft)
        for (field, insets, room) in [
            (ScreenError.Field.portraitSafeAreaInsets, portraitSafeAreaInsets, size),
            (.landscapeSafeAreaInsets, landscapeSafeAreaInsets, landscape),
        ] {
            guard insets.isFinite, insets.top >= 0, insets.left >= 0, insets.bottom >= 0, insets.right >= 0 else {
                return bad(field, insets, "each inset must be finite and not negative")
            }
            guard insets.top + insets.bottom < room.height, insets.left + insets.right < room.width else {
                return bad(field, insets, "the insets leave no room in \(room.width)×\(room.height)")
            }
        }
        for (field, height, limit) in [
            (ScreenError.Field.portraitKeyboardHeight, portraitKeyboardHeight, size.height),
            (.landscapeKeyboardHeight, landscapeKeyboardHeight, landscape.height),
            // The bar shows in both orientations: it must fit the shorter one.
            (.shortcutBarHeight, shortcutBarHeight, landscape.height),
        ] {
            guard height.isFinite, height >= 0, height <= limit else {
                return bad(field, height, "it must be finite, not negative and at most \(limit) (the screen's height)")
            }
        }
        return nil
    }

    // MARK: Per orientation

    /// The screen's bounds size in an orientation: the portrait size, turned for landscape.
    public func size(for orientation: UIInterfaceOrientation) -> CGSize {
        Self.size(portrait: portraitSize, in: orientation)
    }

    /// A portrait size, turned for landscape: ``size(for:)``, also for the screen's coordinate
    /// space, which holds the size rather than the screen, and for the validation of a new
    /// screen's landscape insets.
    nonisolated static func size(portrait: CGSize, in orientation: UIInterfaceOrientation) -> CGSize {
        orientation.isPortrait ? portrait : CGSize(width: portrait.height, height: portrait.width)
    }

    /// The bounds in an orientation (origin zero): the window's frame, in screen coordinates.
    public func bounds(for orientation: UIInterfaceOrientation) -> CGRect {
        CGRect(origin: .zero, size: size(for: orientation))
    }

    /// The safe-area insets in an orientation. Upside down uses the portrait insets: the
    /// status bar and the home indicator follow the interface.
    public func safeAreaInsets(for orientation: UIInterfaceOrientation) -> UIEdgeInsets {
        orientation.isPortrait ? portraitSafeAreaInsets : landscapeSafeAreaInsets
    }

    /// The docked software keyboard's height in an orientation.
    public func keyboardHeight(for orientation: UIInterfaceOrientation) -> CGFloat {
        orientation.isPortrait ? portraitKeyboardHeight : landscapeKeyboardHeight
    }

    /// Whether the interface can take an orientation on this device: ``UIInterfaceOrientation/unknown``
    /// never, upside down only where ``supportsPortraitUpsideDown``.
    public func supports(_ orientation: UIInterfaceOrientation) -> Bool {
        orientation != .unknown && (orientation != .portraitUpsideDown || supportsPortraitUpsideDown)
    }

    /// `iPhone SE (375×667)`.
    public nonisolated override var description: String {
        MainActor.assumeIsolated { "\(name) (\(portraitSize.width.compactText)×\(portraitSize.height.compactText))" }
    }

    // MARK: Presets

    /// iPhone SE (2nd and 3rd generation): 375×667 @2x, a 20 pt status bar, a home button.
    ///
    /// Landscape: 667×375 with no insets (iOS hides the status bar in landscape on iPhone).
    /// Keyboard: 260 pt in portrait (216 keys + 44 predictive bar) and 200 pt in landscape
    /// (162 keys + 38 predictive bar, HostKit's rounded choice).
    public static var iPhoneSE: UIScreen {
        UIScreen(
            preset: "iPhone SE", portraitSize: CGSize(width: 375, height: 667), scale: 2,
            portraitSafeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), landscapeSafeAreaInsets: .zero,
            portraitKeyboardHeight: 260, landscapeKeyboardHeight: 200)
    }

    /// iPhone X-class (X, XS, 11 Pro): 375×812 @3x with a sensor housing and a home indicator.
    ///
    /// Portrait insets: top 44, bottom 34. Landscape (812×375): left and right 44, bottom 21.
    /// Keyboard: 336 pt in portrait and 209 pt in landscape, home-indicator area included.
    public static var iPhoneX: UIScreen {
        UIScreen(
            preset: "iPhone X", portraitSize: CGSize(width: 375, height: 812), scale: 3,
            portraitSafeAreaInsets: UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
            landscapeSafeAreaInsets: UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
            portraitKeyboardHeight: 336, landscapeKeyboardHeight: 209)
    }

    /// iPhone 15 Pro: 393×852 @3x with the Dynamic Island.
    ///
    /// Portrait insets: top 59, bottom 34. Landscape (852×393): left and right 59, bottom 21.
    /// Keyboard: 336 pt in portrait and 209 pt in landscape, home-indicator area included.
    public static var iPhone15Pro: UIScreen {
        UIScreen(
            preset: "iPhone 15 Pro", portraitSize: CGSize(width: 393, height: 852), scale: 3,
            portraitSafeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
            landscapeSafeAreaInsets: UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
            portraitKeyboardHeight: 336, landscapeKeyboardHeight: 209)
    }

    /// iPad Pro 11-inch: 834×1194 @2x.
    ///
    /// Insets: top 24 (status bar), bottom 20 (home indicator), in both orientations
    /// (landscape: 1194×834). Keyboard: 313 pt in portrait, 398 pt in landscape. Supports the
    /// floating keyboard and upside-down portrait.
    public static var iPadPro11: UIScreen {
        UIScreen(
            preset: "iPad Pro 11-inch", portraitSize: CGSize(width: 834, height: 1194), scale: 2,
            portraitSafeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
            landscapeSafeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
            portraitKeyboardHeight: 313, landscapeKeyboardHeight: 398,
            supportsFloatingKeyboard: true, supportsPortraitUpsideDown: true)
    }
}

/// A screen's coordinate space: a HostKit window fills its screen from the origin, so a
/// screen point is the point of every window on it.
@MainActor
final class ScreenCoordinateSpace: NSObject, UICoordinateSpace {
    // The screen's size and its orientation's storage, not the screen: a weak reference to the
    // screen gave it a side table, through which every retain and release of it then went (each
    // keyboard notification carries the screen, and is copied and bridged several times).
    private let portraitSize: CGSize
    private let orientation: ScreenOrientation

    init(portraitSize: CGSize, orientation: ScreenOrientation) {
        self.portraitSize = portraitSize
        self.orientation = orientation
        super.init()
    }

    /// The screen's bounds (``UIScreen/bounds``).
    var bounds: CGRect {
        CGRect(origin: .zero, size: UIScreen.size(portrait: portraitSize, in: orientation.value))
    }

    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        guard let view = coordinateSpace as? UIView else { return point }
        return view.convert(point, from: nil)
    }

    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        guard let view = coordinateSpace as? UIView else { return point }
        return view.convert(point, to: nil)
    }

    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        guard let view = coordinateSpace as? UIView else { return rect }
        return view.convert(rect, from: nil)
    }

    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        guard let view = coordinateSpace as? UIView else { return rect }
        return view.convert(rect, to: nil)
    }
}

/// A screen's interface orientation, in an object the screen and its coordinate space share.
@MainActor
final class ScreenOrientation {
    var value = UIInterfaceOrientation.portrait
}
