/// The kind of a tableau symbol (kiwi's `Symbol::Type`, plus objective rows).
enum SymbolKind: UInt8 {
    /// A caller's variable: unrestricted in sign.
    case external
    /// The slack of an inequality: non-negative.
    case slack
    /// The error of an optional constraint: non-negative, weighted in an objective level.
    case error
    /// The marker of a required equality: fixed at zero, never enters the basis.
    case dummy
    /// The basic symbol of an objective row (one per priority level, or the artificial one).
    case objective

    /// Restricted symbols are non-negative; their rows can leave the basis.
    var isRestricted: Bool { self == .slack || self == .error || self == .dummy }
}

/// The symbols that stand for one constraint in the tableau (kiwi's `Tag`).
struct Tag {
    /// The slack, positive error or dummy added for the constraint.
    var marker: Int32
    /// The negative error or the inequality's error, or `-1`.
    var other: Int32
    /// The coefficient `marker` had in the constraint's original row: shifting the
    /// constraint's constant by `δ` is the substitution `marker = marker' + δ / markerSign`.
    var markerSign: Double
}

/// Why adding or changing a constraint failed: the marker symbols of the required
/// constraints that conflict with it.
struct Infeasibility: Error {
    var markers: [Int32]
}

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
final class Tableau {
    // MARK: Symbols

    private(set) var kind: [SymbolKind] = []
    /// The row whose basic symbol this is, or `-1` for a parametric symbol.
    private(set) var basicRowOf: [Int32] = []
    /// Rows that may contain the symbol (a superset: filtered and compacted on use).
    private var column: [[Int32]] = []
    /// The length at which `addRow` compacts a symbol's column (see there).
    private var columnLimit: [Int] = []
    /// Columns shorter than this are never compacted by `addRow`: not worth the scan.
    private static let minimumColumnLimit = 16
    /// For a basic external symbol, its position in `definitions`; otherwise `-1`.
    private var definitionIndex: [Int32] = []
    private var freeSymbols: [Int32] = []
    private var released: [Bool] = []

    // MARK: Rows

    private(set) var rows: [SparseRow] = []
    /// The basic symbol of each row, or `-1` for a free slot.
    private(set) var rowBasic: [Int32] = []
    private var freeRows: [Int32] = []
    private var rowStamp: [UInt32] = []
    private var stamp: UInt32 = 0

    /// Basic external symbols in the order their definitions were made (`-1` for a gap).
    /// A definition mentions only basic external symbols that come earlier.
    private var definitions: [Int32] = []
    private var definitionGaps = 0

    /// Restricted basic symbols whose row constant went negative (for the dual simplex).
    private var infeasible: [Int32] = []

    // MARK: Objective levels

    struct Level {
        var priority: Float
        var row: Int32
        var users: Int
    }

    /// One objective row per priority in use, highest priority first.
    private(set) var levels: [Level] = []

    /// Values of external symbols computed by ``computeValues()``, indexed by symbol.
    private(set) var values: [Double] = []

    var symbolCount: Int { kind.count }

    // MARK: - Symbol and row storage

    func makeSymbol(_ k: SymbolKind) -> Int32 {
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
        values.append(0)
        released.append(false)
        return s
    }

    /// Returns a symbol to the pool. It must be parametric and absent from every row.
    func releaseSymbol(_ s: Int32) {
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
    func isReferenced(_ s: Int32) -> Bool { !rowsContaining(s).isEmpty }

    @discardableResult
    private func installRow(_ row: SparseRow, basic: Int32) -> Int32 {
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
        }
        for s in row.symbols { column[Int(s)].append(r) }
        setBasic(basic, row: r)
        return r
    }

    private func setBasic(_ s: Int32, row r: Int32) {
        basicRowOf[Int(s)] = r
        if kind[Int(s)] == .external {
            definitionIndex[Int(s)] = Int32(definitions.count)
            definitions.append(s)
        }
    }

    private func clearBasic(_ s: Int32) {
        basicRowOf[Int(s)] = -1
        let d = definitionIndex[Int(s)]
        if d >= 0 {
            definitions[Int(d)] = -1
            definitionIndex[Int(s)] = -1
            definitionGaps += 1
            if definitionGaps > 64, definitionGaps * 2 > definitions.count { compactDefinitions() }
        }
    }

