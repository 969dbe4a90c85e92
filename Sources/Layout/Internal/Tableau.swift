/// The simplex tableau of an incremental Cassowary solver with strict (lexicographic)
/// priority levels.
///
/// The algorithm is kiwi's: rows `basic = constant + Σ coefficient·parametric`, a primal
/// simplex to optimise after an addition or removal, a dual simplex after an edit or a constant
/// change. Three things differ:
///
/// - **Lexicographic objective.** There is one objective row per distinct priority below
///   required. A symbol's reduced cost is the vector of its coefficients in those rows, from
///   the highest priority down, and costs compare lexicographically. So a higher priority
///   satisfied beats any number of lower-priority violations — exactly, with no weights.
/// - **Column index.** Every symbol keeps the rows it appears in (a superset, filtered on
///   use), so a pivot or an edit touches only those rows instead of scanning the tableau.
/// - **Lazy definitions.** The row of a basic *external* variable may mention other basic
///   external variables instead of their expansions, as long as each mentions only ones
///   defined before it. A chain `left[i+1] == left[i] + width[i] + 8` then costs O(1) per
///   link instead of O(i), which keeps long chains linear in time and memory. Rows of
///   restricted symbols and objective rows are always fully expanded (the simplex reads them);
///   a definition is expanded only when a constraint needs it.
///
/// Every choice (entering symbol, leaving row, order of substitution) is made by symbol id or
/// by the deterministic order of cells, never by hash order, so results are bit-identical in
/// every process.
///
/// This file is the core: the storage of symbols and rows, adding and removing constraints,
/// shifting constants and lazy definitions. The simplex is in `Tableau+Simplex.swift` (with
/// ``SimplexState``, its own state, which only that file can open), the ambiguity query in
/// `Tableau+Ambiguity.swift` and the incremental read-out of values in `Tableau+Values.swift`
/// (which owns the read-out state with the core: ``values``, ``touchedSymbols``); the objective
/// levels' bookkeeping is ``ObjectiveLevels``. The storage those files read is `private(set)`,
/// the rest `private`: they change the tableau only through the core's operations
/// (``pivot(entering:leaving:)``, ``removeCell(row:_:)``, ``rowsContaining(_:)``).
struct Tableau {
    // MARK: Symbols

    /// Each symbol's kind, indexed by ``Symbol/index``.
    private(set) var kind: [SymbolKind] = []
    /// The raw index of the row whose basic symbol this is, or `-1` for a parametric symbol.
    /// Read through ``basicRow(of:)`` and ``isBasic(_:)``: the `-1` stays in here, where an
    /// `Int32` takes half the room of a `RowIndex?` and ``isBasic(_:)`` is one comparison.
    private(set) var basicRowOf: [Int32] = []
    /// Rows that may contain the symbol (a superset: filtered and compacted on use).
    private(set) var columns = ColumnStore()
    /// For a basic external symbol, its position in `definitions`; otherwise `-1`.
    private(set) var definitionIndex: [Int32] = []
    private var freeSymbols: [Symbol] = []
    /// Whether the symbol is in the pool of released ids, indexed by ``Symbol/index``.
    private(set) var released: [Bool] = []

    // MARK: Rows

    /// Each row, indexed by ``RowIndex/index``; a free slot is empty.
    private(set) var rows: [SparseRow] = []
    /// The raw id of each row's basic symbol, or `-1` for a free slot. Read through
    /// ``basicSymbol(of:)``, for live rows.
    private var rowBasic: [Int32] = []
    private var freeRows: [RowIndex] = []
    private var rowStamp: [UInt32] = []
    /// For an objective row, its candidates and noise level (see ``ObjectiveIndex``); `nil`
    /// for every other row.
    private(set) var objectiveIndex = ObjectiveIndexTable()
    private var stamp: UInt32 = 0

    /// The raw ids of the basic external symbols in the order their definitions were made
    /// (`-1` for a gap), read through ``definedSymbols``. A definition mentions only basic
    /// external symbols that come earlier.
    private(set) var definitions: [Int32] = []
    private(set) var definitionGaps = 0

    /// Set when a row the tableau changed got a non-finite constant or coefficient: finite
    /// inputs can overflow once combined (`x == 1e308` then `y == x + 1e308`, or a pivot that
    /// divides by `1e-200`). The simplex loops stop, and the owner must discard the tableau (the
    /// solver rebuilds it from its constraints without the change that overflowed). Checked
    /// once per row touched, so the hot path pays one comparison per cell it writes anyway.
    private(set) var overflowed = false
    /// For a basic external symbol, how large its value can be in units of ``constantBound``:
    /// `1` for a fully expanded row (its value is its constant), `1 + Σ |coefficient| · weight`
    /// over the basic externals a lazy definition mentions (parametric symbols are zero).
    ///
    /// The values of lazy definitions are summed by ``computeValues()``, out of sight of the
    /// row checks, and every partial sum of a definition's value is within `weight ·
    /// constantBound`. So lazy definitions are kept while ``constantBound`` times
    /// ``maximumLazyWeight`` stays within ``lazyMagnitudeLimit``: a definition is made lazy only
    /// within it, and once a change of constants takes the product past it, every definition
    /// is expanded (``expandDefinitionsIfTheirValuesMayOverflow()``), where its constant is
    /// checked. A bound made of the weights and not of the values themselves stays true when a
    /// suggestion or a constant change moves the values later: `v[k] == 2·v[k-1]` from an edit
    /// variable at 0 is small until the edit is suggested 1, when `v[1100]` is 2¹¹⁰⁰.
    ///
    /// A weight depends on the coefficients of the basic externals in the definition and on
    /// their weights. Substituting a new lazy definition into the definitions that mention its
    /// subject changes both, so ``defineLazily(_:_:weight:mentioning:)`` raises theirs, and
    /// those of the definitions after them, to what the rows now say.
    private var lazyWeight: [Double] = []
    /// The largest ``lazyWeight`` of a lazy definition made since the definitions were last all
    /// expanded; at least 1.
    private var maximumLazyWeight = 1.0
    /// The largest magnitude of a row constant the tableau has written: a bound on every row
    /// constant, so on the value of every fully expanded definition.
    private var constantBound = 1.0
    /// The bound on the values of lazy definitions (see ``lazyWeight``); far enough below
    /// `Double.greatestFiniteMagnitude` (about 1.8e308) that their sums stay finite: every
    /// partial sum of ``computeValues()`` is within the bound, and 1e300 leaves a factor of
    /// 10⁸ for the rounding of the sums and for the values the caller computes from them.
    /// A round number, not tuned: no layout comes near it.
    private static let lazyMagnitudeLimit = 1e300
    /// The largest row constant seen so far: the scale of the values in the tableau, for
    /// telling a constant that is zero up to rounding from a real one (see ``isNearZero(_:)``).
    private(set) var valueScale = 1.0

    /// Scratch for ``addRow(into:_:times:)``: symbols that got a new cell.
    private var created: [Symbol] = []
    /// The serial of the last ``ObjectiveIndex`` made.
    private var objectiveSerial: UInt64 = 0
    /// The simplex's work list and scratch (see ``SimplexState``).
    var simplex = SimplexState()

    /// One objective row per priority in use, highest priority first.
    private(set) var levels = ObjectiveLevels()

    // The read-out state, from here to ``pending``, is also written by the read-out
    // (`Tableau+Values.swift`).

    /// Values of external symbols computed by ``computeValues(changed:)``, indexed by
    /// ``Symbol/index``; zero for every symbol that is not a basic external one, except that a
    /// symbol in ``touchedSymbols`` keeps its old value until the next computation (its dependents
    /// were computed from it, and the computation compares against it).
    var values: [Double] = []
    /// The external symbols whose value may have changed since the last
    /// ``computeValues(changed:)``: their definition row changed, or they became basic or
    /// parametric. Each is listed once (see ``isTouched``).
    var touchedSymbols: [Symbol] = []
    /// Whether the symbol is in ``touchedSymbols``, indexed by ``Symbol/index``.
    var isTouched: [Bool] = []
    /// Scratch for ``computeValues(changed:)``: the definitions to evaluate, earliest first.
    var pending = MaxHeap()

