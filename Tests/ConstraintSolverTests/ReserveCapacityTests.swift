import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// `Solver.reserveCapacity(for:newVariables:)` sizes the solver's tables for a batch before it
/// is added: nothing grows while the batch goes in, and the room is what the batch uses, not
/// up to twice that as doubling leaves.
///
/// The room is read as the tables' capacities, which the allocator may round up: by less than
/// 16 bytes (glibc and Apple's malloc both hand out 16-byte multiples), so at most one entry
/// of the tables measured, whose entries are 8 bytes or wider.
@Suite struct ReserveCapacityTests {
    /// The rows and symbols an addition with an artificial variable holds for a moment, which
    /// the reservation adds to what the batch keeps (its objective row and artificial symbol).
    private static let artificialAllowance = 2
    /// The allocator's rounding, in entries of an 8-byte-or-wider table (also
    /// `ReservationPrefetchTests`' tolerance).
    static let rounding = 1

    /// A batch of each kind of constraint, counted by hand from the tableau's rules: a row and
    /// a marker per required constraint, a row and two symbols per optional one, nothing for
    /// an inequality that shares its opposite's row, a row and a symbol per priority level,
    /// a symbol per variable.
    ///
    /// `asNew`: through the package's path for HostKit (a ``Solver/Reservation`` counted one
    /// constraint at a time, then ``Solver/reserveCapacity(newVariables:for:)``, and
    /// ``Solver/addNewConstraint(_:)``), which makes the same room; it is always told how many
    /// variables are new.
    @Test(arguments: [(false, false), (true, false), (true, true)])
    func reservesWhatABatchUses(tellingNewVariables: Bool, asNew: Bool) throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let width = Variable("width")
        let batch = [
            x == 10, // a row, a marker
            y >= x + 5, // a row, a slack
            (z == 3).withPriority(.sceneSizeStayPut), // a row, two errors; the level of 500
            (width <= 80).withPriority(.defaultLow), // a row, a slack and an error; the level of 250
            (width >= 80).withPriority(.defaultHigh), // its opposite's row; the level of 750
        ]
        let rows = 4 + 3
        let symbols = (1 + 1 + 2 + 2) + 3 + 4

        let solver = Solver()
        if asNew {
            var reservation = Solver.Reservation()
            for constraint in batch { solver.count(new: constraint, in: &reservation) }
            solver.reserveCapacity(newVariables: 4, for: [reservation])
        } else {
            solver.reserveCapacity(for: batch, newVariables: tellingNewVariables ? 4 : nil)
        }
        let reserved = solver.storage
        for constraint in batch {
            if asNew { _ = try solver.addNewConstraint(constraint) } else { try solver.addConstraint(constraint) }
        }
        let added = solver.storage

