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
/// shifting constants, lazy definitions and reading values out. The simplex is in
/// `Tableau+Simplex.swift` and the ambiguity query in `Tableau+Ambiguity.swift`. The storage is
/// `private(set)`: those files read it, and change it only through the core's operations
/// (``pivot(entering:leaving:)``, ``removeCell(row:_:)``, ``rowsContaining(_:)``).
struct Tableau {
    // MARK: Symbols

    private(set) var kind: [SymbolKind] = []
    /// The row whose basic symbol this is, or `-1` for a parametric symbol.
    private(set) var basicRowOf: [Int32] = []
    /// Rows that may contain the symbol (a superset: filtered and compacted on use).
    private var column: [[Int32]] = []
    /// The length at which ``addRow(into:_:times:)`` compacts a symbol's column.
    private var columnLimit: [Int] = []
    /// Columns shorter than this are never compacted by ``addRow(into:_:times:)``.
    private static let minimumColumnLimit = 16
    /// For a basic external symbol, its position in `definitions`; otherwise `-1`.
    private var definitionIndex: [Int32] = []
    private var freeSymbols: [Int32] = []
    private(set) var released: [Bool] = []

    // MARK: Rows

    private(set) var rows: [SparseRow] = []
    /// The basic symbol of each row, or `-1` for a free slot.
    private(set) var rowBasic: [Int32] = []
    private var freeRows: [Int32] = []
    private var rowStamp: [UInt32] = []
    /// For an objective row, its candidates and noise level (see ``ObjectiveIndex``); `nil`
    /// for every other row.
    private(set) var objectiveIndex: [ObjectiveIndex?] = []
    private var stamp: UInt32 = 0

    /// Basic external symbols in the order their definitions were made (`-1` for a gap).
    /// A definition mentions only basic external symbols that come earlier.
    private(set) var definitions: [Int32] = []
    private var definitionGaps = 0

    /// Set when a row the tableau changed got a non-finite constant or coefficient: finite
    /// inputs can overflow once combined (`x == 1e308` then `y == x + 1e308`, or a pivot that
    /// divides by `1e-200`). The simplex loops stop, and the owner must discard the tableau (the
    /// solver rebuilds it from its constraints without the change that overflowed). Checked
    /// once per row touched, so the hot path pays one comparison per cell it writes anyway.
    private(set) var overflowed = false
    /// For a basic external symbol, an upper bound on the magnitude of its value when its row
    /// was installed: `|constant| + Σ |coefficient| · bound` over the basic externals the row
    /// mentions (parametric symbols are zero). Lazy definitions are only made while this stays
    /// within ``lazyMagnitudeLimit``: their values are summed by ``computeValues()``, out of
    /// sight of the row checks, so beyond it the row is expanded and its constant checked.
    private var magnitudeBound: [Double] = []
    /// The largest ``magnitudeBound`` of a lazy definition; far enough below
    /// `Double.greatestFiniteMagnitude` (about 1.8e308) that its sums stay finite.
    private static let lazyMagnitudeLimit = 1e300
    /// The largest row constant seen so far: the scale of the values in the tableau, for
    /// telling a constant that is zero up to rounding from a real one (see ``isNearZero(_:)``).
    private var valueScale = 1.0

    /// Scratch for ``addRow(into:_:times:)``: symbols that got a new cell.
    private var created: [Int32] = []
    /// The serial of the last ``ObjectiveIndex`` made.
    private var objectiveSerial: UInt64 = 0
    /// The simplex's work list and scratch (see ``SimplexState``).
    var simplex = SimplexState()

    /// One objective row per priority in use, highest priority first.
    private(set) var levels = ObjectiveLevels()

    /// Values of external symbols computed by ``computeValues()``, indexed by symbol; zero
    /// for every symbol that is not a basic external one.
    private(set) var values: [Double] = []

    var symbolCount: Int { kind.count }

    /// How many pivots the tableau has made, for tests of incrementality.
    private(set) var pivotCount = 0
    /// How many times a row was changed by a substitution or a constant shift, for tests of
    /// incrementality.
    private(set) var rowUpdateCount = 0

