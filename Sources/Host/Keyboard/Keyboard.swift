import Foundation

/// A window's simulated software keyboard: its state, and the notifications UIKit posts when
/// it moves.
///
/// Each ``UIWindow`` has one (``UIWindow/keyboard``); there is no shared keyboard. A
/// ``UITextField`` becoming first responder shows it, docked at the bottom of the screen with
/// the screen's height for the orientation plus the field's accessory; resigning with no
/// other field taking over hides it; ``UIWindow/rotate(to:)`` hides it before the rotation and
/// shows it after. Tests can also drive it directly: ``show(height:)``, ``hide()`` and the
/// scripted sequences (`simulate…`) in `Keyboard+Scripts.swift`.
///
/// Every change posts, on `NotificationCenter.default` with the window's ``UIScreen`` as the
/// object and UIKit's `userInfo` (see ``KeyboardNotification``):
/// `keyboardWillChangeFrame`, then `keyboardWillShow` or `keyboardWillHide` (a floating
/// keyboard moving posts only the frame change); and ``animationDuration`` later (0.25 s),
/// `keyboardDidChangeFrame` then `keyboardDidShow`/`keyboardDidHide`. A change that starts
/// before the previous one finished retargets the animation: the earlier change's `Did…`
/// notifications are never posted (only the last change of an AutoFill burst gets them).
///
/// The `Will…` notifications are posted inside the keyboard's animation block, as UIKit posts
/// them: ``UIView/animate(withDuration:delay:options:animations:completion:)`` with the
/// notification's duration and curve (a navigation transition's 0.35 s during a push or pop).
/// An observer that changes layout without ``UIView/performWithoutAnimation(_:)`` therefore
/// animates with the keyboard, and the window's ``UIWindow/animationLog`` says so.
/// (ScrollingContentViewController's `KeyboardObserver` relies on this: "the animation of the
/// scroll view's frame change is handled within UIKit's animation block that wraps the
/// keyboardWillHide notification", and it suppresses the text fields' animation with
/// `performWithoutAnimation` because "UIKit posts UIResponder keyboard notifications […] within
/// animation blocks". A push posts them inside the navigation transition's animation block,
/// Stack Overflow question 33486030 shows.)
///
/// Moving the first responder to another text field posts a change even when the keyboard's
/// height stays the same (begin and end frames equal), as UIKit posts `keyboardWillChangeFrame`,
/// `keyboardWillShow` and their `Did…` notifications for each field that begins editing (the
/// Stack Overflow question "Why is UIKeyboardWillShowNotification called every time another
/// TextField is selected?" lists the four). The one exception is a navigation transition: a
/// field of the incoming screen taking over at the same height posts nothing (see below).
///
/// Right after the `Will…` notifications of a show or a docked height change, if the first
/// responder is inside a ``UIScrollView``, its nearest enclosing scroll view gets
/// ``UIScrollView/scrollRectToVisible(_:animated:)`` with the responder's frame, animated, as
/// UIKit does — without waiting for any inset to reflect the new keyboard.
///
/// During a ``UINavigationController`` push or pop, changes last the transition's 0.35 s; when a
/// field of the incoming screen takes over in `viewWillAppear` at the same height, nothing is
/// posted at all (see ``UINavigationController``).
///
/// The state (``isVisible``, ``frame``) is what the last notification said, so a screen
/// pushed while the keyboard stays up can read it without being sent anything — except during
/// an interactive dismissal, when the state follows the finger and nothing is posted (see
/// ``simulateInteractiveDismissal(in:steps:)``).
///
/// What HostKit does not model: other apps. UIKit posts keyboard notifications to every app on
/// screen in iPad multitasking, with `keyboardIsLocalUserInfoKey` `false` in the apps that did
/// not show the keyboard; HostKit runs one app, so it is always `true`. Frames are in screen
/// coordinates, which in HostKit are the window's (a window fills its screen with no
/// transform); in UIKit they differ from a window's or a view's in Split View, Slide Over and
/// Stage Manager, and observers convert them (see ``KeyboardNotification``).
@MainActor
public final class Keyboard {
    /// How long the keyboard takes to show or hide: 0.25 s, UIKit's keyboard animation.
    public static let animationDuration: TimeInterval = 0.25

    /// Where a scripted sequence leaves the keyboard when it has run to the end.
    enum ScriptedOutcome: Equatable {
        /// Docked for the first responder (AutoFill's last show).
        case docked
        /// Floating (an undocking).
        case floating
        /// Hidden (an interactive dismissal).
        case hidden
    }

