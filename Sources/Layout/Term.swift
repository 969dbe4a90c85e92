/// A variable multiplied by a coefficient, the building block of an ``Expression``.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable.
    public var variable: Variable
    /// The factor applied to the variable; `1` by default.
    public var coefficient: Double

    /// Creates the term `coefficient * variable`.
    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(coefficient.compactDescription)*\(variable)"
    }
}

extension Double {
    /// `100` rather than `100.0`, for readable descriptions.
    var compactDescription: String {
        // (Avoids `rounded()`, which would link libm into every client of this module.)
        if isFinite, abs(self) < 1e15, Double(Int64(self)) == self { return String(Int64(self)) }
        return String(self)
    }
}
