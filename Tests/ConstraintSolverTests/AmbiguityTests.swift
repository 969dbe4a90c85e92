import ConstraintSolver
import Testing

/// `ambiguousVariables()`: the variables whose value the constraints leave open (more than one
/// optimal value), which backs HostKit's `hasAmbiguousLayout`.
@Suite struct AmbiguityTests {
    let x = Variable("x")
    let y = Variable("y")
    let solver = Solver()

    private func ambiguous() -> [ObjectIdentifier] {
        solver.ambiguousVariables().map(ObjectIdentifier.init)
    }

    private func expectAmbiguous(
        _ expected: [Variable], notAmbiguous: [Variable], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = ambiguous()
        for v in expected {
            #expect(found.contains(ObjectIdentifier(v)), "\(v) should be ambiguous", sourceLocation: sourceLocation)
        }
        for v in notAmbiguous {
            #expect(!found.contains(ObjectIdentifier(v)), "\(v) should be fixed", sourceLocation: sourceLocation)
        }
    }

    @Test func emptySolverHasNone() {
        #expect(solver.ambiguousVariables().isEmpty)
    }

    @Test func lowerBoundAloneLeavesTheVariableOpen() throws {
        try solver.addConstraint(x >= 0)
        expectAmbiguous([x], notAmbiguous: [])
    }

    @Test func upperBoundAloneLeavesTheVariableOpen() throws {
        try solver.addConstraint(x <= 100)
        expectAmbiguous([x], notAmbiguous: [])
    }

    @Test func equalityBetweenTwoFreeVariablesLeavesBothOpen() throws {
        try solver.addConstraint(x == y)
        expectAmbiguous([x, y], notAmbiguous: [])
    }

    @Test func requiredEqualityFixes() throws {
        try solver.addConstraint(x == y)
        try solver.addConstraint(y == 5)
        expectAmbiguous([], notAmbiguous: [x, y])
    }

    @Test func onlyTheOpenPartIsReported() throws {
        // x is pinned; y and z only need to sum to x + 10.
        let z = Variable("z")
        try solver.addConstraint(x == 3)
        try solver.addConstraint(y + z == x + 10)
        expectAmbiguous([y, z], notAmbiguous: [x])
    }

    @Test func ordersAreTheOrderVariablesWereSeen() throws {
        // Documented: listed in the order the solver first saw them.
        let z = Variable("z")
        try solver.addConstraint(z >= 0)
        try solver.addConstraint(x == y)
        #expect(ambiguous() == [ObjectIdentifier(z), ObjectIdentifier(x), ObjectIdentifier(y)])
    }

    @Test func editVariableIsFixed() throws {
        try solver.addConstraint(x >= 0)
        try solver.addEditVariable(x, priority: .defaultHigh)
        try solver.suggestValue(40, for: x)
        expectAmbiguous([], notAmbiguous: [x])
    }

    @Test func editVariableFixesWhatDependsOnIt() throws {
        try solver.addConstraint(y == x + 8)
        try solver.addEditVariable(x, priority: .defaultHigh)
        try solver.suggestValue(12, for: x)
        expectAmbiguous([], notAmbiguous: [x, y])
    }

    @Test func satisfiedOptionalEqualityFixes() throws {
        try solver.addConstraint(x >= 0)
        try solver.addConstraint((x == 30).withPriority(.defaultLow))
        expectAmbiguous([], notAmbiguous: [x])
    }

    @Test func violatedOptionalWithAUniqueOptimumFixes() throws {
        // x == 0 at 250 cannot hold with x >= 10; the best is x = 10, and only that.
        try solver.addConstraint(x >= 10)
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        expectAmbiguous([], notAmbiguous: [x])
    }

    @Test func optionalSumLeavesTheSplitOpen() throws {
        // x + y == 10 at 250 holds for every split between x and y.
        try solver.addConstraint((x + y == 10).withPriority(.defaultLow))
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(y >= 0)
        expectAmbiguous([x, y], notAmbiguous: [])
    }

    @Test func tiedOptionalConstraintsLeaveTheVariableOpen() throws {
        // x == 0 and x == 10 at 250 cost 10 anywhere between them.
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        try solver.addConstraint((x == 10).withPriority(.defaultLow))
        expectAmbiguous([x], notAmbiguous: [])
    }

    @Test func tieBrokenByALowerPriorityIsFixed() throws {
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        try solver.addConstraint((x == 10).withPriority(.defaultLow))
        try solver.addConstraint((x == 4).withPriority(.fittingSizeLevel))
        expectAmbiguous([], notAmbiguous: [x])
    }

