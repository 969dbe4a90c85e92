import Foundation

/// A layout guide that tracks the keyboard (`UIKeyboardLayoutGuide`, iOS 15).
///
/// HostKit models the window's guide (``UIWindow/keyboardLayoutGuide``): it spans the window's
/// width at its bottom edge and is as tall as the docked keyboard — or, when the keyboard is
/// hidden, floating or undocked, as the window's bottom safe-area inset, so its top never
/// rises above the safe area's bottom edge without a keyboard there (UIKit's default, which
/// `usesBottomSafeArea` names in iOS 17). With ``followsUndockedKeyboard`` set, it takes a
/// floating keyboard's frame instead. During an interactive dismissal it follows the finger —
/// the part of the keyboard still on screen — although no keyboard notification is posted then
/// (see ``Keyboard/simulateInteractiveDismissal(in:steps:)``).
///
/// Its anchors take part in Auto Layout like any guide's; ``UILayoutGuide/layoutFrame`` is
/// the keyboard's current state in window coordinates, up to date as soon as the keyboard
/// moves (without waiting for a layout pass). The guide joins the window's solver only when a
/// constraint first names it: until then reading `layoutFrame` costs no layout, and a keyboard
/// change does not make the window lay itself out again for the guide.
@MainActor
public final class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether the guide follows an undocked, floating keyboard (`false` by default: it then
    /// stays at the bottom as if the keyboard were hidden).
    public var followsUndockedKeyboard = false {
        didSet { if oldValue != followsUndockedKeyboard { (owningView as? UIWindow)?.updateKeyboardLayoutGuide() } }
    }

    /// The constraints that hold the guide where ``layoutFrame`` says, in the window's space:
    /// left, top, width and height, their constants updated when the keyboard or the window
    /// changes.
    var placement: [NSLayoutConstraint] = []

    init(window: UIWindow) {
        super.init(role: .keyboard, identifier: "UIKeyboardLayoutGuide", owningView: window)
    }

    /// Activates the constraints that place the guide, the first time a constraint names it.
    func placeIfNeeded() {
        guard placement.isEmpty, let window = owningView as? UIWindow else { return }
        let frame = window.keyboardLayoutFrame
        // Set before activating: each of these names the guide too.
        placement = [
            leftAnchor.constraint(equalTo: window.leftAnchor, constant: frame.minX),
            topAnchor.constraint(equalTo: window.topAnchor, constant: frame.minY),
            widthAnchor.constraint(equalToConstant: frame.width),
            heightAnchor.constraint(equalToConstant: frame.height),
        ]
        for constraint in placement { constraint.identifier = "UIKeyboardLayoutGuide" }
        NSLayoutConstraint.activate(placement)
    }
}

extension UIWindow {
    /// The guide that tracks the keyboard in this window (`UIView.keyboardLayoutGuide`; HostKit
    /// models the window's). Created on first use.
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let guide = storedKeyboardLayoutGuide { return guide }
        let guide = UIKeyboardLayoutGuide(window: self)
        storedKeyboardLayoutGuide = guide
        layoutGuides.append(guide)
        return guide
    }

    /// Where the keyboard layout guide is, in window coordinates: the docked keyboard (or the
    /// floating one, when the guide follows it), else the strip of the bottom safe-area inset.
    var keyboardLayoutFrame: CGRect {
        let bounds = self.bounds
        let follows = storedKeyboardLayoutGuide?.followsUndockedKeyboard ?? false
        let keyboard = self.keyboard
        if keyboard.isFloating, follows { return keyboard.frame }
        let docked = keyboard.isFloating ? 0 : keyboard.dockedHeight
        let height = min(bounds.height, max(screen.safeAreaInsets(for: orientation).bottom, docked))
        return CGRect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
    }

    /// The keyboard moved: the guide follows (its constants change in place in the solver).
    func keyboardDidMove() {
        updateKeyboardLayoutGuide()
    }

    /// Sets the guide's constraints to ``keyboardLayoutFrame``.
    func updateKeyboardLayoutGuide() {
        guard let guide = storedKeyboardLayoutGuide, guide.placement.count == 4 else { return }
        let frame = keyboardLayoutFrame
        guide.placement[0].constant = frame.minX
        guide.placement[1].constant = frame.minY
        guide.placement[2].constant = frame.width
        guide.placement[3].constant = frame.height
    }
}