    // MARK: - Symbol and row storage

    mutating func makeSymbol(_ k: SymbolKind) -> Int32 {
        if let s = freeSymbols.popLast() {
            kind[Int(s)] = k
            released[Int(s)] = false
            return s
        }
        let s = Int32(kind.count)
        kind.append(k)
        basicRowOf.append(-1)
        column.append([])
        columnLimit.append(Self.minimumColumnLimit)
        definitionIndex.append(-1)
        magnitudeBound.append(0)
        values.append(0)
        released.append(false)
        return s
    }

    /// Returns a symbol to the pool. It must be parametric and absent from every row.
    mutating func releaseSymbol(_ s: Int32) {
        column[Int(s)].removeAll()
        columnLimit[Int(s)] = Self.minimumColumnLimit
        values[Int(s)] = 0
        released[Int(s)] = true
        freeSymbols.append(s)
    }

    @inline(__always)
    func isBasic(_ s: Int32) -> Bool { basicRowOf[Int(s)] >= 0 }

    @inline(__always)
    func isBasicExternal(_ s: Int32) -> Bool {
        kind[Int(s)] == .external && basicRowOf[Int(s)] >= 0
    }

    /// Whether any row mentions the symbol.
    mutating func isReferenced(_ s: Int32) -> Bool { !rowsContaining(s).isEmpty }

    @discardableResult
    private mutating func installRow(_ row: SparseRow, basic: Int32) -> Int32 {
        let r: Int32
        if let free = freeRows.popLast() {
            r = free
            rows[Int(r)] = row
            rowBasic[Int(r)] = basic
        } else {
            r = Int32(rows.count)
            rows.append(row)
            rowBasic.append(basic)
            rowStamp.append(0)
            objectiveIndex.append(nil)
        }
        if kind[Int(basic)] == .objective {
            objectiveSerial &+= 1
            objectiveIndex[Int(r)] = ObjectiveIndex(row, kind: kind, serial: objectiveSerial)
        }
        for s in row.symbols { column[Int(s)].append(r) }
        setBasic(basic, row: r)
        valueScale = max(valueScale, abs(row.constant))
        return r
    }

    private mutating func setBasic(_ s: Int32, row r: Int32) {
        basicRowOf[Int(s)] = r
        if kind[Int(s)] == .external {
            definitionIndex[Int(s)] = Int32(definitions.count)
            definitions.append(s)
            // Every row but a lazy definition is fully expanded: its value is its constant.
            // ``addConstraint`` raises the bound of a lazy one after installing it.
            magnitudeBound[Int(s)] = abs(rows[Int(r)].constant)
        }
    }

    /// The bound on the value of `row` solved for `subject` (see ``magnitudeBound``), or `nil`
    /// if the solved row would not be finite or the bound exceeds ``lazyMagnitudeLimit``.
    /// Solving divides every cell by the subject's coefficient, so this is read off the row as
    /// it stands, without a copy.
    private func lazyDefinitionBound(_ row: SparseRow, solvedFor subject: Int32) -> Double? {
        let divisor = abs(row.coefficient(of: subject))
        var bound = abs(row.constant)
        var largest = 0.0
        for i in row.symbols.indices where row.symbols[i] != subject {
            let c = abs(row.coefficients[i])
            largest = max(largest, c)
            if isBasicExternal(row.symbols[i]) { bound += c * magnitudeBound[Int(row.symbols[i])] }
        }
        bound /= divisor
        guard bound <= Self.lazyMagnitudeLimit, (largest / divisor).isFinite else { return nil }
        return bound
    }

