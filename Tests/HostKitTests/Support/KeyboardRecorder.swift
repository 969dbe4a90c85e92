import Foundation
import HostKit

/// Records every keyboard notification of a window's screen with the virtual time it was
/// posted at, as an app observes them: on `NotificationCenter.default`, with the screen as the
/// object.
@MainActor
final class KeyboardRecorder {
    struct Entry: Equatable, CustomStringConvertible {
        var time: TimeInterval
        var notification: KeyboardNotification

        var description: String { "\(time) \(notification)" }
    }

    private(set) var entries: [Entry] = []
    /// Extra events interleaved with the notifications (what observers did in between).
    var events: [String] = []
    /// Notifications of the screen whose `userInfo` could not be decoded (none from HostKit's
    /// keyboard).
    private(set) var undecodable: [Notification.Name] = []
    /// Called with each notification as it is recorded (to see what else holds at that moment).
    var onRecord: ((KeyboardNotification) -> Void)?
    private let observation: Observation

    /// Removes the observer when the recorder goes (a block observer stays registered until
    /// removed); the centre is thread-safe, so no actor is needed.
    private final class Observation: @unchecked Sendable {
        // `@unchecked Sendable`: set once at creation, only read afterwards.
        let tokens: [any NSObjectProtocol]
        init(_ tokens: [any NSObjectProtocol]) { self.tokens = tokens }
        deinit { for token in tokens { NotificationCenter.default.removeObserver(token) } }
    }

    init(_ window: UIWindow, _ clock: ManualScheduler) {
        var record: (@MainActor (Notification) -> Void)?
        observation = Observation(
            KeyboardNotification.names.map { name in
                NotificationCenter.default.addObserver(forName: name, object: window.screen, queue: nil) {
                    notification in
                    // HostKit posts on the main actor, synchronously: the notification does not
                    // cross to another thread, whatever its type says.
                    nonisolated(unsafe) let notification = notification
                    MainActor.assumeIsolated { record?(notification) }
                }
            })
        record = { [weak self, unowned clock] notification in
            guard let self else { return }
            guard let decoded = KeyboardNotification(notification) else {
                self.undecodable.append(notification.name)
                return
            }
            self.entries.append(Entry(time: clock.now, notification: decoded))
            self.events.append(decoded.shortName)
            self.onRecord?(decoded)
        }
    }

    var names: [Notification.Name] { entries.map(\.notification.name) }

    func clear() {
        entries = []
        events = []
    }
}

/// A recorded notification as a test expects it: posted at `time`, with the frames, duration
/// and curve of a keyboard change (0.25 s with the keyboard curve unless said otherwise).
@MainActor
func keyboardEntry(
    _ time: TimeInterval, _ name: Notification.Name, _ begin: CGRect, _ end: CGRect,
    duration: TimeInterval = Keyboard.animationDuration, curve: UIView.AnimationCurve = .keyboard
)
    -> KeyboardRecorder.Entry
{
    KeyboardRecorder.Entry(
        time: time,
        notification: KeyboardNotification(
            name: name, frameBegin: begin, frameEnd: end, animationDuration: duration, animationCurve: curve))
}

/// Which way a keyboard change goes, for ``keyboardChange(at:_:from:to:duration:)``.
enum KeyboardChangeKind {
    case show, hide
}

/// The four notifications of one keyboard change at `time`, from `begin` to `end`: the frame
/// change and the show or hide at once, their did notifications when the animation ends
/// (0.25 s, or a navigation transition's 0.35 s).
@MainActor
func keyboardChange(
    at time: TimeInterval, _ kind: KeyboardChangeKind, from begin: CGRect, to end: CGRect,
    duration: TimeInterval = 0.25
) -> [KeyboardRecorder.Entry] {
    let will: Notification.Name =
        kind == .show ? UIResponder.keyboardWillShowNotification : UIResponder.keyboardWillHideNotification
    let did: Notification.Name =
        kind == .show ? UIResponder.keyboardDidShowNotification : UIResponder.keyboardDidHideNotification
    return [
        keyboardEntry(time, UIResponder.keyboardWillChangeFrameNotification, begin, end, duration: duration),
        keyboardEntry(time, will, begin, end, duration: duration),
        keyboardEntry(time + duration, UIResponder.keyboardDidChangeFrameNotification, begin, end, duration: duration),
        keyboardEntry(time + duration, did, begin, end, duration: duration),
    ]
}

/// The docked keyboard frame of a given height in a window of a given size.
func dockedFrame(height: CGFloat, in size: CGSize) -> CGRect {
    CGRect(x: 0, y: size.height - height, width: size.width, height: height)
}

/// The hidden keyboard frame (just below the bottom edge) of a given height.
func hiddenFrame(height: CGFloat, in size: CGSize) -> CGRect {
    CGRect(x: 0, y: size.height, width: size.width, height: height)
}

/// A scroll view that records `scrollRectToVisible` calls into the keyboard recorder's events.
@MainActor
final class RecordingScrollView: UIScrollView {
    var calls: [(rect: CGRect, animated: Bool)] = []
    var onScroll: ((CGRect) -> Void)?

    override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        calls.append((rect, animated))
        onScroll?(rect)
        super.scrollRectToVisible(rect, animated: animated)
    }
}
