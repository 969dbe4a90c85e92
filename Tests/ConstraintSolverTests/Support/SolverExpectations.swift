import ConstraintSolver
import Testing

/// Runs `body` and returns the error it threw, or `nil` when it returned normally.
///
/// The closure is untyped (`throws`, not `throws(SolverError)`) so that it can be written
/// inside `#expect`; every solver call throws `SolverError`, and anything else is recorded
/// as an issue.
func solverError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> SolverError? {
    do {
        try body()
        return nil
    } catch let error as SolverError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Whether two values agree within `tolerance`, taken relative to their size above 1 (values
/// in these tests reach a few hundred; the solver computes them in `Double`).
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Expects two solutions to agree element by element within `tolerance`.
func expectClose(
    _ actual: [Double], _ expected: [Double], tolerance: Double = 1e-6, _ comment: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let agree =
        actual.count == expected.count && zip(actual, expected).allSatisfy { isClose($0, $1, tolerance: tolerance) }
    #expect(agree, "\(comment): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
}

/// How far a constraint's left side is from satisfying its relation (`0` when satisfied).
func violation(of constraint: LinearConstraint, at point: [Double]) -> Double {
    let value = constraint.value(at: point)
    switch constraint.relation {
    case .equal: return abs(value)
    case .lessThanOrEqual: return max(0, value)
    case .greaterThanOrEqual: return max(0, -value)
    }
}

/// Expects `solver` to still work after an error: a constraint on a fresh variable can be
/// added, solved, and removed again, leaving `constraintCount` as it was.
func expectUsable(_ solver: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
    let count = solver.constraintCount
    let probe = Variable("probe")
    let pin = probe == 42
    #expect(solverError { try solver.addConstraint(pin) } == nil, sourceLocation: sourceLocation)
    solver.updateVariables()
    #expect(solver.value(of: probe) == 42, sourceLocation: sourceLocation)
    #expect(solverError { try solver.removeConstraint(pin) } == nil, sourceLocation: sourceLocation)
    #expect(solver.constraintCount == count, sourceLocation: sourceLocation)
}
