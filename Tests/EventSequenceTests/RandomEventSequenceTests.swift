import Foundation
import HostKit
import ScrollingContentEventSequences
import Testing

/// Seeded random sequences of user actions on random screens, host kinds and policies, with the
/// invariants of issue 14 checked after every step (see ``Invariant``). The seeds are fixed, so
/// a failure replays; more run with `swift run -c release scrolling-event-fuzz --seeds 100000`.
@Suite("Random event sequences")
@MainActor
struct RandomEventSequenceTests {
    /// The seeds the suite runs: 1…300 — 10 to 15 s of wall time in a debug build on the
    /// 2-core CI machine with other builds running (`swift test --filter
    /// RandomEventSequenceTests`), well under the 60 s budget (each sequence runs twice, for
    /// the determinism check).
    nonisolated static let seeds: [UInt64] = Array(1...300)

    /// How many failures one test process minimizes (a few seconds each in a debug build); the
    /// others print their full step list and the command that minimizes them.
    static let minimizedFailuresPerProcess = 3
    static var minimizedFailures = 0

    @Test("a seeded sequence keeps every invariant after every step", arguments: seeds)
    func sequenceKeepsTheInvariants(seed: UInt64) {
        let sequence = EventSequenceGenerator.sequence(seed: seed)
        let outcome = EventSequenceRun.runTwice(sequence)
        guard !outcome.passed else { return }
        let minimize = Self.minimizedFailures < Self.minimizedFailuresPerProcess
        if minimize { Self.minimizedFailures += 1 }
        let failure = EventSequenceFailure(sequence: sequence, outcome: outcome, minimize: minimize)
        let hint =
            minimize
            ? "" : "(not minimized here: swift run -c release scrolling-event-fuzz --first \(seed) --seeds 1)\n"
        Issue.record("\(failure)\(hint)")
    }
}