        #expect(added.rows == rows)
        #expect(added.symbols == symbols)
        #expect(added.records == batch.count)
        #expect(added.variables == 4)
        Self.expectNoGrowth(from: reserved, to: added)
        Self.expectExactRoom(reserved, for: added)
    }

    /// Random systems, with opposite pairs mixed in: however the additions go (lazy
    /// definitions, artificial variables, refusals), no table grows while the batch goes in;
    /// when every constraint is accepted, the room is what they use.
    @Test(arguments: 0..<48) func randomBatchesGrowNoTable(seed: UInt64) throws {
        let system = RandomSystem(seed: seed, shape: seed % 2 == 0 ? .small : .large)
        let variables = (0..<system.variableCount).map { Variable("v\($0)") }
        var batch: [Constraint] = []
        var random = SplitMix64(seed: seed &+ 1000)
        for spec in system.specs {
            batch.append(spec.constraint(over: variables))
            // Half the optional inequalities get their opposite right after, as a view's
            // hugging and compression resistance come.
            if spec.relation != .equal, !spec.priority.isRequired, random.int(in: 0...1) == 0 {
                var opposite = spec.withPriority(spec.priority == .defaultHigh ? .defaultLow : .defaultHigh)
                opposite.relation = spec.relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
                batch.append(opposite.constraint(over: variables))
            }
        }

        let solver = Solver()
        solver.reserveCapacity(for: batch)
        let reserved = solver.storage
        var refused = 0
        for constraint in batch {
            do { try solver.addConstraint(constraint) } catch { refused += 1 }
        }
        let added = solver.storage

        Self.expectNoGrowth(from: reserved, to: added)
        if refused == 0 { Self.expectExactRoom(reserved, for: added) }
    }

    /// Reserving changes no answer: the same systems, solved with and without it, give the
    /// same values, bit for bit.
    @Test(arguments: 0..<24) func reservingChangesNoValue(seed: UInt64) throws {
        let system = RandomSystem(seed: seed, shape: .fractional)
        var results: [[UInt64]] = []
        for reserve in [false, true] {
            let variables = (0..<system.variableCount).map { Variable("v\($0)") }
            let constraints = system.specs.map { $0.constraint(over: variables) }
            let solver = Solver()
            if reserve { solver.reserveCapacity(for: constraints) }
            for constraint in constraints { try? solver.addConstraint(constraint) }
            solver.updateVariables()
            results.append(variables.map { solver.value(of: $0).bitPattern })
        }
        #expect(results[0] == results[1])
    }

    /// A batch smaller than what the solver holds grows its tables as adding would, by
    /// doubling, not to the batch's exact size: reserving before each of many small batches
    /// would otherwise copy every table each time.
    @Test func aSmallBatchGrowsTablesByDoubling() throws {
        let solver = Solver()
        var previous = Variable("v0")
        var held = [previous]
        // A chain of required equalities: a row and a marker each.
        while solver.storage.rows == 0 || solver.storage.rows < solver.storage.rowCapacity {
            let next = Variable("v\(held.count)")
            try solver.addConstraint(next == previous + 1)
            held.append(next)
            previous = next
        }
        let full = solver.storage
        let next = Variable("next")
        solver.reserveCapacity(for: [next == previous + 1])
        #expect(solver.storage.rowCapacity >= 2 * full.rowCapacity)
    }

    /// The first layout of a form-like chain in one batch, as HostKit adds it: the tables end
    /// the size the layout needs.
    @Test func aLongChainIsSizedOnce() throws {
        let solver = Solver()
        var constraints: [Constraint] = []
        var heights: [Variable] = []
        var previousBottom: Expression = Expression([], constant: 0)
        for row in 0..<300 {
            let top = Variable("top\(row)")
            let height = Variable("height\(row)")
            heights.append(height)
            constraints.append(top == previousBottom + 8)
            previousBottom = top + height
        }
        for height in heights {
            constraints.append((height <= 34).withPriority(.defaultLow))
            constraints.append((height >= 34).withPriority(.defaultHigh))
        }
        solver.reserveCapacity(for: constraints)
        let reserved = solver.storage
        for constraint in constraints { try solver.addConstraint(constraint) }
        let added = solver.storage
        // 300 links and 300 hugging rows, and the two levels.
        #expect(added.rows == 600 + 2)
        Self.expectNoGrowth(from: reserved, to: added)
        Self.expectExactRoom(reserved, for: added)
    }

    /// Bad input: constraints the solver would refuse or already holds, and a count of new
    /// variables below 0 or past anything the constraints could name. None traps; each leaves
    /// the solver's contents as they were (only room may change), and the constraints added
    /// afterwards give the answer they give without the reservation.
    @Test(arguments: [-1, 0, Int.max, Int.min])
    func badInputChangesNothingButRoom(newVariables: Int) throws {
        let x = Variable("x")
        let y = Variable("y")
        let held = x == 10
        let link = y == x + 5
        let solver = Solver()
        try solver.addConstraint(held)
        solver.updateVariables()
        let before = solver.storage
        let batch = [
            held, // already in the solver
            Constraint(Expression([Term(y)], constant: .nan), .equal, priority: .required),
            (y == 5).withPriority(Priority(Float.nan)),
            (y == 5).withPriority(Priority(1_001)),
            link,
            link, // the same twice
        ]
        solver.reserveCapacity(for: batch, newVariables: newVariables)
        let reserved = solver.storage
        #expect(reserved.symbols == before.symbols)
        #expect(reserved.rows == before.rows)
        #expect(reserved.records == before.records)
        #expect(reserved.variables == before.variables)
        // A count past the terms is bounded by them: a handful of terms here, not `Int.max`
        // entries.
        #expect(reserved.variableCapacity <= before.variables + 8)
        #expect(solver.value(of: x) == 10)

        try solver.addConstraint(batch[4])
        #expect(throws: SolverError.self) { try solver.addConstraint(batch[5]) }
        solver.updateVariables()
        #expect(solver.value(of: y) == 15)
    }

    /// A batch counted in several reservations, as HostKit counts its lists: a level new to
    /// two of them is made room for once, and an opposite inequality first in its reservation
    /// gets the room of a row it will not use (its reservation cannot see the constraint before
    /// it), a row and two symbols at most. Nothing grows while the batch goes in.
    @Test func reservationsAddUp() throws {
        let width = Variable("width")
        let a = (0..<6).map { Variable("a\($0)") }
        let levels = [Priority(300), Priority(400), Priority(600)]
        // Each reservation brings the same three levels, which their sums would count twice.
        let first = (0..<3).map { (a[$0] == 1).withPriority(levels[$0]) } + [(width <= 80).withPriority(.defaultLow)]
        let second =
            [(width >= 80).withPriority(.defaultHigh)] + (3..<6).map { (a[$0] == 2).withPriority(levels[$0 - 3]) }
        let solver = Solver()
        var reservations = [Solver.Reservation(), Solver.Reservation()]
        for constraint in first { solver.count(new: constraint, in: &reservations[0]) }
        for constraint in second { solver.count(new: constraint, in: &reservations[1]) }
        solver.reserveCapacity(newVariables: 7, for: reservations)
        let reserved = solver.storage
        for constraint in first + second { _ = try solver.addNewConstraint(constraint) }
        let added = solver.storage

        // Seven rows (the opposite shares one) and five levels; two markers per row, a symbol
        // per level, seven variables.
        #expect(added.rows == 7 + 5)
        #expect(added.symbols == 2 * 7 + 5 + 7)
        Self.expectNoGrowth(from: reserved, to: added)
        let slack = Self.artificialAllowance + Self.rounding
        #expect(reserved.rowCapacity >= added.rows + 1)
        #expect(reserved.rowCapacity <= added.rows + 1 + slack)
        #expect(reserved.symbolCapacity <= added.symbols + 2 + slack)
    }

    /// Bad input to the package's path: a constraint with an invalid priority is not counted,
    /// and a count of new variables below 0 or past the terms is bounded by them.
    @Test(arguments: [-1, Int.max, Int.min])
    func badInputToAReservationChangesNothingButRoom(newVariables: Int) throws {
        let y = Variable("y")
        let solver = Solver()
        var reservation = Solver.Reservation()
        solver.count(new: (y == 5).withPriority(Priority(Float.nan)), in: &reservation)
        solver.count(new: (y == 5).withPriority(Priority(1_001)), in: &reservation)
        solver.count(new: y == 7, in: &reservation)
        solver.reserveCapacity(newVariables: newVariables, for: [reservation])
        let reserved = solver.storage
        #expect(reserved.symbols == 0)
        #expect(reserved.rows == 0)
        #expect(reserved.records == 0)
        // One constraint of one term: room for a record and a variable, not `Int.max`.
        #expect(reserved.recordCapacity <= 1 + Self.rounding)
        #expect(reserved.variableCapacity <= 1 + Self.rounding)
        _ = try solver.addNewConstraint(y == 7)
        solver.updateVariables()
        #expect(solver.value(of: y) == 7)
    }

    private static func expectNoGrowth(
        from reserved: Solver.StorageFigures, to added: Solver.StorageFigures,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(added.symbolCapacity == reserved.symbolCapacity, sourceLocation: sourceLocation)
        #expect(added.rowCapacity == reserved.rowCapacity, sourceLocation: sourceLocation)
        #expect(added.recordCapacity == reserved.recordCapacity, sourceLocation: sourceLocation)
        #expect(added.variableCapacity == reserved.variableCapacity, sourceLocation: sourceLocation)
    }

    private static func expectExactRoom(
        _ reserved: Solver.StorageFigures, for added: Solver.StorageFigures,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let slack = artificialAllowance + rounding
        #expect(reserved.symbolCapacity <= added.symbols + slack, sourceLocation: sourceLocation)
        #expect(reserved.rowCapacity <= added.rows + slack, sourceLocation: sourceLocation)
        #expect(reserved.recordCapacity <= added.records + rounding, sourceLocation: sourceLocation)
        #expect(reserved.variableCapacity <= added.variables + rounding, sourceLocation: sourceLocation)
    }
}
