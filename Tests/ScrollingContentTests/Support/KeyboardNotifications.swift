import Foundation
import HostKit
import ScrollingContent

/// Records the names of the keyboard notifications posted for one screen, as an app observes
/// them: on `NotificationCenter.default`, with the screen as the object.
@MainActor
final class KeyboardNotificationLog {
    /// The names posted so far, oldest first.
    private(set) var names: [Notification.Name] = []
    private let observation: Observation

    /// Removes the observers when the log goes (a block observer stays registered until
    /// removed); the centre is thread-safe, so no actor is needed.
    private final class Observation: @unchecked Sendable {
        // `@unchecked Sendable`: set once at creation, only read afterwards.
        let tokens: [any NSObjectProtocol]
        init(_ tokens: [any NSObjectProtocol]) { self.tokens = tokens }
        deinit { for token in tokens { NotificationCenter.default.removeObserver(token) } }
    }

    /// Starts recording the keyboard notifications of `screen`.
    init(_ screen: UIScreen) {
        var record: (@MainActor (Notification.Name) -> Void)?
        observation = Observation(
            KeyboardNotification.names.map { name in
                NotificationCenter.default.addObserver(forName: name, object: screen, queue: nil) { notification in
                    // HostKit and the tests post on the main actor, synchronously.
                    let name = notification.name
                    MainActor.assumeIsolated { record?(name) }
                }
            })
        record = { [weak self] name in self?.names.append(name) }
    }

    /// How many keyboard notifications were posted so far.
    var count: Int { names.count }
}

/// A keyboard notification's `userInfo` as UIKit posts it, with `key` removed (`value` `nil`)
/// or holding `value` instead: what a malformed notification carries.
@MainActor
func keyboardUserInfo(_ notification: KeyboardNotification, replacing key: String, with value: Any?)
    -> [AnyHashable: Any]
{
    var info = notification.userInfo
    info[key] = value
    return info
}

/// Posts what the keyboard of `window`'s screen posts as it shows, docked, `height` tall: a
/// `keyboardWillShowNotification` from just below the window to its bottom edge, over 0.25 s.
@MainActor
func postDockedKeyboardWillShow(height: CGFloat, in window: UIWindow) {
    let docked = dockedKeyboardFrame(height: height, in: window.bounds.size)
    let show = KeyboardNotification(
        name: UIResponder.keyboardWillShowNotification,
        frameBegin: docked.offsetBy(dx: 0, dy: docked.height), frameEnd: docked,
        animationDuration: Keyboard.animationDuration)
    NotificationCenter.default.post(name: show.name, object: window.screen, userInfo: show.userInfo)
}
