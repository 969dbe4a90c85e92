import Foundation
import HostKit
import Testing

/// AutoFill as ScrollingContentViewController's README describes it: filling the email field
/// moves the focus to the password field, and the keyboard posts one hide and two shows within
/// 0.1 s. The shows still to come are cancelled by any later change of the keyboard's state
/// (issue 14, bug 8): they must not dock the old field's height after the focus moved, nor the
/// portrait height after a rotation.
@Suite("AutoFill")
@MainActor
struct AutoFillTests {
    /// The accessory of the password field: 44 pt (a toolbar above the keyboard).
    private let passwordAccessory: CGFloat = 44
    /// The accessory of the one-time-code field: 100 pt.
    private let codeAccessory: CGFloat = 100

    @MainActor
    private struct Form {
        let window: UIWindow
        let clock: ManualScheduler
        let recorder: KeyboardRecorder
        let email: UITextField
        let password: UITextField
        let code: UITextField
        /// The window's portrait size.
        var size: CGSize { window.bounds.size }
    }

    /// A visible window on `preset` with three fields in order — email (no accessory), password
    /// (44 pt accessory), code (100 pt accessory) — the email field focused at 0, the clock at 1
    /// and the recorder cleared.
    private func setUp(_ preset: Preset) throws -> Form {
        let (window, clock) = makeWindow(preset.screen)
        window.makeKeyAndVisible()
        func field(_ name: String, y: CGFloat, accessory: CGFloat) -> UITextField {
            let field = UITextField(frame: CGRect(x: 20, y: y, width: 300, height: 34))
            field.name = name
            if accessory > 0 {
                field.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: accessory))
            }
            window.addSubview(field)
            return field
        }
        let email = field("email", y: 100, accessory: 0)
        let password = field("password", y: 150, accessory: passwordAccessory)
        let code = field("code", y: 200, accessory: codeAccessory)
        window.layoutIfNeeded()
        email.becomeFirstResponder()
        try clock.advance(by: 1)
        let recorder = KeyboardRecorder(window, clock)
        return Form(window: window, clock: clock, recorder: recorder, email: email, password: password, code: code)
    }

    @Test(arguments: Preset.phones)
    func autoFillMovesTheFocusToTheNextFieldWhoseKeyboardTheBurstShows(preset: Preset) throws {
        let form = try setUp(preset)
        let keyboard = preset.screen.portraitKeyboardHeight
        var editing: [String] = []
        let tokens = [UITextField.textDidEndEditingNotification, UITextField.textDidBeginEditingNotification].map {
            name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated {
                    let label = (note.object as? UIView)?.name ?? "?"
                    editing.append(
                        "\(note.name == UITextField.textDidEndEditingNotification ? "end" : "begin") \(label)")
                }
            }
        }
        defer { for token in tokens { NotificationCenter.default.removeObserver(token) } }

        try form.window.keyboard.simulateAutoFill()
        #expect(form.window.firstResponder === form.password)
        #expect(editing == ["end email", "begin password"])
        try form.clock.advance(by: 1)
        // The password field's keyboard is the screen's plus its 44 pt accessory; the first
        // show lacks the 44 pt predictive bar: keyboard + 44 − 44.
        let full = keyboard + passwordAccessory
        let short = full - Keyboard.autoFillBarHeight
        let size = form.size
        #expect(
            form.recorder.entries.map(\.description)
                == [
                    keyboardEntry(
                        1, UIResponder.keyboardWillChangeFrameNotification, dockedFrame(height: keyboard, in: size),
                        hiddenFrame(height: keyboard, in: size)),
                    keyboardEntry(
                        1, UIResponder.keyboardWillHideNotification, dockedFrame(height: keyboard, in: size),
                        hiddenFrame(height: keyboard, in: size)),
                    keyboardEntry(
                        1.03, UIResponder.keyboardWillChangeFrameNotification, hiddenFrame(height: short, in: size),
                        dockedFrame(height: short, in: size)),
                    keyboardEntry(
                        1.03, UIResponder.keyboardWillShowNotification, hiddenFrame(height: short, in: size),
                        dockedFrame(height: short, in: size)),
                    keyboardEntry(
                        1.07, UIResponder.keyboardWillChangeFrameNotification, dockedFrame(height: short, in: size),
                        dockedFrame(height: full, in: size)),
                    keyboardEntry(
                        1.07, UIResponder.keyboardWillShowNotification, dockedFrame(height: short, in: size),
                        dockedFrame(height: full, in: size)),
                    keyboardEntry(
                        1.07 + 0.25, UIResponder.keyboardDidChangeFrameNotification,
                        dockedFrame(height: short, in: size), dockedFrame(height: full, in: size)),
                    keyboardEntry(
                        1.07 + 0.25, UIResponder.keyboardDidShowNotification, dockedFrame(height: short, in: size),
                        dockedFrame(height: full, in: size)),
                ].map(\.description))
        #expect(form.clock.finish().isClean)
    }

    @Test func theLastFieldKeepsTheFocusAndAFieldCanBeNamed() throws {
        let form = try setUp(.iPhoneSE)
        // Named: AutoFill fills email and the code field takes the focus (260 + 100 at the end).
        try form.window.keyboard.simulateAutoFill(movingFocusTo: form.code)
        #expect(form.window.firstResponder === form.code)
        try form.clock.advance(by: 1)
        #expect(form.window.keyboard.frame == dockedFrame(height: 260 + codeAccessory, in: form.size))
        // The last field: no field follows, the focus stays.
        try form.window.keyboard.simulateAutoFill()
        #expect(form.window.firstResponder === form.code)
        try form.clock.advance(by: 1)
        #expect(form.window.keyboard.frame == dockedFrame(height: 260 + codeAccessory, in: form.size))
        // Hidden fields are skipped: from email, with password hidden, the code field is next.
        form.email.becomeFirstResponder()
        form.password.isHidden = true
        try form.clock.advance(by: 1)
        try form.window.keyboard.simulateAutoFill()
        #expect(form.window.firstResponder === form.code)
    }

    @Test func aFocusTargetThatCannotTakeItIsRefusedAndNothingChanges() throws {
        let form = try setUp(.iPhoneSE)
        let outside = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 34))
        let label = UIView(frame: CGRect(x: 0, y: 300, width: 100, height: 20))
        form.window.addSubview(label)
        let disabled = UITextField(frame: CGRect(x: 0, y: 400, width: 100, height: 34))
        disabled.isEnabled = false
        form.window.addSubview(disabled)
        for target in [outside, label, disabled] {
            #expect(throws: KeyboardError.cannotMoveFocus) {
                try form.window.keyboard.simulateAutoFill(movingFocusTo: target)
            }
        }
        #expect(form.window.firstResponder === form.email)
        #expect(form.recorder.entries.isEmpty)
        #expect(form.clock.pendingWork.allSatisfy { $0.label?.hasPrefix("AutoFill") != true })
    }

    /// Bug 8: the focus moves on between AutoFill's two shows.
    @Test(arguments: Preset.phones)
    func aFocusChangeDuringAutoFillCancelsItsLastShow(preset: Preset) throws {
        let form = try setUp(preset)
        let keyboard = preset.screen.portraitKeyboardHeight
        let size = form.size
        try form.window.keyboard.simulateAutoFill() // → password: hide at 1, show at 1.03 and 1.07
        try form.clock.advance(by: 0.05)
        // The first show has come: the password keyboard without the bar, keyboard + 44 − 44.
        let short = keyboard + passwordAccessory - Keyboard.autoFillBarHeight
        #expect(form.window.keyboard.frame == dockedFrame(height: short, in: size))
        form.recorder.clear()

        form.code.becomeFirstResponder() // at 1.05
        try form.clock.advance(by: 1)
        // Exactly the code field's keyboard, keyboard + 100, from 1.05; AutoFill's show at 1.07
        // (the password field's keyboard + 44) never comes.
        let code = dockedFrame(height: keyboard + codeAccessory, in: size)
        #expect(
            form.recorder.entries.map(\.description)
                == keyboardChange(at: 1.05, .show, from: dockedFrame(height: short, in: size), to: code).map(
                    \.description))
        #expect(form.window.keyboard.frame == code)
        #expect(form.clock.finish().isClean)
    }

    /// Bug 8: the focus moves on while AutoFill has the keyboard hidden.
    @Test(arguments: Preset.phones)
    func aFocusChangeWhileAutoFillHasTheKeyboardHiddenShowsTheNewFieldsKeyboard(preset: Preset) throws {
        let form = try setUp(preset)
        let keyboard = preset.screen.portraitKeyboardHeight
        let size = form.size
        try form.window.keyboard.simulateAutoFill()
        try form.clock.advance(by: 0.01) // hidden, no show yet
        form.recorder.clear()
        form.code.becomeFirstResponder() // at 1.01
        try form.clock.advance(by: 1)
        let height = keyboard + codeAccessory
        // The hide's did notifications were cancelled by this show (it retargets the animation).
        #expect(
            form.recorder.entries.map(\.description)
                == keyboardChange(
                    at: 1.01, .show, from: hiddenFrame(height: height, in: size),
                    to: dockedFrame(height: height, in: size)
                ).map(\.description))
        #expect(form.clock.finish().isClean)
    }

    /// Bug 8: a rotation during AutoFill. Its shows would dock the portrait height in landscape.
    @Test(arguments: Preset.phones, [0.01, 0.05])
    func aRotationDuringAutoFillShowsTheKeyboardOnceAtTheNewHeight(preset: Preset, after delay: TimeInterval) throws {
        let form = try setUp(preset)
        let screen = preset.screen
        let portrait = form.size
        try form.window.keyboard.simulateAutoFill() // → password
        try form.clock.advance(by: delay)
        form.recorder.clear()
        let wasDocked = form.window.keyboard.isDocked // by AutoFill's first show at 1.03
        #expect(wasDocked == (delay > Keyboard.autoFillTimes[1]))
        let short = screen.portraitKeyboardHeight + passwordAccessory - Keyboard.autoFillBarHeight
        form.window.rotate(to: .landscapeLeft)
        try form.clock.advance(by: 1)
        let landscape = CGSize(width: portrait.height, height: portrait.width)
        // The landscape keyboard for the password field: the landscape height plus its accessory.
        let height = screen.landscapeKeyboardHeight + passwordAccessory
        let end = 1 + delay + UIWindow.rotationDuration
        let show = keyboardChange(
            at: end, .show, from: hiddenFrame(height: height, in: landscape),
            to: dockedFrame(height: height, in: landscape))
        if wasDocked {
            // Docked at the short height: the rotation's hide (in portrait), then the show.
            let hide = keyboardChange(
                at: 1 + delay, .hide, from: dockedFrame(height: short, in: portrait),
                to: hiddenFrame(height: short, in: portrait))
            #expect(form.recorder.entries.map(\.description) == (hide + show).map(\.description))
        } else {
            // Hidden by AutoFill: the rest of its hide (did at 1.25), then the show.
            let offscreen = hiddenFrame(height: screen.portraitKeyboardHeight, in: portrait)
            let rest = [
                keyboardEntry(
                    1.25, UIResponder.keyboardDidChangeFrameNotification,
                    dockedFrame(height: screen.portraitKeyboardHeight, in: portrait), offscreen),
                keyboardEntry(
                    1.25, UIResponder.keyboardDidHideNotification,
                    dockedFrame(height: screen.portraitKeyboardHeight, in: portrait), offscreen),
            ]
            #expect(form.recorder.entries.map(\.description) == (rest + show).map(\.description))
        }
        #expect(form.window.keyboard.frame == dockedFrame(height: height, in: landscape))
        #expect(form.clock.finish().isClean)
    }

    /// Bug 8: a hardware keyboard attaches during AutoFill.
    @Test(arguments: Preset.phones)
    func aHardwareKeyboardDuringAutoFillDocksTheShortcutBarForTheNewField(preset: Preset) throws {
        let form = try setUp(preset)
        let size = form.size
        try form.window.keyboard.simulateAutoFill()
        try form.clock.advance(by: 0.01) // hidden by AutoFill
        form.recorder.clear()
        try form.window.keyboard.simulateHardwareKeyboardConnected() // at 1.01
        try form.clock.advance(by: 1)
        // The shortcut bar (55) plus the password field's 44 pt accessory, and nothing after.
        let height = preset.screen.shortcutBarHeight + passwordAccessory
        #expect(
            form.recorder.entries.map(\.description)
                == keyboardChange(
                    at: 1.01, .show, from: hiddenFrame(height: height, in: size),
                    to: dockedFrame(height: height, in: size)
                ).map(\.description))
        #expect(form.clock.finish().isClean)
    }
}
