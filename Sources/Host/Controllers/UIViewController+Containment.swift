import Foundation

extension UIViewController {
    /// Adds a child view controller (`UIViewController.addChild(_:)`).
    ///
    /// As in UIKit, this calls `child.willMove(toParent: self)` first; you add the child's view
    /// to your view, then call `child.didMove(toParent: self)`. Adding a child that is already
    /// yours does nothing.
    ///
    /// Refused and reported, leaving both controllers as they were: a controller that already
    /// has another parent (call ``removeFromParent()`` first — HostKit does not silently move
    /// it, since a controller shown in two places is a bug), the receiver itself, or one of its
    /// ancestors.
    public func addChild(_ child: UIViewController) {
        if child === self {
            logSink.log(.error, "\(debugLabel).addChild: a view controller cannot be its own child; nothing changed")
            return
        }
        if child.parent === self { return }
        if let other = child.parent {
            logSink.log(
                .error,
                "\(debugLabel).addChild(\(child.debugLabel)): it is already a child of \(other.debugLabel); call removeFromParent() first. Nothing changed"
            )
            return
        }
        var ancestor = parent
        while let current = ancestor {
            if current === child {
                logSink.log(
                    .error,
                    "\(debugLabel).addChild(\(child.debugLabel)): it is an ancestor of the receiver (a cycle); nothing changed"
                )
                return
            }
            ancestor = current.parent
        }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
        childRootViewDidChange(child)
    }

    /// Removes the controller from its parent (`UIViewController.removeFromParent()`).
    ///
    /// As in UIKit, this calls `didMove(toParent: nil)` last; call `willMove(toParent: nil)`
    /// before, and remove the view from its superview yourself. Does nothing without a parent.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        containerSafeAreaInsets = .zero
        containerRootViewDidChange(from: viewIfLoaded)
        didMove(toParent: nil)
    }

    /// Puts a shown child's view into a bar container's view (a navigation or tab bar
    /// controller's): sized to the container and resizing with it, under `bar`, with the bar's
    /// `insets` added to its safe area and, for a scroll view, its content adjusted as a
    /// container's content root is.
    func installBarContainedChild(
        _ child: UIViewController, in container: UIView, below bar: UIView,
        insets: UIEdgeInsets
    ) {
        let childView: UIView = child.view
        childView.frame = container.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        child.containerSafeAreaInsets = insets
        (childView as? UIScrollView)?.isContainerContentRoot = true
        if childView.superview !== container { container.insertSubview(childView, belowSubview: bar) }
    }

    /// The nearest ancestor of the given container type (`navigationController`,
    /// `tabBarController`).
    func nearestAncestor<Container: UIViewController>(_ type: Container.Type) -> Container? {
        var ancestor = parent
        while let current = ancestor {
            if let container = current as? Container { return container }
            ancestor = current.parent
        }
        return nil
    }
}
