import ConstraintSolver

/// How strongly a constraint is wanted, on Auto Layout's 1…1000 scale (`UILayoutPriority`).
///
/// Priorities are strict: one satisfied constraint of a higher priority outweighs any number
/// of violated constraints of lower priorities.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
    /// The priority on the 1…1000 scale.
    public var rawValue: Float

    /// Creates a priority. Values outside 1…1000 (or NaN) are refused where they are used.
    public init(rawValue: Float) {
        self.rawValue = rawValue
    }

    /// Creates a priority. Values outside 1…1000 (or NaN) are refused where they are used.
    public init(_ rawValue: Float) {
        self.rawValue = rawValue
    }

    /// Creates a priority from a literal (`let p: LayoutPriority = 999.5`).
    public init(floatLiteral value: Float) {
        self.rawValue = value
    }

    /// Creates a priority from a literal (`constraint.priority = 999`).
    public init(integerLiteral value: Int) {
        self.rawValue = Float(value)
    }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(1000)
    /// 750: compression resistance by default.
    public static let defaultHigh = LayoutPriority(750)
    /// 510: a drag that may resize the scene (UIKit's scene level just above "stay put").
    public static let dragThatCanResizeScene = LayoutPriority(510)
    /// 500: the level at which a scene keeps its size. ScrollingContent's minimum-size
    /// constraints use it, so that a 750 chain wins and a 250 size loses.
    public static let sceneSizeStayPut = LayoutPriority(500)
    /// 490: a drag that may not resize the scene.
    public static let dragThatCannotResizeScene = LayoutPriority(490)
    /// 250: content hugging by default.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the level ``View/systemLayoutSizeFitting(_:)`` holds the target size at.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether the priority can be used: finite and within 1…1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    /// Whether this is ``required``.
    public var isRequired: Bool { rawValue == 1000 }

    /// A priority raised by an amount (`priority + 1`, as Swift code against UIKit writes).
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(lhs.rawValue + rhs)
    }

    /// A priority lowered by an amount.
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(lhs.rawValue - rhs)
    }

    /// Whether `lhs` is the weaker priority.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The raw value, without a fraction when it has none (`750`, `999.5`).
    public var description: String {
        rawValue.isFinite && abs(rawValue) < 1e9 && Float(Int(rawValue)) == rawValue
            ? String(Int(rawValue)) : String(rawValue)
    }

    /// The solver's priority.
    var solverPriority: Priority { Priority(rawValue) }
}
