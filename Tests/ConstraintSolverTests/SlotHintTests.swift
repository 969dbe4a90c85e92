import ConstraintSolver
import Testing

/// The package's path for HostKit: `addNewConstraint(_:)` adds a constraint the caller knows is
/// new, without looking it up, and returns its record's slot, which `removeConstraint(_:slot:)`
/// and `setConstant(_:for:slot:)` take as a hint. The solver answers as it does through the
/// public methods, and a lookup by identity finds constraints added this way.
@Suite struct SlotHintTests {
    let x = Variable("x")
    let y = Variable("y")

    /// `x >= 10` against a weak pull of `x` to 0, and `y == x + 5`: x = 10, y = 15.
    private func fixture() -> [Constraint] {
        [x >= 10, (x == 0).withPriority(.defaultLow), y == x + 5]
    }

    @Test func constraintsAddedAsNewSolveAsThoseAddedByIdentity() throws {
        let hinted = Solver()
        let checked = Solver()
        let constraints = fixture()
        var slots: [Int32] = []
        for constraint in constraints {
            slots.append(try hinted.addNewConstraint(constraint))
            try checked.addConstraint(constraint)
        }
        // Three records in an empty solver: slots 0, 1 and 2, in the order of addition.
        #expect(slots == [0, 1, 2])
        #expect(hinted.constraintCount == 3)
        for solver in [hinted, checked] {
            solver.updateVariables()
            #expect(solver.value(of: x) == 10)
            #expect(solver.value(of: y) == 15)
        }

        // x >= 10 becomes x >= 40 (its expression is x - 10, so the constant is -40).
        try hinted.setConstant(-40, for: constraints[0], slot: slots[0])
        hinted.updateVariables()
        #expect(hinted.value(of: x) == 40)
        #expect(hinted.value(of: y) == 45)

        // Without the bound, the weak pull takes x to 0.
        try hinted.removeConstraint(constraints[0], slot: slots[0])
        #expect(!hinted.hasConstraint(constraints[0]))
        #expect(hinted.constraintCount == 2)
        hinted.updateVariables()
        #expect(hinted.value(of: x) == 0)
        #expect(hinted.value(of: y) == 5)
    }

    @Test func lookupsByIdentityFindConstraintsAddedAsNew() throws {
        let solver = Solver()
        let constraints = fixture()
        for constraint in constraints { _ = try solver.addNewConstraint(constraint) }
        for constraint in constraints { #expect(solver.hasConstraint(constraint)) }
        #expect(solver.constant(of: constraints[0]) == -10)
        let error = try #require(solverError { try solver.addConstraint(constraints[2]) })
        guard case .duplicateConstraint(let duplicate) = error else {
            Issue.record("expected duplicateConstraint, got \(error)")
            return
        }
        #expect(duplicate === constraints[2])

        // More added as new after a lookup by identity are found too.
        let later = y <= 100
        _ = try solver.addNewConstraint(later)
        #expect(solver.hasConstraint(later))
        #expect(solver.constraintCount == 4)

        // The public removal finds each one; the solver ends empty.
        for constraint in constraints + [later] { try solver.removeConstraint(constraint) }
        #expect(solver.constraintCount == 0)
        for constraint in constraints + [later] { #expect(!solver.hasConstraint(constraint)) }
    }

    /// Bad hints: none (`-1`), out of range (`Int32.max`, `Int32.min`), another constraint's
    /// slot (`1`, `2`). Each falls back to the lookup by identity, and removes or changes the
    /// constraint named, never the one at the slot. (A slot freed and reused: the next test.)
    @Test(arguments: [Int32(-1), Int32.max, Int32.min, 1, 2])
    func aWrongSlotFindsTheConstraintByIdentity(hint: Int32) throws {
        let solver = Solver()
        let constraints = fixture()
        for constraint in constraints { _ = try solver.addNewConstraint(constraint) }
        try solver.setConstant(-40, for: constraints[0], slot: hint)
        solver.updateVariables()
        #expect(solver.value(of: x) == 40)
        #expect(solver.constant(of: constraints[1]) == 0)
        try solver.removeConstraint(constraints[0], slot: hint)
        #expect(!solver.hasConstraint(constraints[0]))
        #expect(solver.hasConstraint(constraints[1]))
        #expect(solver.hasConstraint(constraints[2]))
        solver.updateVariables()
        #expect(solver.value(of: x) == 0)
        #expect(solver.value(of: y) == 5)
    }

    @Test func aSlotFreedAndReusedHintsAtAnotherConstraint() throws {
        let solver = Solver()
        let constraints = fixture()
        let bound = constraints[0]
        let slot = try solver.addNewConstraint(bound)
        for constraint in constraints.dropFirst() { _ = try solver.addNewConstraint(constraint) }
        try solver.removeConstraint(bound, slot: slot)
        // The freed slot goes to the next record.
        let upper = x <= 30
        #expect(try solver.addNewConstraint(upper) == slot)
        // The stale hint names `bound`, which is gone: refused, and `upper` stays.
        let error = try #require(solverError { try solver.removeConstraint(bound, slot: slot) })
        guard case .unknownConstraint(let unknown) = error else {
            Issue.record("expected unknownConstraint, got \(error)")
            return
        }
        #expect(unknown === bound)
        #expect(solverError { try solver.setConstant(-50, for: bound, slot: slot) } != nil)
        #expect(solver.hasConstraint(upper))
        #expect(solver.constant(of: upper) == -30)
        #expect(solver.constraintCount == 3)
        solver.updateVariables()
        #expect(solver.value(of: x) == 0)
    }

    /// What `addConstraint(_:)` refuses, `addNewConstraint(_:)` refuses too, with the solver
    /// unchanged: an invalid priority, a non-finite number, an unsatisfiable required
    /// constraint.
    @Test func addNewConstraintRefusesWhatAddConstraintRefuses() throws {
        let solver = Solver()
        for constraint in fixture() { _ = try solver.addNewConstraint(constraint) }
        let refused = [
            (x == 3).withPriority(Priority(0)),
            x == Double.nan,
            Constraint(Expression([Term(x, coefficient: .infinity)], constant: 0), .equal),
            x <= 5,
        ]
        for constraint in refused {
            #expect(solverError { _ = try solver.addNewConstraint(constraint) } != nil)
            #expect(!solver.hasConstraint(constraint))
        }
        #expect(solver.constraintCount == 3)
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 15)
    }
}
