import Foundation
import ScrollingPlugins

/// Makes a scroll view snap when a drag ends: asks a `SnappingPolicy` (ScrollingPlugins) for
/// the resting offset and sets it as the drag's target.
///
/// It is a `UIScrollViewDelegate` whose ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``
/// writes the target, as UIKit lets a delegate do: make it the scroll view's `delegate` (held
/// weakly: keep the controller alive), or call that method from your own delegate. HostKit has
/// no touch input: tests and examples drive a drag with the scroll view's
/// `beginSimulatedDrag()`, move `contentOffset` as the finger would, and end it with
/// `endSimulatedDrag(velocity:)`.
///
/// ```swift
/// let snapping = SnappingController(scrollView: list, policy: .alignedToAnchors,
///                                   anchorIDs: FormSection.allCases)
/// list.delegate = snapping
/// list.beginSimulatedDrag()
/// list.contentOffset.y += 120
/// list.endSimulatedDrag(velocity: CGPoint(x: 0, y: 1.5))   // rests with a section on top
/// ```
///
/// Everything is measured when the drag ends, after any pending layout: pages and anchor
/// offsets follow the keyboard (the visible area shrinks) and rotations.
@MainActor
public final class SnappingController: NSObject, UIScrollViewDelegate {
    /// The scroll view that snaps.
    public let scrollView: UIScrollView
    /// Decides the resting offset; `NoSnapping` (`.none`) by default.
    public var policy: any SnappingPolicy
    /// How far a flick glides; `.normal` by default (UIKit's).
    public var decelerationRate: UIScrollView.DecelerationRate
    /// The identifiers of the views to align with `AlignedToAnchors`, looked
    /// up below the scroll view at each drag end (views inside a nested scroll view are
    /// ignored, they do not move with this one). Empty by default.
    public var anchorIDs: [AnyHashable]
    /// Which point of an anchor view meets the same point of the visible area when aligned;
    /// ``UnitPoint/top`` by default (a section's top just under the navigation bar).
    public var anchor: UnitPoint

    /// Creates a controller for `scrollView`; see the properties for the defaults.
    public init(
        scrollView: UIScrollView, policy: any SnappingPolicy = .none,
        decelerationRate: UIScrollView.DecelerationRate = .normal, anchorIDs: [AnyHashable] = [],
        anchor: UnitPoint = .top
    ) {
        self.scrollView = scrollView
        self.policy = policy
        self.decelerationRate = decelerationRate
        self.anchorIDs = anchorIDs
        self.anchor = anchor
        super.init()
    }
    /// What the policy sees for a release at `velocity` (points per millisecond): the geometry
    /// and offset now, after any pending layout, and the offsets aligning each anchor found.
    /// An identifier no view below the scroll view carries is skipped and reported as a warning.
    public func context(forVelocity velocity: CGPoint) -> SnappingContext {
        scrollView.layoutIfNeeded()
        let geometry = scrollView.scrollGeometry
        var anchorOffsets: [CGPoint] = []
        if anchor.isFinite {
            for id in anchorIDs {
                guard let view = scrollView.scrollAnchorView(withID: id), view.enclosingScrollView === scrollView else {
                    PlatformDiagnostics().report(
                        .warning,
                        "SnappingController: no view carries the anchor \(id) directly in \(scrollView.diagnosticLabel); ignored",
                        about: scrollView)
                    continue
                }
                let frame = scrollView.convert(view.bounds, from: view)
                anchorOffsets.append(geometry.contentOffset(showing: frame, at: anchor))
            }
        }
        return SnappingContext(
            geometry: geometry, contentOffset: scrollView.contentOffset, velocity: velocity,
            decelerationRate: decelerationRate, anchorOffsets: anchorOffsets)
    }

    /// Where the content would rest after a release at `velocity` (points per millisecond,
    /// positive when the offset grows), or why the policy has no answer. Moves nothing.
    public func targetContentOffset(forVelocity velocity: CGPoint) -> Result<CGPoint, SnappingError> {
        guard anchor.isFinite else {
            // Reported as the anchor offsets it would produce.
            return .failure(.nonFiniteAnchorOffset)
        }
        return policy.targetContentOffset(for: context(forVelocity: velocity))
    }

    /// Sets `targetContentOffset` to the policy's resting offset for a release at `velocity`
    /// (points per millisecond). On bad input the error is reported as a diagnostic and the
    /// target is left as it came: the content rests where the drag left it.
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        guard scrollView === self.scrollView else { return }
        switch self.targetContentOffset(forVelocity: velocity) {
        case .failure(let error):
            PlatformDiagnostics().report(
                .error,
                "SnappingController: a drag of \(scrollView.diagnosticLabel) ended at (\(velocity.x), \(velocity.y)) pt/ms: \(error); no snapping",
                about: scrollView)
        case .success(let offset):
            targetContentOffset.pointee = offset
        }
    }
}
