import Foundation
import ScrollingPlugins

/// Makes a host's content view scrollable and keeps it usable while the keyboard comes and
/// goes, the device rotates and navigation controllers push screens
/// (ScrollingContentViewController's `ScrollingContentViewManager`).
///
/// Compose it into any ``HostController`` — a `UIViewController` of yours, or a type of your
/// own — and give it a content view:
///
/// ```swift
/// final class SignUpViewController: UIViewController {
///     lazy var manager = ScrollingContentManager(host: self)
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         let content = UIView()
///         // … add the fields to `content`, with an unbroken chain of constraints …
///         manager.contentView = content
///     }
/// }
/// ```
///
/// With a view controller host, the manager adds an invisible child view controller that UIKit
/// tells about appearance, size transitions and safe-area changes, so the host forwards
/// nothing. SCVC's forwarding methods (``viewWillAppear(_:)``, ``viewWillTransition(to:with:)``,
/// ``viewSafeAreaInsetsDidChange()``, ``loadView(forContentView:)``) remain for migrating code
/// and for hosts of your own, which call them; calling them as well is harmless.
///
/// What it decides is delegated to policies (ScrollingPlugins), each swappable in production
/// and in tests: how the keyboard's overlap is measured, where it goes, whether the content
/// keeps its size, how keyboard notifications are filtered, what counts as a navigation
/// transition, how rotations anchor the offset, what is scrolled into view, and how changes
/// are animated. ``monitors`` see a timeline of what it received, decided and did.
///
/// The manager holds its host weakly: when the host is released it stops acting.
@MainActor
public final class ScrollingContentManager {
    /// The host whose view the content scrolls in; `nil` once released.
    public private(set) weak var host: (any HostController)?

    /// The scroll view the content view is put in.
    public let scrollView: ScrollingContentScrollView

    /// Told about every event, in order (given at creation).
    public let monitors: [any ScrollingContentMonitor]

    /// Where warnings go (see `logSink` without UIKit; the unified log on iOS).
    var diagnostics = PlatformDiagnostics()

    /// The invisible child view controller that hears a view controller host's lifecycle;
    /// `nil` for a host of another kind, which forwards it.
    let lifecycleController: ScrollingContentLifecycleController?

    // MARK: Policies

    /// How the part of the window the keyboard covers is measured: `.docked` (SCVC's
    /// height-only model) by default; `.intersection` handles floating and undocked keyboards.
    public var keyboardOverlapPolicy: any KeyboardOverlapPolicy = .docked

    /// Where the keyboard's overlap goes: the host's `additionalSafeAreaInsets.bottom` by
    /// default (restored afterwards); `.contentInset` or `.none`.
    public var insetAdjustmentPolicy: any InsetAdjustmentPolicy = .additionalSafeAreaInsets

    /// Whether the content keeps its size while the keyboard is up (`.keepContentSize`, the
    /// default) or shrinks as far as its constraints allow (`.resizeContent`).
    public var keyboardResizePolicy: any KeyboardResizePolicy = .keepContentSize

    /// How long keyboard notifications are held so a burst is handled once: SCVC's 0.1 s
    /// window by default; `.immediate` acts on each.
    public var keyboardEventFilter: any KeyboardEventFilter = .default

    /// Which keyboard notifications come from navigation transitions (acted on at once and
    /// without animation): durations above 0.3 s by default.
    public var navigationTransitionPolicy: any NavigationTransitionPolicy = .default

    /// Where the offset goes when the size changes (rotation): the top-leading corner of the
    /// visible content stays put, clamped to the legal range, by default.
    public var rotationAnchorPolicy: any RotationAnchorPolicy = .pinTopLeading

    /// What is scrolled into view after a keyboard change: the first responder (with the scroll
    /// view's `visibilityScrollMargin`) by default.
    public var visibilityPolicy: any VisibilityPolicy = .scrollFirstResponderToVisible

    /// How inset changes are animated: a 0.5 s critically damped spring by default, none
    /// during navigation transitions.
    public var insetAnimationPolicy: any InsetAnimationPolicy = .default

    // MARK: SCVC's switches (conveniences selecting a policy)

