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

    /// Plays AutoFill filling a field, which moves the focus to the next one: the next field
    /// becomes first responder, then one hide and two shows of different heights within 0.1 s
    /// (see ``autoFillTimes``), each a 0.25 s change, so only the last one's `Did…`
    /// notifications are posted.
    ///
    /// ScrollingContentViewController's README describes the burst as the result of the focus
    /// moving: "if the user populates an email text field by tapping on an AutoFill input
    /// accessory view item, and this action has the side effect of causing a password text
    /// field to become the first responder, one keyboardWillHide notification and two
    /// keyboardWillShow notifications will be posted within a span of 0.1 seconds".
    ///
    /// `nextField` is the field that takes the focus (`UITextField.textDidEndEditingNotification`
    /// for the old one, `textDidBeginEditingNotification` for it, as usual); by default the
    /// next enabled, visible text field after the first responder in the window, in the order
    /// of the view tree (depth first, subviews in order) — none when the first responder is
    /// the last, and the focus then stays. Pass the first responder itself to keep the focus.
    /// The move itself posts nothing: the burst is the keyboard's change for the new field.
    ///
    /// By default the first show is the usual keyboard for the field that has the focus minus
    /// ``autoFillBarHeight`` and the second is its usual keyboard (its accessory included). The
    /// shows still to come are cancelled by any later change of the keyboard's state (see
    /// `cancelScriptedSteps(in:)`): editing ending or ``hide()`` leaves the keyboard hidden, the
    /// focus moving on shows the keyboard for that field, a rotation shows it at the new
    /// orientation's height once the rotation ends, a hardware keyboard attaching shows the
    /// shortcut bar.
    ///
    /// Throws, posting nothing and changing nothing: ``KeyboardError/notDocked`` unless the
    /// keyboard is docked and visible, ``KeyboardError/cannotMoveFocus`` when `nextField` is not
    /// an enabled text field in the window or the first responder refuses to resign,
    /// ``KeyboardError/invalidHeight(_:)`` for a bad height, ``KeyboardError/noWindow`` when the
    /// window is gone.
    public func simulateAutoFill(
        movingFocusTo nextField: UIView? = nil, firstHeight: CGFloat? = nil,
        secondHeight: CGFloat? = nil
    ) throws(KeyboardError) {
        let window = try validWindow()
        guard isDocked else { throw .notDocked }
        let focus = nextField ?? window.firstResponder.flatMap(window.nextTextField(after:)) ?? window.firstResponder
        if let focus, focus !== window.firstResponder {
            guard focus is UITextField, focus.window === window, focus.canBecomeFirstResponder else {
                throw .cannotMoveFocus
            }
        }
        // Every height is checked before anything changes.
        let usual = try height(for: focus, in: window)
        let first = firstHeight ?? max(0, usual - Self.autoFillBarHeight)
        let second = secondHeight ?? usual
        try Self.validate(first, in: window)
        try Self.validate(second, in: window)
        if let focus, focus !== window.firstResponder {
            guard window.makeFirstResponder(focus, keyboardFollows: false) else { throw .cannotMoveFocus }
        }
        cancelScriptedSteps(in: window)
        let times = Self.autoFillTimes
        move(to: .hidden, duration: Self.animationDuration, in: window)
        for (delay, height) in [(times[1], first), (times[2], second)] {
            scheduleScriptedStep(
                after: delay - times[0], label: "AutoFill show \(height.compactText)", outcome: .docked,
                in: window
            ) { keyboard, window in
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
        // Docked now, following a dismissing drag (whose steps this cancels: the keyboard
        // would otherwise stay where the finger left it), or about to be docked by AutoFill's
        // shows (which this cancels): the keyboard docks at the new height. A show still to
        // come after a rotation is kept; it will use the new height.
        let docks = isDocked || isTracking || (scriptedOutcome == .docked && !window.keyboardIsHiddenByRotation)
        // The new height is checked before anything changes.
        let newHeight: CGFloat? =
            docks
            ? try height(for: window.firstResponder, in: window, hardwareKeyboard: connected) : nil
        isHardwareKeyboardConnected = connected
        cancelPendingScriptedSteps(in: window)
        if let newHeight { move(to: .docked(newHeight), duration: currentDuration, in: window) }
    }

    // MARK: Floating keyboard (iPad)

    /// The floating keyboard's default size: 320×250 pt, about iPadOS's floating keyboard.
    public static let floatingKeyboardSize = CGSize(width: 320, height: 250)

    /// Undocks the keyboard into a floating one, as iPadOS does: a hide (frame change +
    /// `keyboardWillHide`) now; when it has finished, 0.25 s later, a frame change (no show)
    /// to `frame`, which is not docked at the bottom — by default a
    /// ``floatingKeyboardSize`` rectangle centred in the window. If editing ends (or ``hide()``
    /// is called, or any other change of the keyboard's state comes) before then, the keyboard
    /// does not float. A rotation in between re-targets the floating frame to the new bounds
    /// (see ``UIWindow/rotate(to:)``).
    ///
    /// Throws (posting nothing) ``KeyboardError/floatingKeyboardUnsupported(screen:)`` on a
    /// screen without one, ``KeyboardError/notDocked`` unless the keyboard is docked and
    /// visible, ``KeyboardError/invalidFrame(_:)`` for a non-finite or negative-size frame or
    /// one whose top-left corner is outside the window, ``KeyboardError/noWindow`` when the
    /// window is gone.
    public func simulateUndocking(to frame: CGRect? = nil) throws(KeyboardError) {
        let window = try validWindow()
        guard window.screen.supportsFloatingKeyboard else {
            throw .floatingKeyboardUnsupported(screen: window.screen.name)
        }
        guard isDocked else { throw .notDocked }
        let size = Self.floatingKeyboardSize
        let target =
            frame
            ?? CGRect(
                x: (window.bounds.width - size.width) / 2, y: (window.bounds.height - size.height) / 2,
                width: size.width, height: size.height)
        // iPadOS keeps a floating keyboard on screen: its top-left corner in the window (it may
        // hang across the bottom or right edge, as one dragged low does).
        let bounds = window.bounds
        guard target.isFinite, target.size.width >= 0, target.size.height >= 0,
            (bounds.minX...bounds.maxX).contains(target.minX), (bounds.minY...bounds.maxY).contains(target.minY)
        else { throw .invalidFrame(target) }
        cancelScriptedSteps(in: window)
        move(to: .hidden, duration: Self.animationDuration, in: window)
        let requestBounds = bounds
        scheduleScriptedStep(
            after: Self.animationDuration, label: "undocked keyboard floats", outcome: .floating,
            in: window
        ) { keyboard, window in
            // Re-targeted if the window rotated since: the frame was given in the old bounds.
            let bounds = window.bounds
            let frame = bounds == requestBounds ? target : Self.floatingFrame(target, from: requestBounds, to: bounds)
            keyboard.move(to: .floating(frame), duration: Self.animationDuration, in: window)
        }
    }

    /// Where a floating keyboard at `frame` in a window of `oldBounds` goes when the window
    /// takes `newBounds` (a rotation): its centre keeps its place relative to the window's size,
    /// and the frame — its size kept, cut to the window's if larger — is then moved just far
    /// enough to lie inside the new bounds. A floating keyboard never ends up outside the
    /// window, whatever its frame in the other orientation.
    static func floatingFrame(_ frame: CGRect, from oldBounds: CGRect, to newBounds: CGRect) -> CGRect {
        let width = min(frame.width, newBounds.width)
        let height = min(frame.height, newBounds.height)
        func relative(
            _ value: CGFloat, _ oldMin: CGFloat, _ oldLength: CGFloat, _ newMin: CGFloat, _ newLength: CGFloat
        )
            -> CGFloat
        {
            oldLength > 0 ? newMin + (value - oldMin) / oldLength * newLength : newMin + newLength / 2
        }
        let centerX = relative(frame.midX, oldBounds.minX, oldBounds.width, newBounds.minX, newBounds.width)
        let centerY = relative(frame.midY, oldBounds.minY, oldBounds.height, newBounds.minY, newBounds.height)
        let x = min(max(centerX - width / 2, newBounds.minX), newBounds.maxX - width)
        let y = min(max(centerY - height / 2, newBounds.minY), newBounds.maxY - height)
        return CGRect(x: x, y: y, width: width, height: height)
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
        cancelScriptedSteps(in: window)
        move(to: .docked(height), duration: Self.animationDuration, in: window)
    }

    // MARK: Interactive dismissal

    /// The time between the steps of an interactive dismissal: 0.05 s, a finger moving at a
    /// few points per frame, slow enough that each step is its own turn of the clock.
    public static let interactiveDismissalStepInterval: TimeInterval = 0.05

    /// The most steps an interactive dismissal takes: 100, a 5 s drag at
    /// ``interactiveDismissalStepInterval`` — longer than any finger takes to pull a keyboard
    /// away, and few enough scheduled steps that a count read from caller data cannot flood the
    /// clock (a million steps would schedule a million pieces of work).
    public nonisolated static let maximumInteractiveDismissalSteps = 100

    /// Plays the user dragging the keyboard down in a scroll view whose
    /// ``UIScrollView/keyboardDismissMode`` is `.interactive`.
    ///
    /// Now the drag begins (``UIScrollView/isTracking`` and ``UIScrollView/isDragging`` become
    /// `true`). Every ``interactiveDismissalStepInterval`` the keyboard follows the finger down
    /// by `1/(steps + 1)` of its height — its ``frame`` and the window's
    /// ``UIWindow/keyboardLayoutGuide`` follow, but **nothing is posted**. One interval after the
    /// last step the keyboard hides under the finger (frame change + `keyboardWillHide`, from
    /// where the finger left it, 0.25 s, posted while the scroll view still tracks), the first
    /// responder resigns, as UIKit's interactive dismissal ends editing, and the finger lifts
    /// (the drag ends). If editing ends during the drag (or any other change of the keyboard's
    /// state comes), the keyboard follows the finger no more; the finger still lifts at the end.
    ///
    /// Why no notification during the drag: UIKit posts none until the keyboard leaves. Open
    /// Radar 15341512 (iOS 7): "during the drag […] the different keyboard notifications are not
    /// being fired"; freshOS/KeyboardLayoutGuide issue 17 (iOS 12): "the interactive keyboard
    /// dismissal in a scroll view does not fire the keyboardWillChangeFrameNotification until
    /// the pan gesture ends", and issue 35 (2022): it "is only called after we let go", with
    /// observing an input accessory view's position as the workaround. Apple's documentation of
    /// `.interactive` says only that "the keyboard follows the dragging touch offscreen". Apps
    /// that follow the drag track an input accessory view (HostKit does not place accessory
    /// views) or, since iOS 15, the keyboard layout guide, which HostKit moves with the finger.
    /// Not modelled: dragging back up to cancel the dismissal.
    ///
    /// Throws (doing nothing) ``KeyboardError/invalidStepCount(_:)`` for `steps` outside
    /// 1…``maximumInteractiveDismissalSteps``,
    /// ``KeyboardError/scrollViewNotInteractive`` unless the scroll view is in this window with
    /// the interactive mode, ``KeyboardError/notDocked`` unless the keyboard is docked,
    /// ``KeyboardError/noWindow`` when the window is gone.
    public func simulateInteractiveDismissal(in scrollView: UIScrollView, steps: Int = 3) throws(KeyboardError) {
        let window = try validWindow()
        guard (1...Self.maximumInteractiveDismissalSteps).contains(steps) else { throw .invalidStepCount(steps) }
        guard scrollView.window === window, scrollView.keyboardDismissMode == .interactive else {
            throw .scrollViewNotInteractive
        }
        guard case .docked(let height) = placement else { throw .notDocked }
        cancelScriptedSteps(in: window)
        scrollView.beginSimulatedDrag()
        let interval = Self.interactiveDismissalStepInterval
        for step in 1...steps {
            scheduleScriptedStep(
                after: Double(step) * interval, label: "interactive dismissal step \(step)",
                outcome: .hidden, in: window
            ) { keyboard, window in
                let bounds = window.bounds
                let pushedDown = height * CGFloat(step) / CGFloat(steps + 1)
                let rect = CGRect(x: 0, y: bounds.maxY - height + pushedDown, width: bounds.width, height: height)
                keyboard.moveSilently(to: .tracking(rect), in: window)
            }
        }
        let end = Double(steps + 1) * interval
        scheduleScriptedStep(after: end, label: "interactive dismissal ends", outcome: .hidden, in: window) {
            keyboard, window in
            // The keyboard leaves under the finger: its hide is posted while the scroll view
            // still tracks (what SCVC's immediate interactive flush looks for).
            keyboard.move(to: .hidden, duration: Self.animationDuration, in: window)
            if let responder = window.firstResponder { window.responderDidResign(responder) }
        }
        // Then the finger lifts — also when editing ended during the drag and the keyboard's
        // steps were cancelled (scheduled after the step above, so it runs after it).
        // A content that was pulled past an end bounces back into the legal range, and the
        // deceleration ends with that animation (it never ended: a scroll view that stayed
        // decelerating for ever).
        window.scheduler.schedule(after: end, label: "interactive dismissal finger lifts") {
            [weak scrollView, weak window] in
            guard let scrollView else { return }
            scrollView.endSimulatedDrag()
            guard scrollView.isDecelerating, let window else { return }
            window.scheduler.schedule(
                after: UIScrollView.scrollAnimationDuration,
                label: "interactive dismissal deceleration ends"
            ) { [weak scrollView] in
                scrollView?.endSimulatedDeceleration()
            }
        }
    }

    // MARK: Rotation

    /// Before a rotation: a docked keyboard (or one following a dismissing drag) hides (frame
    /// change + `keyboardWillHide`, 0.25 s) even though it stays on screen, as UIKit posts; the
    /// steps still to come of AutoFill or of an interactive dismissal are cancelled. Returns
    /// whether the keyboard must show again when the rotation ends: it was docked, AutoFill was
    /// about to show it, or an earlier rotation still running hid it. An undocking in progress
    /// is kept: its floating frame is re-targeted to the new bounds when it comes.
    func prepareForRotation() -> Bool {
        guard let window else { return false }
        var showsAfter = window.keyboardIsHiddenByRotation
        if let outcome = scriptedOutcome, outcome != .floating {
            cancelPendingScriptedSteps(in: window)
            showsAfter = showsAfter || outcome == .docked || isDocked || isTracking
        }
        if isDocked || isTracking {
            move(to: .hidden, duration: Self.animationDuration, in: window)
            showsAfter = true
        }
        return showsAfter
    }

    /// During a rotation, once the window has its new bounds (inside the rotation's animation
    /// block): a floating keyboard follows the rotation (see ``floatingFrame(_:from:to:)``) with
    /// a frame change (no show or hide) lasting the rotation, so that observers can follow the
    /// new overlap. The docked and hidden frames follow the bounds by themselves (the keyboard
    /// hid before the rotation and shows after it).
    func windowDidRotate(from oldBounds: CGRect) {
        guard let window else { return }
        guard case .floating(let frame) = placement else {
            window.keyboardDidMove()
            return
        }
        let newFrame = Self.floatingFrame(frame, from: oldBounds, to: window.bounds)
        move(to: .floating(newFrame), duration: UIWindow.rotationDuration, in: window)
    }

    /// After a rotation that hid the keyboard: it shows again with the new orientation's
    /// height for the first responder (frame change + `keyboardWillShow`, 0.25 s). A height
    /// that is invalid in the new orientation (an accessory taller than the window) is
    /// reported and the keyboard stays hidden.
    func showAfterRotation() {
        guard let window, !isVisible else { return }
        guard
            let height = reportingHeight(
                for: window.firstResponder, in: window,
                when: "showing again after the rotation to \(window.orientation)")
        else { return }
        move(to: .docked(height), duration: Self.animationDuration, in: window)
    }
}
