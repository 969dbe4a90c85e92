// The Swift code blocks of ConstraintSolver's documentation (Sources/Layout/ConstraintSolver.docc)
// that are not tests already, verbatim, each followed by what it promises. (The strict-priorities
// article quotes `StrictPriorityTests` as they are.) `DocumentationSnippetTests` (in
// ExamplesTests) checks that every block of the catalogs appears in a test file, so the
// documentation's code compiles and does what its comments say.
import ConstraintSolver
import Testing

@Suite("Documentation snippets: ConstraintSolver")
struct ConstraintSolverDocumentationSnippets {
    @Test func landingPage() throws {
        let solver = Solver()
        let left = Variable("left")
        let width = Variable("width")
        try solver.addConstraint(left == 20)
        try solver.addConstraint(width >= 100)
        try solver.addConstraint((width == 300).withPriority(.defaultLow))
        try solver.addConstraint(left + width <= 375 - 20)
        solver.updateVariables()
        let laidOut = solver.value(of: width) // 300: every constraint holds

        // 20 + 300 fits in 375 − 20, so the width at 250 is met exactly.
        #expect(laidOut == 300)
    }

    @Test func unsatisfiableConstraintNamesItsConflicts() throws {
        let solver = Solver()
        let width = Variable("width")
        let fixed = width == 100
        try solver.addConstraint(fixed)
        var conflicts: [Constraint] = []
        do {
            try solver.addConstraint(width >= 200)
        } catch SolverError.unsatisfiableConstraint(_, let found) {
            conflicts = found // [fixed]: the required constraint it contradicts
        }

        #expect(conflicts.count == 1)
        #expect(conflicts.first === fixed)
        // The refused constraint was not added: the solver holds `fixed` only.
        #expect(solver.constraintCount == 1)
        solver.updateVariables()
        #expect(solver.value(of: width) == 100)
    }
}
