import Foundation

/// The object a scroll view tells about scrolling and dragging (`UIScrollViewDelegate`).
///
/// As in UIKit, a scroll view has one ``UIScrollView/delegate``, held weakly, and every
/// method is optional: each does nothing by default (UIKit's are `@objc optional`; HostKit
/// gives them empty default implementations). Implement the ones you need with UIKit's exact
/// signatures.
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// The content offset changed: set through ``UIScrollView/contentOffset``,
    /// ``UIScrollView/setContentOffset(_:animated:)`` (told at once, also when animated),
    /// ``UIScrollView/scrollRectToVisible(_:animated:)`` or `bounds`. Not told when a layout pass
    /// itself moves the offset (content kept at the top as insets change).
    func scrollViewDidScroll(_ scrollView: UIScrollView)

    /// A drag is about to begin (HostKit: ``UIScrollView/beginSimulatedDrag()``).
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)

    /// The finger is about to lift after a drag (HostKit: ``UIScrollView/endSimulatedDrag(velocity:)``),
    /// at `velocity` points per millisecond (positive when the offset grows); the scroll view is
    /// still dragging. Write `targetContentOffset.pointee` to choose where the content comes to
    /// rest; it arrives as the offset at release (HostKit simulates no glide).
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)

    /// The finger lifted; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)

    /// The content stopped moving after a drag (HostKit: ``UIScrollView/endSimulatedDeceleration()``).
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)

    /// The adjusted content inset changed during a layout pass.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}

    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}

    /// Does nothing: the content rests where the drag left it.
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}

    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}

    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}

    /// Does nothing.
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

extension UIScrollView {
    /// Tells the delegate that the offset changed.
    func notifyDidScroll() {
        delegate?.scrollViewDidScroll(self)
    }

    /// Asks the delegate where a drag released at `velocity` comes to rest, starting from the
    /// offset at release. A changed target is clamped to the legal range; a non-finite one is
    /// reported and ignored (the content stays where the drag left it).
    func targetContentOffsetForEndingDrag(velocity: CGPoint) -> CGPoint {
        let release = contentOffset
        // Released past an end, the content bounces back into the legal range (UIKit's rubber
        // band); that is the target the delegate is offered, as UIKit does.
        let proposed = clampedContentOffset(release)
        guard let delegate else { return proposed }
        var target = proposed
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: pointer)
        }
        guard target != proposed else { return proposed }
        guard target.isFinite else {
            logSink.log(
                .error,
                "\(debugLabel).endSimulatedDrag: the delegate chose the target \(target), not finite; the content rests at \(release)"
            )
            return release
        }
        return clampedContentOffset(target)
    }
}
