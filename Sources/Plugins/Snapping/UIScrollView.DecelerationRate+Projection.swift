import Foundation

// How far a flick glides: the projection the snapping policies make from UIKit's
// `UIScrollView.DecelerationRate`, the fraction of its velocity the content keeps each
// millisecond.
//
// After `n` milliseconds the velocity is `v·rⁿ` points per millisecond, and during millisecond
// `n` the content moves that many points; the distance to rest is the geometric series
// `v·r + v·r² + v·r³ + … = v·r / (1 − r)`, finite for `0 ≤ r < 1`. So a 1 pt/ms flick (1000
// points per second) travels `0.998 / 0.002 = 499` points at `.normal` and `0.99 / 0.01 = 99`
// points at `.fast`.
extension UIScrollView.DecelerationRate {
    /// Whether the rate is in `0 ..< 1`: 1 or more would never stop (the series diverges), a
    /// negative one would reverse direction every millisecond.
    public var isValid: Bool {
        rawValue.isFinite && rawValue >= 0 && rawValue < 1
    }

    /// The distance (points) the content glides from a release velocity (points per
    /// millisecond) before it stops: `velocity·r / (1 − r)`. Meaningless unless ``isValid``.
    public func projectedDistance(forVelocity velocity: CGFloat) -> CGFloat {
        velocity * rawValue / (1 - rawValue)
    }
}
