/// How the two sides of a ``Constraint`` relate.
public enum Relation: Sendable, CustomStringConvertible {
    /// `expression <= 0`: the left side is at most the right (`<=`).
    case lessThanOrEqual
    /// `expression == 0`: the two sides are equal (`==`).
    case equal
    /// `expression >= 0`: the left side is at least the right (`>=`).
    case greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation between variables, with a priority: `expression relation 0`.
///
/// Create constraints with the operators: `x + 10 <= y`, `(width == 100).withPriority(.defaultLow)`.
/// A constraint is an immutable value with identity; the solver tracks it by identity, so the
/// same constraint object is added and removed. To change its constant cheaply once added, use
/// ``Solver/setConstant(_:for:)`` rather than removing and re-adding it.
public final class Constraint: Sendable, CustomStringConvertible {
    /// The left side minus the right side.
    public let expression: Expression
    /// How ``expression`` relates to zero.
    public let relation: Relation
    /// ``Priority/required`` by default.
    public let priority: Priority

    /// Creates the constraint `expression relation 0` at a priority.
    public init(_ expression: Expression, _ relation: Relation, priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// A new constraint with the same relation at another priority.
    public func withPriority(_ priority: Priority) -> Constraint {
        Constraint(expression, relation, priority: priority)
    }

    public var description: String {
        let suffix = priority.isRequired ? "" : " @\(priority)"
        return "\(expression) \(relation) 0\(suffix)"
    }
}
