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
class RecordingViewController: ViewController {
    let timeline: Timeline
    let name: String
    /// Runs at the end of `viewWillAppear`.
    var onWillAppear: ((RecordingViewController) -> Void)?
    /// Runs at the end of `viewSafeAreaInsetsDidChange`.
    var onSafeAreaChange: ((RecordingViewController) -> Void)?
    /// Runs at the end of `viewWillTransition(to:with:)`.
    var onWillTransition: ((TransitionCoordinator) -> Void)?

    init(_ name: String, timeline: Timeline) {
        self.name = name
        self.timeline = timeline
        super.init()
        title = name
    }

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

    override func viewWillTransition(to size: CGSize, with coordinator: TransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        record("viewWillTransition(to: \(Int(size.width))x\(Int(size.height)))")
        onWillTransition?(coordinator)
    }

    override func willMove(toParent parent: ViewController?) {
        super.willMove(toParent: parent)
        record("willMove(toParent: \(parent?.title ?? "nil"))")
    }

    override func didMove(toParent parent: ViewController?) {
        super.didMove(toParent: parent)
        record("didMove(toParent: \(parent?.title ?? "nil"))")
    }
}

/// A lifecycle observer that records each hook as `label.hook`.
@MainActor
final class RecordingObserver: HostLifecycleObserver {
    let timeline: Timeline
    let label: String
    var onDidLoadView: ((any HostController) -> Void)?

    init(_ label: String, timeline: Timeline) {
        self.label = label
        self.timeline = timeline
    }

    func hostDidLoadView(_ host: any HostController) {
        timeline.events.append("\(label).hostDidLoadView")
        onDidLoadView?(host)
    }

    func hostWillAppear(_ host: any HostController, animated: Bool) {
        timeline.events.append("\(label).hostWillAppear(\(animated))")
    }

    func host(_ host: any HostController, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator) {
        timeline.events.append("\(label).willTransition(to: \(Int(size.width))x\(Int(size.height)))")
    }

    func hostSafeAreaDidChange(_ host: any HostController) {
        timeline.events.append("\(label).hostSafeAreaDidChange \(host.view.safeAreaInsets)")
    }
}

/// A window on a manual clock, logging into a recorder.
@MainActor
func makeWindow(_ screen: HostKit.Screen = .iPhoneSE, orientation: Orientation = .portrait,
                recorder: LogRecorder? = nil) -> (Window, ManualScheduler)
{
    let clock = ManualScheduler()
    let window = Window(screen: screen, orientation: orientation, scheduler: clock)
    window.name = "window"
    if let recorder { window.logSink = recorder.sink }
    return (window, clock)
}
