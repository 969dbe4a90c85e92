import Foundation
import HostKit
import Testing

/// What a view controller sees as its view first appears, as in UIKit: a default root view
/// already the size of the window it is loaded for, and `viewSafeAreaInsetsDidChange()` right
/// before the view appears, even when the insets are zero (Apple's documentation of the
/// method: "UIKit also calls this method immediately before your view appears onscreen").
@Suite("First appearance")
@MainActor
struct FirstAppearanceTests {
    /// A controller that records its view's bounds in `viewDidLoad`.
    final class SizeRecordingController: RecordingViewController {
        var boundsInViewDidLoad: CGRect?

        override func viewDidLoad() {
            super.viewDidLoad()
            boundsInViewDidLoad = view.bounds
        }
    }

    @Test(arguments: Preset.phones, [UIInterfaceOrientation.portrait, .landscapeLeft])
    func aWindowsRootViewIsTheWindowsSizeInViewDidLoad(preset: Preset, orientation: UIInterfaceOrientation) {
        let (window, _) = makeWindow(preset.screen, orientation: orientation)
        let controller = SizeRecordingController("root", timeline: Timeline())
        window.rootViewController = controller
        // The screen's size in that orientation: portrait as the preset says, landscape swapped.
        let portrait = preset.screen.portraitSize
        let expected = orientation == .portrait ? portrait : CGSize(width: portrait.height, height: portrait.width)
        #expect(controller.boundsInViewDidLoad == CGRect(origin: .zero, size: expected))
    }

    @Test(arguments: Preset.phones)
    func aPushedControllersViewIsTheWindowsSizeInViewDidLoad(preset: Preset) {
        let (window, _) = makeWindow(preset.screen)
        let navigation = UINavigationController(rootViewController: RecordingViewController("a", timeline: Timeline()))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let pushed = SizeRecordingController("b", timeline: Timeline())
        navigation.pushViewController(pushed, animated: false)
        #expect(pushed.boundsInViewDidLoad == CGRect(origin: .zero, size: preset.screen.portraitSize))
    }

    @Test(arguments: Preset.phones)
    func aContentViewInsetFromTheDefaultRootViewNeedsNoFrameByHand(preset: Preset) {
        // ScrollingContentViewController's InsetContentViewKeyboardTests: a content view inset
        // by 20 pt on each side of the root view, with a flexible size.
        let (window, _) = makeWindow(preset.screen)
        let controller = UIViewController()
        window.rootViewController = controller
        let content = UIView(
            frame: controller.view.bounds.inset(by: UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)))
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        controller.view.addSubview(content)
        window.makeKeyAndVisible()
        let size = preset.screen.portraitSize
        #expect(content.frame == CGRect(x: 20, y: 20, width: size.width - 40, height: size.height - 40))
    }

    @Test func aViewLoadedWithNoWindowInSightStartsAtZero() {
        // HostKit has no main screen (UIKit's default view would take its bounds).
        let controller = UIViewController()
        #expect(controller.view.bounds == .zero)
        let (window, _) = makeWindow(.iPhoneX)
        window.rootViewController = controller
        #expect(controller.view.bounds == CGRect(x: 0, y: 0, width: 375, height: 812)) // placed: sized
    }

    @Test(arguments: [(Preset.iPhoneSE, UIInterfaceOrientation.landscapeLeft), (.iPhoneX, .portrait)])
    func viewSafeAreaInsetsDidChangeComesRightBeforeTheFirstAppearanceOnly(
        preset: Preset, orientation: UIInterfaceOrientation
    ) {
        let timeline = Timeline()
        let (window, _) = makeWindow(preset.screen, orientation: orientation)
        let controller = RecordingViewController("root", timeline: timeline)
        window.rootViewController = controller
        timeline.clear()
        window.makeKeyAndVisible()
        // An iPhone SE in landscape has no safe-area insets (the status bar is hidden): the
        // call comes all the same. An iPhone X in portrait: 44 at the top, 34 at the bottom.
        let insets = preset.screen.safeAreaInsets(for: orientation)
        #expect(
            timeline.events == [
                "root.viewWillAppear(false)",
                "root.viewSafeAreaInsetsDidChange \(insets)",
                "root.viewWillLayoutSubviews",
                "root.viewDidLayoutSubviews",
                "root.viewDidAppear(false)",
            ])
        // Appearing again with the same insets: no call.
        window.isHidden = true
        timeline.clear()
        window.isHidden = false
        #expect(timeline.filtered("root.viewSafeArea").isEmpty)
        #expect(timeline.filtered("root.viewDidAppear") == ["root.viewDidAppear(false)"])
    }

    @Test(arguments: Preset.phones)
    func aChildAwayFromTheEdgesIsToldBeforeItFirstAppears(preset: Preset) throws {
        let timeline = Timeline()
        let parent = RecordingViewController("parent", timeline: timeline)
        let (window, _) = makeWindow(preset.screen)
        window.rootViewController = parent
        window.makeKeyAndVisible()
        let child = RecordingViewController("child", timeline: timeline)
        parent.addChild(child)
        timeline.clear()
        // A 100×100 box in the middle of the screen: no safe-area inset reaches it.
        let size = preset.screen.portraitSize
        child.view.frame = CGRect(x: size.width / 2 - 50, y: size.height / 2 - 50, width: 100, height: 100)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let events = timeline.filtered("child.viewWillAppear", "child.viewSafeArea", "child.viewDidAppear")
        #expect(
            events == [
                "child.viewWillAppear(false)", "child.viewSafeAreaInsetsDidChange {0, 0, 0, 0}",
                "child.viewDidAppear(false)",
            ])
    }
}