    /// Whether the content view shrinks to the area the keyboard leaves visible, as far as its
    /// constraints allow (`true`), or keeps its size (`false`, the default). Selects
    /// ``keyboardResizePolicy``.
    public var shouldResizeContentViewForKeyboard: Bool {
        get { keyboardResizePolicy is ResizeContent }
        set { keyboardResizePolicy = newValue ? .resizeContent : .keepContentSize }
    }

    /// Whether the host's `additionalSafeAreaInsets` are adjusted for the keyboard (`true`, the
    /// default) or left alone so you can compensate yourself (`false`). Selects
    /// ``insetAdjustmentPolicy``.
    public var shouldAdjustAdditionalSafeAreaInsetsForKeyboard: Bool {
        get { insetAdjustmentPolicy is AdditionalSafeAreaInsetsAdjustment }
        set { insetAdjustmentPolicy = newValue ? .additionalSafeAreaInsets : .none }
    }

    /// Whether the first responder is scrolled into view after keyboard changes (`true`, the
    /// default; ContainerScrollViewController's switch). Selects ``visibilityPolicy``.
    public var shouldScrollFirstResponderToVisibleForKeyboard: Bool {
        get { !(visibilityPolicy is NoVisibilityScrolling) }
        set { visibilityPolicy = newValue ? .scrollFirstResponderToVisible : .none }
    }

    // MARK: State

    /// The installed content view.
    var installedContent: UIView?
    /// The content views assigned before the host's view was loaded (the storyboard-outlet
    /// case), oldest first: the last one is installed at load, or, if the root view it gets
    /// refuses it, the one before it.
    var pendingContents: [UIView] = []
    /// The content view waiting for the host's view to load.
    var pendingContent: UIView? { pendingContents.last }
    /// The constraints tying the content view to the scroll view.
    var contentConstraints: [NSLayoutConstraint] = []

    var buffer = KeyboardEventBuffer<ScrollRequest>()
    var filterTimer: PlatformTimer?
    /// The window whose keyboard notifications are observed, and the observation.
    weak var observedWindow: UIWindow?
    var observation: NotificationObservation?
    /// The text field that last began editing inside the scroll view: the first responder, as
    /// long as it still is one.
    weak var editingTextField: UITextField?
    /// The values to restore when the keyboard goes away; `nil` while nothing is adjusted.
    var keyboardOriginals: KeyboardOriginals?
    /// The constraint holding the content's height while the keyboard is up.
    var contentHeightConstraint: NSLayoutConstraint?
    /// Set while the manager applies a keyboard state: the safe-area change it causes is its own.
    var isApplyingKeyboard = false
    /// The replay of the window's keyboard state waiting for the next turn.
    var replayScheduled: PlatformTimer?
    /// The content view whose size was checked for the undefined-size warning.
    weak var sizeCheckedContent: UIView?
    /// The offset and inset before a rotation, while the keyboard change held through it is
    /// still to be applied (see `reanchorAfterRotation`).
    var pendingRotationAnchor: (offset: CGPoint, inset: UIEdgeInsets)?
    /// The coordinator of the size transition being handled (it may be forwarded as well as
    /// heard through the lifecycle child).
    weak var currentCoordinator: (any UIViewControllerTransitionCoordinator)?

    /// The values before the keyboard, and which of them the manager has changed, to restore.
    struct KeyboardOriginals {
        var additionalSafeAreaInsets: UIEdgeInsets
        var contentInset: UIEdgeInsets
        var verticalScrollIndicatorInsets: UIEdgeInsets
        var alwaysBounceVertical: Bool
        /// The insets an inset policy has set since the keyboard came up: restored when the
        /// keyboard hides, or when the current policy no longer names them (it was swapped).
        var changed: Set<AdjustedInset> = []
    }

    /// An inset the inset adjustment policies may change.
    enum AdjustedInset: Hashable {
        case additionalSafeAreaInsets, contentInset, verticalScrollIndicatorInsets
    }

    // MARK: Creating

