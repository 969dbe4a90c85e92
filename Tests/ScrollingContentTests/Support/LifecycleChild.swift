import Foundation
import HostKit
import ScrollingContent

/// A manager composed into a view controller adds an invisible child view controller to it,
/// whose hidden view sits behind everything in the host's root view: UIKit tells that child
/// about the host's appearance, size transitions and safe area, and it tells the manager.
/// These helpers leave it out, to see the children and subviews the app (and the manager's
/// scroll view) put there.
enum LifecycleChild {
    /// The name of the child's class (internal to ScrollingContent).
    static let typeName = "ScrollingContentLifecycleController"

    /// Whether `responder` is a manager's lifecycle child.
    static func isLifecycleChild(_ responder: UIResponder?) -> Bool {
        guard let controller = responder as? UIViewController else { return false }
        return String(describing: type(of: controller)) == typeName
    }
}

extension UIViewController {
    /// The children other than a manager's lifecycle child.
    var childrenOtherThanTheManagers: [UIViewController] {
        children.filter { !LifecycleChild.isLifecycleChild($0) }
    }
}

extension UIView {
    /// The subviews other than a manager's lifecycle child's view (a root view's next
    /// responder is its view controller).
    var subviewsOtherThanTheManagers: [UIView] {
        subviews.filter { !LifecycleChild.isLifecycleChild($0.next) }
    }
}
