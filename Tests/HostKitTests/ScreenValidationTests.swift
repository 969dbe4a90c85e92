import Foundation
import HostKit
import Testing

/// The arguments of a custom screen, valid until a test spoils one of them: a 320×480 phone
/// with a 20 pt status bar and a 216/162 pt keyboard.
struct ScreenArguments {
    var portraitSize = CGSize(width: 320, height: 480)
    var scale: CGFloat = 2
    var portraitSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    var landscapeSafeAreaInsets = UIEdgeInsets.zero
    var portraitKeyboardHeight: CGFloat = 216
    var landscapeKeyboardHeight: CGFloat = 162
    var shortcutBarHeight: CGFloat = 55

    @MainActor
    func make() throws(ScreenError) -> HostKit.UIScreen {
        try HostKit.UIScreen(
            name: "Tiny", portraitSize: portraitSize, scale: scale,
            portraitSafeAreaInsets: portraitSafeAreaInsets,
            landscapeSafeAreaInsets: landscapeSafeAreaInsets,
            portraitKeyboardHeight: portraitKeyboardHeight,
            landscapeKeyboardHeight: landscapeKeyboardHeight, shortcutBarHeight: shortcutBarHeight)
    }
}

@Suite("Custom screens")
@MainActor
struct ScreenValidationTests {
    /// One bad value per case, and the field the error must name. The limits of the 320×480
    /// screen: portrait 320 wide, 480 tall; landscape 480 wide, 320 tall.
    nonisolated static let badArguments: [(String, ScreenError.Field, @Sendable (inout ScreenArguments) -> Void)] = [
        ("NaN width", .portraitSize, { $0.portraitSize.width = .nan }),
        ("zero height", .portraitSize, { $0.portraitSize.height = 0 }),
        ("negative width", .portraitSize, { $0.portraitSize.width = -320 }),
        ("wider than tall", .portraitSize, { $0.portraitSize = CGSize(width: 480, height: 320) }),
        ("zero scale", .scale, { $0.scale = 0 }),
        ("NaN scale", .scale, { $0.scale = .nan }),
        (
            "negative portrait inset", .portraitSafeAreaInsets,
            { $0.portraitSafeAreaInsets = UIEdgeInsets(top: -1, left: 0, bottom: 0, right: 0) }
        ),
        (
            "NaN portrait inset", .portraitSafeAreaInsets,
            { $0.portraitSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: .nan, right: 0) }
        ),
        // 300 + 180 = 480: nothing left of the 480 pt height.
        (
            "portrait insets filling the height", .portraitSafeAreaInsets,
            { $0.portraitSafeAreaInsets = UIEdgeInsets(top: 300, left: 0, bottom: 180, right: 0) }
        ),
        (
            "infinite landscape inset", .landscapeSafeAreaInsets,
            { $0.landscapeSafeAreaInsets = UIEdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0) }
        ),
        // 240 + 240 = 480: nothing left of the 480 pt landscape width.
        (
            "landscape insets filling the width", .landscapeSafeAreaInsets,
            { $0.landscapeSafeAreaInsets = UIEdgeInsets(top: 0, left: 240, bottom: 0, right: 240) }
        ),
        ("NaN portrait keyboard", .portraitKeyboardHeight, { $0.portraitKeyboardHeight = .nan }),
        ("negative portrait keyboard", .portraitKeyboardHeight, { $0.portraitKeyboardHeight = -1 }),
        // 481 > 480, the portrait height.
        ("portrait keyboard taller than the screen", .portraitKeyboardHeight, { $0.portraitKeyboardHeight = 481 }),
        ("infinite landscape keyboard", .landscapeKeyboardHeight, { $0.landscapeKeyboardHeight = .infinity }),
        // 321 > 320, the landscape height (the portrait width).
        ("landscape keyboard taller than the screen", .landscapeKeyboardHeight, { $0.landscapeKeyboardHeight = 321 }),
        ("negative shortcut bar", .shortcutBarHeight, { $0.shortcutBarHeight = -55 }),
        // The bar shows in landscape too: 321 > 320.
        ("shortcut bar taller than landscape", .shortcutBarHeight, { $0.shortcutBarHeight = 321 }),
    ]

    @Test func theValidArgumentsMakeAScreen() throws {
        let screen = try ScreenArguments().make()
        #expect(screen.size(for: .landscapeLeft) == CGSize(width: 480, height: 320))
        #expect(screen.keyboardHeight(for: .portrait) == CGFloat(216))
    }

    @Test(arguments: 0..<badArguments.count)
    func eachBadFieldIsNamed(_ index: Int) {
        let (label, field, spoil) = Self.badArguments[index]
        var arguments = ScreenArguments()
        spoil(&arguments)
        do {
            _ = try arguments.make()
            Issue.record("\(label): accepted")
        } catch {
            #expect(error.field == field, "\(label): \(error)")
            #expect(error.description.hasPrefix("invalid screen \(field.rawValue) "))
        }
    }

    @Test func thePresetsPassTheCheck() throws {
        for preset in [HostKit.UIScreen.iPhoneSE, .iPhoneX, .iPhone15Pro, .iPadPro11] {
            let rebuilt = try HostKit.UIScreen(
                name: preset.name, portraitSize: preset.portraitSize, scale: preset.scale,
                portraitSafeAreaInsets: preset.portraitSafeAreaInsets,
                landscapeSafeAreaInsets: preset.landscapeSafeAreaInsets,
                portraitKeyboardHeight: preset.portraitKeyboardHeight,
                landscapeKeyboardHeight: preset.landscapeKeyboardHeight, shortcutBarHeight: preset.shortcutBarHeight,
                supportsFloatingKeyboard: preset.supportsFloatingKeyboard,
                supportsPortraitUpsideDown: preset.supportsPortraitUpsideDown)
            // A screen is an object: the rebuilt one is another screen with the same measurements.
            #expect(rebuilt !== preset)
            #expect(rebuilt.portraitSize == preset.portraitSize && rebuilt.scale == preset.scale)
            #expect(rebuilt.portraitSafeAreaInsets == preset.portraitSafeAreaInsets)
            #expect(rebuilt.landscapeSafeAreaInsets == preset.landscapeSafeAreaInsets)
            #expect(rebuilt.portraitKeyboardHeight == preset.portraitKeyboardHeight)
            #expect(rebuilt.landscapeKeyboardHeight == preset.landscapeKeyboardHeight)
            #expect(rebuilt.shortcutBarHeight == preset.shortcutBarHeight)
            #expect(rebuilt.supportsFloatingKeyboard == preset.supportsFloatingKeyboard)
            #expect(rebuilt.supportsPortraitUpsideDown == preset.supportsPortraitUpsideDown)
        }
    }
}

