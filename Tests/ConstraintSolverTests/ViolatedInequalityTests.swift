import ConstraintSolver
import Testing

/// A required inequality that the current solution violates when it is added joins by the dual
/// simplex: the tableau is optimal before it comes, so repairing its one negative row keeps the
/// solution optimal, and the work is the repair's pivots (usually one), not an artificial
/// variable's pivots followed by a re-optimisation. When the repair fails, the solver is as it
/// was and reports the conflict.
@Suite struct ViolatedInequalityTests {
    /// Pivots made by `body`, and rows rewritten by its substitutions.
    private static func work(_ solver: Solver, _ body: () throws -> Void) rethrows -> (pivots: Int, rows: Int) {
        let pivots = solver.pivotCount
        let rows = solver.rowUpdateCount
        try body()
        return (solver.pivotCount - pivots, solver.rowUpdateCount - rows)
    }

    @Test func aViolatedBoundJoinsInOnePivot() throws {
        // x == 0 at 250 and y == x + 10 put y at 10. y <= 5 is violated by 5 when it comes:
        // the weak pull gives way, x = 5 - 10 = -5. One pivot: the weak error enters.
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        try solver.addConstraint(y == x + 10)
        solver.updateVariables()
        #expect(solver.value(of: y) == 10)

        let work = try Self.work(solver) { try solver.addConstraint(y <= 5) }
        solver.updateVariables()
        #expect(work.pivots == 1)
        #expect(solver.value(of: x) == 5 - 10)
        #expect(solver.value(of: y) == 5)
    }

    /// A form's column: `n` fields of height 34 (compression resistance at 750, hugging at
    /// 250), 8 apart, the first 20 below the content's top; then the content's height, at
    /// least 500 at 500 (as tall as a safe area) and as small as can be at 50. The closing
    /// `last.bottom + 20 <= content.bottom` comes last, violated: the content is 500 tall and
    /// the fields need `20 + 34n + 8(n − 1) + 20` (from 12 fields on: 20 + 34·12 + 8·11 + 20 =
    /// 536). Its row holds an error of every field's height once expanded.
    @Test(arguments: [20, 200, 2000])
    func closingALongChainTakesOnePivot(n: Int) throws {
        let solver = Solver()
        let top = Variable("content.top")
        let height = Variable("content.height")
        try solver.addConstraint(top == 0)
        var previousBottom: Expression? = nil
        var fieldTops: [Variable] = []
        var fieldHeights: [Variable] = []
        for i in 0..<n {
            let fieldTop = Variable("field\(i).top")
            let fieldHeight = Variable("field\(i).height")
            try solver.addConstraint((fieldHeight >= 34).withPriority(.defaultHigh))
            try solver.addConstraint((fieldHeight <= 34).withPriority(.defaultLow))
            if let previousBottom {
                try solver.addConstraint(fieldTop == previousBottom + 8)
            } else {
                try solver.addConstraint(fieldTop == top + 20)
            }
            previousBottom = fieldTop + fieldHeight
            fieldTops.append(fieldTop)
            fieldHeights.append(fieldHeight)
        }
        try solver.addConstraint((height >= 500).withPriority(.sceneSizeStayPut))
        try solver.addConstraint((height == 0).withPriority(.fittingSizeLevel))
        solver.updateVariables()
        #expect(solver.value(of: height) == 500)

        let closing = try #require(previousBottom) + 20 <= top + height
        let work = try Self.work(solver) { try solver.addConstraint(closing) }
        solver.updateVariables()
        // The slack of `height >= 500` enters in place of the new slack (it costs nothing, the
        // fields' errors cost at 750 or 250), rewriting the three rows that mention it: the
        // height's definition, the basic error of `height == 0` and the level of 50. By the
        // artificial variable the same addition made two pivots and rewrote ten rows (counted
        // before the change; one pivot with the content's height added before the fields): its
        // objective takes the candidate of lowest id, not the cheapest, and the re-optimisation
        // repairs the choice.
        #expect(work.pivots == 1)
        #expect(work.rows == 3)
        let stacked = 20 + 34 * Double(n) + 8 * Double(n - 1) + 20
        #expect(solver.value(of: height) == stacked)
        #expect(solver.value(of: fieldTops[n - 1]) == 20 + 42 * Double(n - 1))
        #expect(fieldHeights.allSatisfy { solver.value(of: $0) == 34 })
    }

    @Test func aConflictFoundAfterARepairPivotLeavesTheSolverAsItWas() throws {
        // x == 0 at 250 and x <= 4. x >= 6 comes violated; its repair lets the weak error
        // enter (x = 6), which leaves x <= 4's slack at -2 with nothing to raise it: the
        // system is infeasible after one pivot. The pivot is taken back and the conflict
        // named as it always was.
        let solver = Solver()
        let x = Variable("x")
        let upper = x <= 4
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        try solver.addConstraint(upper)
        let rows = solver.rowCount
        let lower = x >= 6
        do {
            try solver.addConstraint(lower)
            Issue.record("x >= 6 was added against x <= 4")
        } catch let error {
            guard case .unsatisfiableConstraint(let rejected, let conflicts) = error else {
                Issue.record("expected unsatisfiableConstraint, got \(error)")
                return
            }
            #expect(rejected === lower)
            #expect(conflicts.count == 1 && conflicts.first === upper)
        }
        #expect(!solver.hasConstraint(lower))
        #expect(solver.constraintCount == 2)
        #expect(solver.rowCount == rows)
        solver.updateVariables()
        #expect(solver.value(of: x) == 0)

        // Still usable, and with the old bound gone the same inequality joins.
        try solver.addConstraint(x >= 3)
        solver.updateVariables()
        #expect(solver.value(of: x) == 3)
        try solver.removeConstraint(upper)
        try solver.addConstraint(lower)
        solver.updateVariables()
        #expect(solver.value(of: x) == 6)
    }
}
