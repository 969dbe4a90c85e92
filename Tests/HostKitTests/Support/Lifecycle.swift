import Foundation
import HostKit

/// An ordered record of lifecycle events, shared by the objects of one test.
@MainActor
final class Timeline {
    var events: [String] = []

    func clear() { events = [] }

    /// The events that start with one of the prefixes, in order.
    func filtered(_ prefixes: String...) -> [String] {
        events.filter { event in prefixes.contains { event.hasPrefix($0) } }
    }
}

/// A view controller that records each lifecycle call as `name.call`.
@MainActor
class RecordingViewController: UIViewController {
    let timeline: Timeline
    let name: String
    /// Runs at the end of `viewWillAppear`.
    var onWillAppear: ((RecordingViewController) -> Void)?
    /// Runs at the end of `viewSafeAreaInsetsDidChange`.
    var onSafeAreaChange: ((RecordingViewController) -> Void)?
    /// Runs at the end of `viewWillTransition(to:with:)`.
    var onWillTransition: ((any UIViewControllerTransitionCoordinator) -> Void)?

    init(_ name: String, timeline: Timeline) {
        self.name = name
        self.timeline = timeline
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    private func record(_ call: String) { timeline.events.append("\(name).\(call)") }

    override func loadView() {
        record("loadView")
        super.loadView()
        view.name = name
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        record("viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        record("viewWillAppear(\(animated))")
        onWillAppear?(self)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        record("viewDidAppear(\(animated))")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        record("viewWillDisappear(\(animated))")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        record("viewDidDisappear(\(animated))")
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        record("viewSafeAreaInsetsDidChange \(view.safeAreaInsets)")
        onSafeAreaChange?(self)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        record("viewWillLayoutSubviews")
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        record("viewDidLayoutSubviews")
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        record("viewWillTransition(to: \(Int(size.width))x\(Int(size.height)))")
        onWillTransition?(coordinator)
    }

    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        record("willMove(toParent: \(parent?.title ?? "nil"))")
    }

    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        record("didMove(toParent: \(parent?.title ?? "nil"))")
    }
}

/// An invisible child view controller that records, as `label.call`, what UIKit tells a child
/// whose view is in its parent's: appearance, size transitions and its root view's safe-area
/// changes. ScrollingContent's manager hears a view controller host this way: its view is
/// hidden, takes no touches and fills the parent's root view behind everything, so its safe
/// area is the parent's.
@MainActor
final class ListeningChild: UIViewController {
    let timeline: Timeline
    let label: String

    init(_ label: String, timeline: Timeline) {
        self.label = label
        self.timeline = timeline
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        let view = UIView()
        view.isHidden = true
        view.isUserInteractionEnabled = false
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        self.view = view
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        timeline.events.append("\(label).viewWillAppear(\(animated))")
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        timeline.events.append("\(label).viewWillTransition(to: \(Int(size.width))x\(Int(size.height)))")
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        timeline.events.append("\(label).viewSafeAreaInsetsDidChange \(view.safeAreaInsets)")
    }

    /// Becomes a child of `parent` in UIKit's order (`addChild`, the view into the parent's root
    /// view at the back, filling it, then `didMove(toParent:)`). Loads the parent's view.
    func attach(to parent: UIViewController) {
        parent.addChild(self)
        let root: UIView = parent.view
        let view: UIView = self.view
        view.frame = root.bounds
        root.insertSubview(view, at: 0)
        didMove(toParent: parent)
    }
}

/// A window on a manual clock, logging into a recorder.
@MainActor
func makeWindow(
    _ screen: HostKit.UIScreen = .iPhoneSE, orientation: UIInterfaceOrientation = .portrait,
    recorder: LogRecorder? = nil
) -> (UIWindow, ManualScheduler) {
    let clock = ManualScheduler()
    let window = UIWindow(screen: screen, orientation: orientation, scheduler: clock)
    window.name = "window"
    if let recorder { window.logSink = recorder.sink }
    return (window, clock)
}
