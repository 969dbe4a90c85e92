import Foundation
import HostKit
import ScrollingContent

/// A window on a screen preset with its virtual clock and a log recorder: the device a
/// scenario runs on.
///
/// The stage holds the window strongly (views hold their window weakly, and nothing else owns
/// a window), so keep the stage for as long as the scenario runs.
@MainActor
struct Stage {
    let screen: UIScreen
    let clock: ManualScheduler
    let log: LogRecorder
    let window: UIWindow

    /// Longer than anything one step of a scenario starts: the 0.1 s keyboard filter, the
    /// 0.25 s keyboard animation, the 0.3 s rotation, the 0.35 s navigation transition, the
    /// 0.5 s inset spring and the 0.3 s scroll animation (the longest is 0.5 s).
    static let settleTime: TimeInterval = 1

    /// Strictly inside the keyboard filter's window (0.1 s): time for the notifications of a
    /// change to arrive, but not for the filter to fire.
    static let insideFilterWindow: TimeInterval = TemporalKeyboardFilter.standardWindow / 2

    /// A stage on a new screen of `phone`.
    init(_ phone: Phone, orientation: UIInterfaceOrientation = .portrait) {
        self.init(phone.screen, orientation: orientation)
    }

    /// A stage on `screen` (an iPad, a custom screen: one the test made for itself).
    init(_ screen: UIScreen, orientation: UIInterfaceOrientation = .portrait) {
        self.screen = screen
        let log = LogRecorder()
        self.log = log
        clock = ManualScheduler(logSink: log.sink)
        window = UIWindow(screen: screen, orientation: orientation, scheduler: clock, logSink: log.sink)
    }

    /// The window's bounds size.
    var size: CGSize { window.bounds.size }

    /// The screen's safe-area insets in the window's orientation.
    var safeArea: UIEdgeInsets { screen.safeAreaInsets(for: window.orientation) }

    /// The docked keyboard's height in the window's orientation.
    var keyboardHeight: CGFloat { screen.keyboardHeight(for: window.orientation) }

    /// Moves virtual time forward.
    func advance(by duration: TimeInterval) throws {
        try clock.advance(by: duration)
    }

    /// Lets everything started so far finish (see ``settleTime``).
    func settle() throws {
        try clock.advance(by: Self.settleTime)
    }

    /// The animation blocks that changed `property` of `view`, oldest first.
    func animations(of view: UIView, _ property: AnimationChange.Property) -> [AnimationRecord] {
        window.animationLog.filter { $0.changed(view, property) }
    }
}

/// A phone a scenario runs on, named by its `UIScreen` preset.
///
/// Tests take this value, not a `UIScreen`, as their argument: a screen is an object, and each
/// test makes its own (``screen``), because windows that share a screen hear each other's
/// keyboard notifications, as windows on one device do.
enum Phone: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A phone with a home button and a status bar (`UIScreen.iPhoneSE`, 375×667).
    case iPhoneSE
    /// A phone with a sensor housing and a home indicator (`UIScreen.iPhoneX`, 375×812).
    case iPhoneX

    /// A new screen of this phone.
    @MainActor var screen: UIScreen {
        switch self {
        case .iPhoneSE: .iPhoneSE
        case .iPhoneX: .iPhoneX
        }
    }

    var description: String { rawValue }

    // The preset's metrics, the same on every screen of it (read from a new one).

    /// The portrait size (``UIScreen/portraitSize``).
    @MainActor var portraitSize: CGSize { screen.portraitSize }
    /// The portrait safe-area insets (``UIScreen/portraitSafeAreaInsets``).
    @MainActor var portraitSafeAreaInsets: UIEdgeInsets { screen.portraitSafeAreaInsets }
    /// The landscape safe-area insets (``UIScreen/landscapeSafeAreaInsets``).
    @MainActor var landscapeSafeAreaInsets: UIEdgeInsets { screen.landscapeSafeAreaInsets }
    /// The docked keyboard's portrait height (``UIScreen/portraitKeyboardHeight``).
    @MainActor var portraitKeyboardHeight: CGFloat { screen.portraitKeyboardHeight }
    /// The docked keyboard's landscape height (``UIScreen/landscapeKeyboardHeight``).
    @MainActor var landscapeKeyboardHeight: CGFloat { screen.landscapeKeyboardHeight }
    /// The hardware keyboard's shortcut bar height (``UIScreen/shortcutBarHeight``).
    @MainActor var shortcutBarHeight: CGFloat { screen.shortcutBarHeight }
    /// The size in `orientation` (``UIScreen/size(for:)``).
    @MainActor func size(for orientation: UIInterfaceOrientation) -> CGSize { screen.size(for: orientation) }
}

/// The phones most scenarios run on: one with a home button and a status bar (iPhone SE),
/// one with a sensor housing and a home indicator (iPhone X).
let phoneScreens: [Phone] = Phone.allCases

/// Each of `values` on each of ``phoneScreens``: for tests that already take two argument
/// collections (Swift Testing combines at most two).
func onPhoneScreens<Value: Sendable>(_ values: [Value]) -> [(Value, Phone)] {
    values.flatMap { value in phoneScreens.map { (value, $0) } }
}

/// The docked keyboard's frame (screen coordinates) for a height in a window size.
func dockedKeyboardFrame(height: CGFloat, in size: CGSize) -> CGRect {
    CGRect(x: 0, y: size.height - height, width: size.width, height: height)
}

extension TimelineRecorder {
    /// The kinds of events, reduced to short names, in order ("keyboardApplied", …).
    var eventNames: [String] {
        events.map { event in
            switch event.kind {
            case .contentInstalled: "contentInstalled"
            case .keyboardNotification(let note): "\(note.kind)"
            case .notificationIgnored: "notificationIgnored"
            case .held: "held"
            case .filterSuspended: "filterSuspended"
            case .filterResumed: "filterResumed"
            case .flushed(let reason): "flushed(\(reason))"
            case .keyboardApplied: "keyboardApplied"
            case .keyboardStateReplayed: "keyboardStateReplayed"
            case .scrollRequested: "scrollRequested"
            case .scrolled(_, _, let reason): "scrolled(\(reason))"
            case .rotationAnchored: "rotationAnchored"
            case .warning: "warning"
            }
        }
    }

    /// The scheduler times of the events named `name` (see ``eventNames``).
    func times(of name: String) -> [TimeInterval] {
        zip(events, eventNames).filter { $0.1 == name }.map(\.0.time)
    }

    /// The warnings recorded, in order.
    var warnings: [String] {
        events.compactMap { if case .warning(let text) = $0.kind { text } else { nil } }
    }
}
