import Foundation

extension UIView {
    /// Resigns the first responder if it is this view or one of its descendants
    /// (`UIView.endEditing(_:)`); returns whether no view of the subtree is first responder
    /// any more. With `force`, a responder that refuses to resign (``UIResponder/canResignFirstResponder``
    /// is `false`, or its override returns `false`) is made to.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponder, responder.isDescendant(of: self) else { return true }
        if responder.resignFirstResponder(), window.firstResponder !== responder { return true }
        guard force else { return false }
        window.responderDidResign(responder)
        return true
    }

    /// The height the ``UIResponder/inputAccessoryView`` adds to the keyboard: its frame's height, or its
    /// intrinsic height when the frame has none; 0 without an accessory or when neither gives a
    /// height. A NaN or infinite intrinsic height is returned as it is, so that the keyboard
    /// refuses it (reported through the window's log sink) instead of hiding the mistake.
    public var inputAccessoryHeight: CGFloat {
        guard let accessory = inputAccessoryView else { return 0 }
        if accessory.frame.height > 0 { return accessory.frame.height }
        let intrinsic = accessory.intrinsicContentSize.height
        if !intrinsic.isFinite { return intrinsic }
        return intrinsic > 0 ? intrinsic : 0
    }

    /// The default ``becomeFirstResponder()``.
    func becomeFirstResponderInWindow() -> Bool {
        guard canBecomeFirstResponder else { return false }
        guard let window else {
            logSink.log(
                .error,
                "\(debugLabel).becomeFirstResponder(): the view is not in a window; it did not become first responder")
            return false
        }
        if window.firstResponder === self { return true }
        return window.makeFirstResponder(self)
    }

    /// The default ``resignFirstResponder()``.
    func resignFirstResponderInWindow() -> Bool {
        guard let window, window.firstResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        window.responderDidResign(self)
        return true
    }

    /// The view is leaving its window: a first responder stops being one (UIKit does this
    /// whatever ``canResignFirstResponder`` says).
    func resignFirstResponderLeavingWindow() {
        guard let window, window.firstResponder === self else { return }
        window.responderDidResign(self)
    }
}

extension UIWindow {
    /// Makes `view` (in this window) the first responder, asking the current one to resign.
    /// With `keyboardFollows` false the keyboard is not told (AutoFill moving the focus: its
    /// burst is the keyboard's change for the new field).
    func makeFirstResponder(_ view: UIView, keyboardFollows: Bool = true) -> Bool {
        let previous = firstResponder
        if let previous {
            isTransferringFirstResponder = true
            let resigned = previous.resignFirstResponder()
            isTransferringFirstResponder = false
            guard resigned else { return false }
        }
        firstResponder = view
        if view is UITextField {
            NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: view)
        }
        if keyboardFollows { firstResponderDidChange(from: previous) }
        return true
    }

    /// The first enabled text field after `view` in the window's tree, depth first with
    /// subviews in order, skipping hidden subtrees: where a form's focus goes next. `nil` when
    /// `view` is the last (or not in the window).
    func nextTextField(after view: UIView) -> UIView? {
        var passed = false
        var next: UIView?
        func visit(_ candidate: UIView) {
            for subview in candidate.subviews where next == nil && !subview.isHidden {
                if subview === view {
                    passed = true
                } else if passed, subview is UITextField, subview.canBecomeFirstResponder {
                    next = subview
                    return
                }
                visit(subview)
            }
        }
        visit(self)
        return next
    }

    /// `view` stopped being the first responder. Unless another view is taking over (the
    /// keyboard then stays up), the keyboard hides.
    func responderDidResign(_ view: UIView) {
        guard firstResponder === view else { return }
        firstResponder = nil
        if view is UITextField {
            NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: view)
        }
        if !isTransferringFirstResponder { firstResponderDidChange(from: view) }
    }
}
