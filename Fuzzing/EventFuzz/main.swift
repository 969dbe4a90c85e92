// scrolling-event-fuzz: runs many randomized event sequences (issue 14) and reports each
// failure with its seed and minimized steps as Swift code. The suite runs a fixed set of seeds;
// this runs as many as asked, best in a release build:
//
//   swift run -c release scrolling-event-fuzz --seeds 100000
//
// Options:
//   --seeds N          how many sequences (default 1000)
//   --first S          the first seed (default 1); seeds S, S+1, … S+N-1
//   --minimize M       minimize at most M failures (default 20); the others are only counted
//   --twice            run every sequence twice and compare (the determinism invariant)
//   --quiet            print only the summary
//
// Prints one report per minimized failure, then one JSON line: the counts per invariant, the
// failing seeds (the first 1000) and a digest of every sequence's final geometry (FNV-1a of the
// fingerprints: two processes, with different hash seeds, must print the same one).
// Exits with status 1 when any sequence failed, 2 on bad arguments.

import Foundation
import ScrollingContentEventSequences

struct Options {
    var seeds = 1000
    var first: UInt64 = 1
    var minimize = 20
    var twice = false
    var quiet = false

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let next = rest.popFirst() else { throw UsageError(text: "\(argument) needs a value") }
                return next
            }
            switch argument {
            case "--seeds":
                guard let count = Int(try value()), count >= 0 else { throw UsageError(text: "--seeds takes a count") }
                seeds = count
            case "--first":
                guard let seed = UInt64(try value()) else { throw UsageError(text: "--first takes a seed") }
                first = seed
            case "--minimize":
                guard let count = Int(try value()), count >= 0 else {
                    throw UsageError(text: "--minimize takes a count")
                }
                minimize = count
            case "--twice": twice = true
            case "--quiet": quiet = true
            default: throw UsageError(text: "unknown argument \(argument)")
            }
        }
    }
}

struct UsageError: Error, CustomStringConvertible {
    var text: String
    var description: String { "scrolling-event-fuzz: \(text)" }
}

/// The 64-bit FNV-1a hash (its published offset basis and prime), over UTF-8 text.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    var hex: String { String(value, radix: 16) }
}

@MainActor
func main() -> Int32 {
    let options: Options
    do {
        options = try Options(Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        return 2
    }
    var failures = 0
    var minimized = 0
    // Keyed by the invariant's name; printed in `Invariant.allCases` order.
    var counts: [String: Int] = [:]
    var failingSeeds: [UInt64] = []
    var digest = FNV1a()
    for offset in 0..<options.seeds {
        let seed = options.first &+ UInt64(offset)
        let sequence = EventSequenceGenerator.sequence(seed: seed)
        let outcome = options.twice ? EventSequenceRun.runTwice(sequence) : EventSequenceRun.run(sequence)
        digest.add(outcome.fingerprint)
        guard let first = outcome.violations.first else { continue }
        failures += 1
        counts[first.invariant.rawValue, default: 0] += 1
        if failingSeeds.count < 1000 { failingSeeds.append(seed) }
        if minimized < options.minimize {
            minimized += 1
            let failure = EventSequenceFailure(sequence: sequence, outcome: outcome)
            if !options.quiet { print(failure) }
        }
    }
    let byInvariant = Invariant.allCases.map { "\"\($0.rawValue)\":\(counts[$0.rawValue] ?? 0)" }.joined(separator: ",")
    let seeds = failingSeeds.map(String.init).joined(separator: ",")
    print(
        "{\"sequences\":\(options.seeds),\"first\":\(options.first),\"failed\":\(failures),\"byInvariant\":{\(byInvariant)},\"failingSeeds\":[\(seeds)],\"digest\":\"\(digest.hex)\"}"
    )
    return failures == 0 ? 0 : 1
}

exit(MainActor.assumeIsolated { main() })
