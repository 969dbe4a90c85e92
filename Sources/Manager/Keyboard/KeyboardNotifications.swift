import Foundation

/// What the manager reads from a keyboard notification, decoded where it is posted (a
/// `Notification` may not cross to the main actor in Swift 6; this value can).
///
/// Every field of the `userInfo` is optional: a notification with a missing key, or a key
/// holding a value of another type, is ignored with a diagnostic that names what was wrong.
struct KeyboardNotificationPayload: Sendable {
    /// The kind of notification (its name).
    var kind: KeyboardEvent.Kind
    /// What its `userInfo` holds.
    private var info: KeyboardUserInfo

    /// `keyboardFrameBeginUserInfoKey`, in screen coordinates.
    var frameBegin: CGRect? { info.frameBegin }
    /// `keyboardFrameEndUserInfoKey`, in screen coordinates.
    var frameEnd: CGRect? { info.frameEnd }
    /// `keyboardAnimationDurationUserInfoKey`.
    var duration: TimeInterval? { info.duration }
    /// `keyboardIsLocalUserInfoKey`; `true` when absent (iPadOS omits it in some versions).
    var isLocal: Bool { info.isLocal }

    /// Reads a notification of `kind`. `keys` are UIKit's `userInfo` keys, read on the main
    /// actor; `reader` reads the `userInfo`.
    init(
        _ notification: Notification, kind: KeyboardEvent.Kind, keys: KeyboardNotificationNames,
        reader: KeyboardUserInfoReader
    ) {
        self.kind = kind
        info = reader.read(notification.userInfo, keys: keys)
    }

    /// What is missing or unusable, in words, or `nil` when the payload is complete and finite.
    var problem: String? {
        var problems: [String] = []
        for entry in info.malformed {
            problems.append("\(entry.found) under \(entry.key) (expected a \(entry.expected))")
        }
        if let frameBegin, !frameBegin.isFinite { problems.append("a non-finite begin frame \(frameBegin)") }
        if let frameEnd, !frameEnd.isFinite { problems.append("a non-finite end frame \(frameEnd)") }
        if let duration, !duration.isFinite { problems.append("a non-finite duration \(duration)") }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }
}

/// What a keyboard notification's `userInfo` holds, as the manager reads it (the fields of
/// ``KeyboardNotificationPayload`` of the same names).
struct KeyboardUserInfo: Sendable {
    /// `keyboardFrameBeginUserInfoKey`, in screen coordinates.
    var frameBegin: CGRect?
    /// `keyboardFrameEndUserInfoKey`, in screen coordinates.
    var frameEnd: CGRect?
    /// `keyboardAnimationDurationUserInfoKey`.
    var duration: TimeInterval?
    /// `keyboardIsLocalUserInfoKey`; `true` when absent.
    var isLocal: Bool
    /// What was found instead of a usable value, key by key, in words ("no value", "a String").
    var malformed: [(key: String, found: String, expected: String)] = []

    /// Decodes `userInfo`; `frames` reads the frame values.
    fileprivate init(_ userInfo: [AnyHashable: Any], keys: KeyboardNotificationNames, frames: (Any?) -> CGRect?) {
        // One pass over the few entries, comparing keys as strings: cheaper than a hashed lookup
        // per key where the keys are bridged strings.
        var begin: Any?
        var end: Any?
        var seconds: Any?
        var local: Any?
        for (key, value) in userInfo {
            guard let key = key.base as? String else { continue }
            let same = KeyboardNotificationNames.isSame
            if same(key, keys.frameBegin) {
                begin = value
            } else if same(key, keys.frameEnd) {
                end = value
            } else if same(key, keys.duration) {
                seconds = value
            } else if same(key, keys.isLocal) {
                local = value
            }
        }
        isLocal = (local as? NSNumber)?.boolValue ?? true
        frameBegin = frames(begin)
        frameEnd = frames(end)
        duration = Self.number(seconds)
        if frameBegin == nil { malformed.append(("keyboardFrameBeginUserInfoKey", Self.describe(begin), "CGRect")) }
        if frameEnd == nil { malformed.append(("keyboardFrameEndUserInfoKey", Self.describe(end), "CGRect")) }
        if duration == nil {
            malformed.append(("keyboardAnimationDurationUserInfoKey", Self.describe(seconds), "number"))
        }
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
}

/// Reads the `userInfo` of keyboard notifications, remembering what it read.
///
/// HostKit posts a keyboard change's frame change and its show or hide with the same
/// `userInfo`: the last dictionary read is kept, and the same dictionary again (the same
/// storage, compared bit for bit; kept alive here, so that no other dictionary can take its
/// address) is not decoded again. Two dictionaries of equal contents are each decoded. Decoding
/// one cost some seven thousand instructions (casts, copies, comparisons).
///
/// The frames are read checking each value's type first: `cgRectValue` of an `NSValue` holding
/// something else (a `CGPoint`, a number) traps or reads garbage. The check reads the value's
/// `objCType`, which Foundation on Linux computes anew at each call (several thousand
/// instructions), so the last few values read are remembered by identity and their frames
/// reused (a burst of changes may repeat them).
final class KeyboardUserInfoReader: @unchecked Sendable {
    // `@unchecked Sendable`: `last` and `recent` are only touched under `lock`. Notifications
    // normally arrive on the main queue; the lock makes a post from another thread safe too.
    private let lock = NSLock()
    private var last: (userInfo: [AnyHashable: Any], info: KeyboardUserInfo)?
    private var recent: [(value: NSValue, rect: CGRect?)] = []

