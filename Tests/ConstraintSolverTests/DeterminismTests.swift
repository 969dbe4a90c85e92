import ConstraintSolver
import ConstraintSolverTesting
import Foundation
import Testing

/// The same calls give bit-identical values: in two solvers of one process (whose variables
/// live at different addresses, so any hash-ordered choice would differ), and in two processes
/// (with different hash seeds).
///
/// The other processes are this test binary again, running only
/// ``DigestWriter/writeDigests()``, which writes the digests of the benchmark workloads
/// (``WorkloadDigest``) and of the random systems (``DeterminismTrace``) to a file: the same
/// lines `solver-benchmark --digest` and `--digest-random` print, from the same code.
@Suite struct DeterminismTests {
    @Test func twoSolversInOneProcessAgreeBitForBit() {
        for seed in DeterminismTrace.seeds {
            let first = DeterminismTrace.numbers(seed: seed, padding: 0)
            let second = DeterminismTrace.numbers(seed: seed, padding: 1 + Int(seed % 5))
            #expect(!first.isEmpty)
            #expect(first.map(\.bitPattern) == second.map(\.bitPattern), "seed \(seed)")
        }
    }

    /// The digests of this process, in the order ``DigestWriter`` writes them.
    private static func digestsHere() throws -> [String] {
        try WorkloadDigest.lines() + DeterminismTrace.lines()
    }

    /// Runs this test binary again with only the digest writer enabled, with or without
    /// `SWIFT_DETERMINISTIC_HASHING`, and returns the lines it wrote.
    private static func digestsInAnotherProcess(deterministicHashing: Bool) throws -> [String] {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("solver-digests-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        // The test binary itself (on Linux the tests run in one executable).
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", "DigestWriter"]
        var environment = ProcessInfo.processInfo.environment
        environment[DigestWriter.outputVariable] = output.path
        environment["SWIFT_DETERMINISTIC_HASHING"] = deterministicHashing ? "1" : nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the digest writer exited with \(process.terminationStatus)")
        let text = try String(contentsOf: output, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// Two other processes, one hashing with a random seed and one with a fixed seed, write the
    /// same digests, and the same as this process computes: any hash-order dependence would
    /// show as a different digest.
    @Test func twoProcessesAgreeWithThisOneBitForBit() throws {
        let here = try Self.digestsHere()
        let random = try Self.digestsInAnotherProcess(deterministicHashing: false)
        let fixed = try Self.digestsInAnotherProcess(deterministicHashing: true)
        // Three workload lines and one per seed, each with a 16-digit hexadecimal digest.
        #expect(here.count == 3 + DeterminismTrace.seeds.count)
        for line in here {
            let digest = try #require(line.split(separator: "\"").dropLast().last.map(String.init), "\(line)")
            #expect(digest.count == 16 && digest.allSatisfy(\.isHexDigit), "\(line)")
        }
        #expect(random == here)
        #expect(fixed == here)
    }
}

/// Writes this process's digests to the file named by ``outputVariable``, for
/// ``DeterminismTests`` running in another process. Enabled only there.
@Suite struct DigestWriter {
    /// The environment variable naming the file to write.
    static let outputVariable = "CONSTRAINT_SOLVER_DIGEST_OUTPUT"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[DigestWriter.outputVariable] != nil))
    func writeDigests() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.outputVariable])
        let lines = try WorkloadDigest.lines() + DeterminismTrace.lines()
        #expect(lines.count == 3 + DeterminismTrace.seeds.count)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