    var symbolCount: Int { kind.count }
    /// How many rows the tableau holds, objective rows included.
    var rowCount: Int { rows.count - freeRows.count }

    /// How many pivots the tableau has made, for tests of incrementality.
    private(set) var pivotCount = 0
    /// How many times a row was changed by a substitution or a constant shift, for tests of
    /// incrementality.
    private(set) var rowUpdateCount = 0
    /// How many definitions ``computeValues(changed:)`` evaluated, for tests of incrementality.
    var evaluationCount = 0

    // MARK: - Symbol and row storage

    /// Makes room for `newSymbols` more symbols and `newRows` more rows than the tableau holds,
    /// less the free ones it reuses first (see ``Solver/reserveCapacity(for:newVariables:)``),
    /// and returns the number of symbols it will then hold. Every per-symbol and per-row table
    /// grows once.
    mutating func reserveCapacity(symbols newSymbols: Int, rows newRows: Int) -> Int {
        let symbols = kind.count + max(0, newSymbols - freeSymbols.count)
        kind.reserveGrowth(toHold: symbols)
        basicRowOf.reserveGrowth(toHold: symbols)
        columns.reserveCapacity(symbols: symbols)
        definitionIndex.reserveGrowth(toHold: symbols)
        lazyWeight.reserveGrowth(toHold: symbols)
        values.reserveGrowth(toHold: symbols)
        isTouched.reserveGrowth(toHold: symbols)
        released.reserveGrowth(toHold: symbols)
        let rowTotal = rows.count + max(0, newRows - freeRows.count)
        rows.reserveGrowth(toHold: rowTotal)
        rowBasic.reserveGrowth(toHold: rowTotal)
        rowStamp.reserveGrowth(toHold: rowTotal)
        objectiveIndex.reserveCapacity(forRows: rowTotal)
        // A definition per new row; a pivot that makes an external symbol basic adds one more
        // (and a gap, which compaction removes), so this table may still grow by doubling.
        definitions.reserveGrowth(toHold: definitions.count + newRows)
        return symbols
    }

    /// Symbols and rows held (released and free ones included), and the room of the tables
    /// that hold one entry per symbol and per row (their smallest, as all are reserved alike).
    var storage: (symbols: Int, symbolCapacity: Int, rows: Int, rowCapacity: Int) {
        (
            kind.count, min(kind.capacity, columns.capacity, values.capacity), rows.count,
            min(rows.capacity, rowBasic.capacity)
        )
    }

    /// Whether the tableau has an objective level for `priority` (a constraint uses it).
    func hasLevel(_ priority: Float) -> Bool { levels.row(of: priority) != nil }

    mutating func makeSymbol(_ k: SymbolKind) -> Symbol {
        if let s = freeSymbols.popLast() {
            kind[s.index] = k
            released[s.index] = false
            return s
        }
        let s = Symbol(raw: Int32(kind.count))
        kind.append(k)
        basicRowOf.append(-1)
        columns.appendEmptyColumn()
        definitionIndex.append(-1)
        lazyWeight.append(1)
        values.append(0)
        isTouched.append(false)
        released.append(false)
        return s
    }

    /// Returns a symbol to the pool. It must be parametric and absent from every row.
    mutating func releaseSymbol(_ s: Symbol) {
        columns.removeAll(of: s)
        values[s.index] = 0
        released[s.index] = true
        freeSymbols.append(s)
    }

    @inline(__always)
    func isBasic(_ s: Symbol) -> Bool { basicRowOf[s.index] >= 0 }

    @inline(__always)
    func isBasicExternal(_ s: Symbol) -> Bool {
        kind[s.index] == .external && basicRowOf[s.index] >= 0
    }

    /// The row whose basic symbol `s` is, or `nil` for a parametric symbol.
    func basicRow(of s: Symbol) -> RowIndex? {
        let r = basicRowOf[s.index]
        return r >= 0 ? RowIndex(raw: r) : nil
    }

    /// The row that defines `s` (the row it is basic in); `s` must be basic.
    func definingRow(of s: Symbol) -> RowIndex {
        assert(isBasic(s), "symbol \(s.raw) is parametric")
        return RowIndex(raw: basicRowOf[s.index])
    }

    /// The basic symbol of `r`, which must be a live row (one that ``rowsContaining(_:)`` or
    /// ``basicRow(of:)`` gave, or an objective level's).
    func basicSymbol(of r: RowIndex) -> Symbol {
        assert(rowBasic[r.index] >= 0, "row \(r.raw) is free")
        return Symbol(raw: rowBasic[r.index])
    }

    /// The basic external symbols in the order their definitions were made: each definition
    /// mentions only parametric symbols and earlier ones.
    var definedSymbols: LazyMapSequence<LazyFilterSequence<[Int32]>, Symbol> {
        definitions.lazy.filter { $0 >= 0 }.map(Symbol.init(raw:))
    }

    /// Whether any row mentions the symbol.
    mutating func isReferenced(_ s: Symbol) -> Bool { filterColumn(s) > 0 }

    @discardableResult
    private mutating func installRow(_ row: SparseRow, basic: Symbol) -> RowIndex {
        // A row that grew into a heap block while it was built (a constraint's terms and
        // markers, less its subject) is stored inline if it fits.
        var row = row
        row.moveInlineIfShort()
        let r: RowIndex
        if let free = freeRows.popLast() {
            r = free
            rows[r.index] = row
            rowBasic[r.index] = basic.raw
        } else {
            r = RowIndex(raw: Int32(rows.count))
            rows.append(row)
            rowBasic.append(basic.raw)
            rowStamp.append(0)
            objectiveIndex.append(nil)
        }
        if kind[basic.index] == .objective {
            objectiveSerial &+= 1
            objectiveIndex[r.index] = ObjectiveIndex(row, kind: kind, serial: objectiveSerial)
        }
        row.withCells { symbols, _ in columns.append(r, toEach: symbols) }
        setBasic(basic, row: r)
        valueScale = max(valueScale, abs(row.constant))
        constantBound = max(constantBound, abs(row.constant))
        return r
    }

    private mutating func setBasic(_ s: Symbol, row r: RowIndex) {
        basicRowOf[s.index] = r.raw
        if kind[s.index] == .external {
            touch(s)
            definitionIndex[s.index] = Int32(definitions.count)
            definitions.append(s.raw)
            // Every row but a lazy definition is fully expanded: its value is its constant.
            // ``addConstraint`` raises the weight of a lazy one after installing it.
            lazyWeight[s.index] = 1
        }
    }

    /// The weight of `row` solved for `subject` as a lazy definition (see ``lazyWeight``), or
    /// `nil` if the solved row would not be finite or its values could pass
    /// ``lazyMagnitudeLimit``. Solving divides every cell by the subject's coefficient, so this
    /// is read off the row as it stands, without a copy. (`mutating` to be passed the tableau in
    /// place: see ``expand(_:)``.)
    private mutating func lazyDefinitionWeight(_ row: SparseRow, solvedFor subject: Symbol) -> Double? {
        let divisor = abs(row.coefficient(of: subject))
        var weight = 0.0
        var largest = abs(row.constant)
        for i in 0..<row.count where row.symbol(at: i) != subject {
            let c = abs(row.coefficient(at: i))
            largest = max(largest, c)
            if isBasicExternal(row.symbol(at: i)) { weight += c * lazyWeight[row.symbol(at: i).index] }
        }
        weight = 1 + weight / divisor
        let constant = abs(row.constant) / divisor
        guard (largest / divisor).isFinite, max(constantBound, constant) * weight <= Self.lazyMagnitudeLimit else {
            return nil
        }
        return weight
    }

    /// Expands every definition once the values of lazy ones could overflow: when
    /// ``constantBound`` (raised by a change of constants) times ``maximumLazyWeight`` passes
    /// ``lazyMagnitudeLimit``. A fully expanded definition's value is its constant, checked
    /// (``overflowed``) as it is written. One comparison on every change; the expansion itself
    /// happens only where the numbers come near `Double`'s range.
    private mutating func expandDefinitionsIfTheirValuesMayOverflow() {
        guard constantBound * maximumLazyWeight > Self.lazyMagnitudeLimit else { return }
        for s in definedSymbols { expandRow(definingRow(of: s)) }
        maximumLazyWeight = 1
    }

