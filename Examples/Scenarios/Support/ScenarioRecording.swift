import Foundation
import HostKit
import ScrollingContent

/// One run of an example: the narrated steps, what the manager decided (its timeline), the
/// resulting geometry, pictures of the key moments, and the window at every moment for the
/// viewer.
///
/// An example drives its screen on the recording's virtual clock: ``advance(by:)`` runs the
/// scheduler and copies the manager's new timeline events into the lines, ``state(_:)`` notes
/// the resulting insets and frames, ``snapshot(_:_:)`` draws the window.
///
/// The recording also films the window: it keeps a ``Moment`` — the window's state, see
/// ``WindowState`` — whenever the screen changed, at each turn of the virtual clock inside
/// ``advance(by:)`` and at each step, state and snapshot. The window filmed is the one given to
/// ``snapshot(_:_:)``, or before the first snapshot the window of the managers that report to
/// ``timeline``.
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

    /// The window as the screen showed it from a time on, until the next moment.
    public struct Moment: Sendable, Encodable {
        /// An animation block that began since the previous moment: the viewer moves what it
        /// changed over its duration instead of at once.
        public struct Animation: Sendable, Encodable {
            /// Its duration, in seconds.
            public var duration: TimeInterval
            /// Its delay, in seconds.
            public var delay: TimeInterval
            /// Whether it is a spring (else a timing curve).
            public var isSpring: Bool
            /// The views whose frame, bounds, centre or content offset it changed.
            public var views: [Int]
            /// Whether it changed content insets or additional safe-area insets (so the
            /// scroll views' adjusted insets move with it).
            public var changesInsets: Bool

            enum CodingKeys: String, CodingKey {
                case duration = "d"
                case delay = "dl"
                case isSpring = "spring"
                case views = "v"
                case changesInsets = "ins"
            }
        }

        /// The scheduler time at which the screen began to look like this.
        public var time: TimeInterval
        /// The window.
        public var state: WindowState
        /// The animation blocks that began since the previous moment.
        public var animations: [Animation]
        /// How long the keyboard takes to reach this moment's frame: the duration of the last
        /// keyboard notification since the previous moment, else UIKit's 0.25 s.
        public var keyboardDuration: TimeInterval

        enum CodingKeys: String, CodingKey {
            case time = "t"
            case state = "s"
            case animations = "a"
            case keyboardDuration = "kd"
        }
    }

    /// A line of the timeline, as the viewer lists it beside the screen.
    public struct Entry: Sendable, Encodable {
        /// What the line says happened.
        public enum Kind: String, Sendable, Encodable {
            /// A step of the script (a heading).
            case step
            /// A result the script noted.
            case state
            /// A picture was taken.
            case picture
            /// The content view was installed.
            case installed
            /// A keyboard notification arrived (or was ignored).
            case notification
            /// The filter holds a keyboard change.
            case held
            /// The filter was suspended, resumed or flushed.
            case filter
            /// A keyboard state was applied: the insets changed.
            case applied
            /// A scroll was requested.
            case request
            /// The content offset changed (scrolled, clamped or anchored across a rotation).
            case scrolled
            /// A warning.
            case warning
        }

        /// The scheduler time it happened at.
        public var time: TimeInterval
        /// The index in ``ScenarioRecording/moments`` of the moment the screen showed just
        /// after it, or `nil` before the first moment.
        public var moment: Int?
        /// What kind of line it is.
        public var kind: Kind
        /// The text, without the time stamp.
        public var text: String

        enum CodingKeys: String, CodingKey {
            case time = "t"
            case moment = "m"
            case kind = "k"
            case text = "s"
        }
    }

    /// The example's name (its executable's name).
    public let example: String
    /// The virtual clock the example runs on.
    public let scheduler = ManualScheduler()
    /// The manager's timeline; give it to the managers as a monitor.
    public let timeline = ScenarioTimeline()
    /// The lines printed so far.
    public private(set) var lines: [String] = []
    /// The lines as entries for the viewer (the blank lines between steps left out).
    public private(set) var entries: [Entry] = []
    /// The pictures taken so far, in order.
    public private(set) var frames: [Frame] = []
    /// The window at each moment its screen changed, in time order.
    public private(set) var moments: [Moment] = []
    /// The screen of the window filmed, once one is.
    public private(set) var screen: UIScreen?
    /// Called with each line as it is recorded (the command prints them at once, so the
    /// timeline is shown even if the pictures cannot be written).
    public var onLine: (@MainActor (String) -> Void)?

    private var copiedEvents = 0
    /// The scheduler's time when the timeline's events were last copied.
    private var lastCopyTime: TimeInterval = 0
    private weak var filmedWindow: UIWindow?
    private let identities = ViewIdentities()
    /// How many records of the filmed window's animation log were seen.
    private var seenAnimations = 0
    /// The duration of the last keyboard notification since the previous moment.
    private var keyboardDuration: TimeInterval?

    /// Creates a recording for an example.
    public init(example: String) {
        self.example = example
    }

    /// Starts a step of the script: a heading line.
    public func step(_ title: String) {
        film()
        emit("")
        emit(String(format: "[%6.3f s] ", scheduler.now) + title, kind: .step, text: title)
    }

    /// Notes a result (insets, frames, offsets…).
    public func state(_ text: String) {
        film()
        emit("           = " + text, kind: .state, text: text)
    }

    /// Runs the virtual clock forward, then records what the manager did meanwhile.
    ///
    /// The window is filmed first (what the script changed since), then the clock moves from
    /// one deadline to the next and the window is filmed after each: the work runs in the same
    /// order as in one `advance(by:)` of the scheduler.
    public func advance(by seconds: TimeInterval) throws {
        guard seconds.isFinite, seconds >= 0 else {
            try scheduler.advance(by: seconds) // throws the scheduler's own error
            return
        }
        let target = scheduler.now + seconds
        film() // what the script's own calls changed (a field focused, AutoFill's first hide)
        while let deadline = scheduler.nextDeadline, deadline <= target + ManualScheduler.timeTolerance {
            try scheduler.advance(to: max(scheduler.now, min(deadline, target)))
            film()
        }
        if scheduler.now < target { try scheduler.advance(to: target) }
        film()
    }

    /// Draws the window (views, safe areas, keyboard, first responder) as a frame.
    public func snapshot(_ window: UIWindow, _ title: String) {
        filmedWindow = window
        window.layoutIfNeeded()
        film()
        let slug = title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            .reduce(into: "") { result, character in
                if character != "-" || result.last != "-" { result.append(character) }
            }
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let fileName = String(format: "%02d-", frames.count + 1) + slug + ".svg"
        frames.append(
            Frame(title: title, time: scheduler.now, svg: SVGRenderer().render(window: window), fileName: fileName))
        emit("           ▣ picture \(fileName)", kind: .picture, text: "picture \(fileName): \(title)")
    }

    /// Keeps a moment if the screen changed since the last one, then copies the manager's new
    /// events into the lines (so they point at the moment that shows their effect).
    private func film() {
        for event in timeline.events.dropFirst(copiedEvents) {
            if case .keyboardNotification(let notification) = event.kind { keyboardDuration = notification.duration }
        }
        if filmedWindow == nil { filmedWindow = timeline.windows.first { $0.scheduler === scheduler } }
        if let window = filmedWindow, !window.isHidden {
            if screen == nil { screen = window.screen }
            // The log keeps the last `animationLogLimit` records; a scenario stays far below.
            let log = window.animationLog
            let fresh = log.count >= seenAnimations ? log.dropFirst(seenAnimations) : log[...]
            seenAnimations = log.count
            let state = WindowState(window, identities: identities)
            if moments.last?.state != state {
                let animations = fresh.filter { $0.animationsEnabled && $0.duration > 0 }.map(animation)
                moments.append(
                    Moment(
                        time: scheduler.now, state: state, animations: animations,
                        keyboardDuration: keyboardDuration ?? Keyboard.animationDuration))
                keyboardDuration = nil
            }
        }
        copyTimeline()
    }

    private func animation(_ record: AnimationRecord) -> Moment.Animation {
        var views: [Int] = []
        var changesInsets = false
        for change in record.changes {
            switch change.property {
            case .frame, .bounds, .center, .contentOffset:
                if let view = change.view {
                    let id = identities.id(of: view)
                    if !views.contains(id) { views.append(id) }
                }
            case .contentInset, .additionalSafeAreaInsets:
                changesInsets = true
            }
        }
        let isSpring = if case .spring = record.timing { true } else { false }
        return Moment.Animation(
            duration: record.duration, delay: record.delay, isSpring: isSpring, views: views,
            changesInsets: changesInsets)
    }

    private func copyTimeline() {
        let events = timeline.events
        while copiedEvents < events.count {
            let event = events[copiedEvents]
            let line = event.description
            // The description starts with the time ("  0.100 s  "); the entry has its own.
            let text = line.range(of: " s  ").map { String(line[$0.upperBound...]) } ?? line
            // A manager whose screen is not in a window yet stamps its events 0 (it has no
            // clock): on the recording's clock the event happened after the previous copy, by now.
            let time = event.time + ManualScheduler.timeTolerance < lastCopyTime ? scheduler.now : event.time
            emit(
                "           · " + line.trimmingCharacters(in: .whitespaces), kind: Self.kind(of: event.kind),
                text: text,
                time: time)
            copiedEvents += 1
        }
        lastCopyTime = scheduler.now
    }

    /// The entry kind of a timeline event.
    static func kind(of event: ScrollingContentEvent.Kind) -> Entry.Kind {
        switch event {
        case .contentInstalled: .installed
        case .keyboardNotification, .notificationIgnored: .notification
        case .held: .held
        case .filterSuspended, .filterResumed, .flushed: .filter
        case .keyboardApplied, .keyboardStateReplayed: .applied
        case .scrollRequested: .request
        case .scrolled, .rotationAnchored: .scrolled
        case .warning: .warning
        }
    }

    private func emit(_ line: String, kind: Entry.Kind? = nil, text: String = "", time: TimeInterval? = nil) {
        lines.append(line)
        if let kind {
            entries.append(
                Entry(
                    time: time ?? scheduler.now, moment: moments.isEmpty ? nil : moments.count - 1,
                    kind: kind, text: text))
        }
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
