import Foundation
import HostKit

/// A view controller whose content view scrolls and stays usable with the keyboard, rotations
/// and navigation pushes: subclass it instead of ``ViewController``
/// (ScrollingContentViewController's class of the same name).
///
/// ```swift
/// final class SignUpViewController: ScrollingContentViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         view.backgroundColor = .systemBackground
///         contentView = View()
///         // Add the controls to contentView (not to view), with an unbroken chain of
///         // constraints from its top to its bottom and leading to trailing.
///     }
/// }
/// ```
///
/// Assign ``contentView`` in `viewDidLoad()` — or before the view loads (the storyboard-outlet
/// flow), even to the view the controller's `loadView()` makes its root view. ``view`` then
/// refers to a background view behind the transparent scroll view. Everything else is
/// ``ScrollingContentManager``'s (see there), which this class owns as ``manager``: the
/// properties below forward to it. Overriding the `ViewController` lifecycle methods is fine;
/// call `super` as always (the manager is told about lifecycle events even if you don't).
open class ScrollingContentViewController: ViewController {
    /// The manager that does the work; configure its policies here.
    public private(set) lazy var manager = ScrollingContentManager(host: self, monitors: initialMonitors)

    private let initialMonitors: [any ScrollingContentMonitor]

    /// Creates the controller and attaches its manager.
    ///
    /// - Parameter monitors: Told about every event of the manager, in this order (e.g. a
    ///   ``TimelineRecorder``); none by default.
    public init(monitors: [any ScrollingContentMonitor] = []) {
        initialMonitors = monitors
        super.init()
        _ = manager
    }

    /// The scrolling content view (see ``ScrollingContentManager/contentView``).
    public var contentView: View? {
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
    /// (ContainerScrollViewController's `embedViewController`).
    public func embedViewController(_ child: ViewController) {
        manager.embedViewController(child)
    }
}
