import ConstraintSolver
import ConstraintSolverTesting
import Testing

extension ConstraintSpec {
    /// The same constraint for the reference solver (repeated variables summed).
    func linear(variableCount: Int) -> LinearConstraint {
        var coefficients = [Double](repeating: 0, count: variableCount)
        for term in terms { coefficients[term.variable] += term.coefficient }
        return LinearConstraint(
            coefficients: coefficients, constant: constant, relation: relation,
            priority: priority.isRequired ? nil : priority.rawValue)
    }
}

extension ConstraintSpec {
    /// The spec and, for an optional inequality, its opposite (the same expression, the other
    /// relation) at a random optional priority, sometimes the same: the pair the solver keeps
    /// in one row when they are added one after the other (`Solver.addConstraint(_:)`), as
    /// HostKit adds a view's content hugging and compression resistance.
    func withOpposite(using choices: inout SplitMix64) -> [ConstraintSpec] {
        guard relation != .equal, !priority.isRequired else { return [self] }
        var opposite = self
        opposite.relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
        opposite.priority = choices.element(of: [priority, .defaultHigh, 251, .defaultLow, .fittingSizeLevel])
        return [self, opposite]
    }
}

extension RandomSystem {
    /// The specs for the reference solver.
    func linear(_ specs: [ConstraintSpec]) -> [LinearConstraint] {
        specs.map { $0.linear(variableCount: variableCount) }
    }
}

/// Specs added one by one to a fresh solver with fresh variables, remembering which the solver
/// accepted and which it rejected as unsatisfiable.
struct LoadedSystem {
    let solver = Solver()
    let variables: [Variable]
    /// The constraint built for each spec (whether or not it was accepted).
    let constraints: [Constraint]
    /// Whether each spec's constraint was accepted.
    private(set) var accepted: [Bool] = []
    /// The error of each rejected spec, by index. Errors other than unsatisfiability are
    /// recorded as test issues when they happen.
    private(set) var rejections: [(index: Int, conflicts: [Constraint])] = []

    init(_ specs: [ConstraintSpec], variableCount: Int) {
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        self.variables = variables
        constraints = specs.map { $0.constraint(over: variables) }
        for (i, constraint) in constraints.enumerated() {
            do throws(SolverError) {
                try solver.addConstraint(constraint)
                accepted.append(true)
            } catch {
                accepted.append(false)
                if case .unsatisfiableConstraint(let rejected, let conflicts) = error, rejected === constraint {
                    rejections.append((i, conflicts))
                } else {
                    Issue.record("adding \(constraint) threw \(error)")
                }
            }
        }
        solver.updateVariables()
    }

    /// The solved value of every variable, after an ``Solver/updateVariables()``.
    func values() -> [Double] {
        solver.updateVariables()
        return variables.map { solver.value(of: $0) }
    }

    /// The indices of the accepted specs.
    var acceptedIndices: [Int] { accepted.indices.filter { accepted[$0] } }
}
