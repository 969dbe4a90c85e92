import Foundation
import HostKit
import Testing

/// UITabBarController: the bar's 49 pt join the shown controllers' bottom safe area, and a
/// tab's root scroll view adjusts its vertical insets under `.automatic` (Apple's
/// documentation: "Content is always adjusted vertically when the scroll view is the content
/// view of a view controller that is currently displayed by a navigation or tab bar
/// controller").
@Suite("Tab bar controller")
@MainActor
struct TabBarControllerTests {
    /// A controller whose root view is a scroll view with content shorter than any screen, so
    /// that it does not scroll and `.scrollableAxes` would not adjust it.
    final class ScrollingScreen: UIViewController {
        override func loadView() {
            let scroll = UIScrollView()
            scroll.contentSize = CGSize(width: 100, height: 100)
            view = scroll
        }
    }

    /// A visible window on `preset` showing `tabs` in a tab bar controller.
    private func show(_ tabs: [UIViewController], on preset: Preset, recorder: LogRecorder? = nil)
        -> (UIWindow, UITabBarController)
    {
        let (window, _) = makeWindow(preset.screen, recorder: recorder)
        let tabBarController = UITabBarController()
        tabBarController.viewControllers = tabs
        window.rootViewController = tabBarController
        window.makeKeyAndVisible()
        return (window, tabBarController)
    }

    @Test(arguments: Preset.phones)
    func aTabsRootScrollViewAdjustsForTheTabBarAutomatically(preset: Preset) throws {
        let screen = ScrollingScreen()
        let (window, tabBarController) = show([screen, UIViewController()], on: preset)
        defer { withExtendedLifetime(window) {} }
        let safe = preset.screen.portraitSafeAreaInsets
        let size = preset.screen.portraitSize
        let scroll = try #require(screen.view as? UIScrollView)
        #expect(scroll.contentInsetAdjustmentBehavior == .automatic)
        // The bar: 49 pt above the bottom safe area, reaching down through it.
        #expect(
            tabBarController.tabBar.frame
                == CGRect(x: 0, y: size.height - 49 - safe.bottom, width: size.width, height: 49 + safe.bottom))
        // Not scrollable, but a tab's content: the vertical axis adjusts for the status bar
        // above and the tab bar (plus the home indicator) below.
        #expect(scroll.safeAreaInsets == UIEdgeInsets(top: safe.top, left: 0, bottom: safe.bottom + 49, right: 0))
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: safe.top, left: 0, bottom: safe.bottom + 49, right: 0))
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -safe.top))
        // .scrollableAxes does not: the content does not scroll.
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        window.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == .zero)
    }

    @Test(arguments: Preset.phones)
    func aNavigationControllerInATabGetsBothBars(preset: Preset) throws {
        let screen = ScrollingScreen()
        let navigation = UINavigationController(rootViewController: UIViewController())
        let (window, tabBarController) = show([navigation], on: preset)
        defer { withExtendedLifetime(window) {} }
        navigation.pushViewController(screen, animated: false)
        let safe = preset.screen.portraitSafeAreaInsets
        let scroll = try #require(screen.view as? UIScrollView)
        #expect(screen.tabBarController === tabBarController)
        #expect(
            scroll.adjustedContentInset == UIEdgeInsets(top: safe.top + 44, left: 0, bottom: safe.bottom + 49, right: 0)
        )
    }

    @Test(arguments: Preset.phones)
    func aScrollViewInsideATabsRootViewIsNotItsContentView(preset: Preset) throws {
        let tab = UIViewController()
        let (window, _) = show([tab], on: preset)
        defer { withExtendedLifetime(window) {} }
        let scroll = UIScrollView(frame: tab.view.bounds)
        scroll.contentSize = CGSize(width: 100, height: 100)
        tab.view.addSubview(scroll)
        window.layoutIfNeeded()
        // A plain view root: its safe area has the tab bar; the scroll view inside, not being
        // the root, adjusts only what scrolls (nothing here).
        let safe = preset.screen.portraitSafeAreaInsets
        #expect(tab.view.safeAreaInsets == UIEdgeInsets(top: safe.top, left: 0, bottom: safe.bottom + 49, right: 0))
        #expect(scroll.adjustedContentInset == .zero)
    }

    @Test func selectingATabSwapsTheViewsWithAppearanceCalls() {
        let timeline = Timeline()
        let first = RecordingViewController("first", timeline: timeline)
        let second = RecordingViewController("second", timeline: timeline)
        let (window, tabBarController) = show([first, second], on: .iPhoneSE)
        defer { withExtendedLifetime(window) {} }
        #expect(tabBarController.selectedIndex == 0)
        #expect(tabBarController.selectedViewController === first)
        #expect(first.view.window === window && !second.isViewLoaded)
        #expect(first.tabBarController === tabBarController)
        timeline.clear()

        tabBarController.selectedIndex = 1
        #expect(
            timeline.filtered("first.viewWill", "first.viewDid", "second.viewWillAppear", "second.viewDidAppear") == [
                "first.viewWillDisappear(false)", "first.viewDidDisappear(false)",
                "second.viewWillAppear(false)", "second.viewDidAppear(false)",
            ])
        #expect(first.viewIfLoaded?.window == nil)
        #expect(second.view.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(tabBarController.selectedViewController === second)

        // Removing the selected tab selects the first of the rest.
        tabBarController.viewControllers = [first]
        #expect(tabBarController.selectedViewController === first)
        #expect(second.parent == nil && second.viewIfLoaded?.window == nil)
        #expect(first.view.window === window)
        tabBarController.viewControllers = nil
        #expect(tabBarController.selectedIndex == NSNotFound)
        #expect(tabBarController.children.isEmpty)
    }

    @Test func badSelectionsAndListsAreRefusedAndChangeNothing() {
        let recorder = LogRecorder()
        let first = UIViewController()
        let second = UIViewController()
        let (window, tabBarController) = show([first, second], on: .iPhoneSE, recorder: recorder)
        defer { withExtendedLifetime(window) {} }
        tabBarController.selectedIndex = 2
        tabBarController.selectedIndex = -1
        tabBarController.selectedViewController = UIViewController()
        tabBarController.viewControllers = [first, first]
        let owned = UIViewController()
        let otherParent = UIViewController()
        otherParent.addChild(owned)
        tabBarController.viewControllers = [owned]
        tabBarController.viewControllers = [tabBarController]
        #expect(tabBarController.selectedViewController === first)
        #expect(tabBarController.viewControllers?.count == 2)
        #expect(recorder.messages(atLeast: .error).count == 6)
        #expect(owned.parent === otherParent)
    }
}
