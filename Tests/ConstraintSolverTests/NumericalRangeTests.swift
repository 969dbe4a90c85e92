import ConstraintSolver
import Testing

/// Strict priorities must hold whatever the scale of the coefficients: a tiny reduced cost
/// at a high level can stand for a huge error, so it may not be rounded away.
@Suite struct NumericalRangeTests {
    /// Coefficients from 0.001 to 1000 in four constraints:
    /// - `1000·v0 + 0.001·v1 + 0.001·v2 == −23` at 750
    /// - `−0.001·v2 − 1000·v0 + 999·v1 == −34` at 250
    /// - stays `v2 == −9` at 3 and `v0 == −35` at 1.
    ///
    /// Adding the first two gives `999.001·v1 = −57` and leaves `v2` free, so both hold
    /// exactly; the stay at 3 then fixes `v2 = −9`, and the first constraint fixes `v0`. The
    /// stay at 1 cannot be met (it is the lowest priority). Every order of addition must find
    /// this.
    @Test(arguments: [[0, 1, 2, 3], [0, 2, 3, 1], [1, 0, 2, 3], [3, 2, 1, 0]])
    func wideCoefficientRangeKeepsPrioritiesStrict(order: [Int]) throws {
        let v0 = Variable("v0")
        let v1 = Variable("v1")
        let v2 = Variable("v2")
        let constraints = [
            (1000 * v0 + 0.001 * v1 + 0.001 * v2 == -23).withPriority(750),
            (-0.001 * v2 - 1000 * v0 + 999 * v1 == -34).withPriority(.defaultLow),
            (v2 == -9).withPriority(3),
            (v0 == -35).withPriority(1),
        ]
        let solver = Solver()
        for i in order { try solver.addConstraint(constraints[i]) }
        solver.updateVariables()

        let expectedV1 = -57 / 999.001
        let expectedV2 = -9.0
        let expectedV0 = (-23 - 0.001 * expectedV1 - 0.001 * expectedV2) / 1000
        #expect(isClose(solver.value(of: v2), expectedV2), "v2 = \(solver.value(of: v2))")
        #expect(isClose(solver.value(of: v1), expectedV1), "v1 = \(solver.value(of: v1))")
        #expect(isClose(solver.value(of: v0), expectedV0), "v0 = \(solver.value(of: v0))")
    }

    /// Found by Scripts/fuzz-solver.sh: the primal simplex cycled for ever. With `1e-7·v0 == 67`
    /// at 500 and `v0` an edit at 250 (suggested -52), the required `10·v0 <= 18` gives its
    /// slack a cost of `1e-8` at 500, on the noise level: the slack entered for the level at
    /// 250, the pivot (by 0.1) scaled that cost into one that stands out, level 500 pivoted
    /// back, and so on. The addition must end with the required constraints met; the cost
    /// below the tableau's resolution may decide `v0` either way between the two pulls.
    @Test func costOnTheNoiseLevelDoesNotMakeTheSimplexCycle() throws {
        let v0 = Variable("v0")
        let v1 = Variable("v1")
        let v2 = Variable("v2")
        let solver = Solver()
        try solver.addEditVariable(v1, priority: 1)
        try solver.addEditVariable(v0, priority: .defaultLow)
        try solver.addConstraint(
            Constraint(Expression([Term(v0, coefficient: 1e-7)], constant: -67), .equal, priority: 500))
        try solver.suggestValue(-52, for: v0)
        try solver.addConstraint(
            Constraint(Expression([Term(v2), Term(v2), Term(v2)], constant: -52), .greaterThanOrEqual))
        try solver.addConstraint(10 * v0 <= 18)
        solver.updateVariables()
        let x0 = solver.value(of: v0)
        #expect(10 * x0 <= 18 + 1e-9)
        #expect(x0 >= -52 - 1e-9)
        #expect(3 * solver.value(of: v2) >= 52 - 1e-9)
        expectUsable(solver)
    }
}
