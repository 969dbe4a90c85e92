/// A row of the simplex tableau: `constant + Σ coefficient·symbol`.
///
/// Cells are kept in insertion order, which is deterministic because every operation on the
/// tableau is; lookups are linear for short rows and go through a ``PositionTable`` once a row
/// is long. Coefficients that cancel to (nearly) zero are removed, as kiwi does, so a stored cell
/// is always significant.
///
/// A short row keeps its cells in the row itself, in ``inlineCapacity`` slots: no allocation
/// at all. A longer one keeps them in one heap block (``SparseRowStorage``: symbols,
/// coefficients, count and index), shared between copies until one of them changes (copy on
/// write). A row that grew into a block keeps it when it shrinks again (a pivot adds a cell and
/// removes one, and would otherwise allocate and free each time); ``moveInlineIfShort()``
/// takes it back inline where the tableau installs a row.
///
/// The struct is 64 bytes (the constant, the block's reference, four symbols and four
/// coefficients; the two arrays and the index made 40, plus two allocations), and the tableau
/// holds one per row: 80,000 and more in a 10,000-row form.
struct SparseRow {
    var constant: Double
    /// The cells of a row that outgrew the inline slots; `nil` while they are inline.
    private var storage: SparseRowStorage?
    /// The symbols of an inline row in its first slots, in order; the slots after them hold
    /// ``vacant``, which is how many there are: the struct has no room left for a count.
    private var inlineSymbols: (Symbol, Symbol, Symbol, Symbol)
    /// The coefficients of an inline row, beside their symbols.
    private var inlineCoefficients: (Double, Double, Double, Double)

    /// How many cells a row holds without a heap block.
    ///
    /// Chosen by measurement, at the peak of a 10,000-row form's tableau (80,031 rows: 40,013
    /// of two cells, 30,000 of four, 9,999 of nine, a few objectives of thousands; the rows
    /// array's capacity 131,072). Peak resident memory, layout-benchmark form-solver and
    /// manager-benchmark rows-keyboard, n = 10,000: two slots (a 40-byte struct; the four-cell
    /// rows in blocks) 98.7 and 144.4 MB, three (56 bytes) 100.8 and 147.8 MB, four (64 bytes)
    /// 95.3 and 145.4 MB, against 105.0 and 152.2 MB with two arrays per row. Four saves the
    /// most in all, with 30,000 fewer blocks to allocate than two.
    ///
    /// The slots are spelled out where one is read by name (``inlineCount``,
    /// ``position(of:)``, ``coefficient(of:)``, ``slot(_:of:)``, ``value(with:)``,
    /// ``init(constant:)``): another capacity changes those and the two
    /// tuples' types.
    static let inlineCapacity = 4

    /// What an unused inline slot holds: no symbol has a negative id.
    private static let vacant = Symbol(raw: -1)

    /// Rows longer than this get an index (``PositionTable``); shorter ones are scanned. (At least
    /// ``inlineCapacity``: an inline row never has an index.)
    static let indexThreshold = 12

    /// From this many cells on, ``SparseRowStorage/appendAssumingRoom(_:_:)`` grows the index
    /// once for all the cells it appends, rather than doubling it as they come. A 10,000-row
    /// form's first layout appends rows of 30,000 cells to rows of a few, whose indexes doubled
    /// ten times each (from 64 entries to 65,536); a keyboard change appends a few cells at a
    /// time, and keeps the plain loop as it was. Any bound far from both would do: 1,024 cells
    /// take an index of 2,048 entries (16 KB).
    static let longRowCellCount = 1024

    /// Values closer to zero than this are treated as zero: kiwi's `nearZero` threshold, taken
    /// over as it is so that cells vanish where kiwi's do (the solver's inputs are points, and
    /// 1e-8 pt is far below anything a layout can show). Also the smallest non-zero coefficient
    /// ``Solver/addConstraint(_:)`` accepts.
    static let epsilon = 1.0e-8