    /// Creates a manager for `host`. A view controller host gets an invisible child view
    /// controller through which the manager hears its lifecycle (see ``HostController``).
    ///
    /// - Parameters:
    ///   - host: The view controller (or any ``HostController``) whose view gets the content.
    ///   - monitors: Told about every event, in this order (e.g. a ``TimelineRecorder``).
    public init(host: any HostController, monitors: [any ScrollingContentMonitor] = []) {
        self.host = host
        self.monitors = monitors
        scrollView = ScrollingContentScrollView(frame: .zero)
        lifecycleController = host is UIViewController ? ScrollingContentLifecycleController() : nil
        scrollView.manager = self
        lifecycleController?.manager = self
        if let controller = host as? UIViewController { lifecycleController?.attach(to: controller) }
        attachLifecycleView()
    }

    deinit {
        // The timers' work holds the manager weakly and would do nothing; it is cancelled so
        // that none outlives the manager. Not an `isolated deinit` (that needs iOS 18.4's
        // runtime): the cancelling runs on the main actor, at once when the manager goes there.
        let timers = [filterTimer, replayScheduled].compactMap { $0 }
        if !timers.isEmpty { runOnMainActor { for timer in timers { timer.cancel() } } }
    }

    /// Puts the lifecycle child's view in the host's current root view, once the root is
    /// loaded: from then on UIKit tells the child (and so the manager) about the host.
    func attachLifecycleView() {
        guard let lifecycleController, let root = host?.viewIfLoaded else { return }
        lifecycleController.placeView(in: root)
    }

    // MARK: The content view

    /// The scrolling content view, the child of ``scrollView``.
    ///
    /// When first assigned, the view is put in the scroll view and the scroll view in the host's
    /// view tree:
    /// - a view with no superview: the scroll view fills the host's root view and follows its
    ///   size (autoresizing);
    /// - a view with a superview: the scroll view takes its place, frame, autoresizing mask and
    ///   constraints (every constraint of its ancestors that named it now names the scroll view,
    ///   and its own width and height constraints move to the scroll view);
    /// - the host's root view itself: a new plain root view replaces it when it loads, so the
    ///   scroll view has a parent.
    ///
    /// Assigning another view later replaces the content inside the same scroll view.
    /// Assigning before the host's view is loaded defers all this until it is. The content is
    /// pinned to the scroll view's content layout guide and is at least as wide and tall as the
    /// scroll view's safe area at priority 500 (`sceneSizeStayPut`): a chain of constraints
    /// at 750 or 1000 wins over that minimum, one at 250 loses to it.
    ///
    /// Setting an unusable view (nil, the scroll view, a view containing the root view, a view
    /// of another tree) logs the reason and keeps the current content; use
    /// ``setContentView(_:)`` to get the error.
    public var contentView: UIView? {
        get { installedContent ?? pendingContent }
        set {
            do {
                try setContentView(newValue)
            } catch {
                warn("contentView = \(newValue?.diagnosticLabel ?? "nil") refused: \(error); keeping \(contentView?.diagnosticLabel ?? "none")")
            }
        }
    }

    /// Sets the content view (see ``contentView``), throwing instead of logging when the view
    /// cannot be used. The current content is kept on error; the same view again does nothing.
    ///
    /// Before the host's view is loaded, what can be checked without it is checked at once (the
    /// scroll view, a window, a view in a window). Then, as with ScrollingContentViewController's
    /// manager, a view controller host's view is loaded (reading `view` loads it, as always in
    /// UIKit) and the content goes in at once. Two hosts wait instead: a
    /// ``ScrollingContentViewController``, which installs the content in `viewDidLoad()` (its
    /// outlet may be assigned while its view loads from a storyboard), and a host that is not a
    /// view controller, which tells the manager with ``loadView(forContentView:)`` or
    /// ``viewWillAppear(_:)``. Where the content waits, a view refused when the host's view loads
    /// is logged and the content view assigned before it is installed instead.
    public func setContentView(_ view: UIView?) throws(ContentViewError) {
        if let view, view !== pendingContent, let controller = host as? UIViewController,
            !(controller is ScrollingContentViewController), controller.viewIfLoaded == nil
        {
            // A view that cannot be the content view loads nothing.
            try validate(view, root: nil)
            // No child view controller hears its parent's view load, so the manager cannot wait
            // for it: SCVC's manager loads the view here too. `viewDidLoad()` may itself assign a
            // content view; this assignment, made first, is installed last.
            controller.loadViewIfNeeded()
        }
        switch try placement(of: view) {
        case .unchanged:
            break
        case .pending(let view):
            pendingContents.removeAll { $0 === view }
            pendingContents.append(view)
        case .substituteRoot(let host, let view):
            substituteRoot(of: host, for: view)
        case .install(let view, let root):
            install(view, in: root)
        }
    }

