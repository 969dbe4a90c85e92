import Foundation
import HostKit
import ScrollingContent
import Testing

/// SCVC's "Keyboard Resize Filtering": a burst of keyboard notifications is acted on once,
/// 0.1 s after the last one, and the timeline says so.
@Suite("Keyboard filtering and the timeline")
@MainActor
struct KeyboardFilterTests {
    @Test("AutoFill's hide-show-show burst gives exactly one inset change", arguments: HostKind.allCases, phoneScreens)
    func autoFillBurstIsAppliedOnce(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        let before = UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0)
        #expect(scenario.controller.additionalSafeAreaInsets == before)
        scenario.timeline.removeAll()
        let recordsBefore = scenario.insetAnimations.count
        let start = scenario.stage.clock.now

        // AutoFill fills the email and moves the focus to a password field whose keyboard
        // carries a 44 pt accessory: hide, a show without the predictive bar, the final show.
        let first = keyboard - Keyboard.autoFillBarHeight
        let final = keyboard + 44
        try scenario.window.keyboard.simulateAutoFill(firstHeight: first, secondHeight: final)
        let lastNotification = try #require(Keyboard.autoFillTimes.last)
        // Just before the filter fires, 0.1 s after the last notification: nothing applied.
        try scenario.stage.advance(by: lastNotification + Stage.insideFilterWindow)
        #expect(scenario.controller.additionalSafeAreaInsets == before)
        try scenario.stage.settle()