    /// How many frame values are remembered: a change's begin and end frames, and the previous
    /// change's, which a burst may repeat.
    static let capacity = 4

    /// The `objCType` of an `NSValue` holding a `CGRect` on this platform.
    private static let rectType = String(cString: NSValue(cgRect: .zero).objCType)

    /// What `userInfo` holds (`nil`: an empty one).
    func read(_ userInfo: [AnyHashable: Any]?, keys: KeyboardNotificationNames) -> KeyboardUserInfo {
        lock.lock()
        defer { lock.unlock() }
        guard let userInfo else { return KeyboardUserInfo([:], keys: keys, frames: rect) }
        if let last, Self.isSameStorage(last.userInfo, userInfo) { return last.info }
        let info = KeyboardUserInfo(userInfo, keys: keys, frames: rect)
        last = (userInfo, info)
        return info
    }

    /// Whether two dictionaries are the same storage: their bits are equal. (A dictionary is
    /// its storage's reference; equal references are the same contents, which copy on write
    /// keeps unchanged while this reader holds one of them.)
    private static func isSameStorage(_ a: [AnyHashable: Any], _ b: [AnyHashable: Any]) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }

    /// The rectangle in `value`, or `nil` unless it is an `NSValue` holding a `CGRect`. Called
    /// under `lock`.
    private func rect(_ value: Any?) -> CGRect? {
        guard let value = value as? NSValue else { return nil }
        if let known = recent.first(where: { $0.value === value }) { return known.rect }
        let rect = String(cString: value.objCType) == Self.rectType ? value.cgRectValue : nil
        if recent.count == Self.capacity { recent.removeFirst() }
        recent.append((value, rect))
        return rect
    }
}

/// UIKit's keyboard `userInfo` keys and the names the manager observes, read on the main actor
/// (UIKit isolates them there) and kept as plain values that any thread may read.
///
/// A class: the observer's closure hands it to each payload it decodes, and a struct of eight
/// strings was copied there, a retain and a release per string, twice per keyboard change.
final class KeyboardNotificationNames: Sendable {
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

    /// The kind of keyboard notification `name` is, or `nil` for another notification.
    func kind(of name: Notification.Name) -> KeyboardEvent.Kind? {
        let name = name.rawValue
        if Self.isSame(name, willChangeFrame.rawValue) { return .willChangeFrame }
        if Self.isSame(name, willShow.rawValue) { return .willShow }
        if Self.isSame(name, willHide.rawValue) { return .willHide }
        return nil
    }

    /// Whether `a` and `b` are the same text, their lengths compared first: UIKit's keyboard
    /// names and `userInfo` keys share their first ten characters ("UIKeyboard"), and comparing
    /// each key and name in full with each of UIKit's cost some twenty string comparisons per
    /// keyboard change.
    @inline(__always)
    static func isSame(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }
}

/// Observations of `NotificationCenter.default`, removed when this object goes away (block
/// observers stay registered until removed; the manager's deinit may not run on the main actor,
/// so the removal lives here, where it needs no actor: the centre is thread-safe).
///
/// The centre's delivery order among observers is unspecified (Foundation's open-source centre
/// delivers in the order of its internal dictionary): the manager does not depend on it.
final class NotificationObservation: @unchecked Sendable {
    // `@unchecked Sendable`: the tokens are set once, at creation, and only read afterwards.
    private let tokens: [any NSObjectProtocol]

    /// Observes each of `names` (any object) and hands `block` the notification.
    init(names: [Notification.Name], using block: @escaping @Sendable (Notification) -> Void) {
        tokens = names.map {
            NotificationCenter.default.addObserver(forName: $0, object: nil, queue: nil, using: block)
        }
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }
}
