import Foundation

/// Shows one of several view controllers at a time, chosen with a bar of tabs along the bottom
/// (`UITabBarController`).
///
/// The selected controller's view fills the tab bar controller's view, under the ``tabBar``; the
/// bar's 49 pt are added to the shown controllers' bottom safe area (on top of the home
/// indicator's), so their `additionalSafeAreaInsets` stay theirs. A scroll view that is a tab's
/// root view adjusts its vertical insets under
/// ``UIScrollView/ContentInsetAdjustmentBehavior/automatic``, as UIKit's does (Apple's
/// documentation of `.automatic`: "Content is always adjusted vertically when the scroll view is
/// the content view of a view controller that is currently displayed by a navigation or tab bar
/// controller"). A navigation controller can be a tab: its screens then get both bars.
///
/// Selecting another tab swaps the views at once, without animation, as UIKit does: the old
/// controller disappears and the new one appears (a first responder in the old view resigns as
/// the view leaves the window). HostKit models what inset handling needs: no tab items, no
/// delegate, no "More" controller.
///
/// Refused and reported through ``UIViewController/logSink``, changing nothing: a controller that
/// has another parent or is listed twice, the tab bar controller itself, an index out of range,
/// selecting a controller that is not a tab.
@MainActor
open class UITabBarController: UIViewController {
    private let bar = UITabBar(frame: .zero)
    private var tabs: [UIViewController] = []
    private weak var selected: UIViewController?

    /// Creates a tab bar controller with no tabs (`UITabBarController(nibName:bundle:)`); set
    /// ``viewControllers``.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Returns `nil`: HostKit decodes no archives (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The bar along the bottom.
    open var tabBar: UITabBar { bar }

    /// The controllers shown by the tabs, in order (`nil` when there are none). Setting it is
    /// ``setViewControllers(_:animated:)`` without animation.
    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs (`UITabBarController.setViewControllers(_:animated:)`; HostKit does not
    /// animate). Controllers no longer listed are removed as children; new ones are added. The
    /// selection stays on the same controller if it is still a tab, else moves to the first.
    ///
    /// Refused and reported, changing nothing: a controller listed twice, one that has another
    /// parent, the tab bar controller itself.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let new = viewControllers ?? []
        for (index, controller) in new.enumerated() {
            if controller === self {
                logSink.log(
                    .error,
                    "\(debugLabel).setViewControllers: a tab bar controller cannot be its own tab; nothing changed")
                return
            }
            if new[..<index].contains(where: { $0 === controller }) {
                logSink.log(
                    .error,
                    "\(debugLabel).setViewControllers: \(controller.debugLabel) is listed twice; nothing changed")
                return
            }
            if let parent = controller.parent, parent !== self {
                logSink.log(
                    .error,
                    "\(debugLabel).setViewControllers: \(controller.debugLabel) is a child of \(parent.debugLabel); remove it from there first. Nothing changed"
                )
                return
            }
        }
        let next = new.first { $0 === selected } ?? new.first
        // Tabs no longer listed leave: the selected one's view first (it disappears), then the
        // containment, in UIKit's order.
        for old in tabs where !new.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            if old === selected {
                old.viewIfLoaded?.removeFromSuperview()
                selected = nil
            }
            old.removeFromParent()
        }
        for controller in new where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        tabs = new
        show(next)
    }

    /// The controller of the selected tab (`nil` without tabs). Setting a controller that is not
    /// a tab is refused and reported.
    open var selectedViewController: UIViewController? {
        get { selected }
        set {
            guard let newValue else { return }
            guard tabs.contains(where: { $0 === newValue }) else {
                logSink.log(
                    .error,
                    "\(debugLabel).selectedViewController = \(newValue.debugLabel): it is not one of the tabs; unchanged"
                )
                return
            }
            show(newValue)
        }
    }

    /// The index of the selected tab in ``viewControllers``; `NSNotFound` without tabs. An index
    /// out of range is refused and reported.
    open var selectedIndex: Int {
        get { tabs.firstIndex { $0 === selected } ?? NSNotFound }
        set {
            guard tabs.indices.contains(newValue) else {
                logSink.log(
                    .error, "\(debugLabel).selectedIndex = \(newValue): there are \(tabs.count) tabs; unchanged")
                return
            }
            show(tabs[newValue])
        }
    }

    // MARK: UIView

    /// Builds the container view with the bar and the selected controller's view. Subclasses
    /// that override it must call `super`.
    open override func loadView() {
        let container = TabBarContainerView(frame: defaultRootViewFrame)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.tabBar = bar
        container.addSubview(bar)
        view = container
        if let selected { install(selected, in: container) }
    }

    override func childRootViewDidChange(_ child: UIViewController) {
        // Every child of a tab bar controller is a tab.
        child.containerSafeAreaInsets = barInsets
        (child.viewIfLoaded as? UIScrollView)?.isContainerContentRoot = true
    }

    private var barInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 0, bottom: UITabBar.height, right: 0) }

    /// Makes `controller` the selected one: the old selected view leaves (it disappears, if the
    /// tab bar controller is on screen), the new one goes in under the bar (it appears).
    private func show(_ controller: UIViewController?) {
        guard controller !== selected || controller?.viewIfLoaded?.superview == nil else { return }
        let old = selected
        selected = controller
        guard let container = viewIfLoaded else { return }
        if let old, old !== controller, old.viewIfLoaded?.superview === container {
            old.viewIfLoaded?.removeFromSuperview()
        }
        if let controller { install(controller, in: container) }
    }

    /// Sizes a tab's view to the container and puts it under the bar.
    private func install(_ child: UIViewController, in container: UIView) {
        installBarContainedChild(child, in: container, below: bar, insets: barInsets)
    }
}

extension UIViewController {
    /// The nearest ancestor that is a tab bar controller (`UIViewController.tabBarController`).
    public var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }
}
