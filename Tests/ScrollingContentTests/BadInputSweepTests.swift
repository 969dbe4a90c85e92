import Foundation
import HostKit
import ScrollingContent
import ScrollingPlugins
import Testing

/// The caller numbers ScrollingContent takes, each fed NaN, ±∞, the largest finite value and a
/// negative one (issue 14, "Bad input"): refused and reported with nothing changed, or — where
/// the value has a meaning (a negative margin counts as 0, a huge one shrinks to the room
/// there is) — taken, ending in a legal, finite offset. Nothing traps.
@Suite("Bad input sweep (ScrollingContent)")
@MainActor
struct ContentBadInputSweepTests {
    enum Bad: String, CaseIterable, Sendable {
        case nan, infinity, negativeInfinity, huge, negative

        var value: CGFloat {
            switch self {
            case .nan: .nan
            case .infinity: .infinity
            case .negativeInfinity: -.infinity
            case .huge: .greatestFiniteMagnitude
            case .negative: -1
            }
        }
    }

    /// A 2000 pt block on an iPhone SE (safe top 20, 647 pt visible), at the top.
    private func tallScenario(_ kind: HostKind) -> (Scenario, ColumnContent) {
        let column = ColumnContent([.block(2000)])
        return (Scenario(kind, on: Phone.iPhoneSE, content: column.view), column)
    }

