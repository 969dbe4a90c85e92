// The operators that build expressions and constraints, in the spirit of kiwi's Python API:
// `x + 2 * y - 10 >= z` is a `Constraint`. Scaling is by constants only (the system is linear).

// MARK: - Building expressions

/// The sum of two expressions (variables, terms, expressions or constants): `x + 10`, `x + y`.
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let l = lhs.expression
    let r = rhs.expression
    return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

/// The difference of two expressions: `right - left`, `x - 8`.
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + (-1.0 * rhs.expression)
}

/// The negation of an expression: `-x` is `-1 * x`.
public prefix func - <V: ExpressionConvertible>(value: V) -> Expression {
    -1.0 * value.expression
}

/// A variable scaled by a constant: `2 * x`.
public func * (lhs: Double, rhs: Variable) -> Term {
    Term(rhs, coefficient: lhs)
}

/// A variable scaled by a constant: `x * 2`.
public func * (lhs: Variable, rhs: Double) -> Term {
    Term(lhs, coefficient: rhs)
}

/// A term scaled by a constant: `2 * (3 * x)` is `6 * x`.
public func * (lhs: Double, rhs: Term) -> Term {
    Term(rhs.variable, coefficient: lhs * rhs.coefficient)
}

/// A term scaled by a constant: `(3 * x) * 2` is `6 * x`.
public func * (lhs: Term, rhs: Double) -> Term {
    rhs * lhs
}

/// An expression scaled by a constant, every term and the constant: `0.5 * (x + 10)`.
public func * (lhs: Double, rhs: Expression) -> Expression {
    Expression(rhs.terms.map { lhs * $0 }, constant: lhs * rhs.constant)
}

/// An expression scaled by a constant, every term and the constant: `(x + 10) * 0.5`.
public func * (lhs: Expression, rhs: Double) -> Expression {
    rhs * lhs
}

/// A variable divided by a constant: `x / 2` is `0.5 * x`.
public func / (lhs: Variable, rhs: Double) -> Term {
    (1.0 / rhs) * lhs
}

/// A term divided by a constant: `(3 * x) / 2` is `1.5 * x`.
public func / (lhs: Term, rhs: Double) -> Term {
    (1.0 / rhs) * lhs
}

/// An expression divided by a constant: `(x + y) / 2`.
public func / (lhs: Expression, rhs: Double) -> Expression {
    (1.0 / rhs) * lhs
}

// MARK: - Building constraints (required; use `withPriority(_:)` for another priority)

/// A required constraint that both sides are equal: `x == y + 8`. Its expression is `lhs - rhs`.
public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// A required constraint that the left side is at most the right: `x + width <= 320`.
/// Its expression is `lhs - rhs`.
public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// A required constraint that the left side is at least the right: `width >= 44`.
/// Its expression is `lhs - rhs`.
public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}
