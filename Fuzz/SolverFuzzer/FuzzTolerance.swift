import ConstraintSolver

/// How close the fuzzer's checks require numbers to be: rounding, relative to the size of the
/// numbers that were combined, never an absolute error.
///
/// The solver computes in `Double` and pivots, so a value carries rounding relative to the
/// largest numbers it was computed from — a variable near 1 in a system that also holds 1e9
/// can be off by about 1e-7. So both checks are relative to a scale of the numbers involved.
enum FuzzTolerance {
    /// The allowed error, relative to the scale: `1e-8`, ten million roundings of a `Double`
    /// (2.2e-16 each), which a few dozen pivots on numbers whose ratios reach 1e6 (the usual
    /// coefficients are 0.5…10; the solution is not checked once the extreme ones, 1e-8…1e8
    /// as the solver accepts them, have been used) stay within.
    static let relative = 1e-8

    /// The allowed error relative to the largest number the solver has held since it was
    /// created or reset (its constants, values and terms, removed constraints included): the
    /// solver takes a row constant below `1e-12` of that for zero (documented at
    /// `Tableau.isNearZero(_:)`: rounding residue of a large value outlives the constraint that
    /// brought it), so a required constraint may miss by that much; a hundred times that here.
    static let heldRelative = 1e-10

    /// The error, relative to a constraint's own numbers, below which it certainly holds: a
    /// few thousand roundings. A solution that meets every required constraint this closely
    /// shows the system is feasible.
    static let strict = 1e-12

    /// The solver's threshold on a row's constant (`SparseRow.epsilon`): a row constant below
    /// it is zero, so a required row may miss by that much.
    static let zeroThreshold = 1e-8

    /// Whether two values of a variable agree: within ``relative`` of the system's scale (the
    /// largest constant, suggested value or variable value, and at least 1), or within
    /// ``heldRelative`` of the largest number held.
    static func agree(_ a: Double, _ b: Double, scale: Double, held: Double) -> Bool {
        abs(a - b) <= max(relative * max(scale, abs(a), abs(b)), heldRelative * held)
    }

    /// How far `Σ coefficient·value + constant (relation) 0` is from holding, or `nil` when it
    /// holds within ``relative`` of its own largest term (and at least 1), or within
    /// ``heldRelative`` of the largest number the solver has held (as a constant of the
    /// constraint, or as the error of one of its variables).
    ///
    /// Computed with the coefficients divided by the largest one and the values by the largest
    /// one (and at least 1), so that a constraint such as `1e8·x - 1e8·y == 0` with values
    /// near `1e300` (a suggestion of 1e15 through a chain of coefficients 1e8) is evaluated
    /// without overflow.
    static func violation(
        of constraint: Constraint, constant: Double, in solver: Solver, held: Double, relative: Double = relative,
        variableResolution: Double? = nil
    ) -> String? {
        let terms = constraint.expression.terms.filter { $0.coefficient != 0 }
        let coefficientScale = terms.map { abs($0.coefficient) }.max() ?? 1
        let valueScale = max(1, terms.map { abs(solver.value(of: $0.variable)) }.max() ?? 1)
        var sum = constant / coefficientScale / valueScale
        var largest = abs(sum)
        for term in terms {
            let product = (term.coefficient / coefficientScale) * (solver.value(of: term.variable) / valueScale)
            sum += product
            largest = max(largest, abs(product))
        }
        // One, in the same units.
        let unit = 1 / coefficientScale / valueScale
        let error = miss(sum, constraint.relation)
        // The solver's zero test applies to a row's constant, in the units of the constraint
        // (`unit`) or, once the row is solved for a variable, in those of the variable: a
        // variable off by rounding misses `1e300·x == 0` by 1e300 times that (`1 / valueScale`
        // here, the coefficients being divided by the largest).
        let heldError = heldRelative * held * max(unit, 1 / valueScale)
        // A required row may miss by the solver's zero threshold in its variables' units
        // (`Tableau.insertConstraint` divides what a row misses by by its largest coefficient,
        // when that is above 1): `1 / valueScale` here, the coefficients being divided by it.
        // Another required row may miss by the threshold too, and a variable it holds is then
        // off by up to `variableResolution`, which this row sees through its coefficients
        // (`0.5·v + 1e-8 <= 0` held `v` 2e-8 from `10·v + 1e-8 >= 0`, which then missed by
        // 1.9e-7). (Only when the caller gives it: a check of what certainly holds, with
        // ``strict``, gives none.)
        // Twice that: this row's own threshold and another's can add up (`0.5·v >= 0` and
        // `0.5·v + 1e-8 <= 0` both held, `v` at -2.000000165e-8; seed 3001).
        let sharedError =
            variableResolution.map {
                2 * $0 * terms.reduce(0) { $0 + abs($1.coefficient) } / coefficientScale / valueScale
            } ?? 0
        guard error > max(relative * max(largest, unit, 1 / valueScale), heldError, sharedError) else { return nil }
        let values = terms.map { "\($0.variable) = \(solver.value(of: $0.variable))" }.joined(separator: ", ")
        return "off by \(error * coefficientScale * valueScale) at \(values)"
    }

    /// Whether `constraint` misses, in the solver's current values, by more than rounding of
    /// its own constant and coefficients (``strict`` of the largest of them, and at least 1):
    /// the values' size is left out, so that a residual a huge value cannot explain by its
    /// own rounding, because it cancels out (`v0 - v0 + 8`), is seen.
    static func missesBeyondItsOwnNumbers(_ constraint: Constraint, constant: Double, in solver: Solver) -> Bool {
        let terms = combinedTerms(of: constraint)
        let residual = terms.reduce(constant) { $0 + $1.coefficient * solver.value(of: $1.variable) }
        return miss(residual, constraint.relation) > strict
            * max(1, abs(constant), terms.map { abs($0.coefficient) }.max() ?? 0)
    }

    /// How far `residual (relation) 0` is from holding: 0 when it holds.
    private static func miss(_ residual: Double, _ relation: Relation) -> Double {
        switch relation {
        case .equal: abs(residual)
        case .lessThanOrEqual: max(0, residual)
        case .greaterThanOrEqual: max(0, -residual)
        }
    }

    /// The constraint's terms with those of one variable combined, as the solver combines
    /// them, in the order the variables first appear, zero coefficients left out: evaluated
    /// term by term, `-1·v3 + v3 + 1e-8` with `v3` at 1e14 lost the 1e-8 (`1e-8 - 1e14 +
    /// 1e14` is 0), which the solver's rows never see (seed 12004).
    static func combinedTerms(of constraint: Constraint) -> [Term] {
        var terms: [Term] = []
        for term in constraint.expression.terms {
            if let i = terms.firstIndex(where: { $0.variable === term.variable }) {
                terms[i] = Term(term.variable, coefficient: terms[i].coefficient + term.coefficient)
            } else {
                terms.append(term)
            }
        }
        return terms.filter { $0.coefficient != 0 }
    }
}
