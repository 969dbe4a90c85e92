import ConstraintSolver
import Foundation
import Testing

/// The same calls give bit-identical values: in two solvers of one process (whose variables
/// live at different addresses, so any hash-ordered choice would differ), and in two processes
/// (with different hash seeds).
@Suite struct DeterminismTests {
    /// Replays a scripted session on a fresh solver with fresh variables and returns the bit
    /// pattern of every value after every step: the random system of `seed` added, an edit
    /// variable suggested three values, a constant changed, and constraints removed.
    /// `padding` objects are allocated between the variables so that their addresses (and so
    /// their hash values and any dictionary order) differ from one replay to the next.
    private static func trace(seed: UInt64, padding: Int) -> [UInt64] {
        let system = RandomSystem(seed: seed)
        var keepAlive: [Variable] = []
        var variables: [Variable] = []
        for k in 0..<system.variableCount {
            for p in 0..<padding { keepAlive.append(Variable("padding \(k).\(p)")) }
            variables.append(Variable("v\(k)"))
        }
        let solver = Solver()
        var bits: [UInt64] = []
        func record() {
            solver.updateVariables()
            bits += variables.map { solver.value(of: $0).bitPattern }
        }

        let constraints = system.specs.map { $0.constraint(over: variables) }
        var accepted: [Constraint] = []
        for constraint in constraints {
            if solverError({ try solver.addConstraint(constraint) }) == nil { accepted.append(constraint) }
            record()
        }
        var choices = system.choices
        if solverError({ try solver.addEditVariable(variables[0], priority: .sceneSizeStayPut) }) == nil {
            for _ in 0..<3 {
                _ = solverError { try solver.suggestValue(Double(choices.int(in: -60...60)), for: variables[0]) }
                record()
            }
        }
        let changed = accepted[choices.int(in: 0...(accepted.count - 1))]
        _ = solverError { try solver.setConstant(Double(choices.int(in: -60...60)), for: changed) }
        record()
        for constraint in accepted where choices.chance(1, in: 3) {
            _ = solverError { try solver.removeConstraint(constraint) }
            record()
        }
        withExtendedLifetime(keepAlive) {}
        return bits
    }

    @Test func twoSolversInOneProcessAgreeBitForBit() {
        for seed in UInt64(0)..<60 {
            let first = Self.trace(seed: seed, padding: 0)
            let second = Self.trace(seed: seed, padding: 1 + Int(seed % 5))
            #expect(!first.isEmpty)
            #expect(first == second, "seed \(seed)")
        }
    }

    /// `solver-benchmark`, built next to this test binary (the test target depends on it).
    private static func benchmarkExecutable() -> URL? {
        let directories = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
        ].compactMap { $0 }
        return directories.map { $0.appendingPathComponent("solver-benchmark") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `solver-benchmark --digest` and returns its standard output.
    private static func digest(_ executable: URL, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--digest"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read to the end before waiting, so a full pipe cannot block the child.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "solver-benchmark --digest exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test func twoProcessesPrintIdenticalDigests() throws {
        let executable = try #require(Self.benchmarkExecutable(), "solver-benchmark is not next to the test binary")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        let first = try Self.digest(executable, environment: environment)
        // The second process hashes with a fixed seed, the first with a random one: any
        // hash-order dependence would show as a different digest.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let second = try Self.digest(executable, environment: environment)

        let lines = first.split(separator: "\n")
        #expect(!lines.isEmpty, "no digest lines")
        for line in lines {
            // Each line is {"workload": "...", "n": N, "digest": "<16 hex digits>"}.
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let fields = try #require(object, "solver-benchmark --digest printed a line that is not a JSON object: \(line)")
            #expect(fields["workload"] is String, "\(line)")
            #expect(fields["n"] is Int, "\(line)")
            let digest = try #require(fields["digest"] as? String, "\(line)")
            #expect(digest.count == 16 && digest.allSatisfy(\.isHexDigit), "\(line)")
        }
        #expect(first == second)
    }
}
