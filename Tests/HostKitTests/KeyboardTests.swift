import Foundation
import HostKit
import Testing

@Suite("Keyboard")
@MainActor
struct KeyboardTests {
    /// iPhone SE portrait: 375×667, keyboard 260.
    private let size = CGSize(width: 375, height: 667)
    private let height: CGFloat = 260

    /// A visible SE window with a text field, a recorder, and the clock.
    private func setUp(_ screen: HostKit.UIScreen = .iPhoneSE)
        -> (UIWindow, ManualScheduler, KeyboardRecorder, UITextField)
    {
        let (window, clock) = makeWindow(screen)
        window.makeKeyAndVisible()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        field.name = "field"
        window.addSubview(field)
        window.layoutIfNeeded()
        return (window, clock, KeyboardRecorder(window, clock), field)
    }

    @Test func aFieldBecomingFirstResponderShowsTheKeyboardAndResigningHidesIt() throws {
        let (window, clock, recorder, field) = setUp()
        #expect(!window.keyboard.isVisible)
        #expect(window.keyboard.frame == hiddenFrame(height: 0, in: size))

        field.becomeFirstResponder()
        let offscreen = hiddenFrame(height: height, in: size)
        let docked = dockedFrame(height: height, in: size)
        #expect(
            recorder.entries == [
                keyboardEntry(0, UIResponder.keyboardWillChangeFrameNotification, offscreen, docked),
                keyboardEntry(0, UIResponder.keyboardWillShowNotification, offscreen, docked),
            ])
        #expect(recorder.entries.allSatisfy { $0.notification.isLocal })
        // The state changes with the will notifications.
        #expect(window.keyboard.isVisible && window.keyboard.isDocked)
        #expect(window.keyboard.frame == docked)
        #expect(window.keyboard.dockedHeight == height)

