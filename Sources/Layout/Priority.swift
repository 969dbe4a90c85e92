/// How strongly a constraint or an edit variable is wanted, on Auto Layout's scale of 1…1000.
///
/// ``required`` (1000) constraints must hold. Every lower priority is optional, and priorities
/// are *strict*: satisfying one constraint of a higher priority outweighs any number of
/// violated constraints of lower priorities. Among constraints of the same priority the solver
/// minimises the sum of their absolute errors.
///
/// The named levels are UIKit's `UILayoutPriority` values, so layout code reads the same.
public struct Priority: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
    /// The priority on the 1…1000 scale. Values outside it are rejected when used.
    public var rawValue: Float

    /// Creates a priority; it must lie in 1…1000 when a constraint or edit variable uses it.
    public init(_ rawValue: Float) {
        self.rawValue = rawValue
    }

    public init(floatLiteral value: Float) {
        self.init(value)
    }

    public init(integerLiteral value: Int) {
        self.init(Float(value))
    }

    /// 1000: the constraint must hold (`UILayoutPriority.required`).
    public static let required = Priority(1000)
    /// 750: the default priority of compression resistance (`UILayoutPriority.defaultHigh`).
    public static let defaultHigh = Priority(750)
    /// 500: the level at which a scene keeps its size (`UILayoutPriority.sceneSizeStayPut`);
    /// ScrollingContent's minimum-size constraints use it.
    public static let sceneSizeStayPut = Priority(500)
    /// 250: the default priority of content hugging (`UILayoutPriority.defaultLow`).
    public static let defaultLow = Priority(250)
    /// 50: the level used to fit a view to a target size (`UILayoutPriority.fittingSizeLevel`).
    public static let fittingSizeLevel = Priority(50)

    /// Whether the value is a usable priority: finite and within 1…1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    /// Whether this is ``required``.
    public var isRequired: Bool { rawValue == 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        rawValue.isFinite && abs(rawValue) < 1e9 && Float(Int(rawValue)) == rawValue
            ? String(Int(rawValue)) : String(rawValue)
    }
}
