import Foundation

/// A stack of view controllers shown one at a time under a navigation bar
/// (`UINavigationController`).
///
/// The top controller's view fills the navigation controller's view, under the
/// ``navigationBar``; the bar's 44 pt are added to the shown controllers' top safe area (on
/// top of the status bar), so their `additionalSafeAreaInsets` stay theirs. A scroll view that
/// is a shown controller's root view adjusts its vertical insets under
/// ``UIScrollView/ContentInsetAdjustmentBehavior/automatic``, as UIKit's does.
///
/// Pushing and popping make the calls UIKit makes, in its order (for a push of B over A):
/// `B.willMove(toParent:)`, B's view loads, `A.viewWillDisappear`, `B.viewWillAppear`, B's
/// layout pass (`viewSafeAreaInsetsDidChange`, `viewWillLayoutSubviews`…), then, after
/// ``transitionDuration`` on the window's scheduler, `A.viewDidDisappear`, `B.viewDidAppear`,
/// `B.didMove(toParent:)`. B's view is in the window and sized before `viewWillAppear` (so it
/// can make a text field first responder there) and laid out right after it returns, as UIKit
/// lays out a pushed view after `viewWillAppear`. Non-animated transitions make the same calls
/// at once.
///
/// The keyboard across a transition: a text field that becomes first responder in the new
/// controller's `viewWillAppear` keeps the keyboard up — with no notification at all when the
/// keyboard's height does not change, or `keyboardWillShow` lasting ``transitionDuration``
/// (0.35 s) when it was hidden or changes height. A first responder left in the outgoing view
/// resigns as the transition starts, hiding the keyboard over the same 0.35 s. (A keyboard
/// notification lasting more than 0.3 s is thus the mark of a navigation transition, as
/// ScrollingContentViewController relies on.)
///
/// Refused and reported through ``UIViewController/logSink``, changing nothing: pushing a
/// controller already on the stack (or with another parent), popping the root controller.
@MainActor
open class UINavigationController: UIViewController {
    /// How long a push or pop lasts: 0.35 s, UIKit's navigation transition.
    public static let transitionDuration: TimeInterval = 0.35

    /// The stack, root first.
    public private(set) var viewControllers: [UIViewController] = []

    /// The bar shown under the status bar.
    public let navigationBar = UINavigationBar(frame: .zero)

    /// The transition in progress: its scheduled end, and the end itself.
    private var pendingTransition: (work: ScheduledWork, finish: @MainActor () -> Void)?

