import ConstraintSolver
import Foundation
import Testing

/// The same calls give bit-identical values: in two solvers of one process (whose variables
/// live at different addresses, so any hash-ordered choice would differ), and in two processes
/// (with different hash seeds).
@Suite struct DeterminismTests {
    /// Replays a scripted session on a fresh solver with fresh variables and returns the
    /// numbers it observed: the random system of `seed` added (`1` or `0` for accepted or
    /// refused, then every value, per constraint), the indices of the ambiguous variables (their
    /// count first), an edit variable suggested three values, a constant changed, constraints
    /// removed (every value after each step), and the ambiguous variables again.
    /// `padding` objects are allocated between the variables so that their addresses (and so
    /// their hash values and any dictionary order) differ from one replay to the next.
    ///
    /// `solver-benchmark --digest-random` replays the same script (its `RandomDigestRun`):
    /// keep the two in step.
    private static func trace(seed: UInt64, padding: Int) -> [Double] {
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

        let constraints = system.specs.map { $0.constraint(over: variables) }
        var accepted: [Constraint] = []
        for constraint in constraints {
            let added = solverError({ try solver.addConstraint(constraint) }) == nil
            if added { accepted.append(constraint) }
            numbers.append(added ? 1 : 0)
            record()
        }
        recordAmbiguity()
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
        recordAmbiguity()
        withExtendedLifetime(keepAlive) {}
        return numbers
    }

    /// The 64-bit FNV-1a hash of the numbers' bit patterns, least significant byte first, as
    /// `solver-benchmark` digests them (its `SolutionDigest`), in 16 hex digits.
    private static func digest(_ numbers: [Double]) -> String {
        // FNV-1a's published 64-bit offset basis and prime.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for number in numbers {
            var bits = number.bitPattern
            for _ in 0..<8 {
                hash = (hash ^ (bits & 0xff)) &* 0x0000_0100_0000_01b3
                bits >>= 8
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test func twoSolversInOneProcessAgreeBitForBit() {
        for seed in UInt64(0)..<60 {
            let first = Self.trace(seed: seed, padding: 0)
            let second = Self.trace(seed: seed, padding: 1 + Int(seed % 5))
            #expect(!first.isEmpty)
            #expect(first.map(\.bitPattern) == second.map(\.bitPattern), "seed \(seed)")
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

    /// Runs `solver-benchmark` with one argument (`--digest` by default) and returns its
    /// standard output.
    private static func digest(
        _ executable: URL, environment: [String: String], argument: String = "--digest"
    ) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = [argument]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read to the end before waiting, so a full pipe cannot block the child.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "solver-benchmark \(argument) exited with \(process.terminationStatus)")
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

    /// The random systems of ``trace(seed:padding:)`` in two processes, one with a random hash
    /// seed and one with `SWIFT_DETERMINISTIC_HASHING`: adds, refused constraints, edits,
    /// constant changes, removals and `ambiguousVariables()` give the same digests in both, and
    /// the same as this process computes (which also proves the benchmark replays the very
    /// systems and script of this test).
    @Test func twoProcessesAgreeOnTheRandomSystems() throws {
        let executable = try #require(Self.benchmarkExecutable(), "solver-benchmark is not next to the test binary")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        let first = try Self.digest(executable, environment: environment, argument: "--digest-random")
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let second = try Self.digest(executable, environment: environment, argument: "--digest-random")
        #expect(first == second)

        let expected = (UInt64(0)..<60).map { seed in
            "{\"seed\": \(seed), \"digest\": \"\(Self.digest(Self.trace(seed: seed, padding: 0)))\"}"
        }
        #expect(first.split(separator: "\n").map(String.init) == expected)
    }
}
