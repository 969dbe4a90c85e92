import ConstraintSolver

/// A 64-bit FNV-1a hash of solver values, to compare solutions bit for bit across processes.
///
/// Each value contributes the 8 bytes of its `bitPattern`, least significant byte first, so
/// `0.0` and `-0.0` differ and nothing is lost to rounding or formatting.
public struct SolutionDigest: Sendable {
    /// FNV-1a's 64-bit offset basis and prime (Fowler–Noll–Vo, as published).
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash so far.
    public private(set) var value = SolutionDigest.offsetBasis

    /// An empty digest.
    public init() {}

    /// Mixes one value into the hash.
    public mutating func combine(_ number: Double) {
        var bits = number.bitPattern
        for _ in 0..<8 {
            value = (value ^ (bits & 0xff)) &* Self.prime
            bits >>= 8
        }
    }

    /// The hash as 16 lowercase hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The fixed systems of `solver-benchmark --digest`: every workload at n = 50 with 20
/// operations. The solver's determinism tests compute the same lines in two processes.
public enum WorkloadDigest {
    /// Size of each system; small enough that the whole run takes well under a second in debug.
    public static let n = 50
    /// Operations after the build, `k = 0…19`.
    public static let operationCount = 20

    /// One JSON line per workload, `{"workload": "rows", "n": 50, "digest": "<16 hex digits>"}`:
    /// the digest of every variable's value (in the workload's fixed variable order) after the
    /// build and after every operation, each read after `updateVariables()`.
    public static func lines() throws(WorkloadFailure) -> [String] {
        var lines: [String] = []
        for workload in allSolverWorkloads {
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
                throw WorkloadFailure(workload: workload.name, n: n, error: error)
            }
            lines.append("{\"workload\": \"\(workload.name)\", \"n\": \(n), \"digest\": \"\(digest.hex)\"}")
        }
        return lines
    }
}
