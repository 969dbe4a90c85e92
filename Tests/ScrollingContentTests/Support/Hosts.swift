import Foundation
import HostKit
import ScrollingContent

/// The three ways a user gets a scrolling content view.
enum HostKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A subclass of `ScrollingContentViewController` (SCVC's usual path).
    case subclass
    /// A `UIViewController` composing `ScrollingContentManager(host:)` (SCVC's
    /// "Usage Without Subclassing").
    case manager
    /// A `HostController` of the user's own that is not a view controller.
    case custom

    var description: String { rawValue }
}

/// Builds on a freshly loaded root view before the content view is assigned (adds the content
/// view to it with constraints, say).
typealias RootSetUp = @MainActor (UIView) -> Void

/// A root set-up that puts `content` in the root view above a gap: from the safe area's top,
/// edge to edge, ending `gapBelow` pt above the root's bottom (a sheet-like layout, so the
/// scroll view that takes its place meets only part of the keyboard).
func pinnedAboveGap(_ content: UIView, gapBelow: CGFloat) -> RootSetUp {
    { root in
        root.addSubview(content)
        content.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -gapBelow),
        ])
    }
}

/// The kinds of host whose manager can be given a `TimelineRecorder`: all of them
/// (`ScrollingContentViewController.init(monitors:)` on the subclass path).
let monitoredHostKinds: [HostKind] = HostKind.allCases

/// The kinds of host that are view controllers (a window rotates them, a navigation
/// controller pushes them).
let viewControllerHostKinds: [HostKind] = [.subclass, .manager]

/// What the scenario tests need from each kind of host.
@MainActor
protocol ScenarioHost: AnyObject {
    /// The manager doing the work.
    var manager: ScrollingContentManager { get }
    /// The host as the manager sees it.
    var hostController: any HostController { get }
    /// Called at the host's `viewWillAppear` (a navigation scenario focuses a field there).
    var onWillAppear: (@MainActor () -> Void)? { get set }
    /// Puts the host on screen in `window`, as an app's scene would.
    func present(in window: UIWindow)
}

// MARK: - The subclass path

/// A `ScrollingContentViewController` subclass that assigns its content view in
/// `viewDidLoad`, as SCVC's README shows ("Code", step 2).
final class SubclassHost: ScrollingContentViewController, ScenarioHost {
    private let content: UIView?
    private let setUp: RootSetUp?
    var onWillAppear: (@MainActor () -> Void)?

    /// `setUp` runs in `viewDidLoad` with the root view, then `content` is assigned (`nil`:
    /// the test assigns one itself).
    init(content: UIView?, setUp: RootSetUp? = nil, monitors: [any ScrollingContentMonitor] = []) {
        self.content = content
        self.setUp = setUp
        super.init(monitors: monitors)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUp?(view)
        if let content { contentView = content }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        onWillAppear?()
    }

    var hostController: any HostController { self }

    func present(in window: UIWindow) {
        window.rootViewController = self
        window.makeKeyAndVisible()
    }
}

// MARK: - The manager path

/// A plain `UIViewController` composing the manager, as SCVC's README shows in "Usage Without
/// Subclassing" (a lazy manager; the content view assigned in `viewDidLoad`).
final class ComposedHost: UIViewController, ScenarioHost {
    private let content: UIView?
    private let setUp: RootSetUp?
    private let monitors: [any ScrollingContentMonitor]
    var onWillAppear: (@MainActor () -> Void)?

    lazy var manager = ScrollingContentManager(host: self, monitors: monitors)

    init(content: UIView?, setUp: RootSetUp? = nil, monitors: [any ScrollingContentMonitor] = []) {
        self.content = content
        self.setUp = setUp
        self.monitors = monitors
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUp?(view)
        if let content { manager.contentView = content }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        onWillAppear?()
    }

    var hostController: any HostController { self }

    func present(in window: UIWindow) {
        window.rootViewController = self
        window.makeKeyAndVisible()
    }
}

// MARK: - A host of the user's own

/// A `HostController` that is not a `UIViewController`: it owns a root view, feeds its
/// `additionalSafeAreaInsets` into the root view's safe area through HostKit's
/// `additionalSafeAreaContribution`, and forwards its lifecycle to its manager with
/// ScrollingContentViewController's methods, as `HostController`'s documentation asks of such a
/// host: `loadView(forContentView:)` when its root view is set, `viewWillAppear(_:)`,
/// `viewWillTransition(to:with:)` and `viewSafeAreaInsetsDidChange()`. It owns its manager,
/// which holds it weakly.
final class CustomHost: HostController, ScenarioHost {
    /// The root view it makes: it reports its safe-area changes to the host.
    final class RootView: UIView {
        weak var host: CustomHost?