    /// What setting `view` as the content view would do.
    private enum Placement {
        case unchanged
        case pending(UIView)
        case substituteRoot(any HostController, UIView)
        case install(UIView, in: UIView)
    }

    /// Decides what setting `view` does, or why it is refused, changing nothing.
    private func placement(of view: UIView?) throws(ContentViewError) -> Placement {
        guard let view else { throw .noContentView }
        if view === installedContent || view === pendingContent { return .unchanged }
        guard let host else { throw .hostReleased }
        guard let root = host.viewIfLoaded else {
            try validate(view, root: nil)
            return .pending(view)
        }
        if view === root {
            // SCVC's outlet case: the first content view is the root view itself. Once a
            // content view is installed the root holds the scroll view and cannot go inside it.
            guard installedContent == nil else { throw .containsRootView }
            return .substituteRoot(host, view)
        }
        try validate(view, root: root)
        return .install(view, in: root)
    }

    /// SCVC's hook for the storyboard flow: call it at the end of the host's `loadView()`. If
    /// `contentView` is the root view, a new plain root view replaces it; the content view is
    /// then installed. A view that cannot be the content view is logged and the current content
    /// kept, as with ``contentView``.
    public func loadView(forContentView contentView: UIView) {
        self.contentView = contentView
        // A content view assigned before the host's view existed goes in now.
        hostViewDidLoad()
    }

    /// Embeds a child view controller whose view becomes the content view
    /// (ContainerScrollViewController's `embedViewController`): `addChild`, the view installed,
    /// then `didMove(toParent:)`. The host must be a ``UIViewController``.
    ///
    /// A child whose view cannot be the content view (see ``contentView``) is not embedded: the
    /// reason is logged and the host's children and content view stay as they were. A child
    /// whose view is already loaded is checked before `addChild`; one whose view is loaded by
    /// the embedding (in `addChild`'s order) is removed from the host again if it is refused.
    public func embedViewController(_ child: UIViewController) {
        guard let parent = host as? UIViewController else {
            warn("embedViewController(\(child.diagnosticLabel)): the host is not a UIViewController; nothing embedded")
            return
        }
        guard child !== parent else {
            warn("embedViewController(\(child.diagnosticLabel)): a view controller cannot embed itself; nothing embedded")
            return
        }
        guard child.parent == nil || child.parent === parent else {
            warn("embedViewController(\(child.diagnosticLabel)): it already has a parent; nothing embedded")
            return
        }
        if let view = child.viewIfLoaded {
            do {
                _ = try placement(of: view)
            } catch {
                warn("embedViewController(\(child.diagnosticLabel)): its view \(view.diagnosticLabel) refused: \(error); nothing embedded")
                return
            }
        }
        let wasChild = child.parent === parent
        parent.addChild(child)
        let added = !wasChild && child.parent === parent
        do {
            try setContentView(child.view)
        } catch {
            if added {
                child.willMove(toParent: nil)
                child.removeFromParent()
            }
            warn("embedViewController(\(child.diagnosticLabel)): its view \(child.view.diagnosticLabel) refused: \(error); nothing embedded")
            return
        }
        child.didMove(toParent: parent)
    }

    /// Throws if `view` cannot be the content view of a host whose root view is `root` (`nil`:
    /// not loaded yet, where only what needs no root is checked). The root view itself is
    /// handled by the callers (it is substituted before an installation).
    func validate(_ view: UIView, root: UIView?) throws(ContentViewError) {
        guard view !== scrollView, !view.isDescendant(of: scrollView) else { throw .insideScrollView }
        guard let root else {
            // The root view is not loaded, so it is in no window yet: a window, or a view in
            // one, belongs to another tree.
            if view is UIWindow || view.window != nil { throw .notInHostViewTree }
            return
        }
        // The root view itself counts: once loaded it cannot go inside its own scroll view
        // (before loading, `hostViewDidLoad` substitutes a new root instead).
        if root.isDescendant(of: view) { throw .containsRootView }
        // A window is the root of another tree even without a superview.
        if view.superview != nil || view is UIWindow, !view.isDescendant(of: root) { throw .notInHostViewTree }
    }