        let after = UIEdgeInsets(top: 0, left: 0, bottom: final - safe.bottom, right: 0)
        #expect(scenario.controller.additionalSafeAreaInsets == after)
        if kind != .custom {
            // One animation block changed the insets, straight from the old value to the final one.
            let records = Array(scenario.insetAnimations.dropFirst(recordsBefore))
            #expect(records.count == 1)
            let change = try #require(records.first?.change(of: scenario.root, .additionalSafeAreaInsets))
            #expect(change.from == .insets(before))
            #expect(change.to == .insets(after))
        }
        do {
            let timeline = scenario.timeline
            #expect(timeline.keyboardApplications.count == 1)
            #expect(timeline.keyboardApplications.first?.adjustment.additionalSafeAreaInsets == after)
            let applied = try #require(timeline.times(of: "keyboardApplied").first)
            #expect(abs(applied - (start + lastNotification + TemporalKeyboardFilter.standardWindow)) < 1e-9)
            // Three notifications of each kind were received, none applied on its own.
            #expect(timeline.eventNames.filter { $0 == "keyboardWillShow" }.count == 2)
            #expect(timeline.eventNames.filter { $0 == "keyboardWillHide" }.count == 1)
        }
    }

    @Test(
        "with the .immediate filter every change of the burst is applied", arguments: monitoredHostKinds, phoneScreens)
    func immediateFilterAppliesEachChange(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.keyboardEventFilter = .immediate }
        let timeline = scenario.timeline
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight

        #expect(form.email.becomeFirstResponder())
        // No waiting: applied as the notification arrives.
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0))
        try scenario.stage.settle()
        timeline.removeAll()

        let first = keyboard - Keyboard.autoFillBarHeight
        let final = keyboard + 44
        try scenario.window.keyboard.simulateAutoFill(firstHeight: first, secondHeight: final)
        // The hide is applied at once...
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        try scenario.stage.advance(by: Keyboard.autoFillTimes[1])
        // ...then the short keyboard...
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: first - safe.bottom, right: 0))
        try scenario.stage.settle()
        // ...then the final one.
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: final - safe.bottom, right: 0))
        let bottoms = timeline.keyboardApplications.compactMap { $0.adjustment.additionalSafeAreaInsets?.bottom }
        // Each show posts `keyboardWillChangeFrame` and `keyboardWillShow`: both are applied.
        var distinct: [CGFloat] = []
        for bottom in bottoms where distinct.last != bottom { distinct.append(bottom) }
        #expect(distinct == [0, first - safe.bottom, final - safe.bottom])
        #expect(!timeline.eventNames.contains("held"))
    }

    @Test(
        "the timeline records a show and a hide in order, with what was decided", arguments: monitoredHostKinds,
        phoneScreens)
    func timelineRecordsTheScenarioInOrder(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let timeline = scenario.timeline
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight

        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let hideTime = scenario.stage.clock.now
        #expect(form.password.resignFirstResponder())
        try scenario.stage.settle()

        #expect(
            timeline.eventNames == [
                "contentInstalled",
                // The show: HostKit posts the frame change, then the show; UIKit's automatic
                // scrollRectToVisible follows and waits for the filter's window too.
                "keyboardWillChangeFrame", "held", "keyboardWillShow", "held", "scrollRequested", "held",
                "keyboardApplied",
                // The hide.
                "keyboardWillChangeFrame", "held", "keyboardWillHide", "held",
                "keyboardApplied",
            ])
        #expect(timeline.times(of: "keyboardApplied").count == 2)
        let times = timeline.times(of: "keyboardApplied")
        #expect(abs(times[0] - TemporalKeyboardFilter.standardWindow) < 1e-9)
        #expect(abs(times[1] - (hideTime + TemporalKeyboardFilter.standardWindow)) < 1e-9)
        // Event times never go backwards.
        #expect(zip(timeline.events, timeline.events.dropFirst()).allSatisfy { $0.time <= $1.time })

        let shown = try #require(timeline.keyboardApplications.first)
        #expect(shown.keyboardFrame == dockedKeyboardFrame(height: keyboard, in: size))
        #expect(shown.hostBottomOverlap == keyboard)
        #expect(shown.scrollViewBottomOverlap == keyboard)
        #expect(
            shown.adjustment.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0))
        #expect(shown.minimumContentHeight == size.height - safe.top - safe.bottom)
        #expect(shown.animation == .spring(duration: 0.5, damping: 1, initialVelocity: 0))

        let hidden = try #require(timeline.keyboardApplications.last)
        #expect(hidden.keyboardFrame == nil)
        #expect(hidden.hostBottomOverlap == 0)
        #expect(hidden.adjustment.additionalSafeAreaInsets == .zero)
        #expect(hidden.minimumContentHeight == nil)
        // One line per event.
        #expect(timeline.description.split(separator: "\n").count == timeline.events.count)
    }

    @Test(
        "a keyboard change that arrives while one is held pushes the deadline back, never forward",
        arguments: monitoredHostKinds, phoneScreens)
    func laterEventsPostponeTheFilter(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(100), .field, .field(accessory: 44), .block(100)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        let timeline = scenario.timeline
        let keyboard = phone.portraitKeyboardHeight

        #expect(try column.field(1).becomeFirstResponder())
        try scenario.stage.advance(by: Stage.insideFilterWindow)
        // The second field has a 44 pt accessory: the keyboard grows, 0.05 s after the first show.
        #expect(try column.field(2).becomeFirstResponder())
        let secondTime = scenario.stage.clock.now
        try scenario.stage.advance(by: Stage.insideFilterWindow)
        // 0.1 s after the first show, but only 0.05 s after the second: still held.
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        try scenario.stage.settle()
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboard + 44 - phone.portraitSafeAreaInsets.bottom, right: 0))
        #expect(timeline.keyboardApplications.count == 1)
        let applied = try #require(timeline.times(of: "keyboardApplied").first)
        #expect(abs(applied - (secondTime + TemporalKeyboardFilter.standardWindow)) < 1e-9)
    }

    @Test(
        "each keyboard notification lays the content out at once without animation, before the filter fires",
        arguments: HostKind.allCases, phoneScreens)
    func layoutWithoutAnimationOnEachNotification(kind: HostKind, phone: Phone) throws {
        let first: CGFloat = 100
        let grown: CGFloat = 140
        let column = ColumnContent([.block(first), .field, .block(2000)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        let field = try column.field(1)
        let size = phone.portraitSize
        // The field sits under the first block.
        #expect(
            field.frame
                == CGRect(
                    x: ColumnContent.inset, y: first, width: size.width - 2 * ColumnContent.inset,
                    height: UITextField.intrinsicHeight))
        // Dirty the layout: the first block grows, which will move the field down by 40.
        try #require(column.heightConstraints[0]).constant = grown
        let recordsBefore = scenario.window.animationLog.count
        let posted = scenario.stage.clock.now
        let docked = dockedKeyboardFrame(height: phone.portraitKeyboardHeight, in: size)
        let show = KeyboardNotification(
            name: UIResponder.keyboardWillShowNotification, frameBegin: docked.offsetBy(dx: 0, dy: docked.height),
            frameEnd: docked, animationDuration: 0.25)
        NotificationCenter.default.post(name: show.name, object: scenario.window.screen, userInfo: show.userInfo)
        try scenario.stage.settle()

        let records = Array(scenario.window.animationLog.dropFirst(recordsBefore))
        let moves = records.filter { $0.changed(field, .frame) }
        // One move, in a block without animation, when the notification arrived…
        #expect(moves.count == 1)
        let move = try #require(moves.first)
        #expect(!move.animationsEnabled)
        #expect(move.time == posted)
        #expect(
            move.change(of: field, .frame)?.to
                == .rect(
                    CGRect(
                        x: ColumnContent.inset, y: grown, width: size.width - 2 * ColumnContent.inset,
                        height: UITextField.intrinsicHeight)))
        // … before the filter applied the keyboard, 0.1 s later.
        #expect(move.time < posted + TemporalKeyboardFilter.standardWindow)
        if kind != .custom {
            // (The animation log names view controllers' `additionalSafeAreaInsets` only.)
            let inset = try #require(records.firstIndex { $0.changed(scenario.root, .additionalSafeAreaInsets) })
            let moveIndex = try #require(records.firstIndex { $0.changed(field, .frame) })
            #expect(moveIndex < inset)
            #expect(records[inset].time == posted + TemporalKeyboardFilter.standardWindow)
        }
        do {
            let timeline = scenario.timeline
            let applied = try #require(timeline.times(of: "keyboardApplied").first)
            #expect(abs(applied - (posted + TemporalKeyboardFilter.standardWindow)) < 1e-9)
        }
    }

    @Test(
        "a userInfo posted twice gives the same frames; another userInfo with other frames is read anew",
        arguments: phoneScreens)
    func userInfoIsReadPerDictionary(phone: Phone) throws {
        let (scenario, _) = Scenario.signUp(.manager, on: phone)
        scenario.timeline.removeAll()
        let size = phone.portraitSize
        let height = phone.portraitKeyboardHeight
        let hidden = CGRect(x: 0, y: size.height, width: size.width, height: height)
        let docked = dockedKeyboardFrame(height: height, in: size)
        let taller = dockedKeyboardFrame(height: height + 44, in: size)
        // One dictionary for a change's two notifications, as UIKit and HostKit post them; then
        // a second change in a dictionary of its own, equal but for its end frame.
        let first = KeyboardNotification(
            name: UIResponder.keyboardWillShowNotification, frameBegin: hidden, frameEnd: docked,
            animationDuration: 0.25
        ).userInfo
        let second = KeyboardNotification(
            name: UIResponder.keyboardWillChangeFrameNotification, frameBegin: hidden, frameEnd: taller,
            animationDuration: 0.25
        ).userInfo
        let center = NotificationCenter.default
        let screen = scenario.window.screen
        center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: screen, userInfo: first)
        center.post(name: UIResponder.keyboardWillShowNotification, object: screen, userInfo: first)
        center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: screen, userInfo: second)
        let heard = scenario.timeline.events.compactMap { event -> KeyboardEvent? in
            if case .keyboardNotification(let note) = event.kind { note } else { nil }
        }
        #expect(heard.map(\.kind) == [.willChangeFrame, .willShow, .willChangeFrame])
        // Frames in window coordinates: a HostKit window fills its screen from the origin.
        #expect(heard.map(\.frameEnd) == [docked, docked, taller])
        #expect(heard.allSatisfy { $0.frameBegin == hidden && $0.duration == 0.25 })
        try scenario.stage.settle()
        let safe = phone.portraitSafeAreaInsets
        #expect(scenario.controller.additionalSafeAreaInsets.bottom == height + 44 - safe.bottom)
    }
}