    @Test func opposingBoundsFix() throws {
        // x >= 0 and x <= 0 leave exactly one value.
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(x <= 0)
        expectAmbiguous([], notAmbiguous: [x])
    }

    /// The six orders of three constraints.
    static let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]

    @Test(arguments: orders)
    func degenerateVertexLeavesBothOpenInEveryOrder(order: [Int]) throws {
        // x >= 0, y >= 0, y >= x: the solver sits at x = y = 0, where all three are tight.
        // Neither variable is fixed: (x, y) = (t, t) and (0, t) are feasible for every t >= 0
        // and no priority prefers one. Depending on the order the constraints were added in,
        // x alone may be blocked there (by y >= x), yet x and y can rise together.
        let constraints = [x >= 0, y >= 0, y >= x]
        for i in order { try solver.addConstraint(constraints[i]) }
        // Listed in the order the solver first saw them: the first constraint added names x
        // or y first (y >= x names y first).
        let firstSeen = order[0] == 0 ? [x, y] : [y, x]
        #expect(ambiguous() == firstSeen.map(ObjectIdentifier.init))
    }

    @Test(arguments: orders)
    func degenerateVertexWithNoRoomFixesBothInEveryOrder(order: [Int]) throws {
        // x >= 0, y >= 0, x + y <= 0: only x = y = 0 is feasible, so nothing is open although
        // the vertex is degenerate (three tight rows for two variables).
        let constraints = [x >= 0, y >= 0, x + y <= 0]
        for i in order { try solver.addConstraint(constraints[i]) }
        #expect(ambiguous().isEmpty)
    }

    @Test(arguments: orders)
    func degenerateVertexHeldByAPriorityFixesEverything(order: [Int]) throws {
        // x >= 0, y >= x and x + 2y == z, then a weak z == 0: z = x + 2y >= 0, and the weak
        // constraint is met only at z = 0, which needs x = y = 0. The vertex is degenerate
        // (both inequalities tight), yet every variable is fixed.
        let z = Variable("z")
        let constraints = [x >= 0, y >= x, x + 2 * y == z]
        for i in order { try solver.addConstraint(constraints[i]) }
        try solver.addConstraint((z == 0).withPriority(.defaultLow))
        #expect(ambiguous().isEmpty)
    }

    @Test func removingThePinMakesTheVariableOpenAgain() throws {
        let pin = x == 5
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(pin)
        expectAmbiguous([], notAmbiguous: [x])
        try solver.removeConstraint(pin)
        expectAmbiguous([x], notAmbiguous: [])
    }

    @Test func scrollingContentLayoutIsUnambiguous() throws {
        // A label pinned 20 inside a content view whose height is at least the safe area's
        // 647 at 500; the label has an intrinsic height of 21 with hugging 250 and compression
        // resistance 750. The minimum size beats the hugging, so the label stretches to
        // 647 − 20 − 20 — one answer for everything.
        let top = Variable("content.top")
        let bottom = Variable("content.bottom")
        let labelTop = Variable("label.top")
        let labelBottom = Variable("label.bottom")
        try solver.addConstraint(top == 0)
        try solver.addConstraint((bottom - top >= 647).withPriority(.sceneSizeStayPut))
        try solver.addConstraint(labelTop == top + 20)
        try solver.addConstraint(bottom == labelBottom + 20)
        try solver.addConstraint((labelBottom - labelTop <= 21).withPriority(.defaultLow))
        try solver.addConstraint((labelBottom - labelTop >= 21).withPriority(.defaultHigh))
        expectAmbiguous([], notAmbiguous: [top, bottom, labelTop, labelBottom])
        solver.updateVariables()
        #expect(solver.value(of: labelBottom) - solver.value(of: labelTop) == 647 - 20 - 20)
    }

    @Test func contentViewWithOnlyMinimumsIsAmbiguous() throws {
        // The same content view whose bottom is only "at least" below the label: nothing
        // says how tall it is beyond its minimums, as Auto Layout would also warn.
        let top = Variable("content.top")
        let bottom = Variable("content.bottom")
        let labelBottom = Variable("label.bottom")
        try solver.addConstraint(top == 0)
        try solver.addConstraint((bottom - top >= 647).withPriority(.sceneSizeStayPut))
        try solver.addConstraint(labelBottom == top + 20 + 21)
        try solver.addConstraint(bottom >= labelBottom + 20)
        expectAmbiguous([bottom], notAmbiguous: [top, labelBottom])
    }
}
