import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// Over seeded random sessions: a random sequence of additions, removals, constant changes and
/// edits, with the solution compared to the reference solver after every call, and the
/// variables `updateVariables()` reports changed compared with the values before the call.
/// The stays are never removed, so the optimum stays unique throughout.
@Suite struct OperationSequencePropertyTests {
    static let seeds: Range<UInt64> = 0..<100
    static let operationsPerSession = 14

    /// What the solver should hold: its constraints (as specs, with the objects added) and
    /// its edit variables with their last suggestions.
    private struct Model {
        var specs: [ConstraintSpec] = []
        var constraints: [Constraint] = []
        var edits: [(variable: Int, priority: Priority, value: Double)] = []

        /// The constraints and the edits (as `v == value` at the edit's priority).
        var allSpecs: [ConstraintSpec] {
            specs
                + edits.map {
                    ConstraintSpec(
                        terms: [($0.variable, 1)], constant: -$0.value, relation: .equal, priority: $0.priority)
                }
        }
    }

    /// Where the solver under test keeps its variables' slots.
    enum SlotKeeping: CaseIterable {
        /// In its own table by identity: a public `Solver()`.
        case table
        /// In the variables (`Solver(keepingSlotsInVariables: true)`, HostKit's engine).
        case variables
        /// In the variables, with a second such solver holding every other variable's mark
        /// from the start: the solver under test finds those in its table. Halfway through,
        /// the rival is reset (its marks cleared, so the solver under test holds variables in
        /// its table whose mark is free) and then takes the marks of the other half that are
        /// still free.
        case variablesSharedWithARival
    }

    @Test(arguments: SlotKeeping.allCases)
    func everyCallMatchesTheReference(keeping: SlotKeeping) {
        checkSessions(pairing: false, keeping: keeping)
    }

    /// The same sessions with every optional inequality followed by its opposite (the same
    /// expression, the other relation, an optional priority of its own), as HostKit adds a
    /// view's content hugging and compression resistance: the solver keeps such a pair in one
    /// row (`Solver.addConstraint(_:)`), and removing either, changing either's constant or
    /// adding more must give the reference's optimum all the same.
    @Test func everyCallMatchesTheReferenceWithOppositeInequalitiesAddedInPairs() {
        checkSessions(pairing: true, keeping: .table)
    }

