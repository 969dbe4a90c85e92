import Foundation

/// Manages a root view and its lifecycle (`UIViewController`).
///
/// The root ``view`` is loaded lazily: reading it calls ``loadView()`` (override it to build
/// the view in code) and then ``viewDidLoad()``. Appearance calls
/// (``viewWillAppear(_:)``… ``viewDidDisappear(_:)``) come from the window, a
/// ``UINavigationController`` or a parent controller, always balanced and in UIKit's order;
/// ``viewSafeAreaInsetsDidChange()`` and the layout brackets come from the layout pass;
/// ``viewWillTransition(to:with:)`` from a rotation.
///
/// Subclass it as you would `UIViewController`; overrides of the `open` methods should call
/// `super`. As in UIKit, the default ``viewWillTransition(to:with:)`` is what tells the
/// children of a size transition: an override that does not call `super` keeps it from them.
/// Appearance calls reach the children whatever the overrides do (UIKit drives them itself).
///
/// Diagnostics (refused input, unbalanced appearance calls) go to ``logSink``.
@MainActor
open class UIViewController: UIResponder {
    /// Where appearance stands (UIKit's private `_appearState`).
    enum AppearanceState {
        case disappeared, appearing, appeared, disappearing
    }

    private var storedView: UIView?
    private var isLoadingView = false
    private var storedAdditionalSafeAreaInsets = UIEdgeInsets.zero
    private var ownLogSink: LogSink?

    /// Insets a container adds to the root view's safe area (a navigation bar's height), on
    /// top of ``additionalSafeAreaInsets``.
    var containerSafeAreaInsets = UIEdgeInsets.zero {
        didSet { if oldValue != containerSafeAreaInsets { updateRootSafeAreaContribution() } }
    }

    var appearanceState = AppearanceState.disappeared
    /// Whether `viewSafeAreaInsetsDidChange()` was called, which UIKit does at least once,
    /// right before the view first appears.
    var hasToldSafeAreaBeforeFirstAppearance = false
    /// The `animated` flag of the appearance transition in progress.
    var appearanceIsAnimatedForCall = false
    /// The appearance transition in progress was started by the root view entering or leaving
    /// a window (a child whose parent is on screen).
    var automaticAppearanceInProgress = false

    /// A title for containers and diagnostics (`nil` by default).
    public var title: String?

    /// The parent view controller, or `nil`.
    public internal(set) weak var parent: UIViewController?

    /// The child view controllers, in the order they were added.
    public internal(set) var children: [UIViewController] = []

