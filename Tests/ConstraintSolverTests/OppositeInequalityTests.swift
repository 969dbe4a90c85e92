import ConstraintSolver
import Testing

/// An optional inequality added right after its opposite (the same expression, the other
/// relation, optional too) shares the opposite's row: the first one's slack measures the
/// second one's violation, so the second costs that slack at its own priority. A view's content
/// hugging (`width <= 80` at 250) and compression resistance (`width >= 80` at 750) are such a
/// pair. These tests pin the row saved and the answers, against separate rows.
@Suite struct OppositeInequalityTests {
    /// A solver holding `x == 0` at 1, so that `x` has a value whatever else holds: two rows,
    /// the constraint's and its level's.
    private func solverWithStay(_ x: Variable) throws -> Solver {
        let solver = Solver()
        try solver.addConstraint((x == 0).withPriority(1))
        #expect(solver.rowCount == 2)
        return solver
    }

    @Test func hugsAndResistsCompressionInOneRow() throws {
        let x = Variable("width")
        let solver = try solverWithStay(x)
        let hugging = (x <= 80).withPriority(.defaultLow)
        let compression = (x >= 80).withPriority(.defaultHigh)
        try solver.addConstraint(hugging)
        // Its row and the level of 250.
        #expect(solver.rowCount == 4)
        try solver.addConstraint(compression)
        // The level of 750 only: no row of its own.
        #expect(solver.rowCount == 5)
        solver.updateVariables()
        // The stay pulls towards 0; resisting compression at 750 wins: 80.
        #expect(solver.value(of: x) == 80)

        // Wider than 80 at 500: hugging (250) gives way, compression holds nothing back.
        let wide = (x == 120).withPriority(500)
        try solver.addConstraint(wide)
        solver.updateVariables()
        #expect(solver.value(of: x) == 120)
        try solver.removeConstraint(wide)
        // Narrower than 80 at 500: compression (750) wins.
        let narrow = (x == 40).withPriority(500)
        try solver.addConstraint(narrow)
        solver.updateVariables()
        #expect(solver.value(of: x) == 80)
        try solver.removeConstraint(narrow)
        #expect(solver.rowCount == 5)
    }

    @Test func aConstraintBetweenThemKeepsTheirRowsApart() throws {
        let x = Variable("width")
        let y = Variable("height")
        let solver = try solverWithStay(x)
        try solver.addConstraint((x <= 80).withPriority(.defaultLow))
        try solver.addConstraint(y == 3)
        let rows = solver.rowCount
        try solver.addConstraint((x >= 80).withPriority(.defaultHigh))
        // Its row and the level of 750.
        #expect(solver.rowCount == rows + 2)
    }

    @Test func notPairedWhenTheyDifferOrOneIsRequired() throws {
        let x = Variable("width")
        let cases: [(Constraint, Constraint)] = [
            // Another constant, another coefficient, the same relation, an equality, required.
            ((x <= 80).withPriority(.defaultLow), (x >= 81).withPriority(.defaultHigh)),
            ((x <= 80).withPriority(.defaultLow), (2 * x >= 160).withPriority(.defaultHigh)),
            ((x <= 80).withPriority(.defaultLow), (x <= 80).withPriority(.defaultHigh)),
            ((x <= 80).withPriority(.defaultLow), (x == 80).withPriority(.defaultHigh)),
            (x <= 80, (x >= 80).withPriority(.defaultHigh)),
            ((x <= 80).withPriority(.defaultLow), x >= 80),
        ]
        for (first, second) in cases {
            let solver = try solverWithStay(x)
            try solver.addConstraint(first)
            let rows = solver.rowCount
            try solver.addConstraint(second)
            // A row of its own (and a level's row when optional).
            #expect(solver.rowCount == rows + (second.priority.isRequired ? 1 : 2), "\(first), then \(second)")
        }
    }

    @Test func eitherCanLeaveOrChangeAndTheOtherStillHolds() throws {
        let x = Variable("width")
        for huggingLeavesFirst in [true, false] {
            let solver = try solverWithStay(x)
            let hugging = (x <= 80).withPriority(.defaultLow)
            let compression = (x >= 80).withPriority(.defaultHigh)
            try solver.addConstraint(hugging)
            try solver.addConstraint(compression)
            let wide = (x == 120).withPriority(500)
            try solver.addConstraint(wide)
            #expect(solver.rowCount == 7)
            let (first, second) = huggingLeavesFirst ? (hugging, compression) : (compression, hugging)
            try solver.removeConstraint(first)
            // Either way one row goes, a level's: hugging leaves its row to compression and
            // takes the level of 250 with it; compression takes back its cost and the level
            // of 750.
            #expect(solver.rowCount == 6)
            // `wide` at 500 beats hugging at 250, and compression has nothing against 120.
            solver.updateVariables()
            #expect(solver.value(of: x) == 120)
            try solver.removeConstraint(wide)
            // Then the stay's 0 stops at compression's 80, or hugging lets it through.
            solver.updateVariables()
            #expect(solver.value(of: x) == (huggingLeavesFirst ? 80 : 0))
            try solver.removeConstraint(second)
            solver.updateVariables()
            #expect(solver.value(of: x) == 0)
            #expect(solver.rowCount == 2)
            #expect(solver.constraintCount == 1)
        }

        // A new intrinsic width, both constants changed (the pair parts first): 80 → 100.
        let solver = try solverWithStay(x)
        let hugging = (x <= 80).withPriority(.defaultLow)
        let compression = (x >= 80).withPriority(.defaultHigh)
        try solver.addConstraint(hugging)
        try solver.addConstraint(compression)
        try solver.setConstant(-100, for: compression)
        solver.updateVariables()
        // Compression now wants ≥ 100 at 750; hugging still ≤ 80 at 250.
        #expect(solver.value(of: x) == 100)
        #expect(solver.constant(of: hugging) == -80)
        try solver.setConstant(-100, for: hugging)
        solver.updateVariables()
        #expect(solver.value(of: x) == 100)
        // Parted, each has its row.
        #expect(solver.rowCount == 6)
    }
}
