import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// Over seeded random systems: the solver's optimum equals the independent reference solver's.
/// The stays of ``RandomSystem`` make the optimum unique, so the two must agree exactly (up to
/// rounding).
@Suite struct ReferenceAgreementPropertyTests {
    static let seeds: Range<UInt64> = 0..<200

    /// The solver's values for the system, against the reference's for the constraints the
    /// solver accepted.
    private static func compareWithReference(_ system: RandomSystem) -> [String] {
        let loaded = system.load()
        let accepted = loaded.acceptedIndices.map { system.specs[$0] }
        guard let expected = system.reference(accepted) else {
            return ["the reference finds the accepted constraints infeasible"]
        }
        return difference(loaded.values(), expected).map { [$0] } ?? []
    }

    @Test func optimumEqualsTheReference() {
        expectProperty(seeds: Self.seeds) { Self.compareWithReference(RandomSystem(seed: $0)) }
    }

    @Test func optimumEqualsTheReferenceWithFractionalNumbers() {
        expectProperty(seeds: 0..<150) { Self.compareWithReference(RandomSystem(seed: $0, shape: .fractional)) }
    }

    @Test func optimumEqualsTheReferenceForLargerSystems() {
        expectProperty(seeds: 0..<30) { Self.compareWithReference(RandomSystem(seed: $0, shape: .large)) }
    }

    @Test func optimumEqualsTheReferenceWithOppositeInequalitiesInPairs() {
        // Every optional inequality followed by its opposite, which the solver keeps in the
        // first one's row (`Solver.addConstraint(_:)`), in every shape.
        for shape in [RandomSystem.Shape.small, .fractional, .large] {
            expectProperty(seeds: 0..<100) { seed in
                let system = RandomSystem(seed: seed, shape: shape)
                var choices = system.choices
                let specs = system.specs.flatMap { $0.withOpposite(using: &choices) }
                let loaded = system.load(specs)
                let accepted = loaded.acceptedIndices.map { specs[$0] }
                guard let expected = system.reference(accepted) else {
                    return ["the reference finds the accepted constraints infeasible"]
                }
                return difference(loaded.values(), expected).map { [$0] } ?? []
            }
        }
    }

    @Test func optimumEqualsTheReferenceOnFeasibleSystems() {
        // The reference drops every required constraint that would make the system
        // infeasible before the solver sees it: nothing is rejected, so this checks the
        // optimisation alone, apart from the solver's recovery from refused constraints.
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            var feasible: [ConstraintSpec] = []
            for spec in system.specs
            where ReferenceSolver.isFeasible(system.linear(feasible + [spec]), variableCount: system.variableCount) {
                feasible.append(spec)
            }
            let loaded = system.load(feasible)
            if !loaded.rejections.isEmpty { return ["a feasible constraint was rejected"] }
            guard let expected = system.reference(feasible) else { return ["the reference finds no solution"] }
            return difference(loaded.values(), expected).map { [$0] } ?? []
        }
    }

    @Test func optimumEqualsTheReferenceWithoutRequiredConstraints() {
        // Only optional constraints (required ones moved to 750): nothing is ever rejected,
        // so every system is compared in full.
        expectProperty(seeds: Self.seeds) { seed in
            let base = RandomSystem(seed: seed)
            let specs = base.specs.map { $0.priority.isRequired ? $0.withPriority(.defaultHigh) : $0 }
            let loaded = base.load(specs)
            guard let expected = base.reference(specs) else { return ["the reference finds no solution"] }
            return difference(loaded.values(), expected).map { [$0] } ?? []
        }
    }
}
