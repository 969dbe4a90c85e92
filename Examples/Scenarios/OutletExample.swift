import Foundation
import HostKit
import ScrollingContent

/// SCVC's StoryboardExample without Interface Builder: the `contentView` outlet is connected
/// before the view is loaded — here to the controller's own root view, as a storyboard does
/// when the outlet points at the root view. When the view loads, a new plain root view takes
/// the old root's place and the old root becomes the scrolling content. On an iPhone X.
public enum OutletExample: Example {
    /// The executable's name, and the name `--example` takes.
    public static let name = "OutletExample"
    /// One sentence on what it shows, printed before its timeline.
    public static let summary = "the storyboard flow: contentView connected to the root view before it loads"

    /// A controller whose `loadView` builds its view tree as a nib would, and whose outlet
    /// connects `contentView` to the root view.
    final class NibLikeViewController: ScrollingContentViewController {
        let form = SignUpForm()

        override func loadView() {
            // What a nib provides: the root view with the controls in it…
            view = form.view
            // …and the outlet connection made while loading.
            contentView = form.view
        }
    }

    /// A controller that is given its content view before anything loads.
    final class EarlyOutletViewController: ScrollingContentViewController {}

    /// What the script measured.
    public struct Outcome {
        /// The screen the scenario ran on.
        public var screen: UIScreen
        /// Whether the controller's root view was replaced by a new plain view.
        public var rootViewSubstituted: Bool
        /// The old root view (the form) is now inside the scroll view.
        public var formInsideScrollView: Bool
        /// The form's frame (the safe area: 812 − 44 − 34 = 734 tall).
        public var formFrame: CGRect
        /// For the controller given its content view before loading: whether installing it
        /// waited for the view to load.
        public var earlyContentDeferred: Bool
        /// Whether that content view was installed once the view loaded.
        public var earlyContentInstalled: Bool
    }

    /// Runs the storyboard-style scenario: the form as the root view and the `contentView` outlet,
    /// then a controller given its content view before its view loads.
    public static func run(_ recording: ScenarioRecording) throws -> Outcome {
        let screen = UIScreen.iPhoneX
        let window = UIWindow(screen: screen, scheduler: recording.scheduler)

        recording.step("loadView makes the form the root view and connects the contentView outlet to it")
        let controller = NibLikeViewController(monitors: [recording.timeline])
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try recording.advance(by: 0)
        let substituted = controller.view !== controller.form.view
        let inside = controller.form.view.isDescendant(of: controller.scrollView)
        recording.state(
            "root view \(controller.view.debugLabel); form inside the scroll view: \(inside); form \(controller.form.view.frame.compactText)"
        )
        recording.snapshot(window, "The form scrolls; a new root view is behind it")

        recording.step("Another controller gets its content view before its view is loaded")
        let early = EarlyOutletViewController(monitors: [recording.timeline])
        let content = SignUpForm()
        early.contentView = content.view
        let deferred = !early.isViewLoaded && content.view.superview == nil
        recording.state("view loaded: \(early.isViewLoaded); content has a superview: \(content.view.superview != nil)")
        window.rootViewController = early
        try recording.advance(by: 0)
        let installed = content.view.superview === early.scrollView
        recording.state("after loading: content in the scroll view: \(installed)")
        recording.snapshot(window, "The early content installed when the view loaded")

        return Outcome(
            screen: screen, rootViewSubstituted: substituted, formInsideScrollView: inside,
            formFrame: controller.form.view.frame, earlyContentDeferred: deferred, earlyContentInstalled: installed)
    }
}