    // MARK: SCVC's forwarding methods

    /// Installs a content view assigned before the host's view loaded, and logs a warning if
    /// the content view's size is undefined. Not needed with a view controller host, whose
    /// lifecycle the manager hears; calling it as well is harmless.
    public func viewWillAppear(_ animated: Bool) {
        hostViewDidLoad()
        warnIfContentSizeIsUndefined()
    }

    /// Pins the content during a size transition. Not needed with a view controller host;
    /// calling it as well is harmless (a coordinator is handled once).
    public func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        handleTransition(to: size, with: coordinator)
    }

    /// Applies the window's keyboard state to a host whose safe area changed without a
    /// keyboard notification. Not needed with a view controller host; calling it as well is
    /// harmless.
    public func viewSafeAreaInsetsDidChange() {
        replayKeyboardStateIfNeeded()
    }

    // MARK: The host's view

    /// The host's view is loaded: the lifecycle child's view goes in it, and so do the content
    /// views assigned before it loaded (the last one; one the root view refuses gives way to
    /// the one before it).
    func hostViewDidLoad() {
        guard let host, let root = host.viewIfLoaded else { return }
        attachLifecycleView()
        guard !pendingContents.isEmpty else { return }
        let candidates = pendingContents
        pendingContents = []
        for content in candidates.reversed() {
            if content === root, installedContent == nil {
                substituteRoot(of: host, for: content)
                return
            }
            do {
                try validate(content, root: root)
                install(content, in: root)
                return
            } catch {
                warn("content view \(content.diagnosticLabel) refused when the host's view loaded: \(error)")
            }
        }
    }

    /// The content view is the host's root view (an outlet to the controller's own view): a
    /// new plain root view takes its place, so the scroll view has a parent, and the content
    /// goes in the scroll view.
    private func substituteRoot(of host: any HostController, for content: UIView) {
        let newRoot = UIView(frame: content.frame)
        newRoot.autoresizingMask = content.autoresizingMask
        newRoot.translatesAutoresizingMaskIntoConstraints = true
        newRoot.backgroundColor = content.backgroundColor
        host.view = newRoot
        record(.contentInstalled("the content was the root view: a new root view replaces it"))
        install(content, in: newRoot)
    }

    // MARK: Diagnostics

    /// Logs a warning when the content view's size is undefined on both axes: no intrinsic
    /// size and a compressed fitting size of zero (SCVC's "undefined size" warning).
    func warnIfContentSizeIsUndefined() {
        // Once per content view: a host that forwards `viewWillAppear` as SCVC's README shows
        // is also observed and would be warned twice, and the fitting size solves the whole
        // content again (most of building a 1,000-row screen).
        guard let content = installedContent, content !== sizeCheckedContent else { return }
        sizeCheckedContent = content
        let intrinsic = content.intrinsicContentSize
        guard intrinsic.width < 0, intrinsic.height < 0 else { return }
        let fitting = content.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        guard fitting.width <= 0, fitting.height <= 0 else { return }
        warn("the size of the content view \(content.diagnosticLabel) is undefined: give it an unbroken chain of constraints from its top edge to its bottom edge and from its leading edge to its trailing edge, or an intrinsic content size")
    }

    /// Reports a problem through the platform's diagnostics (the host's log sink without
    /// UIKit) and the timeline.
    func warn(_ text: String) {
        diagnostics.report(.warning, "ScrollingContentManager: \(text)", about: host?.viewIfLoaded ?? scrollView)
        record(.warning(text))
    }

    /// The clock of the window the scroll view is in.
    var clock: PlatformClock { PlatformClock(window: observedWindow ?? scrollView.window) }

    /// The current time on ``clock`` (0 without a window under HostKit).
    var now: TimeInterval { clock.now }

    func record(_ kind: ScrollingContentEvent.Kind) {
        guard !monitors.isEmpty else { return }
        let event = ScrollingContentEvent(time: now, kind: kind)
        for monitor in monitors { monitor.manager(self, didRecord: event) }
    }
}