    /// Whether `sum = a + b` is zero up to rounding: below ``epsilon``, or below a millionth of
    /// a millionth of the larger operand. The relative part matters when coefficients of very
    /// different sizes meet (1000 and 0.001 give terms near 1e6, whose cancellation leaves
    /// residue near 1e-7, well above ``epsilon``); left in an objective row, such residue
    /// passes for a real cost and breaks the order of priorities.
    ///
    /// How 1e-12 was chosen (8ba8df8, from the property tests' failure): that residue is about
    /// 1e-13 of its operands, so 1e-12 is an order of magnitude above it, yet some ten thousand
    /// times a single rounding (a `Double` carries 16 significant digits): a sum smaller than
    /// that is rounding, not a cost. Not tuned further.
    @inline(__always)
    static func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
        abs(sum) < max(epsilon, 1e-12 * max(abs(a), abs(b)))
    }

    init(constant: Double = 0) {
        self.constant = constant
        storage = nil
        inlineSymbols = (Self.vacant, Self.vacant, Self.vacant, Self.vacant)
        inlineCoefficients = (0, 0, 0, 0)
    }

    /// An empty row with room for `capacity` cells: a heap block allocated up front if they
    /// do not fit inline.
    init(constant: Double, capacity: Int) {
        self.init(constant: constant)
        if capacity > Self.inlineCapacity { storage = SparseRowStorage.make(minimumCapacity: capacity) }
    }

    // MARK: Reading the cells

    // The inline slots are read by name where a single one is wanted: reading them through a
    // pointer needs the row in memory, and a row read out of the tableau's array was then
    // copied whole (its block retained and released) for every lookup.

    /// How many cells are in use inline: the slots before the first ``vacant`` one. Each
    /// vacant slot's id is negative, so its sign bit, shifted down, subtracts one.
    @inline(__always)
    private var inlineCount: Int {
        let s = inlineSymbols
        return Self.inlineCapacity + Int((s.0.raw >> 31) + (s.1.raw >> 31) + (s.2.raw >> 31) + (s.3.raw >> 31))
    }

    @inline(__always)
    var count: Int {
        if let storage { return storage.count }
        return inlineCount
    }

    var isEmpty: Bool { count == 0 }

    /// Calls `body` with the symbols and the coefficients of the cells, in order, side by side.
    @inline(__always)
    func withCells<R>(_ body: (UnsafeBufferPointer<Symbol>, UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        if let storage { return try storage.withCells(body) }
        let count = inlineCount
        return try withUnsafePointer(to: inlineSymbols) { symbols in
            try withUnsafePointer(to: inlineCoefficients) { coefficients in
                try body(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer(symbols).assumingMemoryBound(to: Symbol.self), count: count),
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer(coefficients).assumingMemoryBound(to: Double.self), count: count))
            }
        }
    }

    /// The slot at `position` of an inline tuple, read by name.
    @inline(__always)
    private static func slot<T>(_ position: Int, of slots: (T, T, T, T)) -> T {
        switch position {
        case 0: slots.0
        case 1: slots.1
        case 2: slots.2
        default: slots.3
        }
    }

    /// The symbol of the cell at `position` (in `0..<count`).
    @inline(__always)
    func symbol(at position: Int) -> Symbol {
        if let storage { return storage.symbol(at: position) }
        precondition(position >= 0 && position < inlineCount, "cell position out of range")
        return Self.slot(position, of: inlineSymbols)
    }

    /// The coefficient of the cell at `position` (in `0..<count`).
    @inline(__always)
    func coefficient(at position: Int) -> Double {
        if let storage { return storage.coefficient(at: position) }
        precondition(position >= 0 && position < inlineCount, "cell position out of range")
        return Self.slot(position, of: inlineCoefficients)
    }

    /// The symbols of the cells, in order.
    var symbols: Symbols { Symbols(row: self) }

    /// The coefficients of the cells, in order.
    var coefficients: Coefficients { Coefficients(row: self) }

    @inline(__always)
    func position(of symbol: Symbol) -> Int? {
        if let storage { return storage.position(of: symbol) }
        // Every slot is compared, used or not: a vacant one holds no symbol's id.
        let s = inlineSymbols
        if s.0 == symbol { return 0 }
        if s.1 == symbol { return 1 }
        if s.2 == symbol { return 2 }
        if s.3 == symbol { return 3 }
        return nil
    }

    @inline(__always)
    func coefficient(of symbol: Symbol) -> Double {
        if let storage {
            // Not `position(of:).map { … }`: the closure captured a copy of the row, a retain
            // and a release of its block.
            return storage.coefficient(of: symbol)
        }
        let s = inlineSymbols
        let c = inlineCoefficients
        if s.0 == symbol { return c.0 }
        if s.1 == symbol { return c.1 }
        if s.2 == symbol { return c.2 }
        if s.3 == symbol { return c.3 }
        return 0
    }

    @inline(__always)
    func contains(_ symbol: Symbol) -> Bool { position(of: symbol) != nil }

    /// `constant + Σ coefficient · values[symbol]`, summed in the order of the cells.
    ///
    /// The inline cells are read by name, each only if its slot is in use: counting them
    /// first, and reading them through a pointer, cost a fifth more instructions in the
    /// solver's read-out of values.
    @inline(__always)
    func value(with values: UnsafeBufferPointer<Double>) -> Double {
        var v = constant
        if let storage {
            storage.withCells { symbols, coefficients in
                for i in 0..<symbols.count {
                    v += coefficients[i] * values[symbols[i].index]
                }
            }
            return v
        }
        let s = inlineSymbols
        let c = inlineCoefficients
        guard s.0.raw >= 0 else { return v }
        v += c.0 * values[s.0.index]
        guard s.1.raw >= 0 else { return v }
        v += c.1 * values[s.1.index]
        guard s.2.raw >= 0 else { return v }
        v += c.2 * values[s.2.index]
        guard s.3.raw >= 0 else { return v }
        return v + c.3 * values[s.3.index]
    }

    /// Whether the constant and every coefficient are finite (no overflow to infinity, no NaN).
    var isFinite: Bool {
        guard constant.isFinite else { return false }
        return withCells { _, coefficients in
            for c in coefficients where !c.isFinite { return false }
            return true
        }
    }

    // MARK: Changing the cells

    /// Makes the row's heap block, if it has one, its own (copy on write); returns whether it
    /// has one.
    @inline(__always)
    private mutating func makeStorageUnique() -> Bool {
        guard storage != nil else { return false }
        if !isKnownUniquelyReferenced(&storage), let shared = storage {
            storage = shared.copy(minimumCapacity: shared.cellCapacity)
        }
        return true
    }

    /// Calls `body` with the cells, to change in place (not their number), and the index.
    @inline(__always)
    private mutating func withMutableCells<R>(
        _ body: (UnsafeMutableBufferPointer<Symbol>, UnsafeMutableBufferPointer<Double>, inout PositionTable?) -> R
    ) -> R {
        if makeStorageUnique() { return withUniqueStorage { $0.withMutableCells(body) } }
        let count = inlineCount
        var noIndex: PositionTable?
        return withInlineSlots { symbols, coefficients in
            body(
                UnsafeMutableBufferPointer(rebasing: symbols[0..<count]),
                UnsafeMutableBufferPointer(rebasing: coefficients[0..<count]), &noIndex)
        }
    }

    /// Calls `body` with all ``inlineCapacity`` inline slots, used or not, to change in place.
    @inline(__always)
    private mutating func withInlineSlots<R>(
        _ body: (UnsafeMutableBufferPointer<Symbol>, UnsafeMutableBufferPointer<Double>) -> R
    ) -> R {
        withUnsafeMutablePointer(to: &inlineSymbols) { symbols in
            withUnsafeMutablePointer(to: &inlineCoefficients) { coefficients in
                body(
                    UnsafeMutableBufferPointer(
                        start: UnsafeMutableRawPointer(symbols).assumingMemoryBound(to: Symbol.self),
                        count: Self.inlineCapacity),
                    UnsafeMutableBufferPointer(
                        start: UnsafeMutableRawPointer(coefficients).assumingMemoryBound(to: Double.self),
                        count: Self.inlineCapacity))
            }
        }
    }

    /// Makes room for `capacity` cells at least: moves inline cells to a heap block, or the
    /// cells of a block to a larger one, growing geometrically (a reservation of the exact
    /// count would reallocate at every addition).
    private mutating func reserveCapacity(_ capacity: Int) {
        if let storage {
            let current = storage.cellCapacity
            if capacity > current { self.storage = storage.copy(minimumCapacity: max(capacity, 2 * current)) }
            return
        }
        guard capacity > Self.inlineCapacity else { return }
        // Twice the inline capacity at least, as an array doubles.
        storage = withCells { symbols, coefficients in
            SparseRowStorage.make(
                copying: symbols, coefficients, index: nil, minimumCapacity: max(capacity, 2 * Self.inlineCapacity))
        }
    }

    /// Takes the cells of a heap block back inline if they fit and the row has no index (which
    /// decides how cells are removed, see ``removeZeroCells(at:)``, so it must stay).
    mutating func moveInlineIfShort() {
        guard let storage, !storage.hasIndex else { return }
        let count = storage.count
        guard count <= Self.inlineCapacity else { return }
        storage.withCells { symbols, coefficients in
            withInlineSlots { slotSymbols, slotCoefficients in
                for i in 0..<Self.inlineCapacity {
                    slotSymbols[i] = i < count ? symbols[i] : Self.vacant
                    slotCoefficients[i] = i < count ? coefficients[i] : 0
                }
            }
        }
        self.storage = nil
    }

    /// Adds `coefficient` to the cell of `symbol`. Returns `true` when a new cell was created
    /// (so the caller can record the row in the symbol's column).
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Bool {
        if let i = position(of: symbol) {
            let removes = withMutableCells { _, coefficients, _ in
                let old = coefficients[i]
                let sum = old + coefficient
                if Self.cancels(sum, old, coefficient) { return true }
                coefficients[i] = sum
                return false
            }
            if removes { remove(at: i) }
            return false
        }
        if abs(coefficient) < Self.epsilon { return false }
        appendCell(symbol, coefficient)
        return true
    }

    /// Adds `factor * other` to this row, appending to `created` the symbols that got a new
    /// cell (so the caller can record the row in their columns). Returns whether the constant
    /// and every cell it changed are still finite.
    ///
    /// The bulk form of ``add(_:_:)``: existing cells are updated through one buffer, new ones
    /// appended together, and cells that cancel are removed in one pass at the end.
    @discardableResult
    mutating func add(_ other: SparseRow, times factor: Double, created: inout [Symbol]) -> Bool {
        var ignoring = IgnoringCellChanges()
        return add(other, times: factor, created: &created, observer: &ignoring)
    }

    /// ``add(_:times:created:)``, telling `observer` the old and new coefficient of every cell
    /// it changes (`0` for no cell), as it goes.
    @discardableResult
    mutating func add<Observer: CellObserver>(
        _ other: SparseRow, times factor: Double, created: inout [Symbol], observer: inout Observer
    ) -> Bool {
        constant += factor * other.constant
        // One finiteness test per changed cell (a NaN product would otherwise fail the size
        // test below and vanish): finite inputs can still overflow, `1e308·x + 1e308·x`. An
        // infinite `delta` makes its sum infinite or NaN, so a sum is all an update tests.
        var finite = constant.isFinite
        other.withCells { theirSymbols, theirCoefficients in
            let count = theirSymbols.count
            guard count > 0 else { return }
            // Where the cells that cancel are, and which of `other`'s cells are new here: at
            // most one each per cell of `other`, in buffers on the stack.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { scratch in
                var cancelled = 0
                var appended = 0
                withMutableCells { mySymbols, mine, index in
                    for k in 0..<count {
                        let symbol = theirSymbols[k]
                        let delta = factor * theirCoefficients[k]
                        let position: Int?
                        if index != nil {
                            position = index?.value(for: symbol).map(Int.init)
                        } else {
                            position = mySymbols.firstIndex(of: symbol)
                        }
                        if let i = position {
                            let old = mine[i]
                            let sum = old + delta
                            if !sum.isFinite { finite = false }
                            if Self.cancels(sum, old, delta) {
                                mine[i] = 0
                                scratch[cancelled] = i
                                cancelled += 1
                            } else {
                                mine[i] = sum
                            }
                            observer.cellChanged(symbol, from: old, to: mine[i])
                        } else if !delta.isFinite {
                            // Infinite or NaN: appended as it is, for the caller to see.
                            finite = false
                            scratch[count + appended] = k
                            appended += 1
                            observer.cellChanged(symbol, from: 0, to: delta)
                        } else if abs(delta) >= Self.epsilon {
                            scratch[count + appended] = k
                            appended += 1
                            observer.cellChanged(symbol, from: 0, to: delta)
                        }
                    }
                }
                if appended > 0 {
                    // One allocation for all the new cells at most.
                    reserveCapacity(self.count + appended)
                    let new = UnsafeBufferPointer(rebasing: scratch[count..<(count + appended)])
                    for k in new { created.append(theirSymbols[k]) }
                    if storage == nil {
                        for k in new { appendCell(theirSymbols[k], factor * theirCoefficients[k]) }
                    } else {
                        // The block is this row's own (`withMutableCells` saw to it) and has
                        // room: the cells go in without a check each.
                        withUniqueStorage { block in
                            block.appendAssumingRoom(new.count) { j in
                                (theirSymbols[new[j]], factor * theirCoefficients[new[j]])
                            }
                        }
                    }
                }
                if cancelled > 0 { removeZeroCells(at: UnsafeMutableBufferPointer(rebasing: scratch[0..<cancelled])) }
            }
        }
        return finite
    }

    private mutating func appendCell(_ symbol: Symbol, _ coefficient: Double) {
        if storage == nil {
            let count = inlineCount
            if count < Self.inlineCapacity {
                withInlineSlots { symbols, coefficients in
                    symbols[count] = symbol
                    coefficients[count] = coefficient
                }
                return
            }
            reserveCapacity(count + 1)
        }
        if !isKnownUniquelyReferenced(&storage) || storage.unsafelyUnwrapped.isFull {
            // A shared block is copied, a full one doubled: in one copy when it is both.
            let shared = storage.unsafelyUnwrapped
            let capacity = shared.cellCapacity
            storage = shared.copy(minimumCapacity: shared.isFull ? 2 * capacity : capacity)
        }
        withUniqueStorage { $0.appendAssumingRoom(1) { _ in (symbol, coefficient) } }
    }

    /// Calls `body` with the row's heap block, which the row must have and hold the only
    /// reference to.
    ///
    /// The block is lent to `body` as it is (`_withUnsafeGuaranteedRef`): read out of the
    /// row, it was retained and released around the call, for every cell appended. The row
    /// keeps it alive meanwhile, and `body` cannot reach the row.
    @inline(__always)
    private func withUniqueStorage<R>(_ body: (SparseRowStorage) -> R) -> R {
        Unmanaged.passUnretained(storage.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }

    /// The index of a row with these symbols.
    static func makeIndex(_ symbols: UnsafeBufferPointer<Symbol>) -> PositionTable {
        var table = PositionTable(capacity: symbols.count * 2)
        for (i, s) in symbols.enumerated() { table.set(Int32(i), for: s) }
        return table
    }

    /// Fewer cancelled cells than this are taken out of an indexed row's index one by one,
    /// more by building the index anew (see ``removeZeroCells(at:)``). Eight: the row then
    /// has at most 56 cells, so the in-place update touches about as many entries as a new
    /// table would, and saves making it. A round bound between the sign-up form's one to five
    /// and the first layout's hundreds, not tuned further.
    static let smallCompaction = 8

    /// Removes the cells whose coefficient a bulk addition set to exactly zero, at
    /// `positions`: one by one when they are few in a long (indexed) row, else by a stable
    /// compaction, which updates the index in place or rebuilds it.
    private mutating func removeZeroCells(at positions: UnsafeMutableBufferPointer<Int>) {
        let hasIndex = storage?.hasIndex == true
        if hasIndex, positions.count * 8 < count {
            // Highest position first: removing a cell moves the last cell into its place, and
            // every zero cell after it is gone by then.
            var descending = positions
            descending.sort(by: >)
            for i in descending { remove(at: i) }
            return
        }
        // An indexed row gets here with at most eight times as many cells as go. With fewer
        // than `smallCompaction` cells going (so a row of 56 cells at most), the index forgets
        // each of them and learns the new position of each cell that moves: the same lookups
        // as a rebuilt index, without a new table. Rebuilding one (a new table, every cell set
        // again) was 4% of a keyboard show on the sign-up form, where a pivot cancels one to
        // five cells in each of seven rows of 7 to 20 cells (callgrind). With many cells
        // going, the moves cost more than a new table: a 10,000-row form's first layout,
        // which cancels hundreds of cells at once in its long objective rows, ran 0.5% more
        // instructions when every compaction updated the index in place.
        //
        // Two loops: the plain one, which most compactions take (short rows have no index),
        // stays as tight as it was; with the index's updates in it, `solver-benchmark`'s chain
        // ran 0.5% more instructions.
        let updatesIndex = hasIndex && positions.count < Self.smallCompaction
        let kept = withMutableCells { symbols, coefficients, index in
            var kept = 0
            // Taken out and put back, so that the table is changed in place.
            if updatesIndex, var table = index.take() {
                for i in symbols.indices {
                    if coefficients[i] == 0 {
                        table.remove(symbols[i])
                    } else {
                        if kept != i {
                            symbols[kept] = symbols[i]
                            coefficients[kept] = coefficients[i]
                            table.set(Int32(kept), for: symbols[kept])
                        }
                        kept += 1
                    }
                }
                index = table
                return kept
            }
            for i in symbols.indices where coefficients[i] != 0 {
                symbols[kept] = symbols[i]
                coefficients[kept] = coefficients[i]
                kept += 1
            }
            if index != nil {
                index = Self.makeIndex(UnsafeBufferPointer(rebasing: symbols[0..<kept]))
            }
            return kept
        }
        truncate(to: kept)
    }

    /// Drops the cells from position `count` on.
    private mutating func truncate(to count: Int) {
        if makeStorageUnique() {
            withUniqueStorage { $0.count = count }
            return
        }
        withInlineSlots { symbols, _ in
            for i in count..<Self.inlineCapacity { symbols[i] = Self.vacant }
        }
    }

    /// Removes the cell of `symbol` and returns its coefficient (`0` if there was none).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let i = position(of: symbol) else { return 0 }
        let c = coefficient(at: i)
        remove(at: i)
        return c
    }

    /// Removes the cell at `i`, moving the last cell into its place.
    private mutating func remove(at i: Int) {
        let last = withMutableCells { symbols, coefficients, index in
            let last = symbols.count - 1
            let removed = symbols[i]
            if i != last {
                symbols[i] = symbols[last]
                coefficients[i] = coefficients[last]
                index?.set(Int32(i), for: symbols[i])
            }
            index?.remove(removed)
            return last
        }
        truncate(to: last)
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        withMutableCells { _, coefficients, _ in
            for i in coefficients.indices { coefficients[i] *= factor }
        }
    }

    /// Treats the row as `0 = constant + Σ` and rewrites it as `symbol = …`, removing the
    /// symbol's cell (kiwi's `solveFor`). The symbol must be in the row.
    mutating func solve(for symbol: Symbol) {
        let c = remove(symbol)
        scale(by: -1.0 / c)
    }
}

