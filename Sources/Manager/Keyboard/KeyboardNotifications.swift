import Foundation

/// What the manager reads from a keyboard notification's `userInfo`, decoded where it is
/// posted (a `Notification` may not cross to the main actor in Swift 6; this value can).
///
/// Every field is optional: a notification with a missing key, or a key holding a value of
/// another type, is ignored with a diagnostic that names what was wrong.
struct KeyboardNotificationPayload: Sendable {
    /// The notification's name.
    var name: Notification.Name
    /// The posting object, when it is a screen (iOS posts keyboard notifications with the
    /// screen or with no object; HostKit with the window's screen).
    var screen: ObjectIdentifier?
    /// `keyboardFrameBeginUserInfoKey`, in screen coordinates.
    var frameBegin: CGRect?
    /// `keyboardFrameEndUserInfoKey`, in screen coordinates.
    var frameEnd: CGRect?
    /// `keyboardAnimationDurationUserInfoKey`.
    var duration: TimeInterval?
    /// `keyboardIsLocalUserInfoKey`; `true` when absent (iPadOS omits it in some versions).
    var isLocal: Bool

    /// What was found instead of a usable value, key by key, in words ("no value", "a String").
    private var malformed: [(key: String, found: String, expected: String)] = []

    /// Reads a notification. `keys` are UIKit's `userInfo` keys, read on the main actor;
    /// `frames` reads the frame values.
    init(_ notification: Notification, keys: KeyboardNotificationNames, frames: KeyboardFrameReader) {
        name = notification.name
        screen = (notification.object as? UIScreen).map(ObjectIdentifier.init)
        // One pass over the few entries, comparing keys as strings: cheaper than a hashed lookup
        // per key where the keys are bridged strings.
        var begin: Any?, end: Any?, seconds: Any?, local: Any?
        for (key, value) in notification.userInfo ?? [:] {
            guard let key = key.base as? String else { continue }
            switch key {
            case keys.frameBegin: begin = value
            case keys.frameEnd: end = value
            case keys.duration: seconds = value
            case keys.isLocal: local = value
            default: break
            }
        }
        isLocal = (local as? NSNumber)?.boolValue ?? true
        frameBegin = frames.rect(begin)
        frameEnd = frames.rect(end)
        duration = Self.number(seconds)
        if frameBegin == nil { malformed.append(("keyboardFrameBeginUserInfoKey", Self.describe(begin), "CGRect")) }
        if frameEnd == nil { malformed.append(("keyboardFrameEndUserInfoKey", Self.describe(end), "CGRect")) }
        if duration == nil { malformed.append(("keyboardAnimationDurationUserInfoKey", Self.describe(seconds), "number")) }
    }

    /// The number in `value`, or `nil` unless it is an `NSNumber`.
    private static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    /// What a `userInfo` value is, for a diagnostic: "no value", "an NSNumber", "an NSValue of
    /// {CGPoint=dd}" (its Objective-C type), "a String".
    private static func describe(_ value: Any?) -> String {
        guard let value else { return "no value" }
        if value is NSNumber { return "an NSNumber" }
        if let boxed = value as? NSValue { return "an NSValue of \(String(cString: boxed.objCType))" }
        return "a \(type(of: value))"
    }

    /// What is missing or unusable, in words, or `nil` when the payload is complete and finite.
    var problem: String? {
        var problems: [String] = []
        for entry in malformed {
            problems.append("\(entry.found) under \(entry.key) (expected a \(entry.expected))")
        }
        if let frameBegin, !frameBegin.isFinite { problems.append("a non-finite begin frame \(frameBegin)") }
        if let frameEnd, !frameEnd.isFinite { problems.append("a non-finite end frame \(frameEnd)") }
        if let duration, !duration.isFinite { problems.append("a non-finite duration \(duration)") }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }
}

/// Reads the frames of keyboard notifications, checking each value's type first: `cgRectValue`
/// of an `NSValue` holding something else (a `CGPoint`, a number) traps or reads garbage.
///
/// The check reads the value's `objCType`, which Foundation on Linux computes anew at each call
/// (several thousand instructions). A keyboard change posts its frame change and its show or
/// hide with the same `userInfo`, so the last few values read are remembered by identity and
/// their frames reused.
final class KeyboardFrameReader: @unchecked Sendable {
    // `@unchecked Sendable`: `recent` is only touched under `lock`. Notifications normally arrive
    // on the main queue; the lock makes a post from another thread safe too.
    private let lock = NSLock()
    private var recent: [(value: NSValue, rect: CGRect?)] = []

    /// How many values are remembered: a change's begin and end frames, and the previous
    /// change's, which a burst may repeat.
    static let capacity = 4