    /// Where the keyboard is.
    enum Placement: Equatable {
        /// Off screen.
        case hidden
        /// At the bottom of the screen, full width, this tall.
        case docked(CGFloat)
        /// Following a finger during interactive dismissal: docked but pushed down.
        case tracking(CGRect)
        /// Undocked on an iPad, anywhere on screen.
        case floating(CGRect)
    }

    /// The window the keyboard belongs to (held weakly: the window owns its keyboard).
    public private(set) weak var window: UIWindow?

    private(set) var placement = Placement.hidden
    /// The height the keyboard had when it last left the screen, for the hidden frame.
    private var hiddenHeight: CGFloat = 0
    /// The `Did…` notifications of the change in progress.
    private var pendingCompletion: ScheduledWork?
    /// The scheduled steps of the scripted sequence in progress (AutoFill's shows, the undocked
    /// keyboard floating, an interactive dismissal's moves): cancelled by every later change of
    /// the keyboard's state (see `cancelScriptedSteps(in:)`), so that no step acts on a state
    /// it was not scripted for.
    private var scriptedSteps: [Int: ScheduledWork] = [:]
    private var lastScriptedStepKey = 0
    /// Where the scripted sequence in progress leaves the keyboard, until its last step ran or
    /// it was cancelled: what a rotation that cancels it must still honour.
    private(set) var scriptedOutcome: ScriptedOutcome?
    /// How many changes the keyboard has posted: tells the window whether a first-responder
    /// change moved the keyboard (which then scrolled the responder into view itself).
    private(set) var postedChangeCount = 0
    /// Set by a navigation controller during a push or pop: keyboard changes then last as long
    /// as the transition (0.35 s) instead of ``animationDuration``.
    var transitionDuration: TimeInterval?

    /// The `NSValue`s of the frames posted lately, reused when a frame comes again (the docked
    /// and the hidden frame alternate): creating one, and reading its type back in an observer,
    /// costs thousands of instructions in Foundation on Linux. `NSValue` is immutable, so a
    /// value may be posted any number of times.
    private var recentFrameValues = RecentValues<CGRect, NSValue>()

    /// The `userInfo`s posted lately, reused when a change comes again (a show and a hide
    /// alternate): building one hashed its five keys, 9,800 instructions, 5% of a keyboard show
    /// (callgrind). The last four are kept; a dictionary of immutable values may be posted any
    /// number of times.
    private var recentUserInfos = RecentValues<UserInfoKey, [AnyHashable: Any]>()

    /// What a keyboard notification's `userInfo` holds.
    private struct UserInfoKey: Equatable {
        var begin: CGRect
        var end: CGRect
        var duration: TimeInterval
        var curve: Int
    }

    /// Whether a hardware keyboard is attached: the keyboard then shows only the shortcut bar
    /// (``UIScreen/shortcutBarHeight``). See ``simulateHardwareKeyboardConnected()``.
    public internal(set) var isHardwareKeyboardConnected = false

    init(window: UIWindow) {
        self.window = window
    }

    // MARK: State

    /// Whether the keyboard is on screen: docked, floating, or following a dismissing drag.
    public var isVisible: Bool { placement != .hidden }

    /// Whether the keyboard is docked at the bottom of the screen and visible.
    public var isDocked: Bool {
        if case .docked = placement { return true }
        return false
    }

    /// Whether the keyboard follows a dismissing drag.
    var isTracking: Bool {
        if case .tracking = placement { return true }
        return false
    }

    /// Whether the keyboard is undocked and floating (iPad).
    public var isFloating: Bool {
        if case .floating = placement { return true }
        return false
    }

    /// The keyboard's current frame in screen (window) coordinates: the end frame of the last
    /// change (during an interactive dismissal's drag, where the finger has it, though nothing
    /// was posted). Docked: the full width at the bottom of the screen. Hidden: just below the
    /// bottom edge, as tall as the keyboard was when it left (0 before it first showed) — so it
    /// never intersects the window. `.zero` once the window is gone.
    public var frame: CGRect {
        guard let window else { return .zero }
        return frame(for: placement, in: window.bounds)
    }

    /// The docked keyboard's height, or 0 when it is hidden or floating: what
    /// ScrollingContentViewController's docked model uses. A keyboard following a dismissing
    /// drag reports the part still on screen.
    public var dockedHeight: CGFloat {
        guard let window else { return 0 }
        switch placement {
        case .hidden, .floating: return 0
        case .docked(let height): return height
        case .tracking(let rect): return max(0, window.bounds.maxY - rect.minY)
        }
    }

