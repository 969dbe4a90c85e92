/// A named unknown whose value a ``Solver`` chooses.
///
/// Variables are compared by identity: two variables with the same name are different
/// unknowns. A variable holds no value itself; read it with ``Solver/value(of:)`` after
/// ``Solver/updateVariables()``, so the same variable can be shared by several solvers.
///
/// ```swift
/// let width = Variable("width")
/// try solver.addConstraint(width >= 100)
/// solver.updateVariables()
/// solver.value(of: width)   // 100
/// ```
public final class Variable: Sendable, CustomStringConvertible {
    /// A name for diagnostics; it need not be unique.
    public let name: String

    /// What the variable belongs to, set by a client of the solver in this package: HostKit's
    /// node of the view or guide the variable places. A changed variable then leads to its view
    /// without a lookup by identity (``Solver/updateVariables()`` reports variables): a hash
    /// table from 80,000 variables to their nodes was a random read per changed variable,
    /// 1.6% of a 10,000-row form's first layout (`perf`), and 1.5 MB of its peak.
    ///
    /// Not retained: the owner holds its variables, and a variable in a solver is reachable
    /// only through a constraint that its owner's records keep alive. `nonisolated(unsafe)`:
    /// it is set once, right after the variable is made and before it is shared, and only
    /// read afterwards. No run-time check of exclusive access, for the same reason — in this
    /// module: HostKit's writes, from another module, are still checked (a `swift_beginAccess`
    /// per variable). A setter method compiled here avoids the check, but HostKit's node then
    /// retained each variable around the call: a first layout ran 0.2% fewer instructions in
    /// all, too little for a second way to set the property (`Benchmarks/README.md`,
    /// twenty-first round).
    @exclusivity(unchecked) package nonisolated(unsafe) unowned(unsafe) var owner: AnyObject?

    /// The address of the solver that keeps the variable's slot in ``keptSlot``, or `nil`. Only
    /// a solver made with `Solver(keepingSlotsInVariables: true)` (HostKit's layout engine)
    /// reads or writes these two fields, and at most one solver holds a variable's slot here:
    /// another one finds the variable through its own table. The solver clears its mark when
    /// it forgets the variable, when it is reset and in its `deinit`, so a mark never outlives
    /// its solver (another one allocated at the same address cannot mistake it for its own).
    ///
    /// Why: a lookup by identity in the solver's hash table is a random read of a table too
    /// large for the cache, several per constraint; the variable itself is read near the node
    /// that made it. `nonisolated(unsafe)` and no run-time check of exclusive access: every
    /// solver that keeps slots here is confined to one isolation domain (HostKit's engines are
    /// main-actor objects), and other solvers never touch the fields.
    @exclusivity(unchecked) nonisolated(unsafe) var keeper: UnsafeRawPointer?
    /// The variable's slot in the solver ``keeper`` points to.
    ///
    /// (These two fields are read by every addition; `Solver.Reservation` loads them ahead with
    /// the lines of the variable's first and last bytes, see ``instanceByteCount``.)
    @exclusivity(unchecked) nonisolated(unsafe) var keptSlot: Int32 = 0

    /// The size of a variable's instance, for the cache hints that load it ahead of a read of
    /// its slot (`Solver.Reservation`; HostKit's walk that reads frames back): 52 bytes, the
    /// object header, 16; ``name``, 16; ``owner``, 8; ``keeper``, 8; ``keptSlot``, 4. At an
    /// address aligned to 16 it spans at most two 64-byte lines, those of its bytes 0 and 51.
    /// The slot's fields, at 40 to 51, are all on the second line for half the addresses
    /// (those 32 or 48 past a line start) and ``keptSlot`` is for a quarter more (16 past),
    /// where a hint for the first line alone left them cold. A hint only: a different layout
    /// loads a line too many or too few, nothing else.
    package static let instanceByteCount = 52

    /// Creates a variable with a name used in descriptions and error messages.
    public init(_ name: String = "") {
        self.name = name
    }

    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}
