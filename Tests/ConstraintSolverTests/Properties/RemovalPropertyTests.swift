import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// Over seeded random systems: removal undoes addition. Thanks to the stays the optimum is
/// unique, so "the same constraints" must mean "the same values", whatever the history.
@Suite struct RemovalPropertyTests {
    static let seeds: Range<UInt64> = 0..<200

    @Test func removingAddedConstraintsRestoresTheEarlierSolution() {
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            let before = loaded.values()
            var choices = system.choices
            // One to three extra constraints, removed again in a random order. A refused one
            // must leave the solution alone too.
            var added: [Constraint] = []
            for _ in 0..<choices.int(in: 1...3) {
                let extra = RandomSystem.randomConstraint(variableCount: system.variableCount, using: &choices)
                    .constraint(over: loaded.variables)
                if solverError({ try loaded.solver.addConstraint(extra) }) == nil { added.append(extra) }
            }
            while !added.isEmpty {
                let extra = added.remove(at: choices.int(in: 0...(added.count - 1)))
                if let error = solverError({ try loaded.solver.removeConstraint(extra) }) {
                    return ["removing \(extra) threw \(error)"]
                }
            }
            if loaded.solver.rebuildCount != 0 { return ["\(loaded.solver.rebuildCount) rebuilds"] }
            return difference(loaded.values(), before).map { ["after adding and removing extras: \($0)"] } ?? []
        }
    }

    @Test func removingAndReaddingAConstraintRestoresTheSolution() {
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            let before = loaded.values()
            var choices = system.choices
            let accepted = loaded.acceptedIndices
            let constraint = loaded.constraints[accepted[choices.int(in: 0...(accepted.count - 1))]]
            if let error = solverError({
                try loaded.solver.removeConstraint(constraint)
                try loaded.solver.addConstraint(constraint)
            }) {
                return ["removing and re-adding \(constraint) threw \(error)"]
            }
            return difference(loaded.values(), before).map { ["after re-adding \(constraint): \($0)"] } ?? []
        }
    }

    @Test func addingAllThenRemovingSomeEqualsAddingTheRest() {
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            var choices = system.choices
            // Remove about half of the accepted non-stay constraints (the stays keep the
            // optimum unique), in a random order.
            var removable = loaded.acceptedIndices.filter { !system.specs[$0].isStay }
            var removed = Set<Int>()
            while !removable.isEmpty && choices.chance(1, in: 2) {
                let i = removable.remove(at: choices.int(in: 0...(removable.count - 1)))
                if let error = solverError({ try loaded.solver.removeConstraint(loaded.constraints[i]) }) {
                    return ["removing \(loaded.constraints[i]) threw \(error)"]
                }
                removed.insert(i)
            }
            // Ordinary numbers never overflow, so no removal may rebuild the tableau (a
            // removal that expanded a lazy definition and cancelled the marker there pivoted on
            // a zero cell, and rebuilt for the "overflow").
            if loaded.solver.rebuildCount != 0 { return ["\(loaded.solver.rebuildCount) rebuilds"] }
            let rest = loaded.acceptedIndices.filter { !removed.contains($0) }.map { system.specs[$0] }
            // A subset of constraints the solver accepted together is feasible.
            let fresh = system.load(rest)
            if !fresh.rejections.isEmpty { return ["a fresh solver refused part of the rest"] }
            return difference(loaded.values(), fresh.values()).map { ["removed \(removed.count): \($0)"] } ?? []
        }
    }

    @Test func emptyingTheSolverAndRefillingItGivesTheSameSolution() {
        // Removing every constraint (in a random order) must leave nothing behind, and the
        // recycled symbols, rows and variable slots must serve the same system again.
        expectProperty(seeds: 0..<100) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            let before = loaded.values()
            var choices = system.choices
            var remaining = loaded.acceptedIndices
            while !remaining.isEmpty {
                let i = remaining.remove(at: choices.int(in: 0...(remaining.count - 1)))
                if let error = solverError({ try loaded.solver.removeConstraint(loaded.constraints[i]) }) {
                    return ["removing \(loaded.constraints[i]) threw \(error)"]
                }
            }
            var problems: [String] = []
            if loaded.solver.rebuildCount != 0 { problems.append("\(loaded.solver.rebuildCount) rebuilds") }
            if loaded.solver.constraintCount != 0 {
                problems.append("\(loaded.solver.constraintCount) constraints left")
            }
            if loaded.values().contains(where: { $0 != 0 }) { problems.append("values left: \(loaded.values())") }
            if !loaded.solver.ambiguousVariables().isEmpty { problems.append("variables left") }
            for i in loaded.acceptedIndices {
                if let error = solverError({ try loaded.solver.addConstraint(loaded.constraints[i]) }) {
                    return problems + ["re-adding \(loaded.constraints[i]) threw \(error)"]
                }
            }
            if let problem = difference(loaded.values(), before) { problems.append("refilled: \(problem)") }
            return problems
        }
    }

    @Test func resetAndRefillEqualsAFreshSolver() {
        expectProperty(seeds: 0..<100) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            let before = loaded.values()
            loaded.solver.reset()
            for i in loaded.acceptedIndices {
                if let error = solverError({ try loaded.solver.addConstraint(loaded.constraints[i]) }) {
                    return ["re-adding \(loaded.constraints[i]) after reset threw \(error)"]
                }
            }
            return difference(loaded.values(), before).map { ["after reset: \($0)"] } ?? []
        }
    }
}
