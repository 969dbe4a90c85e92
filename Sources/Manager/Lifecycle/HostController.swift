/// Whatever owns the root view a ``ScrollingContentManager`` puts its scroll view in: the
/// abstraction the manager talks to instead of a concrete view controller.
///
/// `UIViewController` conforms: its `view`, `viewIfLoaded` and `additionalSafeAreaInsets`
/// are the requirements, with UIKit's own types. A type of your own can conform too; it feeds
/// ``additionalSafeAreaInsets`` into its root view's safe area and forwards its lifecycle to the
/// manager with ScrollingContentViewController's methods (``ScrollingContentManager/viewWillAppear(_:)``,
/// ``ScrollingContentManager/viewWillTransition(to:with:)``,
/// ``ScrollingContentManager/viewSafeAreaInsetsDidChange()``). A view controller host needs no
/// forwarding: the manager adds an invisible child view controller that UIKit tells.
@MainActor
public protocol HostController: AnyObject {
    /// The root view. Reading it loads it if needed; setting it replaces the root view, as
    /// `UIViewController.view = …` does (the manager substitutes a plain root view this way
    /// when the content view is the root view).
    var view: UIView! { get set }

    /// The root view if it is loaded, without loading it.
    var viewIfLoaded: UIView? { get }

    /// Insets added to the root view's safe area on top of what the window and containers
    /// give it (`UIViewController.additionalSafeAreaInsets`). The manager adjusts the bottom
    /// one for the keyboard.
    var additionalSafeAreaInsets: UIEdgeInsets { get set }
}

extension UIViewController: HostController {}
