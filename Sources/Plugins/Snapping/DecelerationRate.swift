import Foundation

/// How quickly a scroll view slows down after the finger lifts
/// (`UIScrollView.DecelerationRate`): the fraction of its velocity the content keeps each
/// millisecond.
///
/// Where the content comes to rest follows from it. After `n` milliseconds the velocity is
/// `v·rⁿ` points per millisecond, and during millisecond `n` the content moves that many
/// points; the distance to rest is the geometric series
/// `v·r + v·r² + v·r³ + … = v·r / (1 − r)`, finite for `0 ≤ r < 1`. So a 1 pt/ms flick (1000
/// points per second) travels `0.998 / 0.002 = 499` points at ``normal`` and `0.99 / 0.01 = 99`
/// points at ``fast``.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The fraction of the velocity kept per millisecond; valid in `0 ..< 1`.
    public var rawValue: CGFloat

    /// Creates a rate. A value outside `0 ..< 1` (or not finite) is kept but ``isValid`` is
    /// `false` and the snapping policies refuse it.
    public init(rawValue: CGFloat) {
        self.rawValue = rawValue
    }

    /// UIKit's default, 0.998 per millisecond: a long glide (a 1 pt/ms flick travels 499 pt).
    public static let normal = DecelerationRate(rawValue: 0.998)

    /// UIKit's quick stop, 0.99 per millisecond, used with paging: a 1 pt/ms flick travels 99 pt.
    public static let fast = DecelerationRate(rawValue: 0.99)

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

    /// The rate's name and value, "normal (0.998)" or "fast (0.99)", or the bare value.
    public var description: String {
        switch self {
        case .normal: "normal (\(rawValue))"
        case .fast: "fast (\(rawValue))"
        default: "\(rawValue)"
        }
    }
}
