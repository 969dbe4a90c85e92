import Foundation

/// The bar along the bottom of a ``UITabBarController`` (`UITabBar`).
///
/// It sits at the bottom of the tab bar controller's view, full width, ``height`` tall above the
/// bottom safe-area inset and reaching down through it (83 pt on an iPhone X: 49 + the 34 pt home
/// indicator), as UIKit's does. It adds its ``height`` to the bottom safe area of the view
/// controllers the tab bar controller shows. HostKit draws it; it has no items.
@MainActor
public final class UITabBar: UIView {
    /// The bar's height above the bottom safe area: 49 pt, UIKit's tab bar on iPhone. (iPads use
    /// 50 pt and, since iPadOS 18, a bar at the top; HostKit keeps 49 at the bottom everywhere,
    /// so a tab's bottom inset is the same on every device apart from the home indicator.)
    public static let height: CGFloat = 49

    /// Creates a bar (its tab bar controller does this).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        name = "tabBar"
        backgroundColor = UIColor(white: 0.97, alpha: 1)
    }

    /// Returns `nil`: HostKit decodes no archives (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }
}

/// A tab bar controller's root view: lays the bar out along the bottom edge.
@MainActor
final class TabBarContainerView: UIView {
    weak var tabBar: UITabBar?

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let bar = tabBar else { return }
        let barHeight = UITabBar.height + safeAreaInsets.bottom
        let frame = CGRect(x: 0, y: bounds.height - barHeight, width: bounds.width, height: barHeight)
        if bar.frame != frame { bar.frame = frame }
    }
}