    private mutating func clearBasic(_ s: Symbol) {
        basicRowOf[s.index] = -1
        // Its value becomes zero at the next computation, which compares it with the old one.
        touch(s)
        let d = definitionIndex[s.index]
        if d >= 0 {
            definitions[Int(d)] = -1
            definitionIndex[s.index] = -1
            definitionGaps += 1
            if definitionGaps > 64, definitionGaps * 2 > definitions.count { compactDefinitions() }
        }
    }

    /// Lists an external symbol whose value may have changed (see ``touchedSymbols``).
    @inline(__always)
    private mutating func touch(_ s: Symbol) {
        guard kind[s.index] == .external, !isTouched[s.index] else { return }
        isTouched[s.index] = true
        touchedSymbols.append(s)
    }

    /// Lists the basic symbol of row `r` if it is external: its definition is changing.
    @inline(__always)
    private mutating func touchBasic(of r: RowIndex) {
        let b = rowBasic[r.index]
        if b >= 0 { touch(Symbol(raw: b)) }
    }

    private mutating func compactDefinitions() {
        var kept: [Int32] = []
        kept.reserveCapacity(definitions.count - definitionGaps)
        for s in definitions where s >= 0 {
            definitionIndex[Int(s)] = Int32(kept.count)
            kept.append(s)
        }
        definitions = kept
        definitionGaps = 0
    }

    /// Removes a row from the tableau and returns it; its basic symbol becomes parametric.
    @discardableResult
    private mutating func removeRow(_ r: RowIndex) -> SparseRow {
        let row = rows[r.index]
        clearBasic(basicSymbol(of: r))
        rows[r.index] = SparseRow()
        rowBasic[r.index] = -1
        objectiveIndex[r.index] = nil
        freeRows.append(r)
        return row
    }

    @inline(__always)
    private mutating func addCell(row r: RowIndex, _ s: Symbol, _ c: Double) {
        let isObjective = objectiveIndex.hasIndex(r.index)
        let old = isObjective ? rows[r.index].coefficient(of: s) : 0
        touchBasic(of: r)
        if rows[r.index].add(s, c) { columns.append(r, to: s) }
        if isObjective {
            let new = rows[r.index].coefficient(of: s)
            let k = kind[s.index]
            objectiveIndex.modify(r.index) { $0.cellChanged(s, kind: k, from: old, to: new) }
        }
        if !c.isFinite { overflowed = true }
    }

    /// Removes the cell of `s` from row `r` and returns its coefficient (`0` if none).
    @discardableResult
    mutating func removeCell(row r: RowIndex, _ s: Symbol) -> Double {
        let c = rows[r.index].remove(s)
        if c != 0 { touchBasic(of: r) }
        if c != 0, objectiveIndex.hasIndex(r.index) {
            let k = kind[s.index]
            objectiveIndex.modify(r.index) { $0.cellChanged(s, kind: k, from: c, to: 0) }
        }
        return c
    }

    /// `rows[r] += factor * other`.
    private mutating func addRow(into r: RowIndex, _ other: SparseRow, times factor: Double) {
        created.removeAllKeepingCapacity()
        addCells(into: r, other, times: factor)
        recordCreatedCells(in: r)
    }

    /// `rows[r] += factor * other`, appending the symbols that got a cell in `r` to ``created``
    /// and leaving their columns to the caller.
    private mutating func addCells(into r: RowIndex, _ other: SparseRow, times factor: Double) {
        rowUpdateCount += 1
        touchBasic(of: r)
        let finite: Bool
        if objectiveIndex.hasIndex(r.index) {
            // Moved out and back, so that the index is updated in place.
            var observer = ObjectiveObserver(index: objectiveIndex.take(r.index), kind: kind)
            finite = rows[r.index].add(other, times: factor, created: &created, observer: &observer)
            objectiveIndex.restore(observer.index, to: r.index)
        } else {
            finite = rows[r.index].add(other, times: factor, created: &created)
        }
        if !finite { overflowed = true }
        valueScale = max(valueScale, abs(rows[r.index].constant), abs(factor * other.constant))
        constantBound = max(constantBound, abs(rows[r.index].constant))
    }

    /// Records row `r` in the columns of the symbols in ``created``.
    @inline(__always)
    private mutating func recordCreatedCells(in r: RowIndex) {
        // A cell a pivot creates and a later one cancels leaves a stale entry in its column,
        // and only `rowsContaining` drops those. A symbol never looked up (the weak errors of
        // a chain, whose cells in the objective rows come and go with every edit) would
        // collect them without bound: chain(1000) reached 21 million entries for 18 thousand
        // cells after 1000 edits. So a column is compacted once it is twice as long as after
        // its last compaction (and at least 16): amortised O(1) per entry.
        //
        // A column's length is checked right after appending to it, and the columns due are
        // compacted after the loop. A second loop over the new symbols, checking each
        // column's length, read every column again; after a long row was added in, the others
        // had pushed it out of the cache by then: 5% of a 10,000-row form's first layout's
        // misses in a 1 MiB last level (callgrind). Compacting inside the loop instead cost
        // `solver-benchmark` chain, which compacts often, 1.4% more instructions: each
        // compaction changes the columns, so every append checked them for uniqueness again.
        var due: [Symbol] = []
        columns.append(r, toEach: created, due: &due)
        if !due.isEmpty { compactColumns(due) }
    }

    /// Compacts the columns of `due` (see ``recordCreatedCells(in:)``).
    private mutating func compactColumns(_ due: [Symbol]) {
        for s in due {
            filterColumn(s)
            columns.resetLimit(of: s)
        }
    }

    /// The noise level of an objective row (see ``ObjectiveIndex/noiseLevel(of:)``).
    /// The symbols whose candidacy or presence changed in objective row `r` since its journal
    /// was last cleared, or `nil` if too many did (see ``ObjectiveIndex/journal``).
    func journal(ofObjective r: RowIndex) -> [Symbol]? {
        objectiveIndex.journal(of: r.index)
    }

    /// Empties the journal of objective row `r` (see ``ObjectiveIndex/clearJournal()``).
    mutating func clearJournal(ofObjective r: RowIndex) {
        objectiveIndex.modify(r.index) { $0.clearJournal() }
    }

    mutating func noiseLevel(ofObjective r: RowIndex) -> Double {
        objectiveIndex.modify(r.index) { $0.noiseLevel(of: rows[r.index]) }
    }

    /// Whether every cell of an objective row stands out from its noise (see
    /// ``ObjectiveIndex/allCellsStandOut(of:)``).
    mutating func allCellsStandOut(ofObjective r: RowIndex) -> Bool {
        objectiveIndex.modify(r.index) { $0.allCellsStandOut(of: rows[r.index]) }
    }

    /// Whether a row constant is zero up to rounding: below `SparseRow.epsilon`, or below a
    /// millionth of a millionth of the largest constant the tableau has held. Values near
    /// 1e9 (small coefficients such as 0.01 multiply them) leave residue near 1e-7.
    ///
    /// The factor is the one ``SparseRow/cancels(_:_:_:)`` uses (fb7a6b4, from fuzzing with
    /// coefficients 0.01…3): that residue is about 1e-16 of the scale, a few roundings, so
    /// 1e-12 keeps four orders of magnitude of margin above it. Not tuned further.
    func isNearZero(_ constant: Double) -> Bool {
        abs(constant) < max(SparseRow.epsilon, 1e-12 * valueScale)
    }

    /// The live rows that contain `s`, each once, in a deterministic order.
    ///
    /// The symbol's column is filtered in place (rows freed, rows that no longer contain the
    /// symbol, repeats) and a copy returned, which the caller may walk while it changes the
    /// tableau. An empty column (most external variables') costs no allocation.
    mutating func rowsContaining(_ s: Symbol) -> [RowIndex] {
        filterColumn(s) == 0 ? [] : columns.rows(of: s)
    }

