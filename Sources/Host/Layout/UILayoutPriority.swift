import ConstraintSolver

/// How strongly a constraint is wanted, on Auto Layout's 1…1000 scale (`UILayoutPriority`).
///
/// Priorities are strict: one satisfied constraint of a higher priority outweighs any number
/// of violated constraints of lower priorities.
///
/// As in UIKit, a priority is not written as a bare number: `UILayoutPriority(240)`, or a named
/// level with an offset (`.defaultHigh - 1`).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The priority on the 1…1000 scale.
    public let rawValue: Float

    /// Creates a priority. Values outside 1…1000 (or NaN) are refused where they are used.
    public init(rawValue: Float) {
        self.rawValue = rawValue
    }

    /// Creates a priority. Values outside 1…1000 (or NaN) are refused where they are used.
    public init(_ rawValue: Float) {
        self.rawValue = rawValue
    }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: compression resistance by default.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510: a drag that may resize the scene (UIKit's scene level just above "stay put").
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: the level at which a scene keeps its size. ScrollingContent's minimum-size
    /// constraints use it, so that a 750 chain wins and a 250 size loses.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490: a drag that may not resize the scene.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: content hugging by default.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the level ``UIView/systemLayoutSizeFitting(_:)`` holds the target size at.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Whether the priority can be used: finite and within 1…1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    /// Whether this is ``required``.
    public var isRequired: Bool { rawValue == 1000 }

    // UIKit's arithmetic on priorities (its `_UIKitNumericRawRepresentable` operators).

    /// A priority raised by an amount (`.defaultLow + 1`).
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue + rhs)
    }

    /// A priority raised by an amount (`1 + .defaultLow`).
    public static func + (lhs: Float, rhs: UILayoutPriority) -> UILayoutPriority {
        UILayoutPriority(lhs + rhs.rawValue)
    }

    /// A priority lowered by an amount (`.required - 1`).
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue - rhs)
    }

    /// How far apart two priorities are.
    public static func - (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Float {
        lhs.rawValue - rhs.rawValue
    }

    /// Raises a priority by an amount.
    public static func += (lhs: inout UILayoutPriority, rhs: Float) {
        lhs = lhs + rhs
    }

    /// Lowers a priority by an amount.
    public static func -= (lhs: inout UILayoutPriority, rhs: Float) {
        lhs = lhs - rhs
    }

    /// Whether `lhs` is the weaker priority.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The raw value, without a fraction when it has none (`750`, `999.5`).
    public var description: String {
        rawValue.isFinite && abs(rawValue) < 1e9 && Float(Int(rawValue)) == rawValue
            ? String(Int(rawValue)) : String(rawValue)
    }

    /// The solver's priority.
    var solverPriority: Priority { Priority(rawValue) }
}
