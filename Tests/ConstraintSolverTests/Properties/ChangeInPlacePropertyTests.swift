import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// Over seeded random systems: changing a constant or suggesting a value in place gives the
/// solution that a fresh solver, built with those numbers from the start, finds.
@Suite struct ChangeInPlacePropertyTests {
    static let seeds: Range<UInt64> = 0..<160

    @Test func setConstantEqualsBuildingWithThatConstant() {
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            var choices = system.choices
            let accepted = loaded.acceptedIndices
            // The specs as the solver currently holds them.
            var current = system.specs
            for step in 0..<2 {
                let i = accepted[choices.int(in: 0...(accepted.count - 1))]
                let constant = Double(choices.int(in: -60...60))
                let constraint = loaded.constraints[i]
                let before = loaded.values()
                var changed = current
                changed[i] = current[i].withConstant(constant)
                let changedSpecs = accepted.map { changed[$0] }
                let feasible = ReferenceSolver.isFeasible(
                    system.linear(changedSpecs), variableCount: system.variableCount)

                let error = solverError { try loaded.solver.setConstant(constant, for: constraint) }
                switch (error, feasible) {
                case (nil, true):
                    current = changed
                    let fresh = system.load(changedSpecs)
                    if !fresh.rejections.isEmpty { return ["step \(step): a fresh solver refused the changed system"] }
                    if let problem = difference(loaded.values(), fresh.values()) {
                        return ["step \(step), setConstant(\(constant)) for \(constraint): \(problem)"]
                    }
                case (.some(.unsatisfiableConstraint), false):
                    // Refused: the old constant and the old solution stay.
                    if loaded.solver.constant(of: constraint) != current[i].constant {
                        return ["step \(step): the refused constant \(constant) replaced \(current[i].constant)"]
                    }
                    if let problem = difference(loaded.values(), before) {
                        return [
                            "step \(step): refused setConstant(\(constant)) for \(constraint) changed the solution: \(problem)"
                        ]
                    }
                case (nil, false):
                    return [
                        "step \(step): setConstant(\(constant)) for \(constraint) was accepted; the reference finds it infeasible"
                    ]
                case (.some(let error), _):
                    return [
                        "step \(step): setConstant(\(constant)) for \(constraint) threw \(error); feasible: \(feasible)"
                    ]
                }
            }
            return []
        }
    }

    /// The system's accepted specs plus, for each edit variable, `v == value` at `priority`.
    private func specsWithEdits(
        _ system: RandomSystem, _ accepted: [ConstraintSpec],
        _ edits: [(variable: Int, priority: Priority, value: Double)],
        priority override: Priority? = nil
    ) -> [ConstraintSpec] {
        accepted
            + edits.map {
                ConstraintSpec(
                    terms: [($0.variable, 1)], constant: -$0.value, relation: .equal, priority: override ?? $0.priority)
            }
    }

    @Test func suggestedValuesEqualFreshSolversWithThoseValues() {
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            let accepted = loaded.acceptedIndices.map { system.specs[$0] }
            var choices = system.choices
            // One or two edit variables at priorities above the stays.
            var edits: [(variable: Int, priority: Priority, value: Double)] = []
            let first = choices.int(in: 0...(system.variableCount - 1))
            for variable in [first, (first + 1) % system.variableCount].prefix(choices.int(in: 1...2)) {
                let priority = choices.element(of: [
                    Priority.defaultHigh, .sceneSizeStayPut, 251, .defaultLow, .fittingSizeLevel,
                ])
                if let error = solverError({
                    try loaded.solver.addEditVariable(loaded.variables[variable], priority: priority)
                }) {
                    return ["addEditVariable threw \(error)"]
                }
                edits.append((variable, priority, 0))
            }
            for step in 0..<3 {
                let e = choices.int(in: 0...(edits.count - 1))
                edits[e].value = Double(choices.int(in: -60...60))
                if let error = solverError({
                    try loaded.solver.suggestValue(edits[e].value, for: loaded.variables[edits[e].variable])
                }) {
                    return ["step \(step): suggestValue threw \(error)"]
                }
                let specs = specsWithEdits(system, accepted, edits)
                let fresh = system.load(specs)
                if let problem = difference(loaded.values(), fresh.values()) {
                    return ["step \(step), edits \(edits): \(problem)"]
                }
                // The fresh solver is checked against the reference elsewhere; once is enough here.
                if step == 2 {
                    guard let expected = system.reference(specs) else { return ["the reference finds no solution"] }
                    if let problem = difference(loaded.values(), expected) {
                        return ["step \(step), edits \(edits), against the reference: \(problem)"]
                    }
                }
            }
            return []
        }
    }

    @Test func strongestSuggestionEqualsARequiredValueWhenThatIsFeasible() {
        // An edit above every other optional priority (999) is met exactly whenever its value
        // is feasible, so the solution is that of a fresh solver holding `v == value` as a
        // required constraint.
        var compared = 0
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let loaded = system.load()
            let accepted = loaded.acceptedIndices.map { system.specs[$0] }
            var choices = system.choices
            let variable = choices.int(in: 0...(system.variableCount - 1))
            if let error = solverError({ try loaded.solver.addEditVariable(loaded.variables[variable], priority: 999) })
            {
                return ["addEditVariable threw \(error)"]
            }
            for step in 0..<2 {
                let value = Double(choices.int(in: -60...60))
                if let error = solverError({ try loaded.solver.suggestValue(value, for: loaded.variables[variable]) }) {
                    return ["step \(step): suggestValue threw \(error)"]
                }
                let specs = specsWithEdits(system, accepted, [(variable, 999, value)], priority: .required)
                guard ReferenceSolver.isFeasible(system.linear(specs), variableCount: system.variableCount) else {
                    continue
                }
                compared += 1
                let fresh = system.load(specs)
                if let problem = difference(loaded.values(), fresh.values()) {
                    return ["step \(step), v\(variable) = \(value): \(problem)"]
                }
            }
            return []
        }
        #expect(compared > 100)
    }
}
