/// A linear expression: a sum of terms plus a constant.
///
/// Built with the operators in `Operators.swift`: `x + 2 * y - 10`. Terms that name the same
/// variable are combined by the solver, so `x + x` means `2 * x`.
public struct Expression: Sendable, CustomStringConvertible {
    /// The variable terms, in the order they were written.
    public var terms: [Term]
    /// The constant part; `0` by default.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Whether every coefficient and the constant are finite (neither NaN nor infinite).
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    public var description: String {
        var parts: [String] = terms.map(\.description)
        if constant != 0 || parts.isEmpty { parts.append(constant.compactDescription) }
        return parts.joined(separator: " + ")
    }
}

/// A value that can stand in an ``Expression``: a ``Variable``, a ``Term``, an expression or
/// a number. Lets the operators accept any mix of them.
public protocol ExpressionConvertible: Sendable {
    /// The value as an expression.
    var expression: Expression { get }
}

extension Expression: ExpressionConvertible {
    public var expression: Expression { self }
}

extension Term: ExpressionConvertible {
    public var expression: Expression { Expression([self]) }
}

extension Variable: ExpressionConvertible {
    public var expression: Expression { Expression([Term(self)]) }
}

extension Double: ExpressionConvertible {
    public var expression: Expression { Expression(constant: self) }
}

extension Int: ExpressionConvertible {
    public var expression: Expression { Expression(constant: Double(self)) }
}