    private func checkSessions(pairing: Bool, keeping: SlotKeeping) {
        var operationsChecked = 0
        expectProperty(seeds: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let n = system.variableCount
            let variables = (0..<n).map { Variable("v\($0)") }
            let solver = keeping == .table ? Solver() : Solver(keepingSlotsInVariables: true)
            let rival = Solver(keepingSlotsInVariables: true)
            // The rival holds the variables `k` with `k % 2 == parity` (a weak stay each).
            func rivalHolds(parity: Int) -> [String] {
                for k in stride(from: parity, to: n, by: 2) {
                    let stay = (variables[k] >= -1000).withPriority(.fittingSizeLevel)
                    if let error = solverError({ try rival.addConstraint(stay) }) { return ["rival: \(error)"] }
                }
                return []
            }
            if keeping == .variablesSharedWithARival {
                let problems = rivalHolds(parity: 0)
                if !problems.isEmpty { return problems }
            }
            var model = Model()
            var choices = system.choices
            // What `value(of:)` gave after the previous `updateVariables()` (0 for every
            // variable before the first).
            var previous = [UInt64](repeating: 0, count: n)

            func feasible(_ specs: [ConstraintSpec]) -> Bool {
                ReferenceSolver.isFeasible(system.linear(specs), variableCount: n)
            }

            // Start from the system, keeping what the reference accepts.
            let specs = pairing ? system.specs.flatMap { $0.withOpposite(using: &choices) } : system.specs
            for spec in specs where feasible(model.specs + [spec]) {
                let constraint = spec.constraint(over: variables)
                if let error = solverError({ try solver.addConstraint(constraint) }) {
                    return ["adding \(constraint) threw \(error)"]
                }
                model.specs.append(spec)
                model.constraints.append(constraint)
            }

            for step in 0..<Self.operationsPerSession {
                if keeping == .variablesSharedWithARival, step == Self.operationsPerSession / 2 {
                    rival.reset()
                    let problems = rivalHolds(parity: 1)
                    if !problems.isEmpty { return problems }
                }
                let removable = model.specs.indices.filter { !model.specs[$0].isStay }
                let unedited = (0..<n).filter { k in !model.edits.contains { $0.variable == k } }
                var description = ""
                switch choices.int(in: 0...9) {
                case 0...2:
                    let random = RandomSystem.randomConstraint(variableCount: n, using: &choices)
                    for spec in pairing ? random.withOpposite(using: &choices) : [random] {
                        let constraint = spec.constraint(over: variables)
                        description += (description.isEmpty ? "add " : ", then ") + "\(constraint)"
                        let error = solverError { try solver.addConstraint(constraint) }
                        switch (error, feasible(model.specs + [spec])) {
                        case (nil, true):
                            model.specs.append(spec)
                            model.constraints.append(constraint)
                        case (.some(.unsatisfiableConstraint), false): break
                        case (let error, let ok):
                            return [
                                "step \(step), \(description): error \(String(describing: error)), reference feasible: \(ok)"
                            ]
                        }
                    }
                case 3...4 where !removable.isEmpty:
                    let i = removable[choices.int(in: 0...(removable.count - 1))]
                    description = "remove \(model.constraints[i])"
                    if let error = solverError({ try solver.removeConstraint(model.constraints[i]) }) {
                        return ["step \(step), \(description): \(error)"]
                    }
                    model.specs.remove(at: i)
                    model.constraints.remove(at: i)
                case 5...6:
                    let i = choices.int(in: 0...(model.specs.count - 1))
                    let constant = Double(choices.int(in: -60...60))
                    description = "setConstant(\(constant)) for \(model.constraints[i])"
                    var changed = model.specs
                    changed[i] = changed[i].withConstant(constant)
                    let error = solverError { try solver.setConstant(constant, for: model.constraints[i]) }
                    switch (error, feasible(changed)) {
                    case (nil, true): model.specs = changed
                    case (.some(.unsatisfiableConstraint), false): break
                    case (let error, let ok):
                        return [
                            "step \(step), \(description): error \(String(describing: error)), reference feasible: \(ok)"
                        ]
                    }
                case 7 where !unedited.isEmpty:
                    let k = unedited[choices.int(in: 0...(unedited.count - 1))]
                    let priority = choices.element(of: [
                        Priority.defaultHigh, .sceneSizeStayPut, 251, .defaultLow, .fittingSizeLevel,
                    ])
                    let value = Double(choices.int(in: -60...60))
                    description = "edit v\(k) at \(priority), suggest \(value)"
                    if let error = solverError({
                        try solver.addEditVariable(variables[k], priority: priority)
                        try solver.suggestValue(value, for: variables[k])
                    }) {
                        return ["step \(step), \(description): \(error)"]
                    }
                    model.edits.append((k, priority, value))
                case 8 where !model.edits.isEmpty:
                    let e = choices.int(in: 0...(model.edits.count - 1))
                    let value = Double(choices.int(in: -60...60))
                    description = "suggest \(value) for v\(model.edits[e].variable)"
                    if let error = solverError({
                        try solver.suggestValue(value, for: variables[model.edits[e].variable])
                    }) {
                        return ["step \(step), \(description): \(error)"]
                    }
                    model.edits[e].value = value
                case 9 where !model.edits.isEmpty:
                    let e = choices.int(in: 0...(model.edits.count - 1))
                    description = "remove edit v\(model.edits[e].variable)"
                    if let error = solverError({ try solver.removeEditVariable(variables[model.edits[e].variable]) }) {
                        return ["step \(step), \(description): \(error)"]
                    }
                    model.edits.remove(at: e)
                default:
                    continue
                }
                operationsChecked += 1
                let changed = solver.updateVariables()
                // Exactly the variables whose value's bits differ from the previous call's, each once.
                let current = variables.map { solver.value(of: $0).bitPattern }
                let expectedChanged = (0..<n).filter { current[$0] != previous[$0] }.map { variables[$0].name }
                let reported = changed.map(\.name)
                if reported.sorted() != expectedChanged.sorted() || Set(reported).count != reported.count {
                    return [
                        "step \(step), after \(description): reported changed \(reported), expected \(expectedChanged)"
                    ]
                }
                previous = current
                guard let expected = system.reference(model.allSpecs) else {
                    return ["step \(step), \(description): the reference finds the model infeasible"]
                }
                if let problem = difference(variables.map { solver.value(of: $0) }, expected) {
                    return ["step \(step), after \(description): \(problem)"]
                }
                if solver.constraintCount != model.specs.count + model.edits.count {
                    return [
                        "step \(step), after \(description): \(solver.constraintCount) constraints, expected \(model.specs.count + model.edits.count)"
                    ]
                }
            }
            return []
        }
        #expect(operationsChecked > Self.seeds.count * Self.operationsPerSession / 2)
    }
}