    /// Creates a view controller whose view is not loaded yet
    /// (`UIViewController(nibName:bundle:)`). HostKit loads no nibs: the name and bundle are
    /// ignored, and ``loadView()`` makes the view.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Creates a view controller whose view is not loaded yet (`UIViewController()`, which is
    /// `init(nibName: nil, bundle: nil)`).
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Returns `nil`: HostKit decodes no archives (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: The view

    /// The root view, loaded on first access (`UIViewController.view`).
    ///
    /// Setting it replaces the root view: the new view becomes this controller's root view
    /// (it takes the safe-area insets the controller adds), and if the old view was in a
    /// superview the new one takes its place there, with its frame and autoresizing mask.
    /// (UIKit leaves that step to you; HostKit does it so a controller never owns a view that
    /// is not the one on screen.) A view that is already another controller's root view is
    /// refused and reported.
    public var view: UIView! {
        get {
            if let storedView { return storedView }
            if isLoadingView {
                // `loadView()` read `view` before setting it; UIKit would recurse forever.
                logSink.log(.error, "\(debugLabel).loadView() read view before setting it; using a plain UIView")
                let fallback = makeDefaultView()
                replaceView(with: fallback)
                return fallback
            }
            loadViewIfNeeded()
            if let storedView { return storedView }
            // Unreachable: loading always leaves a view. Kept as a fallback, never a trap.
            let fallback = makeDefaultView()
            replaceView(with: fallback)
            return fallback
        }
        set {
            guard let newValue else {
                logSink.log(.error, "\(debugLabel).view = nil: HostKit does not unload views; the view is unchanged")
                return
            }
            replaceView(with: newValue)
        }
    }

    /// The root view if loaded, else `nil`; never loads it.
    public var viewIfLoaded: UIView? { storedView }

    /// Whether the root view is loaded.
    public var isViewLoaded: Bool { storedView != nil }

    /// Loads the root view if it is not loaded yet: ``loadView()``, then ``viewDidLoad()``.
    public func loadViewIfNeeded() {
        guard storedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        isLoadingView = false
        if storedView == nil {
            logSink.log(.error, "\(debugLabel).loadView() did not set view; using a plain UIView")
            replaceView(with: makeDefaultView())
        }
        viewDidLoad()
    }

    /// Creates the root view (`UIViewController.loadView()`). The default sets ``view`` to a
    /// plain ``UIView`` that translates its autoresizing mask, with flexible width and height,
    /// as large as the window it is loaded for — so that `viewDidLoad` already sees the size it
    /// will have, as in UIKit, whose default view takes the screen's bounds (a full-screen
    /// window's). Override to build your own; set ``view`` and don't call `super`.
    ///
    /// The window it is loaded for is the one whose ``UIWindow/rootViewController`` the
    /// controller becomes, or the window of the nearest ancestor controller whose view is in
    /// one (a child a navigation controller pushes, say). HostKit has no main screen: a view
    /// loaded with no window in sight starts at `.zero` and is sized when it is placed.
    open func loadView() {
        view = makeDefaultView()
    }

    func makeDefaultView() -> UIView {
        let view = UIView(frame: defaultRootViewFrame)
        view.translatesAutoresizingMaskIntoConstraints = true
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        return view
    }

    /// The frame a default root view starts with (see ``loadView()``): the bounds of the window
    /// it is loaded for, else `.zero`. Containers' own root views start with it too.
    var defaultRootViewFrame: CGRect { windowLoadingTheView?.bounds ?? .zero }

    /// The window the root view is being loaded for (see ``loadView()``): the window installing
    /// this controller (or an ancestor, whose view is being loaded) as its root, else the window
    /// of the nearest ancestor whose view is in one.
    private var windowLoadingTheView: UIWindow? {
        var controller: UIViewController? = self
        while let current = controller {
            if let window = current.installingWindow ?? current.viewIfLoaded?.window { return window }
            controller = current.parent
        }
        return nil
    }

    /// Set by a window while it loads this controller's view to make it its root.
    weak var installingWindow: UIWindow?

    private func replaceView(with newView: UIView) {
        guard newView !== storedView else { return }
        if let owner = newView.owningViewController, owner !== self {
            logSink.log(
                .error,
                "\(debugLabel).view = \(newView.debugLabel): that view is already the root view of \(owner.debugLabel); the view is unchanged"
            )
            return
        }
        let oldView = storedView
        oldView?.owningViewController = nil
        oldView?.additionalSafeAreaContribution = .zero
        storedView = newView
        newView.owningViewController = self
        updateRootSafeAreaContribution()
        containerRootViewDidChange(from: oldView)
        if let oldView, let superview = oldView.superview {
            newView.frame = oldView.frame
            newView.autoresizingMask = oldView.autoresizingMask
            superview.insertSubview(newView, aboveSubview: oldView)
            oldView.removeFromSuperview()
        }
    }

    /// The root view was replaced or the parent changed: a container updates what it tells
    /// the root view (a navigation or tab bar controller: ``UIScrollView``'s automatic inset flag).
    func containerRootViewDidChange(from oldView: UIView?) {
        (oldView as? UIScrollView)?.isContainerContentRoot = false
        parent?.childRootViewDidChange(self)
    }

    /// The window the root view is in, or `nil` (also while the view is not loaded).
    var viewWindow: UIWindow? { storedView?.window }

    /// A child's root view was replaced or the child was just added; containers override.
    func childRootViewDidChange(_ child: UIViewController) {}

    // MARK: Lifecycle methods

    /// Called once after the root view was loaded. Call `super`.
    open func viewDidLoad() {}

    /// Called before the view appears. Call `super`.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called after the view appeared. Call `super`.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the view disappears. Call `super`.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Called after the view disappeared. Call `super`.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Called during a layout pass after the root view's safe-area insets changed, after the
    /// view's own ``UIView/safeAreaInsetsDidChange()``; and, as UIKit does, right before the view
    /// first appears, whatever its insets (in the layout pass after ``viewWillAppear(_:)``, or
    /// just before ``viewDidAppear(_:)`` if none ran). Call `super`.
    open func viewSafeAreaInsetsDidChange() {}

    /// Called just before the root view's ``UIView/layoutSubviews()``. Call `super`.
    open func viewWillLayoutSubviews() {}

    /// Called just after the root view's ``UIView/layoutSubviews()``. Call `super`.
    open func viewDidLayoutSubviews() {}

    /// Called before the controller is added to a parent (`parent`) or removed from it
    /// (`nil`). ``addChild(_:)`` calls it with the new parent; call it with `nil` yourself
    /// before ``removeFromParent()``. Call `super`.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller was added to a parent or removed (`nil`). Call it yourself
    /// after ``addChild(_:)`` and adding the child's view; ``removeFromParent()`` calls it
    /// with `nil`. Call `super`.
    open func didMove(toParent parent: UIViewController?) {}

    /// Called before the view's size changes (on rotation), while the old geometry is still in
    /// place; use `coordinator` to act with the new geometry or after the transition.
    ///
    /// The default implementation tells the children whose views are in this controller's view
    /// (a navigation controller: its top controller), in the order they were added. Call
    /// `super`: as in UIKit, an override that does not keeps the transition from the children.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in transitionForwardingTargets { child.viewWillTransition(to: size, with: coordinator) }
    }

