import ConstraintSolver
import Testing

/// Building expressions and constraints with the operators, and what the solver makes of them.
@Suite struct ExpressionTests {
    let x = Variable("x")
    let y = Variable("y")

    /// The expression's terms as (variable identity, coefficient) pairs, in written order.
    private func terms(_ expression: Expression) -> [(ObjectIdentifier, Double)] {
        expression.terms.map { (ObjectIdentifier($0.variable), $0.coefficient) }
    }

    private func expectTerms(
        _ expression: Expression, _ expected: [(Variable, Double)], constant: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = terms(expression)
        let same =
            actual.count == expected.count
            && zip(actual, expected).allSatisfy { $0.0 == ObjectIdentifier($1.0) && $0.1 == $1.1 }
        #expect(same, "terms of \(expression)", sourceLocation: sourceLocation)
        #expect(expression.constant == constant, sourceLocation: sourceLocation)
    }

    @Test func sumWithScaledTermAndConstant() {
        expectTerms(x + 2 * y - 10, [(x, 1), (y, 2)], constant: -10)
    }

    @Test func subtractionNegatesTheRightSide() {
        expectTerms(x - (2 * y + 3), [(x, 1), (y, -2)], constant: -3)
    }

    @Test func scalingOnEitherSide() {
        expectTerms(Expression([x * 3]), [(x, 3)], constant: 0)
        expectTerms((x + 1) * 2, [(x, 2)], constant: 2)
        expectTerms(2 * (x + 1), [(x, 2)], constant: 2)
        expectTerms(Expression([0.5 * (4 * x)]), [(x, 2)], constant: 0)
    }

    @Test func divisionByAConstant() {
        // Powers of two keep the reciprocal exact: 1/4 and 1/2.
        expectTerms(Expression([x / 4]), [(x, 0.25)], constant: 0)
        expectTerms(Expression([(2 * x) / 4]), [(x, 0.5)], constant: 0)
        expectTerms((x + 6) / 2, [(x, 0.5)], constant: 3)
    }

    @Test func unaryMinus() {
        expectTerms(-x, [(x, -1)], constant: 0)
        expectTerms(-(x - 2 * y + 3), [(x, -1), (y, 2)], constant: -3)
    }

    @Test func numbersOnBothSides() {
        expectTerms(x + 5, [(x, 1)], constant: 5)
        expectTerms(5 + x, [(x, 1)], constant: 5)
        expectTerms(x + 2.5, [(x, 1)], constant: 2.5)
    }

    @Test func repeatedVariableKeepsBothTermsUntilSolved() throws {
        // `x + x` keeps two terms; the solver combines them, so `x + x == 10` means x = 5.
        expectTerms(x + x, [(x, 1), (x, 1)], constant: 0)
        let solver = Solver()
        try solver.addConstraint(x + x == 10)
        solver.updateVariables()
        #expect(solver.value(of: x) == 10 / 2)
    }

    @Test func combinedTermsThatCancelLeaveTheOtherVariable() throws {
        // 3x + y − 3x == 4: x cancels, so y = 4, and x follows its weak constraint.
        let solver = Solver()
        try solver.addConstraint(3 * x + y - 3 * x == 4)
        try solver.addConstraint((x == 7).withPriority(.defaultLow))
        solver.updateVariables()
        #expect(solver.value(of: y) == 4)
        #expect(solver.value(of: x) == 7)
    }

    @Test func constraintIsLeftMinusRight() {
        let c = x + 10 <= y
        expectTerms(c.expression, [(x, 1), (y, -1)], constant: 10)
        #expect(c.relation == .lessThanOrEqual)
        #expect(c.priority == .required)
        #expect((x >= 3).relation == .greaterThanOrEqual)
        #expect((x == y).relation == .equal)
    }

    @Test func withPriorityMakesANewConstraint() {
        let required = x == 1
        let low = required.withPriority(.defaultLow)
        #expect(low !== required)
        #expect(low.priority == .defaultLow)
        #expect(required.priority == .required)
        #expect(low.relation == required.relation)
        expectTerms(low.expression, [(x, 1)], constant: -1)
    }

    @Test func descriptionsNameVariablesAndPriority() {
        let c = (x + 2 * y >= 10).withPriority(.defaultLow)
        #expect(c.description.contains("x"))
        #expect(c.description.contains("y"))
        #expect(c.description.contains(">="))
        #expect(c.description.hasSuffix("@250"))
        #expect(!(x == 1).description.contains("@"))
    }

    @Test func isFiniteRejectsNaNAndInfinity() {
        #expect((x + 2 * y - 10).isFinite)
        #expect(!(Double.nan * x).expression.isFinite)
        #expect(!(x + Double.infinity).isFinite)
        #expect(!(x - Double.infinity).isFinite)
    }

    @Test func eachRelationSolves() throws {
        let solver = Solver()
        // x == y + 10 with y == 3 → x = 13.
        try solver.addConstraint(x == y + 10)
        try solver.addConstraint(y == 3)
        let z = Variable("z")
        let w = Variable("w")
        // z <= 5 against a weak pull to 100 → 5; w >= 8 against a weak pull to −100 → 8.
        try solver.addConstraint(z <= 5)
        try solver.addConstraint((z == 100).withPriority(.defaultLow))
        try solver.addConstraint(w >= 8)
        try solver.addConstraint((w == -100).withPriority(.defaultLow))
        solver.updateVariables()
        #expect(solver.value(of: x) == 3 + 10)
        #expect(solver.value(of: z) == 5)
        #expect(solver.value(of: w) == 8)
    }

    @Test func fractionalCoefficientsSolve() throws {
        // x / 4 + y / 2 == 10 with y == 8 → x = 4 * (10 − 4) = 24.
        let solver = Solver()
        try solver.addConstraint(x / 4 + y / 2 == 10)
        try solver.addConstraint(y == 8)
        solver.updateVariables()
        #expect(isClose(solver.value(of: x), 4 * (10 - 8 / 2)))
    }
}