        override func safeAreaInsetsDidChange() {
            super.safeAreaInsetsDidChange()
            host?.rootSafeAreaDidChange()
        }
    }

    /// The window's root view controller while the host is on screen: the window tells it of
    /// rotations, and it passes them on to the host (an app's container would do the same).
    final class RotationRelay: UIViewController {
        weak var host: CustomHost?

        override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            host?.manager.viewWillTransition(to: size, with: coordinator)
        }
    }

    private var root: UIView?
    private let content: UIView?
    private let setUp: RootSetUp?
    private let monitors: [any ScrollingContentMonitor]
    private let relay = RotationRelay()
    var onWillAppear: (@MainActor () -> Void)?

    lazy var manager = ScrollingContentManager(host: self, monitors: monitors)

    init(content: UIView?, setUp: RootSetUp? = nil, monitors: [any ScrollingContentMonitor] = []) {
        self.content = content
        self.setUp = setUp
        self.monitors = monitors
        relay.host = self
        _ = manager
    }

    var view: UIView! {
        get {
            if let root { return root }
            let made = RootView()
            made.host = self
            made.name = "custom host root"
            made.translatesAutoresizingMaskIntoConstraints = true
            made.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            made.additionalSafeAreaContribution = additionalSafeAreaInsets
            root = made
            // What a view controller's viewDidLoad would do.
            setUp?(made)
            if let content { manager.contentView = content }
            return root ?? made
        }
        set {
            guard let newValue, newValue !== root else { return }
            let old = root
            old?.additionalSafeAreaContribution = .zero
            (newValue as? RootView)?.host = self
            newValue.additionalSafeAreaContribution = additionalSafeAreaInsets
            root = newValue
            if let old, let superview = old.superview {
                newValue.frame = old.frame
                newValue.autoresizingMask = old.autoresizingMask
                superview.insertSubview(newValue, aboveSubview: old)
                old.removeFromSuperview()
            }
            // A root view given before any was made is this host's loaded view, as a view
            // controller's `loadView()` setting `view`: as in SCVC's `loadView()`, the manager is
            // told, so that a pending content view that is this very view (an outlet) gets a
            // new root in its place; the content goes in at `viewWillAppear(_:)`. Replacing a
            // loaded root view (the manager's own substitution) is no new load.
            if old == nil { manager.loadView(forContentView: manager.contentView) }
        }
    }

    var viewIfLoaded: UIView? { root }

    var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { root?.additionalSafeAreaContribution = additionalSafeAreaInsets }
    }

    var window: UIWindow? { root?.window }

    var hostController: any HostController { self }

    /// Fills the window with the root view in HostKit's order for view controllers: the view
    /// goes in (sized), "will appear" is forwarded, then it is laid out. In the window, the root
    /// view's diagnostics reach the window's log sink, and a field can become first responder
    /// in `onWillAppear`.
    func present(in window: UIWindow) {
        // Not a view controller: the relay, the window's root view controller, hears rotations.
        window.rootViewController = relay
        window.makeKeyAndVisible()
        let root: UIView = view
        root.frame = window.bounds
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(root)
        manager.viewWillAppear(false)
        onWillAppear?()
        window.layoutIfNeeded()
    }

    /// Moves and resizes the root view in a size transition of the host's own (a sheet
    /// changing detent, say), driving a transition coordinator as a view controller's
    /// transition would: the manager is told, the new frame is laid out, the alongside blocks
    /// run, and the completions run `duration` later on the window's scheduler.
    func transition(to frame: CGRect, duration: TimeInterval = 0.3) {
        guard let root, let window = root.window else { return }
        let coordinator = SimulatedTransitionCoordinator(
            transitionDuration: duration, isAnimated: true, targetSize: frame.size)
        manager.viewWillTransition(to: frame.size, with: coordinator)
        UIView.animate(withDuration: duration) {
            root.autoresizingMask = []
            root.frame = frame
            window.layoutIfNeeded()
            coordinator.runAlongsideAnimations()
        }
        window.scheduler.schedule(after: duration, label: "custom host transition") { coordinator.runCompletions() }
    }

    fileprivate func rootSafeAreaDidChange() {
        manager.viewSafeAreaInsetsDidChange()
    }
}

// MARK: - The scenario

/// A host of some kind showing a content view on a stage, with the manager's timeline.
@MainActor
final class Scenario {
    let stage: Stage
    let kind: HostKind
    let host: any ScenarioHost
    /// The manager's timeline (every host kind takes monitors at creation).
    let timeline: TimelineRecorder

