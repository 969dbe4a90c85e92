import Foundation
import ScrollingPlugins

/// Something a ``ScrollingContentManager`` received, decided or did, at a scheduler time: the
/// timeline that explains why the content moved.
public struct ScrollingContentEvent: Sendable, CustomStringConvertible {
    /// Why the keyboard filter acted at once instead of waiting.
    public enum FlushReason: Sendable, CustomStringConvertible {
        /// The keyboard change belongs to a navigation transition (duration above 0.3 s).
        case navigationTransition
        /// The user is dragging the keyboard away (interactive dismissal).
        case interactiveDismissal
        /// The host's safe area changed while a keyboard change was held (a screen pushed or
        /// uncovered): it is laid out for the keyboard at once, as SCVC's
        /// `viewSafeAreaInsetsDidChange` does.
        case safeAreaChange

        public var description: String {
            switch self {
            case .navigationTransition: "navigation transition"
            case .interactiveDismissal: "interactive dismissal"
            case .safeAreaChange: "safe area change"
            }
        }
    }

    /// Why the content offset changed.
    public enum ScrollReason: Sendable, CustomStringConvertible {
        /// A `scrollRectToVisible`-style request (UIKit's own, or the caller's).
        case request
        /// The first responder was scrolled into view after a keyboard change.
        case firstResponderVisibility
        /// The offset was brought back into the legal range after the insets changed.
        case clamp

        public var description: String {
            switch self {
            case .request: "scroll request"
            case .firstResponderVisibility: "first responder kept visible"
            case .clamp: "offset clamped to the legal range"
            }
        }
    }

    /// What happened.
    public enum Kind: Sendable {
        /// The content view was installed in the scroll view (how, in words).
        case contentInstalled(String)
        /// A keyboard notification arrived.
        case keyboardNotification(KeyboardEvent)
        /// A keyboard notification was ignored (why, in words).
        case notificationIgnored(String)
        /// The filter holds the latest keyboard change until this time.
        case held(until: TimeInterval)
        /// The filter was suspended for a size transition (rotation).
        case filterSuspended
        /// The filter resumed after the transition.
        case filterResumed
        /// The filter acted at once.
        case flushed(FlushReason)
        /// A keyboard state was applied.
        case keyboardApplied(KeyboardApplication)
        /// The window's current keyboard state was applied because the host's safe area
        /// changed without a notification (a screen pushed while the keyboard stays up).
        case keyboardStateReplayed
        /// A scroll request was made (rect in content coordinates).
        case scrollRequested(CGRect, animated: Bool)
        /// The content offset changed.
        case scrolled(from: CGPoint, to: CGPoint, reason: ScrollReason)
        /// A size transition moved the offset to keep the content anchored.
        case rotationAnchored(from: CGPoint, to: CGPoint)
        /// A problem the manager reported through the log sink too.
        case warning(String)
    }

    /// The scheduler time (seconds) at which it happened.
    public var time: TimeInterval
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(time: TimeInterval, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    public var description: String {
        let stamp = String(format: "%7.3f s  ", time)
        switch kind {
        case .contentInstalled(let how): return stamp + "content view installed: \(how)"
        case .keyboardNotification(let event):
            return stamp + "\(event.kind) end \(event.frameEnd.compactText), \(event.duration) s"
        case .notificationIgnored(let why): return stamp + "notification ignored: \(why)"
        case .held(let until): return stamp + String(format: "filter holds the change until %.3f s", until)
        case .filterSuspended: return stamp + "filter suspended for the transition"
        case .filterResumed: return stamp + "filter resumed"
        case .flushed(let reason): return stamp + "filter flushed (\(reason))"
        case .keyboardApplied(let application): return stamp + "keyboard applied: \(application)"
        case .keyboardStateReplayed: return stamp + "window's keyboard state replayed (safe area changed)"
        case .scrollRequested(let rect, let animated):
            return stamp + "scroll request for \(rect.compactText)\(animated ? ", animated" : "")"
        case .scrolled(let from, let to, let reason):
            return stamp + "scrolled \(from.compactText) → \(to.compactText) (\(reason))"
        case .rotationAnchored(let from, let to):
            return stamp + "rotation anchored the offset \(from.compactText) → \(to.compactText)"
        case .warning(let text): return stamp + "warning: \(text)"
        }
    }
}

/// What the manager did for one keyboard state.
public struct KeyboardApplication: Sendable, CustomStringConvertible {
    /// The part of the window the keyboard covers (window coordinates), or `nil` when hidden.
    public var keyboardFrame: CGRect?
    /// How far the keyboard reaches up from the host root view's bottom edge.
    public var hostBottomOverlap: CGFloat
    /// How far the keyboard reaches up from the scroll view's bottom edge.
    public var scrollViewBottomOverlap: CGFloat
    /// The insets the inset policy chose.
    public var adjustment: InsetAdjustment
    /// The height the content view is held at, or `nil` when it may resize.
    public var minimumContentHeight: CGFloat?
    /// How the change was animated.
    public var animation: InsetAnimation

    public var description: String {
        let keyboard = keyboardFrame.map { "keyboard \($0.compactText)" } ?? "no keyboard"
        let held = minimumContentHeight.map { ", content held at \($0.compactText) pt" } ?? ""
        return
            "\(keyboard), overlap host \(hostBottomOverlap.compactText) / scroll view \(scrollViewBottomOverlap.compactText), "
            + "\(adjustment)\(held), \(animation)"
    }
}

/// Told about every ``ScrollingContentEvent`` a manager records, in order.
@MainActor
public protocol ScrollingContentMonitor: AnyObject {
    /// The manager recorded `event`.
    func manager(_ manager: ScrollingContentManager, didRecord event: ScrollingContentEvent)
}

/// A monitor that keeps the timeline, for tests and for debugging a layout ("why did it
/// scroll?").
///
/// ```swift
/// let timeline = TimelineRecorder()
/// let manager = ScrollingContentManager(host: host, monitors: [timeline])
/// …
/// print(timeline)   // one line per event
/// ```
@MainActor
public final class TimelineRecorder: ScrollingContentMonitor, @MainActor CustomStringConvertible {
    /// The events in the order they were recorded.
    public private(set) var events: [ScrollingContentEvent] = []

    /// Creates an empty recorder.
    public init() {}

    public func manager(_ manager: ScrollingContentManager, didRecord event: ScrollingContentEvent) {
        events.append(event)
    }

    /// The keyboard states applied, in order.
    public var keyboardApplications: [KeyboardApplication] {
        events.compactMap { if case .keyboardApplied(let application) = $0.kind { application } else { nil } }
    }

    /// Forgets the events recorded so far.
    public func removeAll() {
        events.removeAll()
    }

    /// One line per event.
    public var description: String {
        events.map(\.description).joined(separator: "\n")
    }
}
