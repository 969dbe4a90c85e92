import ConstraintSolver
import Testing

/// Adding, removing and testing constraints; `updateVariables`, `value(of:)` and `reset`.
@Suite struct ConstraintLifecycleTests {
    let x = Variable("x")
    let y = Variable("y")

    @Test func hasConstraintFollowsAddAndRemove() throws {
        let solver = Solver()
        let c = x >= 10
        #expect(!solver.hasConstraint(c))
        #expect(solver.constraintCount == 0)
        try solver.addConstraint(c)
        #expect(solver.hasConstraint(c))
        #expect(solver.constraintCount == 1)
        try solver.removeConstraint(c)
        #expect(!solver.hasConstraint(c))
        #expect(solver.constraintCount == 0)
    }

    @Test func constraintsAreTrackedByIdentity() throws {
        // Two constraints that read the same are two constraints.
        let solver = Solver()
        let first = x == 5
        let second = x == 5
        try solver.addConstraint(first)
        #expect(!solver.hasConstraint(second))
        try solver.addConstraint(second)
        #expect(solver.constraintCount == 2)
        try solver.removeConstraint(first)
        #expect(solver.hasConstraint(second))
        solver.updateVariables()
        #expect(solver.value(of: x) == 5)
    }

    @Test func removingAConstraintReleasesItsEffect() throws {
        let solver = Solver()
        let minimum = x >= 100
        try solver.addConstraint((x == 10).withPriority(.defaultLow))
        try solver.addConstraint(minimum)
        solver.updateVariables()
        #expect(solver.value(of: x) == 100)
        try solver.removeConstraint(minimum)
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
    }

    @Test func aRemovedConstraintCanBeAddedAgain() throws {
        let solver = Solver()
        let pin = x == 30
        try solver.addConstraint((x == 0).withPriority(.defaultLow))
        for _ in 0..<3 {
            try solver.addConstraint(pin)
            solver.updateVariables()
            #expect(solver.value(of: x) == 30)
            try solver.removeConstraint(pin)
            solver.updateVariables()
            #expect(solver.value(of: x) == 0)
        }
    }

    @Test func oneConstraintCanServeTwoSolvers() throws {
        // Constraints and variables hold no solver state, so they can be shared.
        let a = Solver()
        let b = Solver()
        let sum = x + y == 10
        try a.addConstraint(sum)
        try b.addConstraint(sum)
        try a.addConstraint(x == 3)
        try b.addConstraint(x == 4)
        a.updateVariables()
        b.updateVariables()
        #expect(a.value(of: y) == 10 - 3)
        #expect(b.value(of: y) == 10 - 4)
        try a.removeConstraint(sum)
        #expect(b.hasConstraint(sum))
    }

    @Test func valuesChangeOnlyOnUpdateVariables() throws {
        let solver = Solver()
        let pin = x == 5
        try solver.addConstraint(pin)
        #expect(solver.value(of: x) == 0) // not yet updated
        solver.updateVariables()
        #expect(solver.value(of: x) == 5)
        try solver.setConstant(-8, for: pin)
        #expect(solver.value(of: x) == 5) // still the last update
        solver.updateVariables()
        #expect(solver.value(of: x) == 8)
    }

    @Test func unknownVariableReadsZero() throws {
        let solver = Solver()
        try solver.addConstraint(x == 5)
        solver.updateVariables()
        #expect(solver.value(of: Variable("never used")) == 0)
    }

    @Test func variableOfARemovedConstraintReadsZero() throws {
        // Once no constraint mentions a variable, the solver forgets it (documented: `0` for a
        // variable that no constraint mentions).
        let solver = Solver()
        let pin = y == 9
        try solver.addConstraint(pin)
        solver.updateVariables()
        #expect(solver.value(of: y) == 9)
        try solver.removeConstraint(pin)
        solver.updateVariables()
        #expect(solver.value(of: y) == 0)
    }

    @Test func resetForgetsEverything() throws {
        let solver = Solver()
        let pin = x == 5
        try solver.addConstraint(pin)
        try solver.addConstraint(y >= x + 1)
        try solver.addEditVariable(y, priority: .defaultHigh)
        solver.updateVariables()
        #expect(solver.value(of: x) == 5)

        solver.reset()
        #expect(solver.constraintCount == 0)
        #expect(!solver.hasConstraint(pin))
        #expect(!solver.hasEditVariable(y))
        #expect(solver.constant(of: pin) == nil)
        solver.updateVariables()
        #expect(solver.value(of: x) == 0)

        // Everything can be added again, with a different solution.
        try solver.addConstraint(pin)
        try solver.setConstant(-6, for: pin)
        try solver.addEditVariable(y, priority: .defaultHigh)
        try solver.suggestValue(40, for: y)
        solver.updateVariables()
        #expect(solver.value(of: x) == 6)
        #expect(solver.value(of: y) == 40)
    }

    @Test func manyVariablesAndChainedConstraints() throws {
        // A chain of 50 views, 8 apart, each 20 wide: left[i] = i * (20 + 8).
        let solver = Solver()
        let lefts = (0..<50).map { Variable("left\($0)") }
        try solver.addConstraint(lefts[0] == 0)
        for i in 1..<lefts.count {
            try solver.addConstraint(lefts[i] == lefts[i - 1] + 20 + 8)
        }
        solver.updateVariables()
        for (i, left) in lefts.enumerated() {
            #expect(solver.value(of: left) == Double(i * (20 + 8)))
        }
    }

    /// Found by Scripts/fuzz-solver.sh: a required equality implied by another when it was
    /// added (`10·v == 0` after `8·v == 0`) must hold once the other is removed. Removing the
    /// first pivoted its marker into the error row of the optional `20·v + 63 == 0` at 999,
    /// and `v` followed that one to -63/20. In both orders of removal, `v` stays 0; with
    /// neither left, the optional constraint has its way.
    @Test(arguments: [false, true])
    func anImpliedEqualityHoldsOnceWhatImpliedItIsRemoved(removeTheSecondFirst: Bool) throws {
        let v = Variable("v")
        let solver = Solver()
        let first = 8 * v == 0
        let second = 10 * v == 0
        try solver.addConstraint(first)
        try solver.addConstraint(second)
        try solver.addConstraint((20 * v + 63 == 0).withPriority(999))
        try solver.removeConstraint(removeTheSecondFirst ? second : first)
        solver.updateVariables()
        #expect(solver.value(of: v) == 0)
        try solver.removeConstraint(removeTheSecondFirst ? first : second)
        solver.updateVariables()
        #expect(isClose(solver.value(of: v), -63.0 / 20))
        expectUsable(solver)
    }
}
