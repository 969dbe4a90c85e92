/// A small dense linear programme for ``Tableau/ambiguousSymbols(among:)``: how far a linear
/// function can rise over the directions a set of tight rows allows.
///
/// It maximises `c·x` subject to `A x >= 0` and `0 <= x <= 1`. The origin is feasible, so the
/// maximum is at least zero; it is positive exactly when some allowed direction raises `c·x`.
/// The primal simplex runs on a dense tableau with Bland's rule (lowest index enters, ties in
/// the ratio test go to the lowest basic index), which cannot cycle at the origin, where every
/// tight row is degenerate. Sizes are those of one connected group of tight rows, a handful in
/// practice, so the dense form is cheaper than anything clever.
enum ConeProbe {
    /// The maximum of `objective · x` subject to `constraints[i] · x >= 0` for every `i` and
    /// `0 <= x <= 1`.
    static func maximum(of objective: [Double], subjectTo constraints: [[Double]]) -> Double {
        let n = objective.count
        let m = constraints.count
        guard n > 0 else { return 0 }
        // Variables: x (0..<n), the slack s_i = A_i·x (n..<n+m), the room r_j = 1 - x_j
        // (n+m..<2n+m); the right-hand side is the last column. Rows: s_i - A_i·x = 0, then
        // x_j + r_j = 1; the slacks and rooms start basic.
        let width = 2 * n + m + 1
        let rhs = width - 1
        var table = [[Double]](repeating: [Double](repeating: 0, count: width), count: m + n)
        var basis = [Int](repeating: 0, count: m + n)
        for i in 0..<m {
            for j in 0..<n { table[i][j] = -constraints[i][j] }
            table[i][n + i] = 1
            basis[i] = n + i
        }
        for j in 0..<n {
            table[m + j][j] = 1
            table[m + j][n + m + j] = 1
            table[m + j][rhs] = 1
            basis[m + j] = n + m + j
        }
        // The objective row holds the reduced costs, `z - c·x = 0`: a negative entry improves.
        var cost = [Double](repeating: 0, count: width)
        for j in 0..<n { cost[j] = -objective[j] }
        // The rounding thresholds (how chosen, a453684: the tableau's own relative factor,
        // 1e-12, for reduced costs and pivot entries, and a few units in the last place of a
        // ratio near 1 for ties; not tuned, the probe being small and rare).
        let epsilon = 1e-12 * max(1, objective.map(abs).max() ?? 0)

        // Bland's rule terminates; the bound is a guard against rounding, never reached in
        // practice (the number of bases is finite, each visited at most once). 50 pivots per
        // row and 100 more is a generous round figure, not a measured one: a handful of pivots
        // per row is what the simplex usually needs.
        for _ in 0..<(50 * (m + n) + 100) {
            guard let entering = (0..<(width - 1)).first(where: { cost[$0] < -epsilon }) else { break }
            var leaving = -1
            var best = 0.0
            for row in 0..<(m + n) where table[row][entering] > 1e-12 {
                let ratio = table[row][rhs] / table[row][entering]
                if leaving < 0 || ratio < best - 1e-15 || (abs(ratio - best) <= 1e-15 && basis[row] < basis[leaving]) {
                    leaving = row
                    best = ratio
                }
            }
            // Unbounded cannot happen (every x is at most 1); stop rather than loop.
            guard leaving >= 0 else { break }
            let pivot = table[leaving][entering]
            for k in 0..<width { table[leaving][k] /= pivot }
            for row in 0..<(m + n) where row != leaving {
                let factor = table[row][entering]
                if factor != 0 {
                    for k in 0..<width { table[row][k] -= factor * table[leaving][k] }
                }
            }
            let factor = cost[entering]
            for k in 0..<width { cost[k] -= factor * table[leaving][k] }
            basis[leaving] = entering
        }
        return cost[rhs]
    }
}
