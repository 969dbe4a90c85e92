import Foundation
import HostKit
import ScrollingContent

/// One run of an example: the narrated steps, what the manager decided (its timeline), the
/// resulting geometry, and pictures of the key moments.
///
/// An example drives its screen on the recording's virtual clock: ``advance(by:)`` runs the
/// scheduler and copies the manager's new timeline events into the lines, ``state(_:)`` notes
/// the resulting insets and frames, ``snapshot(_:_:)`` draws the window.
@MainActor
public final class ScenarioRecording {
    /// A picture of the window at a moment.
    public struct Frame: Sendable {
        /// What the picture shows.
        public var title: String
        /// The scheduler time it was taken at.
        public var time: TimeInterval
        /// The SVG document.
        public var svg: String
        /// The file name it is written under (`01-keyboard-up.svg`).
        public var fileName: String
    }

    /// The example's name (its executable's name).
    public let example: String
    /// The virtual clock the example runs on.
    public let scheduler = ManualScheduler()
    /// The manager's timeline; give it to the managers as a monitor.
    public let timeline = TimelineRecorder()
    /// The lines printed so far.
    public private(set) var lines: [String] = []
    /// The pictures taken so far, in order.
    public private(set) var frames: [Frame] = []
    /// Called with each line as it is recorded (the command prints them at once, so the
    /// timeline is shown even if the pictures cannot be written).
    public var onLine: (@MainActor (String) -> Void)?

    private var copiedEvents = 0

    /// Creates a recording for an example.
    public init(example: String) {
        self.example = example
    }

    /// Starts a step of the script: a heading line.
    public func step(_ title: String) {
        copyTimeline()
        emit("")
        emit(String(format: "[%6.3f s] ", scheduler.now) + title)
    }

    /// Notes a result (insets, frames, offsets…).
    public func state(_ text: String) {
        copyTimeline()
        emit("           = " + text)
    }

    /// Runs the virtual clock forward, then records what the manager did meanwhile.
    public func advance(by seconds: TimeInterval) throws {
        try scheduler.advance(by: seconds)
        copyTimeline()
    }

    /// Draws the window (views, safe areas, keyboard, first responder) as a frame.
    public func snapshot(_ window: UIWindow, _ title: String) {
        copyTimeline()
        window.layoutIfNeeded()
        let slug = title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            .reduce(into: "") { result, character in
                if character != "-" || result.last != "-" { result.append(character) }
            }
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let fileName = String(format: "%02d-", frames.count + 1) + slug + ".svg"
        frames.append(Frame(title: title, time: scheduler.now, svg: SVGRenderer().render(window: window), fileName: fileName))
        emit("           ▣ picture \(fileName)")
    }

    private func copyTimeline() {
        let events = timeline.events
        while copiedEvents < events.count {
            emit("           · " + events[copiedEvents].description.trimmingCharacters(in: .whitespaces))
            copiedEvents += 1
        }
    }

    private func emit(_ line: String) {
        lines.append(line)
        onLine?(line)
    }
}

/// What every example provides: a name, a summary, and a script that returns its key outcomes.
@MainActor
public protocol Example {
    /// The measurements the script takes at its key moments, for tests to check.
    associatedtype Outcome

    /// The executable's name (`CodeExample`).
    static var name: String { get }
    /// One sentence on what it shows.
    static var summary: String { get }
    /// Runs the scripted scenario on the recording's clock.
    static func run(_ recording: ScenarioRecording) throws -> Outcome
}

/// A short description of a scroll view's state for the timeline.
@MainActor
func describe(_ scrollView: UIScrollView) -> String {
    "contentOffset \(scrollView.contentOffset.compactText), adjustedContentInset \(scrollView.adjustedContentInset), "
        + "contentSize \(scrollView.contentSize.compactText)"
}
