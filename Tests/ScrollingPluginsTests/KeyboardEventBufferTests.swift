import Foundation
import ScrollingPlugins
import Testing

@Suite("KeyboardEventBuffer")
struct KeyboardEventBufferTests {
    private let window = PhoneSE.bounds
    private let filterWindow = TemporalKeyboardFilter.standardWindow

    // MARK: Bursts

    @Test func theAutoFillBurstIsActedOnOnceWithTheLastEvent() throws {
        // AutoFill posts one hide and two shows within 0.1 s (SCVC's README), with different
        // heights: 260, then 305 with an input accessory view.
        var driver = BufferDriver()
        let hide = hideEvent(height: 260, in: window, at: 0)
        let first = showEvent(height: 260, in: window, at: 0.03)
        let last = showEvent(height: 305, in: window, at: 0.07)
        driver.receive(hide, at: 0)
        driver.receive(first, at: 0.03)
        driver.receive(last, at: 0.07)
        driver.advance(to: 1)

        #expect(driver.fired.count == 1)
        let batch = try #require(driver.fired.first)
        #expect(isClose(batch.time, 0.07 + filterWindow))
        #expect(batch.event == last)
        #expect(batch.requests.isEmpty)
    }

    @Test func eachEventSchedulesTheFilterDeadline() {
        var buffer = KeyboardEventBuffer<String>()
        let filter = TemporalKeyboardFilter()
        #expect(isClose(buffer.receive(hideEvent(height: 260, in: window), at: 0, filter: filter).scheduledTime, 0.1))
        #expect(isClose(buffer.deadline, 0.1))
        #expect(
            isClose(
                buffer.receive(showEvent(height: 260, in: window), at: 0.03, filter: filter).scheduledTime,
                0.03 + 0.1))
        #expect(buffer.pendingEvent?.kind == .willShow)
        #expect(buffer.hasPendingWork)
    }

    @Test func eventsFarApartAreActedOnSeparately() {
        var driver = BufferDriver()
        let show = showEvent(height: 260, in: window, at: 0)
        let hide = hideEvent(height: 260, in: window, at: 1)
        driver.receive(show, at: 0)
        driver.receive(hide, at: 1)
        driver.advance(to: 2)
        #expect(driver.fired.map(\.event) == [show, hide])
        #expect(isClose(driver.fired.first?.time, 0.1))
        #expect(isClose(driver.fired.last?.time, 1.1))
    }

    @Test func theImmediateFilterActsOnEveryEventAtOnce() throws {
        var buffer = KeyboardEventBuffer<String>()
        let show = showEvent(height: 260, in: window, at: 0.5)
        let action = buffer.receive(show, at: 0.5, filter: .immediate)
        let batch = try #require(action.firedBatch)
        #expect(batch.event == show)
        #expect(!buffer.hasPendingWork)
        #expect(buffer.deadline == nil)
    }

    // MARK: Scroll requests

    @Test func requestsWaitForAHeldEventAndFireAfterItInOrder() throws {
        var driver = BufferDriver()
        let show = showEvent(height: 260, in: window, at: 0)
        driver.receive(show, at: 0)
        driver.request("email", at: 0.02)
        driver.request("password", at: 0.05)
        #expect(driver.fired.isEmpty)
        driver.advance(to: 1)

        #expect(driver.fired.count == 1)
        let batch = try #require(driver.fired.first)
        #expect(isClose(batch.time, 0.1))
        // The batch carries the event (acted on first) and the requests in the order made.
        #expect(batch.event == show)
        #expect(batch.requests == ["email", "password"])
    }

    @Test func aRequestWaitsAcrossTheDeadlineItsEventIsPushedTo() throws {
        var driver = BufferDriver()
        driver.receive(showEvent(height: 260, in: window), at: 0)
        driver.request("field", at: 0.05)
        let last = showEvent(height: 305, in: window, at: 0.08)
        driver.receive(last, at: 0.08)
        driver.advance(to: 1)
        let batch = try #require(driver.fired.first)
        #expect(driver.fired.count == 1)
        #expect(isClose(batch.time, 0.08 + 0.1))
        #expect(batch.event == last && batch.requests == ["field"])
    }

    @Test func aRequestWithNothingHeldFiresAtOnce() throws {
        var buffer = KeyboardEventBuffer<String>()
        let action = buffer.request("field", at: 3)
        let batch = try #require(action.firedBatch)
        #expect(batch.event == nil)
        #expect(batch.requests == ["field"])
        #expect(!buffer.hasPendingWork)
    }

    // MARK: Suspension (rotation)

    @Test func theRotationSequenceIsActedOnOnceWithTheShow() throws {
        // UIKit posts keyboardWillHide before the rotation animation and keyboardWillShow after
        // it; the manager suspends the filter for the transition (0.3 s here).
        let t: TimeInterval = 5
        var driver = BufferDriver()
        let hide = hideEvent(height: 260, in: window, at: t)
        let show = showEvent(height: 200, in: PhoneSE.bounds, at: t + 0.3)
        driver.receive(hide, at: t)
        driver.suspend(at: t)
        #expect(driver.timer == nil)
        driver.advance(to: t + 0.2) // The hide's deadline passes while suspended.
        #expect(driver.fired.isEmpty)
        driver.resume(at: t + 0.3)
        // The full window was left at the suspension, so it restarts from the resume.
        #expect(isClose(driver.timer, t + 0.3 + 0.1))
        driver.receive(show, at: t + 0.3)
        driver.advance(to: t + 1)

        #expect(driver.fired.count == 1)
        let batch = try #require(driver.fired.first)
        #expect(isClose(batch.time, t + 0.4))
        #expect(batch.event == show)
    }

    @Test func suspendKeepsTheRemainingTimeAndResumeRestartsIt() {
        var buffer = KeyboardEventBuffer<String>()
        _ = buffer.receive(hideEvent(height: 260, in: window), at: 0, filter: .default)
        let suspend = buffer.suspend(at: 0.04)
        #expect(suspend.isCancelTimer)
        #expect(buffer.isSuspended)
        #expect(buffer.deadline == nil)
        #expect(isClose(buffer.remainingWhileSuspended, 0.1 - 0.04))
        // Resumed 2 s later: the 0.06 s left start again from there.
        let resume = buffer.resume(at: 2.04)
        #expect(isClose(resume.scheduledTime, 2.04 + (0.1 - 0.04)))
        #expect(isClose(buffer.deadline, 2.04 + (0.1 - 0.04)))
        #expect(!buffer.isSuspended)
        #expect(buffer.remainingWhileSuspended == nil)
    }

    @Test func aSuspendedEventFiresWhenItsRemainingTimeHasRunAfterTheResume() throws {
        // 0.04 s into the window the rotation suspends; 0.06 s after the resume it fires.
        var driver = BufferDriver()
        let hide = hideEvent(height: 260, in: window)
        driver.receive(hide, at: 0)
        driver.suspend(at: 0.04)
        driver.resume(at: 1)
        driver.advance(to: 2)
        #expect(driver.fired.count == 1)
        let batch = try #require(driver.fired.first)
        #expect(isClose(batch.time, 1 + (0.1 - 0.04)))
        #expect(batch.event == hide)
    }

    @Test func eventsWhileSuspendedExtendTheRemainingTime() {
        // Suspended with 0.05 s left; an event 0.03 s later is due a full window after it.
        var buffer = KeyboardEventBuffer<String>()
        _ = buffer.receive(hideEvent(height: 260, in: window), at: 0, filter: .default)
        _ = buffer.suspend(at: 0.05)
        #expect(isClose(buffer.remainingWhileSuspended, 0.05))
        let show = showEvent(height: 260, in: window, at: 0.08)
        let action = buffer.receive(show, at: 0.08, filter: .default)
        #expect(action.isNone)
        #expect(isClose(buffer.remainingWhileSuspended, 0.1))
        #expect(buffer.pendingEvent == show)
        #expect(isClose(buffer.resume(at: 1).scheduledTime, 1 + 0.1))
    }

    @Test func anEventWhileSuspendedWithNothingHeldWaitsAWindowAfterTheResume() {
        var driver = BufferDriver()
        driver.suspend(at: 0)
        let show = showEvent(height: 260, in: window, at: 0.2)
        driver.receive(show, at: 0.2)
        driver.resume(at: 0.5)
        driver.advance(to: 1)
        #expect(driver.fired.count == 1)
        #expect(isClose(driver.fired.first?.time, 0.5 + 0.1))
        #expect(driver.fired.first?.event == show)
    }

    @Test func suspendedAtTheDeadlineActsOnResume() throws {
        var buffer = KeyboardEventBuffer<String>()
        let show = showEvent(height: 260, in: window)
        _ = buffer.receive(show, at: 0, filter: TemporalKeyboardFilter(window: 0.5))
        _ = buffer.suspend(at: 0.5) // No time left.
        let action = buffer.resume(at: 0.8)
        let batch = try #require(action.firedBatch)
        #expect(batch.event == show)
    }

    @Test func requestsWhileSuspendedWaitForTheResume() throws {
        var buffer = KeyboardEventBuffer<String>()
        _ = buffer.suspend(at: 0)
        let action = buffer.request("field", at: 0.1)
        #expect(action.isNone)
        #expect(buffer.pendingRequests == ["field"])
        // With no event held, nothing is gained by waiting once the clock runs again.
        let resumed = buffer.resume(at: 0.3)
        let batch = try #require(resumed.firedBatch)
        #expect(batch.event == nil && batch.requests == ["field"])
    }

    @Test func suspendAndResumeAreIdempotent() {
        var buffer = KeyboardEventBuffer<String>()
        let notSuspended = buffer.resume(at: 0)
        #expect(notSuspended.isNone) // Not suspended.
        let suspended = buffer.suspend(at: 0)
        #expect(suspended.isCancelTimer)
        let suspendedAgain = buffer.suspend(at: 0.1)
        #expect(suspendedAgain.isNone) // Already suspended.
        let resumedEmpty = buffer.resume(at: 0.2)
        #expect(resumedEmpty.isNone) // Nothing held.
        let resumedAgain = buffer.resume(at: 0.3)
        #expect(resumedAgain.isNone)
        #expect(!buffer.isSuspended)
    }

    @Test func aSecondSuspendKeepsTheFirstRemainingTime() {
        var buffer = KeyboardEventBuffer<String>()
        _ = buffer.receive(hideEvent(height: 260, in: window), at: 0, filter: .default)
        _ = buffer.suspend(at: 0.02)
        _ = buffer.suspend(at: 0.09)
        #expect(isClose(buffer.remainingWhileSuspended, 0.1 - 0.02))
    }

    // MARK: Flush

    @Test func flushFiresAtOnce() throws {
        var driver = BufferDriver()
        let hide = hideEvent(height: 260, in: window)
        driver.receive(hide, at: 0)
        driver.request("field", at: 0.01)
        driver.flush(at: 0.02)
        #expect(driver.fired.count == 1)
        let batch = try #require(driver.fired.first)
        #expect(isClose(batch.time, 0.02))
        #expect(batch.event == hide && batch.requests == ["field"])
        // The timer was cancelled with the fire, and nothing is left for it.
        #expect(driver.timer == nil)
        driver.advance(to: 1)
        #expect(driver.fired.count == 1)
    }

    @Test func flushWithNothingHeldDoesNothing() {
        var buffer = KeyboardEventBuffer<String>()
        let action = buffer.flush(at: 0)
        #expect(action.isNone)
    }

    @Test func flushWhileSuspendedFiresOnResume() throws {
        var driver = BufferDriver()
        let hide = hideEvent(height: 260, in: window)
        driver.receive(hide, at: 0)
        driver.suspend(at: 0.01)
        driver.flush(at: 0.02)
        #expect(driver.fired.isEmpty)
        driver.resume(at: 0.3)
        // At the resume, not after the 0.09 s that were left.
        #expect(driver.fired.count == 1)
        let batch = try #require(driver.fired.first)
        #expect(isClose(batch.time, 0.3))
        #expect(batch.event == hide)
    }

    @Test func aFlushWithNothingHeldDoesNotCarryOverToALaterEvent() {
        // Flushing an empty buffer is a no-op when running; it must be one while suspended too,
        // so an event that arrives afterwards still gets its filter window.
        var driver = BufferDriver()
        driver.suspend(at: 0)
        driver.flush(at: 0.01)
        let show = showEvent(height: 260, in: window, at: 0.2)
        driver.receive(show, at: 0.2)
        driver.resume(at: 0.3)
        #expect(driver.fired.isEmpty)
        driver.advance(to: 1)
        #expect(driver.fired.count == 1)
        #expect(isClose(driver.fired.first?.time, 0.3 + 0.1))
    }

    // MARK: The timer

    @Test func timerFiredBeforeTheDeadlineDoesNothing() throws {
        var buffer = KeyboardEventBuffer<String>()
        let show = showEvent(height: 260, in: window)
        _ = buffer.receive(show, at: 0, filter: .default)
        let early = buffer.timerFired(at: 0.05)
        #expect(early == nil)
        #expect(buffer.pendingEvent == show)
        #expect(isClose(buffer.deadline, 0.1))
        let atDeadline = buffer.timerFired(at: 0.1)
        let batch = try #require(atDeadline)
        #expect(batch.event == show)
        #expect(!buffer.hasPendingWork)
    }

    @Test func timerFiredWhileSuspendedDoesNothing() {
        var buffer = KeyboardEventBuffer<String>()
        let show = showEvent(height: 260, in: window)
        _ = buffer.receive(show, at: 0, filter: .default)
        _ = buffer.suspend(at: 0.05)
        let whileSuspended = buffer.timerFired(at: 0.2)
        #expect(whileSuspended == nil)
        #expect(buffer.pendingEvent == show)
    }

    @Test func aStaleTimerAfterAFireDoesNothing() {
        var buffer = KeyboardEventBuffer<String>()
        _ = buffer.receive(showEvent(height: 260, in: window), at: 0, filter: .default)
        _ = buffer.flush(at: 0.05)
        let stale = buffer.timerFired(at: 0.1)
        #expect(stale == nil)
        let later = buffer.timerFired(at: 10)
        #expect(later == nil)
    }

    @Test func aCustomFilterDecidesTheDeadline() {
        // A filter that waits for the keyboard's own animation to end.
        struct AfterAnimation: KeyboardEventFilter {
            func deadline(
                afterReceiving event: KeyboardEvent, at now: TimeInterval,
                pendingDeadline: TimeInterval?
            ) -> TimeInterval { now + event.duration }
        }
        var buffer = KeyboardEventBuffer<String>()
        let action = buffer.receive(showEvent(height: 260, in: window, at: 1), at: 1, filter: AfterAnimation())
        #expect(isClose(action.scheduledTime, 1 + 0.25))
    }

    // MARK: Coalescing scroll requests (SCVC's ScrollViewFilter)

    @Test func aScrollRequestWaitsForTheWindowAndOnlyTheLastOfABurstIsKept() throws {
        var buffer = KeyboardEventBuffer<String>()
        let filter = TemporalKeyboardFilter()
        // Nothing held: the request still waits 0.1 s.
        #expect(isClose(buffer.request("a", at: 0, filter: filter).scheduledTime, 0.1))
        // A second request 0.05 s later replaces it and pushes the time to act to 0.15.
        #expect(isClose(buffer.request("b", at: 0.05, filter: filter).scheduledTime, 0.15))
        #expect(buffer.pendingRequests == ["b"])
        #expect(buffer.timerFired(at: 0.1) == nil)
        let fired = buffer.timerFired(at: 0.2)
        let batch = try #require(fired)
        #expect(batch.requests == ["b"])
        #expect(batch.event == nil)
    }

    @Test func aScrollRequestBeforeTheKeyboardNotificationIsPerformedAfterIt() throws {
        // UIKit scrolls a new first responder into view before posting the keyboard's
        // notifications: the request waits, the show joins it, and both act once, the change
        // first.
        var buffer = KeyboardEventBuffer<String>()
        let filter = TemporalKeyboardFilter()
        _ = buffer.request("field", at: 0, filter: filter)
        let show = showEvent(height: 260, in: window, at: 0.01)
        #expect(isClose(buffer.receive(show, at: 0.01, filter: filter).scheduledTime, 0.11))
        let fired = buffer.timerFired(at: 0.2)
        let batch = try #require(fired)
        #expect(batch.event == show)
        #expect(batch.requests == ["field"])
    }

    @Test func aScrollReadersRequestIsNotCoalescedAndKeepsItsOrder() throws {
        var buffer = KeyboardEventBuffer<String>()
        let filter = TemporalKeyboardFilter()
        // With nothing held, a non-coalescing request fires at once.
        guard case .fire(let immediate) = buffer.request("reader", at: 0) else {
            Issue.record("a scroll reader's request with nothing held fires at once")
            return
        }
        #expect(immediate.requests == ["reader"])
        // Behind a coalescing one, it waits and keeps its place; a later coalescing request
        // replaces only the coalescing one.
        _ = buffer.request("rect 1", at: 1, filter: filter)
        #expect(buffer.request("reader 2", at: 1.01).isNone)
        _ = buffer.request("rect 2", at: 1.02, filter: filter)
        #expect(buffer.pendingRequests == ["reader 2", "rect 2"])
    }

    /// Behind a non-coalescing request that waits for a held event, a later coalescing request
    /// replaces the coalescing one, not the one in front of it.
    @Test func aCoalescingRequestBehindANonCoalescingOneIsTheOneReplaced() {
        var buffer = KeyboardEventBuffer<String>()
        let filter = TemporalKeyboardFilter()
        _ = buffer.receive(showEvent(height: 260, in: window, at: 0), at: 0, filter: filter)
        #expect(buffer.request("reader", at: 0.01).isNone)
        _ = buffer.request("rect 1", at: 0.02, filter: filter)
        _ = buffer.request("rect 2", at: 0.03, filter: filter)
        #expect(buffer.pendingRequests == ["reader", "rect 2"])
    }

    @Test func aScrollRequestDuringASuspensionWaitsItsWindowAfterTheResume() {
        var buffer = KeyboardEventBuffer<String>()
        let filter = TemporalKeyboardFilter()
        _ = buffer.suspend(at: 0)
        #expect(buffer.request("field", at: 0.1, filter: filter).isNone)
        // The rotation ends at 0.3: the request's 0.1 s starts again from there.
        #expect(isClose(buffer.resume(at: 0.3).scheduledTime, 0.4))
    }

    @Test func anImmediateFilterPerformsAScrollRequestAtOnce() {
        var buffer = KeyboardEventBuffer<String>()
        guard case .fire(let batch) = buffer.request("field", at: 0, filter: ImmediateKeyboardFilter()) else {
            Issue.record("the immediate filter acts at once")
            return
        }
        #expect(batch.requests == ["field"])
    }
}
