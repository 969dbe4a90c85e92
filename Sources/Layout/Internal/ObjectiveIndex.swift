/// What ``Tableau`` keeps about one objective row so that choosing an entering symbol reads
/// the few cells that could improve the objective instead of the whole row.
///
/// An objective row has a cell per error of its priority level (thousands in a large layout),
/// and the primal simplex asks for its entering symbol after every addition and removal: a
/// scan of every objective cell each time made building a layout quadratic. The tableau
/// reports every change of a cell here instead (``cellChanged(_:kind:from:to:)``).
struct ObjectiveIndex {
    /// The symbols whose cell could improve the objective were they to enter the basis: a
    /// slack or error with a negative coefficient (it can only grow), an external symbol with
    /// any coefficient (it can move either way). Whether a coefficient stands out from the
    /// row's rounding noise is left to the reader: the noise level moves with the whole row.
    private(set) var candidates = SymbolBitSet()
    /// Every symbol that has a cell in the row, while `tracksPresence`: when every cell
    /// stands out from the noise (``allCellsStandOut(of:)``), the symbols this level decides,
    /// which no lower level may take.
    private(set) var present = SymbolBitSet()
    /// Whether `present` is kept (``setTracksPresence(_:row:)``); empty otherwise.
    private(set) var tracksPresence = false
    /// The largest absolute coefficient the row has had since its largest was last found by
    /// a scan: never below the true one. While it is at most 10⁴ the noise level is
    /// `SparseRow.epsilon` whatever the true largest, and no scan is needed; above that (a
    /// level mixing coefficients twelve orders of magnitude apart) the row is scanned, as
    /// every query did before this index existed.
    private var largestBound = 0.0
    /// How many cells are at most `SparseRow.epsilon` in size (the bulk addition keeps no
    /// smaller ones, so in practice none).
    private var tinyCount = 0
    /// Which index this is, among all the tableau has made: with ``changeCount`` it tells
    /// whether the row's cells are still those an earlier query saw.
    let serial: UInt64
    /// How many cell changes have been reported: the entering symbol depends only on the
    /// objective rows' cells, so while no count moves, an objective found optimal stays so.
    private(set) var changeCount: UInt64 = 0
    /// The symbols whose membership of ``candidates`` or ``present`` changed since the
    /// tableau last read them (``takeJournal()``), for keeping its ``FreeCandidates`` up to date
    /// at the cost of the changes; `nil` once more than ``journalLimit`` piled up unread (the
    /// reader then recomputes what depends on this level from the sets themselves).
    private(set) var journal: [Symbol]? = []
    /// How many unread changes a journal holds before it gives up: the recomputation that
    /// replaces it reads every word of the sets (a few thousand for 100,000 symbols), so a
    /// few thousand entries keep it amortised O(1) per change; the lowest level of a layout
    /// under edits changes cells all the time and nobody may read it for a while.
    static let journalLimit = 4096

    init(_ row: SparseRow, kind: [SymbolKind], serial: UInt64) {
        self.serial = serial
        row.withCells { symbols, coefficients in
            for i in symbols.indices {
                cellChanged(symbols[i], kind: kind[symbols[i].index], from: 0, to: coefficients[i])
            }
        }
    }

    /// Records that the cell of `symbol` went from `old` to `new` (`0` for no cell).
    mutating func cellChanged(_ symbol: Symbol, kind: SymbolKind, from old: Double, to new: Double) {
        changeCount &+= 1
        let improves = Self.improves(kind, new)
        if improves != Self.improves(kind, old) {
            if improves { candidates.insert(symbol) } else { candidates.remove(symbol) }
            note(symbol)
        }
        if tracksPresence && (old == 0) != (new == 0) {
            if new != 0 { present.insert(symbol) } else { present.remove(symbol) }
            note(symbol)
        }
        if abs(new) > largestBound { largestBound = abs(new) }
        if abs(old) <= SparseRow.epsilon || abs(new) <= SparseRow.epsilon {
            if old != 0 && abs(old) <= SparseRow.epsilon { tinyCount -= 1 }
            if new != 0 && abs(new) <= SparseRow.epsilon { tinyCount += 1 }
        }
    }

    @inline(__always)
    private mutating func note(_ symbol: Symbol) {
        guard journal != nil else { return }
        if journal!.count < Self.journalLimit { journal!.append(symbol) } else { journal = nil }
    }

    /// Empties the journal (see ``journal``) once its symbols have been read, keeping its
    /// storage: the simplex reads the journals at every choice of an entering symbol, and a
    /// fresh array each time was a memory allocation per level per choice.
    mutating func clearJournal() {
        if journal == nil {
            journal = []
        } else if !journal!.isEmpty {
            journal!.removeAll(keepingCapacity: true)
        }
    }

    /// Starts keeping `present` (filled from `row`, the row this index follows) or stops.
    mutating func setTracksPresence(_ tracks: Bool, row: SparseRow) {
        guard tracks != tracksPresence else { return }
        tracksPresence = tracks
        present = SymbolBitSet()
        if tracks {
            for s in row.symbols { present.insert(s) }
        }
    }

    /// Whether a cell of `coefficient` (`0` for none) makes a symbol of `kind` a candidate.
    @inline(__always)
    private static func improves(_ kind: SymbolKind, _ coefficient: Double) -> Bool {
        switch kind {
        case .external: coefficient != 0
        case .slack, .error: coefficient < 0
        case .dummy, .objective: false
        }
    }

    /// The size below which a coefficient of `row` (the row this index follows) is rounding
    /// residue: a millionth of a millionth of its largest coefficient, and at least
    /// `SparseRow.epsilon`.
    mutating func noiseLevel(of row: SparseRow) -> Double {
        if 1e-12 * largestBound <= SparseRow.epsilon { return SparseRow.epsilon }
        var largest = 0.0
        row.withCells { _, coefficients in
            for c in coefficients { largest = max(largest, abs(c)) }
        }
        largestBound = largest
        return max(SparseRow.epsilon, 1e-12 * largest)
    }

