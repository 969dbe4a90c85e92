import Foundation
import HostKit
import Testing

@Suite("Child view controllers")
@MainActor
struct ContainmentTests {
    /// A visible window whose root controller is `parent`.
    private func onScreen(_ parent: UIViewController, recorder: LogRecorder? = nil) -> UIWindow {
        let (window, _) = makeWindow(recorder: recorder)
        window.rootViewController = parent
        window.makeKeyAndVisible()
        return window
    }

    @Test func addChildAndRemoveFromParentFollowUIKitsRules() {
        let timeline = Timeline()
        let parent = RecordingViewController("parent", timeline: timeline)
        let child = RecordingViewController("child", timeline: timeline)
        parent.addChild(child) // calls willMove(toParent:) itself
        #expect(timeline.events == ["child.willMove(toParent: parent)"])
        #expect(parent.children.map(\.title) == ["child"])
        #expect(child.parent === parent)
        child.didMove(toParent: parent) // the caller's job

        timeline.clear()
        child.willMove(toParent: nil) // the caller's job
        child.removeFromParent() // calls didMove(toParent: nil) itself
        #expect(timeline.events == ["child.willMove(toParent: nil)", "child.didMove(toParent: nil)"])
        #expect(parent.children.isEmpty)
        #expect(child.parent == nil)

        timeline.clear()
        child.removeFromParent() // no parent: nothing
        #expect(timeline.events.isEmpty)
    }

    @Test func aControllerCannotBeTheChildOfTwoParents() {
        let timeline = Timeline()
        let recorder = LogRecorder()
        let first = RecordingViewController("first", timeline: timeline)
        let second = RecordingViewController("second", timeline: timeline)
        second.logSink = recorder.sink
        let child = RecordingViewController("child", timeline: timeline)
        first.addChild(child)
        timeline.clear()
        second.addChild(child)
        #expect(recorder.contains("already a child of RecordingViewController:first", atLeast: .error))
        #expect(child.parent === first)
        #expect(first.children.count == 1)
        #expect(second.children.isEmpty)
        #expect(timeline.events.isEmpty) // no willMove: nothing half-done
    }

    @Test func cyclesAreRefused() {
        let recorder = LogRecorder()
        let parent = UIViewController()
        let child = UIViewController()
        parent.logSink = recorder.sink
        child.logSink = recorder.sink
        parent.addChild(parent)
        parent.addChild(child)
        child.addChild(parent)
        #expect(parent.children.count == 1 && child.children.isEmpty)
        #expect(parent.parent == nil)
        #expect(recorder.messages(atLeast: .error).count == 2)
    }

    @Test func appearanceIsForwardedToChildrenShowingTheirViewsAfterTheParent() {
        let timeline = Timeline()
        let parent = RecordingViewController("parent", timeline: timeline)
        let shown = RecordingViewController("shown", timeline: timeline)
        let notShown = RecordingViewController("notShown", timeline: timeline)
        parent.addChild(shown)
        parent.view.addSubview(shown.view)
        shown.didMove(toParent: parent)
        parent.addChild(notShown)
        notShown.didMove(toParent: parent)
        let window = onScreen(parent)
        #expect(
            timeline.filtered(
                "parent.viewWillAppear", "parent.viewDidAppear", "shown.viewWillAppear",
                "shown.viewDidAppear", "notShown.viewWill", "notShown.viewDid") == [
                    "parent.viewWillAppear(false)", "shown.viewWillAppear(false)",
                    "parent.viewDidAppear(false)", "shown.viewDidAppear(false)",
                ])
        timeline.clear()
        window.isHidden = true
        #expect(
            timeline.events == [
                "parent.viewWillDisappear(false)", "shown.viewWillDisappear(false)",
                "parent.viewDidDisappear(false)", "shown.viewDidDisappear(false)",
            ])
    }

    @Test func rotationIsForwardedToTheChildrenShowingTheirViewsFromTheParentsSuperCall() throws {
        let timeline = Timeline()
        let parent = RecordingViewController("parent", timeline: timeline)
        let shown = RecordingViewController("shown", timeline: timeline)
        let notShown = RecordingViewController("notShown", timeline: timeline)
        parent.addChild(shown)
        parent.view.addSubview(shown.view)
        shown.didMove(toParent: parent)
        parent.addChild(notShown) // a child whose view is not in the parent's
        notShown.didMove(toParent: parent)
        let (window, clock) = makeWindow()
        window.rootViewController = parent
        window.makeKeyAndVisible()
        timeline.clear()

        #expect(window.rotate(to: .landscapeLeft))
        // iPhone SE landscape: 667×375. UIKit's `viewWillTransition(to:with:)` tells the children,
        // so the child showing its view hears it during the parent's `super` call, which the
        // recording controller makes before it records.
        #expect(
            timeline.filtered("parent.viewWillTransition", "shown.viewWillTransition", "notShown.") == [
                "shown.viewWillTransition(to: 667x375)", "parent.viewWillTransition(to: 667x375)",
            ])
        try clock.run()
    }

    @Test func aChildAddedToAParentOnScreenAppearsWithItsView() {
        let timeline = Timeline()
        let parent = RecordingViewController("parent", timeline: timeline)
        let window = onScreen(parent) // kept: views hold their superview weakly
        let child = RecordingViewController("child", timeline: timeline)
        var windowInViewWillAppear: UIWindow?
        child.onWillAppear = { windowInViewWillAppear = $0.view.window }
        timeline.clear()

        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        // UIKit calls viewSafeAreaInsetsDidChange right before a view first appears; with no
        // layout pass in between (the child's view has no frame yet), right before viewDidAppear.
        #expect(
            timeline.filtered("child.") == [
                "child.willMove(toParent: parent)", "child.loadView", "child.viewDidLoad",
                "child.viewWillAppear(false)", "child.viewSafeAreaInsetsDidChange {0, 0, 0, 0}",
                "child.viewDidAppear(false)",
                "child.didMove(toParent: parent)",
            ])
        #expect(windowInViewWillAppear === window) // so it could make a field first responder

        timeline.clear()
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(
            timeline.filtered("child.") == [
                "child.willMove(toParent: nil)", "child.viewWillDisappear(false)", "child.viewDidDisappear(false)",
                "child.didMove(toParent: nil)",
            ])
    }

    @Test func unbalancedAppearanceCallsAreReportedAndIgnored() {
        let timeline = Timeline()
        let recorder = LogRecorder()
        let controller = RecordingViewController("c", timeline: timeline)
        controller.logSink = recorder.sink
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(false, animated: false)
        #expect(recorder.messages(atLeast: .warning).count == 2)
        #expect(recorder.contains("Unbalanced calls to begin/end appearance transitions"))
        #expect(timeline.events.isEmpty)
        controller.beginAppearanceTransition(true, animated: true)
        controller.beginAppearanceTransition(true, animated: true) // twice: ignored
        controller.endAppearanceTransition()
        #expect(
            timeline.filtered("c.viewWill", "c.viewDid") == [
                "c.viewDidLoad", "c.viewWillAppear(true)", "c.viewDidAppear(true)",
            ])
        #expect(recorder.messages(atLeast: .warning).count == 3)
    }
}
