import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// Over seeded random systems: required constraints hold, and the solver refuses a required
/// constraint exactly when the reference solver finds it infeasible, naming constraints that
/// really conflict with it.
@Suite struct RequiredConstraintPropertyTests {
    static let seeds: Range<UInt64> = 0..<200

    @Test func acceptedRequiredConstraintsHold() {
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            let values = loaded.values()
            var problems: [String] = []
            for i in loaded.acceptedIndices where system.specs[i].priority.isRequired {
                let constraint = system.specs[i].linear(variableCount: system.variableCount)
                let scale = max(1, abs(constraint.constant))
                let miss = violation(of: constraint, at: values)
                if miss > 1e-6 * scale { problems.append("\(loaded.constraints[i]) misses by \(miss) at \(values)") }
            }
            return problems
        }
    }

    @Test func rejectionHappensExactlyWhenTheReferenceFindsTheSystemInfeasible() {
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            var problems: [String] = []
            // Replay the additions: each one is checked against the required constraints the
            // solver had accepted before it.
            var acceptedSoFar: [ConstraintSpec] = []
            for (i, spec) in system.specs.enumerated() {
                let feasible = ReferenceSolver.isFeasible(
                    system.linear(acceptedSoFar + [spec]), variableCount: system.variableCount)
                if loaded.accepted[i] != feasible {
                    problems.append(
                        "\(loaded.constraints[i]) was \(loaded.accepted[i] ? "accepted" : "rejected") but the reference finds it \(feasible ? "feasible" : "infeasible")"
                    )
                }
                if loaded.accepted[i] { acceptedSoFar.append(spec) }
            }
            return problems
        }
    }

    @Test func conflictsAreRequiredConstraintsThatReallyConflict() {
        var rejections = 0
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            var problems: [String] = []
            for (i, conflicts) in loaded.rejections {
                rejections += 1
                // Each conflict is a required constraint the solver held when it refused.
                var conflictSpecs: [ConstraintSpec] = []
                for conflict in conflicts {
                    guard let j = loaded.constraints.firstIndex(where: { $0 === conflict }),
                        j < i, loaded.accepted[j], conflict.priority.isRequired
                    else {
                        problems.append(
                            "\(conflict) named as a conflict of \(loaded.constraints[i]) is not a required constraint added before it"
                        )
                        continue
                    }
                    conflictSpecs.append(system.specs[j])
                }
                // Together with the rejected constraint they are infeasible: they prove it.
                if ReferenceSolver.isFeasible(
                    system.linear(conflictSpecs + [system.specs[i]]), variableCount: system.variableCount)
                {
                    problems.append("\(loaded.constraints[i]) with its conflicts \(conflicts) is feasible")
                }
            }
            return problems
        }
        // The generator must exercise this: required constraints are common enough to clash.
        #expect(rejections > 20)
    }
}
