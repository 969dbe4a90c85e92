import Foundation
import HostKit
import ScrollingPlugins

/// Makes a host's content view scrollable and keeps it usable while the keyboard comes and
/// goes, the device rotates and navigation controllers push screens
/// (ScrollingContentViewController's `ScrollingContentViewManager`).
///
/// Compose it into any ``HostController`` — a `ViewController` of yours, or a type of your
/// own — and give it a content view:
///
/// ```swift
/// final class SignUpViewController: ViewController {
///     lazy var manager = ScrollingContentManager(host: self)
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         let content = View()
///         // … add the fields to `content`, with an unbroken chain of constraints …
///         manager.contentView = content
///     }
/// }
/// ```
///
/// The manager attaches itself to the host as a lifecycle observer, so it learns about
/// appearance, size transitions and safe-area changes without the host forwarding anything.
/// SCVC's forwarding methods (``viewWillAppear(_:)``, ``viewWillTransition(to:with:)``,
/// ``viewSafeAreaInsetsDidChange()``, ``loadView(forContentView:)``) remain for migrating
/// code; calling them as well is harmless.
///
/// What it decides is delegated to policies (ScrollingPlugins), each swappable in production
/// and in tests: how the keyboard's overlap is measured, where it goes, whether the content
/// keeps its size, how keyboard notifications are filtered, what counts as a navigation
/// transition, how rotations anchor the offset, what is scrolled into view, and how changes
/// are animated. ``monitors`` see a timeline of what it received, decided and did.
///
/// The manager holds its host weakly: when the host is released it stops acting.
@MainActor
public final class ScrollingContentManager: HostLifecycleObserver {
    /// The host whose view the content scrolls in; `nil` once released.
    public private(set) weak var host: (any HostController)?

    /// The scroll view the content view is put in.
    public let scrollView: ScrollingContentScrollView

    /// Told about every event, in order (given at creation).
    public let monitors: [any ScrollingContentMonitor]

    /// Where the manager writes its warnings (a refused content view, a content size its
    /// constraints leave undefined). `nil` by default: the host's root view's sink, which is
    /// its window's once the view is in one — and `LogSink.standardError` before that, while
    /// the view loads. Set it to hear of those too.
    public var logSink: LogSink?

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
    var installedContent: View?
    /// The content views assigned before the host's view was loaded (the storyboard-outlet
    /// case), oldest first: the last one is installed at load, or, if the root view it gets
    /// refuses it, the one before it.
    var pendingContents: [View] = []
    /// The content view waiting for the host's view to load.
    var pendingContent: View? { pendingContents.last }
    /// The constraints tying the content view to the scroll view.
    var contentConstraints: [LayoutConstraint] = []

    var buffer = KeyboardEventBuffer<ScrollRequest>()
    var filterTimer: ScheduledWork?
    /// The window whose keyboard notifications are observed, and the observation.
    weak var observedWindow: Window?
    var observation: KeyboardNotificationCenter.ObserverToken?
    /// The values to restore when the keyboard goes away; `nil` while nothing is adjusted.
    var keyboardOriginals: KeyboardOriginals?
    /// The end frame (screen coordinates) of the keyboard state last applied while the keyboard
    /// was up; `nil` when none is.
    var appliedKeyboardFrame: CGRect?
    /// The constraint holding the content's height while the keyboard is up.
    var contentHeightConstraint: LayoutConstraint?
    /// Set while the manager applies a keyboard state: the safe-area change it causes is its own.
    var isApplyingKeyboard = false
    /// The replay of the window's keyboard state waiting for the next scheduler turn.
    var replayScheduled: ScheduledWork?
    /// The content view whose size was checked for the undefined-size warning.
    weak var sizeCheckedContent: View?
    /// The offset and inset before a rotation, while the keyboard change held through it is
    /// still to be applied (see `reanchorAfterRotation`).
    var pendingRotationAnchor: (offset: CGPoint, inset: EdgeInsets)?
    /// The coordinator of the size transition being handled (it may be forwarded as well as
    /// observed).
    weak var currentCoordinator: TransitionCoordinator?

