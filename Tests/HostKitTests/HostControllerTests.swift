import Foundation
import HostKit
import Testing

/// UIKit's forwarding to a child view controller whose view is in its parent's: what
/// ScrollingContent's manager relies on to hear a view controller host without the host
/// forwarding anything (its invisible `ScrollingContentLifecycleController` is such a child).
@Suite("A listening child view controller")
@MainActor
struct ListeningChildTests {
    @Test func itHearsItsParentAppearAndItsSafeAreaChange() throws {
        let timeline = Timeline()
        let (window, clock) = makeWindow(.iPhoneX)
        let parent = RecordingViewController("parent", timeline: timeline)
        let child = ListeningChild("child", timeline: timeline)
        child.attach(to: parent)
        window.rootViewController = parent
        window.makeKeyAndVisible()
        // After the parent: appearance is forwarded to the children that show their views, then
        // the layout pass gives both root views the window's insets, parents first.
        #expect(
            timeline.filtered("parent.viewWillAppear", "parent.viewSafe", "child.") == [
                "parent.viewWillAppear(false)", "child.viewWillAppear(false)",
                "parent.viewSafeAreaInsetsDidChange {44, 0, 34, 0}", "child.viewSafeAreaInsetsDidChange {44, 0, 34, 0}",
            ])
        // The hidden child view fills the parent's root view.
        #expect(child.view.frame == parent.view.bounds)

        // What the manager does on a keyboard: raise the parent's bottom inset by the overlap. The
        // child's view fills the root view, so its safe area follows at the next pass.
        timeline.clear()
        let keyboardHeight: CGFloat = 336
        parent.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: keyboardHeight - 34, right: 0)
        try clock.advance(by: 0)
        #expect(child.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: keyboardHeight, right: 0))
        #expect(
            timeline.filtered("parent.viewSafe", "child.") == [
                "parent.viewSafeAreaInsetsDidChange {44, 0, 336, 0}",
                "child.viewSafeAreaInsetsDidChange {44, 0, 336, 0}",
            ])
    }

    @Test func itHearsOfARotationAfterItsParentUntilItIsRemoved() throws {
        let timeline = Timeline()
        let (window, clock) = makeWindow(.iPhoneX)
        let root = RecordingViewController("root", timeline: timeline)
        let child = ListeningChild("child", timeline: timeline)
        child.attach(to: root)
        window.rootViewController = root
        window.makeKeyAndVisible()
        var coordinators: [any UIViewControllerTransitionCoordinator] = []
        root.onWillTransition = { coordinators.append($0) }
        timeline.clear()

        #expect(window.rotate(to: .landscapeLeft))
        // iPhone X landscape: 812×375. The parent's default `viewWillTransition(to:with:)` tells
        // the child, after the parent's own override ran up to its `super` call.
        #expect(
            timeline.filtered("root.viewWillTransition", "child.viewWillTransition") == [
                "child.viewWillTransition(to: 812x375)", "root.viewWillTransition(to: 812x375)",
            ])
        try clock.run()

        // Removed in UIKit's order: the next rotation reaches only the parent.
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        timeline.clear()
        #expect(window.rotate(to: .portrait))
        #expect(
            timeline.filtered("root.viewWillTransition", "child.viewWillTransition") == [
                "root.viewWillTransition(to: 375x812)"
            ])
        #expect(coordinators.count == 2)
    }

    /// UIKit forwards a size transition to the children from `UIViewController`'s own
    /// `viewWillTransition(to:with:)`: an override that does not call `super` cuts the children
    /// off (UIKit's documentation asks for the call for this reason). Appearance and safe-area
    /// changes reach the child whatever the parent's overrides do.
    @Test func aParentThatForgetsSuperStopsOnlyTheTransition() throws {
        final class Forgetful: UIViewController {
            override func viewWillAppear(_ animated: Bool) {} // no super
            override func viewSafeAreaInsetsDidChange() {} // no super
            override func viewWillTransition(
                to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
            ) {}
        }
        let timeline = Timeline()
        let (window, clock) = makeWindow()
        let parent = Forgetful()
        let child = ListeningChild("child", timeline: timeline)
        child.attach(to: parent)
        window.rootViewController = parent
        window.makeKeyAndVisible()
        #expect(timeline.events == ["child.viewWillAppear(false)", "child.viewSafeAreaInsetsDidChange {20, 0, 0, 0}"])
        timeline.clear()
        #expect(window.rotate(to: .landscapeLeft))
        try clock.run()
        #expect(timeline.filtered("child.viewWillTransition").isEmpty)
        // The rotation's safe-area change still reaches it (iPhone SE landscape: no status bar).
        #expect(timeline.events == ["child.viewSafeAreaInsetsDidChange {0, 0, 0, 0}"])
    }

    /// A child added to a parent that is already on screen appears with its view, at once.
    @Test func aChildAttachedToAParentOnScreenAppearsAtOnce() {
        let timeline = Timeline()
        let (window, _) = makeWindow(.iPhoneX)
        let parent = UIViewController()
        window.rootViewController = parent
        window.makeKeyAndVisible()
        let child = ListeningChild("child", timeline: timeline)
        child.attach(to: parent)
        #expect(timeline.filtered("child.viewWillAppear") == ["child.viewWillAppear(false)"])
        #expect(parent.children.count == 1 && child.parent === parent)
        // Adding it again changes nothing: one child, told once.
        parent.addChild(child)
        #expect(parent.children.count == 1)
    }
}
