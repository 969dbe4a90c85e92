import Foundation
import HostKit
import ScrollingContent

/// The three ways a user gets a scrolling content view.
enum HostKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A subclass of `ScrollingContentViewController` (SCVC's usual path).
    case subclass
    /// A `ViewController` composing `ScrollingContentManager(host:)` (SCVC's
    /// "Usage Without Subclassing").
    case manager
    /// A `HostController` of the user's own that is not a view controller.
    case custom

    var description: String { rawValue }
}

/// Builds on a freshly loaded root view before the content view is assigned (adds the content
/// view to it with constraints, say).
typealias RootSetUp = @MainActor (View) -> Void

/// A root set-up that puts `content` in the root view above a gap: from the safe area's top,
/// edge to edge, ending `gapBelow` pt above the root's bottom (a sheet-like layout, so the
/// scroll view that takes its place meets only part of the keyboard).
func pinnedAboveGap(_ content: View, gapBelow: CGFloat) -> RootSetUp {
    { root in
        root.addSubview(content)
        content.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -gapBelow),
        ])
    }
}

/// The kinds of host whose manager can be given a `TimelineRecorder` (the subclass's built-in
/// manager is created without monitors).
let monitoredHostKinds: [HostKind] = [.manager, .custom]

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
    func present(in window: Window)
}

// MARK: - The subclass path

/// A `ScrollingContentViewController` subclass that assigns its content view in
/// `viewDidLoad`, as SCVC's README shows ("Code", step 2).
final class SubclassHost: ScrollingContentViewController, ScenarioHost {
    private let content: View?
    private let setUp: RootSetUp?
    var onWillAppear: (@MainActor () -> Void)?

    /// `setUp` runs in `viewDidLoad` with the root view, then `content` is assigned (`nil`:
    /// the test assigns one itself).
    init(content: View?, setUp: RootSetUp? = nil) {
        self.content = content
        self.setUp = setUp
        super.init()
    }

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

    func present(in window: Window) {
        window.rootViewController = self
        window.makeKeyAndVisible()
    }
}

// MARK: - The manager path

/// A plain `ViewController` composing the manager, as SCVC's README shows in "Usage Without
/// Subclassing" (a lazy manager; the content view assigned in `viewDidLoad`).
final class ComposedHost: ViewController, ScenarioHost {
    private let content: View?
    private let setUp: RootSetUp?
    private let monitors: [any ScrollingContentMonitor]
    var onWillAppear: (@MainActor () -> Void)?

    lazy var manager = ScrollingContentManager(host: self, monitors: monitors)

    init(content: View?, setUp: RootSetUp? = nil, monitors: [any ScrollingContentMonitor] = []) {
        self.content = content
        self.setUp = setUp
        self.monitors = monitors
        super.init()
    }

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

    func present(in window: Window) {
        window.rootViewController = self
        window.makeKeyAndVisible()
    }
}

// MARK: - A host of the user's own

/// A `HostController` that is not a `ViewController` (HostKit's `HostLifecycleObserverList`
/// docs): it owns a root view, feeds its `additionalSafeAreaInsets` into the root view's safe
/// area through `additionalSafeAreaContribution`, and tells its observers about loading,
/// appearing and safe-area changes. It owns its manager, which holds it weakly.
final class CustomHost: HostController, ScenarioHost, WindowTransitionObserver {
    /// The root view it makes: it reports its safe-area changes to the host.
    final class RootView: View {
        weak var host: CustomHost?

        override func safeAreaInsetsDidChange() {
            super.safeAreaInsetsDidChange()
            host?.rootSafeAreaDidChange()
        }
    }

    private var root: View?
    private let observers = HostLifecycleObserverList()
    private let content: View?
    private let setUp: RootSetUp?
    private let monitors: [any ScrollingContentMonitor]
    var onWillAppear: (@MainActor () -> Void)?

    lazy var manager = ScrollingContentManager(host: self, monitors: monitors)

    init(content: View?, setUp: RootSetUp? = nil, monitors: [any ScrollingContentMonitor] = []) {
        self.content = content
        self.setUp = setUp
        self.monitors = monitors
        _ = manager
    }

    var view: View {
        get {
            if let root { return root }
            let made = RootView()
            made.host = self
            made.name = "custom host root"
            made.translatesAutoresizingMaskIntoConstraints = true
            made.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            made.additionalSafeAreaContribution = additionalSafeAreaInsets
            root = made
            observers.notify { $0.hostDidLoadView(self) }
            // What a view controller's viewDidLoad would do.
            setUp?(made)
            if let content { manager.contentView = content }
            return root ?? made
        }
        set {
            guard newValue !== root else { return }
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
            // controller's `loadView()` setting `view`: observers are told, so a pending content
            // view (an outlet to this very view, say) is installed. Replacing a loaded root view
            // (the manager's own substitution) is no new load.
            if old == nil { observers.notify { $0.hostDidLoadView(self) } }
        }
    }

