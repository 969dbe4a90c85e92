import Foundation
import HostKit
import Testing

@Suite("Windows and screens")
@MainActor
struct WindowTests {
    @Test func thePresetsHaveDesignSection7sNumbers() {
        let se = HostKit.UIScreen.iPhoneSE
        #expect(se.size(for: .portrait) == CGSize(width: 375, height: 667))
        #expect(se.size(for: .landscapeLeft) == CGSize(width: 667, height: 375))
        #expect(se.safeAreaInsets(for: .portrait) == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(se.safeAreaInsets(for: .landscapeRight) == .zero)
        #expect(se.keyboardHeight(for: .portrait) == CGFloat(216 + 44)) // keys + predictive bar
        #expect(se.keyboardHeight(for: .landscapeLeft) == 200)

        let x = HostKit.UIScreen.iPhoneX
        #expect(x.size(for: .portrait) == CGSize(width: 375, height: 812))
        #expect(x.safeAreaInsets(for: .portrait) == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(x.safeAreaInsets(for: .landscapeLeft) == UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        #expect(x.keyboardHeight(for: .portrait) == 336 && x.keyboardHeight(for: .landscapeRight) == 209)
        #expect(!x.supports(.portraitUpsideDown))

        let pro = HostKit.UIScreen.iPhone15Pro
        #expect(pro.size(for: .landscapeRight) == CGSize(width: 852, height: 393))
        #expect(pro.safeAreaInsets(for: .portrait) == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(pro.safeAreaInsets(for: .landscapeRight) == UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59))

        let pad = HostKit.UIScreen.iPadPro11
        #expect(pad.size(for: .landscapeLeft) == CGSize(width: 1194, height: 834))
        #expect(pad.safeAreaInsets(for: .landscapeLeft) == UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        #expect(pad.safeAreaInsets(for: .portraitUpsideDown) == UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        #expect(pad.keyboardHeight(for: .portrait) == 313 && pad.keyboardHeight(for: .landscapeLeft) == 398)
        #expect(pad.supportsFloatingKeyboard && pad.supports(.portraitUpsideDown))
        #expect(pad.shortcutBarHeight == 55)
    }

    @Test func aWindowFillsItsScreenWithTheScreensSafeArea() {
        let (window, _) = makeWindow(.iPhoneX, orientation: .landscapeLeft)
        #expect(window.frame == CGRect(x: 0, y: 0, width: 812, height: 375))
        #expect(window.window === window)
        window.layoutIfNeeded()
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        // UIScreen coordinates are window coordinates.
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        window.addSubview(view)
        #expect(view.convert(view.bounds, to: nil) == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func aCustomScreen() throws {
        let tiny = try HostKit.UIScreen(
            name: "Tiny", portraitSize: CGSize(width: 320, height: 480), scale: 2,
            portraitSafeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), landscapeSafeAreaInsets: .zero,
            portraitKeyboardHeight: 216, landscapeKeyboardHeight: 162)
        let (window, _) = makeWindow(tiny, orientation: .landscapeRight)
        #expect(window.bounds.size == CGSize(width: 480, height: 320))
        #expect(window.screen == tiny)
        #expect(window.orientation == .landscapeRight)
    }

    @Test func anUnsupportedOrientationIsReportedAndPortraitUsed() {
        let recorder = LogRecorder()
        let window = UIWindow(
            screen: .iPhoneX, orientation: .portraitUpsideDown, scheduler: ManualScheduler(),
            logSink: recorder.sink)
        #expect(window.orientation == .portrait)
        #expect(window.bounds.size == CGSize(width: 375, height: 812))
        #expect(recorder.contains("does not support portraitUpsideDown", atLeast: .error))
    }

    @Test func changesAreLaidOutOncePerSchedulerTurn() throws {
        let journal = Journal()
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let box = JournalView("box", journal: journal, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(box)
        #expect(clock.pendingWork.map(\.label) == ["layout pass"])
        box.frame.size.width = 200
        box.setNeedsLayout()
        #expect(clock.pendingWorkCount == 1) // still one pass
        #expect(journal.entries.isEmpty) // nothing until the turn
        try clock.advance(by: 0)
        #expect(journal.entries == ["box"])
        #expect(clock.pendingWorkCount == 0)
    }

    @Test func layoutIfNeededCancelsTheScheduledTurn() throws {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        window.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(clock.pendingWorkCount == 1)
        window.layoutIfNeeded()
        #expect(clock.finish().isClean)
    }
}
