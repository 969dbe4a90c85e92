import ConstraintSolver

/// A textbook two-phase dense simplex over `x ≥ 0`, the engine of ``ReferenceSolver``.
///
/// It shares nothing with the production tableau: every row is a dense array, the basis starts
/// as one artificial variable per row (phase 1), and pivots follow Bland's rule (lowest column
/// enters, ties in the ratio test go to the lowest basic column), which cannot cycle. It is
/// meant to be obviously right, not fast; the property tests only give it systems of a few
/// dozen columns.
struct DenseSimplex {
    /// One row `coefficients · x (relation) rhs`.
    struct Row {
        var coefficients: [Double]
        var relation: Relation
        var rhs: Double
    }

    /// Pivot entries and reduced costs smaller than this are treated as zero. The systems have
    /// small integer data, so genuine non-zeros are many orders of magnitude larger.
    static let epsilon = 1e-9

    /// The number of caller columns; slack and artificial columns follow them.
    let structuralCount: Int
    private let artificialStart: Int
    /// Every column: structural, then slack, then artificial. Cost vectors have this length.
    let columnCount: Int
    /// The tableau, row-major: row i holds its coefficient for every column, then its
    /// right-hand side, at `table[i * width ..< (i + 1) * width]`. (One flat array keeps the
    /// oracle fast enough in debug builds.)
    private var table: [Double] = []
    private var width: Int { columnCount + 1 }
    private var basis: [Int] = []
    /// Columns that may enter the basis: not artificial and not fixed at zero.
    private var mayEnter: [Bool]

    /// Sets up `rows` over `structuralCount` non-negative columns, each row with its own slack
    /// (inequalities) and artificial column, right-hand sides made non-negative.
    init(structuralCount: Int, rows: [Row]) {
        self.structuralCount = structuralCount
        let slackCount = rows.filter { $0.relation != .equal }.count
        artificialStart = structuralCount + slackCount
        columnCount = artificialStart + rows.count
        mayEnter = (0..<columnCount).map { $0 < structuralCount + slackCount }

        let width = columnCount + 1
        table = [Double](repeating: 0, count: rows.count * width)
        var nextSlack = structuralCount
        for (i, row) in rows.enumerated() {
            let base = i * width
            // Negate rows with a negative right-hand side, so that the artificial basis starts
            // feasible.
            let sign = row.rhs < 0 ? -1.0 : 1.0
            for (j, a) in row.coefficients.enumerated() where a != 0 { table[base + j] = sign * a }
            switch row.relation {
            case .lessThanOrEqual:
                table[base + nextSlack] = sign
                nextSlack += 1
            case .greaterThanOrEqual:
                table[base + nextSlack] = -sign
                nextSlack += 1
            case .equal: break
            }
            table[base + columnCount] = sign * row.rhs
            table[base + artificialStart + i] = 1
            basis.append(artificialStart + i)
        }
    }

    private var rowCount: Int { basis.count }

    /// The entry of row `i`, column `j` (`j == columnCount` is the right-hand side).
    private func entry(_ i: Int, _ j: Int) -> Double { table[i * width + j] }

    /// Phase 1: finds a basic feasible point, or returns `false` when there is none (the sum
    /// of the artificial variables cannot reach zero). On success no artificial column is
    /// basic any more and rows that turned out redundant are dropped.
    mutating func findFeasiblePoint() -> Bool {
        let phaseOneCost = (0..<columnCount).map { $0 >= artificialStart ? 1.0 : 0.0 }
        guard minimize(phaseOneCost) else { return false }
        let infeasibility = (0..<rowCount).reduce(0.0) { sum, i in
            basis[i] >= artificialStart ? sum + entry(i, columnCount) : sum
        }
        // Integer data: an infeasible system misses by far more than rounding can explain.
        guard infeasibility < 1e-7 else { return false }

        // Drive the artificial columns left in the basis (all at zero) out of it.
        var i = 0
        while i < rowCount {
            if basis[i] >= artificialStart {
                if let j = (0..<artificialStart).first(where: { abs(entry(i, $0)) > Self.epsilon }) {
                    pivot(row: i, column: j)
                } else {
                    // Every real coefficient is zero: the row is implied by the others.
                    table.removeSubrange(i * width..<(i + 1) * width)
                    basis.remove(at: i)
                    continue
                }
            }
            i += 1
        }
        return true
    }

