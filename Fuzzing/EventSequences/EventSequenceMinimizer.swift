import Foundation
import HostKit

/// Shrinks a failing sequence while it still fails the same way, so the report shows the few
/// steps that matter (delta debugging: remove halves, then quarters… then single steps; then
/// put each setting of the screens back to its default; then remove steps once more).
@MainActor
package enum EventSequenceMinimizer {
    /// At most 400 runs: a few seconds for a 40-step sequence in a debug build.
    package static let defaultRunBudget = 400

    /// The smallest sequence found that still violates `invariant`, within `budget` runs.
    package static func minimize(
        _ sequence: EventSequence, failing invariant: Invariant,
        budget: Int = defaultRunBudget
    ) -> EventSequence {
        minimize(sequence, budget: budget) { candidate in
            EventSequenceRun.run(candidate).violations.contains { $0.invariant == invariant }
        }
    }

    /// The smallest sequence found for which `fails` holds, asking it at most `budget` times;
    /// `sequence` must be one for which it holds.
    package static func minimize(
        _ sequence: EventSequence, budget: Int = defaultRunBudget,
        while fails: (EventSequence) -> Bool
    ) -> EventSequence {
        var runs = 0
        func stillFails(_ candidate: EventSequence) -> Bool {
            guard runs < budget else { return false }
            runs += 1
            return fails(candidate)
        }

        var best = removingSteps(from: sequence, while: stillFails)
        // Simplify what is left: pushed screens and the root screen back to default settings,
        // one setting at a time, each kept if the failure stays.
        for index in best.steps.indices {
            for simplify in simplifications {
                guard case .push(var spec, let animated) = best.steps[index] else { break }
                simplify(&spec)
                var candidate = best
                candidate.steps[index] = .push(spec, animated: animated)
                if candidate != best, stillFails(candidate) { best = candidate }
            }
        }
        for simplify in simplifications {
            var candidate = best
            simplify(&candidate.root)
            if candidate != best, stillFails(candidate) { best = candidate }
        }
        // A simpler screen can make a step do nothing (an interactive dismissal without the
        // interactive dismiss mode): one more pass removes such steps.
        return removingSteps(from: best, while: stillFails)
    }

    /// `sequence` with every chunk of steps removed whose removal keeps it failing: halves,
    /// then quarters… then single steps.
    private static func removingSteps(from sequence: EventSequence, while stillFails: (EventSequence) -> Bool)
        -> EventSequence
    {
        var best = sequence
        var chunk = max(1, best.steps.count / 2)
        while chunk >= 1 {
            var start = 0
            while start < best.steps.count {
                var candidate = best
                candidate.steps.removeSubrange(start..<min(start + chunk, best.steps.count))
                if stillFails(candidate) {
                    best = candidate
                } else {
                    start += chunk
                }
            }
            if chunk == 1 { break }
            chunk /= 2
        }
        return best
    }

    /// Each setting of a screen put back to its default, one at a time.
    private static let simplifications: [@Sendable (inout ScreenSpec) -> Void] = {
        var result: [@Sendable (inout ScreenSpec) -> Void] = [
            { $0.kind = .subclass },
            { $0.policies = Policies() },
        ]
        for change in Policies().changes {
            result.append { $0.policies = $0.policies.with(change) }
        }
        result += [
            { $0.additionalSafeAreaInsets = .zero },
            { $0.contentInset = .zero },
            { $0.visibilityScrollMargin = 0 },
            { $0.keyboardDismissMode = .none },
            { $0.focusOnAppear = nil },
        ]
        return result
    }()
}

/// A failing sequence, reported for a person: the seed, what failed, and the minimized steps as
/// Swift code ready to paste into a scenario test.
package struct EventSequenceFailure: Sendable, CustomStringConvertible {
    package let sequence: EventSequence
    package let outcome: Outcome
    /// The minimized sequence and what it violates.
    package let minimized: EventSequence
    package let minimizedOutcome: Outcome

    /// Minimizes `sequence`, which `outcome` found failing, on its first violation.
    @MainActor
    package init(sequence: EventSequence, outcome: Outcome, minimize: Bool = true) {
        self.sequence = sequence
        self.outcome = outcome
        if minimize, let first = outcome.violations.first, first.invariant != .determinism {
            minimized = EventSequenceMinimizer.minimize(sequence, failing: first.invariant)
            minimizedOutcome = EventSequenceRun.run(minimized)
        } else {
            minimized = sequence
            minimizedOutcome = outcome
        }
    }

    /// The invariant the minimized sequence breaks first.
    package var invariant: Invariant? {
        minimizedOutcome.violations.first?.invariant ?? outcome.violations.first?.invariant
    }

    package var description: String {
        let seed = sequence.seed.map(String.init) ?? "none"
        var text =
            "Event sequence seed \(seed) failed: \(outcome.violations.map(\.description).joined(separator: "\n  "))\n"
        if minimized != sequence {
            text +=
                "Minimized to \(minimized.steps.count) of \(sequence.steps.count) steps: \(minimizedOutcome.violations.map(\.description).joined(separator: "\n  "))\n"
        }
        if !minimizedOutcome.errors.isEmpty {
            text += "Errors logged: \(minimizedOutcome.errors.joined(separator: " | "))\n"
        }
        text += """
            Paste into a test (the target depends on ScrollingContentEventSequences):
            let sequence = \(minimized.swiftCode)
            let outcome = EventSequenceRun.run(sequence)
            #expect(outcome.passed, "\\(outcome.violations)")

            """
        return text
    }
}