    /// ``rowsContaining(_:)`` read in place, not copied: for a caller that changes no column
    /// while it holds the slice (an append would copy the whole store first, see
    /// ``ColumnStore/slice(of:)``).
    mutating func rowsInPlace(containing s: Symbol) -> ArraySlice<RowIndex> {
        filterColumn(s)
        return columns.slice(of: s)
    }

    /// Filters the column of `s` as ``rowsContaining(_:)`` does; returns its length. A caller
    /// that changes other columns on the way, never this one, may then read it by position
    /// (``ColumnStore/start(of:)``, ``ColumnStore/row(at:)``) instead of copying it.
    @discardableResult
    mutating func filterColumn(_ s: Symbol) -> Int {
        if columns.count(of: s) == 0 { return 0 }
        stamp &+= 1
        if stamp == 0 {
            for i in rowStamp.indices { rowStamp[i] = 0 }
            stamp = 1
        }
        let stamp = self.stamp
        // Moved out and back: the filter reads the rows while it changes the columns.
        var columns = self.columns
        self.columns = ColumnStore()
        defer { self.columns = columns }
        return rows.withUnsafeBufferPointer { rows in
            rowBasic.withUnsafeBufferPointer { rowBasic in
                rowStamp.withUnsafeMutableBufferPointer { rowStamp in
                    columns.filter(s) { entries in
                        var kept = 0
                        for k in entries.indices {
                            let r = entries[k]
                            let i = r.index
                            guard rowBasic[i] >= 0, rowStamp[i] != stamp, rows[i].contains(s) else { continue }
                            rowStamp[i] = stamp
                            entries[kept] = r
                            kept += 1
                        }
                        return kept
                    }
                }
            }
        }
    }

    // MARK: - Objective levels

    /// The objective row of a priority level, created when first used.
    private mutating func levelRow(_ priority: Float) -> RowIndex {
        if let r = levels.use(priority) { return r }
        let marker = makeSymbol(.objective)
        let r = installRow(SparseRow(), basic: marker)
        levels.insert(priority, row: r)
        levelsDidChange()
        return r
    }

    /// One constraint fewer at `priority`: the level's row goes with its last constraint.
    private mutating func releaseLevel(_ priority: Float) {
        guard let r = levels.release(priority) else { return }
        // With no constraint left at this level its row is zero up to rounding.
        let marker = basicSymbol(of: r)
        removeRow(r)
        releaseSymbol(marker)
        levelsDidChange()
    }

    /// A level was added or removed: every level but the lowest keeps its `present` bitmap —
    /// only a level with a lower one can decide symbols for it (see ``enteringSymbol(_:)``),
    /// and the lowest level's cells change the most (weak errors come and go with every edit).
    private mutating func levelsDidChange() {
        let objectives = levels.rows
        for (i, r) in objectives.enumerated() {
            objectiveIndex.modify(r.index) { $0.setTracksPresence(i < objectives.count - 1, row: rows[r.index]) }
        }
    }

    // MARK: - Adding a constraint

    /// Adds the constraint `Σ terms + constant (relation) 0`, optional at `priority` when it
    /// is given, required when it is `nil`. On failure the tableau is as before.
    mutating func addConstraint(
        terms: [(symbol: Symbol, coefficient: Double)],
        constant: Double,
        relation: Relation,
        priority: Float?
    ) -> Result<Tag, Infeasibility> {
        // A refused constraint leaves no trace, not even in ``valueScale``: its numbers never
        // entered the system, so they must not widen what later checks take for rounding
        // (after a refused `0·x + 1e15 == 0`, `0·x - 69 == 0` passed for zero).
        let scale = valueScale
        let bound = constantBound
        let result = insertConstraint(terms: terms, constant: constant, relation: relation, priority: priority)
        switch result {
        case .success: expandDefinitionsIfTheirValuesMayOverflow()
        case .failure: (valueScale, constantBound) = (scale, bound)
        }
        return result
    }

    private mutating func insertConstraint(
        terms: [(symbol: Symbol, coefficient: Double)],
        constant: Double,
        relation: Relation,
        priority: Float?
    ) -> Result<Tag, Infeasibility> {
        // Room for the terms and up to two markers, allocated once.
        var row = SparseRow(constant: constant, capacity: terms.count + 2)
        for term in terms { row.add(term.symbol, term.coefficient) }
        // What a required row misses by is judged in the variables' units, not the row's: a
        // row `10·v + 1e-8 == 0` that the others keep at `v = 0` misses by 1e-9 in `v`, as
        // `v == 0` added after it does — judged by its raw constant (1e-8), removing it and
        // adding it again was refused (found by Scripts/fuzz-solver.sh). Coefficients below 1
        // do not magnify it.
        let residualScale = max(1, terms.reduce(0) { max($0, abs($1.coefficient)) })
        // Terms of one variable are combined here: `1e308·x + 1e308·x` overflows although
        // each coefficient is finite.
        guard row.isFinite else { return .failure(.overflow) }

        // Markers, as kiwi's createRow: `expr + slack = 0` for <=, `expr - slack = 0` for >=,
        // `expr - e⁺ + e⁻ = 0` or `expr + dummy = 0` for ==.
        let tag: Tag
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Int8 = relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            row.add(slack, Double(sign))
            if let priority {
                let error = makeSymbol(.error)
                row.add(error, -Double(sign))
                addCell(row: levelRow(priority), error, 1)
                tag = Tag(marker: slack, other: error, markerSign: sign)
            } else {
                tag = Tag(marker: slack, other: nil, markerSign: sign)
            }
        case .equal:
            if let priority {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                let objective = levelRow(priority)
                addCell(row: objective, plus, 1)
                addCell(row: objective, minus, 1)
                tag = Tag(marker: plus, other: minus, markerSign: -1)
            } else {
                let dummy = makeSymbol(.dummy)
                row.add(dummy, 1)
                tag = Tag(marker: dummy, other: nil, markerSign: 1)
            }
        }

        // An external variable that is still parametric can be defined by this row as it
        // stands, mentioning the definitions of other variables lazily: a chain link
        // `next == previous + size + 8` then costs O(1) whatever the chain's length.
        // A definition whose value could overflow is expanded instead, where its constant is
        // checked (see ``lazyWeight``).
        if let (subject, mentioning) = lazySubject(in: row),
            let weight = lazyDefinitionWeight(row, solvedFor: subject)
        {
            row.solve(for: subject)
            defineLazily(subject, row, weight: weight, mentioning: mentioning)
            optimize(levels.rows)
            return .success(tag)
        }

        // Variables the constraint names directly get their definitions expanded in place
        // first, so that the substitution of this row's subject into them cancels exactly.
        // Left lazy, a variable pinned by this constraint would keep a definition through
        // other variables (say `v0 = 483720 - 300·v1 - …`) whose evaluation amplifies their
        // rounding, and could miss its required value by far more than rounding.
        for s in row.symbols where isBasicExternal(s) { expandRow(definingRow(of: s)) }
        expand(&row)
        if !row.isFinite {
            // The expansion overflowed (`y == x + 1e308` with `x == 1e308`): nothing is added.
            // The expansions of the rows above rewrote definitions without changing them.
            discardMarkers(tag, priority: priority)
            return .failure(.overflow)
        }
        if row.constant < 0 { row.scale(by: -1) }

        var subject = chooseSubject(row, tag, named: terms)
        if subject == nil, row.symbols.allSatisfy({ kind[$0.index] == .dummy }) {
            valueScale = max(valueScale, abs(constant))
            if !isNearZero(row.constant / residualScale) {
                let conflicts = row.symbols.filter { $0 != tag.marker }
                discardMarkers(tag, priority: priority)
                return .failure(Infeasibility(markers: conflicts))
            }
            subject = tag.marker
        }