extension SparseRow {
    /// One part of a row's cells, read by position: the symbol or the coefficient.
    protocol CellPart {
        associatedtype Element
        static func read(_ row: SparseRow, at position: Int) -> Element
    }

    enum SymbolPart: CellPart {
        static func read(_ row: SparseRow, at position: Int) -> Symbol { row.symbol(at: position) }
    }

    enum CoefficientPart: CellPart {
        static func read(_ row: SparseRow, at position: Int) -> Double { row.coefficient(at: position) }
    }

    /// One part of a row's cells, in order (a copy of the row: changes to the row after it
    /// was taken do not show).
    struct CellList<Part: CellPart>: RandomAccessCollection {
        fileprivate let row: SparseRow
        let endIndex: Int

        fileprivate init(row: SparseRow) {
            self.row = row
            endIndex = row.count
        }

        var startIndex: Int { 0 }
        subscript(position: Int) -> Part.Element { Part.read(row, at: position) }
    }

    /// The symbols of a row's cells, in order.
    typealias Symbols = CellList<SymbolPart>
    /// The coefficients of a row's cells, in order.
    typealias Coefficients = CellList<CoefficientPart>
}

/// Receives the cell changes of a bulk ``SparseRow/add(_:times:created:observer:)``.
protocol CellObserver {
    /// The cell of `symbol` went from `old` to `new` (`0` for no cell).
    mutating func cellChanged(_ symbol: Symbol, from old: Double, to new: Double)
}

/// The observer of an addition nobody follows.
struct IgnoringCellChanges: CellObserver {
    @inline(__always)
    mutating func cellChanged(_ symbol: Symbol, from old: Double, to new: Double) {}
}
