import Foundation

/// Where HostKit's timed work runs: keyboard animations finishing, navigation transitions,
/// animation completions, the layout pass of each run-loop turn.
///
/// Every clock HostKit reads is a scheduler's ``now``; nothing in the library reads the wall
/// clock, sleeps or creates a `Timer`. Tests use ``ManualScheduler`` (virtual time that moves
/// only when told to); programs use ``RealTimeScheduler`` (the main dispatch queue).
///
/// A ``UIWindow`` is given its scheduler when it is created; views reach it through
/// `view.window?.scheduler`.
@MainActor
public protocol Scheduler: AnyObject {
    /// The current time, in seconds since the scheduler was created (never goes backwards).
    var now: TimeInterval { get }

    /// Runs `work` once, `delay` seconds from ``now``, on the main actor, and returns a token
    /// that ``cancel(_:)`` accepts.
    ///
    /// A negative delay means "as soon as possible" (as `DispatchQueue.asyncAfter` treats a
    /// deadline in the past). A NaN or infinite delay is refused: the work never runs, the
    /// problem is reported (see each implementation), and the returned token is already
    /// cancelled. `label` names the work in diagnostics such as ``ManualScheduler/finish()``.
    @discardableResult
    func schedule(after delay: TimeInterval, label: String?, _ work: @escaping @MainActor () -> Void) -> ScheduledWork

    /// Cancels work that has not run yet. Cancelling work that already ran or was cancelled
    /// does nothing.
    func cancel(_ work: ScheduledWork)
}

extension Scheduler {
    /// Runs `work` once, `delay` seconds from now, without a diagnostic label (see
    /// ``schedule(after:label:_:)``).
    @discardableResult
    public func schedule(after delay: TimeInterval, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        schedule(after: delay, label: nil, work)
    }
}

/// A token for work given to a ``Scheduler``: pass it to ``Scheduler/cancel(_:)``.
public struct ScheduledWork: Hashable, Sendable, CustomStringConvertible {
    /// A number unique within the scheduler that issued the token, increasing in scheduling order.
    public let id: UInt64

    /// Creates a token (schedulers do this; you normally don't).
    public init(id: UInt64) {
        self.id = id
    }

    /// `ScheduledWork#id`.
    public var description: String { "ScheduledWork#\(id)" }
}

/// Why a ``ManualScheduler`` refused to move time.
public enum SchedulerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A duration that is negative, NaN or infinite (`advance(by:)`). Nothing ran.
    case invalidDuration(TimeInterval)
    /// A target time before ``ManualScheduler/now``, or NaN or infinite (`advance(to:)`).
    /// Nothing ran.
    case invalidTime(TimeInterval, now: TimeInterval)
    /// The work limit was reached: some work keeps scheduling more work that is already due
    /// (a timer rescheduling itself with no delay, say). The work that ran stays done; time
    /// stopped at `now`, and `pending` pieces of work are still waiting.
    case workLimitReached(limit: Int, now: TimeInterval, pending: Int)

    public var description: String {
        switch self {
        case .invalidDuration(let duration):
            "cannot advance time by \(duration) s: a duration must be finite and not negative; nothing ran"
        case .invalidTime(let time, let now):
            "cannot advance time to \(time) s: it must be finite and not before now (\(now) s); nothing ran"
        case .workLimitReached(let limit, let now, let pending):
            "stopped after running \(limit) pieces of work at \(now) s with \(pending) still pending (work that keeps rescheduling itself?)"
        }
    }
}