        if let subject {
            row.solve(for: subject)
            // Dividing by a small coefficient can overflow (`1e-8·x == 1e301`).
            guard row.isFinite else {
                discardMarkers(tag, priority: priority)
                return .failure(.overflow)
            }
            substitute(subject, with: row, skipping: nil)
            installRow(row, basic: subject)
        } else if addViolatedInequality(row, tag, priority: priority) {
            // Added, and the tableau is optimal again (the dual simplex keeps optimality).
        } else if let conflicts = addWithArtificialVariable(row, scale: residualScale) {
            // The system is unchanged but the basis moved: restore optimality.
            discardMarkers(tag, priority: priority)
            optimize(levels.rows)
            return .failure(Infeasibility(markers: conflicts.filter { $0 != tag.marker }))
        }
        optimize(levels.rows)
        return .success(tag)
    }

    /// The first external symbol of the row (in the order the constraint names them) that may
    /// become basic with the row as its definition, as it stands.
    ///
    /// It must be parametric, and mentioned by definitions of external variables only, each
    /// made after every definition the row mentions (a fresh variable always qualifies).
    /// Substituting the new definition into those keeps every definition mentioning earlier
    /// ones only (so none can reach itself), and keeps the tableau feasible: definitions are
    /// unrestricted, whereas a restricted row could go negative. The weights of the
    /// definitions it is substituted into, and of those after them, are raised to stay true
    /// (``defineLazily(_:_:weight:mentioning:)``).
    ///
    /// (Requiring a subject mentioned by nothing whenever the row mentions a definition kept
    /// the weights true without raising them, but left a form's chain `field.y == previous.y +
    /// previous.h + 8`, where `field.y` is already mentioned by its label's centring, to the
    /// expansion below: O(N) per row, a 1,000-row form's first layout 18 times slower.)
    ///
    /// Returns the subject with the number of rows that mention it, which
    /// ``defineLazily(_:_:weight:mentioning:)`` substitutes into: they are found here already
    /// (its column is filtered), and finding them again cost 1% of a 10,000-row form's first
    /// layout (callgrind).
    private mutating func lazySubject(in row: SparseRow) -> (subject: Symbol, mentioning: Int)? {
        // Below every definition's position (they start at 0) when the row mentions none.
        var latestMentioned: Int32 = -1
        for s in row.symbols where isBasicExternal(s) {
            latestMentioned = max(latestMentioned, definitionIndex[s.index])
        }
        for s in row.symbols where kind[s.index] == .external && !isBasic(s) {
            let mentioning = rowsInPlace(containing: s)
            let qualifies = mentioning.allSatisfy { r in
                let b = basicSymbol(of: r)
                return kind[b.index] == .external && definitionIndex[b.index] > latestMentioned
            }
            if qualifies { return (s, mentioning.count) }
        }
        return nil
    }

    /// Whether only definitions of external variables mention `s`: substituting an external
    /// subject into those keeps the tableau feasible (they are unrestricted); a restricted row
    /// could go negative, so such a symbol is left to the artificial-variable method.
    private mutating func mentionedByDefinitionsOnly(_ s: Symbol) -> Bool {
        rowsInPlace(containing: s).allSatisfy { kind[basicSymbol(of: $0).index] == .external }
    }

    /// Makes `subject` basic with `definition`, of weight `weight`, and replaces it, as it
    /// stands, in the definitions that mention it (``lazySubject(in:)`` checked that this is
    /// sound).
    ///
    /// A definition that mentions others brings their weights into the definitions it is
    /// substituted into: their weights, and those of every definition after them that mentions
    /// one whose weight grew, are computed again, earliest first, so each is final when it is
    /// read. (A weight that passes the bound is caught after the addition, where every
    /// definition is expanded: ``expandDefinitionsIfTheirValuesMayOverflow()``.)
    ///
    /// `mentioning` is the length of the column of `subject`, as ``lazySubject(in:)`` filtered
    /// it. The column is read in place: substituting into those rows and installing the definition
    /// append only to the columns of the definition's symbols, which `subject` is not among.
    private mutating func defineLazily(
        _ subject: Symbol, _ definition: SparseRow, weight: Double, mentioning: Int
    ) {
        let start = columns.start(of: subject)
        for k in start..<start + mentioning {
            let r = columns.row(at: k)
            let c = removeCell(row: r, subject)
            addRow(into: r, definition, times: c)
        }
        installRow(definition, basic: subject)
        lazyWeight[subject.index] = weight
        maximumLazyWeight = max(maximumLazyWeight, weight)
        guard weight > 1, mentioning > 0 else { return }
        var pending = MaxHeap()
        // Earliest first: the heap pops the largest key.
        for k in start..<start + mentioning {
            let b = basicSymbol(of: columns.row(at: k))
            pending.push(key: -definitionIndex[b.index], symbol: b)
        }
        while let b = pending.pop() {
            guard isBasicExternal(b) else { continue }
            let row = rows[definingRow(of: b).index]
            var raised = 1.0
            for i in 0..<row.count where isBasicExternal(row.symbol(at: i)) {
                raised += abs(row.coefficient(at: i)) * lazyWeight[row.symbol(at: i).index]
            }
            guard raised > lazyWeight[b.index] else { continue }
            lazyWeight[b.index] = raised
            maximumLazyWeight = max(maximumLazyWeight, raised)
            for r in rowsInPlace(containing: b) where kind[basicSymbol(of: r).index] == .external {
                pending.push(key: -definitionIndex[basicSymbol(of: r).index], symbol: basicSymbol(of: r))
            }
        }
    }

    /// kiwi's choice of subject for a fully expanded row: an external symbol the constraint
    /// names (one only definitions mention, see ``mentionedByDefinitionsOnly(_:)``), else the
    /// marker or the other symbol if solving for it keeps the tableau feasible.
    ///
    /// Unlike kiwi, an external symbol that only the expansion brought in is never the
    /// subject: it has nothing to do with the constraint, and its new definition is the whole
    /// expanded row. On the layout benchmark's form, `safeArea.height == scroll.height` expands
    /// to the sum of every field's height; solved for the first field's height, it gave that
    /// height a definition as long as the form, then each field's own size constraints passed
    /// the long definition on to the next field — O(N²) cells, 1.6 s for N = 1000. The
    /// artificial variable's pivot (or the marker) keeps the fields' heights parametric.
    ///
    /// Nor is an external symbol whose coefficient is so small beside the row's other numbers
    /// that solving for it overflows (`1e308·v0 - 0.5·v2 - 90 <= 0` solved for `v2`): another
    /// subject, or the artificial variable, adds the constraint where that one would refuse it.
    private mutating func chooseSubject(
        _ row: SparseRow, _ tag: Tag, named: [(symbol: Symbol, coefficient: Double)]
    ) -> Symbol? {
        // The row's largest number, found only for a coefficient below 1 (dividing by 1 or more
        // cannot overflow, and layouts' coefficients are mostly ±1): an expanded row can be
        // long, and scanning it for every addition cost 1.5% of solver-benchmark churn.
        var largest: Double?
        var best: Symbol?
        for s in row.symbols
        where kind[s.index] == .external && (best == nil || s < best!) && named.contains(where: { $0.symbol == s }) {
            let c = abs(row.coefficient(of: s))
            if c < 1 {
                if largest == nil { largest = row.coefficients.reduce(abs(row.constant)) { max($0, abs($1)) } }
                guard (largest! / c).isFinite else { continue }
            }
            if mentionedByDefinitionsOnly(s) { best = s }
        }
        if let best { return best }
        for case let candidate? in [tag.marker, tag.other] {
            let k = kind[candidate.index]
            if (k == .slack || k == .error) && row.coefficient(of: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Frees the markers of a constraint that was not added.
    private mutating func discardMarkers(_ tag: Tag, priority: Float?) {
        for case let s? in [tag.marker, tag.other] {
            for r in rowsInPlace(containing: s) { removeCell(row: r, s) }
            releaseSymbol(s)
        }
        if let priority { releaseLevel(priority) }
    }

    /// Adds a required inequality that the current values violate by the dual simplex: its slack
    /// becomes basic with the (negative) amount of the violation, and the dual simplex repairs
    /// the row (``dualOptimizeOrTakeBack()``). Returns whether the constraint was added; when it
    /// was not (another kind of constraint, or one the tableau cannot satisfy), the tableau is as
    /// it was, up to rounding, and the artificial variable decides (and finds the conflict).
    ///
    /// The tableau is optimal before the addition and the slack is a new symbol that no objective
    /// mentions, so the dual simplex starts from an optimal basis and ends at the new optimum:
    /// usually one pivot. The artificial variable reaches a basis that is feasible but not
    /// optimal and re-optimises after: a 10,000-row form's closing inequality
    /// (`last.bottom + 20 <= content.bottom`, 30,006 cells once expanded) took a copy of that row
    /// for the artificial objective and three pivots of 30,000-cell rows (counted in the
    /// thirty-fifth round of `Benchmarks/README.md`); by the dual simplex it takes the one
    /// pivot, and a 10,000-row first layout 5% fewer instructions (thirty-eighth round).
    ///
    /// When a row cannot be repaired (the system is infeasible), the pivots are taken back in
    /// reverse order, the slack's row removed, and `false` returned.
    private mutating func addViolatedInequality(_ row: SparseRow, _ tag: Tag, priority: Float?) -> Bool {
        // `row` is scaled to a non-negative constant; the slack's coefficient is positive, or
        // ``chooseSubject(_:_:named:)`` would have taken it.
        guard priority == nil, tag.other == nil, kind[tag.marker.index] == .slack,
            row.coefficient(of: tag.marker) > 0, row.constant > 0, !isNearZero(row.constant)
        else { return false }
        var solved = row
        solved.solve(for: tag.marker)
        guard solved.isFinite else { return false }
        constantBound = max(constantBound, abs(solved.constant))
        // The slack is new: no other row mentions it, so nothing is substituted.
        installRow(solved, basic: tag.marker)
        simplex.markInfeasible(tag.marker)
        guard dualOptimizeOrTakeBack() != nil else { return true }
        if let r = basicRow(of: tag.marker) { removeRow(r) }
        return false
    }

    /// kiwi's `addWithArtificialVariable`. Returns `nil` on success, or the symbols of the
    /// artificial objective that prove the row cannot be satisfied. The residual left is
    /// divided by `scale` (see `insertConstraint`'s `residualScale`) before it is judged.
    private mutating func addWithArtificialVariable(_ row: SparseRow, scale: Double) -> [Symbol]? {
        let art = makeSymbol(.slack)
        installRow(row, basic: art)
        let objectiveMarker = makeSymbol(.objective)
        let objective = installRow(row, basic: objectiveMarker)
        optimize([objective])
        // The artificial variable's value is the objective: zero when it left the basis (a
        // parametric symbol is zero), else its row's constant, zero up to rounding.
        let success = basicRow(of: art).map { isNearZero(rows[$0.index].constant / scale) } ?? true
        let proof = Array(rows[objective.index].symbols)
        removeRow(objective)
        releaseSymbol(objectiveMarker)

        if !success {
            // The artificial variable is still basic and its row is the new constraint's
            // row: dropping it leaves exactly the old system. (kiwi pivots first, which leaves
            // an infeasible row behind after the error.)
            if let r = basicRow(of: art) { removeRow(r) }
            for r in rowsInPlace(containing: art) { removeCell(row: r, art) }
            releaseSymbol(art)
            return proof
        }
        if let r = basicRow(of: art) {
            var artificialRow = removeRow(r)
            // Pivot some other symbol in (a slack or error first, else an external one). A
            // row of dummies alone says the constraint is implied: nothing to keep.
            let pivotable =
                artificialRow.symbols.filter { kind[$0.index] == .slack || kind[$0.index] == .error }.min()
                ?? artificialRow.symbols.filter { kind[$0.index] == .external }.min()
            if let entering = pivotable {
                artificialRow.add(art, -1)
                artificialRow.solve(for: entering)
                substitute(entering, with: artificialRow, skipping: nil)
                installRow(artificialRow, basic: entering)
            }
        }
        for r in rowsInPlace(containing: art) { removeCell(row: r, art) }
        releaseSymbol(art)
        return nil
    }

    // MARK: - Removing a constraint

    /// Removes a constraint added with `tag` (at `priority`, or required when `nil`).
    mutating func removeConstraint(_ tag: Tag, priority: Float?) {
        if let priority {
            for case let s? in [tag.marker, tag.other] where kind[s.index] == .error {
                removeErrorEffects(s, priority: priority)
            }
        }
        // A lazy definition is expanded before the marker is pivoted into it, and expanding
        // can change the marker's coefficient there, or cancel it (the definitions substituted
        // mention the marker too): the leaving row is then chosen again. Pivoting on a
        // cancelled cell divided by zero, and the solver rebuilt its tableau for the
        // "overflow" — on ordinary screens, at thousands of removals in the event sequences.
        // Each pass expands a row for good, so this ends.
        while !isBasic(tag.marker), let leaving = markerLeavingRow(tag.marker) {
            if kind[basicSymbol(of: leaving).index] == .external, expandRow(leaving) { continue }
            pivot(entering: tag.marker, leaving: leaving)
        }
        if let r = basicRow(of: tag.marker) { removeRow(r) }
        releaseSymbol(tag.marker)
        // kiwi leaves the other error in the tableau; free it when nothing mentions it.
        if let other = tag.other, !isBasic(other), !isReferenced(other) {
            releaseSymbol(other)
        }
        if let priority { releaseLevel(priority) }
        optimize(levels.rows)
        expandDefinitionsIfTheirValuesMayOverflow()
    }

    // MARK: - A soft inequality's opposite, as a cost on its slack

    /// Counts `slack`, the slack of an optional inequality, as an error at `priority`, and
    /// re-optimises: the opposite inequality of the same expression, added without a row.
    ///
    /// The row of `e ≤ 0` at priority p is `e + s − err = 0` with `s, err ≥ 0` and `err` in
    /// level p: at the optimum `err = max(0, e)` and `s = max(0, −e)`, the amount by which
    /// `e ≥ 0` is violated. So costing `s` at priority q minimises `q·max(0, −e)` as the row of
    /// `e ≥ 0` at q would, with the same optimum at every level (and the same for `e ≥ 0`
    /// then `e ≤ 0`). A view's content hugging and compression resistance are such a pair:
    /// one row for two constraints (see ``Solver/addConstraint(_:)``).
    ///
    /// A slack that is parametric (zero: the first inequality holds with no room to spare, the
    /// usual case for a view at its intrinsic size) gets a positive cost and nothing else
    /// changes, so the tableau stays optimal: at every level the slack's reduced cost only
    /// grows, and a cost added to a row can only raise the noise level below which its other
    /// coefficients do not count (``enteringSymbol(_:)``), never make one stand out. No
    /// simplex runs then: it found nothing to do, for 3.3% of the instructions of building a
    /// 10,000-row form (callgrind).
    mutating func addCost(of slack: Symbol, priority: Float) {
        let objective = levelRow(priority)
        if let r = basicRow(of: slack) {
            addRow(into: objective, rows[r.index], times: 1)
            optimize(levels.rows)
        } else {
            addCell(row: objective, slack, 1)
        }
        expandDefinitionsIfTheirValuesMayOverflow()
    }

    /// Takes a symbol's unit cost out of the level of `priority`: ``addCost(of:priority:)``
    /// taken back, or an optional inequality's own error. Re-optimises only when `optimizing`
    /// (a caller that adds the same inequality as a row of its own right after, or changes
    /// more first, leaves that to what follows).
    mutating func removeCost(of symbol: Symbol, priority: Float, optimizing: Bool) {
        removeErrorEffects(symbol, priority: priority)
        releaseLevel(priority)
        guard optimizing else { return }
        optimize(levels.rows)
        expandDefinitionsIfTheirValuesMayOverflow()
    }

    /// Removes the optional inequality of `tag` (at `priority`) whose slack another
    /// priority costs (``addCost(of:priority:)``), leaving its row to that opposite
    /// inequality, and returns the opposite's tag.
    ///
    /// Without the inequality's own cost, its row `e + s − err = 0` (for `e ≤ 0`; the signs
    /// flip for `e ≥ 0`) is the row kiwi gives the opposite inequality: `err` is its slack and
    /// `s`, which that priority costs, its error. The two symbols swap kinds to say so (only
    /// which one is the error matters, to ``removeConstraint(_:priority:)``).
    mutating func handOver(_ tag: Tag, priority: Float) -> Tag {
        let error = tag.other!
        removeCost(of: error, priority: priority, optimizing: false)
        kind[error.index] = .slack
        kind[tag.marker.index] = .error
        optimize(levels.rows)
        expandDefinitionsIfTheirValuesMayOverflow()
        return Tag(marker: error, other: tag.marker, markerSign: -tag.markerSign)
    }

    /// Takes an error symbol's weight out of its objective level.
    private mutating func removeErrorEffects(_ error: Symbol, priority: Float) {
        guard let objective = levels.row(of: priority) else { return }
        if let r = basicRow(of: error) {
            addRow(into: objective, rows[r.index], times: -1)
        } else {
            addCell(row: objective, error, -1)
        }
    }

    /// kiwi's `getMarkerLeavingRow`: a restricted row that keeps feasibility, else any
    /// restricted row, else an external definition — but first of all the row of a basic
    /// dummy.
    ///
    /// A basic dummy is a required equality found redundant when it was added (its row holds
    /// dummies only, and its value must stay 0). If it mentions the marker, that equality was
    /// implied by the one being removed, and must take over from it: pivoting the marker into
    /// the dummy's row makes the dummy parametric (held at 0, so its equality now binds) and
    /// moves nothing, the row's constant being 0. Any other row would leave the dummy basic
    /// with a row that no longer says the equality holds: found by Scripts/fuzz-solver.sh
    /// with `8·v == 0` and `10·v == 0` (required) and `20·v + 63 == 0` at 999; removing the
    /// first pivoted its marker into the error row of the third, the dummy of the second took
    /// the value 31.5, and `v` went to -3.15.
    private mutating func markerLeavingRow(_ marker: Symbol) -> RowIndex? {
        var dummy: (basic: Symbol, row: RowIndex)?
        var first: (ratio: Double, basic: Symbol, row: RowIndex)?
        var second: (ratio: Double, basic: Symbol, row: RowIndex)?
        var third: (basic: Symbol, row: RowIndex)?
        for r in rowsInPlace(containing: marker) {
            let b = basicSymbol(of: r)
            let k = kind[b.index]
            if k == .objective { continue }
            if k == .dummy {
                if dummy == nil || b < dummy!.basic { dummy = (b, r) }
                continue
            }
            let c = rows[r.index].coefficient(of: marker)
            if k == .external {
                if third == nil || b < third!.basic { third = (b, r) }
            } else if c < 0 {
                let ratio = -rows[r.index].constant / c
                if first == nil || ratio < first!.ratio || (ratio == first!.ratio && b < first!.basic) {
                    first = (ratio, b, r)
                }
            } else {
                let ratio = rows[r.index].constant / c
                if second == nil || ratio < second!.ratio || (ratio == second!.ratio && b < second!.basic) {
                    second = (ratio, b, r)
                }
            }
        }
        return dummy?.row ?? first?.row ?? second?.row ?? third?.row
    }

    // MARK: - Changing a constraint's constant (edits, constants)

    /// Shifts a constraint's constant by `delta` and re-optimises with the dual simplex.
    /// On failure the shift is undone and the conflicting markers are returned.
    ///
    /// A shift that would make a row constant non-finite is refused before any pivot, with the
    /// rows it had shifted restored: ``Infeasibility/overflow``. (A dual pivot that overflows
    /// sets ``overflowed`` instead.)
    mutating func shiftConstant(_ tag: Tag, by delta: Double) -> Infeasibility? {
        let scale = valueScale
        let bound = constantBound
        if let failure = applyShift(tag, delta) ?? dualOptimize() {
            // As for a refused addition: the refused constant leaves ``valueScale`` and
            // ``constantBound`` as they were.
            defer { (valueScale, constantBound) = (scale, bound) }
            if failure.overflowed { return failure }
            // Undo the shift. The dual pivots made before the failure moved the basis, so any
            // row may now be negative for the old constants: collect them all (the failure
            // path is rare; the success path stays proportional to the rows touched).
            _ = applyShift(tag, -delta)
            // The refused constant's scale goes before the repair: the resolution follows
            // ``valueScale``, and at 1e15 a row 78 below zero was taken for zero and left
            // unrepaired (found by Scripts/fuzz-solver.sh).
            (valueScale, constantBound) = (scale, bound)
            simplex.forgetInfeasible()
            for r in rows.indices where rowBasic[r] >= 0 {
                let b = Symbol(raw: rowBasic[r])
                if kind[b.index].isRestricted, rows[r].constant < 0 { simplex.markInfeasible(b) }
            }
            _ = dualOptimize()
            return failure
        }
        expandDefinitionsIfTheirValuesMayOverflow()
        return nil
    }

    /// Substitutes `marker = marker' + delta / markerSign` in every row that mentions the
    /// marker. Returns a proof if a basic dummy (a redundant required equality) now disagrees,
    /// or ``Infeasibility/overflow`` (every row as it was) if a constant would not be finite.
    private mutating func applyShift(_ tag: Tag, _ delta: Double) -> Infeasibility? {
        let shift = delta / Double(tag.markerSign)
        let marker = tag.marker
        guard shift.isFinite else { return .overflow }
        if let r = basicRow(of: marker) {
            guard (rows[r.index].constant - shift).isFinite else { return .overflow }
            valueScale = max(valueScale, abs(shift))
            rows[r.index].constant -= shift
            constantBound = max(constantBound, abs(rows[r.index].constant))
            rowUpdateCount += 1
            touchBasic(of: r)
            return checkShifted(r)
        }
        var failure: Infeasibility?
        // Every row constant is within ``constantBound``. One comparison per row keeps it so and
        // catches a constant that is not finite; only a new largest constant takes the other
        // branch. (Taking every constant into the bound with `max` cost 2% of an edit.)
        var bound = constantBound
        // The column is read in place: shifting constants changes no column.
        let touched = rowsInPlace(containing: marker)
        for k in touched.indices {
            let r = touched[k]
            let c = rows[r.index].coefficient(of: marker)
            let shifted = rows[r.index].constant + c * shift
            if !(abs(shifted) <= bound) {
                guard shifted.isFinite else {
                    // Shift back the rows already shifted (up to rounding, as the infeasible path
                    // of ``shiftConstant(_:by:)`` does); nothing was pivoted yet. Keeping the old
                    // constants instead cost the hot path a store per row.
                    for r in touched[..<k] {
                        rows[r.index].constant -= rows[r.index].coefficient(of: marker) * shift
                    }
                    simplex.forgetInfeasible()
                    return .overflow
                }
                bound = abs(shifted)
            }
            rows[r.index].constant = shifted
            touchBasic(of: r)
            failure = failure ?? checkShifted(r)
        }
        constantBound = bound
        valueScale = max(valueScale, abs(shift))
        rowUpdateCount += touched.count
        return failure
    }

    private mutating func checkShifted(_ r: RowIndex) -> Infeasibility? {
        let b = basicSymbol(of: r)
        let constant = rows[r.index].constant
        switch kind[b.index] {
        case .dummy:
            // A basic dummy's row holds dummies only: a non-zero constant cannot be fixed.
            if !isNearZero(constant) { return Infeasibility(markers: [b] + rows[r.index].symbols) }
        case .slack, .error:
            if constant < 0 { simplex.markInfeasible(b) }
        case .external, .objective:
            break
        }
        return nil
    }

    // MARK: - Pivoting

    /// Pivots `entering` into the basis in place of the basic symbol of row `leaving`.
    mutating func pivot(entering: Symbol, leaving r: RowIndex) {
        pivotCount += 1
        let b = basicSymbol(of: r)
        var row = rows[r.index]
        rows[r.index] = SparseRow()
        clearBasic(b)
        row.add(b, -1)
        row.solve(for: entering)
        if !row.isFinite { overflowed = true }
        constantBound = max(constantBound, abs(row.constant))
        rows[r.index] = row
        rowBasic[r.index] = entering.raw
        columns.append(r, to: b)
        setBasic(entering, row: r)
        substitute(entering, with: row, skipping: r)
    }

    /// Replaces `s` by `row` in every row that mentions it (except `skipping`).
    private mutating func substitute(_ s: Symbol, with row: SparseRow, skipping: RowIndex?) {
        assert(row.coefficient(of: s) == 0, "a row substituted for a symbol must be solved for it")
        if row.count >= Self.wideRowCellCount {
            substituteWide(s, with: row, skipping: skipping)
            return
        }
        // The column is walked in place, not copied: these changes append only to the columns
        // of `row`'s symbols, and `row` no longer has `s` (it was solved for it).
        let count = filterColumn(s)
        let start = columns.start(of: s)
        for k in start..<start + count {
            let r = columns.row(at: k)
            if r == skipping { continue }
            let c = removeCell(row: r, s)
            addRow(into: r, row, times: c)
            markInfeasibleIfNegative(r)
        }
    }

    /// Lists row `r` for the dual simplex if a substitution left its restricted basic symbol
    /// negative.
    @inline(__always)
    private mutating func markInfeasibleIfNegative(_ r: RowIndex) {
        let b = basicSymbol(of: r)
        if kind[b.index].isRestricted, rows[r.index].constant < 0 { simplex.markInfeasible(b) }
    }

    /// From this many cells on, ``substitute(_:with:skipping:)`` records the new cells of the
    /// rows it changes in their columns once it has changed them all, column by column, rather
    /// than after each row: a column is then read once for all the rows that add to it.
    ///
    /// A 10,000-row form's first layout substitutes rows of 30,000 cells (the expanded sum of
    /// its fields' heights) into four or five rows at once. That many columns (a 64-byte block
    /// each when this was measured, an array per column) do not fit in a 1 MiB cache, so each
    /// row's pass over them found them cold again:
    /// recorded column by column, five first layouts missed 5% less often in a 1 MiB last
    /// level (callgrind, `layout-benchmark --n 10000`). A 1,000-row form's rows of 3,000 cells
    /// find their columns in the cache anyway, and recording them column by column there cost
    /// 1% more instructions and 2.6% more misses (measured with a threshold of 512). 8,192
    /// columns are half of such a cache, room left for the rows themselves.
    private static let wideRowCellCount = 8192

    /// ``substitute(_:with:skipping:)`` for a wide `row`: the same rows changed in the same
    /// order, with the same cells, and each new cell recorded in its column in the row order.
    /// Kept out of line: it runs a few times per layout, and the substitutions of a chain's
    /// pivots, thousands per edit, need not carry its code.
    @inline(never)
    private mutating func substituteWide(
        _ s: Symbol, with row: SparseRow, skipping: RowIndex?
    ) {
        let targets = rowsContaining(s)
        // Each changed row's new symbols are the run of `created` up to its end here, in the
        // order of `row`'s cells (``SparseRow/add(_:times:created:)`` appends them so). The
        // runs of a wide row are long: they go in an array of their own, freed at the end, and
        // the scratch kept for the next additions stays small.
        let scratch = created
        created = []
        defer { created = scratch }
        var changed: [(row: RowIndex, next: Int, end: Int)] = []
        for r in targets where r != skipping {
            let start = created.count
            let c = removeCell(row: r, s)
            addCells(into: r, row, times: c)
            if created.count > start { changed.append((r, start, created.count)) }
            markInfeasibleIfNegative(r)
        }
        guard !changed.isEmpty else { return }
        var due: [Symbol] = []
        let new = created
        new.withUnsafeBufferPointer { new in
            changed.withUnsafeMutableBufferPointer { changed in
                row.withCells { symbols, _ in
                    for symbol in symbols {
                        var isDue = false
                        for j in changed.indices
                        where changed[j].next < changed[j].end && new[changed[j].next] == symbol {
                            isDue = columns.append(changed[j].row, to: symbol)
                            changed[j].next += 1
                        }
                        if isDue { due.append(symbol) }
                    }
                }
            }
        }
        assert(changed.allSatisfy { $0.next == $0.end }, "a new cell was left out of its column")
        if !due.isEmpty { compactColumns(due) }
    }

    // MARK: - Lazy definitions

    /// Replaces every basic external symbol in `row` by its definition, recursively, until
    /// the row mentions parametric symbols only. Definitions are substituted latest first, so
    /// each is substituted once (a definition mentions only earlier ones).
    ///
    /// `mutating` although it writes nothing of the tableau, like
    /// ``lazyDefinitionWeight(_:solvedFor:)`` and ``isConfirmedOptimal(_:)``: each is called
    /// from a mutating method, and from there Swift passes a non-mutating method a copy of the
    /// whole tableau (328 bytes, copied at each call: about 80,000 copies before
    /// `lazyDefinitionWeight` and as many before `isConfirmedOptimal` in a 10,000-row form's
    /// first layout). Without them that layout runs 1.2% fewer instructions and takes 1% to 2%
    /// less time (`Benchmarks/README.md`, thirty-ninth round). The tables the loop reads are
    /// taken as locals first: a closure that reads a mutating method's `self` through a
    /// non-mutating method copies the tableau, and retains each of its arrays, at each read.
    mutating func expand(_ row: inout SparseRow) {
        let (kind, basicRowOf, definitionIndex) = (self.kind, self.basicRowOf, self.definitionIndex)
        // ``isBasicExternal(_:)`` over the locals.
        func isBasicExternal(_ s: Symbol) -> Bool { kind[s.index] == .external && basicRowOf[s.index] >= 0 }
        var heap = MaxHeap()
        for s in row.symbols where isBasicExternal(s) {
            heap.push(key: definitionIndex[s.index], symbol: s)
        }
        while let s = heap.pop() {
            let c = row.remove(s)
            if c == 0 { continue }
            let definition = rows[Int(basicRowOf[s.index])]
            row.constant += c * definition.constant
            definition.withCells { symbols, coefficients in
                for i in symbols.indices {
                    let t = symbols[i]
                    let created = row.add(t, c * coefficients[i])
                    if created && isBasicExternal(t) {
                        heap.push(key: definitionIndex[t.index], symbol: t)
                    }
                }
            }
        }
    }

    /// Whether row `r` mentions a basic external symbol: a lazy definition that
    /// ``expandRow(_:)`` would rewrite.
    private func needsExpansion(_ r: RowIndex) -> Bool {
        // A loop, not `contains(where: isBasicExternal)`: the method reference captured a copy
        // of the whole tableau, its every array retained and released, at each call.
        for s in rows[r.index].symbols where isBasicExternal(s) { return true }
        return false
    }

    /// Expands the definition held in row `r` in place; returns whether it was a lazy one
    /// (``needsExpansion(_:)``), which it no longer is.
    @discardableResult
    private mutating func expandRow(_ r: RowIndex) -> Bool {
        guard needsExpansion(r) else { return false }
        var row = rows[r.index]
        rows[r.index] = SparseRow()
        expand(&row)
        if !row.isFinite { overflowed = true }
        constantBound = max(constantBound, abs(row.constant))
        rows[r.index] = row
        row.withCells { symbols, _ in columns.append(r, toEach: symbols) }
        // The same value, up to rounding: computed again, as a full computation would.
        touchBasic(of: r)
        lazyWeight[basicSymbol(of: r).index] = 1
        return true
    }
}

/// Passes the cell changes of an addition into an objective row on to its index.
private struct ObjectiveObserver: CellObserver {
    var index: ObjectiveIndex
    let kind: [SymbolKind]

    @inline(__always)
    mutating func cellChanged(_ symbol: Symbol, from old: Double, to new: Double) {
        index.cellChanged(symbol, kind: kind[symbol.index], from: old, to: new)
    }
}

extension Tableau {
    /// An empty tableau that judges rounding as one that has held numbers up to `valueScale`
    /// (see ``isNearZero(_:)``): a rebuild keeps the resolution of the tableau it replaces, so
    /// that every constraint that tableau accepted is accepted again (`0·x == 94` passed for
    /// rounding after `x >= 1e15` came and went, and a rebuild at a fresh resolution refused
    /// it; found by Scripts/fuzz-solver.sh).
    init(valueScale: Double) {
        self.init()
        self.valueScale = valueScale
    }
}
