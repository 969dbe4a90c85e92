import Foundation

/// The bar at the top of a ``UINavigationController`` (`UINavigationBar`).
///
/// It sits just under the status bar (the navigation controller's top safe-area inset), full
/// width and ``height`` tall, and adds its height to the top safe area of the controllers the
/// navigation controller shows. HostKit draws it; it has no items or buttons.
@MainActor
public final class UINavigationBar: UIView {
    /// The bar's height: 44 pt, UIKit's standard bar on every device. (UIKit uses 32 pt on
    /// iPhones in landscape; HostKit keeps 44 so that a pushed screen's top inset is the same
    /// in both orientations.)
    public static let height: CGFloat = 44

    /// The title shown in the bar: the top view controller's title.
    public internal(set) var title: String?

    /// Creates a bar (its navigation controller does this).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        name = "navigationBar"
        backgroundColor = UIColor(white: 0.97, alpha: 1)
    }

    /// Returns `nil`: HostKit decodes no archives (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }
}

/// A navigation controller's root view: lays the bar out under the status bar.
@MainActor
final class NavigationContainerView: UIView {
    weak var navigationBar: UINavigationBar?

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let bar = navigationBar else { return }
        let frame = CGRect(x: 0, y: safeAreaInsets.top, width: bounds.width, height: UINavigationBar.height)
        if bar.frame != frame { bar.frame = frame }
    }
}
