/// Ambiguity: which external symbols the constraints do not fix (``Solver/ambiguousVariables()``).
/// A query, not a hot path; it reads the tableau and changes nothing but the columns it filters.
extension Tableau {
    /// The external symbols among `candidates` whose value can change without changing the
    /// objective: those that are not constant on the optimal face.
    ///
    /// The optimal face is the feasible set with every parametric symbol of non-zero cost (a
    /// cell in some objective row) held at zero: those are the symbols whose increase would
    /// worsen a level, and a dummy never moves. The remaining parametric symbols are *free*.
    ///
    /// - **Quick test.** A free symbol that can move off zero alone (no tight restricted row
    ///   blocks it, see ``canMove(_:_:)``) gets a pseudo-random weight, and the weighted
    ///   dependence is propagated through the definitions: a non-zero total means the symbol
    ///   moves with some such direction, so it is ambiguous.
    /// - **At a degenerate vertex** free symbols can be blocked alone yet move together (`x >= 0`,
    ///   `y >= 0`, `y >= x` at x = y = 0: x alone cannot rise, x and y together can). A symbol
    ///   the quick test calls fixed but that depends on blocked free symbols (found by a second
    ///   weighting) is checked exactly by ``movesOnFace(_:free:)``: a small linear programme
    ///   over the directions the tight rows allow.
    ///
    /// So the answer does not depend on the order the constraints were added in (up to
    /// rounding). This is a query, not a hot path: the exact check runs only at a degenerate
    /// vertex, over the tight rows connected to the symbol.
    mutating func ambiguousSymbols(among candidates: [Symbol]) -> Set<Symbol> {
        var weight = [Double](repeating: 0, count: kind.count)
        var blockedWeight = [Double](repeating: 0, count: kind.count)
        var free = [Bool](repeating: false, count: kind.count)
        var generator = Self.weightSeed
        var anyFree = false
        var anyBlocked = false
        let objectives = levels.rows
        for s in (0..<Int32(kind.count)).lazy.map(Symbol.init(raw:)) where !isBasic(s) {
            let k = kind[s.index]
            guard k == .external || k == .slack || k == .error else { continue }
            if released[s.index] { continue }
            if objectives.contains(where: { rows[$0.index].contains(s) }) { continue }
            free[s.index] = true
            // Knuth's MMIX linear congruential generator; the top 53 bits (an LCG's best) as a
            // fraction in [0, 1) that a Double holds exactly, plus 1: every weight is in [1, 2),
            // none near zero, where it would hide the direction it stands for.
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let w = 1 + Double(generator >> 11) / Double(1 << 53)
            if canMove(s, k == .external) {
                weight[s.index] = w
                anyFree = true
            } else {
                blockedWeight[s.index] = w
                anyBlocked = true
            }
        }
        guard anyFree || anyBlocked else { return [] }

        // Definitions mention only parametric symbols and earlier definitions.
        var dependence = weight
        var blockedDependence = blockedWeight
        for s in definedSymbols {
            let definition = rows[definingRow(of: s).index]
            var d = 0.0
            var blocked = 0.0
            definition.withCells { symbols, coefficients in
                for i in symbols.indices {
                    d += coefficients[i] * dependence[symbols[i].index]
                    blocked += coefficients[i] * blockedDependence[symbols[i].index]
                }
            }
            dependence[s.index] = d
            blockedDependence[s.index] = blocked
        }
        var result = Set<Symbol>()
        for s in candidates where abs(dependence[s.index]) > Self.dependenceThreshold {
            result.insert(s)
        }
        guard anyBlocked else { return result }
        for s in candidates where !result.contains(s) && abs(blockedDependence[s.index]) > Self.dependenceThreshold {
            if movesOnFace(s, free: free) { result.insert(s) }
        }
        return result
    }

