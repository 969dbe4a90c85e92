import ConstraintSolver
import Testing

/// The package's `updateVariables(_:)`, HostKit's path: it calls its function with the
/// variables `updateVariables()` would return, in the same order, once the values are in
/// place.
@Suite struct ChangedVariablesVisitTests {
    let x = Variable("x")
    let y = Variable("y")
    let z = Variable("z")

    /// Two solvers given the same calls: one reports through the array, one through the
    /// function, after each of a first solve, a change that moves two variables and one that
    /// moves none.
    @Test func visitsWhatTheArrayLists() throws {
        let listing = Solver()
        let visiting = Solver()
        let bound = x >= 10
        for solver in [listing, visiting] {
            try solver.addConstraint(bound)
            try solver.addConstraint((x == 0).withPriority(.defaultLow))
            try solver.addConstraint(y == x + 5)
            try solver.addConstraint(z == 3)
        }
        var expected: [[Variable]] = []
        var visited: [[Variable]] = []
        func update() {
            expected.append(listing.updateVariables())
            var names: [Variable] = []
            visiting.updateVariables { names.append($0) }
            visited.append(names)
        }
        update()
        for solver in [listing, visiting] { try solver.setConstant(-40, for: bound) }
        update()
        for solver in [listing, visiting] { try solver.setConstant(-40, for: bound) }
        update()

        // From the geometry: all three move from 0 first; then x and y (z stays at 3); then none.
        #expect(
            expected.map { Set($0.map(ObjectIdentifier.init)) }
                == [[x, y, z], [x, y], []].map { Set($0.map(ObjectIdentifier.init)) })
        #expect(visited.map { $0.map(ObjectIdentifier.init) } == expected.map { $0.map(ObjectIdentifier.init) })
    }

    /// The function may read values, which are the new ones already, and may even remove
    /// constraints: a variable that leaves the solver before its turn is skipped.
    @Test func theFunctionMayCallTheSolver() throws {
        let solver = Solver()
        let pinX = x == 10
        let pinY = y == 20
        try solver.addConstraint(pinX)
        try solver.addConstraint(pinY)
        var seen: [(Variable, Double)] = []
        solver.updateVariables { variable in
            seen.append((variable, solver.value(of: variable)))
            if solver.hasConstraint(pinX) { try? solver.removeConstraint(pinX) }
            if solver.hasConstraint(pinY) { try? solver.removeConstraint(pinY) }
        }
        // Both changed; the first visited removed both constraints, so the second was skipped.
        #expect(seen.count == 1)
        let (first, value) = try #require(seen.first)
        #expect(value == (first === x ? 10 : 20))
        #expect(solver.constraintCount == 0)
    }
}
