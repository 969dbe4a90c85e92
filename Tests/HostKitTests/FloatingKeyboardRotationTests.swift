import Foundation
import HostKit
import Testing

/// A floating iPad keyboard follows a rotation (issue 14, bug 7): its frame stays inside the
/// new bounds, and a frame change is posted so that an inset computed from the overlap can
/// follow.
@Suite("Floating keyboard and rotation")
@MainActor
struct FloatingKeyboardRotationTests {
    /// The two iPads: the iPad Pro 11-inch preset (834×1194) and an iPad mini-sized custom
    /// screen (744×1133, the same insets; its keyboard heights play no part here).
    enum Pad: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case pro11, mini

        @MainActor
        func screen() throws -> HostKit.UIScreen {
            switch self {
            case .pro11: return .iPadPro11
            case .mini:
                return try HostKit.UIScreen(
                    name: "iPad mini", portraitSize: CGSize(width: 744, height: 1133), scale: 2,
                    portraitSafeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
                    landscapeSafeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
                    portraitKeyboardHeight: 300, landscapeKeyboardHeight: 380, supportsFloatingKeyboard: true)
            }
        }

        var testDescription: String { rawValue }
    }

    /// A visible window on `pad` whose scroll view fills it, a field in it, the keyboard docked
    /// at 0 and the clock at 1. An observer of the frame changes sets the scroll view's bottom
    /// inset to the keyboard's overlap with it, as an app following a floating keyboard does.
    private func setUp(_ pad: Pad) throws -> (UIWindow, ManualScheduler, UIScrollView, KeyboardRecorder) {
        let (window, clock) = makeWindow(try pad.screen())
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .never
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
        window.addSubview(scroll)
        scroll.addSubview(field)
        window.layoutIfNeeded()
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        let recorder = KeyboardRecorder(window, clock)
        recorder.onRecord = { note in
            guard note.name == UIResponder.keyboardWillChangeFrameNotification else { return }
            let overlap = scroll.convert(scroll.bounds, to: nil).intersection(note.frameEnd)
            scroll.contentInset.bottom = overlap.isNull ? 0 : overlap.height
        }
        return (window, clock, scroll, recorder)
    }

    @Test(arguments: Pad.allCases)
    func aKeyboardFloatingAcrossTheBottomEdgeStaysInsideTheWindowAfterARotation(pad: Pad) throws {
        let (window, clock, scroll, recorder) = try setUp(pad)
        let portrait = window.bounds.size
        let size = Keyboard.floatingKeyboardSize // 320×250
        // Centred horizontally, 100 pt of it above the bottom edge.
        let across = CGRect(
            x: (portrait.width - size.width) / 2, y: portrait.height - 100, width: size.width, height: size.height)
        try window.keyboard.simulateUndocking(to: across)
        try clock.advance(by: 1)
        #expect(window.keyboard.frame == across)
        #expect(scroll.contentInset.bottom == 100)
        recorder.clear()

        window.rotate(to: .landscapeLeft) // at 2
        let landscape = CGSize(width: portrait.height, height: portrait.width)
        // The centre keeps its place relative to the window: x at half the width; y at
        // (height − 100 + 125) / height of the portrait height, which is past the bottom edge
        // (the keyboard stuck out), so the frame is moved up until it fits: y = height − 250.
        let centerY = (portrait.height - 100 + size.height / 2) / portrait.height * landscape.height
        #expect(centerY + size.height / 2 > landscape.height)
        let inside = CGRect(
            x: (landscape.width - size.width) / 2, y: landscape.height - size.height,
            width: size.width, height: size.height)
        #expect(window.keyboard.frame == inside)
        #expect(window.keyboard.isFloating)
        // Posted at once, inside the rotation (0.3 s): a frame change, no show or hide.
        #expect(
            recorder.entries == [
                keyboardEntry(
                    2, UIResponder.keyboardWillChangeFrameNotification, across, inside,
                    duration: UIWindow.rotationDuration)
            ])
        #expect(window.animationLog.last?.duration == UIWindow.rotationDuration)
        // The inset followed the new overlap: the whole keyboard is over the scroll view.
        #expect(scroll.contentInset.bottom == size.height)
        try clock.advance(by: 1)
        #expect(
            recorder.entries.map(\.notification.shortName) == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        #expect(recorder.entries.last?.time == 2 + UIWindow.rotationDuration)
        #expect(clock.finish().isClean)
    }

    @Test(arguments: Pad.allCases)
    func aCentredFloatingKeyboardStaysCentredBothWays(pad: Pad) throws {
        let (window, clock, scroll, recorder) = try setUp(pad)
        let portrait = window.bounds.size
        let size = Keyboard.floatingKeyboardSize
        try window.keyboard.simulateUndocking() // centred by default
        try clock.advance(by: 1)
        let centred = { (bounds: CGSize) in
            CGRect(
                x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2, width: size.width,
                height: size.height)
        }
        #expect(window.keyboard.frame == centred(portrait))
        // Wholly over the scroll view, away from the bottom: its full height overlaps.
        #expect(scroll.contentInset.bottom == size.height)

        recorder.clear()
        window.rotate(to: .landscapeRight)
        try clock.advance(by: 1)
        #expect(window.keyboard.frame == centred(CGSize(width: portrait.height, height: portrait.width)))
        window.rotate(to: .portrait)
        try clock.advance(by: 1)
        #expect(window.keyboard.frame == centred(portrait))
        // Each rotation: one frame change and its did notification, never a show or a hide.
        #expect(
            recorder.entries.map(\.notification.shortName) == [
                "keyboardWillChangeFrame", "keyboardDidChangeFrame", "keyboardWillChangeFrame",
                "keyboardDidChangeFrame",
            ])
        #expect(scroll.contentInset.bottom == size.height)
        #expect(clock.finish().isClean)
    }

    @Test(arguments: Pad.allCases)
    func anUndockingUnderWayWhenTheWindowRotatesFloatsInsideTheNewBounds(pad: Pad) throws {
        let (window, clock, _, recorder) = try setUp(pad)
        let portrait = window.bounds.size
        let size = Keyboard.floatingKeyboardSize
        // Asked for in portrait: 100 pt from the left, 200 pt from the bottom edge.
        let asked = CGRect(x: 100, y: portrait.height - 200 - size.height, width: size.width, height: size.height)
        try window.keyboard.simulateUndocking(to: asked) // at 1: the hide; at 1.25: the float
        try clock.advance(by: 0.1)
        window.rotate(to: .landscapeLeft) // at 1.1, while hidden
        try clock.advance(by: 1)
        // Re-targeted: the centre keeps its relative place, (100 + 160) / width and
        // (height − 200 − 125) / height of the landscape size; it fits, so it stays there.
        let landscape = CGSize(width: portrait.height, height: portrait.width)
        let center = CGPoint(
            x: (100 + size.width / 2) / portrait.width * landscape.width,
            y: (portrait.height - 200 - size.height / 2) / portrait.height * landscape.height)
        let expected = CGRect(
            x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        #expect(CGRect(origin: .zero, size: landscape).contains(expected))
        let frame = window.keyboard.frame
        #expect(abs(frame.minX - expected.minX) < 1e-9 && abs(frame.minY - expected.minY) < 1e-9)
        #expect(frame.size == size)
        // The keyboard floats (a frame change at 1.25), and no show follows the rotation.
        #expect(!recorder.names.contains(UIResponder.keyboardWillShowNotification))
        #expect(window.keyboard.isFloating)
        #expect(clock.finish().isClean)
    }
}