    private func compactDefinitions() {
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
    private func removeRow(_ r: Int32) -> SparseRow {
        let row = rows[Int(r)]
        clearBasic(rowBasic[Int(r)])
        rows[Int(r)] = SparseRow()
        rowBasic[Int(r)] = -1
        freeRows.append(r)
        return row
    }

    @inline(__always)
    private func addCell(row r: Int32, _ s: Int32, _ c: Double) {
        if rows[Int(r)].add(s, c) { column[Int(s)].append(r) }
    }

    /// `rows[r] += factor * other`.
    private func addRow(into r: Int32, _ other: SparseRow, times factor: Double) {
        // Take the row out while adding to it: a cell added through `rows[r]` pays a run-time
        // exclusivity check and a uniqueness check of `rows` each time, which was most of the
        // cost of a pivot. The row is moved out (the slot holds an empty row meanwhile), so
        // adding to it does not copy its arrays.
        var row = rows[Int(r)]
        rows[Int(r)] = SparseRow()
        row.constant += factor * other.constant
        let symbols = other.symbols
        let coefficients = other.coefficients
        var overgrown: [Int32] = []
        for i in symbols.indices where row.add(symbols[i], factor * coefficients[i]) {
            let s = Int(symbols[i])
            column[s].append(r)
            if column[s].count > columnLimit[s] { overgrown.append(symbols[i]) }
        }
        rows[Int(r)] = row
        // A cell that a pivot creates and a later pivot cancels leaves a stale entry in its
        // column, and only `rowsContaining` drops those. A symbol that is never looked up (the
        // weak errors of a chain, whose cells in the objective rows come and go with every
        // edit) would collect them without bound: chain(1000) reached 21 million entries for
        // 18 thousand cells after 1000 edits. So a column is compacted once it is twice as long
        // as after its last compaction (and at least 16): amortised O(1) per entry, and the
        // stale entries never outnumber the live ones by more than that factor.
        for s in overgrown where column[Int(s)].count > columnLimit[Int(s)] {
            _ = rowsContaining(s)
            columnLimit[Int(s)] = max(Self.minimumColumnLimit, 2 * column[Int(s)].count)
        }
    }

    /// The live rows that contain `s`, each once, in a deterministic order.
    func rowsContaining(_ s: Int32) -> [Int32] {
        stamp &+= 1
        if stamp == 0 {
            for i in rowStamp.indices { rowStamp[i] = 0 }
            stamp = 1
        }
        var result: [Int32] = []
        var entries = column[Int(s)]
        column[Int(s)] = []
        var kept = 0
        for r in entries {
            let i = Int(r)
            guard rowBasic[i] >= 0, rowStamp[i] != stamp, rows[i].contains(s) else { continue }
            rowStamp[i] = stamp
            entries[kept] = r
            kept += 1
            result.append(r)
        }
        entries.removeLast(entries.count - kept)
        column[Int(s)] = entries
        return result
    }

    // MARK: - Objective levels

    private func levelPosition(_ priority: Float) -> (index: Int, found: Bool) {
        var low = 0
        var high = levels.count
        while low < high {
            let mid = (low + high) / 2
            if levels[mid].priority == priority { return (mid, true) }
            if levels[mid].priority > priority { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }

    /// The objective row of a priority level, created when first used.
    private func levelRow(_ priority: Float) -> Int32 {
        let (i, found) = levelPosition(priority)
        if found {
            levels[i].users += 1
            return levels[i].row
        }
        let marker = makeSymbol(.objective)
        let r = installRow(SparseRow(), basic: marker)
        levels.insert(Level(priority: priority, row: r, users: 1), at: i)
        return r
    }

    private func releaseLevel(_ priority: Float) {
        let (i, found) = levelPosition(priority)
        guard found else { return }
        levels[i].users -= 1
        if levels[i].users == 0 {
            // With no constraint left at this level its row is zero up to rounding.
            let r = levels[i].row
            let marker = rowBasic[Int(r)]
            removeRow(r)
            releaseSymbol(marker)
            levels.remove(at: i)
        }
    }

    private var objectiveRows: [Int32] { levels.map(\.row) }

    // MARK: - Adding a constraint

    /// Adds the constraint `Σ terms + constant (relation) 0`, optional at `priority` when it
    /// is given, required when it is `nil`. On failure the tableau is as before.
    func addConstraint(
        terms: [(symbol: Int32, coefficient: Double)],
        constant: Double,
        relation: Relation,
        priority: Float?
    ) -> Result<Tag, Infeasibility> {
        var row = SparseRow(constant: constant)
        for term in terms { row.add(term.symbol, term.coefficient) }

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

        // A fresh external variable (one no row mentions) can be defined by this row as it
        // stands, mentioning the definitions of other variables lazily: nothing to substitute.
        if let fresh = freshExternal(in: row) {
            row.solve(for: fresh)
            installRow(row, basic: fresh)
            optimize(objectiveRows)
            return .success(tag)
        }

        expand(&row)
        if row.constant < 0 { row.scale(by: -1) }

        var subject = chooseSubject(row, tag)
        if subject < 0, row.symbols.allSatisfy({ kind[Int($0)] == .dummy }) {
            if abs(row.constant) >= SparseRow.epsilon {
                let conflicts = row.symbols.filter { $0 != tag.marker }
                discardMarkers(tag, priority: priority)
                return .failure(Infeasibility(markers: conflicts))
            }
            subject = tag.marker
        }

        if subject >= 0 {
            row.solve(for: subject)
            substitute(subject, with: row, skipping: -1)
            installRow(row, basic: subject)
        } else if let conflicts = addWithArtificialVariable(row) {
            // The system is unchanged but the basis moved: restore optimality.
            discardMarkers(tag, priority: priority)
            optimize(objectiveRows)
            return .failure(Infeasibility(markers: conflicts.filter { $0 != tag.marker }))
        }
        optimize(objectiveRows)
        return .success(tag)
    }

    /// The lowest-numbered external symbol of the row that is parametric and in no row.
    private func freshExternal(in row: SparseRow) -> Int32? {
        var best: Int32 = -1
        for s in row.symbols where kind[Int(s)] == .external && !isBasic(s) && (best < 0 || s < best) {
            if !isReferenced(s) { best = s }
        }
        return best >= 0 ? best : nil
    }

    /// kiwi's choice of subject for a fully expanded row: an external symbol, else the
    /// marker or the other symbol if solving for it keeps the tableau feasible.
    private func chooseSubject(_ row: SparseRow, _ tag: Tag) -> Int32 {
        var best: Int32 = -1
        for s in row.symbols where kind[Int(s)] == .external && (best < 0 || s < best) { best = s }
        if best >= 0 { return best }
        for candidate in [tag.marker, tag.other] where candidate >= 0 {
            let k = kind[Int(candidate)]
            if (k == .slack || k == .error) && row.coefficient(of: candidate) < 0 { return candidate }
        }
        return -1
    }

    /// Frees the markers of a constraint that was not added.
    private func discardMarkers(_ tag: Tag, priority: Float?) {
        for s in [tag.marker, tag.other] where s >= 0 {
            for r in rowsContaining(s) { rows[Int(r)].remove(s) }
            releaseSymbol(s)
        }
        if let priority { releaseLevel(priority) }
    }

    /// kiwi's `addWithArtificialVariable`. Returns `nil` on success, or the symbols of the
    /// artificial objective that prove the row cannot be satisfied.
    private func addWithArtificialVariable(_ row: SparseRow) -> [Int32]? {
        let art = makeSymbol(.slack)
        installRow(row, basic: art)
        let objectiveMarker = makeSymbol(.objective)
        let objective = installRow(row, basic: objectiveMarker)
        optimize([objective])
        let success = abs(rows[Int(objective)].constant) < SparseRow.epsilon
        let proof = rows[Int(objective)].symbols
        removeRow(objective)
        releaseSymbol(objectiveMarker)

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
        for r in rowsContaining(art) { rows[Int(r)].remove(art) }
        releaseSymbol(art)
        return success ? nil : proof
    }

    // MARK: - Removing a constraint

    /// Removes a constraint added with `tag` (at `priority`, or required when `nil`).
    func removeConstraint(_ tag: Tag, priority: Float?) {
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
        optimize(objectiveRows)
    }

    /// Takes an error symbol's weight out of its objective level.
    private func removeErrorEffects(_ error: Int32, priority: Float) {
        let (i, found) = levelPosition(priority)
        guard found else { return }
        let objective = levels[i].row
        let r = basicRowOf[Int(error)]
        if r >= 0 {
            addRow(into: objective, rows[Int(r)], times: -1)
        } else {
            addCell(row: objective, error, -1)
        }
    }

    /// kiwi's `getMarkerLeavingRow`: a restricted row that keeps feasibility, else any
    /// restricted row, else an external definition.
    private func markerLeavingRow(_ marker: Int32) -> Int32? {
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
    func shiftConstant(_ tag: Tag, by delta: Double) -> Infeasibility? {
        if let failure = applyShift(tag, delta) ?? dualOptimize() {
            _ = applyShift(tag, -delta)
            _ = dualOptimize()
            return failure
        }
        return nil
    }

    /// Substitutes `marker = marker' + delta / markerSign` in every row that mentions the
    /// marker. Returns a proof if a basic dummy (a redundant required equality) now disagrees.
    private func applyShift(_ tag: Tag, _ delta: Double) -> Infeasibility? {
        let shift = delta / tag.markerSign
        let marker = tag.marker
        let r = basicRowOf[Int(marker)]
        if r >= 0 {
            rows[Int(r)].constant -= shift
            return checkShifted(r)
        }
        var failure: Infeasibility?
        for r in rowsContaining(marker) {
            let c = rows[Int(r)].coefficient(of: marker)
            rows[Int(r)].constant += c * shift
            failure = failure ?? checkShifted(r)
        }
        return failure
    }

    private func checkShifted(_ r: Int32) -> Infeasibility? {
        let b = rowBasic[Int(r)]
        let constant = rows[Int(r)].constant
        switch kind[Int(b)] {
        case .dummy:
            // A basic dummy's row holds dummies only: a non-zero constant cannot be fixed.
            if abs(constant) >= SparseRow.epsilon { return Infeasibility(markers: [b] + rows[Int(r)].symbols) }
        case .slack, .error:
            if constant < 0 { infeasible.append(b) }
        case .external, .objective:
            break
        }
        return nil
    }

    // MARK: - Simplex

    /// Pivots `entering` into the basis in place of the basic symbol of row `leaving`.
    private func pivot(entering: Int32, leaving r: Int32) {
        let b = rowBasic[Int(r)]
        var row = rows[Int(r)]
        rows[Int(r)] = SparseRow()
        clearBasic(b)
        row.add(b, -1)
        row.solve(for: entering)
        rows[Int(r)] = row
        rowBasic[Int(r)] = entering
        column[Int(b)].append(r)
        setBasic(entering, row: r)
        substitute(entering, with: row, skipping: r)
    }

    /// Replaces `s` by `row` in every row that mentions it (except `skipping`).
    private func substitute(_ s: Int32, with row: SparseRow, skipping: Int32) {
        for r in rowsContaining(s) where r != skipping {
            let c = rows[Int(r)].remove(s)
            addRow(into: r, row, times: c)
            let b = rowBasic[Int(r)]
            if kind[Int(b)].isRestricted, rows[Int(r)].constant < 0 { infeasible.append(b) }
        }
    }

    /// The primal simplex over the objective rows given, highest priority first.
    private func optimize(_ objectives: [Int32]) {
        while let (entering, direction) = enteringSymbol(objectives) {
            guard let leaving = leavingRow(entering, direction: direction) else {
                // Unbounded: impossible for a sum of non-negative errors; stop rather than loop.
                return
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The parametric symbol whose reduced-cost vector is lexicographically negative (for an
    /// external symbol, non-zero: it may move either way), lowest id first (Bland's rule).
    private func enteringSymbol(_ objectives: [Int32]) -> (Int32, Double)? {
        for (level, objective) in objectives.enumerated() {
            let row = rows[Int(objective)]
            var best: Int32 = -1
            var bestDirection = 1.0
            for i in row.symbols.indices {
                let s = row.symbols[i]
                if best >= 0 && s > best { continue }
                let c = row.coefficients[i]
                let direction: Double
                switch kind[Int(s)] {
                case .external: direction = c < 0 ? 1 : -1
                case .slack, .error: if c >= 0 { continue } else { direction = 1 }
                case .dummy, .objective: continue
                }
                var dominated = false
                for higher in objectives[..<level] where rows[Int(higher)].contains(s) {
                    dominated = true
                    break
                }
                if !dominated {
                    best = s
                    bestDirection = direction
                }
            }
            if best >= 0 { return (best, bestDirection) }
        }
        return nil
    }

    /// The restricted row that first blocks `entering` moving in `direction` (ratio test),
    /// ties broken by the lowest basic symbol.
    private func leavingRow(_ entering: Int32, direction: Double) -> Int32? {
        var best: (ratio: Double, basic: Int32, row: Int32)?
        for r in rowsContaining(entering) {
            let b = rowBasic[Int(r)]
            guard kind[Int(b)].isRestricted else { continue }
            let c = rows[Int(r)].coefficient(of: entering) * direction
            guard c < 0 else { continue }
            let ratio = -rows[Int(r)].constant / c
            if best == nil || ratio < best!.ratio || (ratio == best!.ratio && b < best!.basic) {
                best = (ratio, b, r)
            }
        }
        return best?.row
    }

    /// The dual simplex: drives every infeasible restricted row back to a non-negative
    /// constant while keeping optimality. Returns the proof when a row cannot be fixed.
    private func dualOptimize() -> Infeasibility? {
        let objectives = objectiveRows
        while let leaving = infeasible.popLast() {
            let r = basicRowOf[Int(leaving)]
            guard r >= 0, rows[Int(r)].constant < 0, abs(rows[Int(r)].constant) >= SparseRow.epsilon else {
                continue
            }
            guard let entering = dualEnteringSymbol(r, objectives) else {
                infeasible.removeAll()
                return Infeasibility(markers: [leaving] + rows[Int(r)].symbols)
            }
            pivot(entering: entering, leaving: r)
        }
        return nil
    }

    /// The symbol of row `r` with the lexicographically smallest ratio cost/coefficient among
    /// those that raise the row's basic symbol; ties broken by the lowest id.
    private func dualEnteringSymbol(_ r: Int32, _ objectives: [Int32]) -> Int32? {
        let row = rows[Int(r)]
        var best: Int32 = -1
        var bestCoefficient = 0.0
        for i in row.symbols.indices {
            let s = row.symbols[i]
            let c = row.coefficients[i]
            let k = kind[Int(s)]
            guard k != .dummy, k != .objective else { continue }
            if k != .external && c <= 0 { continue }
            let magnitude = abs(c)
            if best < 0 {
                best = s
                bestCoefficient = magnitude
                continue
            }
            var order = 0
            for objective in objectives {
                let candidate = rows[Int(objective)].coefficient(of: s) / magnitude
                let incumbent = rows[Int(objective)].coefficient(of: best) / bestCoefficient
                if candidate < incumbent { order = -1; break }
                if candidate > incumbent { order = 1; break }
            }
            if order < 0 || (order == 0 && s < best) {
                best = s
                bestCoefficient = magnitude
            }
        }
        return best >= 0 ? best : nil
    }

    // MARK: - Lazy definitions

    /// Replaces every basic external symbol in `row` by its definition, recursively, until
    /// the row mentions parametric symbols only. Definitions are substituted latest first, so
    /// each is substituted once (a definition mentions only earlier ones).
    private func expand(_ row: inout SparseRow) {
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
    private func expandRow(_ r: Int32) {
        guard rows[Int(r)].symbols.contains(where: isBasicExternal) else { return }
        var row = rows[Int(r)]
        rows[Int(r)] = SparseRow()
        expand(&row)
        rows[Int(r)] = row
        for s in row.symbols { column[Int(s)].append(r) }
    }

    // MARK: - Reading values

    /// Computes the value of every basic external symbol into ``values`` (parametric ones are
    /// zero), evaluating definitions in the order they were made.
    func computeValues() {
        // Work on local arrays: every access to a stored property of this class is checked for
        // exclusivity at run time (`swift_beginAccess`), which cost more than the arithmetic
        // (about a third of a rows(100) operation). `values` is moved out and back, so writing
        // it does not copy the array.
        let rows = self.rows, kind = self.kind, basicRowOf = self.basicRowOf
        var values = self.values
        self.values = []
        for s in definitions where s >= 0 {
            // Read the row in place rather than copying it out (a copy retains its arrays).
            let r = Int(basicRowOf[Int(s)])
            var v = rows[r].constant
            for i in 0..<rows[r].count {
                let t = rows[r].symbols[i]
                if kind[Int(t)] == .external, basicRowOf[Int(t)] >= 0 {
                    v += rows[r].coefficients[i] * values[Int(t)]
                }
            }
            values[Int(s)] = v
        }
        self.values = values
    }

    /// The value of an external symbol as of the last ``computeValues()``.
    func value(of s: Int32) -> Double {
        isBasic(s) ? values[Int(s)] : 0
    }

    // MARK: - Ambiguity

    /// The external symbols among `candidates` whose value can change without changing the
    /// objective: they depend on a parametric symbol of zero reduced cost that can move.
    ///
    /// Each free direction gets a pseudo-random weight and the weighted dependence is
    /// propagated through the definitions; a non-zero total means the symbol moves with some
    /// free direction. (A degenerate vertex where only a combination of directions can move
    /// is not detected.)
    func ambiguousSymbols(among candidates: [Int32]) -> Set<Int32> {
        var weight = [Double](repeating: 0, count: kind.count)
        var generator: UInt64 = 0x2545_F491_4F6C_DD1D
        var anyFree = false
        let objectives = objectiveRows
        for s in 0..<Int32(kind.count) where !isBasic(s) {
            let k = kind[Int(s)]
            guard k == .external || k == .slack || k == .error else { continue }
            if released[Int(s)] { continue }
            if objectives.contains(where: { rows[Int($0)].contains(s) }) { continue }
            if !canMove(s, k == .external) { continue }
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            weight[Int(s)] = 1 + Double(generator >> 11) / Double(1 << 53)
            anyFree = true
        }
        guard anyFree else { return [] }

        // Definitions mention only parametric symbols and earlier definitions.
        var dependence = weight
        for s in definitions where s >= 0 {
            let row = rows[Int(basicRowOf[Int(s)])]
            var d = 0.0
            for i in row.symbols.indices {
                d += row.coefficients[i] * dependence[Int(row.symbols[i])]
            }
            dependence[Int(s)] = d
        }
        var result = Set<Int32>()
        for s in candidates where abs(dependence[Int(s)]) > 1e-7 {
            result.insert(s)
        }
        return result
    }

    /// Whether a parametric symbol can move off zero (either way if unrestricted) without a
    /// restricted row at zero blocking it.
    private func canMove(_ s: Int32, _ unrestricted: Bool) -> Bool {
        var blockedUp = false
        var blockedDown = false
        for r in rowsContaining(s) {
            let b = rowBasic[Int(r)]
            guard kind[Int(b)].isRestricted, abs(rows[Int(r)].constant) < SparseRow.epsilon else { continue }
            let c = rows[Int(r)].coefficient(of: s)
            if c < 0 { blockedUp = true } else { blockedDown = true }
        }
        return !blockedUp || (unrestricted && !blockedDown)
    }
}

/// A binary max-heap of (definition index, symbol), for ``Tableau/expand(_:)``.
private struct MaxHeap {
    private var items: [Int64] = []

    mutating func push(key: Int32, symbol: Int32) {
        items.append(Int64(key) << 32 | Int64(UInt32(bitPattern: symbol)))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if items[parent] >= items[i] { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var largest = i
                if l < items.count, items[l] > items[largest] { largest = l }
                if r < items.count, items[r] > items[largest] { largest = r }
                if largest == i { break }
                items.swapAt(i, largest)
                i = largest
            }
        }
        return Int32(truncatingIfNeeded: top & 0xFFFF_FFFF)
    }
}
