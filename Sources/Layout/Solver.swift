internal import CPrefetch

/// An incremental Cassowary constraint solver with Auto Layout's priority semantics.
///
/// Add and remove ``Constraint``s, mark variables as edit variables and suggest values for
/// them, change a constraint's constant in place, then call ``updateVariables()`` and read
/// values with ``value(of:)``. Each call re-optimises from the current tableau; nothing is
/// rebuilt.
///
/// - **Priorities are strict.** A satisfied constraint of a higher priority outweighs any
///   number of violated lower-priority constraints; among constraints of one priority the sum
///   of absolute errors is minimised.
/// - **Deterministic.** The same calls give bit-identical values in every process.
/// - **Errors are thrown, never trapped.** After any ``SolverError`` the solver holds exactly
///   the constraints it held before the call and stays usable.
///
/// ```swift
/// let solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.addConstraint(left == 20)
/// try solver.addConstraint(width >= 100)
/// try solver.addConstraint((width == 300).withPriority(.defaultLow))
/// solver.updateVariables()
/// solver.value(of: width)  // 300
/// ```
public final class Solver {
    private struct VariableRecord {
        let variable: Variable
        let symbol: Symbol
        /// How many added constraints mention the variable (an `Int32`, as the tableau's
        /// indexes are: a record is then 16 bytes instead of 24).
        var uses: Int32
    }

    /// 48 bytes: the fields are in an order that leaves no gap but the last, and the level is
    /// read from the constraint rather than kept (at 56 bytes, the records of a 10,000-row
    /// form's 90,000 constraints took 7.3 MB at their array's capacity).
    private struct ConstraintRecord {
        let constraint: Constraint
        var constant: Double
        let sequence: Int
        var tag: Tag
        var pairing = Pairing.none

        init(constraint: Constraint, tag: Tag, sequence: Int, constant: Double, pairing: Pairing = .none) {
            self.constraint = constraint
            self.constant = constant
            self.sequence = sequence
            self.tag = tag
            self.pairing = pairing
        }

        /// The priority level of an optional constraint, `nil` for a required one.
        var level: Float? { Solver.level(of: constraint) }

        var isPaired: Bool {
            if case .none = pairing { false } else { true }
        }

        var isGuest: Bool {
            if case .guest = pairing { true } else { false }
        }
    }

    /// The tableau's priority level of a constraint: its priority's value when optional, `nil`
    /// when required.
    private static func level(of constraint: Constraint) -> Float? {
        constraint.priority.isRequired ? nil : constraint.priority.rawValue
    }

    /// Whether a constraint shares its row with the opposite inequality of the same
    /// expression (see ``addConstraint(_:)`` and ``Tableau/addCost(of:priority:)``).
    private enum Pairing {
        case none
        /// The record's row stands for the constraint at this slot as well, whose priority
        /// costs the record's slack.
        case host(guest: Int32)
        /// The record has no row of its own: its priority costs the slack of the constraint at
        /// this slot, and its tag is that constraint's.
        case guest(host: Int32)
    }

    private struct EditRecord {
        let constraint: Constraint
        var value: Double
    }

    // Every stored property is `@exclusivity(unchecked)`. `values` (and `variableSlots`, but
    // for a solver that keeps its slots in the variables) are read by every `value(of:)`, which
    // HostKit calls four times per view after each layout; the run-time exclusivity check of a
    // class's stored property cost more than the lookup itself. The others are touched several
    // times by every `addConstraint(_:)`, where the checks were about 5% of building a large
    // layout (callgrind, 10,000-row form). No access to them can overlap another: the solver
    // is not Sendable (one isolation domain at a time), never calls out to caller code while
    // it touches them, and none of its methods holds one across a call that touches the same
    // one again.
    @exclusivity(unchecked) private var tableau = Tableau()
    @exclusivity(unchecked) private var variableSlots = IdentityTable()
    @exclusivity(unchecked) private var variables: [VariableRecord?] = []
    @exclusivity(unchecked) private var freeVariableSlots: [Int] = []
    /// Each variable slot's value as of the last ``updateVariables()`` (`0` for a free slot).
    @exclusivity(unchecked) private var values: [Double] = []
    /// Each variable slot's tableau symbol, or `nil` for a free slot: where
    /// ``updateVariables()`` copies the slot's value from.
    @exclusivity(unchecked) private var slotSymbols: [Symbol?] = []
    /// The variable slot of each external tableau symbol, indexed by ``Symbol/index``; `-1`
    /// for other symbols (and beyond the end). The way back from the symbols whose values the
    /// tableau reports changed to the variables.
    @exclusivity(unchecked) private var symbolSlots: [Int32] = []
    /// Scratch for ``updateVariables()``: the symbols whose values changed.
    @exclusivity(unchecked) private var changedSymbols: [Symbol] = []
    /// Scratch for ``updateVariables(_:)``: the slots of the variables whose values changed.
    @exclusivity(unchecked) private var changedSlots: [Int32] = []
    /// The tableau was rebuilt since the last ``updateVariables()``: its symbols are new, so
    /// every slot is compared, not only those of the symbols it reports.
    @exclusivity(unchecked) private var needsFullGather = false
    /// The slot of each added constraint's record in ``constraintRecords``. An identity table
    /// and an array rather than a `Dictionary<ObjectIdentifier, ConstraintRecord>`: the
    /// dictionary's buckets held the records themselves, 16.8 MB for a 10,000-row form's
    /// 110,000 constraints (262,144 buckets of 64 bytes), and hashed each identity with SipHash.
    @exclusivity(unchecked) private var constraintSlots = IdentityTable()
    /// Whether ``constraintSlots`` lists every record. ``addNewConstraint(_:)`` leaves it
    /// incomplete, and the first lookup by identity after that fills it again from the records
    /// (see ``completeConstraintSlots()``).
    @exclusivity(unchecked) private var constraintSlotsAreComplete = true
    /// Each added constraint's record, at its slot; `nil` for a free slot.
    @exclusivity(unchecked) private var constraintRecords: [ConstraintRecord?] = []
    @exclusivity(unchecked) private var freeConstraintSlots: [Int32] = []
    /// The constraint slot of each marker symbol, indexed by ``Symbol/index``; `-1` for other
    /// symbols (and beyond the end). The way from a conflict's markers to its constraints.
    @exclusivity(unchecked) private var markerSlots: [Int32] = []
    @exclusivity(unchecked) private var edits: [ObjectIdentifier: EditRecord] = [:]
    /// Scratch for ``addConstraint(_:)``: the variable slots of its terms, and its tableau terms.
    @exclusivity(unchecked) private var scratchSlots: [Int] = []
    @exclusivity(unchecked) private var scratchTerms: [(symbol: Symbol, coefficient: Double)] = []
    @exclusivity(unchecked) private var sequence = 0
    /// The slot of the constraint added last, if it was added with a row of its own and is
    /// still in the solver; `-1` otherwise. The only candidate host for an opposite inequality
    /// (see ``addConstraint(_:)``): HostKit adds a view's hugging and compression resistance
    /// one after the other, and checking one record keeps an addition O(1).
    @exclusivity(unchecked) private var lastAddedSlot: Int32 = -1

    /// Whether the solver keeps a variable's slot in the variable itself when no other solver
    /// does (``Variable/keeper``), rather than in ``variableSlots``.
    private let keepsSlotsInVariables: Bool

    /// Creates an empty solver.
    public convenience init() {
        self.init(keepingSlotsInVariables: false)
    }

