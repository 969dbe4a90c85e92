import ConstraintSolver
import Testing

/// Numbers out of the solver's range, and finite numbers whose combination overflows `Double`
/// (issue 2: "NaN or infinity anywhere … the solver stays consistent and usable after every
/// one"). Each is refused with `nonFiniteValue`, the solver keeps its constraints and values,
/// and the next ordinary call gives the right answer.
///
/// Constants and suggested values are bounded by `Solver.largestConstant` (1e15) and
/// coefficients by `Solver.largestCoefficient` (1e8), so a single constraint cannot overflow;
/// only a chain of constraints that multiplies values can (`2^1024`, or `1e8^37 · 1e15`).
@Suite struct OverflowTests {
    let x = Variable("x")
    let y = Variable("y")
    let solver = Solver()

    private func expectOverflow(
        _ mention: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        guard let error = solverError(sourceLocation: sourceLocation, body) else {
            Issue.record("expected nonFiniteValue, nothing was thrown", sourceLocation: sourceLocation)
            return
        }
        guard case .nonFiniteValue(let what) = error else {
            Issue.record("expected nonFiniteValue, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(what.contains(mention), "\(what)", sourceLocation: sourceLocation)
    }

    private func value(_ v: Variable) -> Double {
        solver.updateVariables()
        return solver.value(of: v)
    }

    @Test func constantBeyondTheRangeIsRefused() throws {
        // At the bound itself it is accepted: x == 1e15 is `x - 1e15 == 0`.
        let pin = x == 1e15
        try solver.addConstraint(pin)
        #expect(value(x) == 1e15)
        let over = y == Solver.largestConstant.nextUp
        expectOverflow("out of range") { try solver.addConstraint(over) }
        #expect(!solver.hasConstraint(over))
        #expect(solver.constraintCount == 1)
        #expect(value(x) == 1e15)
        expectUsable(solver)
    }

    @Test func setConstantBeyondTheRangeKeepsTheOldConstant() throws {
        let pin = x == 5
        try solver.addConstraint(pin)
        expectOverflow("out of range") { try solver.setConstant(-1e308, for: pin) }
        expectOverflow("out of range") { try solver.setConstant(1e16, for: pin) }
        #expect(solver.constant(of: pin) == -5)
        #expect(value(x) == 5)
        // The bound itself: x == -1e15, then back to ordinary numbers.
        try solver.setConstant(1e15, for: pin)
        #expect(value(x) == -1e15)
        try solver.setConstant(-7, for: pin)
        #expect(value(x) == 7)
        #expect(solver.rebuildCount == 0)
        expectUsable(solver)
    }

    @Test func suggestionBeyondTheRangeKeepsTheLastValue() throws {
        try solver.addEditVariable(x, priority: .sceneSizeStayPut)
        try solver.suggestValue(500, for: x)
        expectOverflow("out of range") { try solver.suggestValue(1.7e308, for: x) }
        expectOverflow("out of range") { try solver.suggestValue(-1e16, for: x) }
        #expect(value(x) == 500)
        try solver.suggestValue(-1e15, for: x)
        #expect(value(x) == -1e15)
        try solver.suggestValue(-5, for: x)
        #expect(value(x) == -5)
        expectUsable(solver)
    }

    /// Found by Scripts/fuzz-solver.sh before the range existed: `v5 + 1e308 <= 0` was
    /// accepted, and after `-2·v5 - v2 + 101 >= 0` at 750 came, adding it again after its
    /// removal overflowed (`-2·v5` would be 2e308), so removing and adding a constraint did not
    /// give the solver back. Now it is refused on the way in, the first time as every time.
    @Test func constantThatCouldOverflowOnceCombinedIsRefusedOnTheWayIn() throws {
        let big = Constraint(Expression([Term(x)], constant: 1e308), .lessThanOrEqual)
        expectOverflow("out of range") { try solver.addConstraint(big) }
        let pull = Constraint(
            Expression([Term(x, coefficient: -2), Term(y, coefficient: -1)], constant: 101), .greaterThanOrEqual,
            priority: 750)
        try solver.addConstraint(pull)
        expectOverflow("out of range") { try solver.addConstraint(big) }
        #expect(solver.constraintCount == 1)
        expectUsable(solver)
    }

    @Test func chainOfDoublingsThatOverflowsIsRefused() throws {
        // v[k] == 2·v[k-1] from v[0] == 1: v[k] = 2^k, finite up to k = 1023 and infinite at
        // k = 1024. Every constraint's own numbers are small; only the chain overflows.
        let v = (0...1024).map { Variable("v\($0)") }
        try solver.addConstraint(v[0] == 1)
        for k in 1...1023 { try solver.addConstraint(v[k] == 2 * v[k - 1]) }
        #expect(value(v[1023]) == 0x1p1023)
        let last = v[1024] == 2 * v[1023]
        expectOverflow("overflow") { try solver.addConstraint(last) }
        #expect(!solver.hasConstraint(last))
        #expect(value(v[1023]) == 0x1p1023)
        // Half of v[1023] is fine.
        try solver.addConstraint(2 * v[1024] == v[1023])
        #expect(value(v[1024]) == 0x1p1022)
        expectUsable(solver)
    }

    /// Found by Scripts/fuzz-solver.sh: a lazy definition's value is summed only when values
    /// are read, and the solver bounded it by the values of the definitions it mentions *when
    /// it was made*. A later suggestion moved them, and `value(of:)` returned infinity.
    /// `v[k] == 1e8·v[k-1]` from an edit variable at 0: every value is 0 until a suggestion
    /// of 1e15 would make `v[37]` 1e15 · 1e296 = 1e311.
    @Test func suggestionThatTakesALazyChainPastDoubleIsRefused() throws {
        let v = (0...37).map { Variable("v\($0)") }
        try solver.addEditVariable(v[0], priority: .defaultHigh)
        for k in 1...37 { try solver.addConstraint(v[k] == 1e8 * v[k - 1]) }
        expectOverflow("suggested value") { try solver.suggestValue(1e15, for: v[0]) }
        #expect(v.allSatisfy { value($0) == 0 })
        // 1e5 takes v[37] to 1e5 · 1e296 = 1e301, within range.
        try solver.suggestValue(1e5, for: v[0])
        #expect(abs(value(v[37]) / 1e301 - 1) < 1e-12, "v37 = \(value(v[37]))")
        expectUsable(solver)
    }

    @Test func coefficientBeyondTheRangeIsRefused() throws {
        // 1e8 is accepted; above it, refused (each of 1e308·x + 1e308·x too, though their sum
        // would overflow as well).
        let over = Constraint(Expression([Term(x, coefficient: 1e8.nextUp), Term(y)], constant: -4), .equal)
        expectOverflow("out of range") { try solver.addConstraint(over) }
        expectOverflow("out of range") { try solver.addConstraint(1e308 * x + 1e308 * x + y == 4) }
        #expect(!solver.hasConstraint(over))
        #expect(solver.constraintCount == 0)
        // 1e8·x + y == 4 with y == 4 gives x = 0; with y == -1e8 + 4, x = 1.
        let top = Constraint(Expression([Term(x, coefficient: 1e8), Term(y)], constant: -4), .equal)
        try solver.addConstraint(top)
        let pin = y == 4
        try solver.addConstraint(pin)
        #expect(value(x) == 0)
        try solver.setConstant(1e8 - 4, for: pin)
        #expect(isClose(value(x), 1))
        expectUsable(solver)
    }

    @Test func coefficientBelowTheResolutionIsOutOfRange() throws {
        // Decided: a non-zero coefficient below 1e-8 (the tableau's zero) is refused as out of
        // range, rather than dropped. Dropped, `1e-200·x == 1e15` would read `-1e15 == 0` and
        // be refused as contradicting itself; its solution, x = 1e215, is merely huge.
        let tiny = 1e-200 * x == 1e15
        expectOverflow("resolution") { try solver.addConstraint(tiny) }
        #expect(!solver.hasConstraint(tiny))
        // At the resolution itself it is accepted: 1e-8·x == 1 gives x = 1e8.
        try solver.addConstraint(1e-8 * x == 1)
        #expect(isClose(value(x), 1e8))
        expectUsable(solver)
    }
}