    /// Whether appearance calls are forwarded to children automatically: when this controller
    /// appears or disappears, and when a child's view enters or leaves the window while this
    /// controller is visible (`true`, UIKit's default). A container that calls the children's
    /// ``beginAppearanceTransition(_:animated:)`` itself returns `false`.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Safe area

    /// Insets added to the root view's safe area (`UIViewController.additionalSafeAreaInsets`),
    /// zero by default. A change lays the tree out again at the next pass, which calls
    /// ``viewSafeAreaInsetsDidChange()`` if the root view's insets changed. Non-finite insets
    /// are refused and reported.
    public var additionalSafeAreaInsets: UIEdgeInsets {
        get { storedAdditionalSafeAreaInsets }
        set {
            guard newValue.isFinite else {
                logSink.log(.error, "\(debugLabel).additionalSafeAreaInsets = \(newValue): not finite; unchanged")
                return
            }
            guard newValue != storedAdditionalSafeAreaInsets else { return }
            if let storedView {
                AnimationTransaction.current?.record(
                    .additionalSafeAreaInsets, of: storedView,
                    from: .insets(storedAdditionalSafeAreaInsets), to: .insets(newValue))
            }
            storedAdditionalSafeAreaInsets = newValue
            updateRootSafeAreaContribution()
        }
    }

    private func updateRootSafeAreaContribution() {
        storedView?.additionalSafeAreaContribution = storedAdditionalSafeAreaInsets + containerSafeAreaInsets
    }

    /// From the layout pass: the root view's safe area changed (or the view is about to appear
    /// for the first time).
    func rootViewSafeAreaInsetsDidChange() {
        hasToldSafeAreaBeforeFirstAppearance = true
        viewSafeAreaInsetsDidChange()
    }

    /// The view is about to appear for the first time (from ``beginAppearanceTransition(_:animated:)``):
    /// UIKit "also calls [`viewSafeAreaInsetsDidChange()`] immediately before your view appears
    /// onscreen" (Apple's documentation of the method), even when the insets are zero. The next
    /// layout pass — which follows `viewWillAppear` when a window or a navigation controller
    /// shows the view — calls it, before `viewWillLayoutSubviews`. Later appearances call it
    /// only when the insets changed. (Apple's wording reads as every appearance; HostKit keeps
    /// the insets of a view that left the window, so it has nothing new to say on a return.)
    func prepareSafeAreaCallBeforeFirstAppearance() {
        guard !hasToldSafeAreaBeforeFirstAppearance, let storedView else { return }
        storedView.forcesSafeAreaNotification = true
        storedView.safeAreaInputsChanged = true
        storedView.markTreeNeedsLayout()
    }

    /// The view appears without a layout pass having run since `viewWillAppear` (a controller
    /// whose view is in no window): the call comes now, right before `viewDidAppear`.
    func completeSafeAreaCallBeforeFirstAppearance() {
        guard !hasToldSafeAreaBeforeFirstAppearance else { return }
        storedView?.forcesSafeAreaNotification = false
        rootViewSafeAreaInsetsDidChange()
    }

    // MARK: Transitions

    /// The children told about size transitions: those whose view is in this controller's view.
    var transitionForwardingTargets: [UIViewController] {
        childrenShowingTheirViews
    }

    /// The children this controller forwards its own appearance calls to.
    var appearanceForwardingTargets: [UIViewController] {
        shouldAutomaticallyForwardAppearanceMethods ? childrenShowingTheirViews : []
    }

    var childrenShowingTheirViews: [UIViewController] {
        guard let storedView else { return [] }
        return children.filter { $0.storedView?.isDescendant(of: storedView) ?? false }
    }

    /// The superview of the root view (`UIResponder.next`), or `nil`.
    open override var next: UIResponder? { storedView?.superview }

    // MARK: Diagnostics

    /// Where this controller's diagnostics go: the sink set here, else its view's (the
    /// window's), else its parent's, else ``LogSink/standardError``.
    public var logSink: LogSink {
        get { ownLogSink ?? storedView?.logSink ?? parent?.logSink ?? .standardError }
        set { ownLogSink = newValue }
    }

    /// `ClassName` or `ClassName:title`, as diagnostics print a controller.
    public var debugLabel: String {
        let type = String(describing: Swift.type(of: self))
        if let title { return "\(type):\(title)" }
        return type
    }
}
