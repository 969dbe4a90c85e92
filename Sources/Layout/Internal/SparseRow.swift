/// A row of the simplex tableau: `constant + Σ coefficient·symbol`.
///
/// Cells live in two parallel arrays in insertion order, which is deterministic because every
/// operation on the tableau is; lookups are linear for short rows and go through a
/// ``PositionTable`` once a row is long. Coefficients that cancel to (nearly) zero are removed,
/// as kiwi does, so a stored cell is always significant.
struct SparseRow {
    var constant: Double
    private(set) var symbols: [Symbol] = []
    private(set) var coefficients: [Double] = []
    private var index: PositionTable?

    /// Rows longer than this get a hash index; shorter ones are scanned.
    private static let indexThreshold = 12

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
    }

    /// An empty row with room for `capacity` cells, allocated up front.
    init(constant: Double, capacity: Int) {
        self.constant = constant
        symbols.reserveCapacity(capacity)
        coefficients.reserveCapacity(capacity)
    }

    var count: Int { symbols.count }
    var isEmpty: Bool { symbols.isEmpty }

    @inline(__always)
    func position(of symbol: Symbol) -> Int? {
        // Read in place: `if let index` copied the table, a retain and a release per lookup.
        if index != nil { return index!.value(for: symbol).map(Int.init) }
        for i in symbols.indices where symbols[i] == symbol { return i }
        return nil
    }

    func coefficient(of symbol: Symbol) -> Double {
        position(of: symbol).map { coefficients[$0] } ?? 0
    }

    func contains(_ symbol: Symbol) -> Bool { position(of: symbol) != nil }

    /// Whether the constant and every coefficient are finite (no overflow to infinity, no NaN).
    var isFinite: Bool {
        guard constant.isFinite else { return false }
        for c in coefficients where !c.isFinite { return false }
        return true
    }

    /// Adds `coefficient` to the cell of `symbol`. Returns `true` when a new cell was created
    /// (so the caller can record the row in the symbol's column).
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Bool {
        if let i = position(of: symbol) {
            let sum = coefficients[i] + coefficient
            if Self.cancels(sum, coefficients[i], coefficient) {
                remove(at: i)
            } else {
                coefficients[i] = sum
            }
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
        let count = other.symbols.count
        guard count > 0 else { return constant.isFinite }
        // One finiteness test per changed cell (a NaN product would otherwise fail the size
        // test below and vanish): finite inputs can still overflow, `1e308·x + 1e308·x`. An
        // infinite `delta` makes its sum infinite or NaN, so a sum is all an update tests.
        var finite = constant.isFinite
        // Where the cells that cancel are, and which of `other`'s cells are new here: at most
        // one each per cell of `other`, in buffers on the stack.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { scratch in
            var cancelled = 0
            var appended = 0
            // The row's own symbols are read in this scope only: a copy still held while cells
            // are appended below would make each append copy them whole.
            do {
                coefficients.withUnsafeMutableBufferPointer { mine in
                    symbols.withUnsafeBufferPointer { mySymbols in
                        other.symbols.withUnsafeBufferPointer { theirSymbols in
                            other.coefficients.withUnsafeBufferPointer { theirCoefficients in
                                for k in 0..<count {
                                    let symbol = theirSymbols[k]
                                    let delta = factor * theirCoefficients[k]
                                    let position: Int?
                                    if index != nil {
                                        position = index!.value(for: symbol).map(Int.init)
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
                        }
                    }
                }
            }
            // One allocation for all the new cells at most, growing geometrically as appends
            // would (a reservation of the exact count would reallocate at every addition).
            let needed = symbols.count + appended
            if needed > symbols.capacity {
                let capacity = max(needed, 2 * symbols.capacity)
                symbols.reserveCapacity(capacity)
                coefficients.reserveCapacity(capacity)
            }
            for j in 0..<appended {
                let k = scratch[count + j]
                created.append(other.symbols[k])
                appendCell(other.symbols[k], factor * other.coefficients[k])
            }
            if cancelled > 0 { removeZeroCells(at: UnsafeMutableBufferPointer(rebasing: scratch[0..<cancelled])) }
        }
        return finite
    }

    private mutating func appendCell(_ symbol: Symbol, _ coefficient: Double) {
        symbols.append(symbol)
        coefficients.append(coefficient)
        if index != nil {
            index!.set(Int32(symbols.count - 1), for: symbol)
        } else if symbols.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    private mutating func rebuildIndex() {
        var table = PositionTable(capacity: symbols.count * 2)
        for (i, s) in symbols.enumerated() { table.set(Int32(i), for: s) }
        index = table
    }

    /// Removes the cells whose coefficient a bulk addition set to exactly zero, at
    /// `positions`: one by one when they are few in a long (indexed) row, else by a stable
    /// compaction followed by an index rebuild.
    private mutating func removeZeroCells(at positions: UnsafeMutableBufferPointer<Int>) {
        if index != nil, positions.count * 8 < symbols.count {
            // Highest position first: removing a cell moves the last cell into its place, and
            // every zero cell after it is gone by then.
            var descending = positions
            descending.sort(by: >)
            for i in descending { remove(at: i) }
            return
        }
        var kept = 0
        for i in symbols.indices where coefficients[i] != 0 {
            symbols[kept] = symbols[i]
            coefficients[kept] = coefficients[i]
            kept += 1
        }
        symbols.removeLast(symbols.count - kept)
        coefficients.removeLast(coefficients.count - kept)
        if index != nil { rebuildIndex() }
    }

    /// Removes the cell of `symbol` and returns its coefficient (`0` if there was none).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let i = position(of: symbol) else { return 0 }
        let c = coefficients[i]
        remove(at: i)
        return c
    }

    private mutating func remove(at i: Int) {
        let last = symbols.count - 1
        let removed = symbols[i]
        if i != last {
            symbols[i] = symbols[last]
            coefficients[i] = coefficients[last]
            index?.set(Int32(i), for: symbols[i])
        }
        symbols.removeLast()
        coefficients.removeLast()
        index?.remove(removed)
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        for i in coefficients.indices { coefficients[i] *= factor }
    }

    /// Treats the row as `0 = constant + Σ` and rewrites it as `symbol = …`, removing the
    /// symbol's cell (kiwi's `solveFor`). The symbol must be in the row.
    mutating func solve(for symbol: Symbol) {
        let c = remove(symbol)
        scale(by: -1.0 / c)
    }
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