    /// Phase 2 with `cost` (one entry per column): pivots to an optimal basis. Returns `false`
    /// if the objective is unbounded below.
    @discardableResult
    mutating func minimize(_ cost: [Double]) -> Bool {
        while true {
            // Bland's rule: the lowest column with a negative reduced cost enters...
            let reduced = reducedCosts(cost)
            var entering = -1
            var j = 0
            while j < columnCount {
                if mayEnter[j] && reduced[j] < -Self.epsilon {
                    entering = j
                    break
                }
                j += 1
            }
            if entering < 0 { return true }
            // ...and the row with the smallest ratio leaves, ties to the lowest basic column.
            var leaving = -1
            var bestRatio = 0.0
            let width = width
            table.withUnsafeBufferPointer { t in
                var i = 0
                while i < basis.count {
                    let a = t[i * width + entering]
                    if a > Self.epsilon {
                        let ratio = t[i * width + width - 1] / a
                        if leaving < 0 || ratio < bestRatio || (ratio == bestRatio && basis[i] < basis[leaving]) {
                            leaving = i
                            bestRatio = ratio
                        }
                    }
                    i += 1
                }
            }
            if leaving < 0 { return false }
            pivot(row: leaving, column: entering)
        }
    }

    /// After ``minimize(_:)`` with `cost`, fixes at zero every non-basic column whose reduced
    /// cost is positive. At an optimal basis the objective equals its optimum plus
    /// `Σ reducedCost_j · x_j` over the non-basic columns, so the optimal points are exactly
    /// the feasible points with those columns at zero: later objectives then optimise over the
    /// optimal face of this one (lexicographic optimisation).
    mutating func fixColumnsWithPositiveReducedCost(_ cost: [Double]) {
        let reduced = reducedCosts(cost)
        var isBasic = [Bool](repeating: false, count: columnCount)
        for b in basis { isBasic[b] = true }
        for j in 0..<columnCount where !isBasic[j] && reduced[j] > Self.epsilon {
            mayEnter[j] = false
        }
    }

    /// The value of each structural column at the current basis.
    var solution: [Double] {
        var x = [Double](repeating: 0, count: structuralCount)
        for (i, j) in basis.enumerated() where j < structuralCount { x[j] = entry(i, columnCount) }
        return x
    }

    /// `cost_j - Σ_i cost_{basis[i]} · table[i][j]` for every column.
    private func reducedCosts(_ cost: [Double]) -> [Double] {
        var reduced = cost
        let width = width
        let columnCount = columnCount
        // Plain `while` loops over buffers: in debug builds, ranges and generic helpers cost
        // more than the arithmetic, and these two loops are where the oracle spends its time.
        table.withUnsafeBufferPointer { t in
            reduced.withUnsafeMutableBufferPointer { d in
                var i = 0
                while i < basis.count {
                    let c = cost[basis[i]]
                    if c != 0 {
                        let base = i * width
                        var j = 0
                        while j < columnCount {
                            d[j] -= c * t[base + j]
                            j += 1
                        }
                    }
                    i += 1
                }
            }
        }
        return reduced
    }

    private mutating func pivot(row r: Int, column c: Int) {
        let width = width
        let rowCount = rowCount
        table.withUnsafeMutableBufferPointer { t in
            let pivotBase = r * width
            let p = t[pivotBase + c]
            var j = 0
            while j < width {
                t[pivotBase + j] /= p
                j += 1
            }
            var i = 0
            while i < rowCount {
                let base = i * width
                let factor = t[base + c]
                if i != r && factor != 0 {
                    j = 0
                    while j < width {
                        let value = t[base + j] - factor * t[pivotBase + j]
                        // Flush rounding residue so that exact zeros stay exact.
                        t[base + j] = value < 1e-12 && value > -1e-12 ? 0 : value
                        j += 1
                    }
                }
                i += 1
            }
        }
        basis[r] = c
    }
}
