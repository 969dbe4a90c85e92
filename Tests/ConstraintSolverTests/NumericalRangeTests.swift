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
        let v0 = Variable("v0"), v1 = Variable("v1"), v2 = Variable("v2")
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
}
