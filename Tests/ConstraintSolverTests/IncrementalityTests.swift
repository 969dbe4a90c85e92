import ConstraintSolver
import Testing

/// Issue 2: "one add/remove/suggest/constant change re-optimises from the current tableau".
/// Proved with the solver's package-level counters: the work of one change does not grow with
/// the size of the system, and nothing is rebuilt.
@Suite struct IncrementalityTests {
    /// The rows(N) system of the solver benchmark: a strong edit `W` at 999, and per row
    /// `lx == 20`, `lw >= 10`, `lw == 100` at 500, `fx == lx + lw + 8`, `fx + fw == W - 20`,
    /// `fw >= 50`, `fw == 300` at 250.
    struct Rows {
        let solver = Solver()
        let width = Variable("W")
        private(set) var fieldWidths: [Variable] = []
        private(set) var labelPins: [Constraint] = []
        /// Per row: `lx`, `lw`, `fx`, `fw`.
        private(set) var variables: [[Variable]] = []

        init(n: Int, width initial: Double) throws {
            try solver.addEditVariable(width, priority: 999)
            try solver.suggestValue(initial, for: width)
            for i in 0..<n {
                let lx = Variable("lx\(i)")
                let lw = Variable("lw\(i)")
                let fx = Variable("fx\(i)")
                let fw = Variable("fw\(i)")
                let pin = lx == 20
                try solver.addConstraint(pin)
                try solver.addConstraint(lw >= 10)
                try solver.addConstraint((lw == 100).withPriority(.sceneSizeStayPut))
                try solver.addConstraint(fx == lx + lw + 8)
                try solver.addConstraint(fx + fw == width - 20)
                try solver.addConstraint(fw >= 50)
                try solver.addConstraint((fw == 300).withPriority(.defaultLow))
                fieldWidths.append(fw)
                labelPins.append(pin)
                variables.append([lx, lw, fx, fw])
            }
            solver.updateVariables()
        }
    }

    /// Pivots and row updates made by `body`.
    private static func work(_ solver: Solver, _ body: () throws -> Void) rethrows -> (pivots: Int, rows: Int) {
        let pivots = solver.pivotCount
        let rows = solver.rowUpdateCount
        try body()
        return (solver.pivotCount - pivots, solver.rowUpdateCount - rows)
    }

    /// One suggestion of `W` that moves every field but changes no inequality's or optional
    /// constraint's side: from 800 to 700 each field is `W - 20 - (20 + 100 + 8) = W - 148`,
    /// 652 then 552, above its weak 300 both times. The dual simplex has nothing to repair.
    @Test(arguments: [100, 1000])
    func suggestionThatChangesNoSideMakesNoPivot(n: Int) throws {
        let rows = try Rows(n: n, width: 800)
        let work = try Self.work(rows.solver) {
            try rows.solver.suggestValue(700, for: rows.width)
            rows.solver.updateVariables()
        }
        #expect(work.pivots == 0)
        // Every field's definition mentions W, so each row of the system has a few rows to
        // shift: linear in n, and at most 4 per row (3n + 3 today).
        #expect(work.rows <= 4 * n + 4)
        #expect(rows.solver.value(of: rows.fieldWidths[n - 1]) == 700 - 148)
        #expect(rows.solver.rebuildCount == 0)
    }

    @Test func pivotsOfASuggestionDoNotGrowWithTheSystem() throws {
        // The same suggestion at n = 100 and n = 1000 makes the same (zero) number of pivots.
        var pivots: [Int] = []
        for n in [100, 1000] {
            let rows = try Rows(n: n, width: 800)
            pivots.append(try Self.work(rows.solver) { try rows.solver.suggestValue(700, for: rows.width) }.pivots)
        }
        #expect(pivots[0] == pivots[1])
    }

