import Foundation

/// The root of a view tree shown on a screen (`UIWindow`).
///
/// A window fills its ``screen`` in the current ``orientation``: its frame is the screen's
/// bounds, with origin zero and no transform, so **screen coordinates are window
/// coordinates** (keyboard frames, `convert(_:to: nil)`). Its safe-area insets are the
/// screen's for the orientation.
///
/// Each window brings what UIKit keeps per process, so that two windows in one test never
/// share state: its ``scheduler`` (time), its ``keyboard`` (whose notifications name the
/// window's ``screen``), its ``firstResponder`` and its ``animationLog``. There is no application object and no list of
/// windows: ``isKeyWindow`` only records ``makeKeyAndVisible()``. Keep a reference to the
/// window for as long as it is used: as in UIKit, views hold their superview weakly, and
/// nothing else owns a window (UIKit's application does), so a window nobody holds is freed and
/// its views find themselves outside any window.
///
/// Layout happens when asked (``UIView/layoutIfNeeded()``) and once per turn of the scheduler
/// when something needs it: the first change after a layout schedules a pass with no delay,
/// like a run-loop turn, so `advance(by: 0)` on a ``ManualScheduler`` lays the window out. A
/// hidden window schedules no pass (it is not displayed); showing it lays it out.
///
/// ```swift
/// let clock = ManualScheduler()
/// let window = UIWindow(screen: .iPhoneSE, scheduler: clock)
/// window.rootViewController = MyViewController()
/// window.makeKeyAndVisible()   // viewWillAppear → layout → viewDidAppear
/// ```
@MainActor
open class UIWindow: UIView {
    /// The screen the window fills.
    public let screen: UIScreen

    /// The current interface orientation; change it with ``rotate(to:)``.
    public internal(set) var orientation: UIInterfaceOrientation

    /// The window's clock: keyboard animations, transitions, animation completions and the
    /// layout pass of each turn run on it.
    public let scheduler: any Scheduler

    /// Whether ``makeKeyAndVisible()`` was called.
    public private(set) var isKeyWindow = false

    /// The window's simulated keyboard.
    public private(set) lazy var keyboard = Keyboard(window: self)

    /// The view that receives keyboard input, or `nil` (`UIWindow`'s first responder); see
    /// ``UIView/becomeFirstResponder()``.
    public internal(set) weak var firstResponder: UIView?

    /// A new first responder is asking the old one to resign: the keyboard stays up.
    var isTransferringFirstResponder = false

    /// The animation blocks that changed views of this window, oldest first (at most
    /// ``animationLogLimit``); see ``UIView/animate(withDuration:delay:options:animations:completion:)``.
    public internal(set) var animationLog: [AnimationRecord] = []

    /// Rotation bookkeeping: the keyboard was docked when a rotation began, and which rotation
    /// is the latest.
    var keyboardIsHiddenByRotation = false
    var rotationGeneration = 0

    /// The guide that tracks the keyboard, once created (see ``keyboardLayoutGuide``).
    var storedKeyboardLayoutGuide: UIKeyboardLayoutGuide?

    private var scheduledLayoutPass: ScheduledWork?
    private var rootViewControllerIsInstalled = false

    /// Creates a hidden window filling `screen` in `orientation` (portrait by default), whose
    /// timed work runs on `scheduler`. Pass a ``ManualScheduler`` in tests (and advance it), a
    /// ``RealTimeScheduler`` in programs; the scheduler is required so that no window runs on
    /// a clock nobody advances.
    ///
    /// `logSink` becomes the tree's ``UIView/logSink`` (``LogSink/standardError`` by default). An
    /// orientation the screen does not support (upside down on a phone with a sensor housing)
    /// is reported there and replaced by portrait.
    public init(
        screen: UIScreen, orientation: UIInterfaceOrientation = .portrait, scheduler: any Scheduler,
        logSink: LogSink = .standardError
    ) {
        var orientation = orientation
        if !screen.supports(orientation) {
            logSink.log(.error, "UIWindow.init: \(screen.name) does not support \(orientation); using portrait")
            orientation = .portrait
        }
        self.screen = screen
        self.orientation = orientation
        self.scheduler = scheduler
        screen.interfaceOrientation = orientation
        super.init(frame: screen.bounds(for: orientation))
        self.logSink = logSink
        isHidden = true
        rootSafeAreaInsets = screen.safeAreaInsets(for: orientation)
    }