    var viewIfLoaded: View? { root }

    var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet { root?.additionalSafeAreaContribution = additionalSafeAreaInsets }
    }

    var window: Window? { root?.window }

    func addLifecycleObserver(_ observer: any HostLifecycleObserver) { observers.add(observer) }
    func removeLifecycleObserver(_ observer: any HostLifecycleObserver) { observers.remove(observer) }

    var hostController: any HostController { self }

    /// Fills the window with the root view in HostKit's order for view controllers: the view
    /// goes in (sized), "will appear" is told, then it is laid out. In the window, the root
    /// view's diagnostics reach the window's log sink, and a field can become first responder
    /// in `onWillAppear`.
    func present(in window: Window) {
        window.makeKeyAndVisible()
        // Not a view controller: the window tells it of rotations as a transition observer.
        window.addTransitionObserver(self)
        let root = view
        root.frame = window.bounds
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(root)
        observers.notify { $0.hostWillAppear(self, animated: false) }
        onWillAppear?()
        window.layoutIfNeeded()
    }

    /// Moves and resizes the root view in a size transition of the host's own (a sheet
    /// changing detent, say), driving a `TransitionCoordinator` as HostKit's docs describe:
    /// observers are told, the new frame is laid out, the alongside blocks run, and the
    /// completions run `duration` later on the window's scheduler.
    func transition(to frame: CGRect, duration: TimeInterval = 0.3) {
        guard let root, let window = root.window else { return }
        let coordinator = TransitionCoordinator(transitionDuration: duration, isAnimated: true, targetSize: frame.size)
        observers.notify { $0.host(self, willTransitionTo: frame.size, with: coordinator) }
        View.animate(withDuration: duration) {
            root.autoresizingMask = []
            root.frame = frame
            window.layoutIfNeeded()
            coordinator.runAlongsideAnimations()
        }
        window.scheduler.schedule(after: duration, label: "custom host transition") { coordinator.runCompletions() }
    }

    /// A rotation: tells the observers, as a view controller's `viewWillTransition(to:with:)`
    /// does (the window resizes the root view through its autoresizing mask).
    func window(_ window: Window, willTransitionTo size: CGSize, with coordinator: TransitionCoordinator) {
        observers.notify { $0.host(self, willTransitionTo: size, with: coordinator) }
    }

    fileprivate func rootSafeAreaDidChange() {
        observers.notify { $0.hostSafeAreaDidChange(self) }
    }
}

// MARK: - The scenario

/// A host of some kind showing a content view on a stage, with a timeline where the host kind
/// lets a monitor be attached.
@MainActor
final class Scenario {
    let stage: Stage
    let kind: HostKind
    let host: any ScenarioHost
    /// The manager's timeline; `nil` on the subclass path, whose built-in manager is created
    /// without monitors.
    let timeline: TimelineRecorder?

    var manager: ScrollingContentManager { host.manager }
    var controller: any HostController { host.hostController }
    var root: View { controller.view }
    var scrollView: ScrollingContentScrollView { manager.scrollView }
    var window: Window { stage.window }

    /// Makes a host of `kind` whose content view is `content`, lets `configure` set the
    /// manager's policies, and presents it (unless `present` is `false`).
    init(_ kind: HostKind, on screen: Screen, orientation: Orientation = .portrait, content: View?,
         setUp: RootSetUp? = nil, present: Bool = true, configure: (ScrollingContentManager) -> Void = { _ in })
    {
        stage = Stage(screen, orientation: orientation)
        self.kind = kind
        let timeline = TimelineRecorder()
        switch kind {
        case .subclass:
            host = SubclassHost(content: content, setUp: setUp)
            self.timeline = nil
        case .manager:
            host = ComposedHost(content: content, setUp: setUp, monitors: [timeline])
            self.timeline = timeline
        case .custom:
            host = CustomHost(content: content, setUp: setUp, monitors: [timeline])
            self.timeline = timeline
        }
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
    func frameInRoot(_ view: View) -> CGRect {
        view.convert(view.bounds, to: root)
    }

    /// `view`'s frame in the window's coordinates.
    func frameInWindow(_ view: View) -> CGRect {
        view.convert(view.bounds, to: window)
    }

    /// The area of the scroll view not covered by its adjusted insets, in window coordinates.
    var visibleRectInWindow: CGRect {
        frameInWindow(scrollView).inset(by: scrollView.adjustedContentInset)
    }

    /// Whether `view` lies wholly inside the visible area of the scroll view.
    func isFullyVisible(_ view: View, margin: CGFloat = 0) -> Bool {
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
    func assignContentView(_ view: View?) {
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
    static func signUp(_ kind: HostKind, on screen: Screen,
                       configure: (ScrollingContentManager) -> Void = { _ in }) -> (Scenario, SignUpContent)
    {
        let form = SignUpContent()
        return (Scenario(kind, on: screen, content: form.view, configure: configure), form)
    }
}
