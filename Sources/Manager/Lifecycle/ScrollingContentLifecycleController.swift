import Foundation

/// The invisible child view controller through which a manager hears its view controller
/// host's lifecycle, so that the host forwards nothing (ScrollingContentViewController required
/// the forwarding).
///
/// UIKit itself tells a child view controller whose view is in its parent's view about
/// appearance (`viewWillAppear(_:)`), size transitions (the parent's default
/// `viewWillTransition(to:with:)`) and its root view's safe area
/// (`viewSafeAreaInsetsDidChange()`). This child's view fills the host's root view behind
/// everything, hidden and not interactive, so its safe area is the host's; it passes each call
/// on to the manager.
@MainActor
final class ScrollingContentLifecycleController: UIViewController {
    /// The manager told about the host's lifecycle.
    weak var manager: ScrollingContentManager?

    override func loadView() {
        let view = UIView(frame: .zero)
        view.isHidden = true
        view.isUserInteractionEnabled = false
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        self.view = view
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        manager?.viewWillAppear(animated)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        manager?.viewWillTransition(to: size, with: coordinator)
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        manager?.viewSafeAreaInsetsDidChange()
    }

    /// Becomes a child of `host` (`addChild`, then `didMove(toParent:)`) if it is not yet.
    func attach(to host: UIViewController) {
        guard parent !== host else { return }
        host.addChild(self)
        didMove(toParent: host)
    }

    /// Puts the view in `root` (the host's current root view), behind everything and filling
    /// it; does nothing when it is there already.
    func placeView(in root: UIView) {
        let view: UIView = self.view
        guard view.superview !== root else { return }
        view.frame = root.bounds
        root.insertSubview(view, at: 0)
    }
}
