import Foundation
import ScrollingPlugins
import Testing

@Suite("KeyboardEventFilter")
struct KeyboardEventFilterTests {
    private let show = showEvent(height: 260, in: PhoneSE.bounds)

    // MARK: Temporal

    @Test func theStandardWindowIsSCVCsTenthOfASecond() {
        #expect(TemporalKeyboardFilter.standardWindow == 0.1)
        #expect(TemporalKeyboardFilter().window == 0.1)
        let policy: any KeyboardEventFilter = .default
        #expect((policy as? TemporalKeyboardFilter)?.window == 0.1)
    }

    @Test func withNothingHeldTheDeadlineIsOneWindowAway() {
        let filter: any KeyboardEventFilter = .default
        #expect(isClose(filter.deadline(afterReceiving: show, at: 2, pendingDeadline: nil), 2 + 0.1))
    }

    @Test func aNewEventPushesTheDeadlineToOneWindowAfterIt() {
        // Held until 0.1; an event at 0.07 moves the deadline to 0.17.
        let deadline = TemporalKeyboardFilter().deadline(afterReceiving: show, at: 0.07, pendingDeadline: 0.1)
        #expect(isClose(deadline, 0.07 + 0.1))
    }

    @Test func aNewEventNeverShortensTheRemainingTime() {
        // Held until 0.5 (by a longer window, or a suspension's kept time): an event at 0.2
        // would be due at 0.3, but the held deadline stands.
        let deadline = TemporalKeyboardFilter().deadline(afterReceiving: show, at: 0.2, pendingDeadline: 0.5)
        #expect(deadline == 0.5)
    }

    @Test func aCustomWindow() {
        let filter: any KeyboardEventFilter = .temporal(window: 0.25)
        #expect(isClose(filter.deadline(afterReceiving: show, at: 1, pendingDeadline: nil), 1 + 0.25))
        #expect(isClose(filter.deadline(afterReceiving: show, at: 1.1, pendingDeadline: 1.25), 1.1 + 0.25))
    }

    @Test(arguments: [-0.1, 0, -.infinity, .infinity, .nan])
    func aWindowThatIsNotAPositiveFiniteTimeActsAtOnce(window: TimeInterval) {
        let filter = TemporalKeyboardFilter(window: window)
        #expect(filter.window == 0)
        #expect(filter.deadline(afterReceiving: show, at: 3, pendingDeadline: nil) == 3)
    }

    // MARK: Immediate

    @Test func theImmediateFilterActsNow() {
        let filter: any KeyboardEventFilter = .immediate
        #expect(filter.deadline(afterReceiving: show, at: 0.4, pendingDeadline: nil) == 0.4)
        // Even with something held: nothing is ever held for long.
        #expect(filter.deadline(afterReceiving: show, at: 0.4, pendingDeadline: 0.5) == 0.4)
        let none: any KeyboardEventFilter = .none
        #expect(none is ImmediateKeyboardFilter)
    }
}