/// An accessory whose intrinsic height is NaN (a broken `intrinsicContentSize` override).
@MainActor
private final class NaNAccessory: UIView {
    override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: .nan) }
}

@Suite("Keyboard heights")
@MainActor
struct KeyboardHeightTests {
    /// iPhone SE: portrait 375×667 with a 260 pt keyboard, landscape 667×375 with 200 pt.
    private let portrait = CGSize(width: 375, height: 667)

    private func field(accessory: UIView?, y: CGFloat = 100) -> UITextField {
        let field = UITextField(frame: CGRect(x: 20, y: y, width: 335, height: 34))
        field.inputAccessoryView = accessory
        return field
    }

    @Test func aNaNAccessoryHeightIsRefusedAndTheKeyboardStaysAsItWas() throws {
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(recorder: recorder)
        window.makeKeyAndVisible()
        let plain = field(accessory: nil)
        let broken = field(accessory: NaNAccessory(), y: 200)
        window.addSubview(plain)
        window.addSubview(broken)
        #expect(broken.inputAccessoryHeight.isNaN)
        let keyboard = KeyboardRecorder(window, clock)

        // From hidden: no notification, still hidden.
        broken.becomeFirstResponder()
        #expect(keyboard.entries.isEmpty)
        #expect(!window.keyboard.isVisible)
        #expect(recorder.contains("invalid keyboard height nan", atLeast: .error))

        // From a docked keyboard: it stays at 260, no notification.
        plain.becomeFirstResponder()
        try clock.advance(by: 1)
        keyboard.clear()
        recorder.removeAll()
        broken.becomeFirstResponder()
        #expect(keyboard.entries.isEmpty)
        #expect(window.keyboard.frame == dockedFrame(height: 260, in: portrait))
        #expect(recorder.contains("invalid keyboard height nan", atLeast: .error))
        let frame = window.keyboard.frame
        #expect([frame.minX, frame.minY, frame.width, frame.height].allSatisfy { $0.isFinite })
    }

