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
    /// The largest absolute coefficient of the row (for the noise level), unless `isStale`.
    private var largest = 0.0
    /// How many cells have `largest` as their absolute coefficient.
    private var largestCount = 0
    /// The last cell at `largest` changed: `largest` is found again by a scan when asked for.
    private var isStale = false

    init(_ row: SparseRow, kind: [SymbolKind]) {
        for i in row.symbols.indices {
            cellChanged(row.symbols[i], kind: kind[Int(row.symbols[i])], from: 0, to: row.coefficients[i])
        }
    }

    /// Records that the cell of `symbol` went from `old` to `new` (`0` for no cell).
    mutating func cellChanged(_ symbol: Int32, kind: SymbolKind, from old: Double, to new: Double) {
        let improves = Self.improves(kind, new)
        if improves != Self.improves(kind, old) {
            if improves { candidates.insert(symbol) } else { candidates.remove(symbol) }
        }
        guard !isStale else { return }
        if old != 0 && abs(old) == largest { largestCount -= 1 }
        if new != 0 {
            if abs(new) > largest {
                largest = abs(new)
                largestCount = 1
            } else if abs(new) == largest {
                largestCount += 1
            }
        }
        if largestCount == 0 && largest > 0 { isStale = true }
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
        if isStale {
            largest = 0
            largestCount = 0
            for c in row.coefficients {
                if abs(c) > largest {
                    largest = abs(c)
                    largestCount = 1
                } else if abs(c) == largest {
                    largestCount += 1
                }
            }
            isStale = false
        }
        return max(SparseRow.epsilon, 1e-12 * largest)
    }
}
