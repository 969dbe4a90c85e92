import ConstraintSolver
import Testing

/// Auto Layout's strict priorities: a satisfied higher priority outweighs any number of
/// lower-priority violations; within one priority the sum of absolute errors is minimised.
@Suite struct StrictPriorityTests {
    @Test func twoHundredAt250LoseToOneAt251() throws {
        // With weights (kiwi's strengths) 200 pulls at 250 would outweigh one at 251.
        let solver = Solver()
        let x = Variable("x")
        for _ in 0..<200 {
            try solver.addConstraint((x == 0).withPriority(.defaultLow))
        }
        try solver.addConstraint((x == 10).withPriority(251))
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
    }

    @Test func twoHundredVariablesAt250LoseToOneInequalityAt251() throws {
        // 200 views each want to be 100 wide (250), all in one row; the row must fit 1000
        // points at 251. Each width then gets what the row leaves: the inequality holds.
        let solver = Solver()
        let widths = (0..<200).map { Variable("w\($0)") }
        var total = Expression()
        for w in widths {
            try solver.addConstraint(w >= 0)
            try solver.addConstraint((w == 100).withPriority(.defaultLow))
            total = total + w
        }
        try solver.addConstraint((total <= 1000).withPriority(251))
        solver.updateVariables()
        let sum = widths.reduce(0) { $0 + solver.value(of: $1) }
        #expect(isClose(sum, 1000))
    }