    /// The values before the keyboard, and which of them the manager has changed, to restore.
    struct KeyboardOriginals {
        var additionalSafeAreaInsets: EdgeInsets
        var contentInset: EdgeInsets
        var verticalScrollIndicatorInsets: EdgeInsets
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

    /// Creates a manager for `host` and attaches it to the host's lifecycle.
    ///
    /// - Parameters:
    ///   - host: The view controller (or any ``HostController``) whose view gets the content.
    ///   - monitors: Told about every event, in this order (e.g. a ``TimelineRecorder``).
    public init(host: any HostController, monitors: [any ScrollingContentMonitor] = []) {
        self.host = host
        self.monitors = monitors
        scrollView = ScrollingContentScrollView()
        scrollView.name = "ScrollingContentScrollView"
        scrollView.manager = self
        host.addLifecycleObserver(self)
    }

    isolated deinit {
        if let filterTimer, let window = observedWindow { window.scheduler.cancel(filterTimer) }
        if let replayScheduled, let window = observedWindow { window.scheduler.cancel(replayScheduled) }
        if let observation { observedWindow?.notificationCenter.removeObserver(observation) }
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
    public var contentView: View? {
        get { installedContent ?? pendingContent }
        set {
            do {
                try setContentView(newValue)
            } catch {
                warn("contentView = \(newValue?.debugLabel ?? "nil") refused: \(error); keeping \(contentView?.debugLabel ?? "none")")
            }
        }
    }

    /// Sets the content view (see ``contentView``), throwing instead of logging when the view
    /// cannot be used. The current content is kept on error; the same view again does nothing.
    ///
    /// Before the host's view is loaded, what can be checked without it is checked at once (the
    /// scroll view, a window, a view in a window); the rest when it loads, where a refused view
    /// is logged and the content view assigned before it is installed instead.
    public func setContentView(_ view: View?) throws(ContentViewError) {
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
        case pending(View)
        case substituteRoot(any HostController, View)
        case install(View, in: View)
    }

    /// Decides what setting `view` does, or why it is refused, changing nothing.
    private func placement(of view: View?) throws(ContentViewError) -> Placement {
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
    /// then installed. Not needed with ``ViewController`` hosts, which the manager observes.
    /// A view that cannot be the content view is logged and the current content kept, as with
    /// ``contentView``.
    public func loadView(forContentView contentView: View) {
        self.contentView = contentView
        // A content view assigned before the host's view existed goes in now.
        if let host, host.viewIfLoaded != nil { hostDidLoadView(host) }
    }

    /// Embeds a child view controller whose view becomes the content view
    /// (ContainerScrollViewController's `embedViewController`): `addChild`, the view installed,
    /// then `didMove(toParent:)`. The host must be a ``ViewController``.
    ///
    /// A child whose view cannot be the content view (see ``contentView``) is not embedded: the
    /// reason is logged and the host's children and content view stay as they were. A child
    /// whose view is already loaded is checked before `addChild`; one whose view is loaded by
    /// the embedding (in `addChild`'s order) is removed from the host again if it is refused.
    public func embedViewController(_ child: ViewController) {
        guard let parent = host as? ViewController else {
            warn("embedViewController(\(child.debugLabel)): the host is not a ViewController; nothing embedded")
            return
        }
        guard child !== parent else {
            warn("embedViewController(\(child.debugLabel)): a view controller cannot embed itself; nothing embedded")
            return
        }
        guard child.parent == nil || child.parent === parent else {
            warn("embedViewController(\(child.debugLabel)): it already has a parent; nothing embedded")
            return
        }
        if let view = child.viewIfLoaded {
            do {
                _ = try placement(of: view)
            } catch {
                warn("embedViewController(\(child.debugLabel)): its view \(view.debugLabel) refused: \(error); nothing embedded")
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
            warn("embedViewController(\(child.debugLabel)): its view \(child.view.debugLabel) refused: \(error); nothing embedded")
            return
        }
        child.didMove(toParent: parent)
    }

    /// Throws if `view` cannot be the content view of a host whose root view is `root` (`nil`:
    /// not loaded yet, where only what needs no root is checked). The root view itself is
    /// handled by the callers (it is substituted before an installation).
    func validate(_ view: View, root: View?) throws(ContentViewError) {
        guard view !== scrollView, !view.isDescendant(of: scrollView) else { throw .insideScrollView }
        guard let root else {
            // The root view is not loaded, so it is in no window yet: a window, or a view in
            // one, belongs to another tree.
            if view is Window || view.window != nil { throw .notInHostViewTree }
            return
        }
        // The root view itself counts: once loaded it cannot go inside its own scroll view
        // (before loading, `hostDidLoadView` substitutes a new root instead).
        if root.isDescendant(of: view) { throw .containsRootView }
        // A window is the root of another tree even without a superview.
        if view.superview != nil || view is Window, !view.isDescendant(of: root) { throw .notInHostViewTree }
    }

    // MARK: SCVC's forwarding methods

    /// Logs a warning if the content view's size is undefined. Not needed: the manager
    /// observes its host; calling it as well is harmless.
    public func viewWillAppear(_ animated: Bool) {
        warnIfContentSizeIsUndefined()
    }

    /// Pins the content during a size transition. Not needed: the manager observes its host;
    /// calling it as well is harmless (a coordinator is handled once).
    public func viewWillTransition(to size: CGSize, with coordinator: TransitionCoordinator) {
        handleTransition(to: size, with: coordinator)
    }

    /// Applies the window's keyboard state to a host whose safe area changed without a
    /// keyboard notification. Not needed: the manager observes its host; calling it as well is
    /// harmless.
    public func viewSafeAreaInsetsDidChange() {
        replayKeyboardStateIfNeeded()
    }

    // MARK: HostLifecycleObserver

    public func hostDidLoadView(_ host: any HostController) {
        guard !pendingContents.isEmpty, let root = host.viewIfLoaded else { return }
        let candidates = pendingContents
        pendingContents = []
        // The last one assigned wins; one the root view refuses gives way to the one before it.
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
                warn("content view \(content.debugLabel) refused when the host's view loaded: \(error)")
            }
        }
    }

    /// The content view is the host's root view (an outlet to the controller's own view): a
    /// new plain root view takes its place, so the scroll view has a parent, and the content
    /// goes in the scroll view.
    private func substituteRoot(of host: any HostController, for content: View) {
        let newRoot = View(frame: content.frame)
        newRoot.autoresizingMask = content.autoresizingMask
        newRoot.translatesAutoresizingMaskIntoConstraints = true
        newRoot.backgroundColor = content.backgroundColor
        newRoot.name = "root view (substituted)"
        host.view = newRoot
        record(.contentInstalled("the content was the root view: a new root view replaces it"))
        install(content, in: newRoot)
    }

    public func hostWillAppear(_ host: any HostController, animated: Bool) {
        warnIfContentSizeIsUndefined()
    }

    public func host(_ host: any HostController, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator) {
        handleTransition(to: size, with: coordinator)
    }

    public func hostSafeAreaDidChange(_ host: any HostController) {
        replayKeyboardStateIfNeeded()
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
        let fitting = content.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        guard fitting.width <= 0, fitting.height <= 0 else { return }
        warn("the size of the content view \(content.debugLabel) is undefined: give it an unbroken chain of constraints from its top edge to its bottom edge and from its leading edge to its trailing edge, or an intrinsic content size")
    }

    /// Reports a problem through the host's log sink and the timeline.
    func warn(_ text: String) {
        let sink = logSink ?? host?.viewIfLoaded?.logSink ?? scrollView.logSink
        sink.log(.warning, "ScrollingContentManager: \(text)")
        record(.warning(text))
    }

    /// The current scheduler time (0 without a window).
    var now: TimeInterval { observedWindow?.scheduler.now ?? scrollView.window?.scheduler.now ?? 0 }

    func record(_ kind: ScrollingContentEvent.Kind) {
        guard !monitors.isEmpty else { return }
        let event = ScrollingContentEvent(time: now, kind: kind)
        for monitor in monitors { monitor.manager(self, didRecord: event) }
    }
}
