import Foundation

// Small helpers for validating and printing geometry, shared by the policies and the manager
// (package access: they are not API). UIKit has none of them.

extension CGFloat {
    /// `375` rather than `375.0`, `187.5` as is: stable text for timelines and diagnostics.
    package var compactText: String {
        if isFinite, Swift.abs(self) < 1e15, self == rounded() { return String(Int64(self)) }
        return String(Double(self))
    }
}

extension CGPoint {
    /// Whether both coordinates are finite.
    package var isFinite: Bool { x.isFinite && y.isFinite }
    /// `{x, y}`.
    package var compactText: String { "{\(x.compactText), \(y.compactText)}" }
}

extension CGSize {
    /// Whether both dimensions are finite.
    package var isFinite: Bool { width.isFinite && height.isFinite }
    /// `{width, height}`.
    package var compactText: String { "{\(width.compactText), \(height.compactText)}" }
}

extension CGRect {
    /// Whether the origin and the size are finite.
    package var isFinite: Bool { origin.isFinite && size.isFinite }
    /// `(x y; width height)`, as UIKit's `recursiveDescription` prints frames.
    package var compactText: String {
        "(\(origin.x.compactText) \(origin.y.compactText); \(size.width.compactText) \(size.height.compactText))"
    }
}

extension UIEdgeInsets {
    /// Whether every edge is finite.
    package var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
    /// `{top, left, bottom, right}`, as UIKit's `NSStringFromUIEdgeInsets` prints insets.
    package var compactText: String {
        "{\(top.compactText), \(left.compactText), \(bottom.compactText), \(right.compactText)}"
    }
}