    @Test(
        "scrollRectToVisible(_:animated:margin:): a NaN or infinite margin is refused; a negative one counts as 0; a huge one shrinks to the room",
        arguments: HostKind.allCases, Bad.allCases)
    func scrollRectMargin(kind: HostKind, bad: Bad) throws {
        let (scenario, _) = tallScenario(kind)
        let scrollView = scenario.scrollView
        let before = scrollView.contentOffset
        // A 10 pt rect at y 1500, below the visible area.
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1500, width: 10, height: 10), animated: false, margin: bad.value)
        try scenario.stage.settle()
        let errors = scenario.stage.log.messages(atLeast: .error)
        switch bad {
        case .nan, .infinity, .negativeInfinity:
            #expect(scrollView.contentOffset == before)
            #expect(errors.count == 1)
        case .negative:
            // No margin: the rect's bottom at the visible bottom, 1510 − 647 − 20.
            #expect(scrollView.contentOffset.y == CGFloat(1510 - 647 - 20))
            #expect(errors.isEmpty)
        case .huge:
            // The margin shrinks to (647 − 10) / 2 on each side: the rect centred.
            #expect(scrollView.contentOffset.y == CGFloat(1500) - CGFloat(647 - 10) / 2 - 20)
            #expect(errors.isEmpty)
        }
        #expect(scenario.offsetIsLegal)
    }

    @Test(
        "scrollRectToVisible with a rect beyond the content ends at the legal range's edge; a non-finite one is refused",
        arguments: HostKind.allCases, Bad.allCases)
    func scrollRectOrigin(kind: HostKind, bad: Bad) throws {
        let (scenario, _) = tallScenario(kind)
        let scrollView = scenario.scrollView
        scrollView.setContentOffset(CGPoint(x: 0, y: 500), animated: false)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: bad.value, width: 10, height: 10), animated: false)
        try scenario.stage.settle()
        switch bad {
        case .nan, .infinity, .negativeInfinity:
            #expect(scrollView.contentOffset.y == CGFloat(500))
            #expect(scenario.stage.log.messages(atLeast: .error).count == 1)
        case .negative:
            // Above the content: the top.
            #expect(scrollView.contentOffset.y == CGFloat(-20))
        case .huge:
            // Far below it: the end, 2000 − 667.
            #expect(scrollView.contentOffset.y == CGFloat(2000 - 667))
        }
        #expect(scenario.offsetIsLegal)
    }

    @Test(
        "scrollViewToVisible and scrollFirstResponderToVisible: the same margins; a view of another window is refused",
        arguments: HostKind.allCases, Bad.allCases)
    func viewMargins(kind: HostKind, bad: Bad) throws {
        let column = ColumnContent([.block(1500), .field, .block(500)])
        let scenario = Scenario(kind, on: Phone.iPhoneSE, content: column.view)
        let scrollView = scenario.scrollView
        let elsewhere = Stage(Phone.iPhoneSE)
        let stranger = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        elsewhere.window.addSubview(stranger)
        scrollView.scrollViewToVisible(stranger, animated: false, margin: 0)
        try scenario.stage.settle()
        #expect(scrollView.contentOffset.y == CGFloat(-20))
        #expect(scenario.stage.log.messages(atLeast: .error).count == 1)

        let field = try column.field(1)
        scrollView.scrollViewToVisible(field, animated: false, margin: bad.value)
        try scenario.stage.settle()
        let fieldHeight = UITextField.intrinsicHeight
        switch bad {
        case .nan, .infinity, .negativeInfinity:
            #expect(scrollView.contentOffset.y == CGFloat(-20))
            #expect(scenario.stage.log.messages(atLeast: .error).count == 2)
        case .negative:
            #expect(scrollView.contentOffset.y == 1500 + fieldHeight - CGFloat(647 + 20))
        case .huge:
            #expect(scrollView.contentOffset.y == CGFloat(1500) - (CGFloat(647) - fieldHeight) / 2 - 20)
        }

        // The first responder, with the keyboard up, the same way.
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        scrollView.setContentOffset(CGPoint(x: 0, y: -20), animated: false)
        let errorsBefore = scenario.stage.log.messages(atLeast: .error).count
        scrollView.scrollFirstResponderToVisible(animated: false, margin: bad.value)
        try scenario.stage.settle()
        if bad.value.isFinite {
            #expect(scenario.isFullyVisible(field))
        } else {
            #expect(scrollView.contentOffset.y == CGFloat(-20))
            #expect(scenario.stage.log.messages(atLeast: .error).count == errorsBefore + 1)
        }
        #expect(scenario.offsetIsLegal)
    }

    @Test(
        "visibilityScrollMargin: a negative margin counts as 0, a huge one shrinks to the room; the field is wholly visible",
        arguments: HostKind.allCases, [Bad.negative, .huge])
    func finiteVisibilityMargins(kind: HostKind, bad: Bad) throws {
        let column = ColumnContent([.block(900), .field, .block(900)])
        let scenario = Scenario(kind, on: Phone.iPhoneSE, content: column.view)
        scenario.scrollView.visibilityScrollMargin = bad.value
        #expect(scenario.scrollView.visibilityScrollMargin == bad.value)
        let field = try column.field(1)
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.isFullyVisible(field))
        #expect(scenario.offsetIsLegal)
        #expect(scenario.stage.log.messages(atLeast: .error).isEmpty)
    }

    /// A filter whose deadline is `now` plus a fixed amount, whatever it is.
    struct OffsetFilter: KeyboardEventFilter {
        let delay: TimeInterval
        func deadline(afterReceiving event: KeyboardEvent, at now: TimeInterval, pendingDeadline: TimeInterval?)
            -> TimeInterval
        {
            now + delay
        }
    }

    @Test(
        "a keyboard event filter's NaN or infinite deadline is reported and the change acted on at once",
        arguments: [TimeInterval.nan, .infinity], [false, true])
    func nonFiniteFilterDeadline(delay: TimeInterval, temporal: Bool) throws {
        let phone = Phone.iPhoneX
        let (scenario, form) = Scenario.signUp(.manager, on: phone) { manager in
            if temporal {
                // The built-in filter with its window set after it was made.
                var filter = TemporalKeyboardFilter()
                filter.window = delay
                manager.keyboardEventFilter = filter
            } else {
                manager.keyboardEventFilter = OffsetFilter(delay: delay)
            }
        }
        #expect(form.password.becomeFirstResponder())
        // Acted on in the same turn: the inset is there before any time passes.
        try scenario.stage.advance(by: 0)
        let keyboardInset = phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom
        #expect(scenario.controller.additionalSafeAreaInsets.bottom == keyboardInset)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets.bottom == keyboardInset)
        // A NaN window of the built-in filter gives `now` already (its `max` ignores NaN).
        let errors = scenario.stage.log.messages(atLeast: .error)
        if temporal && delay.isNaN {
            #expect(errors.isEmpty)
        } else {
            #expect(!errors.isEmpty)
            #expect(errors.allSatisfy { $0.text.contains("not a time") })
        }
        #expect(scenario.stage.clock.finish().isClean)
    }
}
