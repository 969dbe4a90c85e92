import ConstraintSolver
import ConstraintSolverTesting
import Testing

/// Runs a property on every seed and records one issue that lists the seeds where it failed
/// (describing the first few), so that one bug does not bury the report under hundreds of
/// identical failures. `check` returns the problems it found for a seed, empty when the
/// property holds.
func expectProperty(
    seeds: Range<UInt64>, sourceLocation: SourceLocation = #_sourceLocation,
    _ check: (UInt64) -> [String]
) {
    var failed: [(seed: UInt64, problems: [String])] = []
    for seed in seeds {
        let problems = check(seed)
        if !problems.isEmpty { failed.append((seed, problems)) }
    }
    guard !failed.isEmpty else { return }
    let seedList = failed.prefix(20).map { String($0.seed) }.joined(separator: ", ")
    let shown = failed.prefix(5).map { "seed \($0.seed): \($0.problems.prefix(3).joined(separator: "; "))" }
    Issue.record(
        "\(failed.count) of \(seeds.count) seeds failed (\(seedList))\n\(shown.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
}

/// Describes how two solutions differ, or returns `nil` when they agree within 1e-6.
func difference(_ actual: [Double], _ expected: [Double], tolerance: Double = 1e-6) -> String? {
    guard actual.count == expected.count else { return "\(actual.count) values, expected \(expected.count)" }
    for k in actual.indices where !isClose(actual[k], expected[k], tolerance: tolerance) {
        return "v\(k) = \(actual[k]), expected \(expected[k]) (all: \(actual) vs \(expected))"
    }
    return nil
}

extension RandomSystem {
    /// The random generator a property uses for its own choices on this system (which
    /// constraint to remove, which constant to set), independent of the system's generator.
    var choices: SplitMix64 { SplitMix64(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B) }

    /// The system added to a fresh solver.
    func load() -> LoadedSystem { LoadedSystem(specs, variableCount: variableCount) }

    /// The given specs added to a fresh solver over this system's variables.
    func load(_ specs: [ConstraintSpec]) -> LoadedSystem { LoadedSystem(specs, variableCount: variableCount) }

    /// The reference solution of `specs`, or `nil` when their required constraints conflict.
    func reference(_ specs: [ConstraintSpec]) -> [Double]? {
        ReferenceSolver.solve(linear(specs), variableCount: variableCount)
    }
}
