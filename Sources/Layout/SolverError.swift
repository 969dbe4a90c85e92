/// Why a ``Solver`` call was refused. The solver is unchanged and usable after every one.
public enum SolverError: Error, Sendable, CustomStringConvertible {
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// A required constraint cannot hold together with the required constraints listed
    /// (in the order they were added). The new constraint was not added.
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must be optional: a required edit could never yield to other constraints.
    case requiredEditVariable(Variable)
    /// A priority outside 1…1000, or NaN.
    case invalidPriority(Priority)
    /// A NaN or infinite coefficient, constant or suggested value, one out of the solver's
    /// range (a constant or value beyond ``Solver/largestConstant``, a non-zero coefficient
    /// outside `1e-8…`\ ``Solver/largestCoefficient``), or finite numbers whose combination
    /// overflows `Double` (a chain of constraints that multiplies values past it); `what`
    /// names it.
    case nonFiniteValue(what: String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "duplicate constraint: \(c)"
        case .unsatisfiableConstraint(let c, let conflicts):
            "unsatisfiable required constraint: \(c); conflicts with: "
                + (conflicts.isEmpty
                    ? "(none; it contradicts itself)" : conflicts.map(\.description).joined(separator: "; "))
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .requiredEditVariable(let v): "edit variable \(v) cannot have required priority"
        case .invalidPriority(let p): "invalid priority \(p.rawValue): priorities lie in 1...1000"
        case .nonFiniteValue(let what): "non-finite value: \(what)"
        }
    }
}
