import Foundation

/// A point in a rectangle's unit square: `(0, 0)` is its top-leading corner, `(1, 1)` its
/// bottom-trailing corner (SwiftUI's `UnitPoint`).
///
/// A ``ScrollProxy`` uses it to say which part of a target view meets the same part of the
/// scroll view's visible area: ``top`` puts the target's top edge at the top of the visible
/// area, ``bottom`` its bottom edge at the bottom, ``center`` its centre at the centre.
/// HostKit lays out left to right, so leading is left and trailing is right.
public struct UnitPoint: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal position: 0 at the leading edge, 1 at the trailing edge.
    public var x: CGFloat
    /// The vertical position: 0 at the top edge, 1 at the bottom edge.
    public var y: CGFloat

    /// Creates a unit point. Values outside 0…1 are allowed (they reach beyond the edges, as
    /// in SwiftUI); a ``ScrollProxy`` refuses non-finite ones.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// `(0, 0)`, the top-leading corner (SwiftUI's `.zero`, the same point as ``topLeading``).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// `(0.5, 0.5)`, the centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// `(0, 0.5)`, the middle of the leading edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// `(1, 0.5)`, the middle of the trailing edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// `(0.5, 0)`, the middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// `(0.5, 1)`, the middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// `(0, 0)`, the top-leading corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// `(1, 0)`, the top-trailing corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// `(0, 1)`, the bottom-leading corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// `(1, 1)`, the bottom-trailing corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// Whether both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// `UnitPoint(x, y)`.
    public var description: String { "UnitPoint(\(x), \(y))" }
}
