import Foundation

extension UIWindow {
    /// How long a rotation lasts: 0.3 s, about UIKit's interface rotation on iPhone. It is
    /// longer than the 0.1 s keyboard filtering window of ScrollingContentViewController, which
    /// is why SCVC suspends filtering during rotations.
    public static let rotationDuration: TimeInterval = 0.3

    /// Turns the interface to `newOrientation`, in UIKit's sequence (DESIGN §7):
    ///
    /// 1. If the keyboard is docked, it "hides" (frame change + `keyboardWillHide`, 0.25 s)
    ///    before the rotation starts, though it stays on screen. AutoFill's shows still to come
    ///    are cancelled (the keyboard then shows after the rotation, at the new height), as is
    ///    an interactive dismissal's drag (the keyboard goes back up after the rotation).
    /// 2. `viewWillTransition(to:with:)` on the root view controller, whose default
    ///    implementation tells its children showing their views (a navigation controller: its top
    ///    controller), with one ``SimulatedTransitionCoordinator`` lasting ``rotationDuration``;
    ///    geometry is still the old one.
    /// 3. The window takes the new orientation's bounds and the screen's safe-area insets for
    ///    it, the root view controller's view follows (flexible autoresizing), and the tree is
    ///    laid out.
    ///    A floating keyboard follows the rotation: its centre keeps its place relative to the
    ///    window's size and its frame is moved to lie inside the new bounds, with a frame change
    ///    (`keyboardWillChangeFrame` only, lasting ``rotationDuration``) posted inside the
    ///    rotation's animation, so that an inset computed from the overlap can follow.
    /// 4. The coordinator's alongside blocks run, with the new geometry. Steps 3 and 4 are one
    ///    animation of ``rotationDuration`` in the ``animationLog``.
    /// 5. ``rotationDuration`` later on the ``scheduler``: the completions run; then, if the
    ///    keyboard was docked and editing has not ended meanwhile (the first responder
    ///    resigning or ``Keyboard/hide()`` cancels this), it shows with the new orientation's height (frame change +
    ///    `keyboardWillShow`, and the `Did…` notifications 0.25 s later), which makes UIKit's
    ///    automatic `scrollRectToVisible` run for the first responder — before any inset has
    ///    been updated for the new keyboard.
    ///
    /// Returns whether the rotation happened. Rotating to the current orientation is a no-op
    /// (reported at `.info`, returns `false`); an orientation the screen does not support is
    /// refused (reported, returns `false`). A rotation started while another runs proceeds;
    /// the keyboard shows again once, after the last one.
    @discardableResult
    public func rotate(to newOrientation: UIInterfaceOrientation) -> Bool {
        guard newOrientation != orientation else {
            logSink.log(
                .info, "\(debugLabel).rotate(to: \(newOrientation)): already in that orientation; nothing happens")
            return false
        }
        guard screen.supports(newOrientation) else {
            logSink.log(
                .error,
                "\(debugLabel).rotate(to: \(newOrientation)): \(screen.name) does not support it; nothing happens")
            return false
        }
        keyboardIsHiddenByRotation = keyboard.prepareForRotation()
        rotationGeneration += 1
        let generation = rotationGeneration
        let newSize = screen.size(for: newOrientation)
        let coordinator = SimulatedTransitionCoordinator(
            transitionDuration: Self.rotationDuration, isAnimated: true,
            targetSize: newSize)
        // The root view controller's `viewWillTransition(to:with:)` tells its children, as in UIKit.
        rootViewController?.viewWillTransition(to: newSize, with: coordinator)

        // UIKit animates the rotation: the new bounds, the layout and the alongside blocks are
        // one animation of the rotation's duration.
        let oldBounds = bounds
        UIView.animate(withDuration: Self.rotationDuration) {
            self.orientation = newOrientation
            self.screen.interfaceOrientation = newOrientation
            self.frame = self.screen.bounds(for: newOrientation)
            self.rootSafeAreaInsets = self.screen.safeAreaInsets(for: newOrientation)
            // A floating keyboard follows (a frame change posted here, inside the rotation's
            // animation); the keyboard layout guide takes the new bounds.
            self.keyboard.windowDidRotate(from: oldBounds)
            self.layoutIfNeeded()
            coordinator.runAlongsideAnimations()
        }
        scheduler.schedule(after: Self.rotationDuration, label: "rotation completion") { [weak self] in
            coordinator.runCompletions()
            guard let self, generation == self.rotationGeneration, self.keyboardIsHiddenByRotation else { return }
            self.keyboardIsHiddenByRotation = false
            self.keyboard.showAfterRotation()
        }
        return true
    }
}