    /// Returns `nil`: HostKit decodes no archives, and a window needs a screen and a scheduler
    /// (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Whether the window is hidden; `true` until ``makeKeyAndVisible()``. Showing the window
    /// makes its root view controller appear (viewWillAppear, a layout pass, viewDidAppear);
    /// hiding it makes it disappear.
    public override var isHidden: Bool {
        didSet {
            guard oldValue != isHidden else { return }
            guard rootViewControllerIsInstalled, let root = rootViewController else {
                if !isHidden { layoutIfNeeded() }
                return
            }
            if isHidden {
                root.beginAppearanceTransition(false, animated: false)
                root.endAppearanceTransition()
            } else {
                appear(root)
            }
        }
    }

    // MARK: Root view controller

    /// The view controller whose view fills the window (`UIWindow.rootViewController`).
    ///
    /// Setting it loads the controller's view, sizes it to the window with a flexible
    /// autoresizing mask and adds it at the back. If the window is visible the old controller
    /// disappears and the new one appears (viewWillAppear, a layout pass, viewDidAppear);
    /// otherwise that happens at ``makeKeyAndVisible()``. A controller that has a parent is
    /// refused and reported.
    public var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let new = rootViewController, let parent = new.parent {
                logSink.log(
                    .error,
                    "\(debugLabel).rootViewController = \(new.debugLabel): it is a child of \(parent.debugLabel); unchanged"
                )
                rootViewController = oldValue
                return
            }
            if let old = oldValue, rootViewControllerIsInstalled {
                rootViewControllerIsInstalled = false
                let wasVisible = old.isAppearingOrAppeared
                if wasVisible { old.beginAppearanceTransition(false, animated: false) }
                old.viewIfLoaded?.removeFromSuperview()
                if wasVisible { old.endAppearanceTransition() }
            }
            guard let new = rootViewController else { return }
            install(new)
            if !isHidden { appear(new) }
        }
    }

    private func install(_ controller: UIViewController) {
        // Loaded for this window: a default root view starts at the window's size.
        controller.installingWindow = self
        let view: UIView = controller.view
        controller.installingWindow = nil
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: 0)
        rootViewControllerIsInstalled = true
    }

    private func appear(_ controller: UIViewController) {
        controller.beginAppearanceTransition(true, animated: false)
        layoutIfNeeded()
        controller.endAppearanceTransition()
    }

    /// Shows the window and makes it the key window (`UIWindow.makeKeyAndVisible()`): the
    /// root view controller appears — viewWillAppear, a layout pass, viewDidAppear, all before
    /// this returns.
    public func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
        layoutIfNeeded()
    }

    // MARK: First responder

    /// The first responder changed from `previous` to ``firstResponder`` (either may be `nil`).
    func firstResponderDidChange(from previous: UIView?) {
        let wasVisible = keyboard.isVisible
        let changesBefore = keyboard.postedChangeCount
        keyboard.firstResponderDidChange(to: firstResponder)
        // A field that begins editing while the keyboard stays up with nothing posted (a
        // floating keyboard, a pushed screen's field at the same height) still gets UIKit's
        // scroll into view in its enclosing scroll view. (When the keyboard posts a change, it
        // does this itself after the notifications.)
        if firstResponder != nil, wasVisible, keyboard.isVisible, keyboard.postedChangeCount == changesBefore {
            scrollFirstResponderToVisibleForKeyboard()
        }
    }

    /// The first responder's input accessory changed (``UIView/reloadInputViews()``).
    func firstResponderInputViewsDidChange() {
        keyboard.firstResponderDidChange(to: firstResponder)
    }

    // MARK: The layout turn

    override func rootNeedsLayoutPass() {
        // A hidden window is not displayed, so no turn lays it out; showing it does.
        guard scheduledLayoutPass == nil, !isHidden else { return }
        scheduledLayoutPass = scheduler.schedule(after: 0, label: "layout pass", layoutPassWork)
    }

    /// What a scheduled layout turn runs. Made once: a turn is scheduled at every change that
    /// needs layout (each keyboard change), and a new closure was allocated each time.
    private lazy var layoutPassWork: @MainActor () -> Void = { [weak self] in
        guard let self else { return }
        self.scheduledLayoutPass = nil
        self.layoutIfNeeded()
    }

    override func rootDidFinishLayoutPass() {
        guard let work = scheduledLayoutPass, !treeNeedsLayoutPass else { return }
        scheduler.cancel(work)
        scheduledLayoutPass = nil
    }
}
