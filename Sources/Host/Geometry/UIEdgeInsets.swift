import Foundation

/// Insets for each edge of a rectangle (`UIEdgeInsets`).
///
/// Positive values shrink a rectangle, negative values grow it. HostKit has no right-to-left
/// layout, so `left` is also the leading edge.
public struct UIEdgeInsets: Equatable, Sendable, CustomStringConvertible {
    /// The inset of the top edge.
    public var top: CGFloat
    /// The inset of the left (leading) edge.
    public var left: CGFloat
    /// The inset of the bottom edge.
    public var bottom: CGFloat
    /// The inset of the right (trailing) edge.
    public var right: CGFloat

    /// Creates insets from the four edges (UIKit's `init(top:left:bottom:right:)`: every edge is
    /// given, there are no defaults).
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge (`UIEdgeInsets.zero`).
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Whether every edge is finite (neither NaN nor infinite). HostKit rejects other insets.
    /// (HostKit's own helper; UIKit has no such member.)
    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

    /// `left + right` (HostKit's own).
    var horizontal: CGFloat { left + right }

    /// `top + bottom` (HostKit's own).
    var vertical: CGFloat { top + bottom }

    /// The edge-by-edge sum (HostKit's own).
    static func + (lhs: UIEdgeInsets, rhs: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(
            top: lhs.top + rhs.top, left: lhs.left + rhs.left,
            bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
    }

    /// The edge-by-edge difference (HostKit's own).
    static func - (lhs: UIEdgeInsets, rhs: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(
            top: lhs.top - rhs.top, left: lhs.left - rhs.left,
            bottom: lhs.bottom - rhs.bottom, right: lhs.right - rhs.right)
    }

    /// `{top, left, bottom, right}`, as UIKit prints `UIEdgeInsets`.
    public var description: String {
        "{\(top.compactText), \(left.compactText), \(bottom.compactText), \(right.compactText)}"
    }
}

extension CGRect {
    /// The rectangle with each edge moved inwards by the inset (`CGRect.inset(by:)` in UIKit).
    ///
    /// Unlike `insetBy(dx:dy:)` the result is not standardized: insets larger than the
    /// rectangle give a negative width or height, which callers clamp where they need to.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }
}
