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

    // MARK: Policies

    /// How the part of the window the keyboard covers is measured: `.docked` (SCVC's model: a
    /// keyboard at the bottom edge covers its height, one off the edge covers nothing) by
    /// default; `.intersection` measures the real frame against the host and scroll view.
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

    // MARK: Collaborators (each owns its state)

    /// Where warnings go (see `logSink` without UIKit; the unified log on iOS).
    var diagnostics = PlatformDiagnostics()
    /// The invisible child view controller that hears a view controller host's lifecycle;
    /// `nil` for a host of another kind, which forwards it.
    private let lifecycleController: ScrollingContentLifecycleController?
    /// The content view, installed or waiting for the host's view.
    private let installer: ContentInstaller
    /// The window's keyboard notifications and the first responder.
    private lazy var keyboardObserver = KeyboardObserver(scrollView: scrollView) { [weak self] heard in
        self?.keyboardHeard(heard)
    }
    /// The keyboard filter and the scroll requests it holds, on the window's clock.
    private lazy var filter = KeyboardFilterClock(
        onTimer: { [weak self] batch in self?.apply(batch) },
        report: { [weak self] text in self?.reportError(text) })
    /// The insets, the held height and what to restore.
    private let adjuster: KeyboardAdjuster
    /// The offset through size transitions.
    private let rotation: RotationAnchoring
    /// Whether the missing `super.viewDidLoad()` warning was given (once per manager).
    private var warnedMissingSuperViewDidLoad = false

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
        installer = ContentInstaller(scrollView: scrollView)
        adjuster = KeyboardAdjuster(scrollView: scrollView)
        rotation = RotationAnchoring(scrollView: scrollView)
        scrollView.manager = self
        lifecycleController?.manager = self
        if let controller = host as? UIViewController { lifecycleController?.attach(to: controller) }
        attachLifecycleView()
    }

    /// Puts the lifecycle child's view in the host's current root view, once the root is
    /// loaded: from then on UIKit tells the child (and so the manager) about the host.
    private func attachLifecycleView() {
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
    /// Assigning before the host's view is loaded defers all this until it is (see
    /// ``setContentView(_:)``). The content is pinned to the scroll view's content layout guide
    /// and is at least as wide and tall as the scroll view's safe area at priority 500
    /// (`sceneSizeStayPut`): a chain of constraints at 750 or 1000 wins over that minimum, one
    /// at 250 loses to it.
    ///
    /// Setting an unusable view (nil, the scroll view, a view containing the root view, a view
    /// of another tree) logs the reason and keeps the current content; use
    /// ``setContentView(_:)`` to get the error.
    public var contentView: UIView? {
        get { installer.contentView }
        set {
            do {
                try setContentView(newValue)
            } catch {
                warn(
                    "contentView = \(newValue?.diagnosticLabel ?? "nil") refused: \(error); keeping \(contentView?.diagnosticLabel ?? "none")"
                )
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
        guard let host else { throw view == nil ? .noContentView : .hostReleased }
        if let view, view !== installer.contentView, let controller = host as? UIViewController,
            !(controller is ScrollingContentViewController), controller.viewIfLoaded == nil
        {
            // A view that cannot be the content view loads nothing.
            try installer.validate(view, root: nil)
            // No child view controller hears its parent's view load, so the manager cannot wait
            // for it: SCVC's manager loads the view here too. `viewDidLoad()` may itself assign a
            // content view; this assignment, made first, is installed last.
            controller.loadViewIfNeeded()
        }
        let placement = try installer.placement(of: view, root: host.viewIfLoaded)
        contentPlaced(installer.perform(placement, host: host))
    }

    /// Records what an installation did, and brings the rest of the manager along: the
    /// lifecycle child's view goes in the (possibly new) root view, and a keyboard-held height
    /// moves to the new content.
    private func contentPlaced(_ reports: [ContentInstaller.Report]) {
        guard !reports.isEmpty else { return }
        var installed = false
        for report in reports {
            switch report {
            case .installed(let text):
                record(.contentInstalled(text))
                installed = true
            case .substituted:
                // A new root view: the lifecycle child's view moves into it.
                attachLifecycleView()
            case .refused(let text):
                warn(text)
            }
        }
        guard installed else { return }
        adjuster.contentDidChange(to: installer.installed)
        attachLifecycleView()
    }

    /// SCVC's hook for the storyboard flow: call it in the host's `loadView()`, after
    /// `super.loadView()` has made the root view. If `contentView` is the root view (an outlet
    /// to the storyboard's own root), a new plain root view replaces it, so that the content view
    /// can later go in a scroll view inside it; otherwise this does nothing.
    ///
    /// As with SCVC, the content view is not installed here: assign ``contentView`` for that,
    /// typically in `viewDidLoad()`. `loadView()` may still replace the root view after this
    /// call (SCVC's ManagerExample sets a gradient view), and the content then goes in that one.
    /// A content view assigned before the host's view loaded was already waiting, and goes in
    /// when the view has loaded (on a host that is not a view controller, when it forwards
    /// ``viewWillAppear(_:)``). Passing the manager's scroll view, or a view inside it, is
    /// logged and does nothing.
    public func loadView(forContentView contentView: UIView?) {
        guard let host, let contentView else { return }
        guard contentView !== scrollView, !contentView.isDescendant(of: scrollView) else {
            warn(
                "loadView(forContentView: \(contentView.diagnosticLabel)) refused: \(ContentViewError.insideScrollView); nothing changed"
            )
            return
        }
        contentPlaced(installer.substituteRootIfNeeded(of: host, for: contentView))
    }

    /// The child view controller embedded with ``embedViewController(_:)``, whose view is the
    /// content view (ContainerScrollViewController's `embeddedViewController`); `nil` before
    /// any is embedded.
    public private(set) var embeddedViewController: UIViewController?

    /// Embeds a child view controller whose view becomes the content view
    /// (ContainerScrollViewController's `embedViewController`): `addChild`, the view installed,
    /// then `didMove(toParent:)`. The host must be a `UIViewController`.
    ///
    /// Embedding another child replaces the one embedded before, completely and in UIKit's
    /// order for swapping children: the new child is added (`willMove(toParent:)`, its view
    /// loaded), the old one is told `willMove(toParent: nil)`, the new view replaces the old
    /// one in the scroll view, the old child is removed (`removeFromParent()`, so
    /// `didMove(toParent: nil)`), and the new one gets `didMove(toParent:)`. Embedding the
    /// child already embedded does nothing.
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
            warn(
                "embedViewController(\(child.diagnosticLabel)): a view controller cannot embed itself; nothing embedded"
            )
            return
        }
        guard child !== embeddedViewController else { return }
        guard child.parent == nil || child.parent === parent else {
            warn("embedViewController(\(child.diagnosticLabel)): it already has a parent; nothing embedded")
            return
        }
        if let view = child.viewIfLoaded {
            do {
                _ = try installer.placement(of: view, root: parent.viewIfLoaded)
            } catch {
                warn(
                    "embedViewController(\(child.diagnosticLabel)): its view \(view.diagnosticLabel) refused: \(error); nothing embedded"
                )
                return
            }
        }
        let wasChild = child.parent === parent
        parent.addChild(child)
        let added = !wasChild && child.parent === parent
        let view: UIView = child.view
        do {
            // Checked before the old child hears anything, so that a refusal leaves it embedded.
            _ = try installer.placement(of: view, root: parent.viewIfLoaded)
        } catch {
            if added {
                child.willMove(toParent: nil)
                child.removeFromParent()
            }
            warn(
                "embedViewController(\(child.diagnosticLabel)): its view \(view.diagnosticLabel) refused: \(error); nothing embedded"
            )
            return
        }
        let previous = embeddedViewController
        previous?.willMove(toParent: nil)
        contentView = view
        if let previous {
            // The new view replaced it in the scroll view; a view the app moved elsewhere goes too.
            if previous.viewIfLoaded?.superview != nil { previous.view.removeFromSuperview() }
            previous.removeFromParent()
        }
        embeddedViewController = child
        child.didMove(toParent: parent)
    }

    // MARK: SCVC's forwarding methods

    /// Installs a content view assigned before the host's view loaded, and logs a warning if
    /// there is no content view, if the content view's size is undefined (in debug builds, as
    /// SCVC checks it), or if a ``ScrollingContentViewController`` subclass's `viewDidLoad()`
    /// did not call `super.viewDidLoad()` (SCVC asserts the first and the last). Not needed with a view
    /// controller host, whose lifecycle the manager hears; calling it as well is harmless.
    public func viewWillAppear(_ animated: Bool) {
        if let base = host as? ScrollingContentViewController, base.isViewLoaded, !base.didRunBaseViewDidLoad,
            !warnedMissingSuperViewDidLoad
        {
            warnedMissingSuperViewDidLoad = true
            warn(
                "\(base.diagnosticLabel).viewDidLoad() did not call super.viewDidLoad(): call it first, as UIKit asks; a content view assigned before the view loaded is installed now, as the view appears"
            )
        }
        hostViewDidLoad()
        guard installer.installed != nil else {
            warn(
                "no content view by viewWillAppear: assign contentView in viewDidLoad() (or connect the outlet); the screen shows no content"
            )
            return
        }
        if let warning = installer.undefinedSizeWarning() { warn(warning) }
    }

    /// Pins the content during a size transition. Not needed with a view controller host;
    /// calling it as well is harmless (a coordinator is handled once).
    public func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        guard host != nil, let before = rotation.begin(coordinator) else { return }
        // The filter is suspended so that the `keyboardWillHide` UIKit posts before the rotation
        // and the `keyboardWillShow` after it are acted on once.
        record(.filterSuspended)
        act(on: filter.suspend())
        coordinator.animate(
            alongsideTransition: { [weak self] _ in
                guard let self, let root = self.host?.viewIfLoaded else { return }
                root.layoutIfNeeded()
                self.anchor(from: before, insideTransition: true)
            },
            completion: { [weak self] _ in
                guard let self else { return }
                // A keyboard change held through the rotation anchors the offset again when it is
                // applied; without one, the anchor set inside the transition is final.
                self.rotation.end(before, keyboardChangeHeld: self.filter.holdsKeyboardChange)
                self.record(.filterResumed)
                self.act(on: self.filter.resume())
            })
    }

    /// Applies the window's keyboard state to a host whose safe area changed without a
    /// keyboard notification. Not needed with a view controller host; calling it as well is
    /// harmless.
    public func viewSafeAreaInsetsDidChange() {
        replayKeyboardStateIfNeeded()
    }

    /// The host's view is loaded: the lifecycle child's view goes in it, and so do the content
    /// views assigned before it loaded (see ``ContentInstaller/hostViewDidLoad(_:)``). The base
    /// host calls it from `viewDidLoad()`.
    func hostViewDidLoad() {
        guard let host, host.viewIfLoaded != nil else { return }
        attachLifecycleView()
        contentPlaced(installer.hostViewDidLoad(host))
    }

    // MARK: Events from the scroll view

    /// The scroll view entered or left a window: hear the keyboard of that window's screen, on
    /// that window's clock. Entering one, the host is reconciled with that window's keyboard.
    func scrollViewDidMoveToWindow() {
        let window = scrollView.window
        guard keyboardObserver.observe(window) else { return }
        filter.reset(for: window)
        if window != nil { reconcileWithWindow() }
    }

    /// The one place every way into a window goes through (presented, pushed, popped back to,
    /// uncovered): what the manager applied while away may be stale — a hide held when the
    /// screen left (dropped with the old window's filter), a keyboard that changed height
    /// meanwhile, a rotation while covered. The window's keyboard is applied again, without
    /// animation, and the offset is brought back into its legal range.
    private func reconcileWithWindow() {
        guard let root = host?.viewIfLoaded, installer.installed != nil else { return }
        // The undefined-size check (SCVC's, in `viewWillAppear`) is made here first, as the
        // screen enters its window: its fitting size solves the whole content in a solver of
        // its own, which is freed before the layout below builds the window's. Made after it,
        // the two solvers were alive at once (peak memory of a 10,000-row screen 300 MB
        // instead of 180). It runs once per content view, in debug builds only;
        // `viewWillAppear` does it otherwise.
        if let warning = installer.undefinedSizeWarning() { warn(warning) }
        UIView.performWithoutAnimation {
            replayKeyboardState()
            root.layoutIfNeeded()
            clampContentOffset()
        }
    }

    /// Whether a scroll request made now would wait: a keyboard change is held in the filter,
    /// or the filter is suspended for a transition.
    var holdsScrollRequests: Bool { filter.holdsScrollRequests }

    /// A scroll request from the scroll view: it waits for a pending keyboard change.
    func enqueue(_ request: ScrollRequest) {
        record(.scrollRequested(request.fallbackRect, animated: request.animated))
        act(on: filter.request(request, filter: keyboardEventFilter))
    }

    /// The first responder inside the scroll view, or `nil` (see
    /// ``KeyboardObserver/firstResponder()``).
    func firstResponder() -> UIView? {
        keyboardObserver.firstResponder()
    }

    // MARK: Keyboard notifications

    /// A keyboard notification was heard: held by the filter, or acted on at once for a
    /// navigation transition or an interactive dismissal.
    private func keyboardHeard(_ heard: KeyboardObserver.Heard) {
        guard let host, host.viewIfLoaded != nil else { return }
        let event: KeyboardEvent
        switch heard {
        case .ignored(let kind, let problem):
            let text = "\(kind) with \(problem)"
            diagnostics.report(.warning, "ScrollingContentManager: ignored \(text)", about: host.viewIfLoaded)
            record(.notificationIgnored(text))
            return
        case .event(let heardEvent):
            event = heardEvent
        }
        record(.keyboardNotification(event))
        act(on: filter.receive(event, filter: keyboardEventFilter))
        if navigationTransitionPolicy.isNavigationTransition(event) {
            // A pushed screen must arrive laid out for the keyboard, not settle 0.1 s later.
            record(.flushed(.navigationTransition))
            act(on: filter.flush())
        } else if event.kind == .willHide, scrollView.isTracking, scrollView.keyboardDismissMode != .none,
            shouldResizeContentViewForKeyboard
        {
            // The user dragged the keyboard away: the content follows the finger, so the hide
            // is applied at once rather than after the content jumped back.
            record(.flushed(.interactiveDismissal))
            act(on: filter.flush())
        }

        // SCVC's fix for text fields animating their text when the first responder changes:
        // settle the layout without animation on every keyboard notification. Only once the
        // event is in the filter: a safe-area change this layout causes (a screen's first
        // layout) must not replay the window's keyboard state past the filter.
        UIView.performWithoutAnimation { host.viewIfLoaded?.layoutIfNeeded() }
    }

    /// Records a hold, or applies a batch the filter let through at once.
    private func act(on step: KeyboardFilterClock.Step) {
        switch step {
        case .none:
            break
        case .held(let deadline):
            record(.held(until: deadline))
        case .fire(let batch):
            apply(batch)
        }
    }

    // MARK: Applying

    /// Applies what the filter let through: the keyboard change first, then the scroll
    /// requests in order (they may refer to content the change moved), then the first
    /// responder's visibility.
    private func apply(_ batch: KeyboardFilterClock.Batch) {
        guard host != nil else { return }
        if let event = batch.event {
            let navigation = navigationTransitionPolicy.isNavigationTransition(event)
            applyKeyboard(
                event, animation: insetAnimationPolicy.animation(for: event, isNavigationTransition: navigation),
                requests: batch.requests)
        } else {
            performScrolls(batch.requests)
        }
    }

    /// Applies the keyboard state `event` leaves: the adjuster measures the overlap and asks the
    /// policies, and their decisions are carried out in one (possibly animated) block. A replay
    /// that would change nothing the manager applied itself does nothing and records nothing.
    private func applyKeyboard(
        _ event: KeyboardEvent, animation: InsetAnimation, requests: [ScrollRequest] = [],
        replaying: Bool = false
    ) {
        guard let host, let root = host.viewIfLoaded, let window = root.window else { return }
        settleLayoutBeforePlanning(root)
        let policies = KeyboardAdjuster.Policies(
            overlap: keyboardOverlapPolicy, insets: insetAdjustmentPolicy, resize: keyboardResizePolicy)
        let plan = adjuster.plan(
            for: event, animation: animation, policies: policies, host: host, root: root, window: window)
        if replaying {
            guard !adjuster.isBasisOfLastPlan(plan) else { return }
            record(.keyboardStateReplayed)
        }
        record(.keyboardApplied(plan.application))
        guard !plan.changesNothing else {
            adjuster.carryOut(plan, host: host, content: installer.installed)
            performScrolls(requests)
            return
        }
        performInAnimation(animation) {
            self.adjuster.carryOut(plan, host: host, content: self.installer.installed)
            root.layoutIfNeeded()
            // The keyboard state that follows a rotation is applied: anchor the offset again, now
            // that the insets are final. Inside the transition the old orientation's keyboard
            // inset (and held height) still bounded the legal range, so the anchored offset may
            // have been clamped short of where the policy wanted it.
            if let before = self.rotation.takePending() { self.anchor(from: before, insideTransition: false) }
            self.clampContentOffset()
            self.performScrolls(requests)
            // The first responder is looked for only while the keyboard is up: after a hide none
            // needs showing, and the search may walk the whole content (a responder other than a
            // text field).
            if let rect = self.visibilityPolicy.rectToMakeVisible(
                afterKeyboardChange: VisibilityContext(
                    firstResponderFrame: plan.isKeyboardVisible ? self.firstResponderFrame() : nil,
                    margin: self.scrollView.visibilityScrollMargin,
                    isKeyboardVisible: plan.isKeyboardVisible, geometry: self.scrollView.scrollGeometry))
            {
                self.scroll(to: rect, reason: .firstResponderVisibility)
            }
        }
    }

    /// Lays out what is pending in the host's view, without animation, before a plan reads
    /// its frames and safe area: a plan then starts from the same laid-out geometry whichever
    /// of the screens in the window (a screen and the one being pushed over or popped off it)
    /// hears a keyboard notification first. Another screen's layout pass may lay this one out
    /// (HostKit lays out the whole tree; UIKit from the highest ancestor needing layout), so
    /// without this, a pending content-size change was clamped against the old insets when
    /// the other screen heard first and against the new ones otherwise (seed 27279: 34 pt
    /// apart).
    private func settleLayoutBeforePlanning(_ root: UIView) {
        UIView.performWithoutAnimation { root.layoutIfNeeded() }
    }

    /// Runs `body` as the policy says: in a spring animation, or without animation.
    private func performInAnimation(_ animation: InsetAnimation, _ body: @escaping @MainActor () -> Void) {
        switch animation {
        case .none:
            UIView.performWithoutAnimation(body)
        case .spring(let duration, let damping, let velocity):
            UIView.animate(
                withDuration: duration, delay: 0, usingSpringWithDamping: damping,
                initialSpringVelocity: velocity, animations: body)
        }
    }

    /// Anchors the offset for a transition that began at `before` (see ``RotationAnchoring``).
    private func anchor(from before: RotationAnchoring.Before, insideTransition: Bool) {
        if let move = rotation.anchor(
            from: before, policy: rotationAnchorPolicy, firstResponderFrame: firstResponderFrame(),
            insideTransition: insideTransition)
        {
            record(.rotationAnchored(from: move.from, to: move.to))
        }
    }

    // MARK: Scrolling

    /// Performs the requests in order. One made with `animated: false` is performed without
    /// animation even inside the keyboard's spring.
    private func performScrolls(_ requests: [ScrollRequest]) {
        for request in requests {
            let before = scrollView.contentOffset
            if request.animated {
                scrollView.perform(request)
            } else {
                UIView.performWithoutAnimation { scrollView.perform(request) }
            }
            if scrollView.contentOffset != before {
                record(.scrolled(from: before, to: scrollView.contentOffset, reason: .request))
            }
        }
    }

    private func scroll(to rect: CGRect, reason: ScrollingContentEvent.ScrollReason) {
        let before = scrollView.contentOffset
        let target = scrollView.scrollGeometry.offset(makingVisible: rect, from: before)
        guard target != before else { return }
        scrollView.setContentOffset(target, animated: true)
        record(.scrolled(from: before, to: target, reason: reason))
    }

    /// The scroll view's content size changed at a layout (the app's constraints, a new
    /// content view, a held height let go): an offset left beyond the new end is brought back
    /// into the legal range, unless the user's finger or a fling is moving the content.
    func scrollViewContentSizeDidChange() {
        guard scrollView.window != nil, !scrollView.isDecelerating else { return }
        clampContentOffset()
    }

    /// Brings the offset back into the legal range: UIKit leaves it where it was when the
    /// insets shrink (the keyboard hides, the device rotates), which can show empty space.
    private func clampContentOffset() {
        let geometry = scrollView.scrollGeometry
        let offset = scrollView.contentOffset
        guard !geometry.isLegal(offset), !scrollView.isTracking else { return }
        let clamped = geometry.clamped(offset)
        scrollView.setContentOffset(clamped, animated: false)
        record(.scrolled(from: offset, to: clamped, reason: .clamp))
    }

    /// The first responder's frame in the scroll view's content coordinates, if it is inside.
    private func firstResponderFrame() -> CGRect? {
        guard let responder = firstResponder() else { return nil }
        return responder.convert(responder.bounds, to: scrollView)
    }

    // MARK: Replaying the window's keyboard state

    /// A host whose safe area changed without a keyboard notification — a screen pushed while
    /// the keyboard stays up gets none — learns the keyboard's frame from its window, and the
    /// adjustment is recomputed for the new safe area, at once and without animation, so that a
    /// pushed screen is laid out for the keyboard during the push. A keyboard change already
    /// held by the filter is flushed instead (SCVC submits the last notification and flushes
    /// its filter in `viewSafeAreaInsetsDidChange`); while the filter is suspended (a rotation)
    /// nothing is done, as the change after it will tell. A change the manager causes itself
    /// replays nothing: the last plan's basis explains it (see ``KeyboardAdjuster``), and a
    /// replay planned anyway has that basis and stops there.
    private func replayKeyboardStateIfNeeded() {
        guard let window = scrollView.window, !filter.isSuspended else { return }
        // The usual safe-area change is the manager's own, made by carrying out a plan.
        if let host, let root = host.viewIfLoaded, adjuster.lastPlanExplainsSafeArea(of: root, host: host, in: window) {
            return
        }
        if filter.holdsKeyboardChange {
            record(.flushed(.safeAreaChange))
            act(on: filter.flush())
            return
        }
        replayKeyboardState()
    }

    private func replayKeyboardState() {
        guard let host, let root = host.viewIfLoaded, installer.installed != nil, let window = scrollView.window
        else { return }
        UIView.performWithoutAnimation { root.layoutIfNeeded() }
        let (isVisible, frame) = currentKeyboard(in: window)
        guard isVisible || adjuster.isAdjusting else { return }
        let event = KeyboardEvent(
            kind: isVisible ? .willShow : .willHide, frameBegin: frame, frameEnd: frame,
            duration: 0, time: now)
        applyKeyboard(
            event, animation: insetAnimationPolicy.animation(for: nil, isNavigationTransition: false),
            replaying: true)
    }

    /// The keyboard as the window's keyboard layout guide shows it (UIKit's own record of the
    /// keyboard, iOS 15): whether it is up, and its frame in window coordinates (`.zero` when
    /// it is not). The guide follows an undocked keyboard too; without a keyboard it is the
    /// strip of the bottom safe-area inset, so a frame no taller than that strip at the bottom
    /// edge means no keyboard (a keyboard that short covers nothing the safe area does not).
    private func currentKeyboard(in window: UIWindow) -> (isVisible: Bool, frame: CGRect) {
        // The guide is created at the first replay, not before. It follows an undocked keyboard
        // so that a replay sees a floating one too, and is laid out before it is read.
        let guide = window.keyboardLayoutGuide
        if !guide.followsUndockedKeyboard {
            guide.followsUndockedKeyboard = true
            UIView.performWithoutAnimation { window.layoutIfNeeded() }
        }
        let frame = guide.layoutFrame
        // Half a point of slack: frames come out of layout arithmetic.
        let atBottom = abs(frame.maxY - window.bounds.maxY) <= 0.5
        let isVisible = frame.isFinite && (!atBottom || frame.height > window.safeAreaInsets.bottom + 0.5)
        return (isVisible, isVisible ? frame : .zero)
    }

    // MARK: Diagnostics and the timeline

    /// Reports a problem through the platform's diagnostics (the host's log sink without
    /// UIKit) and the timeline.
    private func warn(_ text: String) {
        diagnostics.report(.warning, "ScrollingContentManager: \(text)", about: host?.viewIfLoaded ?? scrollView)
        record(.warning(text))
    }

    /// Reports bad input (a policy's answer that cannot be used) as an error, and on the
    /// timeline.
    private func reportError(_ text: String) {
        diagnostics.report(.error, "ScrollingContentManager: \(text)", about: host?.viewIfLoaded ?? scrollView)
        record(.warning(text))
    }

    /// The current time on the window's clock (0 without a window under HostKit).
    private var now: TimeInterval { filter.now }

    private func record(_ kind: ScrollingContentEvent.Kind) {
        guard !monitors.isEmpty else { return }
        let event = ScrollingContentEvent(time: now, kind: kind)
        for monitor in monitors { monitor.manager(self, didRecord: event) }
    }
}
