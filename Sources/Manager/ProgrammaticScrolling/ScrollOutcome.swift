import Foundation

/// What a ``ScrollProxy`` did: where the scroll view moved, or why it did not.
public enum ScrollOutcome: Equatable, Sendable, CustomStringConvertible {
    /// The enclosing scroll view's content offset went from `from` to `to`. When the target
    /// was already in place the two are equal and nothing was set (no animation is recorded).
    case scrolled(from: CGPoint, to: CGPoint)
    /// Nothing moved, for this reason.
    case notScrolled(ScrollFailure)
    /// The scroll view's ``ScrollingContentManager`` holds a keyboard change in its filter (or
    /// is suspended for a rotation), so the request waits, as `scrollRectToVisible` does: it is
    /// measured and carried out right after the change is applied, within the filter's 0.1 s.
    /// Measured now, it would aim at a visible area about to shrink or grow.
    case waitingForKeyboard

    /// Whether the request succeeded (possibly with nothing to move) or waits to be carried out.
    public var succeeded: Bool {
        switch self {
        case .scrolled, .waitingForKeyboard: true
        case .notScrolled: false
        }
    }

    /// The reason nothing moved, or `nil` on success.
    public var failure: ScrollFailure? {
        if case .notScrolled(let failure) = self { return failure }
        return nil
    }

    /// A one-line account for logs and timelines: "scrolled from {0, -20} to {0, 780}", or
    /// "not scrolled: " and the reason.
    public var description: String {
        switch self {
        case .scrolled(let from, let to): "scrolled from \(from.compactText) to \(to.compactText)"
        case .notScrolled(let failure): "not scrolled: \(failure)"
        case .waitingForKeyboard: "waiting for the keyboard change the manager holds"
        }
    }
}

/// Why a ``ScrollProxy`` did not scroll. The state is as it was in every case.
public enum ScrollFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No view below the reader's root carries the identifier.
    case unknownIdentifier
    /// The marked view is not inside a scroll view.
    case noEnclosingScrollView
    /// The marked view (or the reader's root) is in no window, or the root is gone: without a
    /// window there is no layout to measure the target in.
    case notInWindow
    /// The extra offset has a NaN or infinite coordinate.
    case nonFiniteOffset
    /// The anchor has a NaN or infinite coordinate.
    case nonFiniteAnchor

    /// The reason in a few words, as the log messages give it ("no view carries the scroll
    /// anchor identifier").
    public var description: String {
        switch self {
        case .unknownIdentifier: "no view carries the scroll anchor identifier"
        case .noEnclosingScrollView: "the marked view is not inside a scroll view"
        case .notInWindow: "the marked view is not in a window"
        case .nonFiniteOffset: "the offset is not finite"
        case .nonFiniteAnchor: "the anchor is not finite"
        }
    }
}