    /// Whether the external symbol `s` can move on the optimal face, exactly: some direction
    /// of the free symbols that every tight restricted row allows changes its value.
    ///
    /// Moving off the current vertex by a small step, only the rows at zero can block (the
    /// others have room), and the face is convex, so `s` is ambiguous exactly when such a
    /// direction exists. The directions are bounded to the unit box, and ``ConeProbe``
    /// maximises the change of `s` up and down. Only the tight rows connected to the symbols
    /// `s` depends on (through shared free symbols) take part.
    private mutating func movesOnFace(_ s: Symbol, free: [Bool]) -> Bool {
        var value = SparseRow()
        value.add(s, 1)
        if isBasicExternal(s) { expand(&value) }

        // The connected free symbols and tight rows, breadth first from those of `s`.
        var position: [Symbol: Int] = [:]
        var symbols: [Symbol] = []
        for t in value.symbols where free[t.index] && position[t] == nil {
            position[t] = symbols.count
            symbols.append(t)
        }
        guard !symbols.isEmpty else { return false }
        var seenRows = Set<RowIndex>()
        var tightRows: [RowIndex] = []
        var next = 0
        while next < symbols.count {
            let t = symbols[next]
            next += 1
            for r in rowsContaining(t) where !seenRows.contains(r) {
                let b = basicSymbol(of: r)
                guard kind[b.index] == .slack || kind[b.index] == .error,
                    abs(rows[r.index].constant) < SparseRow.epsilon
                else { continue }
                seenRows.insert(r)
                tightRows.append(r)
                for u in rows[r.index].symbols where free[u.index] && position[u] == nil {
                    position[u] = symbols.count
                    symbols.append(u)
                }
            }
        }

        // Columns: one per restricted symbol (0...1), two per external one (its rise and its
        // fall, each 0...1).
        var column: [Int] = []
        var columnCount = 0
        for t in symbols {
            column.append(columnCount)
            columnCount += kind[t.index] == .external ? 2 : 1
        }
        func coefficients(_ row: SparseRow) -> [Double] {
            var dense = [Double](repeating: 0, count: columnCount)
            for i in 0..<row.count {
                guard let p = position[row.symbol(at: i)] else { continue }
                let c = row.coefficient(at: i)
                dense[column[p]] += c
                if kind[symbols[p].index] == .external { dense[column[p] + 1] -= c }
            }
            return dense
        }
        let constraints = tightRows.map { coefficients(rows[$0.index]) }
        let change = coefficients(value)
        let scale = max(1, change.map(abs).max() ?? 0)
        // How 1e-9 was chosen (a453684): a margin for the rounding of the probe's dense
        // pivots, relative to the largest coefficient of the change; not derived, not tuned.
        let tolerance = 1e-9 * scale
        return ConeProbe.maximum(of: change, subjectTo: constraints) > tolerance
            || ConeProbe.maximum(of: change.map { -$0 }, subjectTo: constraints) > tolerance
    }

    /// The seed of the weights' generator: fixed, so that every process draws the same weights
    /// and the answer is deterministic. The value is arbitrary (it is the multiplier of
    /// Vigna's xorshift64*); any fixed value would do.
    private static let weightSeed: UInt64 = 0x2545_F491_4F6C_DD1D

    /// The size above which a weighted dependence is real, not rounding: a symbol that depends
    /// on no weighted one sums to zero up to rounding. How 1e-7 was chosen is not recorded (it
    /// dates from the first version, 2b0efda); it is not tuned. A dependence through one
    /// coefficient below about 5e-8 (cells go down to `SparseRow.epsilon`, 1e-8) stays below it.
    private static let dependenceThreshold = 1e-7

    /// Whether a parametric symbol can move off zero (either way if unrestricted) without a
    /// restricted row at zero blocking it.
    private mutating func canMove(_ s: Symbol, _ unrestricted: Bool) -> Bool {
        var blockedUp = false
        var blockedDown = false
        for r in rowsContaining(s) {
            let b = basicSymbol(of: r)
            guard kind[b.index].isRestricted, abs(rows[r.index].constant) < SparseRow.epsilon else { continue }
            let c = rows[r.index].coefficient(of: s)
            if c < 0 { blockedUp = true } else { blockedDown = true }
        }
        return !blockedUp || (unrestricted && !blockedDown)
    }
}
