/// What the command line asks for.
enum Command: Equatable {
    /// Benchmark the workloads, in that order.
    /// `rows` lists the sizes of rows-keyboard, each measured in turn (the other workloads
    /// have one size).
    case benchmark(workloads: [Workload], rows: [Int], repetitions: Int, operations: Int?)
    /// Print the usage.
    case help
}

/// A command line that cannot be run; ``message`` says why.
struct UsageError: Error, Equatable {
    var message: String
}

/// Parses `manager-benchmark`'s arguments.
///
/// ```
/// manager-benchmark                                   # all three workloads
/// manager-benchmark --workload rows-keyboard --n 100  # one workload, another form size
/// manager-benchmark --workload signup-keyboard --repetitions 9 --ops 1000
/// manager-benchmark --large                           # rows-keyboard at 1,000 and 10,000 rows too
/// ```
enum Arguments {
    /// The largest `--n` accepted: a form of 100,000 rows already takes minutes to build, so
    /// anything larger is taken for a typo.
    static let maximumRows = 100_000
    /// The most operations per repetition accepted (`--ops`), for the same reason.
    static let maximumOperations = 1_000_000
    /// The size `--large` adds to rows-keyboard: issue 13's 10,000-row screen, which takes
    /// several seconds per repetition to build and so stays out of the default run.
    static let largeRows = 10_000

    static var usage: String {
        let names = Workload.allCases.map(\.rawValue)
        return """
            usage: manager-benchmark [--workload NAME]... [--n N] [--large] [--repetitions R] [--ops K]
              --workload NAME   one of \(names.joined(separator: ", ")); repeatable (default: all three)
              --n N             rows of the rows-keyboard form, an integer in 1...\(maximumRows) (default: \(Workload.defaultRows))
              --large           rows-keyboard at \(largeRows) rows as well, after the size --n gives (or \(Workload.defaultRows))
              --repetitions R   repetitions per median, an integer in \(Bench.minimumRepetitions)...1000 (default: \(Bench.minimumRepetitions))
              --ops K           operations per repetition, rounded up to an even number, in 1...\(maximumOperations)
                                (default: \(Workload.allCases.map { "\($0.defaultOperations) for \($0.rawValue)" }.joined(separator: ", ")))
            Prints one JSON object per line, for instance:
              {"workload": "signup-keyboard", "n": 5, "build_ms": ..., "op_us": ..., "show_us": ..., "hide_us": ..., "mean_us": ..., "settle_us": ..., "peak_mb": ...}
            """
    }

    static func parse(_ arguments: [String]) -> Result<Command, UsageError> {
        var workloads: [Workload] = []
        var rows: Int?
        var repetitions = Bench.minimumRepetitions
        var operations: Int?
        var large = false
        var rest = arguments[...]

        func integer(of option: String, in range: ClosedRange<Int>) -> Result<Int, UsageError> {
            guard let text = rest.popFirst(), !text.hasPrefix("--") else {
                return .failure(UsageError(message: "\(option) needs a value"))
            }
            guard let value = Int(text), range.contains(value) else {
                return .failure(UsageError(message: "invalid \(option) '\(text)': expected an integer in \(range)"))
            }
            return .success(value)
        }

        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                return .success(.help)
            case "--workload":
                guard let name = rest.popFirst(), !name.hasPrefix("--") else {
                    return .failure(UsageError(message: "--workload needs a value"))
                }
                guard let workload = Workload(rawValue: name) else {
                    return .failure(UsageError(message: "unknown workload '\(name)'"))
                }
                if !workloads.contains(workload) { workloads.append(workload) }
            case "--n":
                switch integer(of: argument, in: 1...maximumRows) {
                case .failure(let error): return .failure(error)
                case .success(let value): rows = value
                }
            case "--large":
                large = true
            case "--repetitions":
                switch integer(of: argument, in: Bench.minimumRepetitions...1000) {
                case .failure(let error): return .failure(error)
                case .success(let value): repetitions = value
                }
            case "--ops":
                switch integer(of: argument, in: 1...maximumOperations) {
                case .failure(let error): return .failure(error)
                case .success(let value): operations = value
                }
            default:
                return .failure(UsageError(message: "unknown argument '\(argument)'"))
            }
        }
        if workloads.isEmpty { workloads = Workload.allCases }
        if rows != nil || large, !workloads.contains(.rowsKeyboard) {
            return .failure(UsageError(message: "--n and --large set the size of rows-keyboard, which is not selected"))
        }
        var sizes = [rows ?? Workload.defaultRows]
        if large, !sizes.contains(largeRows) { sizes.append(largeRows) }
        return .success(.benchmark(workloads: workloads, rows: sizes, repetitions: repetitions, operations: operations))
    }
}
