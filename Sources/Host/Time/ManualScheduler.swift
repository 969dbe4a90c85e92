import Foundation

/// A scheduler whose time moves only when told to: the virtual clock of tests (modelled on
/// swift-nio's `EmbeddedEventLoop`).
///
/// Time starts at 0. ``advance(by:)`` moves it forward and runs the work that falls due, in
/// time order — work due at the same time runs in the order it was scheduled — including work
/// scheduled while advancing if it falls due before the target (a 0-delay layout pass
/// scheduled by a keyboard notification runs in the same advance). ``run()`` runs everything
/// pending, moving time to each deadline in turn. ``finish()`` reports and drops what is left,
/// like `EmbeddedChannel.finish()`.
///
/// ```swift
/// let clock = ManualScheduler()
/// let window = UIWindow(screen: .iPhoneSE, scheduler: clock)
/// field.becomeFirstResponder()          // keyboardWillShow now
/// try clock.advance(by: 0.25)           // keyboardDidShow
/// #expect(clock.finish().isClean)
/// ```
///
/// Nothing here reads a clock or sleeps: a test that advances by an hour takes no time.
@MainActor
public final class ManualScheduler: Scheduler {
    /// How many pieces of work one ``advance(by:)``, ``advance(to:)`` or ``run()`` runs at most
    /// before giving up with ``SchedulerError/workLimitReached(limit:now:pending:)``: 10,000,
    /// far above the few hundred a scenario schedules (layout turns, keyboard notifications,
    /// transitions), low enough that a self-rescheduling timer is reported at once instead of
    /// hanging the test.
    public static let workLimit = 10_000

    /// A piece of work that has not run yet.
    public struct PendingWork: Hashable, Sendable, CustomStringConvertible {
        /// Its token.
        public var work: ScheduledWork
        /// When it falls due, in the scheduler's seconds.
        public var deadline: TimeInterval
        /// The label it was scheduled with, if any.
        public var label: String?

        /// Creates a description of pending work (the scheduler does this; tests compare with it).
        public init(work: ScheduledWork, deadline: TimeInterval, label: String? = nil) {
            self.work = work
            self.deadline = deadline
            self.label = label
        }

        /// `label@deadline` (or `ScheduledWork#id@deadline`).
        public var description: String { "\(label ?? work.description)@\(deadline)" }
    }

    /// What ``finish()`` found (swift-nio's `EmbeddedChannel.LeftOverState`).
    public enum LeftOverWork: Equatable, Sendable {
        /// Nothing was pending.
        case clean
        /// Work was still pending (and has now been dropped), in the order it would have run.
        case leftOvers([PendingWork])

        /// Whether nothing was pending.
        public var isClean: Bool { self == .clean }

        /// The work that was pending, in run order (empty when clean).
        public var pending: [PendingWork] {
            switch self {
            case .clean: []
            case .leftOvers(let work): work
            }
        }
    }

    private struct Entry {
        var token: ScheduledWork
        var deadline: TimeInterval
        var label: String?
        var work: @MainActor () -> Void
    }

    // Exclusivity, as in UIView (see `UIView.subviews`): the manager's keyboard filter reads
    // the time and arms or cancels a timer several times per keyboard change, and the run-time
    // checks of these three properties were 3,500 instructions of a sign-up keyboard show and
    // 2,800 of a hide (callgrind). No check can fail: the scheduler runs on the main actor (its
    // protocol is `@MainActor`), and no access stays open across a call out (`drain` takes an
    // entry out before running its work).

    /// The current virtual time in seconds; 0 when created.
    @exclusivity(unchecked)
    public private(set) var now: TimeInterval = 0

    /// Pending work, sorted by deadline then by token id (scheduling order).
    @exclusivity(unchecked)
    private var entries: [Entry] = []
    @exclusivity(unchecked)
    private var nextID: UInt64 = 1

    /// Where refused delays are reported; ``LogSink/standardError`` by default.
    public var logSink: LogSink

    /// Creates a scheduler at time 0 with nothing pending.
    public init(logSink: LogSink = .standardError) {
        self.logSink = logSink
    }

    // MARK: Scheduler