    /// Creates a navigation controller showing `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        pushViewController(rootViewController, animated: false)
    }

    /// Creates an empty navigation controller; push a root controller before showing it.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Returns `nil`: HostKit decodes no archives (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The controller on top of the stack (the one shown).
    public var topViewController: UIViewController? { viewControllers.last }

    /// Whether the bar is hidden; `false` by default. A hidden bar adds nothing to the safe area.
    public var isNavigationBarHidden = false {
        didSet {
            guard oldValue != isNavigationBarHidden else { return }
            navigationBar.isHidden = isNavigationBarHidden
            for controller in viewControllers { controller.containerSafeAreaInsets = barInsets }
        }
    }

    /// Whether a push or pop is running.
    public var isInTransition: Bool { pendingTransition != nil }

    private var barInsets: UIEdgeInsets {
        isNavigationBarHidden ? .zero : UIEdgeInsets(top: UINavigationBar.height, left: 0, bottom: 0, right: 0)
    }

    // MARK: UIView

    /// Builds the container view with the bar and the top controller's view. Subclasses that
    /// override it must call `super`.
    open override func loadView() {
        let container = NavigationContainerView(frame: defaultRootViewFrame)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.navigationBar = navigationBar
        container.addSubview(navigationBar)
        view = container
        if let top = topViewController { install(top, in: container) }
    }

    /// The navigation controller calls its children's appearance methods itself.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override var appearanceForwardingTargets: [UIViewController] { shownTop }

    override var transitionForwardingTargets: [UIViewController] { shownTop }

    private var shownTop: [UIViewController] {
        guard let top = topViewController, let container = viewIfLoaded,
            top.viewIfLoaded?.superview === container
        else { return [] }
        return [top]
    }

    override func childRootViewDidChange(_ child: UIViewController) {
        guard viewControllers.contains(where: { $0 === child }) else { return }
        child.containerSafeAreaInsets = barInsets
        (child.viewIfLoaded as? UIScrollView)?.isContainerContentRoot = true
    }

    /// Sizes a child's view to the container, puts it under the bar, and shows its title.
    private func install(_ child: UIViewController, in container: UIView) {
        installBarContainedChild(child, in: container, below: navigationBar, insets: barInsets)
        navigationBar.title = child.title
    }

    // MARK: Push and pop

    /// Pushes a controller on the stack and shows it (`pushViewController(_:animated:)`).
    ///
    /// A transition still running is finished first. Refused and reported, changing nothing:
    /// a controller already on the stack, one that has another parent, the navigation
    /// controller itself.
    public func pushViewController(_ controller: UIViewController, animated: Bool) {
        if viewControllers.contains(where: { $0 === controller }) {
            logSink.log(
                .error,
                "\(debugLabel).pushViewController(\(controller.debugLabel)): it is already on the navigation stack; pushing the same view controller twice is not supported. Nothing changed"
            )
            return
        }
        if controller === self {
            logSink.log(
                .error, "\(debugLabel).pushViewController: a navigation controller cannot push itself; nothing changed")
            return
        }
        if let other = controller.parent {
            logSink.log(
                .error,
                "\(debugLabel).pushViewController(\(controller.debugLabel)): it is a child of \(other.debugLabel); remove it from there first. Nothing changed"
            )
            return
        }
        finishTransitionNow()
        let old = topViewController
        addChild(controller)
        viewControllers.append(controller)
        guard let container = viewIfLoaded else {
            controller.didMove(toParent: self)
            return
        }
        install(controller, in: container)
        let finish: @MainActor () -> Void = { [weak self, weak old, weak controller] in
            old?.viewIfLoaded?.removeFromSuperview()
            if let old, old.appearanceState == .disappearing { old.endAppearanceTransition() }
            guard let self, let controller else { return }
            if controller.appearanceState == .appearing { controller.endAppearanceTransition() }
            controller.didMove(toParent: self)
        }
        runTransition(from: old, to: controller, animated: animated, finish: finish)
    }

    /// Pops the top controller and shows the one below (`popViewController(animated:)`);
    /// returns the popped controller.
    ///
    /// A transition still running is finished first. Popping the root controller (or an empty
    /// stack) is refused and reported; the result is then `nil`, as in UIKit.
    @discardableResult
    public func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else {
            logSink.log(
                .error, "\(debugLabel).popViewController: the root view controller cannot be popped; nothing changed")
            return nil
        }
        finishTransitionNow()
        let old = viewControllers.removeLast()
        guard let new = topViewController else { return nil }
        old.willMove(toParent: nil)
        guard let container = viewIfLoaded else {
            old.removeFromParent()
            return old
        }
        install(new, in: container)
        if let oldView = old.viewIfLoaded, oldView.superview === container {
            container.insertSubview(new.view, belowSubview: oldView)
        }
        let finish: @MainActor () -> Void = { [weak new] in
            old.viewIfLoaded?.removeFromSuperview()
            if old.appearanceState == .disappearing { old.endAppearanceTransition() }
            if let new, new.appearanceState == .appearing { new.endAppearanceTransition() }
            old.removeFromParent()
        }
        runTransition(from: old, to: new, animated: animated, finish: finish)
        return old
    }

    /// Whether the navigation controller is on screen, so that its children get appearance calls.
    private var isVisibleInWindow: Bool {
        isAppearingOrAppeared && viewWindow != nil
    }

    /// The start of a transition (the will calls, the keyboard, the layout) and its end, now or
    /// after ``transitionDuration``.
    private func runTransition(
        from old: UIViewController?, to new: UIViewController, animated: Bool,
        finish: @escaping @MainActor () -> Void
    ) {
        guard isVisibleInWindow, let container = viewIfLoaded, let window = container.window else {
            finish()
            return
        }
        let keyboard = window.keyboard
        keyboard.transitionDuration = animated ? Self.transitionDuration : nil
        old?.beginAppearanceTransition(false, animated: animated)
        new.beginAppearanceTransition(true, animated: animated)
        // A first responder left behind in the outgoing view stops editing as the transition
        // starts (UIKit ends editing there); the keyboard hides over the transition.
        if let responder = window.firstResponder, let oldView = old?.viewIfLoaded, responder.isDescendant(of: oldView) {
            window.responderDidResign(responder)
        }
        keyboard.transitionDuration = nil
        container.layoutIfNeeded()
        guard animated else {
            finish()
            return
        }
        let work = window.scheduler.schedule(after: Self.transitionDuration, label: "navigation transition") {
            [weak self] in
            self?.pendingTransition = nil
            finish()
        }
        pendingTransition = (work, finish)
    }

    /// Ends a running transition at once (a new push or pop arrived before it finished).
    private func finishTransitionNow() {
        guard let (work, finish) = pendingTransition else { return }
        pendingTransition = nil
        viewWindow?.scheduler.cancel(work)
        finish()
    }
}

extension UIViewController {
    /// The nearest ancestor that is a navigation controller (`UIViewController.navigationController`).
    public var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }
}
