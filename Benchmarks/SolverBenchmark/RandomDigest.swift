import ConstraintSolver

/// The seeded random systems of the solver tests' `DeterminismTests`, replayed for
/// `--digest-random`: the cross-process check then covers adds, rejected constraints, removals,
/// edits, constant changes and ``Solver/ambiguousVariables()``, not only the benchmark workloads.
///
/// The generator is a copy of the test target's `RandomSystem` (small shape) and `SplitMix64`,
/// and ``trace(seed:)`` follows `DeterminismTests`' script step by step; the test computes the
/// same digests in its own process and compares, so the two copies cannot drift apart unseen.
enum RandomDigestRun {
    /// The seeds replayed, those of `DeterminismTests`.
    static let seeds: Range<UInt64> = 0..<60

    /// One JSON line per seed: `{"seed": 0, "digest": "<16 hex digits>"}`.
    static func lines() -> [String] {
        seeds.map { seed in
            var digest = SolutionDigest()
            for number in trace(seed: seed) { digest.combine(number) }
            return "{\"seed\": \(seed), \"digest\": \"\(digest.hex)\"}"
        }
    }

    /// The numbers of one replay, in order: for each constraint added, `1` if accepted (`0` if
    /// refused) and then every variable's value; the same values after each of three suggestions
    /// to an edit variable on `v0` at 500, after one constant change, and after each removal;
    /// and the indices of ``Solver/ambiguousVariables()`` (their count first) after the adds
    /// and at the end.
    static func trace(seed: UInt64) -> [Double] {
        let system = RandomSpecs(seed: seed)
        let variables = (0..<system.variableCount).map { Variable("v\($0)") }
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

        var accepted: [Constraint] = []
        for spec in system.specs {
            let constraint = spec.constraint(over: variables)
            let added = (try? solver.addConstraint(constraint)) != nil
            if added { accepted.append(constraint) }
            numbers.append(added ? 1 : 0)
            record()
        }
        recordAmbiguity()
        var choices = SplitMix64(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B)
        if (try? solver.addEditVariable(variables[0], priority: .sceneSizeStayPut)) != nil {
            for _ in 0..<3 {
                _ = try? solver.suggestValue(Double(choices.int(in: -60...60)), for: variables[0])
                record()
            }
        }
        let changed = accepted[choices.int(in: 0...(accepted.count - 1))]
        _ = try? solver.setConstant(Double(choices.int(in: -60...60)), for: changed)
        record()
        for constraint in accepted where choices.chance(1, in: 3) {
            _ = try? solver.removeConstraint(constraint)
            record()
        }
        recordAmbiguity()
        return numbers
    }
}

/// A small random constraint system, as the test target's `RandomSystem(seed:)` draws it: 2–8
/// variables, 2–15 constraints of one to three terms (coefficients ±1…3, constants -50…50,
/// mixed relations and priorities), and a stay `v_k == c_k` at priority `1 + k` per variable
/// inserted at a random place.
struct RandomSpecs {
    struct Spec {
        var terms: [(variable: Int, coefficient: Double)]
        var constant: Double
        var relation: Relation
        var priority: Priority

        func constraint(over variables: [Variable]) -> Constraint {
            let expression = Expression(
                terms.map { Term(variables[$0.variable], coefficient: $0.coefficient) }, constant: constant)
            return Constraint(expression, relation, priority: priority)
        }
    }

    /// The test target's `RandomSystem.priorities` (required weighted three times).
    static let priorities: [Priority] = [
        .required, .required, .required, .defaultHigh, .sceneSizeStayPut, 251, .defaultLow, .fittingSizeLevel,
    ]

    let variableCount: Int
    let specs: [Spec]

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        variableCount = random.int(in: 2...8)
        var specs: [Spec] = []
        for _ in 0..<random.int(in: 2...15) {
            var terms: [(variable: Int, coefficient: Double)] = []
            for _ in 0..<random.int(in: 1...3) {
                let magnitude = random.element(of: [1.0, 2, 3])
                terms.append((random.int(in: 0...(variableCount - 1)), random.chance(1, in: 2) ? magnitude : -magnitude))
            }
            let relation = random.element(of: [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
            specs.append(Spec(
                terms: terms, constant: Double(random.int(in: -50...50)), relation: relation,
                priority: random.element(of: Self.priorities)))
        }
        for k in 0..<variableCount {
            let stay = Spec(
                terms: [(k, 1)], constant: Double(-random.int(in: -50...50)), relation: .equal,
                priority: Priority(Float(1 + k)))
            specs.insert(stay, at: random.int(in: 0...specs.count))
        }
        self.specs = specs
    }
}

/// Steele, Lea and Flood's SplitMix64, as in the test target: the same seeds give the same
/// systems on every machine and toolchain.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64's published increment and multipliers).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % width)
    }

    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        int(in: 0...(denominator - 1)) < numerator
    }

    mutating func element<T>(of array: [T]) -> T {
        array[int(in: 0...(array.count - 1))]
    }
}