    /// Creates an empty solver that, with `keepingSlotsInVariables`, finds a variable's slot in
    /// the variable rather than in a table by identity: a read near the variable's owner instead
    /// of a random read of a table of 1.5 MB (a 10,000-row form's 80,000 variables), which was
    /// 7.6% of that form's first layout and 3.7% of a 1,000-row one's (`perf`).
    ///
    /// For HostKit's layout engine. Every solver made with `true` must be confined to one
    /// isolation domain, the same for all of them (HostKit's engines are main-actor objects):
    /// they write to the variables they add. Solvers made with `false` never touch those fields.
    package init(keepingSlotsInVariables: Bool) {
        keepsSlotsInVariables = keepingSlotsInVariables
    }

    deinit {
        releaseKeptSlots()
    }

    /// This solver's mark in the variables whose slots it keeps: its address.
    private var keeperMark: UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    }

    /// The slot of a variable the solver knows, or `nil`.
    @inline(__always)
    private func slot(of variable: Variable) -> Int? {
        if keepsSlotsInVariables, variable.keeper == keeperMark { return Int(variable.keptSlot) }
        // A solver that keeps its slots in the variables has an empty table but for
        // variables another solver held when it added them.
        return variableSlots.count == 0 ? nil : variableSlots.slot(for: ObjectIdentifier(variable))
    }

    /// Records a new variable's slot: in the variable, if the solver keeps slots there and no
    /// other solver holds it, else in ``variableSlots``.
    private func recordSlot(_ slot: Int, of variable: Variable) {
        if keepsSlotsInVariables, variable.keeper == nil {
            variable.keeper = keeperMark
            variable.keptSlot = Int32(truncatingIfNeeded: slot)
        } else {
            variableSlots.set(slot, for: ObjectIdentifier(variable))
        }
    }

    /// Forgets the variable in `slot`, wherever its slot was recorded, and frees the slot for
    /// the next new variable.
    private func freeVariableSlot(_ slot: Int) {
        let variable = variables[slot]!.variable
        if keepsSlotsInVariables, variable.keeper == keeperMark {
            variable.keeper = nil
        } else {
            variableSlots.remove(ObjectIdentifier(variable))
        }
        variables[slot] = nil
        values[slot] = 0
        slotSymbols[slot] = nil
        freeVariableSlots.append(slot)
    }

    /// Clears this solver's mark from every variable it holds (``reset()``, `deinit`).
    private func releaseKeptSlots() {
        guard keepsSlotsInVariables else { return }
        let mark = keeperMark
        for case let record? in variables where record.variable.keeper == mark { record.variable.keeper = nil }
    }

    // MARK: - Range

    /// The largest magnitude the solver accepts for a constant or a suggested value: `1e15`.
    /// A larger one is refused with ``SolverError/nonFiniteValue(what:)``, the solver unchanged.
    ///
    /// Layout coordinates in points never approach it: the largest number a layout holds is
    /// of the order of `UIView.layoutFittingExpandedSize` (`1e7`), and every integer up to
    /// `1e15` (below `2^53`) is still exact in a `Double`. It leaves `Double`'s range
    /// (`1.8e308`) a headroom of 293 orders of magnitude for the sums and pivots of such
    /// numbers with coefficients within ``largestCoefficient``: one pivot scales a number by at
    /// most the ratio of two coefficients, `1e8 / 1e-8 = 1e16`, so overflowing takes a chain
    /// of constraints each scaling by an extreme ratio: 19 links of `1e-8·v[k] == 1e8·v[k-1]`
    /// from `1e15`, or 37 of `v[k] == 1e8·v[k-1]` (refused as overflowing, see
    /// ``addConstraint(_:)``); a layout has no such chain. Without the bound, one constraint
    /// could do it (`x <= -1e308` with `y == -2·x`), and whether a pivot overflowed would
    /// depend on the order of the calls, so that removing a constraint and adding it again
    /// could be refused.
    public static let largestConstant = 1e15

    /// The largest magnitude the solver accepts for a coefficient: `1e8`, the inverse of its
    /// resolution (it takes cells below `1e-8` for zero, kiwi's threshold, and refuses such
    /// coefficients). Layouts use multipliers near 1; within `1e-8…1e8` the ratio of two
    /// coefficients, which a pivot makes, stays within `1e16`, about `Double`'s precision. A
    /// larger one is refused with ``SolverError/nonFiniteValue(what:)``, the solver unchanged.
    public static let largestCoefficient = 1e8

    // MARK: - Constraints

    /// Adds a constraint.
    ///
    /// An optional inequality added right after its opposite — the same terms and constant,
    /// the other relation, optional too, as a view's content hugging (`width <= 80` at 250)
    /// and compression resistance (`width >= 80` at 750) — takes no row of its own: the first
    /// one's slack is exactly how far the second is violated, so the second's priority costs
    /// that slack. The optimum is the same; a 10,000-row form's tableau has a quarter fewer
    /// rows. Changing the constant of either gives the second its own row first; removing
    /// either leaves the row to the other.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already added,
    ///   ``SolverError/invalidPriority(_:)``, ``SolverError/nonFiniteValue(what:)`` for a NaN
    ///   or infinite coefficient or constant, a constant beyond ``largestConstant``, a
    ///   non-zero coefficient outside the solver's resolution and range (`1e-8…1e8` in
    ///   magnitude, ``largestCoefficient``), or numbers whose combination overflows `Double`
    ///   (a chain such as `v[k] == 1e8·v[k-1]` from `v[0] == 1e15`: the values pass `1e308`
    ///   after some 37 links), and
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when a required constraint cannot
    ///   hold with the required constraints already added.
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        guard constraintSlot(of: constraint) == nil else { throw .duplicateConstraint(constraint) }
        try add(constraint)
    }

    /// Adds a constraint that the caller knows is not in the solver, as ``addConstraint(_:)``
    /// does, and returns the slot of its record: a hint for ``removeConstraint(_:slot:)`` and
    /// ``setConstant(_:for:slot:)``, valid until the constraint is removed.
    ///
    /// For HostKit, whose records say whether their constraint is in the solver. Neither the
    /// check for a duplicate nor the constraint's entry in the table of slots by identity
    /// is made: each is a random read of a table of 3 MB (a 10,000-row form's 110,000
    /// constraints), cold in the cache. The check alone took 5.5% of that form's first layout
    /// in time (`perf`); without both, the layout ran 1.3% fewer instructions and missed a
    /// 1 MiB cache 2.6% less often (callgrind). The table is filled from the records the first
    /// time a method looks a constraint up by identity (``hasConstraint(_:)``,
    /// ``removeConstraint(_:)``, ``addConstraint(_:)``…).
    ///
    /// A constraint that is in the solver already is added a second time, as a second record;
    /// that is the caller's error to avoid.
    ///
    /// - Throws: What ``addConstraint(_:)`` throws, except
    ///   ``SolverError/duplicateConstraint(_:)``.
    package func addNewConstraint(_ constraint: Constraint) throws(SolverError) -> Int32 {
        constraintSlotsAreComplete = false
        return Int32(try add(constraint))
    }

    /// Adds a constraint not in the solver, and returns the slot of its record.
    @discardableResult
    private func add(_ constraint: Constraint) throws(SolverError) -> Int {
        guard constraint.priority.isValid else { throw .invalidPriority(constraint.priority) }
        try Self.checkFinite(constraint.expression, in: constraint)

        // The slots and the tableau's terms are built in scratch arrays kept from call to call
        // (moved out and back): two arrays allocated and freed per constraint were about 2% of
        // building a 10,000-row screen (callgrind).
        var slots = scratchSlots
        var terms = scratchTerms
        (scratchSlots, scratchTerms) = ([], [])
        defer { (scratchSlots, scratchTerms) = (slots, terms) }
        slots.removeAllKeepingCapacity()
        terms.removeAllKeepingCapacity()
        // Read in place: a `Term` copied out of the array, or its variable passed on, is a
        // retain and a release of the variable. Without them (here and in
        // `appendTableauTerms`), a 10,000-row form's first layout ran 1.7% fewer instructions
        // (callgrind).
        constraint.expression.terms.withUnsafeBufferPointer { terms in
            for k in terms.indices { slots.append(registerVariable(at: terms.baseAddress! + k)) }
        }
        let level = Self.level(of: constraint)
        let resolution = tableau.valueScale
        if let level, let host = hostForOpposite(of: constraint) {
            // No row of its own: the host's slack is this inequality's error.
            let hostTag = constraintRecords[host]!.tag
            tableau.addCost(of: hostTag.marker, priority: level)
            if tableau.overflowed {
                rebuildTableau(resolution: resolution)
                for slot in slots { unregisterVariable(slot) }
                throw .nonFiniteValue(what: "\(constraint): its numbers overflow Double's range once combined")
            }
            sequence += 1
            let slot = insertRecord(
                ConstraintRecord(
                    constraint: constraint, tag: hostTag, sequence: sequence,
                    constant: constraint.expression.constant, pairing: .guest(host: Int32(host))))
            constraintRecords[host]!.pairing = .host(guest: Int32(slot))
            lastAddedSlot = -1
            return slot
        }
        appendTableauTerms(constraint.expression, slots: slots, to: &terms)
        let result = tableau.addConstraint(
            terms: terms, constant: constraint.expression.constant, relation: constraint.relation, priority: level)
        var overflowed = tableau.overflowed
        if case .failure(let failure) = result, failure.overflowed { overflowed = true }
        if overflowed {
            // The constraint is not added: the records do not have it yet, so a rebuild from
            // them drops it (and is needed only if the tableau itself overflowed).
            if tableau.overflowed { rebuildTableau(resolution: resolution) }
            for slot in slots { unregisterVariable(slot) }
            throw .nonFiniteValue(what: "\(constraint): its numbers overflow Double's range once combined")
        }
        switch result {
        case .success(let tag):
            sequence += 1
            let slot = insertRecord(
                ConstraintRecord(
                    constraint: constraint, tag: tag, sequence: sequence,
                    constant: constraint.expression.constant))
            lastAddedSlot = Int32(slot)
            return slot
        case .failure(let infeasibility):
            for slot in slots { unregisterVariable(slot) }
            throw .unsatisfiableConstraint(constraint, conflicts: conflicts(infeasibility))
        }
    }

    /// Makes room for adding `constraints`, in this order: the solver's tables grow once, to
    /// the size the batch needs, instead of doubling as the constraints come.
    ///
    /// Meant for a large batch, such as a screen's first layout (some 110,000 constraints for
    /// a 10,000-row form). Grown by doubling, each table ends with up to twice the room it
    /// uses, and leaves its outgrown copies in the allocator: reserving first took the peak
    /// memory of that form's first layout from 119 to 109 MB (`layout-benchmark --n 10000`).
    ///
    /// The room is exact for the constraints as given, in this order: a row and one symbol per
    /// required constraint, a row and two symbols per optional one (an inequality's slack and
    /// error, an equality's two errors), nothing for an inequality that will share its
    /// opposite's row (see ``addConstraint(_:)``), a row and a symbol per new priority level, a
    /// symbol per variable new to the solver, and a fixed allowance of two rows and two symbols
    /// for an addition that needs an artificial variable. Constraints already in the solver or
    /// with an invalid priority are not counted; one that ``addConstraint(_:)`` refuses leaves
    /// its room unused. A batch smaller than what the solver holds grows the tables as adding
    /// would (doubling), so reserving before each of many small batches costs no more than not
    /// reserving. The solution, and the result of every later call, are the same with or
    /// without it.
    ///
    /// - Parameters:
    ///   - constraints: The constraints about to be added, in the order they will be.
    ///   - newVariables: How many variables the constraints mention that the solver does not
    ///     know yet, if the caller knows: HostKit counts four per new view or guide, exact when
    ///     each is constrained on all four sides. `nil`, the default, counts them: a hash lookup
    ///     or two per term, which on that form cost more than the rest of the reservation. A
    ///     count below 0 is taken as 0, one above the number of terms the constraints have as
    ///     that number.
    public func reserveCapacity(for constraints: [Constraint], newVariables: Int? = nil) {
        var reservation = Reservation()
        // New variables, each counted once: a variable appears in several constraints.
        var counted = IdentityTable()
        let countsVariables = newVariables == nil
        reservation.host =
            lastAddedSlot >= 0
            ? constraintRecords[Int(lastAddedSlot)].flatMap { record in
                if case .none = record.pairing { (record.constraint, record.constant) } else { nil }
            } : nil
        // A solver with no constraints holds none of these: no lookup per constraint.
        let mayHoldSome = constraintCount > 0
        for constraint in constraints {
            guard constraint.priority.isValid, !mayHoldSome || constraintSlot(of: constraint) == nil else {
                reservation.host = nil
                continue
            }
            if countsVariables {
                for term in constraint.expression.terms {
                    let id = ObjectIdentifier(term.variable)
                    if slot(of: term.variable) == nil, counted.slot(for: id) == nil {
                        counted.set(0, for: id)
                    }
                }
            }
            count(new: constraint, in: &reservation)
        }
        reserve(reservation, newVariables: newVariables ?? counted.count, areNew: false)
    }

    /// What adding a batch of new constraints with ``addNewConstraint(_:)`` will need, counted
    /// one constraint at a time (``count(new:in:)``) while the caller makes them, and reserved
    /// with ``reserveCapacity(newVariables:for:)``.
    ///
    /// HostKit counts each constraint of a first layout as it makes or finds its record, in the
    /// cache. Counted in a pass of their own before the additions, a 10,000-row form's 110,000
    /// records and constraints were each read once more, cold: about 6% of the misses of its
    /// first layout in a 1 MiB last level (callgrind).
    ///
    /// A reservation counts its constraints in the order they will be added, but knows nothing
    /// of what comes before its first: that one is counted with a row of its own even if it
    /// will share the row of the constraint added just before it (an opposite inequality, see
    /// ``addConstraint(_:)``). So the room is exact but for at most a row and two symbols too
    /// many per reservation.
    package struct Reservation {
        fileprivate var records = 0
        fileprivate var rows = 0
        fileprivate var symbols = 0
        /// No more variables can be new than the terms name: the bound on a count given.
        fileprivate var termCount = 0
        fileprivate var newLevels: [Float] = []
        /// The constraint that the next one may share a row with, as `hostForOpposite(of:)`
        /// finds it when they are added.
        fileprivate var host: (constraint: Constraint, constant: Double)?

        /// Whether ``count(new:in:)`` notes where each term's variable is, for
        /// ``prefetchVariables(ofConstraints:)``.
        fileprivate var notesVariables = false
        /// The address of each noted constraint's variables, term by term, constraint after
        /// constraint. Only ever handed to the processor as a hint, never read through: a
        /// variable may be gone by then.
        fileprivate var variableAddresses: [UnsafeRawPointer] = []
        /// Where the terms of every ``noteBlock``th noted constraint start in
        /// ``variableAddresses``: an index by blocks of constraints, an eighth of the appends
        /// of one entry per constraint.
        fileprivate var blockStarts: [Int] = []
        fileprivate var notedConstraints = 0
        fileprivate static let noteBlock = 8

        /// A reservation that only counts.
        package init() {}

        /// A reservation that, with `notingVariables`, also notes where the variables of the
        /// constraints it counts are, so that the caller can have them loaded into the cache
        /// ahead of their additions (``prefetchVariables(ofConstraints:)``).
        ///
        /// Why: an addition first reads each term's variable to find its slot
        /// (``Variable/keeper``). HostKit adds a first layout's constraints long after making
        /// its views and their variables, and on a 10,000-row form they are no longer in the
        /// cache by then: that read was most of ``Solver/addNewConstraint(_:)``'s own time
        /// (`perf`). The walk that counts the constraints has them at hand, so noting their
        /// addresses there costs an append per term. Read ahead, the additions of a 10,000-row
        /// form's first layout took about 4 ms less (of 89), for 1 ms more in the walk; a
        /// 1,000-row form's, whose variables are still in the cache, about the same
        /// (`Benchmarks/README.md`, thirty-seventh round).
        package init(notingVariables: Bool) {
            notesVariables = notingVariables
        }

        /// Asks the processor to load the variables of the given constraints into its caches:
        /// constraints numbered in the order they were counted, from 0. It loads those of
        /// every constraint in the same blocks of eight as the range, which the caller can
        /// align to load nothing twice; nothing for constraints not counted, or if the
        /// reservation notes no variables. A hint only: no variable is read, and the solution
        /// and every result are the same without it.
        package func prefetchVariables(ofConstraints constraints: Range<Int>) {
            guard constraints.lowerBound >= 0, !constraints.isEmpty else { return }
            let first = constraints.lowerBound / Self.noteBlock
            // The block after the last one touched (rounded up without overflowing at `Int.max`).
            let end = (constraints.upperBound - 1) / Self.noteBlock + 1
            guard first < blockStarts.count else { return }
            let start = blockStarts[first]
            let stop = end < blockStarts.count ? blockStarts[end] : variableAddresses.count
            variableAddresses.withUnsafeBufferPointer { addresses in
                for k in start..<stop {
                    cprefetch_read(addresses[k])
                    cprefetch_read(addresses[k] + Self.variableTailOffset)
                }
            }
        }

        /// The offset of a variable's last byte, whose line holds the fields of its slot for most
        /// addresses (see ``Variable/instanceByteCount``).
        private static let variableTailOffset = Variable.instanceByteCount - 1
    }

    /// Counts `constraint`, not in the solver, as the next of a reservation's batch. A
    /// constraint with an invalid priority is not counted (``addNewConstraint(_:)`` refuses it),
    /// but its variables are noted all the same, so that the constraints passed here are
    /// numbered as the caller counts them (``Reservation/prefetchVariables(ofConstraints:)``).
    package func count(new constraint: Constraint, in reservation: inout Reservation) {
        if reservation.notesVariables {
            if reservation.notedConstraints % Reservation.noteBlock == 0 {
                reservation.blockStarts.append(reservation.variableAddresses.count)
            }
            reservation.notedConstraints += 1
            // Read in place, the variables not retained (see `add(_:)`).
            constraint.expression.terms.withUnsafeBufferPointer { terms in
                for k in terms.indices {
                    let variable = Unmanaged.passUnretained(terms[k].variable)
                    reservation.variableAddresses.append(UnsafeRawPointer(variable.toOpaque()))
                }
            }
        }
        guard constraint.priority.isValid else {
            reservation.host = nil
            return
        }
        reservation.records += 1
        reservation.termCount += constraint.expression.terms.count
        let level = Self.level(of: constraint)
        if let candidate = reservation.host,
            Self.isOpposite(constraint, of: candidate.constraint, hostConstant: candidate.constant)
        {
            // No row of its own (its level is its host's or a new one, counted below).
            reservation.host = nil
        } else {
            reservation.rows += 1
            reservation.symbols += level == nil ? 1 : 2
            reservation.host = (constraint, constraint.expression.constant)
        }
        if let level, !tableau.hasLevel(level), !reservation.newLevels.contains(level) {
            reservation.newLevels.append(level)
            reservation.rows += 1
            reservation.symbols += 1
        }
    }

    /// Makes room for the batches that `reservations` counted, added in this order, with
    /// `newVariables` variables the solver does not know yet (a count below 0 is taken as 0,
    /// one above the number of terms the constraints have as that number), as
    /// ``reserveCapacity(for:newVariables:)`` does.
    package func reserveCapacity(newVariables: Int, for reservations: [Reservation]) {
        var total = Reservation()
        for reservation in reservations {
            total.records += reservation.records
            total.rows += reservation.rows
            total.symbols += reservation.symbols
            total.termCount += reservation.termCount
            // A level new to several batches is made once.
            for level in reservation.newLevels {
                if total.newLevels.contains(level) {
                    total.rows -= 1
                    total.symbols -= 1
                } else {
                    total.newLevels.append(level)
                }
            }
        }
        reserve(total, newVariables: newVariables, areNew: true)
    }

    /// Grows the solver's tables by what `reservation` counted and `newVariables`.
    private func reserve(_ reservation: Reservation, newVariables: Int, areNew: Bool) {
        let newVariableCount = min(max(newVariables, 0), reservation.termCount)
        let symbols = reservation.symbols + newVariableCount
        let records = reservation.records
        // An addition that finds no subject in its row (a required equality, or a required
        // inequality the dual simplex found unsatisfiable) solves it with an artificial variable
        // (kiwi's `addWithArtificialVariable`): a symbol and a row more for a moment, and
        // another of each for its objective. They are freed before the next addition, which
        // reuses them; without the room, one such addition in a full table doubled it.
        let symbolTotal = tableau.reserveCapacity(
            symbols: symbols + Self.artificialAllowance, rows: reservation.rows + Self.artificialAllowance)
        symbolSlots.reserveGrowth(toHold: symbolTotal)
        markerSlots.reserveGrowth(toHold: symbolTotal)
        let recordTotal = constraintRecords.count + max(0, records - freeConstraintSlots.count)
        constraintRecords.reserveGrowth(toHold: recordTotal)
        if !areNew { constraintSlots.reserveCapacity(constraintSlots.count + records) }
        let variableTotal = variables.count + max(0, newVariableCount - freeVariableSlots.count)
        variables.reserveGrowth(toHold: variableTotal)
        values.reserveGrowth(toHold: variableTotal)
        slotSymbols.reserveGrowth(toHold: variableTotal)
        // A solver that keeps slots in the variables needs its table only for variables another
        // solver holds: rare, and left to grow as it needs.
        if !keepsSlotsInVariables { variableSlots.reserveCapacity(variableSlots.count + newVariableCount) }
    }

    /// The symbols and rows an addition with an artificial variable holds for a moment beyond
    /// its own: the artificial variable and its objective, each a symbol and a row.
    private static let artificialAllowance = 2

    /// How many entries the solver's main tables hold and have room for: for diagnostics, and
    /// for tests of ``reserveCapacity(for:newVariables:)``.
    package struct StorageFigures: Equatable, Sendable {
        /// Tableau symbols, released ones included, and the room of the per-symbol tables.
        package var symbols: Int
        package var symbolCapacity: Int
        /// Tableau rows, free slots included, and the room of the per-row tables.
        package var rows: Int
        package var rowCapacity: Int
        /// Constraint records, free slots included, and their room.
        package var records: Int
        package var recordCapacity: Int
        /// Variable records, free slots included, and their room.
        package var variables: Int
        package var variableCapacity: Int
    }

    /// The solver's tables now (see ``StorageFigures``).
    package var storage: StorageFigures {
        let (symbols, symbolCapacity, rows, rowCapacity) = tableau.storage
        return StorageFigures(
            symbols: symbols, symbolCapacity: symbolCapacity, rows: rows, rowCapacity: rowCapacity,
            records: constraintRecords.count, recordCapacity: constraintRecords.capacity,
            variables: variables.count, variableCapacity: variables.capacity)
    }

    /// Removes a constraint.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard let slot = constraintSlot(of: constraint) else { throw .unknownConstraint(constraint) }
        removeConstraint(at: slot)
    }

    /// Removes a constraint, found at `slot` if its record is there (the slot
    /// ``addNewConstraint(_:)`` returned), else by identity.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
    package func removeConstraint(_ constraint: Constraint, slot: Int32) throws(SolverError) {
        guard let slot = constraintSlot(of: constraint, hint: slot) else { throw .unknownConstraint(constraint) }
        removeConstraint(at: slot)
    }

    private func removeConstraint(at slot: Int) {
        if slot == lastAddedSlot { lastAddedSlot = -1 }
        let record = removeRecord(at: slot)
        let resolution = tableau.valueScale
        switch record.pairing {
        case .none:
            tableau.removeConstraint(record.tag, priority: record.level)
        case .host(let guest):
            // The row stays, the opposite inequality's now.
            let tag = tableau.handOver(record.tag, priority: record.level!)
            constraintRecords[Int(guest)]!.tag = tag
            constraintRecords[Int(guest)]!.pairing = .none
            setMarker(tag.marker, slot: Int(guest))
        case .guest(let host):
            tableau.removeCost(of: record.tag.marker, priority: record.level!, optimizing: true)
            constraintRecords[Int(host)]!.pairing = .none
        }
        // The pivots of a removal can overflow where the numbers are extreme; the constraint
        // is gone from the records, so the rebuilt tableau holds the rest.
        if tableau.overflowed { rebuildTableau(resolution: resolution) }
        for slot in slots(of: record.constraint) { unregisterVariable(slot) }
    }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraintSlot(of: constraint) != nil
    }

    /// The constant the solver uses for a constraint: its expression's constant, or the last
    /// value given to ``setConstant(_:for:)``. `nil` if the constraint is not in the solver.
    public func constant(of constraint: Constraint) -> Double? {
        constraintSlot(of: constraint).map { constraintRecords[$0]!.constant }
    }

    /// Changes the constant of a constraint already in the solver, in place, and re-optimises.
    ///
    /// This is how Auto Layout applies a new `NSLayoutConstraint.constant` cheaply: the
    /// tableau is shifted and repaired with a few dual-simplex pivots instead of removing and
    /// re-adding the constraint. The constant is that of the constraint's expression
    /// (`lhs - rhs`), so for `x == y + 10` built with the operators it is `-10`.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)``, ``SolverError/nonFiniteValue(what:)``
    ///   for a NaN or infinite constant, one beyond ``largestConstant``, or one whose change
    ///   takes a value through a chain of constraints out of `Double`'s range, or
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if a required constraint can no
    ///   longer hold; the old constant is then kept.
    public func setConstant(_ constant: Double, for constraint: Constraint) throws(SolverError) {
        guard let slot = constraintSlot(of: constraint) else { throw .unknownConstraint(constraint) }
        try setConstant(constant, for: constraint, at: slot)
    }

    /// Changes the constant of a constraint already in the solver, found at `slot` if its
    /// record is there (the slot ``addNewConstraint(_:)`` returned), else by identity; as
    /// ``setConstant(_:for:)``.
    package func setConstant(_ constant: Double, for constraint: Constraint, slot: Int32) throws(SolverError) {
        guard let slot = constraintSlot(of: constraint, hint: slot) else { throw .unknownConstraint(constraint) }
        try setConstant(constant, for: constraint, at: slot)
    }

    private func setConstant(_ constant: Double, for constraint: Constraint, at slot: Int) throws(SolverError) {
        var record = constraintRecords[slot]!
        guard constant.isFinite else { throw .nonFiniteValue(what: "constant \(constant) for \(constraint)") }
        guard abs(constant) <= Self.largestConstant else {
            throw .nonFiniteValue(
                what: "constant \(constant) for \(constraint) is beyond \(Self.largestConstant): out of range")
        }
        let delta = constant - record.constant
        guard delta != 0 else {
            // Nothing moves, but the constant is the one given: `0` after `-0.0` differs in
            // sign only, and `constant(of:)` reports the last value given.
            constraintRecords[slot]!.constant = constant
            return
        }
        // Two inequalities sharing a row share its constant: they part first.
        if record.isPaired {
            separatePair(of: slot)
            record = constraintRecords[slot]!
        }
        // A function, so that the message is only formatted on the error path.
        func overflow() -> SolverError {
            .nonFiniteValue(
                what:
                    "changing the constant of \(constraint) from \(record.constant) to \(constant) overflows Double's range"
            )
        }
        // The tableau is shifted by the difference, which overflows before any row does.
        guard delta.isFinite else { throw overflow() }
        // A refused change is undone by shifting back, which leaves the rounding of the refused
        // numbers in the rows: about 1e-16 of them. Within the rounding of the numbers the
        // tableau already holds, that changes nothing; a refused constant larger than all of
        // them would leave its rounding in the values (`3·x == 11` kept `x` at 3.6875 after a
        // refused 1e15, whose rounding is 0.125; found by Scripts/fuzz-solver.sh). So for such
        // a constant the tableau is kept as it was, to be put back on a refusal: a copy of its
        // storage (copy-on-write, made by the first row the shift writes), only when a
        // constant outgrows every number held, which a layout does rarely. A rebuild from the
        // records would not do: the tableau judges rounding by the numbers it has held (see
        // `Tableau.isNearZero`), and a constraint that held only within that judgement (a
        // constant changed to 1e-8 in `0·x + c <= 0`) can be refused when added afresh.
        let resolution = tableau.valueScale
        let saved: Tableau? = abs(delta) > resolution ? tableau : nil
        let failure = tableau.shiftConstant(record.tag, by: delta)
        if tableau.overflowed {
            // A dual pivot overflowed; the records still hold the old constant.
            if let saved { tableau = saved } else { rebuildTableau(resolution: resolution) }
            throw overflow()
        }
        if failure != nil, let saved { tableau = saved }
        if let failure {
            if failure.overflowed { throw overflow() }
            guard let level = record.level else {
                throw .unsatisfiableConstraint(constraint, conflicts: conflicts(failure).filter { $0 !== constraint })
            }
            // An optional constraint always fits (its errors absorb any constant), so the dual
            // simplex found no pivot only because the cells it needed are below the tableau's
            // resolution (`1e-8·x <= 0` required, then `x == 62` at 999: the errors' cells in
            // the slack's row are 1e-8 and vanish). The shift was undone; the constraint is put
            // in again with its new constant, which the primal simplex places as an addition.
            try readd(slot, record, constant: constant, level: level, failure: overflow)
            return
        }
        constraintRecords[slot]!.constant = constant
    }

    /// Takes an optional constraint out of the tableau and adds it again with another constant
    /// (see ``setConstant(_:for:)``); on an overflow the tableau is rebuilt with the old one.
    private func readd(
        _ slot: Int, _ record: ConstraintRecord, constant: Double, level: Float,
        failure: () -> SolverError
    ) throws(SolverError) {
        setMarker(record.tag.marker, slot: -1)
        let resolution = tableau.valueScale
        tableau.removeConstraint(record.tag, priority: level)
        let result = tableau.addConstraint(
            terms: tableauTerms(record.constraint.expression, slots: slots(of: record.constraint)), constant: constant,
            relation: record.constraint.relation, priority: level)
        guard case .success(let tag) = result, !tableau.overflowed else {
            rebuildTableau(resolution: resolution)
            throw failure()
        }
        constraintRecords[slot]!.tag = tag
        constraintRecords[slot]!.constant = constant
        setMarker(tag.marker, slot: slot)
    }

    // MARK: - Edit variables

    /// Makes a variable an edit variable: one whose value ``suggestValue(_:for:)`` proposes,
    /// held at `priority` against the other constraints.
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)``, ``SolverError/invalidPriority(_:)``,
    ///   ``SolverError/requiredEditVariable(_:)`` for ``Priority/required``, or
    ///   ``SolverError/nonFiniteValue(what:)`` where holding the variable at its edit's value
    ///   (0 until a suggestion) would take another variable through a chain of constraints out
    ///   of `Double`'s range.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        let id = ObjectIdentifier(variable)
        guard edits[id] == nil else { throw .duplicateEditVariable(variable) }
        guard priority.isValid else { throw .invalidPriority(priority) }
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        let constraint = Constraint(variable.expression, .equal, priority: priority)
        try addConstraint(constraint)
        edits[id] = EditRecord(constraint: constraint, value: 0)
    }

    /// Stops treating a variable as an edit variable.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let record = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw .unknownEditVariable(variable)
        }
        try removeConstraint(record.constraint)
    }

    /// Whether the variable is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Proposes a value for an edit variable and re-optimises.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` or ``SolverError/nonFiniteValue(what:)``
    ///   for a NaN or infinite value, one beyond ``largestConstant``, or one that takes a value
    ///   through a chain of constraints out of `Double`'s range; the last value is then kept.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        let id = ObjectIdentifier(variable)
        guard let record = edits[id] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteValue(what: "suggested value \(value) for \(variable)") }
        guard abs(value) <= Self.largestConstant else {
            throw .nonFiniteValue(
                what: "suggested value \(value) for \(variable) is beyond \(Self.largestConstant): out of range")
        }
        // The edit constraint is `variable - value == 0`: its constant is `-value`.
        do {
            try setConstant(-value, for: record.constraint)
        } catch .nonFiniteValue {
            throw .nonFiniteValue(
                what:
                    "suggested value \(value) for \(variable) after \(record.value): the change overflows Double's range"
            )
        }
        edits[id]!.value = value
    }

    // MARK: - Values

    /// Copies the current solution into the values read by ``value(of:)``, and returns the
    /// variables whose value changed since the previous call.
    ///
    /// The work is proportional to what changed, not to the size of the system: only the
    /// definitions that a change since the previous call touched are evaluated again, and
    /// those that depend on a value that moved. A variable that is new to the solver counts as
    /// changed when its value is not `0` (the value ``value(of:)`` gave for it before); one that
    /// left the solver (no constraint mentions it any more) is not reported, and its value is
    /// `0`. A value changes when its bits do (`-0.0` after `0.0` counts). The order is
    /// deterministic (the same calls give the same order in every process) but not specified.
    ///
    /// ```swift
    /// try solver.setConstant(-320, for: widthConstraint)
    /// for variable in solver.updateVariables() { redraw(variable) }
    /// ```
    @discardableResult
    public func updateVariables() -> [Variable] {
        var changed: [Variable] = []
        gatherValues { slot in changed.append(variables[slot]!.variable) }
        return changed
    }

    /// Copies the current solution into the values read by ``value(of:)``, as
    /// ``updateVariables()`` does, and calls `body` with each variable whose value changed, in
    /// the same order, once the values are in place.
    ///
    /// For HostKit: a first layout changes every variable (80,000 for a 10,000-row form), and
    /// an array of them retained each one, cold in the cache, and released each one again
    /// when it was let go: 2% of that layout's time (`perf`). The changed slots are listed
    /// instead (4 bytes each, no reference counting), and `body` reads each variable once.
    package func updateVariables(_ body: (Variable) -> Void) {
        var changedSlots = self.changedSlots
        self.changedSlots = []
        changedSlots.removeAll(keepingCapacity: true)
        gatherValues { slot in changedSlots.append(Int32(slot)) }
        // The solver's state is complete before `body` runs: it may read values, and even
        // change the constraints (a variable that left with them is skipped).
        for slot in changedSlots {
            guard let record = variables[Int(slot)] else { continue }
            body(record.variable)
        }
        self.changedSlots = changedSlots
    }

    /// Copies the current solution into the values read by ``value(of:)``, as
    /// ``updateVariables()`` does, and returns how many variables changed, without naming
    /// them.
    ///
    /// For HostKit's first layout of a tree, where every view's frame is to be read anyway:
    /// naming the changed variables touched each of them, cold (80,000 for a 10,000-row form).
    package func updateValues() -> Int {
        var count = 0
        gatherValues { _ in count += 1 }
        return count
    }

    /// Copies the current solution into the values read by ``value(of:)``, and calls
    /// `changed` with the slot of each variable whose value changed. Always inlined: each
    /// caller's `changed` is then inlined too, and the public ``updateVariables()`` runs as
    /// when it was written out (through a closure it ran 3.6% more instructions on
    /// `solver-benchmark` rows).
    @inline(__always)
    private func gatherValues(_ changed: (Int) -> Void) {
        var changedSymbols = self.changedSymbols
        self.changedSymbols = []
        changedSymbols.removeAll(keepingCapacity: true)
        tableau.computeValues(changed: &changedSymbols)
        if needsFullGather {
            needsFullGather = false
            let source = tableau.values
            for slot in slotSymbols.indices {
                let value = slotSymbols[slot].map { source[$0.index] } ?? 0
                if value.bitPattern != values[slot].bitPattern {
                    values[slot] = value
                    if variables[slot] != nil { changed(slot) }
                }
            }
        } else {
            // `values` is moved out and back and written through a buffer: each access to a
            // class's stored property is checked for exclusivity at run time, and on a first
            // layout that check cost more than the copying itself.
            var values = self.values
            self.values = []
            let source = tableau.values
            values.withUnsafeMutableBufferPointer { values in
                for s in changedSymbols where s.index < symbolSlots.count {
                    let slot = Int(symbolSlots[s.index])
                    guard slot >= 0 else { continue }
                    let value = source[s.index]
                    if value.bitPattern != values[slot].bitPattern {
                        values[slot] = value
                        changed(slot)
                    }
                }
            }
            self.values = values
        }
        self.changedSymbols = changedSymbols
    }

    /// The value of a variable as of the last ``updateVariables()``; `0` for a variable that
    /// no constraint mentions.
    public func value(of variable: Variable) -> Double {
        guard let slot = slot(of: variable) else { return 0 }
        return values[slot]
    }

    /// Removes every constraint and edit variable.
    public func reset() {
        releaseKeptSlots()
        tableau = Tableau()
        constraintSlots.removeAll()
        constraintSlotsAreComplete = true
        constraintRecords.removeAll()
        freeConstraintSlots.removeAll()
        markerSlots.removeAll()
        edits.removeAll()
        variableSlots.removeAll()
        variables.removeAll()
        freeVariableSlots.removeAll()
        values.removeAll()
        slotSymbols.removeAll()
        symbolSlots.removeAll()
        needsFullGather = false
        lastAddedSlot = -1
    }

    /// The variables whose value the constraints do not fix: some other value would be just as
    /// good for every priority. They are listed in the order the solver first saw them.
    /// This backs HostKit's `hasAmbiguousLayout`.
    public func ambiguousVariables() -> [Variable] {
        let known = variables.compactMap { $0 }
        let ambiguous = tableau.ambiguousSymbols(among: known.map(\.symbol))
        return known.filter { ambiguous.contains($0.symbol) }.map(\.variable)
    }

    /// The number of constraints in the solver, edit constraints included.
    public var constraintCount: Int { constraintRecords.count - freeConstraintSlots.count }

    /// How many rows the solver's tableau holds, one per priority level in use included (for
    /// tests of its memory: opposite inequalities added in a pair share one).
    package var rowCount: Int { tableau.rowCount }

    /// How many simplex pivots the solver has made since it was created (for tests of
    /// incrementality: an edit that changes no inequality's side makes none).
    package var pivotCount: Int { tableau.pivotCount }

    /// How many times a tableau row was rewritten by a substitution or a constant shift since
    /// the tableau was created (for tests of incrementality).
    package var rowUpdateCount: Int { tableau.rowUpdateCount }

    /// How many definitions ``updateVariables()`` has evaluated since the tableau was created
    /// (for tests of incrementality: a change evaluates what it touched and what depends on a
    /// value that moved, not the whole system).
    package var evaluationCount: Int { tableau.evaluationCount }

    /// How many times the solver rebuilt its tableau from its constraints: only after a change
    /// whose numbers overflowed in a pivot (see ``rebuildTableau(resolution:)``), never otherwise.
    package private(set) var rebuildCount = 0

    // MARK: - Private

    private static func checkFinite(_ expression: Expression, in constraint: Constraint) throws(SolverError) {
        guard expression.constant.isFinite else {
            throw .nonFiniteValue(what: "constant \(expression.constant) in \(constraint)")
        }
        guard abs(expression.constant) <= largestConstant else {
            throw .nonFiniteValue(
                what: "constant \(expression.constant) in \(constraint) is beyond \(largestConstant): out of range")
        }
        for term in expression.terms where !term.coefficient.isFinite {
            throw .nonFiniteValue(what: "coefficient \(term.coefficient) of \(term.variable) in \(constraint)")
        }
        for term in expression.terms where abs(term.coefficient) > largestCoefficient {
            throw .nonFiniteValue(
                what: "coefficient \(term.coefficient) of \(term.variable) in \(constraint) is beyond "
                    + "\(largestCoefficient): out of range")
        }
        // The tableau treats coefficients below `SparseRow.epsilon` as zero (kiwi's nearZero).
        // Dropping one the caller wrote would change the constraint: `1e-200 * x == 1e200`
        // would read `1e200 == 0` and be refused as contradicting itself, whereas its solution,
        // `x = 1e400`, is simply out of range. (Terms that cancel each other are still dropped.)
        for term in expression.terms where term.coefficient != 0 && abs(term.coefficient) < SparseRow.epsilon {
            throw .nonFiniteValue(
                what: "coefficient \(term.coefficient) of \(term.variable) in \(constraint) is below the "
                    + "solver's resolution \(SparseRow.epsilon): out of range")
        }
    }

    /// The variable slots of an added constraint's terms, in the expression's order (a
    /// variable named twice, twice). Looked up rather than stored with each record: an array
    /// per constraint was about 5% of a large layout's memory. Read them all before
    /// unregistering any: a slot is freed with its last use.
    private func slots(of constraint: Constraint) -> [Int] {
        constraint.expression.terms.map { slot(of: $0.variable)! }
    }

    /// The tableau terms of an expression whose variables have the given slots, zero
    /// coefficients left out.
    private func tableauTerms(_ expression: Expression, slots: [Int]) -> [(symbol: Symbol, coefficient: Double)] {
        var terms: [(symbol: Symbol, coefficient: Double)] = []
        terms.reserveCapacity(slots.count)
        appendTableauTerms(expression, slots: slots, to: &terms)
        return terms
    }

    /// Appends the tableau terms of an expression whose variables have the given slots, zero
    /// coefficients left out.
    private func appendTableauTerms(
        _ expression: Expression, slots: [Int], to terms: inout [(symbol: Symbol, coefficient: Double)]
    ) {
        // The symbols by slot and the coefficients in place: no retain of a variable (see
        // `add(_:)`).
        expression.terms.withUnsafeBufferPointer { expressionTerms in
            for k in expressionTerms.indices where expressionTerms[k].coefficient != 0 {
                terms.append((slotSymbols[slots[k]]!, expressionTerms[k].coefficient))
            }
        }
    }

    /// Builds a new tableau from the constraint records, in the order they were added, each
    /// with its current constant (edit constraints with their last suggested value).
    ///
    /// This is the undo of a change whose numbers overflowed during a pivot (the rows it wrote
    /// hold infinities, which arithmetic cannot take back); the caller has already left the
    /// change out of the records. The same constraints held before, and the new tableau judges
    /// rounding at the old one's resolution, so every one is accepted again (short of one
    /// that held only at the edge of that judgement, which is forgotten); the solution is
    /// optimal, though an ambiguous variable may take another of its optimal values. Costs a
    /// full build, and happens only on that error path.
    ///
    /// - Parameter resolution: the old tableau's ``Tableau/valueScale`` before the change
    ///   (the change's own numbers, infinities among them, are no part of it).
    private func rebuildTableau(resolution: Double) {
        rebuildCount += 1
        // Variables no constraint mentions any more (kept while the old tableau referenced
        // them) are forgotten now.
        for slot in variables.indices where variables[slot]?.uses == 0 { freeVariableSlot(slot) }
        needsFullGather = true
        // Every constraint gets a row of its own in the new tableau.
        lastAddedSlot = -1
        for slot in constraintRecords.indices where constraintRecords[slot] != nil {
            constraintRecords[slot]!.pairing = .none
        }
        let ordered = constraintRecords.indices.filter { constraintRecords[$0] != nil }
            .sorted { constraintRecords[$0]!.sequence < constraintRecords[$1]!.sequence }
        while true {
            tableau = Tableau(valueScale: resolution)
            markerSlots.removeAll()
            symbolSlots.removeAll()
            for slot in variables.indices {
                guard let record = variables[slot] else { continue }
                let symbol = tableau.makeSymbol(.external)
                variables[slot] = VariableRecord(variable: record.variable, symbol: symbol, uses: record.uses)
                slotSymbols[slot] = symbol
                setSlot(slot, of: symbol)
            }
            var refused: Int?
            for slot in ordered {
                guard let record = constraintRecords[slot] else { continue }
                let result = tableau.addConstraint(
                    terms: tableauTerms(record.constraint.expression, slots: slots(of: record.constraint)),
                    constant: record.constant,
                    relation: record.constraint.relation, priority: record.level)
                guard case .success(let tag) = result, !tableau.overflowed else {
                    refused = slot
                    break
                }
                constraintRecords[slot]!.tag = tag
                setMarker(tag.marker, slot: slot)
            }
            guard let refused else { return }
            // Not expected: these constraints held together before. Rather than leave the
            // records and the tableau disagreeing, forget the one refused and start again.
            // (Its tag is the old tableau's, so forgetting it may clear another constraint's
            // marker in `markerSlots`; the next pass clears and refills them all.)
            let record = removeRecord(at: refused)
            if let edit = edits.first(where: { $0.value.constraint === record.constraint }) { edits[edit.key] = nil }
            for slot in slots(of: record.constraint) { variables[slot]!.uses -= 1 }
        }
    }

    /// The slot of the constraint added last, if `constraint` can share its row: both optional
    /// inequalities of opposite relations over the same terms and constant (see
    /// ``Tableau/addCost(of:priority:)``).
    private func hostForOpposite(of constraint: Constraint) -> Int? {
        guard lastAddedSlot >= 0, let host = constraintRecords[Int(lastAddedSlot)], case .none = host.pairing,
            Self.isOpposite(constraint, of: host.constraint, hostConstant: host.constant)
        else { return nil }
        return Int(lastAddedSlot)
    }

    /// Whether `constraint` is the opposite inequality of `host`, whose constant in the solver
    /// is `hostConstant`: both optional inequalities, of the other relation, with the same
    /// terms in the same order and the same constant (see ``addConstraint(_:)``).
    private static func isOpposite(_ constraint: Constraint, of host: Constraint, hostConstant: Double) -> Bool {
        guard constraint.relation != .equal, host.relation != .equal, host.relation != constraint.relation,
            level(of: host) != nil, level(of: constraint) != nil, hostConstant == constraint.expression.constant
        else { return false }
        let mine = constraint.expression.terms
        let theirs = host.expression.terms
        guard mine.count == theirs.count else { return false }
        for i in mine.indices
        where mine[i].variable !== theirs[i].variable || mine[i].coefficient != theirs[i].coefficient {
            return false
        }
        return true
    }

    /// Gives the guest of a pair that the record at `slot` belongs to a row of its own, so that
    /// the two can change apart. A pair's optimum is the same either way.
    private func separatePair(of slot: Int) {
        let (hostSlot, guestSlot): (Int, Int)
        switch constraintRecords[slot]!.pairing {
        case .none: return
        case .host(let guest): (hostSlot, guestSlot) = (slot, Int(guest))
        case .guest(let host): (hostSlot, guestSlot) = (Int(host), slot)
        }
        let guest = constraintRecords[guestSlot]!
        constraintRecords[hostSlot]!.pairing = .none
        constraintRecords[guestSlot]!.pairing = .none
        let resolution = tableau.valueScale
        // The addition re-optimises.
        tableau.removeCost(of: guest.tag.marker, priority: guest.level!, optimizing: false)
        let result = tableau.addConstraint(
            terms: tableauTerms(guest.constraint.expression, slots: slots(of: guest.constraint)),
            constant: guest.constant, relation: guest.constraint.relation, priority: guest.level)
        if case .success(let tag) = result, !tableau.overflowed {
            constraintRecords[guestSlot]!.tag = tag
            setMarker(tag.marker, slot: guestSlot)
        } else {
            // Not expected (the same numbers held in the shared row); the records hold both.
            rebuildTableau(resolution: resolution)
        }
    }

    /// The slot of an added constraint's record, or `nil`.
    private func constraintSlot(of constraint: Constraint) -> Int? {
        if !constraintSlotsAreComplete { completeConstraintSlots() }
        return constraintSlots.slot(for: ObjectIdentifier(constraint))
    }

    /// The slot of an added constraint's record: `hint` if the record there is the
    /// constraint's, else the slot found by identity, or `nil`.
    private func constraintSlot(of constraint: Constraint, hint: Int32) -> Int? {
        let slot = Int(hint)
        if constraintRecords.indices.contains(slot), constraintRecords[slot]?.constraint === constraint { return slot }
        return constraintSlot(of: constraint)
    }

    /// Lists every record in ``constraintSlots`` after ``addNewConstraint(_:)`` left some out:
    /// one pass over the records, the first time a constraint is looked up by identity.
    private func completeConstraintSlots() {
        constraintSlotsAreComplete = true
        constraintSlots.removeAll()
        constraintSlots.reserveCapacity(constraintCount)
        for slot in constraintRecords.indices {
            guard let record = constraintRecords[slot] else { continue }
            constraintSlots.set(slot, for: ObjectIdentifier(record.constraint))
        }
    }

    /// Files the record of a constraint just added, in a free slot if there is one, and
    /// returns the slot.
    @discardableResult
    private func insertRecord(_ record: ConstraintRecord) -> Int {
        let slot: Int
        if let free = freeConstraintSlots.popLast() {
            slot = Int(free)
            constraintRecords[slot] = record
        } else {
            slot = constraintRecords.count
            constraintRecords.append(record)
        }
        if constraintSlotsAreComplete { constraintSlots.set(slot, for: ObjectIdentifier(record.constraint)) }
        // A guest's marker is its host's.
        if !record.isGuest { setMarker(record.tag.marker, slot: slot) }
        return slot
    }

    /// Forgets the record at `slot`, returning it.
    private func removeRecord(at slot: Int) -> ConstraintRecord {
        let record = constraintRecords[slot]!
        if constraintSlotsAreComplete { constraintSlots.remove(ObjectIdentifier(record.constraint)) }
        if !record.isGuest { setMarker(record.tag.marker, slot: -1) }
        constraintRecords[slot] = nil
        freeConstraintSlots.append(Int32(slot))
        return record
    }

    /// Records which constraint slot a marker symbol belongs to (`-1`: none).
    private func setMarker(_ marker: Symbol, slot: Int) {
        Self.store(slot, for: marker, in: &markerSlots)
    }

    /// Registers the variable of the term at `term` (read in place, see ``add(_:)``): one use
    /// more of a known variable, which is looked up by identity alone, or a new record.
    private func registerVariable(at term: UnsafePointer<Term>) -> Int {
        if let slot = slot(of: term.pointee.variable) {
            variables[slot]!.uses += 1
            return slot
        }
        return registerNewVariable(term.pointee.variable)
    }

    private func registerNewVariable(_ variable: Variable) -> Int {
        let record = VariableRecord(variable: variable, symbol: tableau.makeSymbol(.external), uses: 1)
        let slot: Int
        if let free = freeVariableSlots.popLast() {
            slot = free
            variables[slot] = record
            values[slot] = 0
            slotSymbols[slot] = record.symbol
        } else {
            slot = variables.count
            variables.append(record)
            values.append(0)
            slotSymbols.append(record.symbol)
        }
        recordSlot(slot, of: variable)
        setSlot(slot, of: record.symbol)
        return slot
    }

    /// Records the variable slot of an external symbol (`-1`: none).
    private func setSlot(_ slot: Int, of symbol: Symbol) {
        Self.store(slot, for: symbol, in: &symbolSlots)
    }

    /// Stores `slot` at the symbol's index of a per-symbol table of slots, which grows as
    /// needed, with `-1` (none) for the symbols it did not reach yet.
    ///
    /// The table mostly grows by the one symbol just made: appended on its own, not through
    /// `append(contentsOf:)`, whose generic path cost 150 instructions per variable (0.75% of a
    /// 10,000-row form's first layout, callgrind).
    private static func store(_ slot: Int, for symbol: Symbol, in table: inout [Int32]) {
        while table.count < symbol.index { table.append(-1) }
        if table.count == symbol.index {
            table.append(Int32(slot))
        } else {
            table[symbol.index] = Int32(slot)
        }
    }

    /// Forgets a variable once no constraint mentions it and the tableau no longer needs it.
    private func unregisterVariable(_ slot: Int) {
        variables[slot]!.uses -= 1
        guard let record = variables[slot], record.uses == 0 else { return }
        guard !tableau.isBasic(record.symbol), !tableau.isReferenced(record.symbol) else { return }
        tableau.releaseSymbol(record.symbol)
        setSlot(-1, of: record.symbol)
        freeVariableSlot(slot)
    }

    private func conflicts(_ infeasibility: Infeasibility) -> [Constraint] {
        var seen = Set<Int32>()
        var records: [ConstraintRecord] = []
        for marker in infeasibility.markers where marker.index < markerSlots.count {
            let slot = markerSlots[marker.index]
            guard slot >= 0, let record = constraintRecords[Int(slot)], record.level == nil,
                seen.insert(slot).inserted
            else { continue }
            records.append(record)
        }
        return records.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }
}
