import Foundation

/// Hears UIKit's keyboard notifications for the screen of one window, and which text field
/// began editing inside the scroll view.
///
/// Keyboard notifications are posted on `NotificationCenter.default`; the observer listens to
/// every one and keeps those of its window's screen (or with no screen: iOS before multiple
/// scenes). It reads each one's `userInfo` (``KeyboardNotificationPayload``), turns the frames
/// into the window's coordinates, and hands the manager a ``KeyboardEvent`` — or the reason the
/// notification is unusable — through the closure given at creation. It also remembers the
/// text field that last began editing inside the scroll view, so the manager knows its first
/// responder without searching the content.
@MainActor
final class KeyboardObserver {
    /// What was heard.
    enum Heard {
        /// A usable keyboard notification.
        case event(KeyboardEvent)
        /// A keyboard notification whose `userInfo` is unusable, and why.
        case ignored(KeyboardEvent.Kind, problem: String)
    }

    private let scrollView: UIScrollView
    private let onHeard: @MainActor (Heard) -> Void
    /// The window whose screen's notifications are heard.
    private(set) weak var window: UIWindow?
    private var observation: NotificationObservation?
    /// The text field that last began editing inside the scroll view: the first responder, as
    /// long as it still is one.
    private weak var editingTextField: UITextField?

    /// Creates an observer for the first responder inside `scrollView`; `onHeard` takes what
    /// is heard.
    init(scrollView: UIScrollView, onHeard: @escaping @MainActor (Heard) -> Void) {
        self.scrollView = scrollView
        self.onHeard = onHeard
    }

    /// Listens to `window`'s screen from now on (`nil`: to nothing). Returns whether the window
    /// changed.
    func observe(_ window: UIWindow?) -> Bool {
        guard window !== self.window else { return false }
        self.window = window
        observation = nil
        guard let window else { return true }
        let names = KeyboardNotificationNames()
        let screen = ObjectIdentifier(window.screen)
        let reader = KeyboardUserInfoReader()
        // Made once, not per notification (see `MainActorCallback`).
        let began = MainActorCallback<UITextField?> { [weak self] in self?.textFieldDidBeginEditing($0) }
        let hear = MainActorCallback<KeyboardNotificationPayload> { [weak self] in self?.heard($0) }
        observation = NotificationObservation(names: names.observed) { notification in
            guard let kind = names.kind(of: notification.name) else {
                if notification.name == names.textDidBeginEditing { began(notification.object as? UITextField) }
                return
            }
            // Another screen's keyboard (another window, in tests): not read at all.
            if let other = notification.object as? UIScreen, ObjectIdentifier(other) != screen { return }
            hear(KeyboardNotificationPayload(notification, kind: kind, keys: names, reader: reader))
        }
        return true
    }

    private func textFieldDidBeginEditing(_ field: UITextField?) {
        guard let field, field.isDescendant(of: scrollView) else { return }
        editingTextField = field
    }

    private func heard(_ payload: KeyboardNotificationPayload) {
        let kind = payload.kind
        guard let window else { return }
        if let problem = payload.problem {
            onHeard(.ignored(kind, problem: problem))
            return
        }
        guard let begin = payload.frameBegin, let end = payload.frameEnd, let duration = payload.duration else {
            return
        }
        // The frames come in the screen's coordinates; the policies measure in the window's.
        let space = window.screen.coordinateSpace
        onHeard(
            .event(
                KeyboardEvent(
                    kind: kind, frameBegin: window.convert(begin, from: space),
                    frameEnd: window.convert(end, from: space), duration: duration,
                    time: PlatformClock(window: window).now, isLocal: payload.isLocal)))
    }

    /// The first responder inside the scroll view, or `nil`.
    ///
    /// The text field that last began editing inside it, while it is still first responder:
    /// found without searching. Otherwise (another kind of responder, such as a text view on
    /// iOS) the scroll view's subtree is searched, depth first.
    func firstResponder() -> UIView? {
        if let field = editingTextField, field.isFirstResponder, field.isDescendant(of: scrollView) { return field }
        editingTextField = nil
        return scrollView.firstResponderInSubviews()
    }
}
