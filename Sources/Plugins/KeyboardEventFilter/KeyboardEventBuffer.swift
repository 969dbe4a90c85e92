import Foundation

/// The filter's state machine: holds the latest keyboard event and the scroll requests that
/// wait for it, and says when to act. A value with no clock and no timers: the manager feeds it
/// the time and performs its ``Action``s on a scheduler, so it is testable on its own.
///
/// - Only the latest event is kept: a burst is acted on once, with its final frame.
/// - Scroll requests wait for a held event and are performed after it, in order, since the
///   keyboard change can move or resize what they refer to.
/// - A coalescing request (`scrollRectToVisible`, UIKit's or the app's) also waits for the
///   filter's window and pushes the time to act out, and only the last one of a burst is kept
///   (SCVC's `ScrollViewFilter`). Any other request fires at once when nothing is held.
/// - ``suspend(at:)`` stops the clock and keeps the remaining time; ``resume(at:)`` restarts it
///   (the rotation case: `keyboardWillHide` arrives before the rotation, `keyboardWillShow`
///   after it, and the manager acts once, on the show).
/// - ``flush(at:)`` acts at once; while suspended it acts as soon as the buffer resumes.
public struct KeyboardEventBuffer<Request> {
    /// What is acted on at once.
    public struct Batch {
        /// The latest keyboard event, if one was held.
        public var event: KeyboardEvent?
        /// The scroll requests, in the order they were made.
        public var requests: [Request]
    }

    /// What the owner of the buffer must do next.
    public enum Action {
        /// Nothing.
        case none
        /// Cancel the pending timer, if any.
        case cancelTimer
        /// Cancel the pending timer and arm one for this time.
        case schedule(at: TimeInterval)
        /// Cancel the pending timer and act now: the event first, then the requests.
        case fire(Batch)
    }

    /// The latest event not yet acted on.
    public private(set) var pendingEvent: KeyboardEvent?
    /// Scroll requests not yet acted on, in order.
    // Kept as they will be handed over, rather than as (request, coalesces) pairs mapped to
    // requests for each batch: the manager calls this generic type unspecialized (from another
    // module), so that map, and the `removeAll(where:)` that took out a replaced coalescing
    // request, went through run-time metadata, 7,000 instructions of a keyboard show
    // (callgrind, signup-keyboard). A batch now takes the array as it is.
    public private(set) var pendingRequests: [Request] = []
    /// The position in ``pendingRequests`` of the one that coalesces (was made with a filter),
    /// if one waits: a coalescing request replaces the one waiting, so there is at most one.
    private var coalescingIndex: Int?
    /// When the held items are due; `nil` when nothing is held or while suspended.
    public private(set) var deadline: TimeInterval?
    /// Whether the clock is stopped.
    public private(set) var isSuspended = false
    /// While suspended, the time that was left before acting.
    public private(set) var remainingWhileSuspended: TimeInterval?
    private var flushOnResume = false

    /// Creates an empty, running buffer.
    public init() {}

    /// Whether an event or a request waits.
    public var hasPendingWork: Bool { pendingEvent != nil || !pendingRequests.isEmpty }

    /// Whether something waits for the filter's time to act: an event or a coalescing request.
    private var hasTimedWork: Bool { pendingEvent != nil || coalescingIndex != nil }

    /// Takes in a keyboard event received at `now`.
    public mutating func receive(
        _ event: KeyboardEvent, at now: TimeInterval,
        filter: any KeyboardEventFilter
    ) -> Action {
        pendingEvent = event
        if isSuspended {
            let held = remainingWhileSuspended.map { now + $0 }
            let due = filter.deadline(afterReceiving: event, at: now, pendingDeadline: held)
            remainingWhileSuspended = max(0, due - now)
            return .none
        }
        let due = filter.deadline(afterReceiving: event, at: now, pendingDeadline: deadline)
        if due <= now { return .fire(takeBatch()) }
        deadline = due
        return .schedule(at: due)
    }

    /// Takes in a scroll request made at `now`: it waits for a held event, else fires at once.
    public mutating func request(_ request: Request, at now: TimeInterval) -> Action {
        pendingRequests.append(request)
        if isSuspended || hasTimedWork { return .none }
        return .fire(takeBatch())
    }

    /// Takes in a coalescing scroll request made at `now` (a `scrollRectToVisible`): it
    /// replaces the coalescing requests still waiting, and is acted on when `filter` says
    /// (see ``KeyboardEventFilter/deadline(afterScrollRequestAt:pendingDeadline:)``).
    public mutating func request(
        _ request: Request, at now: TimeInterval,
        filter: any KeyboardEventFilter
    ) -> Action {
        if let replaced = coalescingIndex { pendingRequests.remove(at: replaced) }
        coalescingIndex = pendingRequests.count
        pendingRequests.append(request)
        if isSuspended {
            let held = remainingWhileSuspended.map { now + $0 }
            let due = filter.deadline(afterScrollRequestAt: now, pendingDeadline: held)
            remainingWhileSuspended = max(0, due - now)
            return .none
        }
        let due = filter.deadline(afterScrollRequestAt: now, pendingDeadline: deadline)
        if due <= now { return .fire(takeBatch()) }
        deadline = due
        return .schedule(at: due)
    }

    /// The timer armed by a ``Action/schedule(at:)`` went off at `now`.
    public mutating func timerFired(at now: TimeInterval) -> Batch? {
        guard !isSuspended, let deadline, now >= deadline else { return nil }
        return takeBatch()
    }

    /// Stops the clock, keeping the time left.
    public mutating func suspend(at now: TimeInterval) -> Action {
        guard !isSuspended else { return .none }
        isSuspended = true
        if let deadline { remainingWhileSuspended = max(0, deadline - now) }
        deadline = nil
        return .cancelTimer
    }

    /// Restarts the clock with the time that was left (or acts at once after a flush).
    public mutating func resume(at now: TimeInterval) -> Action {
        guard isSuspended else { return .none }
        isSuspended = false
        let remaining = remainingWhileSuspended ?? 0
        remainingWhileSuspended = nil
        guard hasPendingWork else {
            flushOnResume = false
            return .none
        }
        if flushOnResume || remaining <= 0 || !hasTimedWork {
            flushOnResume = false
            return .fire(takeBatch())
        }
        deadline = now + remaining
        return .schedule(at: now + remaining)
    }

    /// Acts at once on what is held; while suspended, as soon as the buffer resumes.
    public mutating func flush(at now: TimeInterval) -> Action {
        if isSuspended {
            // Only what is held now is flushed: an empty flush is a no-op, as when running, so
            // an event that arrives later in the suspension still gets its filter window.
            if hasPendingWork { flushOnResume = true }
            return .none
        }
        return hasPendingWork ? .fire(takeBatch()) : .none
    }

    private mutating func takeBatch() -> Batch {
        let batch = Batch(event: pendingEvent, requests: pendingRequests)
        pendingEvent = nil
        pendingRequests = []
        coalescingIndex = nil
        deadline = nil
        remainingWhileSuspended = nil
        return batch
    }
}