    private mutating func clearBasic(_ s: Int32) {
        basicRowOf[Int(s)] = -1
        values[Int(s)] = 0
        let d = definitionIndex[Int(s)]
        if d >= 0 {
            definitions[Int(d)] = -1
            definitionIndex[Int(s)] = -1
            definitionGaps += 1
            if definitionGaps > 64, definitionGaps * 2 > definitions.count { compactDefinitions() }
        }
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
    private mutating func removeRow(_ r: Int32) -> SparseRow {
        let row = rows[Int(r)]
        clearBasic(rowBasic[Int(r)])
        rows[Int(r)] = SparseRow()
        rowBasic[Int(r)] = -1
        objectiveIndex[Int(r)] = nil
        freeRows.append(r)
        return row
    }

    @inline(__always)
    private mutating func addCell(row r: Int32, _ s: Int32, _ c: Double) {
        let old = objectiveIndex[Int(r)] == nil ? 0 : rows[Int(r)].coefficient(of: s)
        if rows[Int(r)].add(s, c) { column[Int(s)].append(r) }
        if objectiveIndex[Int(r)] != nil {
            objectiveIndex[Int(r)]!.cellChanged(s, kind: kind[Int(s)], from: old, to: rows[Int(r)].coefficient(of: s))
        }
        if !c.isFinite { overflowed = true }
    }

    /// Removes the cell of `s` from row `r` and returns its coefficient (`0` if none).
    @discardableResult
    mutating func removeCell(row r: Int32, _ s: Int32) -> Double {
        let c = rows[Int(r)].remove(s)
        if c != 0, objectiveIndex[Int(r)] != nil {
            objectiveIndex[Int(r)]!.cellChanged(s, kind: kind[Int(s)], from: c, to: 0)
        }
        return c
    }

    /// `rows[r] += factor * other`.
    private mutating func addRow(into r: Int32, _ other: SparseRow, times factor: Double) {
        created.removeAll(keepingCapacity: true)
        rowUpdateCount += 1
        let finite: Bool
        if let index = objectiveIndex[Int(r)] {
            // Moved out and back, so that the index is updated in place.
            objectiveIndex[Int(r)] = nil
            var observer = ObjectiveObserver(index: index, kind: kind)
            finite = rows[Int(r)].add(other, times: factor, created: &created, observer: &observer)
            objectiveIndex[Int(r)] = observer.index
        } else {
            finite = rows[Int(r)].add(other, times: factor, created: &created)
        }
        if !finite { overflowed = true }
        for s in created { column[Int(s)].append(r) }
        // A cell a pivot creates and a later one cancels leaves a stale entry in its column,
        // and only `rowsContaining` drops those. A symbol never looked up (the weak errors of
        // a chain, whose cells in the objective rows come and go with every edit) would
        // collect them without bound: chain(1000) reached 21 million entries for 18 thousand
        // cells after 1000 edits. So a column is compacted once it is twice as long as after
        // its last compaction (and at least 16): amortised O(1) per entry.
        for s in created where column[Int(s)].count > columnLimit[Int(s)] {
            _ = rowsContaining(s)
            columnLimit[Int(s)] = max(Self.minimumColumnLimit, 2 * column[Int(s)].count)
        }
        valueScale = max(valueScale, abs(rows[Int(r)].constant), abs(factor * other.constant))
    }

    /// The noise level of an objective row (see ``ObjectiveIndex/noiseLevel(of:)``).
    mutating func noiseLevel(ofObjective r: Int32) -> Double {
        objectiveIndex[Int(r)]!.noiseLevel(of: rows[Int(r)])
    }

    /// Whether every cell of an objective row stands out from its noise (see
    /// ``ObjectiveIndex/allCellsStandOut(of:)``).
    mutating func allCellsStandOut(ofObjective r: Int32) -> Bool {
        objectiveIndex[Int(r)]!.allCellsStandOut(of: rows[Int(r)])
    }

    /// Whether a row constant is zero up to rounding: below `SparseRow.epsilon`, or below a
    /// millionth of a millionth of the largest constant the tableau has held. Values near
    /// 1e9 (small coefficients such as 0.01 multiply them) leave residue near 1e-7.
    func isNearZero(_ constant: Double) -> Bool {
        abs(constant) < max(SparseRow.epsilon, 1e-12 * valueScale)
    }

    /// The live rows that contain `s`, each once, in a deterministic order.
    ///
    /// The symbol's column is filtered in place (rows freed, rows that no longer contain the
    /// symbol, repeats) and returned as it is stored: no array is allocated. A caller that
    /// changes the tableau while it walks the result keeps its own copy of the column (an
    /// append to the column copies it first).
    mutating func rowsContaining(_ s: Int32) -> [Int32] {
        stamp &+= 1
        if stamp == 0 {
            for i in rowStamp.indices { rowStamp[i] = 0 }
            stamp = 1
        }
        let stamp = self.stamp
        var entries = column[Int(s)]
        column[Int(s)] = []
        var kept = 0
        rows.withUnsafeBufferPointer { rows in
            rowBasic.withUnsafeBufferPointer { rowBasic in
                rowStamp.withUnsafeMutableBufferPointer { rowStamp in
                    entries.withUnsafeMutableBufferPointer { entries in
                        for k in 0..<entries.count {
                            let r = entries[k]
                            let i = Int(r)
                            guard rowBasic[i] >= 0, rowStamp[i] != stamp, rows[i].contains(s) else { continue }
                            rowStamp[i] = stamp
                            entries[kept] = r
                            kept += 1
                        }
                    }
                }
            }
        }
        entries.removeLast(entries.count - kept)
        column[Int(s)] = entries
        return entries
    }

    // MARK: - Objective levels

    /// The objective row of a priority level, created when first used.
    private mutating func levelRow(_ priority: Float) -> Int32 {
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
        let marker = rowBasic[Int(r)]
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
            objectiveIndex[Int(r)]!.setTracksPresence(i < objectives.count - 1, row: rows[Int(r)])
        }
    }
    // MARK: - Adding a constraint

