// The operators that build expressions and constraints, in the spirit of kiwi's Python API:
// `x + 2 * y - 10 >= z` is a `Constraint`. Scaling is by constants only (the system is linear).

// MARK: - Building expressions

public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let l = lhs.expression
    let r = rhs.expression
    return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + (-1.0 * rhs.expression)
}

public prefix func - <V: ExpressionConvertible>(value: V) -> Expression {
    -1.0 * value.expression
}

public func * (lhs: Double, rhs: Variable) -> Term {
    Term(rhs, coefficient: lhs)
}

public func * (lhs: Variable, rhs: Double) -> Term {
    Term(lhs, coefficient: rhs)
}

public func * (lhs: Double, rhs: Term) -> Term {
    Term(rhs.variable, coefficient: lhs * rhs.coefficient)
}

public func * (lhs: Term, rhs: Double) -> Term {
    rhs * lhs
}

public func * (lhs: Double, rhs: Expression) -> Expression {
    Expression(rhs.terms.map { lhs * $0 }, constant: lhs * rhs.constant)
}

public func * (lhs: Expression, rhs: Double) -> Expression {
    rhs * lhs
}

public func / (lhs: Variable, rhs: Double) -> Term {
    (1.0 / rhs) * lhs
}

public func / (lhs: Term, rhs: Double) -> Term {
    (1.0 / rhs) * lhs
}

public func / (lhs: Expression, rhs: Double) -> Expression {
    (1.0 / rhs) * lhs
}

// MARK: - Building constraints (required; use `withPriority(_:)` for another priority)

public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}
