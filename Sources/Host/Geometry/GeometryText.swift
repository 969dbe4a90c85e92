import Foundation

// Small internal helpers for validating and printing geometry.

extension CGFloat {
    /// `375` rather than `375.0`, `187.5` as is: stable text for descriptions and golden tests.
    var compactText: String {
        if isFinite, Swift.abs(self) < 1e15, self == (self).rounded() { return String(Int64(self)) }
        return String(Double(self))
    }
}

extension Double {
    /// `1` rather than `1.0`.
    var compactDoubleText: String { CGFloat(self).compactText }
}

extension CGPoint {
    /// Whether both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
    /// `{x, y}`.
    var compactText: String { "{\(x.compactText), \(y.compactText)}" }
}

extension CGSize {
    /// Whether both dimensions are finite.
    var isFinite: Bool { width.isFinite && height.isFinite }
    /// `{width, height}`.
    var compactText: String { "{\(width.compactText), \(height.compactText)}" }
}

extension CGRect {
    /// Whether the origin and the size are finite.
    var isFinite: Bool { origin.isFinite && size.isFinite }
    /// `(x y; width height)`, as UIKit's `recursiveDescription` prints frames.
    var compactText: String {
        "(\(origin.x.compactText) \(origin.y.compactText); \(size.width.compactText) \(size.height.compactText))"
    }
}

/// Snaps solver noise away: a value within 1e-6 of a multiple of 1/4096 becomes that multiple.
///
/// The solver works in `Double` and leaves residues such as `646.9999999999999` after a few
/// pivots. Geometry in this package is made of points, halves and quarters (and pixel
/// fractions of up to 1/3 × 1/4 for @3x screens), all far coarser than 1/4096, while any real
/// residue is far below 1e-6; snapping to 1/4096 (a power of two, so the result is exact in
/// binary) makes exact geometry compare equal without hiding any real value.
func snapped(_ value: Double) -> Double {
    let scaled = value * 4096
    let nearest = scaled.rounded()
    return abs(scaled - nearest) <= 1e-6 * 4096 ? nearest / 4096 : value
}
