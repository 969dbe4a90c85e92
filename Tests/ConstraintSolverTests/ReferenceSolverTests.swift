import ConstraintSolver
import Testing

/// The oracle of the property tests checked on systems solved by hand, so that a
/// disagreement in a property test points at the production solver, not at the oracle.
@Suite struct ReferenceSolverTests {
    private func constraint(
        _ coefficients: [Double], _ constant: Double, _ relation: Relation, _ priority: Float? = nil
    ) -> LinearConstraint {
        LinearConstraint(coefficients: coefficients, constant: constant, relation: relation, priority: priority)
    }

    @Test func requiredInequalityBeatsOptionalEquality() throws {
        // x >= 10 (x - 10 >= 0), x == 0 at 250: the closest feasible value is 10.
        let x = try #require(
            ReferenceSolver.solve(
                [constraint([1], -10, .greaterThanOrEqual), constraint([1], 0, .equal, 250)], variableCount: 1))
        #expect(isClose(x[0], 10))
    }

    @Test func negativeValuesAreReachable() throws {
        // x == -7 exercises the x⁻ half of the split x = x⁺ − x⁻.
        let x = try #require(ReferenceSolver.solve([constraint([1], 7, .equal)], variableCount: 1))
        #expect(isClose(x[0], -7))
    }

    @Test func equalPrioritiesMinimiseTheSumOfErrors() throws {
        // |x| + |x − 10| + |x − 12| is smallest at the median, 10.
        let x = try #require(
            ReferenceSolver.solve(
                [
                    constraint([1], 0, .equal, 250), constraint([1], -10, .equal, 250),
                    constraint([1], -12, .equal, 250),
                ],
                variableCount: 1))
        #expect(isClose(x[0], 10))
    }

    @Test func higherPriorityWinsOverManyLowerOnes() throws {
        let many = (0..<20).map { _ in constraint([1], 0, .equal, 250) }
        let x = try #require(ReferenceSolver.solve(many + [constraint([1], -10, .equal, 251)], variableCount: 1))
        #expect(isClose(x[0], 10))
    }

    @Test func laterLevelsOptimiseOverEarlierOptima() throws {
        // x − y == 3 required; stays x == 0 at 2 and y == 0 at 1. The stay at 2 is met
        // exactly (x = 0), so y = x − 3 = −3 although its own stay wants 0.
        let x = try #require(
            ReferenceSolver.solve(
                [
                    constraint([1, -1], -3, .equal), constraint([1, 0], 0, .equal, 2),
                    constraint([0, 1], 0, .equal, 1),
                ],
                variableCount: 2))
        #expect(isClose(x[0], 0))
        #expect(isClose(x[1], 0 - 3))
    }

    @Test func optionalInequalityErrorIsItsViolation() throws {
        // x <= 5 at 500 against x == 8 required: the only point is 8; then x == 0 at 250 cannot
        // move it. With x == 8 at 250 instead, the 500 inequality wins: x = 5.
        let required = try #require(
            ReferenceSolver.solve(
                [
                    constraint([1], -5, .lessThanOrEqual, 500), constraint([1], -8, .equal),
                    constraint([1], 0, .equal, 250),
                ],
                variableCount: 1))
        #expect(isClose(required[0], 8))
        let optional = try #require(
            ReferenceSolver.solve(
                [constraint([1], -5, .lessThanOrEqual, 500), constraint([1], -8, .equal, 250)], variableCount: 1))
        #expect(isClose(optional[0], 5))
    }

    @Test func infeasibleRequiredConstraintsGiveNil() {
        let system = [constraint([1], -10, .greaterThanOrEqual), constraint([1], -5, .lessThanOrEqual)]
        #expect(ReferenceSolver.solve(system, variableCount: 1) == nil)
        #expect(!ReferenceSolver.isFeasible(system, variableCount: 1))
    }

    @Test func redundantEqualitiesAreFeasible() throws {
        // x == 5 and 2x == 10 say the same thing; phase 1 must drop the redundant row.
        let system = [constraint([1], -5, .equal), constraint([2], -10, .equal)]
        #expect(ReferenceSolver.isFeasible(system, variableCount: 1))
        let x = try #require(ReferenceSolver.solve(system, variableCount: 1))
        #expect(isClose(x[0], 5))
    }

    @Test func optionalConstraintsDoNotAffectFeasibility() {
        // x >= 10 required with x <= 5 optional is feasible; the optional one is just violated.
        let system = [constraint([1], -10, .greaterThanOrEqual), constraint([1], -5, .lessThanOrEqual, 750)]
        #expect(ReferenceSolver.isFeasible(system, variableCount: 1))
    }

    @Test func ambiguityOfHandSolvedSystems() throws {
        // x >= 0 alone: open. x == y alone: both open. x == 5: fixed.
        #expect(ReferenceSolver.ambiguity([constraint([1], 0, .greaterThanOrEqual)], variableCount: 1) == [true])
        #expect(ReferenceSolver.ambiguity([constraint([1, -1], 0, .equal)], variableCount: 2) == [true, true])
        #expect(ReferenceSolver.ambiguity([constraint([1], -5, .equal)], variableCount: 1) == [false])
        // x >= 10 with x == 0 at 250: the optimum 10 is unique.
        #expect(
            ReferenceSolver.ambiguity(
                [constraint([1], -10, .greaterThanOrEqual), constraint([1], 0, .equal, 250)], variableCount: 1)
                == [false])
        // x + y == 10 at 250 with x, y >= 0: every split is optimal.
        #expect(
            ReferenceSolver.ambiguity(
                [
                    constraint([1, 1], -10, .equal, 250), constraint([1, 0], 0, .greaterThanOrEqual),
                    constraint([0, 1], 0, .greaterThanOrEqual),
                ],
                variableCount: 2) == [true, true])
        // x == 0 and x == 10 at 250 tie on [0, 10]; x == 4 at 50 breaks the tie.
        let tied = [constraint([1], 0, .equal, 250), constraint([1], -10, .equal, 250)]
        #expect(ReferenceSolver.ambiguity(tied, variableCount: 1) == [true])
        #expect(ReferenceSolver.ambiguity(tied + [constraint([1], -4, .equal, 50)], variableCount: 1) == [false])
    }
}
