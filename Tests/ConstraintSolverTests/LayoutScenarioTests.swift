import ConstraintSolver
import Testing

/// A form laid out by the solver as the keyboard comes and goes: the `rows` workload of the
/// benchmark at a small size, with every value derived by hand.
///
/// Each row has a label (`lx == 20`, `lw >= 10`, `lw == 100` at 500) and a field 8 points
/// after it (`fx == lx + lw + 8`) that reaches 20 points before the available width `W`
/// (`fx + fw == W − 20`, `fw >= 50`, `fw == 300` at 250). `W` is an edit variable at 750, as
/// the visible width or height is when the keyboard or a rotation changes it.
@Suite struct LayoutScenarioTests {
    struct Row {
        let lx = Variable("lx"), lw = Variable("lw"), fx = Variable("fx"), fw = Variable("fw")
    }

    let solver = Solver()
    let width = Variable("W")
    let rows = (0..<3).map { _ in Row() }

    init() throws {
        try solver.addEditVariable(width, priority: .defaultHigh)
        try solver.suggestValue(800, for: width)
        for row in rows {
            try solver.addConstraint(row.lx == 20)
            try solver.addConstraint(row.lw >= 10)
            try solver.addConstraint((row.lw == 100).withPriority(.sceneSizeStayPut))
            try solver.addConstraint(row.fx == row.lx + row.lw + 8)
            try solver.addConstraint(row.fx + row.fw == width - 20)
            try solver.addConstraint(row.fw >= 50)
            try solver.addConstraint((row.fw == 300).withPriority(.defaultLow))
        }
    }

    private func expectRows(label: Double, field: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows {
            #expect(solver.value(of: row.lx) == 20, sourceLocation: sourceLocation)
            #expect(isClose(solver.value(of: row.lw), label), "label width", sourceLocation: sourceLocation)
            #expect(isClose(solver.value(of: row.fx), 20 + label + 8), "field x", sourceLocation: sourceLocation)
            #expect(isClose(solver.value(of: row.fw), field), "field width", sourceLocation: sourceLocation)
        }
    }

    @Test func wideScreenStretchesTheField() {
        solver.updateVariables()
        // The edit at 750 beats the field's 300 at 250: the field takes what is left.
        #expect(solver.value(of: width) == 800)
        expectRows(label: 100, field: 800 - 20 - (20 + 100 + 8))
    }

    @Test func narrowerWidthShrinksTheFieldFirst() throws {
        // 300 − 20 − 128 = 152 ≥ 50: only the field (250) gives way.
        try solver.suggestValue(300, for: width)
        solver.updateVariables()
        expectRows(label: 100, field: 300 - 20 - (20 + 100 + 8))
    }

    @Test func atTheFieldMinimumTheLabelGivesWay() throws {
        // W = 150: the field is held at its minimum 50, so the label (500, below the edit's
        // 750) shrinks to 150 − 20 − 50 − 8 − 20.
        try solver.suggestValue(150, for: width)
        solver.updateVariables()
        #expect(solver.value(of: width) == 150)
        expectRows(label: 150 - 20 - 50 - 8 - 20, field: 50)
    }

    @Test func belowEveryMinimumTheEditYields() throws {
        // W = 50 cannot fit 20 + 10 + 8 + 50 + 20: the required minimums win and W stops at
        // that sum.
        try solver.suggestValue(50, for: width)
        solver.updateVariables()
        #expect(isClose(solver.value(of: width), 20 + 10 + 8 + 50 + 20))
        expectRows(label: 10, field: 50)
    }

    @Test func keyboardUpAndDownReturnsToTheSameLayout() throws {
        // Show and hide the keyboard a few times: each suggestion re-solves incrementally,
        // and the original layout comes back (up to rounding).
        solver.updateVariables()
        let before = rows.flatMap { [solver.value(of: $0.lw), solver.value(of: $0.fw)] }
        for value in [300.0, 150, 50, 800, 120, 800] {
            try solver.suggestValue(value, for: width)
        }
        solver.updateVariables()
        let after = rows.flatMap { [solver.value(of: $0.lw), solver.value(of: $0.fw)] }
        expectClose(after, before, "after the keyboard went down again")
    }

    @Test func addingAndRemovingADuplicatePreferenceChangesNothing() throws {
        // A second `fw == 300` at 250 on one row, added and removed, leaves every row as it
        // would be without it.
        let fw = rows[2].fw
        let preference = (fw == 300).withPriority(.defaultLow)
        try solver.addConstraint(preference) // a second, identical preference
        try solver.removeConstraint(preference)
        try solver.suggestValue(300, for: width)
        solver.updateVariables()
        expectRows(label: 100, field: 300 - 20 - (20 + 100 + 8))
    }
}