    @Test func higherPriorityAddedFirstStillWins() throws {
        // Order of addition must not matter: the 251 constraint first, then 200 at 250.
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x == 10).withPriority(251))
        for _ in 0..<200 {
            try solver.addConstraint((x == 0).withPriority(.defaultLow))
        }
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
    }

    @Test func removingTheStrongerConstraintHandsOverToTheWeaker() throws {
        let solver = Solver()
        let x = Variable("x")
        let strong = (x == 10).withPriority(251)
        for _ in 0..<200 {
            try solver.addConstraint((x == 0).withPriority(.defaultLow))
        }
        try solver.addConstraint(strong)
        try solver.removeConstraint(strong)
        solver.updateVariables()
        #expect(solver.value(of: x) == 0)
    }

    @Test func fractionalPrioritiesAreDistinctLevels() throws {
        // 250.5 sits strictly between 250 and 251.
        let solver = Solver()
        let x = Variable("x")
        for _ in 0..<50 {
            try solver.addConstraint((x == 0).withPriority(.defaultLow))
        }
        try solver.addConstraint((x == 5).withPriority(250.5))
        solver.updateVariables()
        #expect(solver.value(of: x) == 5)
        try solver.addConstraint((x == 9).withPriority(251))
        solver.updateVariables()
        #expect(solver.value(of: x) == 9)
    }

    @Test func equalPrioritiesTakeTheMedian() throws {
        // |x| + |x − 10| + |x − 12| is smallest at the median, 10.
        let solver = Solver()
        let x = Variable("x")
        for target in [0.0, 10, 12] {
            try solver.addConstraint((x == target).withPriority(.defaultLow))
        }
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
    }

    @Test func errorsAreMeasuredInTheUnitsOfTheExpression() throws {
        // x == 0 and 2x == 20 at 250 cost |x| + |2x − 20|: the slope is 1 − 2 < 0 below 10,
        // so the minimum is at x = 10, where the doubled constraint holds.
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        try solver.addConstraint((2 * x == 20).withPriority(.defaultLow))
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
    }

    @Test func violatedInequalitiesCountTheirViolation() throws {
        // x >= 30, x >= 20 and x == 0, all at 250, cost max(0, 30 − x) + max(0, 20 − x) + |x|:
        // slope −1 on 0...20, 0 on 20...30, +1 above 30. The minimum is the flat part, and
        // x == 25 at 50 picks its middle, so a result of 25 shows the inequalities were
        // weighed by their violations.
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x >= 30).withPriority(.defaultLow))
        try solver.addConstraint((x >= 20).withPriority(.defaultLow))
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        try solver.addConstraint((x == 25).withPriority(.fittingSizeLevel))
        solver.updateVariables()
        #expect(solver.value(of: x) == 25)
    }

    // MARK: - ScrollingContentViewController's cases

    /// The content view of an iPhone SE portrait screen (667 high, status bar 20): its minimum
    /// height is the safe area's, `667 − 20`, at 500 — ScrollingContentViewController's
    /// internal minimum-size constraint.
    private static let safeAreaHeight = 667.0 - 20

    /// The content view's top and bottom, with its minimum height at 500.
    private func contentView(in solver: Solver) throws -> (top: Variable, bottom: Variable) {
        let top = Variable("content.top")
        let bottom = Variable("content.bottom")
        try solver.addConstraint(top == 0)
        try solver.addConstraint((bottom - top >= Self.safeAreaHeight).withPriority(.sceneSizeStayPut))
        return (top, bottom)
    }

    /// Two 100-point labels in an unbroken vertical chain at `priority`: 20 above the first,
    /// 8 between them, 20 below the second. The chain's length is 20 + 100 + 8 + 100 + 20.
    private func labelChain(in solver: Solver, _ content: (top: Variable, bottom: Variable), priority: Priority) throws
    {
        let label1Top = Variable("label1.top")
        let label1Bottom = Variable("label1.bottom")
        let label2Top = Variable("label2.top")
        let label2Bottom = Variable("label2.bottom")
        for c in [
            label1Top == content.top + 20,
            label1Bottom == label1Top + 100,
            label2Top == label1Bottom + 8,
            label2Bottom == label2Top + 100,
            content.bottom == label2Bottom + 20,
        ] {
            try solver.addConstraint(c.withPriority(priority))
        }
    }

    @Test(arguments: [Priority.defaultHigh, .required])
    func unbrokenChainBeatsTheMinimumSize(_ priority: Priority) throws {
        let solver = Solver()
        let content = try contentView(in: solver)
        try labelChain(in: solver, content, priority: priority)
        solver.updateVariables()
        // The content view keeps its chain's height, shorter than the safe area.
        #expect(solver.value(of: content.bottom) - solver.value(of: content.top) == 20 + 100 + 8 + 100 + 20)
    }

    @Test func chainAddedBeforeTheMinimumSizeStillWins() throws {
        let solver = Solver()
        let top = Variable("content.top")
        let bottom = Variable("content.bottom")
        try solver.addConstraint(top == 0)
        try labelChain(in: solver, (top, bottom), priority: .defaultHigh)
        try solver.addConstraint((bottom - top >= Self.safeAreaHeight).withPriority(.sceneSizeStayPut))
        solver.updateVariables()
        #expect(solver.value(of: bottom) - solver.value(of: top) == 20 + 100 + 8 + 100 + 20)
    }

    @Test func sizeAt250LosesToTheMinimumSize() throws {
        // An intrinsic height of 300 held by content hugging (250) stretches to the safe area.
        let solver = Solver()
        let content = try contentView(in: solver)
        try solver.addConstraint((content.bottom - content.top == 300).withPriority(.defaultLow))
        solver.updateVariables()
        #expect(solver.value(of: content.bottom) - solver.value(of: content.top) == Self.safeAreaHeight)
    }

    @Test func chainWithOneLinkAt240Stretches() throws {
        // The README's advice: lower one link of a required chain to 240 and the content view
        // stretches to the safe area, the slack going into that link (the bottom margin).
        let solver = Solver()
        let content = try contentView(in: solver)
        let label = Variable("label.bottom")
        try solver.addConstraint(label == content.top + 20 + 100)
        try solver.addConstraint((content.bottom == label + 20).withPriority(240))
        solver.updateVariables()
        #expect(solver.value(of: content.bottom) == Self.safeAreaHeight)
        #expect(solver.value(of: label) == 20 + 100)
    }

    @Test func sizeAbove500BeatsTheMinimumSize() throws {
        // Content hugging raised to required (or anything above 500) keeps the intrinsic size.
        let solver = Solver()
        let content = try contentView(in: solver)
        try solver.addConstraint((content.bottom - content.top == 300).withPriority(501))
        solver.updateVariables()
        #expect(solver.value(of: content.bottom) - solver.value(of: content.top) == 300)
    }
}