    @discardableResult
    public func schedule(after delay: TimeInterval, label: String?, _ work: @escaping @MainActor () -> Void)
        -> ScheduledWork
    {
        let token = ScheduledWork(id: nextID)
        nextID += 1
        guard delay.isFinite else {
            logSink.log(
                .error,
                "ManualScheduler.schedule(after: \(delay)) \(label ?? token.description): the delay must be finite; the work will never run"
            )
            return token
        }
        let entry = Entry(token: token, deadline: now + max(delay, 0), label: label, work: work)
        // After every entry due no later than this one: ties keep scheduling order.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].deadline <= entry.deadline { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
        return token
    }

    public func cancel(_ work: ScheduledWork) {
        // Each entry has its own token (ids increase), so one match at most: found and removed
        // in place, cheaper than `removeAll(where:)`'s partition of the whole array. A loop, not
        // `firstIndex(where:)`: a main-actor closure handed to a nonisolated function checks the
        // executor at each call (Swift 6), twice per keyboard change here.
        for index in entries.indices where entries[index].token == work {
            entries.remove(at: index)
            return
        }
    }

    // MARK: Inspecting

    /// How many pieces of work are waiting.
    public var pendingWorkCount: Int { entries.count }

    /// When the earliest pending work falls due, or `nil` when nothing is pending.
    public var nextDeadline: TimeInterval? { entries.first?.deadline }

    /// The pending work, in the order it will run.
    public var pendingWork: [PendingWork] {
        entries.map { PendingWork(work: $0.token, deadline: $0.deadline, label: $0.label) }
    }

    // MARK: Moving time

    /// Moves time forward by `duration` seconds, running the work that falls due on the way.
    ///
    /// `advance(by: 0)` runs only what is due now (swift-nio's `run()`). A negative, NaN or
    /// infinite duration throws ``SchedulerError/invalidDuration(_:)`` and runs nothing.
    public func advance(by duration: TimeInterval) throws(SchedulerError) {
        guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
        try advance(to: now + duration)
    }

    /// Moves time forward to `time`, running the work that falls due on the way; time ends at
    /// `time` even when nothing was pending.
    ///
    /// A time before ``now``, NaN or infinite throws ``SchedulerError/invalidTime(_:now:)`` and
    /// runs nothing.
    public func advance(to time: TimeInterval) throws(SchedulerError) {
        guard time.isFinite, time >= now else { throw .invalidTime(time, now: now) }
        try drain(until: time)
        // `max`: work that advanced the clock itself (a nested call) never sends it back.
        now = max(now, time)
    }

    /// Runs every pending piece of work, including work scheduled meanwhile, moving time to
    /// each deadline in turn, until nothing is pending ("run until idle"). Time ends at the
    /// last deadline (unchanged if nothing was pending).
    ///
    /// A timer that keeps rescheduling itself would make this run forever: after
    /// ``workLimit`` pieces it stops and throws ``SchedulerError/workLimitReached(limit:now:pending:)``.
    public func run() throws(SchedulerError) {
        try drain(until: nil)
    }

    /// Reports the work still pending and drops it (swift-nio's `EmbeddedChannel.finish()`):
    /// ``LeftOverWork/clean`` when nothing was pending. Time does not move and nothing runs.
    ///
    /// Call it at the end of a test to check that a scenario left nothing behind.
    @discardableResult
    public func finish() -> LeftOverWork {
        let left = pendingWork
        entries.removeAll()
        return left.isEmpty ? .clean : .leftOvers(left)
    }

    /// How far past a target time work still counts as due: 1 ns. Deadlines are sums of
    /// decimal delays (`1.35 + 0.3 + 0.1` is `1.7500000000000002`, `1.35 + 0.4` is `1.75`), so
    /// advancing to a time computed another way must not leave work a rounding error away.
    public static let timeTolerance: TimeInterval = 1e-9

    private func drain(until limit: TimeInterval?) throws(SchedulerError) {
        var ran = 0
        while let first = entries.first {
            // `limit` unwrapped here, not through `map`'s closure (see `cancel(_:)`).
            if let limit, !(first.deadline <= limit + Self.timeTolerance) { break }
            guard ran < Self.workLimit else {
                throw .workLimitReached(limit: Self.workLimit, now: now, pending: entries.count)
            }
            entries.removeFirst()
            now = max(now, first.deadline)
            ran += 1
            first.work()
        }
    }
}