    func frame(for placement: Placement, in bounds: CGRect) -> CGRect {
        switch placement {
        case .hidden: CGRect(x: 0, y: bounds.maxY, width: bounds.width, height: hiddenHeight)
        case .docked(let height): CGRect(x: 0, y: bounds.maxY - height, width: bounds.width, height: height)
        case .tracking(let rect), .floating(let rect): rect
        }
    }

    /// The height the keyboard takes for a responder: the screen's keyboard for the
    /// orientation (or the shortcut bar with a hardware keyboard — `hardwareKeyboard`, or
    /// ``isHardwareKeyboardConnected`` when `nil`) plus its accessory.
    ///
    /// Throws ``KeyboardError/invalidHeight(_:)`` when the sum is NaN, infinite, negative or
    /// taller than the window: an accessory taller than the window, an accessory with a NaN
    /// height. Every path that shows or moves the keyboard goes through here, so a bad height
    /// never reaches a notification.
    func height(for responder: UIView?, in window: UIWindow, hardwareKeyboard: Bool? = nil) throws(KeyboardError)
        -> CGFloat
    {
        let base =
            (hardwareKeyboard ?? isHardwareKeyboardConnected)
            ? window.screen.shortcutBarHeight
            : window.screen.keyboardHeight(for: window.orientation)
        let height = base + (responder?.inputAccessoryHeight ?? 0)
        try Self.validate(height, in: window)
        return height
    }

    /// ``height(for:in:hardwareKeyboard:)`` for a change with no caller to throw to (a field
    /// becoming first responder, the show after a rotation): a bad height is reported through
    /// the window's log sink and `nil` is returned, so the keyboard stays as it is.
    /// `event` is spelled only when there is an error to report: a view's label (its class's
    /// name) cost 6,800 instructions, 3% of a keyboard show (callgrind).
    func reportingHeight(
        for responder: UIView?, in window: UIWindow, when event: @autoclosure () -> String
    ) -> CGFloat? {
        do {
            return try height(for: responder, in: window)
        } catch {
            window.logSink.log(.error, "Keyboard: \(event()): \(error); the keyboard is unchanged")
            return nil
        }
    }

    // MARK: Showing and hiding

    /// Shows the docked keyboard at `height` (or changes its height) with the 0.25 s
    /// animation, posting the will/did notifications, as if a field had become first
    /// responder. Posts even when the height is unchanged (a scripted event).
    ///
    /// Throws ``KeyboardError/invalidHeight(_:)`` for a negative, NaN or infinite height or one
    /// taller than the window, ``KeyboardError/noWindow`` when the window is gone; nothing is
    /// posted then.
    public func show(height: CGFloat) throws(KeyboardError) {
        let window = try validWindow()
        try Self.validate(height, in: window)
        cancelScriptedSteps(in: window)
        move(to: .docked(height), duration: currentDuration, in: window)
    }

    /// Hides the keyboard with the 0.25 s animation, posting the will/did notifications. Does
    /// nothing if it is already hidden, except that the steps still to come of a scripted
    /// sequence (an AutoFill show, the show after a rotation…) are cancelled either way. Throws
    /// ``KeyboardError/noWindow`` when the window is gone. (The first responder keeps its
    /// status; use ``UIView/endEditing(_:)`` for the user-level action.)
    public func hide() throws(KeyboardError) {
        let window = try validWindow()
        cancelScriptedSteps(in: window)
        guard isVisible else { return }
        move(to: .hidden, duration: currentDuration, in: window)
    }

    /// Cancels the steps still to come of the scripted sequence in progress, and the show a
    /// rotation would make at its end; returns where the cancelled sequence would have left the
    /// keyboard (`nil` when none was in progress).
    ///
    /// Every change of the keyboard's state that is not a step of the sequence itself calls it
    /// (or ``cancelPendingScriptedSteps(in:)``) first — the first responder changing or
    /// resigning, an accessory reloading, ``show(height:)``, ``hide()``, a hardware keyboard
    /// coming or going, undocking, docking, another scripted sequence, a rotation (which
    /// re-targets an undocking under way instead, see ``prepareForRotation()``) — so a script
    /// never acts on a state it was not written for: AutoFill's later shows must not dock the
    /// old field's accessory height after the focus moved, nor the portrait height after a
    /// rotation (the change that cancels them shows the keyboard for the new state instead).
    /// The `Did…` notifications of a change already posted still come.
    @discardableResult
    func cancelScriptedSteps(in window: UIWindow) -> ScriptedOutcome? {
        window.keyboardIsHiddenByRotation = false
        return cancelPendingScriptedSteps(in: window)
    }