    /// Adds the constraint `Σ terms + constant (relation) 0`, optional at `priority` when it
    /// is given, required when it is `nil`. On failure the tableau is as before.
    mutating func addConstraint(
        terms: [(symbol: Int32, coefficient: Double)],
        constant: Double,
        relation: Relation,
        priority: Float?
    ) -> Result<Tag, Infeasibility> {
        var row = SparseRow(constant: constant)
        for term in terms { row.add(term.symbol, term.coefficient) }
        // Terms of one variable are combined here: `1e308·x + 1e308·x` overflows although
        // each coefficient is finite.
        guard row.isFinite else { return .failure(.overflow) }

        // Markers, as kiwi's createRow: `expr + slack = 0` for <=, `expr - slack = 0` for >=,
        // `expr - e⁺ + e⁻ = 0` or `expr + dummy = 0` for ==.
        let tag: Tag
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            row.add(slack, sign)
            if let priority {
                let error = makeSymbol(.error)
                row.add(error, -sign)
                addCell(row: levelRow(priority), error, 1)
                tag = Tag(marker: slack, other: error, markerSign: sign)
            } else {
                tag = Tag(marker: slack, other: -1, markerSign: sign)
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
                tag = Tag(marker: dummy, other: -1, markerSign: 1)
            }
        }

        // An external variable that is still parametric can be defined by this row as it
        // stands, mentioning the definitions of other variables lazily: a chain link
        // `next == previous + size + 8` then costs O(1) whatever the chain's length.
        // A definition whose value could overflow is expanded instead, where its constant is
        // checked (see ``magnitudeBound``).
        if let subject = lazySubject(in: row), let bound = lazyDefinitionBound(row, solvedFor: subject) {
            row.solve(for: subject)
            defineLazily(subject, row)
            magnitudeBound[Int(subject)] = bound
            optimize(levels.rows)
            return .success(tag)
        }

        // Variables the constraint names directly get their definitions expanded in place
        // first, so that the substitution of this row's subject into them cancels exactly.
        // Left lazy, a variable pinned by this constraint would keep a definition through
        // other variables (say `v0 = 483720 - 300·v1 - …`) whose evaluation amplifies their
        // rounding, and could miss its required value by far more than rounding.
        for s in row.symbols where isBasicExternal(s) { expandRow(basicRowOf[Int(s)]) }
        expand(&row)
        if !row.isFinite {
            // The expansion overflowed (`y == x + 1e308` with `x == 1e308`): nothing is added.
            // The expansions of the rows above rewrote definitions without changing them.
            discardMarkers(tag, priority: priority)
            return .failure(.overflow)
        }
        if row.constant < 0 { row.scale(by: -1) }