    @Test func anAccessoryTallerThanTheWindowIsRefused() throws {
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(recorder: recorder)
        window.makeKeyAndVisible()
        // 260 + 420 = 680 > 667.
        let tall = field(accessory: UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 420)))
        window.addSubview(tall)
        let keyboard = KeyboardRecorder(window, clock)
        tall.becomeFirstResponder()
        #expect(keyboard.entries.isEmpty)
        #expect(!window.keyboard.isVisible)
        #expect(recorder.contains("invalid keyboard height 680", atLeast: .error))
        #expect(clock.pendingWork.map(\.label) == ["layout pass"]) // no keyboard notification waiting
    }

    @Test func theShowAfterARotationIsRefusedWhenTheAccessoryNoLongerFits() throws {
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(recorder: recorder)
        window.makeKeyAndVisible()
        // Portrait: 260 + 200 = 460 ≤ 667 fits. Landscape: 200 + 200 = 400 > 375 does not.
        let accessorized = field(accessory: UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 200)))
        window.addSubview(accessorized)
        accessorized.becomeFirstResponder()
        try clock.advance(by: 1)
        #expect(window.keyboard.frame == dockedFrame(height: 460, in: portrait))
        let keyboard = KeyboardRecorder(window, clock)

        window.rotate(to: .landscapeLeft)
        try clock.run()
        // Only the hide before the rotation; the show after it is refused.
        #expect(
            keyboard.names == [
                UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillHideNotification,
                UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidHideNotification,
            ])
        #expect(!window.keyboard.isVisible)
        #expect(recorder.contains("invalid keyboard height 400", atLeast: .error))
    }

    @Test func detachingAHardwareKeyboardIsRefusedWhenTheSoftwareKeyboardWouldNotFit() throws {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        try window.keyboard.simulateHardwareKeyboardConnected()
        // With the shortcut bar: 55 + 500 = 555 ≤ 667. Without: 260 + 500 = 760 > 667.
        let accessorized = field(accessory: UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 500)))
        window.addSubview(accessorized)
        accessorized.becomeFirstResponder()
        try clock.advance(by: 1)
        #expect(window.keyboard.frame == dockedFrame(height: 555, in: portrait))
        let keyboard = KeyboardRecorder(window, clock)

        #expect(throws: KeyboardError.invalidHeight(760)) { try window.keyboard.simulateHardwareKeyboardDisconnected() }
        #expect(window.keyboard.isHardwareKeyboardConnected)
        #expect(window.keyboard.frame == dockedFrame(height: 555, in: portrait))
        #expect(keyboard.entries.isEmpty)
    }

    @Test func dockingIsRefusedWhenTheAccessoryDoesNotFit() throws {
        let (window, clock) = makeWindow(.iPadPro11)
        window.makeKeyAndVisible()
        let plain = field(accessory: nil)
        // Docked: 313 + 900 = 1213 > 1194, the iPad's portrait height.
        let tall = field(accessory: UIView(frame: CGRect(x: 0, y: 0, width: 834, height: 900)), y: 200)
        window.addSubview(plain)
        window.addSubview(tall)
        plain.becomeFirstResponder()
        try window.keyboard.simulateUndocking()
        try clock.advance(by: 1)
        let floating = window.keyboard.frame
        tall.becomeFirstResponder() // a floating keyboard stays where it is
        let keyboard = KeyboardRecorder(window, clock)

        #expect(throws: KeyboardError.invalidHeight(1213)) { try window.keyboard.simulateDocking() }
        #expect(window.keyboard.isFloating)
        #expect(window.keyboard.frame == floating)
        #expect(keyboard.entries.isEmpty)
    }
}
