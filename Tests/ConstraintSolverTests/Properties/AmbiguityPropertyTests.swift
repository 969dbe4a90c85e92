import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// Over seeded random systems: `ambiguousVariables()` lists exactly the variables that the
/// reference solver can move (down or up) without worsening any priority level.
@Suite struct AmbiguityPropertyTests {
    static let seeds: Range<UInt64> = 0..<200

    @Test func ambiguousVariablesAreThoseTheReferenceCanMove() {
        checkAmbiguity(pairing: false)
    }

    /// The same with every optional inequality followed by its opposite, which the solver
    /// keeps in the first one's row (`Solver.addConstraint(_:)`).
    @Test func ambiguousVariablesAreThoseTheReferenceCanMoveWithOppositeInequalitiesInPairs() {
        checkAmbiguity(pairing: true)
    }

    private func checkAmbiguity(pairing: Bool) {
        var ambiguousSeen = 0
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            var choices = system.choices
            // Without the stays, which would fix every variable.
            let unpaired = system.specs.filter { !$0.isStay }
            let specs = pairing ? unpaired.flatMap { $0.withOpposite(using: &choices) } : unpaired
            let loaded = system.load(specs)
            let accepted = loaded.acceptedIndices.map { specs[$0] }
            guard let expected = ReferenceSolver.ambiguity(system.linear(accepted), variableCount: system.variableCount)
            else { return ["the reference finds the accepted constraints infeasible"] }
            let found = loaded.solver.ambiguousVariables()
            var problems: [String] = []
            for k in 0..<system.variableCount {
                // A variable no accepted constraint mentions is unknown to the solver.
                guard accepted.contains(where: { $0.terms.contains { $0.variable == k } }) else { continue }
                let reported = found.contains { $0 === loaded.variables[k] }
                if expected[k] { ambiguousSeen += 1 }
                if reported != expected[k] {
                    problems.append(
                        "v\(k) is \(expected[k] ? "" : "not ")ambiguous but was \(reported ? "" : "not ")reported")
                }
            }
            if !problems.isEmpty {
                problems.append("constraints: \(accepted.map { $0.constraint(over: loaded.variables) })")
            }
            return problems
        }
        // The systems without stays must leave plenty of variables open.
        #expect(ambiguousSeen > 200)
    }

    @Test func staysFixEveryVariable() {
        expectProperty(seeds: Self.seeds) { seed in
            let loaded = RandomSystem(seed: seed).load()
            let found = loaded.solver.ambiguousVariables()
            return found.isEmpty ? [] : ["\(found) reported although every variable has a stay"]
        }
    }
}
