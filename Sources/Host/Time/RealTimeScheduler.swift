import Dispatch
import Foundation

/// A scheduler for programs: work runs on the main dispatch queue after real time passes.
///
/// ``now`` is read from `DispatchTime.now()` (a monotonic clock, unaffected by changes to the
/// wall clock) and counts seconds since the scheduler was created. This is the only place in
/// HostKit that reads a clock. The main queue must be serviced (`dispatchMain()`, or a
/// `RunLoop`/`NSApplication` main loop) for the work to run.
@MainActor
public final class RealTimeScheduler: Scheduler {
    private let start: UInt64
    private var items: [UInt64: DispatchWorkItem] = [:]
    private var nextID: UInt64 = 1

    /// Where refused delays are reported; ``LogSink/standardError`` by default.
    public var logSink: LogSink

    /// Creates a scheduler whose time starts now at 0.
    public init(logSink: LogSink = .standardError) {
        start = DispatchTime.now().uptimeNanoseconds
        self.logSink = logSink
    }

    public var now: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
    }

    /// How many pieces of work are waiting.
    public var pendingWorkCount: Int { items.count }

    @discardableResult
    public func schedule(after delay: TimeInterval, label: String?, _ work: @escaping @MainActor () -> Void)
        -> ScheduledWork
    {
        let id = nextID
        nextID += 1
        let token = ScheduledWork(id: id)
        guard delay.isFinite else {
            logSink.log(
                .error,
                "RealTimeScheduler.schedule(after: \(delay)) \(label ?? token.description): the delay must be finite; the work will never run"
            )
            return token
        }
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.items.removeValue(forKey: id) != nil else { return }
                work()
            }
        }
        items[id] = item
        // Capped at 10⁹ s (about 32 years) so the conversion to whole nanoseconds cannot overflow.
        let nanoseconds = Int((min(max(delay, 0), 1_000_000_000) * 1_000_000_000).rounded())
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
        return token
    }

    public func cancel(_ work: ScheduledWork) {
        items.removeValue(forKey: work.id)?.cancel()
    }
}
