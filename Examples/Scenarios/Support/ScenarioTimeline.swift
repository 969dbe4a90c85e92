import Foundation
import HostKit
import ScrollingContent

/// The monitor a scenario gives its managers: it keeps their timeline, as a
/// ``TimelineRecorder`` does, and remembers the managers, so that the recording can find the
/// window they are in and capture it at every moment for the viewer.
///
/// ```swift
/// let controller = SignUpViewController(monitors: [recording.timeline])
/// …
/// recording.timeline.keyboardApplications.count   // what the manager applied so far
/// ```
@MainActor
public final class ScenarioTimeline: ScrollingContentMonitor {
    /// The timeline itself.
    public let recorder = TimelineRecorder()

    /// The managers that reported, held weakly, in the order they first reported.
    private var managers: [WeakManager] = []

    private struct WeakManager {
        weak var manager: ScrollingContentManager?
    }

    /// Creates an empty timeline.
    public init() {}

    public func manager(_ manager: ScrollingContentManager, didRecord event: ScrollingContentEvent) {
        if !managers.contains(where: { $0.manager === manager }) { managers.append(WeakManager(manager: manager)) }
        recorder.manager(manager, didRecord: event)
    }

    /// The events in the order they were recorded.
    public var events: [ScrollingContentEvent] { recorder.events }

    /// The keyboard states applied, in order.
    public var keyboardApplications: [KeyboardApplication] { recorder.keyboardApplications }

    /// The windows the reporting managers' scroll views are in now, in the order the managers
    /// first reported (a manager whose screen is not in a window is skipped).
    public var windows: [UIWindow] {
        var windows: [UIWindow] = []
        for case let window? in managers.map({ $0.manager?.scrollView.window })
        where !windows.contains(where: { $0 === window }) {
            windows.append(window)
        }
        return windows
    }
}
