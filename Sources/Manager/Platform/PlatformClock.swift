// The time seam: how the manager measures time and schedules its keyboard filter's timer.
//
// On iOS, the main queue and the system's uptime; without UIKit, the window's HostKit
// `Scheduler`, so tests advance virtual time instead of waiting. Both branches offer the same
// three members, and nothing else in ScrollingContent touches a clock.

#if canImport(UIKit) && !os(watchOS)
    import Dispatch
    import Foundation
    import UIKit

    /// The clock the manager's timers run on: the main queue's.
    @MainActor
    struct PlatformClock {
        /// Creates the clock for a view's window (any view: iOS has one main queue).
        init(window: UIWindow?) {}

        /// Seconds since an arbitrary origin, never going back: the system's uptime.
        var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

        /// Runs `work` on the main queue after `delay` seconds unless cancelled first.
        func schedule(after delay: TimeInterval, label: String, _ work: @escaping @MainActor @Sendable () -> Void)
            -> PlatformTimer
        {
            let item = DispatchWorkItem { runOnMainActor(work) }
            DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay), execute: item)
            return PlatformTimer(item: item)
        }
    }

    /// A scheduled piece of work that can be cancelled.
    struct PlatformTimer: @unchecked Sendable {
        // `@unchecked Sendable`: a work item may be cancelled from any thread.
        fileprivate let item: DispatchWorkItem

        /// Cancels the work if it has not run.
        func cancel() {
            item.cancel()
        }
    }
#else
    import Foundation

    /// The clock the manager's timers run on: the window's HostKit scheduler (virtual time under a
    /// `ManualScheduler`).
    @MainActor
    struct PlatformClock {
        private let scheduler: (any Scheduler)?

        /// Creates the clock of a window; without a window, time stands at 0 and nothing runs.
        init(window: UIWindow?) {
            scheduler = window?.scheduler
        }

        /// The scheduler's time, in seconds (0 without a window).
        var now: TimeInterval { scheduler?.now ?? 0 }

        /// Runs `work` on the scheduler after `delay` seconds unless cancelled first; never runs
        /// without a window.
        func schedule(after delay: TimeInterval, label: String, _ work: @escaping @MainActor @Sendable () -> Void)
            -> PlatformTimer
        {
            PlatformTimer(scheduler: scheduler, work: scheduler?.schedule(after: max(0, delay), label: label, work))
        }
    }

    /// A scheduled piece of work that can be cancelled.
    struct PlatformTimer: @unchecked Sendable {
        // `@unchecked Sendable`: the scheduler (a main-actor object) is only used in `cancel()`, on
        // the main actor; elsewhere the timer is only copied.
        //
        // Strong, as the clock that made the timer holds it: the scheduler's entry holds its work,
        // not the timer, so no cycle. A weak reference gave the window's scheduler a side table,
        // through which every retain and release of it then went (several per keyboard change).
        fileprivate let scheduler: (any Scheduler)?
        fileprivate let work: ScheduledWork?

        /// Cancels the work if it has not run.
        @MainActor
        func cancel() {
            if let work { scheduler?.cancel(work) }
        }
    }
#endif
