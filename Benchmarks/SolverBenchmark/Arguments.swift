import ConstraintSolverTesting

/// What the command line asks for.
enum Command: Equatable {
    /// Benchmark the named workloads at each size, in that order.
    case benchmark(workloads: [String], sizes: [Int], repetitions: Int, buildOnly: Bool)
    /// Print the digests of the fixed systems (``WorkloadDigest`` (ConstraintSolverTesting)).
    case digest
    /// Print the digests of the seeded random systems (``DeterminismTrace`` (ConstraintSolverTesting)).
    case digestRandom
    /// Print the usage.
    case help
}

/// A command line that cannot be run; ``message`` says why.
struct UsageError: Error, Equatable {
    var message: String
}

/// Parses `solver-benchmark`'s arguments.
///
/// ```
/// solver-benchmark                                  # rows, chain, churn at n = 100 and 1000
/// solver-benchmark --workload chain --n 10000       # one workload at one size
/// solver-benchmark --workload rows                  # one workload at n = 100 and 1000
/// solver-benchmark --n 500 --repetitions 9          # every workload at one size
/// solver-benchmark --workload chain --n 10000 --build-only   # build time and memory only
/// solver-benchmark --digest                         # solution digests for the solver tests
/// solver-benchmark --digest-random                  # digests of the tests' random systems
/// ```
enum Arguments {
    /// The sizes run when `--n` is not given: the issue's N = 100 and 1000.
    static let defaultSizes = [100, 1000]
    /// The largest `--n` accepted. The issue's largest system is chain(10000); a million views
    /// already needs gigabytes, so anything larger is taken for a typo.
    static let maximumSize = 1_000_000

    static var workloadNames: [String] { allSolverWorkloads.map { $0.name } }

    static var usage: String {
        """
        usage: solver-benchmark [--workload NAME] [--n N] [--repetitions R] [--build-only]
               solver-benchmark --digest
               solver-benchmark --digest-random
          --workload NAME   one of \(workloadNames.joined(separator: ", ")) (default: all three)
          --n N             system size, an integer in 1...\(maximumSize) (default: 100 and 1000)
          --repetitions R   repetitions per median, at least \(Bench.minimumRepetitions) (default: \(Bench.minimumRepetitions))
          --build-only      skip the op loop ("op_us": null), so peak_mb is the build's peak
          --digest          print a digest of the solutions of rows, chain and churn at n = \(WorkloadDigest.n)
          --digest-random   print a digest per seed (\(DeterminismTrace.seeds.lowerBound)..<\(DeterminismTrace.seeds.upperBound)) of the solver tests'
                            random systems: adds, refusals, edits, constants, removals, ambiguity
        Prints one JSON object per line:
          {"workload": NAME, "n": N, "build_ms": ..., "op_us": ..., "peak_mb": ...}
        peak_mb is the peak resident memory (VmHWM) of that line's workload and size: it is reset
        before each by writing 5 to /proc/self/clear_refs (where that fails, it is the process's
        peak so far).
        """
    }

    static func parse(_ arguments: [String]) -> Result<Command, UsageError> {
        var workloads = workloadNames
        var sizes = defaultSizes
        var repetitions = Bench.minimumRepetitions
        var digest = false
        var digestRandom = false
        var buildOnly = false
        var rest = arguments[...]

        func value(of option: String) -> Result<String, UsageError> {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                return .failure(UsageError(message: "\(option) needs a value"))
            }
            return .success(value)
        }

        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                return .success(.help)
            case "--digest":
                digest = true
            case "--digest-random":
                digestRandom = true
            case "--build-only":
                buildOnly = true
            case "--workload":
                switch value(of: argument) {
                case .failure(let error): return .failure(error)
                case .success(let name):
                    guard workloadNames.contains(name) else {
                        return .failure(UsageError(message: "unknown workload '\(name)'"))
                    }
                    workloads = [name]
                }
            case "--n":
                switch value(of: argument) {
                case .failure(let error): return .failure(error)
                case .success(let text):
                    guard let n = Int(text), (1...maximumSize).contains(n) else {
                        return .failure(
                            UsageError(message: "invalid --n '\(text)': expected an integer in 1...\(maximumSize)"))
                    }
                    sizes = [n]
                }
            case "--repetitions":
                switch value(of: argument) {
                case .failure(let error): return .failure(error)
                case .success(let text):
                    guard let r = Int(text), r >= Bench.minimumRepetitions, r <= 1000 else {
                        return .failure(
                            UsageError(
                                message:
                                    "invalid --repetitions '\(text)': expected an integer in \(Bench.minimumRepetitions)...1000"
                            ))
                    }
                    repetitions = r
                }
            default:
                return .failure(UsageError(message: "unknown argument '\(argument)'"))
            }
        }
        if digest || digestRandom {
            let option = digest ? "--digest" : "--digest-random"
            guard arguments.count == 1 else {
                return .failure(UsageError(message: "\(option) takes no other argument"))
            }
            return .success(digest ? .digest : .digestRandom)
        }
        return .success(.benchmark(workloads: workloads, sizes: sizes, repetitions: repetitions, buildOnly: buildOnly))
    }
}