        try clock.advance(by: 0.25)
        #expect(
            recorder.entries.suffix(2) == [
                keyboardEntry(0.25, UIResponder.keyboardDidChangeFrameNotification, offscreen, docked),
                keyboardEntry(0.25, UIResponder.keyboardDidShowNotification, offscreen, docked),
            ])

        recorder.clear()
        field.resignFirstResponder()
        try clock.advance(by: 0.25)
        #expect(
            recorder.entries == [
                keyboardEntry(0.25, UIResponder.keyboardWillChangeFrameNotification, docked, offscreen),
                keyboardEntry(0.25, UIResponder.keyboardWillHideNotification, docked, offscreen),
                keyboardEntry(0.25 + 0.25, UIResponder.keyboardDidChangeFrameNotification, docked, offscreen),
                keyboardEntry(0.25 + 0.25, UIResponder.keyboardDidHideNotification, docked, offscreen),
            ])
        #expect(!window.keyboard.isVisible)
        #expect(window.keyboard.frame == offscreen) // where it left, below the screen
        // (Linux Foundation's `intersects` is true for rectangles that only share an edge.)
        #expect(window.keyboard.frame.intersection(window.bounds).isEmpty)
        #expect(clock.finish().isClean)
    }

    /// HostKit reuses the `userInfo` of a change that comes again: every change still posts its
    /// own frames, through six different changes (more than the four kept) run twice, and the
    /// did notifications wait under the label that names them.
    @Test func aChangeThatComesAgainPostsItsOwnValues() throws {
        let (window, clock, recorder, field) = setUp()
        let tall = UITextField(frame: CGRect(x: 20, y: 150, width: 335, height: 34))
        let accessoryHeight: CGFloat = 44
        tall.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: accessoryHeight))
        window.addSubview(tall)
        let docked = dockedFrame(height: height, in: size)
        let dockedTall = dockedFrame(height: height + accessoryHeight, in: size)
        let hidden = hiddenFrame(height: height, in: size)
        let hiddenTall = hiddenFrame(height: height + accessoryHeight, in: size)
        let steps: [(act: () -> Bool, kind: KeyboardChangeKind, from: CGRect, to: CGRect)] = [
            ({ field.becomeFirstResponder() }, .show, hidden, docked),
            ({ tall.becomeFirstResponder() }, .show, docked, dockedTall),
            ({ tall.resignFirstResponder() }, .hide, dockedTall, hiddenTall),
            // A show slides in from below the screen at its own height.
            ({ tall.becomeFirstResponder() }, .show, hiddenTall, dockedTall),
            ({ field.becomeFirstResponder() }, .show, dockedTall, docked),
            ({ field.resignFirstResponder() }, .hide, docked, hidden),
        ]
        var time: TimeInterval = 0
        for _ in 0..<2 {
            for step in steps {
                recorder.clear()
                #expect(step.act())
                let label =
                    step.kind == .show
                    ? "keyboardDidChangeFrame+keyboardDidShow" : "keyboardDidChangeFrame+keyboardDidHide"
                #expect(clock.pendingWork.contains { $0.label == label })
                try clock.advance(by: 1)
                #expect(recorder.entries == keyboardChange(at: time, step.kind, from: step.from, to: step.to))
                time += 1
            }
        }
    }

    /// A field whose keyboard would not fit in the window (its accessory too tall) is reported
    /// with its name, and the keyboard stays as it was: nothing is posted.
    @Test func aKeyboardTallerThanTheWindowIsReportedAndNothingIsPosted() throws {
        let (window, clock, recorder, field) = setUp()
        let log = LogRecorder()
        window.logSink = log.sink
        let accessoryHeight: CGFloat = 500
        field.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: accessoryHeight))
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        #expect(recorder.entries.isEmpty)
        #expect(!window.keyboard.isVisible)
        let error = KeyboardError.invalidHeight(height + accessoryHeight)
        #expect(
            log.messages.map(\.text) == [
                "Keyboard: UITextField:field became first responder: \(error); the keyboard is unchanged"
            ])
    }

    @Test func movingBetweenFieldsPostsAChangeForEachFieldEvenAtTheSameHeight() throws {
        let (window, clock, recorder, email) = setUp()
        let password = UITextField(frame: CGRect(x: 20, y: 150, width: 335, height: 34))
        let code = UITextField(frame: CGRect(x: 20, y: 200, width: 335, height: 34))
        let accessoryHeight: CGFloat = 44
        code.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: accessoryHeight))
        window.addSubview(password)
        window.addSubview(code)
        email.becomeFirstResponder()
        try clock.advance(by: 1)
        recorder.clear()

        // Same height: UIKit still posts the frame change and the show, with equal frames, and
        // their did notifications when the keyboard's 0.25 s animation ends.
        password.becomeFirstResponder()
        let docked = dockedFrame(height: height, in: size)
        #expect(
            recorder.entries == [
                keyboardEntry(1, UIResponder.keyboardWillChangeFrameNotification, docked, docked),
                keyboardEntry(1, UIResponder.keyboardWillShowNotification, docked, docked),
            ])
        try clock.advance(by: 0.25)
        #expect(recorder.entries == keyboardChange(at: 1, .show, from: docked, to: docked))
        recorder.clear()

        code.becomeFirstResponder() // the accessory adds its height
        let withAccessory = dockedFrame(height: height + accessoryHeight, in: size)
        #expect(
            recorder.entries == [
                keyboardEntry(1.25, UIResponder.keyboardWillChangeFrameNotification, docked, withAccessory),
                keyboardEntry(1.25, UIResponder.keyboardWillShowNotification, docked, withAccessory),
            ])
        recorder.clear()
        email.becomeFirstResponder()
        #expect(
            recorder.names == [
                UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillShowNotification,
            ])
        #expect(recorder.entries.last?.notification.frameEnd == docked)
        #expect(window.keyboard.isVisible)

        // An accessory changed while first responder takes effect at reloadInputViews().
        recorder.clear()
        email.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 30))
        #expect(recorder.entries.isEmpty)
        email.reloadInputViews()
        #expect(recorder.entries.last?.notification.frameEnd == dockedFrame(height: height + 30, in: size))
    }

    @Test(arguments: Preset.phones)
    func aFieldOfTheSameHeightPostsTheFourNotificationsAndIsScrolledIntoViewOnce(preset: Preset) throws {
        let (window, clock) = makeWindow(preset.screen)
        window.makeKeyAndVisible()
        let size = window.bounds.size
        let height = preset.screen.portraitKeyboardHeight
        let scroll = RecordingScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: size.width, height: 2 * size.height)
        let first = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
        // The second field lies below the screen, in the content's second screenful.
        let second = UITextField(frame: CGRect(x: 20, y: size.height + 100, width: 300, height: 34))
        window.addSubview(scroll)
        scroll.addSubview(first)
        scroll.addSubview(second)
        window.layoutIfNeeded()
        first.becomeFirstResponder()
        try clock.advance(by: 1)
        let recorder = KeyboardRecorder(window, clock)
        scroll.calls = []

        second.becomeFirstResponder() // at 1, the same keyboard
        try clock.advance(by: 1)
        let docked = dockedFrame(height: height, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 1, .show, from: docked, to: docked).map(\.description))
        // UIKit's scroll for the new field, once, after the notifications: its frame in content
        // coordinates.
        #expect(scroll.calls.count == 1)
        #expect(scroll.calls.first?.rect == second.frame)
        // The least scroll that shows it inside the bounds inset by the adjusted inset — the
        // bottom safe area, nothing for the keyboard (UIKit's scroll does not wait for one):
        // its bottom edge at height − safe bottom.
        let safeBottom = preset.screen.portraitSafeAreaInsets.bottom
        #expect(scroll.adjustedContentInset.bottom == safeBottom)
        #expect(scroll.contentOffset.y == second.frame.maxY - (size.height - safeBottom))
    }

    @Test(arguments: Preset.phones)
    func framesAreInTheScreensSpaceWhichIsTheWindowsAndEveryKeyboardIsLocal(preset: Preset) throws {
        let (window, clock) = makeWindow(preset.screen)
        window.makeKeyAndVisible()
        let recorder = KeyboardRecorder(window, clock)
        // A card inset 20 pt from the sides, from y = 100 to 60 pt above the bottom edge.
        let size = window.bounds.size
        let card = UIView(frame: CGRect(x: 20, y: 100, width: size.width - 40, height: size.height - 160))
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        window.addSubview(card)
        card.addSubview(field)
        window.layoutIfNeeded()
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        let end = try #require(recorder.entries.last?.notification.frameEnd)
        // Converting from the screen's space (as Apple advises) or from the window gives the same
        // rectangle in a full-screen window: the keyboard's top is at height − keyboard in the
        // window, so at height − keyboard − 100 in the card.
        let fromScreen = card.convert(end, from: window.screen.coordinateSpace)
        let fromWindow = card.convert(end, from: nil)
        #expect(fromScreen == fromWindow)
        let keyboard = preset.screen.portraitKeyboardHeight
        #expect(fromScreen == CGRect(x: -20, y: size.height - keyboard - 100, width: size.width, height: keyboard))
        // The part of the card the keyboard covers: from its top to the card's bottom edge.
        #expect(card.bounds.intersection(fromScreen).height == (size.height - 60) - (size.height - keyboard))
        #expect(!recorder.entries.isEmpty && recorder.entries.allSatisfy(\.notification.isLocal))
    }

    @Test func theFirstResponderIsScrolledToVisibleRightAfterTheWillNotifications() throws {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let recorder = KeyboardRecorder(window, clock)
        let scroll = RecordingScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 375, height: 1000)
        scroll.onScroll = { _ in recorder.events.append("scrollRectToVisible") }
        let container = UIView(frame: CGRect(x: 0, y: 500, width: 375, height: 200))
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        window.addSubview(scroll)
        scroll.addSubview(container)
        container.addSubview(field)
        window.layoutIfNeeded()

        field.becomeFirstResponder()
        #expect(recorder.events == ["keyboardWillChangeFrame", "keyboardWillShow", "scrollRectToVisible"])
        let call = try #require(scroll.calls.first)
        #expect(call.rect == CGRect(x: 20, y: 500 + 100, width: 335, height: 34)) // in content coordinates
        #expect(call.animated)
        // Hiding does not scroll.
        field.resignFirstResponder()
        #expect(scroll.calls.count == 1)
    }

    @Test func scriptedShowAndHide() throws {
        let (window, clock, recorder, _) = setUp()
        try window.keyboard.show(height: 300)
        #expect(window.keyboard.frame == dockedFrame(height: 300, in: size))
        try clock.advance(by: 0.1)
        try window.keyboard.hide() // before the show finished: its did notifications never come
        try clock.advance(by: 1)
        #expect(
            recorder.entries.map(\.description)
                == [
                    keyboardEntry(
                        0, UIResponder.keyboardWillChangeFrameNotification, hiddenFrame(height: 300, in: size),
                        dockedFrame(height: 300, in: size)),
                    keyboardEntry(
                        0, UIResponder.keyboardWillShowNotification, hiddenFrame(height: 300, in: size),
                        dockedFrame(height: 300, in: size)),
                    keyboardEntry(
                        0.1, UIResponder.keyboardWillChangeFrameNotification, dockedFrame(height: 300, in: size),
                        hiddenFrame(height: 300, in: size)),
                    keyboardEntry(
                        0.1, UIResponder.keyboardWillHideNotification, dockedFrame(height: 300, in: size),
                        hiddenFrame(height: 300, in: size)),
                    keyboardEntry(
                        0.1 + 0.25, UIResponder.keyboardDidChangeFrameNotification, dockedFrame(height: 300, in: size),
                        hiddenFrame(height: 300, in: size)),
                    keyboardEntry(
                        0.1 + 0.25, UIResponder.keyboardDidHideNotification, dockedFrame(height: 300, in: size),
                        hiddenFrame(height: 300, in: size)),
                ].map(\.description))
        recorder.clear()
        try window.keyboard.hide() // already hidden
        #expect(recorder.entries.isEmpty)
    }

    @Test func badHeightsAreRefusedAndNothingIsPosted() throws {
        let (window, clock, recorder, _) = setUp()
        #expect(throws: KeyboardError.invalidHeight(-1)) { try window.keyboard.show(height: -1) }
        #expect(throws: KeyboardError.self) { try window.keyboard.show(height: .nan) }
        #expect(throws: KeyboardError.invalidHeight(.infinity)) { try window.keyboard.show(height: .infinity) }
        #expect(throws: KeyboardError.invalidHeight(668)) { try window.keyboard.show(height: 667 + 1) }
        #expect(recorder.entries.isEmpty)
        #expect(!window.keyboard.isVisible)
        #expect(clock.finish().isClean)
    }

    @Test func aKeyboardWhoseWindowIsGoneRefusesToShow() {
        var window: UIWindow? = UIWindow(screen: .iPhoneSE, scheduler: ManualScheduler())
        let keyboard = window!.keyboard
        window = nil
        #expect(keyboard.window == nil)
        #expect(throws: KeyboardError.noWindow) { try keyboard.show(height: 260) }
        #expect(throws: KeyboardError.noWindow) { try keyboard.hide() }
        #expect(throws: KeyboardError.noWindow) { try keyboard.simulateAutoFill() }
        #expect(!keyboard.isVisible)
        #expect(keyboard.frame == .zero)
    }

    @Test func autoFillPostsAHideAndTwoShowsOfDifferentHeightsWithinATenthOfASecond() throws {
        let (window, clock, recorder, field) = setUp()
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        recorder.clear()

        try window.keyboard.simulateAutoFill()
        try clock.advance(by: 1)
        let docked = dockedFrame(height: height, in: size)
        let offscreen = hiddenFrame(height: height, in: size)
        let short = height - Keyboard.autoFillBarHeight
        let shortDocked = dockedFrame(height: short, in: size)
        #expect(
            recorder.entries.map(\.description)
                == [
                    keyboardEntry(1, UIResponder.keyboardWillChangeFrameNotification, docked, offscreen),
                    keyboardEntry(1, UIResponder.keyboardWillHideNotification, docked, offscreen),
                    keyboardEntry(
                        1 + 0.03, UIResponder.keyboardWillChangeFrameNotification, hiddenFrame(height: short, in: size),
                        shortDocked),
                    keyboardEntry(
                        1 + 0.03, UIResponder.keyboardWillShowNotification, hiddenFrame(height: short, in: size),
                        shortDocked),
                    keyboardEntry(1 + 0.07, UIResponder.keyboardWillChangeFrameNotification, shortDocked, docked),
                    keyboardEntry(1 + 0.07, UIResponder.keyboardWillShowNotification, shortDocked, docked),
                    keyboardEntry(1 + 0.07 + 0.25, UIResponder.keyboardDidChangeFrameNotification, shortDocked, docked),
                    keyboardEntry(1 + 0.07 + 0.25, UIResponder.keyboardDidShowNotification, shortDocked, docked),
                ].map(\.description))
        let wills = recorder.entries.filter {
            $0.notification.name == UIResponder.keyboardWillShowNotification
                || $0.notification.name == UIResponder.keyboardWillHideNotification
        }
        #expect(
            wills.map(\.notification.name) == [
                UIResponder.keyboardWillHideNotification, UIResponder.keyboardWillShowNotification,
                UIResponder.keyboardWillShowNotification,
            ])
        #expect(try #require(wills.last).time - wills[0].time < 0.1)
        #expect(wills[1].notification.frameEnd.height != wills[2].notification.frameEnd.height)
        #expect(window.firstResponder === field)
        #expect(clock.finish().isClean)
    }

    @Test func editingEndingDuringAutoFillCancelsTheShowsStillToCome() throws {
        let (window, clock, recorder, field) = setUp()
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        try window.keyboard.simulateAutoFill() // at 1: hide; 1.03: show 216; 1.07: show 260
        try clock.advance(by: 0.05) // the first show (260 − 44 = 216) has come, the second not
        let short = height - Keyboard.autoFillBarHeight
        #expect(window.keyboard.frame == dockedFrame(height: short, in: size))
        recorder.clear()

        field.resignFirstResponder()
        try clock.advance(by: 1)
        // Exactly a hide, from the short keyboard: no show at 1.07, no did-show of either show.
        let shortDocked = dockedFrame(height: short, in: size)
        let shortHidden = hiddenFrame(height: short, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 1 + 0.05, .hide, from: shortDocked, to: shortHidden).map(\.description))
        #expect(window.firstResponder == nil)
        #expect(!window.keyboard.isVisible)
        #expect(clock.finish().isClean)
    }

    @Test func hidingBetweenAutoFillsChangesCancelsTheShows() throws {
        let (window, clock, recorder, field) = setUp()
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        try window.keyboard.simulateAutoFill()
        try clock.advance(by: 0.01) // hidden by AutoFill, no show yet
        recorder.clear()
        try window.keyboard.hide() // already hidden: nothing posted, the shows are cancelled
        try clock.advance(by: 1)
        // Only the rest of AutoFill's hide, which began at 1: its did notifications at 1.25.
        let docked = dockedFrame(height: height, in: size)
        let offscreen = hiddenFrame(height: height, in: size)
        #expect(
            recorder.entries.map(\.description)
                == [
                    keyboardEntry(1 + 0.25, UIResponder.keyboardDidChangeFrameNotification, docked, offscreen),
                    keyboardEntry(1 + 0.25, UIResponder.keyboardDidHideNotification, docked, offscreen),
                ].map(\.description))
        #expect(!window.keyboard.isVisible)
        #expect(clock.finish().isClean)
    }

    @Test func autoFillNeedsADockedKeyboardAndValidHeights() {
        let (window, clock, recorder, field) = setUp()
        #expect(throws: KeyboardError.notDocked) { try window.keyboard.simulateAutoFill() }
        field.becomeFirstResponder()
        recorder.clear()
        #expect(throws: KeyboardError.invalidHeight(-5)) { try window.keyboard.simulateAutoFill(firstHeight: -5) }
        #expect(recorder.entries.isEmpty)
        #expect(clock.pendingWork.allSatisfy { $0.label?.hasPrefix("AutoFill") != true })
    }

    @Test func aHardwareKeyboardLeavesOnlyTheShortcutBar() throws {
        let (window, clock, recorder, field) = setUp()
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        recorder.clear()
        try window.keyboard.simulateHardwareKeyboardConnected()
        let bar = HostKit.UIScreen.iPhoneSE.shortcutBarHeight
        #expect(bar == 55)
        try clock.advance(by: 1)
        // At 1 the 260 pt keyboard shrinks to the 55 pt bar (a docked height change: a show),
        // 0.25 s, so the did notifications come at 1.25.
        let docked = dockedFrame(height: height, in: size)
        let barDocked = dockedFrame(height: bar, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 1, .show, from: docked, to: barDocked).map(\.description))
        #expect(window.keyboard.isHardwareKeyboardConnected)

        // At 2, another field with a 44 pt accessory: the bar plus the accessory, 55 + 44 = 99.
        let other = UITextField(frame: CGRect(x: 20, y: 200, width: 335, height: 34))
        other.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
        window.addSubview(other)
        recorder.clear()
        other.becomeFirstResponder()
        try clock.advance(by: 1)
        let barAndAccessory = dockedFrame(height: bar + 44, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 2, .show, from: barDocked, to: barAndAccessory).map(\.description))
        #expect(window.keyboard.frame == barAndAccessory)

        recorder.clear()
        try window.keyboard.simulateHardwareKeyboardConnected() // already attached
        #expect(recorder.entries.isEmpty)
        // At 3 the hardware keyboard leaves: the software keyboard plus the accessory, 260 + 44.
        try window.keyboard.simulateHardwareKeyboardDisconnected()
        try clock.advance(by: 1)
        let softwareAndAccessory = dockedFrame(height: height + 44, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 3, .show, from: barAndAccessory, to: softwareAndAccessory).map(\.description))
        #expect(!window.keyboard.isHardwareKeyboardConnected)
        #expect(clock.finish().isClean)
    }

    @Test func anIPadKeyboardUndocksIntoAFloatingFrame() throws {
        let (window, clock, recorder, field) = setUp(.iPadPro11)
        let padSize = CGSize(width: 834, height: 1194)
        let padHeight: CGFloat = 313
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        recorder.clear()

        try window.keyboard.simulateUndocking()
        try clock.advance(by: 1)
        let docked = dockedFrame(height: padHeight, in: padSize)
        let offscreen = hiddenFrame(height: padHeight, in: padSize)
        let floating = CGRect(x: (834 - 320) / 2, y: (1194 - 250) / 2, width: 320, height: 250)
        #expect(
            recorder.entries.map(\.description)
                == [
                    keyboardEntry(1, UIResponder.keyboardWillChangeFrameNotification, docked, offscreen),
                    keyboardEntry(1, UIResponder.keyboardWillHideNotification, docked, offscreen),
                    keyboardEntry(1 + 0.25, UIResponder.keyboardDidChangeFrameNotification, docked, offscreen),
                    keyboardEntry(1 + 0.25, UIResponder.keyboardDidHideNotification, docked, offscreen),
                    keyboardEntry(1 + 0.25, UIResponder.keyboardWillChangeFrameNotification, offscreen, floating),
                    keyboardEntry(1 + 0.25 + 0.25, UIResponder.keyboardDidChangeFrameNotification, offscreen, floating),
                ].map(\.description))
        #expect(floating.maxY < padSize.height) // not docked at the bottom
        #expect(window.keyboard.isFloating && window.keyboard.isVisible && !window.keyboard.isDocked)
        #expect(window.keyboard.frame == floating)
        #expect(window.keyboard.dockedHeight == 0)

        // Moving between fields leaves a floating keyboard where it is.
        recorder.clear()
        let other = UITextField(frame: CGRect(x: 20, y: 200, width: 335, height: 34))
        other.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 834, height: 44))
        window.addSubview(other)
        other.becomeFirstResponder()
        #expect(recorder.entries.isEmpty)

        try window.keyboard.simulateDocking()
        #expect(
            recorder.names == [
                UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillShowNotification,
            ])
        #expect(recorder.entries.last?.notification.frameBegin == floating)
        #expect(window.keyboard.frame == dockedFrame(height: padHeight + 44, in: padSize))
    }

    @Test func editingEndingWhileTheKeyboardUndocksKeepsItHidden() throws {
        let (window, clock, recorder, field) = setUp(.iPadPro11)
        let padSize = CGSize(width: 834, height: 1194)
        let padHeight: CGFloat = 313
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        try window.keyboard.simulateUndocking() // at 1: hide; at 1.25: float
        try clock.advance(by: 0.1)
        recorder.clear()

        field.resignFirstResponder() // the keyboard is already hiding: nothing new is posted
        try clock.advance(by: 1)
        // Exactly the rest of the hide (its did notifications at 1.25), and no floating frame.
        let docked = dockedFrame(height: padHeight, in: padSize)
        let offscreen = hiddenFrame(height: padHeight, in: padSize)
        #expect(
            recorder.entries.map(\.description)
                == [
                    keyboardEntry(1 + 0.25, UIResponder.keyboardDidChangeFrameNotification, docked, offscreen),
                    keyboardEntry(1 + 0.25, UIResponder.keyboardDidHideNotification, docked, offscreen),
                ].map(\.description))
        #expect(!window.keyboard.isVisible && !window.keyboard.isFloating)
        #expect(window.keyboard.frame == offscreen)
        #expect(clock.finish().isClean)
    }

    @Test func undockingIsRefusedWhereItCannotHappen() throws {
        let (phone, _, phoneRecorder, phoneField) = setUp(.iPhoneX)
        phoneField.becomeFirstResponder()
        phoneRecorder.clear()
        #expect(throws: KeyboardError.floatingKeyboardUnsupported(screen: "iPhone X")) {
            try phone.keyboard.simulateUndocking()
        }
        #expect(throws: KeyboardError.notFloating) { try phone.keyboard.simulateDocking() }
        #expect(phoneRecorder.entries.isEmpty)

        let (pad, _, padRecorder, padField) = setUp(.iPadPro11)
        #expect(throws: KeyboardError.notDocked) { try pad.keyboard.simulateUndocking() }
        padField.becomeFirstResponder()
        padRecorder.clear()
        let bad = CGRect(x: 0, y: 0, width: -1, height: 10)
        #expect(throws: KeyboardError.invalidFrame(bad)) { try pad.keyboard.simulateUndocking(to: bad) }
        #expect(padRecorder.entries.isEmpty)
        #expect(pad.keyboard.isDocked)
    }

    @Test(arguments: Preset.phones)
    func interactiveDismissalTracksTheFingerSilentlyThenHides(preset: Preset) throws {
        let (window, clock) = makeWindow(preset.screen)
        let size = window.bounds.size
        let height = preset.screen.portraitKeyboardHeight
        window.makeKeyAndVisible()
        let recorder = KeyboardRecorder(window, clock)
        let scroll = UIScrollView(frame: window.bounds)
        scroll.keyboardDismissMode = .interactive
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        window.addSubview(scroll)
        scroll.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        recorder.clear()
        var trackingSeen: [Bool] = []
        recorder.onRecord = { note in
            if note.name == UIResponder.keyboardWillChangeFrameNotification { trackingSeen.append(scroll.isTracking) }
        }

        let guide = window.keyboardLayoutGuide
        try window.keyboard.simulateInteractiveDismissal(in: scroll)
        #expect(scroll.isTracking && scroll.isDragging)
        let docked = dockedFrame(height: height, in: size)
        let step = height / 4 // three steps: a quarter of the height each
        func down(_ count: CGFloat) -> CGRect { docked.offsetBy(dx: 0, dy: count * step) }
        let dt = Keyboard.interactiveDismissalStepInterval
        // While the finger drags, the keyboard's frame and the layout guide follow it, and
        // nothing is posted (UIKit posts nothing until the keyboard leaves).
        for count in 1...3 {
            try clock.advance(by: dt)
            #expect(window.keyboard.frame == down(CGFloat(count)))
            // The guide is the part of the keyboard still on screen: height − count × height / 4.
            #expect(
                guide.layoutFrame
                    == CGRect(
                        x: 0, y: down(CGFloat(count)).minY, width: size.width, height: height - CGFloat(count) * step))
            #expect(recorder.entries.isEmpty)
        }
        try clock.advance(by: 1)
        #expect(
            recorder.entries.map(\.description)
                == [
                    keyboardEntry(
                        1 + 4 * dt, UIResponder.keyboardWillChangeFrameNotification, down(3),
                        hiddenFrame(height: height, in: size)),
                    keyboardEntry(
                        1 + 4 * dt, UIResponder.keyboardWillHideNotification, down(3),
                        hiddenFrame(height: height, in: size)),
                    keyboardEntry(
                        1 + 4 * dt + 0.25, UIResponder.keyboardDidChangeFrameNotification, down(3),
                        hiddenFrame(height: height, in: size)),
                    keyboardEntry(
                        1 + 4 * dt + 0.25, UIResponder.keyboardDidHideNotification, down(3),
                        hiddenFrame(height: height, in: size)),
                ].map(\.description))
        // The keyboard leaves under the finger: the hide is posted while the scroll view tracks.
        #expect(trackingSeen == [true])
        #expect(!scroll.isTracking)
        #expect(window.firstResponder == nil)
        #expect(clock.finish().isClean)
    }

    @Test func editingEndingDuringAnInteractiveDismissalStopsTheKeyboardFollowingTheFinger() throws {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.keyboardDismissMode = .interactive
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        window.addSubview(scroll)
        scroll.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        let recorder = KeyboardRecorder(window, clock)
        try window.keyboard.simulateInteractiveDismissal(in: scroll) // steps at 1.05, 1.1, 1.15; end 1.2
        try clock.advance(by: 0.07) // after the first step: a quarter of 260 down
        let down1 = dockedFrame(height: height, in: size).offsetBy(dx: 0, dy: height / 4)
        #expect(window.keyboard.frame == down1)
        recorder.clear()

        field.resignFirstResponder()
        try clock.advance(by: 1)
        let offscreen = hiddenFrame(height: height, in: size)
        #expect(
            recorder.entries.map(\.description)
                == keyboardChange(at: 1 + 0.07, .hide, from: down1, to: offscreen).map(\.description))
        #expect(!window.keyboard.isVisible)
        #expect(!scroll.isTracking && !scroll.isDragging) // the finger lifted at 1.2 all the same
        #expect(clock.finish().isClean)
    }

    @Test(
        "an interactive dismissal refuses step counts outside 1...maximumInteractiveDismissalSteps, scheduling nothing")
    func interactiveDismissalRefusesStepCountsOutsideItsRange() throws {
        let (window, clock, recorder, field) = setUp()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.keyboardDismissMode = .interactive
        window.addSubview(scroll)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        recorder.clear()
        let maximum = Keyboard.maximumInteractiveDismissalSteps
        // Int.max once overflowed `steps + 1`; a million scheduled a million steps.
        for steps in [-1, 0, maximum + 1, 1_000_000, Int.max] {
            #expect(throws: KeyboardError.invalidStepCount(steps)) {
                try window.keyboard.simulateInteractiveDismissal(in: scroll, steps: steps)
            }
        }
        #expect(clock.pendingWorkCount == 0)
        #expect(recorder.entries.isEmpty)
        #expect(!scroll.isTracking)
        #expect(window.keyboard.isDocked)
        // The maximum itself is a drag that ends one step interval after its last step.
        try window.keyboard.simulateInteractiveDismissal(in: scroll, steps: maximum)
        try clock.advance(by: Double(maximum + 1) * Keyboard.interactiveDismissalStepInterval)
        #expect(!window.keyboard.isVisible)
        #expect(!scroll.isTracking)
    }

    /// A visible SE window with an interactive scroll view (no automatic insets) holding a
    /// field, the field focused and its keyboard docked.
    private func interactiveSetUp() throws -> (UIWindow, ManualScheduler, UIScrollView, UITextField) {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.keyboardDismissMode = .interactive
        scroll.contentInsetAdjustmentBehavior = .never
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        window.addSubview(scroll)
        scroll.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        return (window, clock, scroll, field)
    }

    @Test(
        "a hardware keyboard connected during an interactive dismissal docks the shortcut bar (the drag's steps are cancelled)"
    )
    func hardwareKeyboardConnectedDuringAnInteractiveDismissal() throws {
        let (window, clock, scroll, _) = try interactiveSetUp()
        try window.keyboard.simulateInteractiveDismissal(in: scroll) // steps at 1.05, 1.1, 1.15; end 1.2
        try clock.advance(by: 0.07) // after the first step: a quarter of 260 down
        #expect(window.keyboard.frame == dockedFrame(height: height, in: size).offsetBy(dx: 0, dy: height / 4))
        try window.keyboard.simulateHardwareKeyboardConnected()
        try clock.advance(by: 1)
        // Once left where the finger had it; now the 55 pt bar, docked.
        #expect(window.keyboard.isDocked)
        #expect(window.keyboard.frame == dockedFrame(height: window.screen.shortcutBarHeight, in: size))
        #expect(!scroll.isTracking && !scroll.isDecelerating)
        #expect(clock.finish().isClean)
    }

    @Test("a hardware keyboard disconnected during an interactive dismissal docks the software keyboard")
    func hardwareKeyboardDisconnectedDuringAnInteractiveDismissal() throws {
        let (window, clock, scroll, _) = try interactiveSetUp()
        try window.keyboard.simulateHardwareKeyboardConnected()
        try clock.advance(by: 1)
        try window.keyboard.simulateInteractiveDismissal(in: scroll, steps: 2)
        try clock.advance(by: 0.07)
        try window.keyboard.simulateHardwareKeyboardDisconnected()
        try clock.advance(by: 1)
        #expect(window.keyboard.frame == dockedFrame(height: height, in: size))
        #expect(clock.finish().isClean)
    }

    @Test("content pulled past its end during an interactive dismissal bounces back and stops decelerating")
    func interactiveDismissalEndsItsDeceleration() throws {
        let (window, clock, scroll, _) = try interactiveSetUp()
        scroll.contentSize = CGSize(width: 375, height: 2000)
        scroll.contentOffset = CGPoint(x: 0, y: 1000)
        try window.keyboard.simulateInteractiveDismissal(in: scroll) // end (and release) at 1.2
        // The content shrinks under the finger: 800 pt, so the end is at 800 − 667 = 133.
        scroll.contentSize = CGSize(width: 375, height: 800)
        try clock.advance(by: 4 * Keyboard.interactiveDismissalStepInterval)
        #expect(!scroll.isTracking)
        #expect(scroll.isDecelerating)
        try clock.advance(by: UIScrollView.scrollAnimationDuration)
        #expect(!scroll.isDecelerating)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 800 - 667))
        #expect(clock.finish().isClean)
    }

    @Test("a deceleration ends with the content at rest inside the legal range, even if the content shrank meanwhile")
    func decelerationEndsInsideTheLegalRange() throws {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentSize = CGSize(width: 375, height: 2000)
        window.addSubview(scroll)
        scroll.beginSimulatedDrag()
        scroll.contentOffset = CGPoint(x: 0, y: 1000)
        scroll.endSimulatedDrag(velocity: CGPoint(x: 0, y: 1))
        #expect(scroll.isDecelerating)
        scroll.contentSize = CGSize(width: 375, height: 700)
        scroll.endSimulatedDeceleration()
        #expect(!scroll.isDecelerating)
        // 700 − 667: the new end.
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 700 - 667))
        _ = clock.finish()
    }

    @Test func interactiveDismissalNeedsAnInteractiveScrollViewAndADockedKeyboard() throws {
        let (window, clock, recorder, field) = setUp()
        let scroll = UIScrollView(frame: window.bounds)
        window.addSubview(scroll)
        #expect(throws: KeyboardError.invalidStepCount(0)) {
            try window.keyboard.simulateInteractiveDismissal(in: scroll, steps: 0)
        }
        #expect(throws: KeyboardError.scrollViewNotInteractive) {
            try window.keyboard.simulateInteractiveDismissal(in: scroll)
        }
        scroll.keyboardDismissMode = .interactive
        #expect(throws: KeyboardError.notDocked) { try window.keyboard.simulateInteractiveDismissal(in: scroll) }
        let elsewhere = UIScrollView()
        elsewhere.keyboardDismissMode = .interactive
        field.becomeFirstResponder()
        recorder.clear()
        #expect(throws: KeyboardError.scrollViewNotInteractive) {
            try window.keyboard.simulateInteractiveDismissal(in: elsewhere)
        }
        #expect(!scroll.isTracking)
        #expect(recorder.entries.isEmpty)
        #expect(clock.pendingWork.allSatisfy { $0.label?.hasPrefix("interactive") != true })
    }

    @Test func eachWindowHasItsOwnKeyboard() {
        let (first, _, firstRecorder, firstField) = setUp()
        let (second, _, secondRecorder, _) = setUp()
        firstField.becomeFirstResponder()
        #expect(first.keyboard.isVisible && !second.keyboard.isVisible)
        #expect(first.keyboard !== second.keyboard)
        #expect(firstRecorder.entries.count == 2 && secondRecorder.entries.isEmpty)
    }

    /// `KeyboardNotification(_:)` refuses what it cannot read, and never traps: a missing key, a
    /// value of another type, an `NSValue` holding a point where a frame belongs.
    @Test func aMalformedNotificationDoesNotDecode() {
        let good = KeyboardNotification(
            name: UIResponder.keyboardWillShowNotification,
            frameBegin: CGRect(x: 0, y: 667, width: 375, height: 260),
            frameEnd: CGRect(x: 0, y: 407, width: 375, height: 260), animationDuration: 0.25)
        func decoded(_ change: (inout [AnyHashable: Any]) -> Void) -> KeyboardNotification? {
            var info = good.userInfo
            change(&info)
            return KeyboardNotification(Notification(name: good.name, object: nil, userInfo: info))
        }
        #expect(decoded { _ in } == good)
        #expect(decoded { $0[UIResponder.keyboardFrameEndUserInfoKey] = nil } == nil)
        #expect(decoded { $0[UIResponder.keyboardFrameEndUserInfoKey] = NSValue(point: CGPoint(x: 0, y: 407)) } == nil)
        #expect(decoded { $0[UIResponder.keyboardFrameBeginUserInfoKey] = "(0 667; 375 260)" } == nil)
        #expect(decoded { $0[UIResponder.keyboardAnimationDurationUserInfoKey] = "0.25" } == nil)
        #expect(decoded { $0[UIResponder.keyboardAnimationCurveUserInfoKey] = NSNumber(value: 99) } == nil)
        #expect(KeyboardNotification(Notification(name: good.name, object: nil, userInfo: nil)) == nil)
        #expect(
            KeyboardNotification(Notification(name: Notification.Name("other"), object: nil, userInfo: good.userInfo))
                == nil)
    }

    /// UIKit posts keyboard notifications on `NotificationCenter.default` with the screen as the
    /// object: an observer of one window's screen hears that window's keyboard only, one with no
    /// object hears every window's, and each notification names its screen.
    @Test func notificationsArePostedOnTheDefaultCentreNamingTheScreen() {
        let (first, _, _, firstField) = setUp()
        let (second, _, _, secondField) = setUp()
        #expect(first.screen !== second.screen, "each preset read is a new screen")
        final class Log: @unchecked Sendable {
            // `@unchecked Sendable`: written only on the main actor, where HostKit posts.
            var entries: [String] = []
        }
        let log = Log()
        let screens = [ObjectIdentifier(first.screen): "first", ObjectIdentifier(second.screen): "second"]
        let any = NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillShowNotification, object: nil,
            queue: nil
        ) { note in
            // Other tests' windows post too: keep this test's two screens only.
            guard let screen = note.object as? UIScreen, let name = screens[ObjectIdentifier(screen)] else { return }
            log.entries.append("any: \(name)")
        }
        let onlyFirst = NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillShowNotification,
            object: first.screen, queue: nil
        ) { _ in
            log.entries.append("first only")
        }
        defer {
            NotificationCenter.default.removeObserver(any)
            NotificationCenter.default.removeObserver(onlyFirst)
        }
        firstField.becomeFirstResponder()
        secondField.becomeFirstResponder()
        #expect(log.entries.sorted() == ["any: first", "any: second", "first only"])
        #expect(first.keyboard.isVisible && second.keyboard.isVisible)
    }
}

@Suite("UIWindow snapshots")
@MainActor
struct WindowSnapshotTests {
    @Test func theKeyboardAndTheFirstResponderAreDrawnOverTheWindow() throws {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        window.addSubview(field)
        #expect(SVGRenderer.overlays(for: window).isEmpty)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        let overlays = SVGRenderer.overlays(for: window)
        #expect(overlays.map(\.label) == ["keyboard 260", "first responder"])
        #expect(overlays[0].rect == dockedFrame(height: 260, in: CGSize(width: 375, height: 667)))
        #expect(overlays[1].rect == field.frame)
        let svg = SVGRenderer().render(window: window)
        #expect(svg.contains(">keyboard 260</text>"))
        #expect(svg.contains(">first responder</text>"))
    }
}