    /// `cancelScriptedSteps(in:)` without the show after a rotation: for a change that keeps
    /// the keyboard up (a hardware keyboard coming or going) or is the rotation itself.
    @discardableResult
    func cancelPendingScriptedSteps(in window: UIWindow) -> ScriptedOutcome? {
        for step in scriptedSteps.values { window.scheduler.cancel(step) }
        scriptedSteps = [:]
        let outcome = scriptedOutcome
        scriptedOutcome = nil
        return outcome
    }

    /// Schedules a step of a scripted sequence on the window's clock, to be cancelled by
    /// `cancelScriptedSteps(in:)` until it runs. `outcome` is where the whole sequence leaves
    /// the keyboard.
    func scheduleScriptedStep(
        after delay: TimeInterval, label: String, outcome: ScriptedOutcome, in window: UIWindow,
        _ step: @escaping @MainActor (Keyboard, UIWindow) -> Void
    ) {
        lastScriptedStepKey += 1
        let key = lastScriptedStepKey
        scriptedOutcome = outcome
        scriptedSteps[key] = window.scheduler.schedule(after: delay, label: label) { [weak self, weak window] in
            guard let self, let window else { return }
            self.scriptedSteps[key] = nil
            if self.scriptedSteps.isEmpty { self.scriptedOutcome = nil }
            step(self, window)
        }
    }

    // MARK: Following the first responder

    /// The first responder changed or reloaded its input views: show the keyboard for it,
    /// change its height, or hide it. Moving between fields posts a change even at the same
    /// height (UIKit does), except during a navigation transition, where a field of the incoming
    /// screen taking over at the same height posts nothing.
    func firstResponderDidChange(to responder: UIView?) {
        guard let window else { return }
        // A change of keyboard state: no scripted step may act on the old one afterwards.
        cancelScriptedSteps(in: window)
        guard let responder, responder is UITextField else {
            if isVisible { move(to: .hidden, duration: currentDuration, in: window) }
            return
        }
        if isFloating { return } // A floating keyboard stays where it is.
        guard
            let height = reportingHeight(
                for: responder, in: window,
                when: "\(responder.debugLabel) became first responder")
        else { return }
        if transitionDuration != nil, case .docked(let current) = placement, current == height {
            return // A pushed or popped screen's field keeps the keyboard as it is: UIKit posts nothing.
        }
        move(to: .docked(height), duration: currentDuration, in: window)
    }

    /// The duration of a change now: a navigation transition's while one is running, else
    /// ``animationDuration``.
    var currentDuration: TimeInterval { transitionDuration ?? Self.animationDuration }

    // MARK: Moving

    /// Moves the keyboard, posting the will notifications now, inside an animation block of
    /// `duration` and `curve` (UIKit's keyboard animation), and the did notifications after
    /// `duration`.
    func move(
        to newPlacement: Placement, duration: TimeInterval, curve: UIView.AnimationCurve = .keyboard,
        in window: UIWindow
    ) {
        let bounds = window.bounds
        var begin = frame(for: placement, in: bounds)
        if placement == .hidden, case .docked(let height) = newPlacement {
            // Showing: the keyboard slides in from below the screen at its new height.
            begin = CGRect(x: 0, y: bounds.maxY, width: bounds.width, height: height)
        }
        if newPlacement == .hidden {
            hiddenHeight = placement == .hidden ? hiddenHeight : begin.height
        }
        placement = newPlacement
        let end = frame(for: newPlacement, in: bounds)
        let (will, did): (Notification.Name?, DidNotifications) =
            switch newPlacement {
            case .docked: (UIResponder.keyboardWillShowNotification, Self.didShow)
            case .hidden: (UIResponder.keyboardWillHideNotification, Self.didHide)
            case .tracking, .floating: (nil, Self.didChangeFrame)
            }
        if let pendingCompletion { window.scheduler.cancel(pendingCompletion) }
        pendingCompletion = nil
        postedChangeCount += 1
        window.keyboardDidMove()

        // UIKit posts on the process's default centre; the screen names the keyboard, so an
        // observer of one window's screen hears only that keyboard.
        let screen = window.screen
        let info = userInfo(UserInfoKey(begin: begin, end: end, duration: duration, curve: curve.rawValue))
        // Inside the keyboard's animation block, as UIKit posts them: what observers change
        // there animates with the keyboard unless they opt out. (`animate`'s own path, with a
        // block that does not escape.)
        let options = UIView.AnimationOptions(curve: curve)
        UIView.perform(
            duration: duration, delay: 0, timing: .curve(options.curve), options: options,
            animations: {
                let center = NotificationCenter.default
                center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: screen, userInfo: info)
                if let will { center.post(name: will, object: screen, userInfo: info) }
            }, completion: nil)