        var subject = chooseSubject(row, tag, named: terms)
        if subject < 0, row.symbols.allSatisfy({ kind[Int($0)] == .dummy }) {
            valueScale = max(valueScale, abs(constant))
            if !isNearZero(row.constant) {
                let conflicts = row.symbols.filter { $0 != tag.marker }
                discardMarkers(tag, priority: priority)
                return .failure(Infeasibility(markers: conflicts))
            }
            subject = tag.marker
        }

        if subject >= 0 {
            row.solve(for: subject)
            // Dividing by a small coefficient can overflow (`1e-8·x == 1e301`).
            guard row.isFinite else {
                discardMarkers(tag, priority: priority)
                return .failure(.overflow)
            }
            substitute(subject, with: row, skipping: -1)
            installRow(row, basic: subject)
        } else if let conflicts = addWithArtificialVariable(row) {
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
    /// It must be parametric, and every row that mentions it must be the definition of an
    /// external variable made after every definition the row mentions. Substituting the new
    /// definition into those keeps each mentioning only earlier ones (so no definition can
    /// reach itself), and keeps the tableau feasible: definitions are unrestricted, whereas a
    /// restricted row could go negative. A fresh variable, mentioned by no row, always qualifies.
    private mutating func lazySubject(in row: SparseRow) -> Int32? {
        var latestMentioned: Int32 = -1
        for s in row.symbols where isBasicExternal(s) {
            latestMentioned = max(latestMentioned, definitionIndex[Int(s)])
        }
        for s in row.symbols where kind[Int(s)] == .external && !isBasic(s) {
            let qualifies = rowsContaining(s).allSatisfy { r in
                let b = rowBasic[Int(r)]
                return kind[Int(b)] == .external && definitionIndex[Int(b)] > latestMentioned
            }
            if qualifies { return s }
        }
        return nil
    }

    /// Whether only definitions of external variables mention `s`: substituting an external
    /// subject into those keeps the tableau feasible (they are unrestricted); a restricted row
    /// could go negative, so such a symbol is left to the artificial-variable method.
    private mutating func mentionedByDefinitionsOnly(_ s: Int32) -> Bool {
        rowsContaining(s).allSatisfy { kind[Int(rowBasic[Int($0)])] == .external }
    }

    /// Makes `subject` basic with `definition` and replaces it, as it stands, in the
    /// definitions that mention it (``lazySubject(in:)`` checked that this is sound).
    private mutating func defineLazily(_ subject: Int32, _ definition: SparseRow) {
        for r in rowsContaining(subject) {
            let c = removeCell(row: r, subject)
            addRow(into: r, definition, times: c)
        }
        installRow(definition, basic: subject)
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
    private mutating func chooseSubject(_ row: SparseRow, _ tag: Tag, named: [(symbol: Int32, coefficient: Double)]) -> Int32 {
        var best: Int32 = -1
        for s in row.symbols
        where kind[Int(s)] == .external && (best < 0 || s < best) && named.contains(where: { $0.symbol == s })
            && mentionedByDefinitionsOnly(s)
        {
            best = s
        }
        if best >= 0 { return best }
        for candidate in [tag.marker, tag.other] where candidate >= 0 {
            let k = kind[Int(candidate)]
            if (k == .slack || k == .error) && row.coefficient(of: candidate) < 0 { return candidate }
        }
        return -1
    }

    /// Frees the markers of a constraint that was not added.
    private mutating func discardMarkers(_ tag: Tag, priority: Float?) {
        for s in [tag.marker, tag.other] where s >= 0 {
            for r in rowsContaining(s) { removeCell(row: r, s) }
            releaseSymbol(s)
        }
        if let priority { releaseLevel(priority) }
    }

    /// kiwi's `addWithArtificialVariable`. Returns `nil` on success, or the symbols of the
    /// artificial objective that prove the row cannot be satisfied.
    private mutating func addWithArtificialVariable(_ row: SparseRow) -> [Int32]? {
        let art = makeSymbol(.slack)
        installRow(row, basic: art)
        let objectiveMarker = makeSymbol(.objective)
        let objective = installRow(row, basic: objectiveMarker)
        optimize([objective])
        // The artificial variable's value is the objective: zero when it left the basis (a
        // parametric symbol is zero), else its row's constant, zero up to rounding.
        let success = !isBasic(art) || isNearZero(rows[Int(basicRowOf[Int(art)])].constant)
        let proof = rows[Int(objective)].symbols
        removeRow(objective)
        releaseSymbol(objectiveMarker)

        if !success {
            // The artificial variable is still basic and its row is the new constraint's
            // row: dropping it leaves exactly the old system. (kiwi pivots first, which leaves
            // an infeasible row behind after the error.)
            if isBasic(art) { removeRow(basicRowOf[Int(art)]) }
            for r in rowsContaining(art) { removeCell(row: r, art) }
            releaseSymbol(art)
            return proof
        }
        if isBasic(art) {
            var basicRow = removeRow(basicRowOf[Int(art)])
            // Pivot some other symbol in (a slack or error first, else an external one). A
            // row of dummies alone says the constraint is implied: nothing to keep.
            let pivotable = basicRow.symbols.filter { kind[Int($0)] == .slack || kind[Int($0)] == .error }.min()
                ?? basicRow.symbols.filter { kind[Int($0)] == .external }.min()
            if let entering = pivotable {
                basicRow.add(art, -1)
                basicRow.solve(for: entering)
                substitute(entering, with: basicRow, skipping: -1)
                installRow(basicRow, basic: entering)
            }
        }
        for r in rowsContaining(art) { removeCell(row: r, art) }
        releaseSymbol(art)
        return nil
    }

    // MARK: - Removing a constraint

    /// Removes a constraint added with `tag` (at `priority`, or required when `nil`).
    mutating func removeConstraint(_ tag: Tag, priority: Float?) {
        if let priority {
            for s in [tag.marker, tag.other] where s >= 0 && kind[Int(s)] == .error {
                removeErrorEffects(s, priority: priority)
            }
        }
        if !isBasic(tag.marker), let leaving = markerLeavingRow(tag.marker) {
            if kind[Int(rowBasic[Int(leaving)])] == .external { expandRow(leaving) }
            pivot(entering: tag.marker, leaving: leaving)
        }
        if isBasic(tag.marker) { removeRow(basicRowOf[Int(tag.marker)]) }
        releaseSymbol(tag.marker)
        // kiwi leaves the other error in the tableau; free it when nothing mentions it.
        if tag.other >= 0, !isBasic(tag.other), !isReferenced(tag.other) {
            releaseSymbol(tag.other)
        }
        if let priority { releaseLevel(priority) }
        optimize(levels.rows)
    }

    /// Takes an error symbol's weight out of its objective level.
    private mutating func removeErrorEffects(_ error: Int32, priority: Float) {
        guard let objective = levels.row(of: priority) else { return }
        let r = basicRowOf[Int(error)]
        if r >= 0 {
            addRow(into: objective, rows[Int(r)], times: -1)
        } else {
            addCell(row: objective, error, -1)
        }
    }

    /// kiwi's `getMarkerLeavingRow`: a restricted row that keeps feasibility, else any
    /// restricted row, else an external definition.
    private mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
        var first: (ratio: Double, basic: Int32, row: Int32)?
        var second: (ratio: Double, basic: Int32, row: Int32)?
        var third: (basic: Int32, row: Int32)?
        for r in rowsContaining(marker) {
            let b = rowBasic[Int(r)]
            let k = kind[Int(b)]
            if k == .objective { continue }
            let c = rows[Int(r)].coefficient(of: marker)
            if k == .external {
                if third == nil || b < third!.basic { third = (b, r) }
            } else if c < 0 {
                let ratio = -rows[Int(r)].constant / c
                if first == nil || ratio < first!.ratio || (ratio == first!.ratio && b < first!.basic) {
                    first = (ratio, b, r)
                }
            } else {
                let ratio = rows[Int(r)].constant / c
                if second == nil || ratio < second!.ratio || (ratio == second!.ratio && b < second!.basic) {
                    second = (ratio, b, r)
                }
            }
        }
        return first?.row ?? second?.row ?? third?.row
    }

    // MARK: - Changing a constraint's constant (edits, constants)

    /// Shifts a constraint's constant by `delta` and re-optimises with the dual simplex.
    /// On failure the shift is undone and the conflicting markers are returned.
    ///
    /// A shift that would make a row constant non-finite is refused before any pivot, with the
    /// rows it had shifted restored: ``Infeasibility/overflow``. (A dual pivot that overflows
    /// sets ``overflowed`` instead.)
    mutating func shiftConstant(_ tag: Tag, by delta: Double) -> Infeasibility? {
        if let failure = applyShift(tag, delta) ?? dualOptimize() {
            if failure.overflowed { return failure }
            // Undo the shift. The dual pivots made before the failure moved the basis, so any
            // row may now be negative for the old constants: collect them all (the failure
            // path is rare; the success path stays proportional to the rows touched).
            _ = applyShift(tag, -delta)
            simplex.forgetInfeasible()
            for r in rows.indices where rowBasic[r] >= 0 {
                let b = rowBasic[r]
                if kind[Int(b)].isRestricted, rows[r].constant < 0 { simplex.markInfeasible(b) }
            }
            _ = dualOptimize()
            return failure
        }
        return nil
    }

    /// Substitutes `marker = marker' + delta / markerSign` in every row that mentions the
    /// marker. Returns a proof if a basic dummy (a redundant required equality) now disagrees,
    /// or ``Infeasibility/overflow`` (every row as it was) if a constant would not be finite.
    private mutating func applyShift(_ tag: Tag, _ delta: Double) -> Infeasibility? {
        let shift = delta / tag.markerSign
        let marker = tag.marker
        guard shift.isFinite else { return .overflow }
        let r = basicRowOf[Int(marker)]
        if r >= 0 {
            guard (rows[Int(r)].constant - shift).isFinite else { return .overflow }
            valueScale = max(valueScale, abs(shift))
            rows[Int(r)].constant -= shift
            rowUpdateCount += 1
            return checkShifted(r)
        }
        var failure: Infeasibility?
        let touched = rowsContaining(marker)
        for (k, r) in touched.enumerated() {
            let c = rows[Int(r)].coefficient(of: marker)
            let shifted = rows[Int(r)].constant + c * shift
            guard shifted.isFinite else {
                // Shift back the rows already shifted (up to rounding, as the infeasible path
                // of ``shiftConstant(_:by:)`` does); nothing was pivoted yet. Keeping the old
                // constants instead cost the hot path a store per row.
                for r in touched[..<k] { rows[Int(r)].constant -= rows[Int(r)].coefficient(of: marker) * shift }
                simplex.forgetInfeasible()
                return .overflow
            }
            rows[Int(r)].constant = shifted
            failure = failure ?? checkShifted(r)
        }
        valueScale = max(valueScale, abs(shift))
        rowUpdateCount += touched.count
        return failure
    }

    private mutating func checkShifted(_ r: Int32) -> Infeasibility? {
        let b = rowBasic[Int(r)]
        let constant = rows[Int(r)].constant
        switch kind[Int(b)] {
        case .dummy:
            // A basic dummy's row holds dummies only: a non-zero constant cannot be fixed.
            if !isNearZero(constant) { return Infeasibility(markers: [b] + rows[Int(r)].symbols) }
        case .slack, .error:
            if constant < 0 { simplex.markInfeasible(b) }
        case .external, .objective:
            break
        }
        return nil
    }

    // MARK: - Pivoting

    /// Pivots `entering` into the basis in place of the basic symbol of row `leaving`.
    mutating func pivot(entering: Int32, leaving r: Int32) {
        pivotCount += 1
        let b = rowBasic[Int(r)]
        var row = rows[Int(r)]
        rows[Int(r)] = SparseRow()
        clearBasic(b)
        row.add(b, -1)
        row.solve(for: entering)
        if !row.isFinite { overflowed = true }
        rows[Int(r)] = row
        rowBasic[Int(r)] = entering
        column[Int(b)].append(r)
        setBasic(entering, row: r)
        substitute(entering, with: row, skipping: r)
    }

    /// Replaces `s` by `row` in every row that mentions it (except `skipping`).
    private mutating func substitute(_ s: Int32, with row: SparseRow, skipping: Int32) {
        for r in rowsContaining(s) where r != skipping {
            let c = removeCell(row: r, s)
            addRow(into: r, row, times: c)
            let b = rowBasic[Int(r)]
            if kind[Int(b)].isRestricted, rows[Int(r)].constant < 0 { simplex.markInfeasible(b) }
        }
    }

    // MARK: - Lazy definitions

    /// Replaces every basic external symbol in `row` by its definition, recursively, until
    /// the row mentions parametric symbols only. Definitions are substituted latest first, so
    /// each is substituted once (a definition mentions only earlier ones).
    func expand(_ row: inout SparseRow) {
        var heap = MaxHeap()
        for s in row.symbols where isBasicExternal(s) {
            heap.push(key: definitionIndex[Int(s)], symbol: s)
        }
        while let s = heap.pop() {
            let c = row.remove(s)
            if c == 0 { continue }
            let definition = rows[Int(basicRowOf[Int(s)])]
            row.constant += c * definition.constant
            for i in definition.symbols.indices {
                let t = definition.symbols[i]
                let created = row.add(t, c * definition.coefficients[i])
                if created && isBasicExternal(t) {
                    heap.push(key: definitionIndex[Int(t)], symbol: t)
                }
            }
        }
    }

    /// Expands the definition held in row `r` in place.
    private mutating func expandRow(_ r: Int32) {
        guard rows[Int(r)].symbols.contains(where: isBasicExternal) else { return }
        var row = rows[Int(r)]
        rows[Int(r)] = SparseRow()
        expand(&row)
        if !row.isFinite { overflowed = true }
        rows[Int(r)] = row
        for s in row.symbols { column[Int(s)].append(r) }
    }

    // MARK: - Reading values

    /// Computes the value of every basic external symbol into ``values``, evaluating
    /// definitions in the order they were made.
    ///
    /// Every other symbol's entry in ``values`` is zero (a parametric symbol's value; see
    /// ``clearBasic(_:)`` and ``releaseSymbol(_:)``), so a definition is a plain sum over its
    /// cells, read through buffers without retaining each row's arrays.
    mutating func computeValues() {
        let definitions = self.definitions, basicRowOf = self.basicRowOf
        rows.withUnsafeBufferPointer { rows in
            values.withUnsafeMutableBufferPointer { values in
                for s in definitions where s >= 0 {
                    let r = Int(basicRowOf[Int(s)])
                    var v = rows[r].constant
                    rows[r].symbols.withUnsafeBufferPointer { symbols in
                        rows[r].coefficients.withUnsafeBufferPointer { coefficients in
                            for i in 0..<symbols.count {
                                v += coefficients[i] * values[Int(symbols[i])]
                            }
                        }
                    }
                    values[Int(s)] = v
                }
            }
        }
    }
}

/// Passes the cell changes of an addition into an objective row on to its index.
private struct ObjectiveObserver: CellObserver {
    var index: ObjectiveIndex
    let kind: [SymbolKind]

    @inline(__always)
    mutating func cellChanged(_ symbol: Int32, from old: Double, to new: Double) {
        index.cellChanged(symbol, kind: kind[Int(symbol)], from: old, to: new)
    }
}
