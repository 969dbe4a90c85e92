import ConstraintSolver
import Testing

/// The package's solver for HostKit, `Solver(keepingSlotsInVariables: true)`, keeps a
/// variable's slot in the variable when no other solver does. Several such solvers share
/// variables as views move between trees: each must find its own slots, and a solver that is
/// reset or released must leave no mark that a later solver could take for its own.
@Suite struct KeptSlotTests {
    let x = Variable("x")
    let y = Variable("y")

    @Test func twoSolversShareVariablesEachWithItsOwnValues() throws {
        let first = Solver(keepingSlotsInVariables: true)
        let second = Solver(keepingSlotsInVariables: true)
        // `first` holds the marks of x and y; `second` finds them in its table.
        try first.addConstraint(x == 10)
        try first.addConstraint(y == x + 5)
        try second.addConstraint(x == 3)
        try second.addConstraint(y == x * 2)
        first.updateVariables()
        second.updateVariables()
        #expect(first.value(of: x) == 10 && first.value(of: y) == 15)
        #expect(second.value(of: x) == 3 && second.value(of: y) == 6)

        // Removing every constraint of `first` frees the marks; `second` still finds x and y
        // in its table, and a third solver takes the free marks.
        let third = Solver(keepingSlotsInVariables: true)
        first.reset()
        try third.addConstraint(x == -7)
        try third.addConstraint(y == x - 1)
        second.updateVariables()
        third.updateVariables()
        #expect(second.value(of: x) == 3 && second.value(of: y) == 6)
        #expect(third.value(of: x) == -7 && third.value(of: y) == -8)
        // A variable none of its constraints mention reads 0, as in any solver.
        #expect(first.value(of: x) == 0)
    }

    @Test func aReleasedSolverLeavesNoMark() throws {
        // Each round's solver is released at the end of the round, before the next is made,
        // so the allocator is free to give the next one the same address: a mark left behind
        // would then read as the next solver's own, and its first addition would find x at a
        // stale slot.
        for round in 0..<8 {
            let solver = Solver(keepingSlotsInVariables: true)
            // Round by round, a different number of variables before x, so that a stale slot
            // would be a wrong one.
            let fillers = (0..<round).map { Variable("f\($0)") }
            for filler in fillers { try solver.addConstraint(filler == 1) }
            try solver.addConstraint(x == Double(round))
            try solver.addConstraint(y == x + 1)
            solver.updateVariables()
            #expect(solver.value(of: x) == Double(round), "round \(round)")
            #expect(solver.value(of: y) == Double(round + 1), "round \(round)")
            for filler in fillers { #expect(solver.value(of: filler) == 1) }
        }
    }

    @Test func aKeepingSolverAndAPlainOneShareVariables() throws {
        let keeping = Solver(keepingSlotsInVariables: true)
        let plain = Solver()
        try plain.addConstraint(x == 1)
        try keeping.addConstraint(x == 2)
        let link = y == x + 2
        try keeping.addConstraint(link)
        try plain.addConstraint(y == x + 1)
        keeping.updateVariables()
        plain.updateVariables()
        #expect(keeping.value(of: x) == 2 && keeping.value(of: y) == 4)
        #expect(plain.value(of: x) == 1 && plain.value(of: y) == 2)

        // Removed from the keeping solver, y is forgotten there (its mark cleared) and still
        // known to the plain one.
        try keeping.removeConstraint(link)
        keeping.updateVariables()
        plain.updateVariables()
        #expect(keeping.value(of: y) == 0)
        #expect(plain.value(of: y) == 2)
    }
}