        // The screen is held, not weakly: the did notifications go out for it as long as the move
        // is pending (a weak capture allocated a box at each move).
        pendingCompletion = window.scheduler.schedule(after: duration, label: did.label) { [weak self] in
            self?.pendingCompletion = nil
            for name in did.names { NotificationCenter.default.post(name: name, object: screen, userInfo: info) }
        }

        if case .docked = newPlacement { window.scrollFirstResponderToVisibleForKeyboard() }
    }

    /// The `Did…` notifications a move posts when its animation ends, and the label of the
    /// scheduler's entry that posts them (`keyboardDidChangeFrame+keyboardDidShow`).
    private struct DidNotifications {
        let names: [Notification.Name]
        let label: String

        init(_ names: [Notification.Name]) {
            self.names = names
            label = names.map(KeyboardNotification.shortName(of:)).joined(separator: "+")
        }
    }

    // Spelled once: spelling the label at each move cost 3,700 instructions, 1.5% of a keyboard
    // show (callgrind).
    private static let didShow = DidNotifications([
        UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification,
    ])
    private static let didHide = DidNotifications([
        UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidHideNotification,
    ])
    private static let didChangeFrame = DidNotifications([UIResponder.keyboardDidChangeFrameNotification])

    /// Moves the keyboard without posting anything: the state and the window's
    /// ``UIWindow/keyboardLayoutGuide`` follow, observers of the notifications hear nothing (an
    /// interactive dismissal's drag). The `Did…` notifications of the change before still come.
    func moveSilently(to newPlacement: Placement, in window: UIWindow) {
        placement = newPlacement
        window.keyboardDidMove()
    }

    /// The `userInfo` of a change: one posted lately if it held the same values (see
    /// ``recentUserInfos``).
    private func userInfo(_ change: UserInfoKey) -> [AnyHashable: Any] {
        recentUserInfos.value(for: change) {
            [
                UIResponder.keyboardFrameBeginUserInfoKey: frameValue(change.begin),
                UIResponder.keyboardFrameEndUserInfoKey: frameValue(change.end),
                UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: change.duration),
                UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: change.curve),
                UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
            ]
        }
    }

    /// An `NSValue` holding `frame`: one posted lately if it held the same frame (see
    /// ``recentFrameValues``).
    private func frameValue(_ frame: CGRect) -> NSValue {
        recentFrameValues.value(for: frame) { NSValue(cgRect: frame) }
    }

    // MARK: Validation

    func validWindow() throws(KeyboardError) -> UIWindow {
        guard let window else { throw .noWindow }
        return window
    }

    static func validate(_ height: CGFloat, in window: UIWindow) throws(KeyboardError) {
        guard height.isFinite, height >= 0, height <= window.bounds.height else { throw .invalidHeight(height) }
    }
}

extension UIWindow {
    /// UIKit's automatic scroll: the nearest scroll view enclosing the first responder scrolls
    /// the responder's frame into view, animated (through the overridable method, so a
    /// subclass can take over).
    func scrollFirstResponderToVisibleForKeyboard() {
        guard let responder = firstResponder else { return }
        var ancestor = responder.superview
        while let current = ancestor {
            if let scrollView = current as? UIScrollView {
                scrollView.scrollRectToVisible(responder.convert(responder.bounds, to: scrollView), animated: true)
                return
            }
            ancestor = current.superview
        }
    }
}

/// The values made lately for a few keys, the oldest forgotten first: the keyboard's posted
/// `NSValue`s and `userInfo`s, reused when a change comes again.
private struct RecentValues<Key: Equatable, Value> {
    /// Four: a change's begin and end and the change before it, for the frames; a show and a
    /// hide with room to spare, for the `userInfo`s.
    private static var capacity: Int { 4 }

    private var entries: [(key: Key, value: Value)] = []

    /// The value remembered for `key`, else one made by `make` and remembered, the oldest
    /// forgotten when full.
    mutating func value(for key: Key, orMake make: () -> Value) -> Value {
        if let known = entries.first(where: { $0.key == key }) { return known.value }
        let value = make()
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((key, value))
        return value
    }
}
