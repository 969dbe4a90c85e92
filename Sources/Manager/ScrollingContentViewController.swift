import Foundation

/// A view controller whose content view scrolls and stays usable with the keyboard, rotations
/// and navigation pushes: subclass it instead of `UIViewController`
/// (ScrollingContentViewController's class of the same name).
///
/// ```swift
/// final class SignUpViewController: ScrollingContentViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         view.backgroundColor = .systemBackground
///         contentView = UIView()
///         // Add the controls to contentView (not to view), with an unbroken chain of
///         // constraints from its top to its bottom and leading to trailing.
///     }
/// }
/// ```
///
/// Assign ``contentView`` in `viewDidLoad()` — or before the view loads (the storyboard-outlet
/// flow), even to the view the controller's `loadView()` makes its root view. `view` then
/// refers to a background view behind the transparent scroll view. Everything else is
/// ``ScrollingContentManager``'s (see there), which this class owns as ``manager``: the
/// properties below forward to it. Overriding the `UIViewController` lifecycle methods is fine;
/// call `super` as always (the manager is told about lifecycle events even if you don't).
open class ScrollingContentViewController: UIViewController {
    /// The manager that does the work; configure its policies here.
    public private(set) lazy var manager = ScrollingContentManager(host: self, monitors: initialMonitors)

    private let initialMonitors: [any ScrollingContentMonitor]

    /// Creates the controller and attaches its manager, with no monitors.
    ///
    /// A designated initializer, so a subclass's own initializer can call `super.init()`
    /// (UIKit's `UIViewController.init()` is a convenience initializer a subclass cannot call).
    public init() {
        initialMonitors = []
        super.init(nibName: nil, bundle: nil)
        _ = manager
    }

    /// Creates the controller and attaches its manager, told about every event.
    ///
    /// - Parameter monitors: Told about every event of the manager, in this order (e.g. a
    ///   ``TimelineRecorder``).
    public init(monitors: [any ScrollingContentMonitor]) {
        initialMonitors = monitors
        super.init(nibName: nil, bundle: nil)
        _ = manager
    }

    /// Creates the controller from a nib (UIKit's `init(nibName:bundle:)`; HostKit loads no
    /// nibs and ignores both) and attaches its manager, with no monitors.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initialMonitors = []
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        _ = manager
    }

    /// Creates the controller from a storyboard (UIKit's `init(coder:)`; HostKit decodes none
    /// and returns `nil`) and attaches its manager, with no monitors. A `contentView` outlet
    /// connected in the storyboard is installed when the view loads.
    public required init?(coder: NSCoder) {
        initialMonitors = []
        super.init(coder: coder)
        _ = manager
    }

    /// Installs a content view assigned before the view loaded (an outlet, or an assignment
    /// before presenting): UIKit tells no child view controller that its parent's view loaded,
    /// so the base host tells its manager here. Call `super` when overriding.
    open override func viewDidLoad() {
        super.viewDidLoad()
        didRunBaseViewDidLoad = true
        manager.hostViewDidLoad()
    }

    /// Makes sure the manager is attached to the root view before the view appears, even when a
    /// subclass's `viewDidLoad()` did not call `super` (the manager then warns, and installs a
    /// content view assigned before the view loaded). Call `super` when overriding.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        manager.hostViewDidLoad()
    }

    /// Whether this class's `viewDidLoad()` ran: the manager warns at `viewWillAppear` when a
    /// subclass did not call `super.viewDidLoad()`.
    private(set) var didRunBaseViewDidLoad = false

    /// The scrolling content view (see ``ScrollingContentManager/contentView``).
    public var contentView: UIView? {
        get { manager.contentView }
        set { manager.contentView = newValue }
    }

    /// The scroll view the content view is in.
    public var scrollView: ScrollingContentScrollView { manager.scrollView }

    /// Whether the content view shrinks for the keyboard (`false` by default; see
    /// ``ScrollingContentManager/shouldResizeContentViewForKeyboard``).
    public var shouldResizeContentViewForKeyboard: Bool {
        get { manager.shouldResizeContentViewForKeyboard }
        set { manager.shouldResizeContentViewForKeyboard = newValue }
    }

    /// Whether `additionalSafeAreaInsets` are adjusted for the keyboard (`true` by default;
    /// see ``ScrollingContentManager/shouldAdjustAdditionalSafeAreaInsetsForKeyboard``).
    public var shouldAdjustAdditionalSafeAreaInsetsForKeyboard: Bool {
        get { manager.shouldAdjustAdditionalSafeAreaInsetsForKeyboard }
        set { manager.shouldAdjustAdditionalSafeAreaInsetsForKeyboard = newValue }
    }

    /// Whether the first responder is scrolled into view after keyboard changes (`true` by
    /// default; ContainerScrollViewController's switch).
    public var shouldScrollFirstResponderToVisibleForKeyboard: Bool {
        get { manager.shouldScrollFirstResponderToVisibleForKeyboard }
        set { manager.shouldScrollFirstResponderToVisibleForKeyboard = newValue }
    }

    /// Embeds a child view controller whose view becomes the content view
    /// (ContainerScrollViewController's `embedViewController`; see
    /// ``ScrollingContentManager/embedViewController(_:)``). Embedding another child replaces it.
    public func embedViewController(_ child: UIViewController) {
        manager.embedViewController(child)
    }

    /// The child view controller embedded with ``embedViewController(_:)`` (`nil` before any).
    public var embeddedViewController: UIViewController? { manager.embeddedViewController }
}
