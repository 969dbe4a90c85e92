import Foundation

/// What the snapping policies look at when a drag ends (the arguments of
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`, plus the anchors).
public struct SnappingContext: Sendable, Equatable {
    /// The scroll view's geometry at release; its adjusted insets include the keyboard's.
    public var geometry: ScrollGeometry
    /// The content offset when the finger lifts.
    public var contentOffset: CGPoint
    /// The release velocity in points per millisecond (UIKit's unit here), positive when the
    /// content offset grows (the finger moves up or to the leading side).
    public var velocity: CGPoint
    /// How quickly the content slows down; `UIScrollView.DecelerationRate.normal` by default.
    public var decelerationRate: UIScrollView.DecelerationRate
    /// The content offsets that align each anchor, in the caller's order (the controller
    /// computes them from identified views, so they follow the keyboard and rotations). Only
    /// ``AlignedToAnchors`` reads them; they need not be in the legal range.
    public var anchorOffsets: [CGPoint]

    /// Creates a context.
    public init(
        geometry: ScrollGeometry, contentOffset: CGPoint, velocity: CGPoint,
        decelerationRate: UIScrollView.DecelerationRate = .normal, anchorOffsets: [CGPoint] = []
    ) {
        self.geometry = geometry
        self.contentOffset = contentOffset
        self.velocity = velocity
        self.decelerationRate = decelerationRate
        self.anchorOffsets = anchorOffsets
    }

    /// Where the content would come to rest with no snapping: the offset plus, per axis, the
    /// glide `velocity·r / (1 − r)` of `UIScrollView.DecelerationRate`, clamped to the legal range (UIKit's
    /// proposed `targetContentOffset`). Fails on non-finite input or an invalid rate.
    public func projectedRestOffset() -> Result<CGPoint, SnappingError> {
        guard velocity.x.isFinite, velocity.y.isFinite else { return .failure(.nonFiniteVelocity) }
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else { return .failure(.nonFiniteContentOffset) }
        guard geometry.isFinite else { return .failure(.nonFiniteGeometry) }
        guard decelerationRate.isValid else { return .failure(.invalidDecelerationRate) }
        let glide = CGPoint(
            x: decelerationRate.projectedDistance(forVelocity: velocity.x),
            y: decelerationRate.projectedDistance(forVelocity: velocity.y))
        return .success(geometry.clamped(CGPoint(x: contentOffset.x + glide.x, y: contentOffset.y + glide.y)))
    }
}
