import Foundation
import HostKit
import Testing

@Suite("Rotation")
@MainActor
struct RotationTests {
    @Test func rotatingWithTheKeyboardUpFollowsUIKitsSequence() throws {
        let timeline = Timeline()
        let (window, clock) = makeWindow(.iPhoneSE)
        let a = RecordingViewController("a", timeline: timeline)
        let navigation = UINavigationController(rootViewController: a)
        let observer = ListeningChild("observer", timeline: timeline)
        observer.attach(to: a)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        a.view.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        timeline.clear()
        let keyboard = KeyboardRecorder(window, clock)
        keyboard.onRecord = { timeline.events.append("\(clock.now) \($0.shortName)") }

        let portrait = CGSize(width: 375, height: 667)
        let landscape = CGSize(width: 667, height: 375)
        var geometryInAlongside: (CGSize, UIEdgeInsets)?
        // `a` holds this closure: capturing `a` strongly would make a cycle that keeps the
        // whole window alive after the test (LeakSanitizer, Scripts/sanitize.sh).
        a.onWillTransition = { [unowned a] coordinator in
            timeline.events.append(
                "a.bounds at willTransition \(Int(a.view.bounds.width))x\(Int(a.view.bounds.height))")
            coordinator.animate(
                alongsideTransition: { _ in
                    timeline.events.append("\(clock.now) alongside")
                    geometryInAlongside = (a.view.bounds.size, a.view.safeAreaInsets)
                },
                completion: { context in
                    timeline.events.append("\(clock.now) completion \(context.transitionDuration)")
                })
        }
        #expect(window.rotate(to: .landscapeLeft))
        try clock.advance(by: 1)

        #expect(
            timeline.filtered("1", "a.", "observer.") == [
                "1.0 keyboardWillChangeFrame", "1.0 keyboardWillHide",
                // `a`'s override calls `super` first, which tells its child.
                "observer.viewWillTransition(to: 667x375)",
                "a.viewWillTransition(to: 667x375)", "a.bounds at willTransition 375x667",
                "a.viewSafeAreaInsetsDidChange {44, 0, 0, 0}", "observer.viewSafeAreaInsetsDidChange {44, 0, 0, 0}",
                "a.viewWillLayoutSubviews", "a.viewDidLayoutSubviews",
                "1.0 alongside",
                "\(1 + 0.25) keyboardDidChangeFrame", "\(1 + 0.25) keyboardDidHide",
                "\(1 + UIWindow.rotationDuration) completion \(UIWindow.rotationDuration)",
                "\(1 + UIWindow.rotationDuration) keyboardWillChangeFrame",
                "\(1 + UIWindow.rotationDuration) keyboardWillShow",
                "\(1 + UIWindow.rotationDuration + 0.25) keyboardDidChangeFrame",
                "\(1 + UIWindow.rotationDuration + 0.25) keyboardDidShow",
            ])
        // The alongside block saw the new geometry: landscape, no status bar, the bar's 44 pt.
        let seen = try #require(geometryInAlongside)
        #expect(seen.0 == landscape)
        #expect(seen.1 == UIEdgeInsets(top: 0 + 44, left: 0, bottom: 0, right: 0))
        // The hide at 1 uses the portrait frames of the 260 pt SE keyboard; the show at the end of
        // the rotation (1 + 0.3) the landscape ones with the landscape height, 200 pt; each lasts
        // 0.25 s.
        let portraitDocked = dockedFrame(height: 260, in: portrait)
        let portraitHidden = hiddenFrame(height: 260, in: portrait)
        let landscapeHidden = hiddenFrame(height: 200, in: landscape)
        let landscapeDocked = dockedFrame(height: 200, in: landscape)
        let end = 1 + UIWindow.rotationDuration
        #expect(
            keyboard.entries.map(\.description)
                == (keyboardChange(at: 1, .hide, from: portraitDocked, to: portraitHidden)
                + keyboardChange(at: end, .show, from: landscapeHidden, to: landscapeDocked)).map(\.description))
        #expect(window.keyboard.frame == dockedFrame(height: 200, in: landscape))
        #expect(window.orientation == .landscapeLeft)
        #expect(window.bounds.size == landscape)
        #expect(navigation.view.frame.size == landscape)
        #expect(clock.finish().isClean)
    }

    @Test func theNewSafeAreasOfANotchedPhone() throws {
        let (window, clock) = makeWindow(.iPhoneX)
        let controller = UIViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(window.rotate(to: .landscapeRight))
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 812, height: 375))
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        try clock.run()
        #expect(window.rotate(to: .portrait))
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    }

    @Test func rotatingToTheCurrentOrientationIsANoOp() throws {
        let recorder = LogRecorder()
        let timeline = Timeline()
        let (window, clock) = makeWindow(recorder: recorder)
        let controller = RecordingViewController("a", timeline: timeline)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let keyboard = KeyboardRecorder(window, clock)
        try window.keyboard.show(height: 260)
        try clock.advance(by: 1)
        keyboard.clear()
        timeline.clear()

        #expect(!window.rotate(to: .portrait))
        #expect(recorder.contains("already in that orientation", atLeast: .info))
        #expect(timeline.events.isEmpty)
        #expect(keyboard.entries.isEmpty)
        #expect(clock.finish().isClean)
    }

    @Test func anUnsupportedOrientationIsRefused() {
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(.iPhone15Pro, recorder: recorder)
        #expect(!window.rotate(to: .portraitUpsideDown))
        #expect(window.orientation == .portrait)
        #expect(recorder.contains("does not support", atLeast: .error))
        #expect(clock.finish().isClean)
    }

    @Test func withoutAKeyboardNothingIsPosted() throws {
        let (window, clock) = makeWindow(.iPadPro11)
        window.makeKeyAndVisible()
        let keyboard = KeyboardRecorder(window, clock)
        #expect(window.rotate(to: .portraitUpsideDown))
        #expect(window.rotate(to: .landscapeLeft)) // while the first still runs
        try clock.run()
        #expect(keyboard.entries.isEmpty)
        #expect(window.bounds.size == CGSize(width: 1194, height: 834))
    }

    @Test func theKeyboardShowsOnceAfterOverlappingRotations() throws {
        let (window, clock) = makeWindow(.iPhoneX)
        window.makeKeyAndVisible()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        window.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        let keyboard = KeyboardRecorder(window, clock)
        window.rotate(to: .landscapeLeft)
        try clock.advance(by: 0.1)
        window.rotate(to: .landscapeRight)
        try clock.run()
        // iPhone X: the 336 pt portrait keyboard hides at 1 (375×812 frames); the first rotation's
        // end (1.3) shows nothing; the second's, at 1.1 + 0.3, shows the 209 pt landscape one
        // (812×375 frames). Each change lasts 0.25 s.
        let portrait = CGSize(width: 375, height: 812)
        let landscape = CGSize(width: 812, height: 375)
        let portraitDocked = dockedFrame(height: 336, in: portrait)
        let portraitHidden = hiddenFrame(height: 336, in: portrait)
        let landscapeHidden = hiddenFrame(height: 209, in: landscape)
        let landscapeDocked = dockedFrame(height: 209, in: landscape)
        let end = 1 + 0.1 + UIWindow.rotationDuration
        #expect(
            keyboard.entries.map(\.description)
                == (keyboardChange(at: 1, .hide, from: portraitDocked, to: portraitHidden)
                + keyboardChange(at: end, .show, from: landscapeHidden, to: landscapeDocked)).map(\.description))
        #expect(window.keyboard.frame == landscapeDocked)
    }

    @Test func editingEndingDuringARotationCancelsTheShowAfterIt() throws {
        let (window, clock) = makeWindow(.iPhoneSE)
        window.makeKeyAndVisible()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 335, height: 34))
        window.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        let keyboard = KeyboardRecorder(window, clock)
        window.rotate(to: .landscapeLeft) // at 1: hide; at 1.3: the rotation ends, the show would come
        try clock.advance(by: 0.1)
        keyboard.clear()

        field.resignFirstResponder() // already hidden for the rotation: nothing new is posted
        try clock.run()
        // Exactly the rest of the hide (portrait frames, did notifications at 1.25); no show at 1.3.
        let portrait = CGSize(width: 375, height: 667)
        let docked = dockedFrame(height: 260, in: portrait)
        let offscreen = hiddenFrame(height: 260, in: portrait)
        let note = { (name: Notification.Name) in
            KeyboardNotification(name: name, frameBegin: docked, frameEnd: offscreen, animationDuration: 0.25)
        }
        #expect(
            keyboard.entries.map(\.description)
                == [
                    KeyboardRecorder.Entry(
                        time: 1 + 0.25, notification: note(UIResponder.keyboardDidChangeFrameNotification)),
                    KeyboardRecorder.Entry(time: 1 + 0.25, notification: note(UIResponder.keyboardDidHideNotification)),
                ].map(\.description))
        #expect(clock.now == 1 + UIWindow.rotationDuration) // the rotation's end ran
        #expect(!window.keyboard.isVisible)
        #expect(window.firstResponder == nil)
    }

    @Test func theCoordinatorQueuesRunsAndRefusesByPhase() throws {
        let (window, clock) = makeWindow()
        final class Host: UIViewController {
            var coordinator: (any UIViewControllerTransitionCoordinator)?
            override func viewWillTransition(
                to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
            ) {
                super.viewWillTransition(to: size, with: coordinator)
                self.coordinator = coordinator
            }
        }
        let host = Host()
        window.rootViewController = host
        window.makeKeyAndVisible()
        window.rotate(to: .landscapeLeft)
        // HostKit's coordinator, whose phase and target size a test can read.
        let coordinator = try #require(host.coordinator as? SimulatedTransitionCoordinator)
        #expect(coordinator.phase == .animating)
        #expect(coordinator.isAnimated)
        #expect(coordinator.targetSize == CGSize(width: 667, height: 375))
        var ran: [String] = []
        // During the animation phase: the alongside block runs at once, the completion waits.
        let queued = coordinator.animate(
            alongsideTransition: { _ in ran.append("late alongside") },
            completion: { _ in ran.append("late completion") })
        #expect(queued)
        #expect(ran == ["late alongside"])
        try clock.run()
        #expect(ran == ["late alongside", "late completion"])
        #expect(coordinator.phase == .completed)
        let accepted = coordinator.animate(alongsideTransition: { _ in ran.append("too late") })
        #expect(!accepted)
        #expect(ran.count == 2)
    }
}

@Suite("Rotation and the first responder")
@MainActor
struct RotationFirstResponderTests {
    @Test func theKeyboardShownAfterARotationScrollsTheFirstResponderToVisible() throws {
        let (window, clock) = makeWindow(.iPhoneSE)
        window.makeKeyAndVisible()
        let scroll = RecordingScrollView(frame: window.bounds)
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentSize = CGSize(width: 375, height: 1000)
        let field = UITextField(frame: CGRect(x: 20, y: 300, width: 335, height: 34))
        window.addSubview(scroll)
        scroll.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        let callsBefore = scroll.calls.count

        window.rotate(to: .landscapeLeft)
        try clock.advance(by: UIWindow.rotationDuration - 0.01)
        #expect(scroll.calls.count == callsBefore) // not before the keyboard shows again
        try clock.advance(by: 0.01)
        #expect(scroll.calls.count == callsBefore + 1)
        #expect(scroll.calls.last?.rect == CGRect(x: 20, y: 300, width: 335, height: 34))
        #expect(scroll.calls.last?.animated == true)
    }
}
