import Foundation
import HostKit
import ScrollingContent

/// An iPhone SE window (375×667 portrait, a 20 pt status bar; another screen on request) on a
/// manual clock, whose root
/// view controller's view is filled by a scroll view that adjusts both axes for the safe area
/// (`.always`, as ScrollingContentViewController's scroll view): its visible area starts 20 pt
/// down. Targets are plain views with fixed frames in the content (content coordinates).
@MainActor
struct ScrollFixture {
    let window: Window
    let clock: ManualScheduler
    let controller: ViewController
    let scrollView: ScrollView
    let recorder = LogRecorder()
    let reader: ScrollReader

    /// The SE's status bar: the top of the visible area in window coordinates.
    static let statusBar: CGFloat = 20
    static let screenSize = CGSize(width: 375, height: 667)
    /// The SE's portrait keyboard height (predictive bar included).
    static let keyboardHeight: CGFloat = 260

    init(contentSize: CGSize = CGSize(width: 1000, height: 3000), screen: Screen = .iPhoneSE) {
        clock = ManualScheduler()
        window = Window(screen: screen, scheduler: clock, logSink: recorder.sink)
        window.name = "window"
        controller = ViewController()
        window.rootViewController = controller
        scrollView = ScrollView(frame: controller.view.bounds)
        scrollView.name = "list"
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.contentInsetAdjustmentBehavior = .always
        scrollView.contentSize = contentSize
        controller.view.addSubview(scrollView)
        window.makeKeyAndVisible()
        reader = ScrollReader(root: window)
    }

    /// Adds a view with `frame` (content coordinates) to `container` (the scroll view by
    /// default), marked with `id`.
    @discardableResult
    func addTarget(_ id: some Hashable, frame: CGRect, in container: View? = nil) -> View {
        let view = View(frame: frame)
        view.name = "\(id)"
        (container ?? scrollView).addSubview(view.setScrollAnchor(id))
        return view
    }

    /// Simulates the docked keyboard the way SCVC does: the host's bottom safe-area inset.
    func raiseKeyboard(height: CGFloat = ScrollFixture.keyboardHeight) {
        controller.additionalSafeAreaInsets = EdgeInsets(bottom: height)
    }

    /// The view's rectangle in window (screen) coordinates, after any pending layout.
    func windowFrame(of view: View) -> CGRect {
        window.layoutIfNeeded()
        return view.convert(view.bounds, to: nil)
    }

    /// How many animation blocks changed the content offset of `scrollView` so far.
    func offsetAnimations(of scrollView: ScrollView? = nil) -> [AnimationRecord] {
        let scroll = scrollView ?? self.scrollView
        return window.animationLog.filter { $0.changed(scroll, .contentOffset) }
    }
}

extension CGRect {
    /// The point at a unit point of the rectangle.
    func point(at anchor: UnitPoint) -> CGPoint {
        CGPoint(x: minX + anchor.x * width, y: minY + anchor.y * height)
    }
}

/// Whether two points agree within a small tolerance (the geometry is computed in `Double`).
func close(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}