    var manager: ScrollingContentManager { host.manager }
    var controller: any HostController { host.hostController }
    var root: UIView { controller.view }
    var scrollView: ScrollingContentScrollView { manager.scrollView }
    var window: UIWindow { stage.window }

    /// Makes a host of `kind` whose content view is `content`, lets `configure` set the
    /// manager's policies, and presents it (unless `present` is `false`).
    convenience init(
        _ kind: HostKind, on phone: Phone, orientation: UIInterfaceOrientation = .portrait, content: UIView?,
        setUp: RootSetUp? = nil, present: Bool = true,
        configure: (ScrollingContentManager) -> Void = { _ in }
    ) {
        self.init(
            kind, on: phone.screen, orientation: orientation, content: content, setUp: setUp, present: present,
            configure: configure)
    }

    /// The same on a screen of the test's own (an iPad, a custom one).
    init(
        _ kind: HostKind, on screen: UIScreen, orientation: UIInterfaceOrientation = .portrait, content: UIView?,
        setUp: RootSetUp? = nil, present: Bool = true, configure: (ScrollingContentManager) -> Void = { _ in }
    ) {
        stage = Stage(screen, orientation: orientation)
        self.kind = kind
        let timeline = TimelineRecorder()
        switch kind {
        case .subclass:
            host = SubclassHost(content: content, setUp: setUp, monitors: [timeline])
        case .manager:
            host = ComposedHost(content: content, setUp: setUp, monitors: [timeline])
        case .custom:
            host = CustomHost(content: content, setUp: setUp, monitors: [timeline])
        }
        self.timeline = timeline
        // The manager's warnings reach the stage's log even while the host's view loads,
        // before it is in the window.
        host.manager.logSink = stage.log.sink
        configure(host.manager)
        if present { host.present(in: stage.window) }
    }

    /// Presents the host (for scenarios made with `present: false`).
    func present() {
        host.present(in: stage.window)
    }

    /// `view`'s frame in the root view's coordinates.
    func frameInRoot(_ view: UIView) -> CGRect {
        view.convert(view.bounds, to: root)
    }

    /// `view`'s frame in the window's coordinates.
    func frameInWindow(_ view: UIView) -> CGRect {
        view.convert(view.bounds, to: window)
    }

    /// The area of the scroll view not covered by its adjusted insets, in window coordinates.
    var visibleRectInWindow: CGRect {
        frameInWindow(scrollView).inset(by: scrollView.adjustedContentInset)
    }

    /// Whether `view` lies wholly inside the visible area of the scroll view.
    func isFullyVisible(_ view: UIView, margin: CGFloat = 0) -> Bool {
        let frame = frameInWindow(view).insetBy(dx: 0, dy: -margin)
        let visible = visibleRectInWindow
        return frame.minY >= visible.minY - 0.5 && frame.maxY <= visible.maxY + 0.5
    }

    /// Whether the content offset is inside the legal resting range.
    var offsetIsLegal: Bool {
        scrollView.scrollGeometry.isLegal(scrollView.contentOffset, tolerance: 0.5)
    }

    /// Assigns the content view the way a user of this host kind would: the controller's
    /// `contentView` on the subclass path, the manager's otherwise.
    func assignContentView(_ view: UIView?) {
        if let controller = host as? SubclassHost {
            controller.contentView = view
        } else {
            manager.contentView = view
        }
    }

    /// Sets SCVC's `shouldResizeContentViewForKeyboard` the way a user of this host kind
    /// would: on the controller for the subclass path, on the manager otherwise.
    func setShouldResizeContentViewForKeyboard(_ value: Bool) {
        if let controller = host as? SubclassHost {
            controller.shouldResizeContentViewForKeyboard = value
        } else {
            manager.shouldResizeContentViewForKeyboard = value
        }
    }

    /// The animation blocks that changed the host's `additionalSafeAreaInsets`.
    var insetAnimations: [AnimationRecord] {
        stage.animations(of: root, .additionalSafeAreaInsets)
    }
}

extension Scenario {
    /// The seeds' sign-up screen on a host of `kind`.
    static func signUp(
        _ kind: HostKind, on phone: Phone,
        configure: (ScrollingContentManager) -> Void = { _ in }
    ) -> (Scenario, SignUpContent) {
        signUp(kind, on: phone.screen, configure: configure)
    }

    /// The seeds' sign-up screen on a host of `kind`, on a screen of the test's own.
    static func signUp(
        _ kind: HostKind, on screen: UIScreen,
        configure: (ScrollingContentManager) -> Void = { _ in }
    ) -> (Scenario, SignUpContent) {
        let form = SignUpContent()
        return (Scenario(kind, on: screen, content: form.view, configure: configure), form)
    }
}
