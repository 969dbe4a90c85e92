import Foundation

/// A window's hub for keyboard notifications (the keyboard part of `NotificationCenter`).
///
/// Each ``Window`` has its own (``Window/notificationCenter``): there is no process-wide
/// centre, so two windows in one test never see each other's keyboard. Observers are closures
/// registered with a removable token and called synchronously, in registration order.
///
/// ```swift
/// let token = window.notificationCenter.addObserver(forName: .keyboardWillShow) { note in
///     print(note.frameEnd.height)
/// }
/// window.notificationCenter.removeObserver(token)
/// ```
@MainActor
public final class KeyboardNotificationCenter {
    /// Identifies an observer for ``removeObserver(_:)``.
    public struct ObserverToken: Hashable, Sendable {
        let id: UInt64
    }

    private struct Observer {
        var token: ObserverToken
        var name: KeyboardNotification.Name?
        var block: @MainActor (KeyboardNotification) -> Void
    }

    private var observers: [Observer] = []
    private var nextID: UInt64 = 1

    /// Creates an empty centre (each window makes its own).
    public init() {}

    /// Calls `block` with every notification of `name` (every notification when `name` is
    /// `nil`) until the token is removed. The block is held strongly: capture weakly what it
    /// must not keep alive.
    @discardableResult
    public func addObserver(forName name: KeyboardNotification.Name? = nil,
                            using block: @escaping @MainActor (KeyboardNotification) -> Void) -> ObserverToken
    {
        let token = ObserverToken(id: nextID)
        nextID += 1
        observers.append(Observer(token: token, name: name, block: block))
        return token
    }

    /// Stops calling an observer. Removing an unknown or already removed token does nothing.
    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0.token == token }
    }

    /// How many observers are registered.
    public var observerCount: Int { observers.count }

    /// Delivers a notification to the observers of its name, in registration order. An
    /// observer removed during delivery is not called if it had not been yet; one added during
    /// delivery is called from the next notification on.
    public func post(_ notification: KeyboardNotification) {
        let snapshot = observers
        for observer in snapshot where observer.name == nil || observer.name == notification.name {
            guard observers.contains(where: { $0.token == observer.token }) else { continue }
            observer.block(notification)
        }
    }
}
