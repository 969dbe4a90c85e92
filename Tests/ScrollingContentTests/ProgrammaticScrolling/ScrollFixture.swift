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
    let window: UIWindow
    let clock: ManualScheduler
    let controller: UIViewController
    let scrollView: UIScrollView
    let recorder = LogRecorder()
    let reader: ScrollReader

    /// The SE's status bar: the top of the visible area in window coordinates.
    static let statusBar: CGFloat = 20
    static let screenSize = CGSize(width: 375, height: 667)
    /// The SE's portrait keyboard height (predictive bar included).
    static let keyboardHeight: CGFloat = 260

    init(contentSize: CGSize = CGSize(width: 1000, height: 3000), screen: UIScreen = .iPhoneSE) {
        clock = ManualScheduler()
        window = UIWindow(screen: screen, scheduler: clock, logSink: recorder.sink)
        window.name = "window"
        controller = UIViewController()
        window.rootViewController = controller
        scrollView = UIScrollView(frame: controller.view.bounds)
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
    func addTarget(_ id: some Hashable, frame: CGRect, in container: UIView? = nil) -> UIView {
        let view = UIView(frame: frame)
        view.name = "\(id)"
        (container ?? scrollView).addSubview(view.setScrollAnchor(id))
        return view
    }

    /// Simulates the docked keyboard the way SCVC does: the host's bottom safe-area inset.
    func raiseKeyboard(height: CGFloat = ScrollFixture.keyboardHeight) {
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: height, right: 0)
    }

    /// The view's rectangle in window (screen) coordinates, after any pending layout.
    func windowFrame(of view: UIView) -> CGRect {
        window.layoutIfNeeded()
        return view.convert(view.bounds, to: nil)
    }

    /// How many animation blocks changed the content offset of `scrollView` so far.
    func offsetAnimations(of scrollView: UIScrollView? = nil) -> [AnimationRecord] {
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

/// Where a drag's content came to rest: what a user sees of a snapping controller's work.
struct DragOutcome: Equatable, CustomStringConvertible {
    /// The offset when the finger lifted.
    var from: CGPoint
    /// The offset the content rests at once the deceleration is over.
    var to: CGPoint

    /// The content moved from the release offset to the resting one (equal when it was
    /// already there, or when the delegate left the target as it came).
    static func snapped(from: CGPoint, to: CGPoint) -> DragOutcome {
        DragOutcome(from: from, to: to)
    }

    var description: String { "snapped from \(from) to \(to)" }
}

extension UIScrollView {
    /// Lifts the finger of a simulated drag at `velocity` (points per millisecond) and lets the
    /// content come to rest, as a flick does in UIKit: the delegate (a `SnappingController`,
    /// say) chooses the target in `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
    /// the content decelerates there, and the deceleration ends.
    func endSimulatedFlick(velocity: CGPoint) -> DragOutcome {
        let from = contentOffset
        endSimulatedDrag(velocity: velocity)
        endSimulatedDeceleration()
        return .snapped(from: from, to: contentOffset)
    }
}
