import Foundation

/// Runs the keyboard filter on the window's clock: keeps the filter's state machine
/// (``KeyboardEventBuffer``) with the keyboard events and scroll requests it holds, and the
/// timer it asks for.
///
/// The manager hands it what arrives and gets back what to do now: nothing, a hold until a time
/// (for the timeline), or a batch to apply. When the timer goes off later, the batch it lets
/// through is handed to the closure given at creation, as a keyboard notification is: the
/// timer is a source of events, like the notification centre.
@MainActor
final class KeyboardFilterClock {
    typealias Batch = KeyboardEventBuffer<ScrollRequest>.Batch

    /// What the manager does after handing something in.
    enum Step {
        /// Nothing yet.
        case none
        /// The change is held until this time.
        case held(until: TimeInterval)
        /// Apply this now.
        case fire(Batch)
    }

    private var buffer = KeyboardEventBuffer<ScrollRequest>()
    private var timer: PlatformTimer?
    private var clock = PlatformClock(window: nil)
    private var hasWindow = false
    private let onTimer: @MainActor (Batch) -> Void
    private let report: @MainActor (String) -> Void
    /// Checks the filter's answers; one for the clock's life, given each call's filter.
    private let checked = CheckedKeyboardFilter()
    /// What the timer runs when it goes off. Made once: the timer is armed again at each
    /// keyboard notification, and a new closure (holding this object weakly) allocated each time.
    private lazy var timerWork: @MainActor @Sendable () -> Void = { [weak self] in
        guard let self else { return }
        self.timer = nil
        if let batch = self.buffer.timerFired(at: self.now) { self.onTimer(batch) }
    }

    /// Creates a filter clock; `onTimer` applies what the timer lets through, `report` is told
    /// about a filter's deadline that is not a time.
    init(onTimer: @escaping @MainActor (Batch) -> Void, report: @escaping @MainActor (String) -> Void) {
        self.onTimer = onTimer
        self.report = report
    }

    deinit {
        // The timer's work holds this object weakly and would do nothing; it is cancelled so that
        // none outlives the manager. Not an `isolated deinit` (that needs iOS 18.4's runtime):
        // the cancelling runs on the main actor, at once when this goes away there.
        if let timer { runOnMainActor { timer.cancel() } }
    }

    /// The current time on the window's clock.
    var now: TimeInterval { clock.now }

    /// Whether a scroll request made now would wait: a keyboard change is held, or the filter
    /// is suspended for a transition.
    var holdsScrollRequests: Bool { buffer.isSuspended || buffer.pendingEvent != nil }

    /// Whether a keyboard change is held.
    var holdsKeyboardChange: Bool { buffer.pendingEvent != nil }

    /// Whether the filter is suspended (a size transition is under way).
    var isSuspended: Bool { buffer.isSuspended }

    /// Starts over on `window`'s clock (`nil`: in no window, where nothing is timed): what was
    /// held is dropped with its timer.
    func reset(for window: UIWindow?) {
        timer?.cancel()
        timer = nil
        buffer = KeyboardEventBuffer()
        clock = PlatformClock(window: window)
        hasWindow = window != nil
    }

    /// A keyboard event arrived: `filter` says how long to hold it.
    func receive(_ event: KeyboardEvent, filter: any KeyboardEventFilter) -> Step {
        checked.base = filter
        let action = buffer.receive(event, at: now, filter: checked)
        reportBadDeadlines()
        return step(for: action)
    }

    /// A scroll request arrived. A `scrollRectToVisible` (UIKit's or the app's) waits for the
    /// window `filter` gives and pushes the timer out, and replaces the one still waiting;
    /// another request (a scroll reader's) waits for a held keyboard change, else goes at once.
    func request(_ request: ScrollRequest, filter: any KeyboardEventFilter) -> Step {
        if request.action == nil {
            checked.base = filter
            let action = buffer.request(request, at: now, filter: checked)
            reportBadDeadlines()
            return step(for: action)
        }
        return step(for: buffer.request(request, at: now))
    }

    /// Reports the bad deadlines `checked` saw in the call just made.
    private func reportBadDeadlines() {
        guard !checked.badDeadlines.isEmpty else { return }
        let deadlines = checked.badDeadlines
        checked.badDeadlines.removeAll()
        for deadline in deadlines {
            report(
                "the keyboard event filter \(type(of: checked.base)) gave the deadline \(deadline), not a time; acted on at once"
            )
        }
    }

    /// Acts on what is held at once (while suspended, as soon as the filter resumes).
    func flush() -> Step {
        step(for: buffer.flush(at: now))
    }

    /// Stops the clock for a size transition, keeping the time left.
    func suspend() -> Step {
        step(for: buffer.suspend(at: now))
    }

    /// Restarts the clock after a size transition.
    func resume() -> Step {
        step(for: buffer.resume(at: now))
    }

    /// Carries out the state machine's timer side of `action`, and says what is left to do.
    private func step(for action: KeyboardEventBuffer<ScrollRequest>.Action) -> Step {
        switch action {
        case .none:
            return .none
        case .cancelTimer:
            cancelTimer()
            return .none
        case .schedule(let deadline):
            cancelTimer()
            // In no window nothing is timed: the change waits until the scroll view is in one.
            if hasWindow {
                timer = clock.schedule(
                    after: deadline - clock.now, label: "ScrollingContent keyboard filter", timerWork)
            }
            return .held(until: deadline)
        case .fire(let batch):
            cancelTimer()
            return .fire(batch)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

/// A filter's answers, checked: a deadline that is NaN or infinite is taken as `now` (the change
/// is acted on at once) and kept for a report — held until it, the change would never be acted
/// on (a `TemporalKeyboardFilter` whose `window` was set to `.infinity`, a custom filter's
/// arithmetic gone wrong).
///
/// A class, made once per filter clock and given each call's filter: a struct holding the
/// filter and a box for the bad deadlines cost two allocations per keyboard event (the box, and
/// the existential's out-of-line buffer).
private final class CheckedKeyboardFilter: KeyboardEventFilter, @unchecked Sendable {
    // `@unchecked Sendable`: only used on the main actor, by the filter clock that owns it,
    // during one synchronous call of the buffer and the report that follows.
    /// The filter whose answers are checked: the one of the latest call.
    var base: any KeyboardEventFilter = TemporalKeyboardFilter()
    /// The bad deadlines seen during the current call.
    var badDeadlines: [TimeInterval] = []

    func deadline(afterReceiving event: KeyboardEvent, at now: TimeInterval, pendingDeadline: TimeInterval?)
        -> TimeInterval
    {
        checked(base.deadline(afterReceiving: event, at: now, pendingDeadline: pendingDeadline), now: now)
    }

    func deadline(afterScrollRequestAt now: TimeInterval, pendingDeadline: TimeInterval?) -> TimeInterval {
        checked(base.deadline(afterScrollRequestAt: now, pendingDeadline: pendingDeadline), now: now)
    }

    private func checked(_ deadline: TimeInterval, now: TimeInterval) -> TimeInterval {
        guard !deadline.isFinite else { return deadline }
        badDeadlines.append(deadline)
        return now
    }
}