    /// Whether every cell of `row` (the row this index follows) stands out from its noise
    /// level, as far as can be told without a scan of the cells: `false` too for a row whose
    /// noise level is above `SparseRow.epsilon` (coefficients twelve orders of magnitude
    /// apart), which only sends the caller to the slower exact path.
    mutating func allCellsStandOut(of row: SparseRow) -> Bool {
        tinyCount == 0 && noiseLevel(of: row) == SparseRow.epsilon
    }
}

/// The ``ObjectiveIndex`` of each row, indexed by ``RowIndex/index``: `nil` for every row but
/// the few objective rows (one per priority level). An array of optional indexes held a whole
/// `ObjectiveIndex` per row, about a tenth of a large layout's memory; this keeps 4 bytes per
/// row and the indexes themselves in a short array.
struct ObjectiveIndexTable {
    /// Per row, its index's position in `storage`, or `-1`.
    private var slot: [Int32] = []
    private var storage: [ObjectiveIndex?] = []
    private var freeSlots: [Int32] = []

    var count: Int { slot.count }

    /// Makes room for `count` rows in all (see ``Tableau/reserveCapacity(symbols:rows:)``).
    mutating func reserveCapacity(forRows count: Int) {
        slot.reserveGrowth(toHold: count)
    }

    /// Adds a row without an index.
    mutating func append(_ index: ObjectiveIndex?) {
        slot.append(-1)
        if let index { self[slot.count - 1] = index }
    }

    /// Whether row `row` has an index (is an objective row): one comparison, no copy.
    @inline(__always)
    func hasIndex(_ row: Int) -> Bool { slot[row] >= 0 }

    // Reads of one field of the index of row `row`, which must have one. The optional
    // subscript's getter returns a copy of the whole index, retaining and releasing its sets
    // and journal, several times per addition of a constraint (callgrind: 7% of building a
    // form's constraints went to choosing entering symbols); these borrow it in place.

    /// Reads the index of row `row` in place, through `body`.
    @inline(__always)
    func read<Result>(_ row: Int, _ body: (borrowing ObjectiveIndex) -> Result) -> Result {
        body(storage[Int(slot[row])]!)
    }

    /// Changes the index of row `row`, which must have one, in place through `body` (a direct
    /// access: the optional subscript's `_modify` was a coroutine call per cell change).
    @inline(__always)
    mutating func modify<Result>(_ row: Int, _ body: (inout ObjectiveIndex) -> Result) -> Result {
        body(&storage[Int(slot[row])]!)
    }

    /// ``ObjectiveIndex/serial`` of row `row`'s index.
    @inline(__always)
    func serial(of row: Int) -> UInt64 { read(row) { $0.serial } }

    /// ``ObjectiveIndex/changeCount`` of row `row`'s index.
    @inline(__always)
    func changeCount(of row: Int) -> UInt64 { read(row) { $0.changeCount } }

    /// ``ObjectiveIndex/tracksPresence`` of row `row`'s index.
    @inline(__always)
    func tracksPresence(of row: Int) -> Bool { read(row) { $0.tracksPresence } }

    /// ``ObjectiveIndex/journal`` of row `row`'s index.
    @inline(__always)
    func journal(of row: Int) -> [Symbol]? { read(row) { $0.journal } }

    /// ``ObjectiveIndex/candidates`` of row `row`'s index.
    @inline(__always)
    func candidates(of row: Int) -> SymbolBitSet { read(row) { $0.candidates } }

    /// ``ObjectiveIndex/present`` of row `row`'s index.
    @inline(__always)
    func present(of row: Int) -> SymbolBitSet { read(row) { $0.present } }

    /// Whether `symbol` is in the ``ObjectiveIndex/candidates`` of row `row`'s index.
    @inline(__always)
    func isCandidate(_ symbol: Symbol, of row: Int) -> Bool { read(row) { $0.candidates.contains(symbol) } }

    /// Whether `symbol` is in the ``ObjectiveIndex/present`` of row `row`'s index.
    @inline(__always)
    func isPresent(_ symbol: Symbol, of row: Int) -> Bool { read(row) { $0.present.contains(symbol) } }

    /// Moves the index of row `row`, which must have one, out of the table, leaving its slot
    /// held for ``restore(_:to:)``: no copy of its sets and journal (the optional subscript's
    /// getter retained and released each, twice per addition into an objective row).
    @inline(__always)
    mutating func take(_ row: Int) -> ObjectiveIndex {
        storage[Int(slot[row])].take()!
    }

    /// Puts back the index taken from row `row` with ``take(_:)``.
    @inline(__always)
    mutating func restore(_ index: consuming ObjectiveIndex, to row: Int) {
        storage[Int(slot[row])] = index
    }

    subscript(row: Int) -> ObjectiveIndex? {
        get {
            let s = slot[row]
            return s < 0 ? nil : storage[Int(s)]
        }
        _modify {
            let s = slot[row]
            if s >= 0 {
                // In place: the index's bit sets are not copied by a mutation through here.
                yield &storage[Int(s)]
                if storage[Int(s)] == nil {
                    slot[row] = -1
                    freeSlots.append(s)
                }
            } else {
                var value: ObjectiveIndex? = nil
                yield &value
                if let value {
                    let n: Int32
                    if let free = freeSlots.popLast() {
                        n = free
                    } else {
                        n = Int32(storage.count)
                        storage.append(nil)
                    }
                    storage[Int(n)] = value
                    slot[row] = n
                }
            }
        }
    }
}