    /// The `objCType` of an `NSValue` holding a `CGRect` on this platform.
    private static let rectType = String(cString: NSValue(cgRect: .zero).objCType)

    /// The rectangle in `value`, or `nil` unless it is an `NSValue` holding a `CGRect`.
    func rect(_ value: Any?) -> CGRect? {
        guard let value = value as? NSValue else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let known = recent.first(where: { $0.value === value }) { return known.rect }
        let rect = String(cString: value.objCType) == Self.rectType ? value.cgRectValue : nil
        if recent.count == Self.capacity { recent.removeFirst() }
        recent.append((value, rect))
        return rect
    }
}

/// UIKit's keyboard `userInfo` keys and the names the manager observes, read on the main actor
/// (UIKit isolates them there) and kept as plain values that any thread may read.
struct KeyboardNotificationNames: Sendable {
    let willShow: Notification.Name
    let willHide: Notification.Name
    let willChangeFrame: Notification.Name
    let textDidBeginEditing: Notification.Name
    let frameBegin: String
    let frameEnd: String
    let duration: String
    let isLocal: String

    @MainActor
    init() {
        willShow = UIResponder.keyboardWillShowNotification
        willHide = UIResponder.keyboardWillHideNotification
        willChangeFrame = UIResponder.keyboardWillChangeFrameNotification
        textDidBeginEditing = UITextField.textDidBeginEditingNotification
        frameBegin = UIResponder.keyboardFrameBeginUserInfoKey
        frameEnd = UIResponder.keyboardFrameEndUserInfoKey
        duration = UIResponder.keyboardAnimationDurationUserInfoKey
        isLocal = UIResponder.keyboardIsLocalUserInfoKey
    }

    /// The notifications the manager acts on.
    var observed: [Notification.Name] { [willShow, willHide, willChangeFrame, textDidBeginEditing] }
}

/// Observations of `NotificationCenter.default`, removed when this object goes away (block
/// observers stay registered until removed; the manager's deinit may not run on the main actor,
/// so the removal lives here, where it needs no actor: the centre is thread-safe).
///
/// Every observation goes through one ``NotificationFanOut``, which hands a notification to the
/// observations in the order they were made, as UIKit's centre does: with one centre
/// observer per manager, Foundation's open-source centre (Linux) delivers in the order of its
/// internal dictionary — of the observers' addresses — so two managers (a screen and the one
/// covering it) heard the same keyboard change in an order that changed from run to run.
final class NotificationObservation: @unchecked Sendable {
    // `@unchecked Sendable`: the identifier is set once, at creation, and only read afterwards.
    private let id: UInt64

    /// Observes each of `names` (any object) and hands `block` the notification.
    init(names: [Notification.Name], using block: @escaping @Sendable (Notification) -> Void) {
        id = NotificationFanOut.shared.add(names: names, block)
    }

    deinit {
        NotificationFanOut.shared.remove(id)
    }
}

/// One `NotificationCenter.default` observer per notification name, handing each notification
/// to the ``NotificationObservation``s of that name in the order they were made.
final class NotificationFanOut: @unchecked Sendable {
    // `@unchecked Sendable`: every stored property is read and written under `lock`.
    static let shared = NotificationFanOut()

    private struct Subscriber {
        let id: UInt64
        let names: [Notification.Name]
        let block: @Sendable (Notification) -> Void
    }

    private let lock = NSLock()
    private var nextID: UInt64 = 0
    /// In the order they were added.
    private var subscribers: [Subscriber] = []
    /// The names observed on the centre so far (each once, for the life of the process).
    private var observedNames: [Notification.Name] = []
    private var tokens: [any NSObjectProtocol] = []

    /// Adds a subscriber to `names`; returns its identifier, for ``remove(_:)``.
    func add(names: [Notification.Name], _ block: @escaping @Sendable (Notification) -> Void) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        subscribers.append(Subscriber(id: nextID, names: names, block: block))
        for name in names where !observedNames.contains(name) {
            observedNames.append(name)
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] notification in
                self?.deliver(notification)
            })
        }
        return nextID
    }

    /// Removes a subscriber: it hears nothing posted after this returns (a delivery already
    /// under way on another thread may still reach it; its block holds its owner weakly).
    func remove(_ id: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        subscribers.removeAll { $0.id == id }
    }

    /// Hands `notification` to the subscribers of its name, oldest first, outside the lock (a
    /// subscriber may post, add or remove in turn; one added meanwhile hears the next one).
    private func deliver(_ notification: Notification) {
        lock.lock()
        let targets = subscribers.filter { $0.names.contains(notification.name) }.map(\.block)
        lock.unlock()
        for block in targets { block(notification) }
    }
}