    @Test(arguments: [100, 1000])
    func suggestionThatFlipsEveryFieldPivotsOncePerField(n: Int) throws {
        // From 700 to 400 every field goes from 552 to 252, below its weak 300: each field's
        // error changes side, one pivot per field and no more.
        let rows = try Rows(n: n, width: 700)
        let work = try Self.work(rows.solver) { try rows.solver.suggestValue(400, for: rows.width) }
        #expect(work.pivots == n)
        rows.solver.updateVariables()
        #expect(rows.solver.value(of: rows.fieldWidths[0]) == 400 - 148)
    }

    @Test func setConstantIsLocalAndDoesNotRebuild() throws {
        // Moving one label from x = 20 to x = 30 touches that row only: the same pivots (none)
        // and the same row updates at n = 100 and n = 1000, no rebuild, no constraint re-added.
        var works: [(pivots: Int, rows: Int)] = []
        for n in [100, 1000] {
            let rows = try Rows(n: n, width: 400)
            let count = rows.solver.constraintCount
            let row = n / 2
            works.append(try Self.work(rows.solver) { try rows.solver.setConstant(-30, for: rows.labelPins[row]) })
            #expect(rows.solver.rebuildCount == 0)
            #expect(rows.solver.constraintCount == count)
            rows.solver.updateVariables()
            // fw = W - 20 - (30 + 100 + 8) = 400 - 158; its neighbours keep 400 - 148.
            #expect(rows.solver.value(of: rows.fieldWidths[row]) == 400 - 158)
            #expect(rows.solver.value(of: rows.fieldWidths[row + 1]) == 400 - 148)
        }
        #expect(works[0].pivots == 0 && works[1].pivots == 0)
        #expect(works[0].rows == works[1].rows)
        #expect(works[1].rows < 10)
    }

    @Test func updateVariablesEvaluatesWhatTheChangeTouched() throws {
        // Moving one label from x = 20 to x = 30 moves that label and its field (fx = lx + lw + 8,
        // fw = W - 20 - fx) and nothing else: updateVariables reports those three variables and
        // evaluates the same few definitions at n = 100 and n = 1000.
        var evaluations: [Int] = []
        for n in [100, 1000] {
            let rows = try Rows(n: n, width: 400)
            let row = n / 2
            try rows.solver.setConstant(-30, for: rows.labelPins[row])
            let before = rows.solver.evaluationCount
            let changed = rows.solver.updateVariables()
            evaluations.append(rows.solver.evaluationCount - before)
            let names = Set(changed.map(ObjectIdentifier.init))
            let v = rows.variables[row]
            #expect(names == Set([v[0], v[2], v[3]].map(ObjectIdentifier.init)))
            #expect(changed.count == 3)
            #expect(rows.solver.value(of: v[0]) == 30)
            #expect(rows.solver.value(of: v[2]) == 30 + 100 + 8)
            // Nothing moved since: nothing to report, nothing evaluated.
            let again = rows.solver.evaluationCount
            #expect(rows.solver.updateVariables().isEmpty)
            #expect(rows.solver.evaluationCount == again)
        }
        #expect(evaluations[0] == evaluations[1])
        #expect(evaluations[1] < 10)
    }

    @Test func aSuggestionThatMovesEveryFieldReportsEveryField() throws {
        // From 800 to 700 every field width moves (fw = W - 148) and nothing else does: W and the
        // n field widths are reported, with the values a fresh solver gives at W = 700 (exact:
        // every number here is an integer).
        let n = 1000
        let rows = try Rows(n: n, width: 800)
        try rows.solver.suggestValue(700, for: rows.width)
        let changed = rows.solver.updateVariables()
        #expect(
            Set(changed.map(ObjectIdentifier.init))
                == Set(([rows.width] + rows.fieldWidths).map(ObjectIdentifier.init)))
        let fresh = try Rows(n: n, width: 700)
        for (a, b) in zip(rows.variables, fresh.variables) {
            #expect(a.map { rows.solver.value(of: $0) } == b.map { fresh.solver.value(of: $0) })
        }
    }
}
