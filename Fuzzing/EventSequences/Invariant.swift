import Foundation

/// What every user relies on, checked after each step of a sequence (issue 14).
package enum Invariant: String, CaseIterable, Equatable, Sendable, CustomStringConvertible {
    /// With the content settled, the offset is inside the legal range.
    case legalOffset
    /// With the keyboard hidden and settled, the app's `additionalSafeAreaInsets` and
    /// `contentInset` are exactly what the app set.
    case insetsRestored
    /// With the keyboard up and settled after a keyboard or focus change, the first responder
    /// is inside the visible area whenever it fits (its top when it does not).
    case firstResponderVisible
    /// With the keyboard up and settled, the applied bottom inset equals the keyboard's
    /// overlap with the host (beyond the safe area it already had).
    case insetEqualsOverlap
    /// With keep-size and the keyboard up, the content is as tall as without the keyboard.
    case contentSizeKept
    /// With everything settled, HostKit's keyboard is where UIKit's would be: docked at the
    /// screen's keyboard height for the orientation (the shortcut bar with a hardware keyboard)
    /// plus the first responder's accessory, or floating inside the window; up only for a first
    /// responder. (Not in issue 14's list: it checks the simulation the others trust.)
    case keyboardMatchesScreen
    /// The scheduler finishes with no work left over.
    case termination
    /// The window's layout engine never rebuilt its solver: a rebuild is the solver's undo of
    /// a change whose numbers overflowed, and a full solve; a screen's numbers are ordinary.
    /// (Not in issue 14's list: a removal that cancelled a marker in a lazy definition took
    /// that path thousands of times in these sequences, silently.)
    case noSolverRebuild
    /// After teardown, the managers, the hosts and the content views are gone.
    case noLeaks
    /// The same sequence gives the same final geometry.
    case determinism

    package var description: String { rawValue }
}

/// An invariant that did not hold, and where.
package struct Violation: Equatable, Sendable, CustomStringConvertible {
    package var invariant: Invariant
    /// The index of the step after which it was found; `nil` at the end (after the final
    /// settle, or at teardown).
    package var step: Int?
    /// What was found, with the numbers.
    package var detail: String

    package var description: String {
        "\(invariant) \(step.map { "after step \($0)" } ?? "at the end"): \(detail)"
    }
}

/// What running a sequence found.
package struct Outcome: Equatable, Sendable {
    /// The invariants that did not hold, in the order found.
    package var violations: [Violation]
    /// The final geometry, as text (the determinism check compares it).
    package var fingerprint: String
    /// The errors logged by HostKit and the manager (refused input, unsatisfiable layouts).
    package var errors: [String]

    /// Whether every invariant held.
    package var passed: Bool { violations.isEmpty }
}
