import ConstraintSolver

/// A scripted session on each seeded ``RandomSystem``, recorded as every number the solver
/// gave: what the solver's determinism checks compare across solvers and processes, and what
/// `solver-benchmark --digest-random` prints.
///
/// The script covers adds, refused constraints, removals, edits, constant changes and
/// ``Solver/ambiguousVariables()``, not only the benchmark workloads' equalities and bounds.
public enum DeterminismTrace {
    /// The seeds replayed: 60, enough for every relation, priority and refusal to occur many
    /// times, and a run that takes well under a second in a debug build.
    public static let seeds: Range<UInt64> = 0..<60

    /// The numbers of one replay on a fresh solver with fresh variables, in order: the random
    /// system of `seed` added (`1` or `0` for accepted or refused, then every value, per
    /// constraint), the indices of the ambiguous variables (their count first), an edit variable
    /// on `v0` at 500 suggested three values, a constant changed, constraints removed (every
    /// value after each step), and the ambiguous variables again.
    ///
    /// `padding` objects are allocated between the variables so that their addresses — and so
    /// their hash values and any dictionary order — differ from one replay to the next.
    public static func numbers(seed: UInt64, padding: Int = 0) -> [Double] {
        let system = RandomSystem(seed: seed)
        var keepAlive: [Variable] = []
        var variables: [Variable] = []
        for k in 0..<system.variableCount {
            for p in 0..<padding { keepAlive.append(Variable("padding \(k).\(p)")) }
            variables.append(Variable("v\(k)"))
        }
        let solver = Solver()
        var numbers: [Double] = []
        func record() {
            solver.updateVariables()
            numbers += variables.map { solver.value(of: $0) }
        }
        func recordAmbiguity() {
            let ambiguous = solver.ambiguousVariables()
            numbers.append(Double(ambiguous.count))
            for v in ambiguous { numbers.append(Double(variables.firstIndex { $0 === v } ?? -1)) }
        }
        /// Whether the call was accepted: a refusal is part of the trace, not a failure.
        func accepted(_ body: () throws -> Void) -> Bool {
            (try? body()) != nil
        }

        var added: [Constraint] = []
        for spec in system.specs {
            let constraint = spec.constraint(over: variables)
            let isAdded = accepted { try solver.addConstraint(constraint) }
            if isAdded { added.append(constraint) }
            numbers.append(isAdded ? 1 : 0)
            record()
        }
        recordAmbiguity()
        // Another stream than the system's own, so the script's choices do not repeat its draws.
        var choices = SplitMix64(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B)
        if accepted({ try solver.addEditVariable(variables[0], priority: .sceneSizeStayPut) }) {
            for _ in 0..<3 {
                _ = accepted { try solver.suggestValue(Double(choices.int(in: -60...60)), for: variables[0]) }
                record()
            }
        }
        if !added.isEmpty {
            let changed = added[choices.int(in: 0...(added.count - 1))]
            _ = accepted { try solver.setConstant(Double(choices.int(in: -60...60)), for: changed) }
            record()
        }
        for constraint in added where choices.chance(1, in: 3) {
            _ = accepted { try solver.removeConstraint(constraint) }
            record()
        }
        recordAmbiguity()
        withExtendedLifetime(keepAlive) {}
        return numbers
    }

    /// One JSON line per seed, `{"seed": 0, "digest": "<16 hex digits>"}`: the
    /// ``SolutionDigest`` of ``numbers(seed:padding:)``.
    public static func lines() -> [String] {
        seeds.map { seed in
            var digest = SolutionDigest()
            for number in numbers(seed: seed) { digest.combine(number) }
            return "{\"seed\": \(seed), \"digest\": \"\(digest.hex)\"}"
        }
    }
}
