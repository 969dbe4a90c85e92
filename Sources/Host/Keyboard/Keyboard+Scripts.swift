import Foundation

/// Scripted keyboard sequences: the real event sequences ScrollingContent must survive,
/// scheduled on the window's clock at the virtual times given below.
extension Keyboard {
    // MARK: AutoFill

    /// When AutoFill's three changes happen, in seconds after the call: the hide at once, the
    /// first show 0.03 s later and the second 0.07 s later — all within the 0.1 s that
    /// ScrollingContentViewController's README reports ("one keyboardWillHide and two
    /// keyboardWillShow within 0.1 seconds").
    public static let autoFillTimes: [TimeInterval] = [0, 0.03, 0.07]

    /// How much shorter AutoFill's first show is than the usual keyboard by default: 44 pt,
    /// the QuickType (predictive) bar it briefly lacks.
    public static let autoFillBarHeight: CGFloat = 44

    /// Plays AutoFill filling a field, which moves the focus to the next one: one hide and two
    /// shows of different heights within 0.1 s (see ``autoFillTimes``), each a 0.25 s change,
    /// so only the last one's `Did…` notifications are posted.
    ///
    /// By default the first show is the usual keyboard for the first responder minus
    /// ``autoFillBarHeight`` and the second is the usual keyboard. The first responder does not
    /// change. If editing ends (or ``hide()`` is called) before a show, that show never comes:
    /// the keyboard stays hidden. Throws (posting nothing) ``KeyboardError/notDocked`` unless
    /// the keyboard is docked and visible, ``KeyboardError/invalidHeight(_:)`` for a bad height,
    /// ``KeyboardError/noWindow`` when the window is gone.
    public func simulateAutoFill(firstHeight: CGFloat? = nil, secondHeight: CGFloat? = nil) throws(KeyboardError) {
        let window = try validWindow()
        guard isDocked else { throw .notDocked }
        let usual = try height(for: window.firstResponder, in: window)
        let first = firstHeight ?? max(0, usual - Self.autoFillBarHeight)
        let second = secondHeight ?? usual
        try Self.validate(first, in: window)
        try Self.validate(second, in: window)
        let times = Self.autoFillTimes
        move(to: .hidden, duration: Self.animationDuration, in: window)
        for (delay, height) in [(times[1], first), (times[2], second)] {
            scheduleScriptedStep(after: delay - times[0], label: "AutoFill show \(height.compactText)", in: window) {
                keyboard, window in
                keyboard.move(to: .docked(height), duration: Self.animationDuration, in: window)
            }
        }
    }

    // MARK: Hardware keyboard

    /// Attaches a hardware keyboard: from now on the keyboard shows only the shortcut bar
    /// (``UIScreen/shortcutBarHeight``, about 55 pt) plus the responder's accessory. A docked
    /// keyboard shrinks to it at once (frame change + `keyboardWillShow`, 0.25 s). Attaching
    /// twice does nothing. Throws ``KeyboardError/noWindow`` when the window is gone, and
    /// ``KeyboardError/invalidHeight(_:)`` (changing nothing) when the docked keyboard's new
    /// height would be invalid (an accessory taller than the window).
    public func simulateHardwareKeyboardConnected() throws(KeyboardError) {
        try setHardwareKeyboardConnected(true)
    }

    /// Detaches the hardware keyboard: a docked shortcut bar grows back to the software
    /// keyboard. Detaching when none is attached does nothing. Throws
    /// ``KeyboardError/noWindow`` when the window is gone, and
    /// ``KeyboardError/invalidHeight(_:)`` (changing nothing: the bar stays, attached) when the
    /// software keyboard plus the accessory would be taller than the window.
    public func simulateHardwareKeyboardDisconnected() throws(KeyboardError) {
        try setHardwareKeyboardConnected(false)
    }

    private func setHardwareKeyboardConnected(_ connected: Bool) throws(KeyboardError) {
        let window = try validWindow()
        guard isHardwareKeyboardConnected != connected else { return }
        // The new height is checked before anything changes.
        let newHeight: CGFloat? = isDocked
            ? try height(for: window.firstResponder, in: window, hardwareKeyboard: connected) : nil
        isHardwareKeyboardConnected = connected
        if let newHeight { move(to: .docked(newHeight), duration: currentDuration, in: window) }
    }

    // MARK: Floating keyboard (iPad)

    /// The floating keyboard's default size: 320×250 pt, about iPadOS's floating keyboard.
    public static let floatingKeyboardSize = CGSize(width: 320, height: 250)

    /// Undocks the keyboard into a floating one, as iPadOS does: a hide (frame change +
    /// `keyboardWillHide`) now; when it has finished, 0.25 s later, a frame change (no show)
    /// to `frame`, which is not docked at the bottom — by default a
    /// ``floatingKeyboardSize`` rectangle centred in the window. If editing ends (or ``hide()``
    /// is called) before then, the keyboard stays hidden.
    ///
    /// Throws (posting nothing) ``KeyboardError/floatingKeyboardUnsupported(screen:)`` on a
    /// screen without one, ``KeyboardError/notDocked`` unless the keyboard is docked and
    /// visible, ``KeyboardError/invalidFrame(_:)`` for a non-finite or negative-size frame,
    /// ``KeyboardError/noWindow`` when the window is gone.
    public func simulateUndocking(to frame: CGRect? = nil) throws(KeyboardError) {
        let window = try validWindow()
        guard window.screen.supportsFloatingKeyboard else { throw .floatingKeyboardUnsupported(screen: window.screen.name) }
        guard isDocked else { throw .notDocked }
        let size = Self.floatingKeyboardSize
        let target = frame ?? CGRect(x: (window.bounds.width - size.width) / 2, y: (window.bounds.height - size.height) / 2,
                                     width: size.width, height: size.height)
        guard target.isFinite, target.size.width >= 0, target.size.height >= 0 else { throw .invalidFrame(target) }
        move(to: .hidden, duration: Self.animationDuration, in: window)
        scheduleScriptedStep(after: Self.animationDuration, label: "undocked keyboard floats", in: window) { keyboard, window in
            keyboard.move(to: .floating(target), duration: Self.animationDuration, in: window)
        }
    }

