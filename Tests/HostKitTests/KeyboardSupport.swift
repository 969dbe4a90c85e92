import Foundation
import HostKit

/// Records every keyboard notification of a window with the virtual time it was posted at.
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

    init(_ window: Window, _ clock: ManualScheduler) {
        window.notificationCenter.addObserver { [weak self, unowned clock] notification in
            self?.entries.append(Entry(time: clock.now, notification: notification))
            self?.events.append("\(notification.name)")
        }
    }

    var names: [KeyboardNotification.Name] { entries.map(\.notification.name) }

    func clear() {
        entries = []
        events = []
    }
}

/// A recorded notification as a test expects it: posted at `time`, with the frames, duration
/// and curve of a keyboard change (0.25 s with the keyboard curve unless said otherwise).
@MainActor
func keyboardEntry(_ time: TimeInterval, _ name: KeyboardNotification.Name, _ begin: CGRect, _ end: CGRect,
                   duration: TimeInterval = Keyboard.animationDuration, curve: AnimationCurve = .keyboard)
    -> KeyboardRecorder.Entry
{
    KeyboardRecorder.Entry(time: time, notification: KeyboardNotification(
        name: name, frameBegin: begin, frameEnd: end, animationDuration: duration, animationCurve: curve))
}

/// Which way a keyboard change goes, for ``keyboardChange(at:_:from:to:)``.
enum KeyboardChangeKind {
    case show, hide
}

/// The four notifications of one keyboard change at `time`, from `begin` to `end`: the frame
/// change and the show or hide at once, their did notifications when the animation ends
/// (0.25 s, or a navigation transition's 0.35 s).
@MainActor
func keyboardChange(at time: TimeInterval, _ kind: KeyboardChangeKind, from begin: CGRect, to end: CGRect,
                    duration: TimeInterval = 0.25) -> [KeyboardRecorder.Entry]
{
    let (will, did): (KeyboardNotification.Name, KeyboardNotification.Name) =
        kind == .show ? (.keyboardWillShow, .keyboardDidShow) : (.keyboardWillHide, .keyboardDidHide)
    return [
        keyboardEntry(time, .keyboardWillChangeFrame, begin, end, duration: duration),
        keyboardEntry(time, will, begin, end, duration: duration),
        keyboardEntry(time + duration, .keyboardDidChangeFrame, begin, end, duration: duration),
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
final class RecordingScrollView: ScrollView {
    var calls: [(rect: CGRect, animated: Bool)] = []
    var onScroll: ((CGRect) -> Void)?

    override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        calls.append((rect, animated))
        onScroll?(rect)
        super.scrollRectToVisible(rect, animated: animated)
    }
}
