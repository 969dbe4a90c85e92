import ConstraintSolver

/// A 64-bit FNV-1a hash of solver values, to compare solutions bit for bit across processes.
///
/// Each value contributes the 8 bytes of its `bitPattern`, least significant byte first, so
/// `0.0` and `-0.0` differ and nothing is lost to rounding or formatting.
struct SolutionDigest {
    /// FNV-1a's 64-bit offset basis and prime (Fowler–Noll–Vo, as published).
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    private(set) var value = SolutionDigest.offsetBasis

    /// Mixes one value into the hash.
    mutating func combine(_ number: Double) {
        var bits = number.bitPattern
        for _ in 0..<8 {
            value = (value ^ (bits & 0xff)) &* Self.prime
            bits >>= 8
        }
    }

    /// The hash as 16 lowercase hexadecimal digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The fixed systems of `--digest` mode: every workload at n = 50 with 20 operations.
enum DigestRun {
    /// Size of each system; small enough that the whole run takes well under a second in debug.
    static let n = 50
    /// Operations after the build, `k = 0…19`.
    static let operationCount = 20

    /// One JSON line per workload, `{"workload": "rows", "n": 50, "digest": "<16 hex digits>"}`:
    /// the digest of every variable's value (in the workload's fixed variable order) after the
    /// build and after every operation, each read after `updateVariables()`.
    static func lines() throws(BenchmarkFailure) -> [String] {
        var lines: [String] = []
        for workload in allWorkloads {
            var digest = SolutionDigest()
            do {
                let system = try workload.init(n: n)
                let variables = system.variables
                func record() {
                    // churn does not update in its operation; updating twice is harmless.
                    system.solver.updateVariables()
                    for variable in variables { digest.combine(system.solver.value(of: variable)) }
                }
                record()
                for k in 0..<operationCount {
                    try system.operate(k)
                    record()
                }
            } catch {
                throw .solver(workload: workload.name, n: n, error)
            }
            lines.append("{\"workload\": \"\(workload.name)\", \"n\": \(n), \"digest\": \"\(digest.hex)\"}")
        }
        return lines
    }
}