    /// Docks a floating keyboard again: a frame change + `keyboardWillShow` from the floating
    /// frame to the docked keyboard for the first responder, 0.25 s. Throws
    /// ``KeyboardError/notFloating`` (posting nothing) unless the keyboard floats,
    /// ``KeyboardError/invalidHeight(_:)`` when the docked keyboard would be invalid (an
    /// accessory taller than the window), ``KeyboardError/noWindow`` when the window is gone.
    public func simulateDocking() throws(KeyboardError) {
        let window = try validWindow()
        guard isFloating else { throw .notFloating }
        let height = try height(for: window.firstResponder, in: window)
        move(to: .docked(height), duration: Self.animationDuration, in: window)
    }

    // MARK: Interactive dismissal

    /// The time between the steps of an interactive dismissal: 0.05 s, a finger moving at a
    /// few points per frame, slow enough that each step is its own turn of the clock.
    public static let interactiveDismissalStepInterval: TimeInterval = 0.05

    /// Plays the user dragging the keyboard down in a scroll view whose
    /// ``UIScrollView/keyboardDismissMode`` is `.interactive`.
    ///
    /// Now the drag begins (``UIScrollView/isTracking`` and ``UIScrollView/isDragging`` become
    /// `true`). Every ``interactiveDismissalStepInterval`` the keyboard follows the finger down
    /// by `1/(steps + 1)` of its height: `keyboardWillChangeFrame` and `keyboardDidChangeFrame`
    /// with a linear, zero-duration change. One interval after the last step the keyboard hides
    /// under the finger (frame change + `keyboardWillHide`, 0.25 s, posted while the scroll
    /// view still tracks), the first responder resigns, as UIKit's interactive dismissal ends
    /// editing, and the finger lifts (the drag ends). If editing ends during the drag, the
    /// keyboard hides then and follows the finger no more; the finger still lifts at the end.
    ///
    /// Throws (doing nothing) ``KeyboardError/invalidStepCount(_:)`` for `steps < 1`,
    /// ``KeyboardError/scrollViewNotInteractive`` unless the scroll view is in this window with
    /// the interactive mode, ``KeyboardError/notDocked`` unless the keyboard is docked,
    /// ``KeyboardError/noWindow`` when the window is gone.
    public func simulateInteractiveDismissal(in scrollView: UIScrollView, steps: Int = 3) throws(KeyboardError) {
        let window = try validWindow()
        guard steps >= 1 else { throw .invalidStepCount(steps) }
        guard scrollView.window === window, scrollView.keyboardDismissMode == .interactive else {
            throw .scrollViewNotInteractive
        }
        guard case .docked(let height) = placement else { throw .notDocked }
        scrollView.beginSimulatedDrag()
        let interval = Self.interactiveDismissalStepInterval
        for step in 1...steps {
            scheduleScriptedStep(after: Double(step) * interval, label: "interactive dismissal step \(step)", in: window) {
                keyboard, window in
                let bounds = window.bounds
                let pushedDown = height * CGFloat(step) / CGFloat(steps + 1)
                let rect = CGRect(x: 0, y: bounds.maxY - height + pushedDown, width: bounds.width, height: height)
                keyboard.move(to: .tracking(rect), duration: 0, curve: .linear, in: window)
            }
        }
        let end = Double(steps + 1) * interval
        scheduleScriptedStep(after: end, label: "interactive dismissal ends", in: window) { keyboard, window in
            // The keyboard leaves under the finger: its hide is posted while the scroll view
            // still tracks (what SCVC's immediate interactive flush looks for).
            keyboard.move(to: .hidden, duration: Self.animationDuration, in: window)
            if let responder = window.firstResponder { window.responderDidResign(responder) }
        }
        // Then the finger lifts — also when editing ended during the drag and the keyboard's
        // steps were cancelled (scheduled after the step above, so it runs after it).
        window.scheduler.schedule(after: end, label: "interactive dismissal finger lifts") { [weak scrollView] in
            scrollView?.endSimulatedDrag()
        }
    }

    // MARK: Rotation

    /// Before a rotation: a docked keyboard hides (frame change + `keyboardWillHide`, 0.25 s)
    /// even though it stays on screen, as UIKit posts. Returns whether it was docked.
    func hideForRotation() -> Bool {
        guard let window, isDocked else { return false }
        move(to: .hidden, duration: Self.animationDuration, in: window)
        return true
    }

    /// After a rotation that hid the keyboard: it shows again with the new orientation's
    /// height for the first responder (frame change + `keyboardWillShow`, 0.25 s). A height
    /// that is invalid in the new orientation (an accessory taller than the window) is
    /// reported and the keyboard stays hidden.
    func showAfterRotation() {
        guard let window, !isVisible else { return }
        guard let height = reportingHeight(for: window.firstResponder, in: window,
                                           when: "showing again after the rotation to \(window.orientation)")
        else { return }
        move(to: .docked(height), duration: Self.animationDuration, in: window)
    }
}
