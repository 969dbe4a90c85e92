import Foundation
import ScrollingPlugins
import Testing

extension KeyboardEventBuffer.Action {
    /// The time of a `.schedule`, else `nil`.
    var scheduledTime: TimeInterval? {
        if case .schedule(let time) = self { time } else { nil }
    }

    /// The batch of a `.fire`, else `nil`.
    var firedBatch: KeyboardEventBuffer.Batch? {
        if case .fire(let batch) = self { batch } else { nil }
    }

    /// Whether it is `.none`.
    var isNone: Bool {
        if case .none = self { true } else { false }
    }

    /// Whether it is `.cancelTimer`.
    var isCancelTimer: Bool {
        if case .cancelTimer = self { true } else { false }
    }
}

/// Plays the manager's part for a ``KeyboardEventBuffer`` on a hand-moved clock: performs each
/// ``KeyboardEventBuffer/Action`` (one timer at most, as the manager keeps), fires the timer when
/// the clock passes it, and records every batch with the time it was acted on.
///
/// Test code only; it exists so scenario tests read as timelines ("hide at 0, shows at 0.03 and
/// 0.07 → one batch at 0.17").
struct BufferDriver {
    /// A batch acted on, and when.
    struct Fired {
        var time: TimeInterval
        var event: KeyboardEvent?
        var requests: [String]
    }

    var buffer = KeyboardEventBuffer<String>()
    var filter: any KeyboardEventFilter
    private(set) var now: TimeInterval = 0
    /// The armed timer's time, if one is armed.
    private(set) var timer: TimeInterval?
    private(set) var fired: [Fired] = []

    init(filter: any KeyboardEventFilter = .default) {
        self.filter = filter
    }

    /// Moves the clock to `time`, firing the armed timer on the way if it is due.
    mutating func advance(to time: TimeInterval) {
        if time < now { Issue.record("the test clock only moves forward: \(time) < \(now)") }
        if let due = timer, due <= time {
            timer = nil
            now = due
            if let batch = buffer.timerFired(at: due) { record(batch) }
        }
        now = time
    }

    mutating func receive(_ event: KeyboardEvent, at time: TimeInterval) {
        advance(to: time)
        perform(buffer.receive(event, at: time, filter: filter))
    }

    mutating func request(_ request: String, at time: TimeInterval) {
        advance(to: time)
        perform(buffer.request(request, at: time))
    }

    mutating func suspend(at time: TimeInterval) {
        advance(to: time)
        perform(buffer.suspend(at: time))
    }

    mutating func resume(at time: TimeInterval) {
        advance(to: time)
        perform(buffer.resume(at: time))
    }

    mutating func flush(at time: TimeInterval) {
        advance(to: time)
        perform(buffer.flush(at: time))
    }

    private mutating func perform(_ action: KeyboardEventBuffer<String>.Action) {
        switch action {
        case .none: break
        case .cancelTimer: timer = nil
        case .schedule(let time): timer = time
        case .fire(let batch):
            timer = nil
            record(batch)
        }
    }

    private mutating func record(_ batch: KeyboardEventBuffer<String>.Batch) {
        fired.append(Fired(time: now, event: batch.event, requests: batch.requests))
    }
}
