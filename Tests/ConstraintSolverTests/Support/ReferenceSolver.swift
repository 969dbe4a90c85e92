import ConstraintSolver

/// A linear constraint over variables numbered `0..<n`, in the reference solver's own terms:
/// `Σ coefficients[k]·v_k + constant (relation) 0`, optional at `priority` or required (`nil`).
struct LinearConstraint {
    var coefficients: [Double]
    var constant: Double
    var relation: Relation
    var priority: Float?

    /// The left side `Σ coefficients[k]·v_k + constant` at a point.
    func value(at point: [Double]) -> Double {
        zip(coefficients, point).reduce(constant) { $0 + $1.0 * $1.1 }
    }
}

/// An independent, deliberately simple solver for Auto Layout's strict priorities, used as the
/// oracle of the property tests.
///
/// It states the problem as one linear program and optimises it level by level:
/// - each variable is `v = v⁺ − v⁻` with `v⁺, v⁻ ≥ 0`;
/// - a required constraint is a row as it stands;
/// - an optional one gets explicit error columns: `expr − e⁺ + e⁻ = 0` for `==`,
///   `expr − e ≤ 0` for `<=`, `expr + e ≥ 0` for `>=`, so its error is `|expr|` or the
///   amount by which the inequality is violated;
/// - from the highest priority down, the sum of that priority's errors is minimised over the
///   points that are optimal for every higher priority (``DenseSimplex`` fixes the columns
///   that would worsen a finished level).
///
/// Errors are measured in the units of each constraint's expression, as in the solver.
enum ReferenceSolver {
    /// Whether the required constraints among `constraints` can all hold.
    static func isFeasible(_ constraints: [LinearConstraint], variableCount: Int) -> Bool {
        var simplex = program(constraints.filter { $0.priority == nil }, variableCount: variableCount).simplex
        return simplex.findFeasiblePoint()
    }

    /// The lexicographically optimal values of the variables, or `nil` when the required
    /// constraints cannot all hold. When the optimum is not unique this is one optimal point.
    static func solve(_ constraints: [LinearConstraint], variableCount: Int) -> [Double]? {
        optimalFace(constraints, variableCount: variableCount).map { values(of: $0, variableCount: variableCount) }
    }

    /// For each variable, whether it takes more than one value over the optimal points (it
    /// can be made smaller or larger without worsening any priority level), or `nil` when the
    /// required constraints cannot all hold.
    static func ambiguity(_ constraints: [LinearConstraint], variableCount: Int) -> [Bool]? {
        guard let face = optimalFace(constraints, variableCount: variableCount) else { return nil }
        return (0..<variableCount).map { k in
            // Minimise v_k and −v_k over the optimal face; unbounded counts as movable.
            var extremes: [Double] = []
            for sign in [1.0, -1.0] {
                var simplex = face
                var cost = [Double](repeating: 0, count: simplex.columnCount)
                cost[2 * k] = sign
                cost[2 * k + 1] = -sign
                guard simplex.minimize(cost) else { return true }
                extremes.append(values(of: simplex, variableCount: variableCount)[k])
            }
            return abs(extremes[0] - extremes[1]) > 1e-7 * max(1, abs(extremes[0]))
        }
    }

    /// The simplex at a lexicographic optimum, with every column that would worsen a level
    /// fixed at zero: its feasible points are exactly the optimal points.
    private static func optimalFace(_ constraints: [LinearConstraint], variableCount: Int) -> DenseSimplex? {
        var (simplex, errorColumns) = program(constraints, variableCount: variableCount)
        guard simplex.findFeasiblePoint() else { return nil }
        let priorities = Set(constraints.compactMap(\.priority)).sorted(by: >)
        for priority in priorities {
            var cost = [Double](repeating: 0, count: simplex.columnCount)
            for (column, level) in errorColumns where level == priority { cost[column] = 1 }
            guard simplex.minimize(cost) else { return nil } // impossible: errors are ≥ 0
            simplex.fixColumnsWithPositiveReducedCost(cost)
        }
        return simplex
    }

    private static func values(of simplex: DenseSimplex, variableCount: Int) -> [Double] {
        let x = simplex.solution
        return (0..<variableCount).map { x[2 * $0] - x[2 * $0 + 1] }
    }

    /// The linear program, and each error column with its priority.
    private static func program(
        _ constraints: [LinearConstraint], variableCount: Int
    ) -> (simplex: DenseSimplex, errorColumns: [(column: Int, priority: Float)]) {
        var errorColumns: [(column: Int, priority: Float)] = []
        var next = 2 * variableCount
        for constraint in constraints {
            guard let priority = constraint.priority else { continue }
            let count = constraint.relation == .equal ? 2 : 1
            for _ in 0..<count {
                errorColumns.append((next, priority))
                next += 1
            }
        }
        let structuralCount = next

        var rows: [DenseSimplex.Row] = []
        var errorIndex = 0
        for constraint in constraints {
            var a = [Double](repeating: 0, count: structuralCount)
            for (k, c) in constraint.coefficients.enumerated() {
                a[2 * k] += c
                a[2 * k + 1] -= c
            }
            if constraint.priority != nil {
                let first = errorColumns[errorIndex].column
                switch constraint.relation {
                case .equal:
                    a[first] = -1
                    a[first + 1] = 1
                    errorIndex += 2
                case .lessThanOrEqual:
                    a[first] = -1
                    errorIndex += 1
                case .greaterThanOrEqual:
                    a[first] = 1
                    errorIndex += 1
                }
            }
            rows.append(DenseSimplex.Row(coefficients: a, relation: constraint.relation, rhs: -constraint.constant))
        }
        return (DenseSimplex(structuralCount: structuralCount, rows: rows), errorColumns)
    }
}
