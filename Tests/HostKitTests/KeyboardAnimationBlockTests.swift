import Foundation
import HostKit
import Testing

/// UIKit posts the keyboard's `Will…` notifications inside the keyboard's animation block (a
/// navigation transition's during a push): what an observer changes there animates with the
/// keyboard unless it opts out with `performWithoutAnimation`, which is what
/// ScrollingContentViewController's no-animation fixes rely on.
@Suite("Keyboard notifications inside the keyboard's animation")
@MainActor
struct KeyboardAnimationBlockTests {
    /// A visible window on `preset` with a 44 pt bar along the bottom edge, a text field, and a
    /// recorder whose observer runs `onWill` for each `Will…` notification.
    private func setUp(_ preset: Preset) -> (UIWindow, ManualScheduler, KeyboardRecorder, UITextField, UIView) {
        let (window, clock) = makeWindow(preset.screen)
        window.makeKeyAndVisible()
        let size = window.bounds.size
        let bar = UIView(frame: CGRect(x: 0, y: size.height - 44, width: size.width, height: 44))
        bar.name = "bar"
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
        window.addSubview(bar)
        window.addSubview(field)
        window.layoutIfNeeded()
        return (window, clock, KeyboardRecorder(window, clock), field, bar)
    }

    @Test(arguments: Preset.allCases)
    func whatAnObserverChangesAnimatesWithTheKeyboard(preset: Preset) throws {
        let (window, clock, recorder, field, bar) = setUp(preset)
        let size = window.bounds.size
        let keyboard = preset.screen.portraitKeyboardHeight
        // The classic observer: keep the bar on top of the keyboard.
        var animationsEnabledInObserver: [Bool] = []
        recorder.onRecord = { note in
            guard
                note.name == UIResponder.keyboardWillShowNotification
                    || note.name == UIResponder.keyboardWillHideNotification
            else { return }
            animationsEnabledInObserver.append(UIView.areAnimationsEnabled)
            bar.frame.origin.y = note.frameEnd.minY - 44
        }
        try clock.advance(by: 1)
        window.removeAllAnimationRecords()

        field.becomeFirstResponder()
        // The bar moved from the bottom edge to the keyboard's top: height − keyboard − 44.
        let before = CGRect(x: 0, y: size.height - 44, width: size.width, height: 44)
        let above = CGRect(x: 0, y: size.height - keyboard - 44, width: size.width, height: 44)
        #expect(bar.frame == above)
        #expect(window.animationLog.count == 1)
        let show = try #require(window.animationLog.first)
        // One block: the keyboard's 0.25 s with its curve (7), animated, at the time of the change.
        #expect(show.time == 1 && show.duration == Keyboard.animationDuration && show.delay == 0)
        #expect(show.timing == .curve(.keyboard))
        #expect(show.animationsEnabled)
        #expect(show.change(of: bar, .frame)?.from == .rect(before))
        #expect(show.change(of: bar, .frame)?.to == .rect(above))

        // The hide too: back to the bottom edge (the hidden keyboard's frame starts at the
        // window's height), in a block of its own.
        try clock.advance(by: 1)
        field.resignFirstResponder()
        #expect(bar.frame == before)
        #expect(window.animationLog.count == 2)
        let hide = try #require(window.animationLog.last)
        #expect(hide.time == 2 && hide.duration == Keyboard.animationDuration && hide.timing == .curve(.keyboard))
        #expect(hide.change(of: bar, .frame)?.to == .rect(before))
        #expect(animationsEnabledInObserver == [true, true])
        try clock.advance(by: 1)
        #expect(window.animationLog.count == 2) // the Did… notifications are outside any block
    }

    @Test(arguments: Preset.allCases)
    func anObserverOptsOutWithPerformWithoutAnimation(preset: Preset) throws {
        let (window, _, recorder, field, bar) = setUp(preset)
        let size = window.bounds.size
        let keyboard = preset.screen.portraitKeyboardHeight
        // SCVC's KeyboardObserver settles the layout without animation on every notification.
        recorder.onRecord = { note in
            guard note.name == UIResponder.keyboardWillShowNotification else { return }
            UIView.performWithoutAnimation { bar.frame.origin.y = note.frameEnd.minY - 44 }
        }
        window.removeAllAnimationRecords()
        field.becomeFirstResponder()
        #expect(bar.frame.minY == size.height - keyboard - 44)
        // Only the opt-out is recorded, as a change without animation; the keyboard's own block
        // changed nothing and is not recorded.
        #expect(window.animationLog.count == 1)
        let record = try #require(window.animationLog.first)
        #expect(!record.animationsEnabled)
        #expect(record.duration == 0)
        #expect(record.changed(bar, .frame))
    }

    @Test(arguments: Preset.phones)
    func duringAPushTheNotificationsAreInsideTheTransitionsAnimation(preset: Preset) throws {
        let (window, clock) = makeWindow(preset.screen)
        let timeline = Timeline()
        let a = RecordingViewController("a", timeline: timeline)
        let navigation = UINavigationController(rootViewController: a)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let recorder = KeyboardRecorder(window, clock)
        let b = RecordingViewController("b", timeline: timeline)
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
        b.view.addSubview(field)
        b.onWillAppear = { _ in field.becomeFirstResponder() }
        let size = window.bounds.size
        let bar = UIView(frame: CGRect(x: 0, y: size.height - 44, width: size.width, height: 44))
        b.view.addSubview(bar)
        recorder.onRecord = { note in
            guard note.name == UIResponder.keyboardWillShowNotification else { return }
            bar.frame.origin.y = note.frameEnd.minY - 44
        }
        window.removeAllAnimationRecords()

        navigation.pushViewController(b, animated: true)
        // b's field brings the keyboard up in viewWillAppear: the show and the bar's move are in
        // one block lasting the push's 0.35 s.
        let keyboard = preset.screen.portraitKeyboardHeight
        #expect(bar.frame.minY == size.height - keyboard - 44)
        let record = try #require(window.animationLog.first { $0.changed(bar, .frame) })
        #expect(record.duration == UINavigationController.transitionDuration)
        #expect(record.animationsEnabled)
        try clock.advance(by: 1)
    }
}
