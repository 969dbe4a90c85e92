import Foundation

/// An RGBA colour for `backgroundColor` and snapshots (`UIColor`, reduced to what a headless
/// host needs: no colour spaces, no dynamic colours).
///
/// Colours are immutable values compared by their components, as UIKit compares colours of
/// one colour space.
public final class UIColor: NSObject, @unchecked Sendable {
    // `@unchecked Sendable`: every stored property is a `let` of a `Sendable` type.

    /// The red component, 0…1.
    let red: CGFloat
    /// The green component, 0…1.
    let green: CGFloat
    /// The blue component, 0…1.
    let blue: CGFloat
    /// The opacity, 0 (transparent) … 1 (opaque).
    let alpha: CGFloat

    /// Creates a colour (`UIColor(red:green:blue:alpha:)`); components are clamped to 0…1 (NaN
    /// becomes 0).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
        super.init()
    }

    /// Creates a grey of the given brightness (`UIColor(white:alpha:)`).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A fully transparent colour.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// Black.
    public static let black = UIColor(white: 0, alpha: 1)
    /// White.
    public static let white = UIColor(white: 1, alpha: 1)
    /// A mid grey (`UIColor.gray`, 50 %).
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// A light grey (`UIColor.lightGray`, 2/3 white).
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// Red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Yellow.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Orange (`UIColor.orange`: 1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// iOS's system blue (0, 122, 255).
    public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    /// The light-mode system background, white (`UIColor.systemBackground`).
    public static let systemBackground = UIColor(white: 1, alpha: 1)

    /// Reads the components (`UIColor.getRed(_:green:blue:alpha:)`); always succeeds, HostKit
    /// colours being RGB.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    /// The colour with another opacity (`UIColor.withAlphaComponent(_:)`).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#rrggbb`, the opacity left out (HostKit's own, for SVG snapshots).
    public var hexString: String {
        func byte(_ v: CGFloat) -> String {
            let text = String(Int((v * 255).rounded()), radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    /// `#rrggbb` followed by the opacity when it is not 1.
    public override var description: String {
        alpha == 1 ? hexString : "\(hexString) alpha \(Double(alpha).compactDoubleText)"
    }

    /// Whether `object` is a colour with the same components.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    }

    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
        return hasher.finalize()
    }

    private static func clamp(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }
}
