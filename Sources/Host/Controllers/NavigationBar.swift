import Foundation

/// The bar at the top of a ``NavigationController`` (`UINavigationBar`).
///
/// It sits just under the status bar (the navigation controller's top safe-area inset), full
/// width and ``height`` tall, and adds its height to the top safe area of the controllers the
/// navigation controller shows. HostKit draws it; it has no items or buttons.
@MainActor
public final class NavigationBar: View {
    /// The bar's height: 44 pt, UIKit's standard bar on every device. (UIKit uses 32 pt on
    /// iPhones in landscape; HostKit keeps 44 so that a pushed screen's top inset is the same
    /// in both orientations.)
    public static let height: CGFloat = 44

    /// The title shown in the bar: the top view controller's title.
    public internal(set) var title: String?

    /// Creates a bar (its navigation controller does this).
    init() {
        super.init(frame: .zero)
        name = "navigationBar"
        backgroundColor = Color(white: 0.97)
    }
}

/// A navigation controller's root view: lays the bar out under the status bar.
@MainActor
final class NavigationContainerView: View {
    weak var navigationBar: NavigationBar?

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let bar = navigationBar else { return }
        let frame = CGRect(x: 0, y: safeAreaInsets.top, width: bounds.width, height: NavigationBar.height)
        if bar.frame != frame { bar.frame = frame }
    }
}
