import Foundation

/// An RGBA colour for `View.backgroundColor` and snapshots (`UIColor`, reduced to what a
/// headless host needs).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// The opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour; components are clamped to 0…1 (NaN becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// Creates a grey of the given brightness (`UIColor(white:alpha:)`).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A fully transparent colour.
    public static let clear = Color(white: 0, alpha: 0)
    /// Black.
    public static let black = Color(white: 0)
    /// White.
    public static let white = Color(white: 1)
    /// A mid grey (`UIColor.gray`, 50 %).
    public static let gray = Color(white: 0.5)
    /// A light grey (`UIColor.lightGray`, 2/3 white).
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// Red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Orange (`UIColor.orange`: 1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// iOS's system blue (0, 122, 255).
    public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)

    /// `#rrggbb` (the opacity is not included; see ``alpha``).
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let text = String(Int((v * 255).rounded()), radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    /// `#rrggbb` followed by the opacity when it is not 1.
    public var description: String {
        alpha == 1 ? hexString : "\(hexString) alpha \(alpha.compactDoubleText)"
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }
}
