import Foundation
import HostKit
import ScrollingPlugins

/// Makes a scroll view snap when a drag ends: asks a ``ScrollingPlugins/SnappingPolicy`` for
/// the resting offset and moves there, animated.
///
/// The controller observes its scroll view (held weakly by it) and sets the target in
/// ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``, as a UIKit delegate
/// would, so any drag the scroll view ends snaps. HostKit has no touch input: tests and
/// examples drive a drag with the scroll view's `beginSimulatedDrag()`, move `contentOffset`
/// as the finger would, and end it with the scroll view's `endSimulatedDrag(velocity:)`, or
/// with this controller's ``endSimulatedDrag(velocity:)``, which also reports the outcome and
/// leaves the drag going on bad input.
///
/// ```swift
/// let snapping = SnappingController(scrollView: list, policy: .alignedToAnchors,
///                                   anchorIDs: FormSection.allCases)
/// list.beginSimulatedDrag()
/// list.contentOffset.y += 120
/// list.endSimulatedDrag(velocity: CGPoint(x: 0, y: 1.5))   // rests with a section on top
/// ```
///
/// Everything is measured when the drag ends, after any pending layout: pages and anchor
/// offsets follow the keyboard (the visible area shrinks) and rotations.
@MainActor
public final class SnappingController: ScrollViewObserver {
    /// The scroll view that snaps.
    public let scrollView: ScrollView
    /// Decides the resting offset; ``ScrollingPlugins/NoSnapping`` (`.none`) by default.
    public var policy: any SnappingPolicy
    /// How far a flick glides; ``ScrollingPlugins/DecelerationRate/normal`` by default (UIKit's).
    public var decelerationRate: DecelerationRate
    /// The identifiers of the views to align with ``ScrollingPlugins/AlignedToAnchors``, looked
    /// up below the scroll view at each drag end (views inside a nested scroll view are
    /// ignored, they do not move with this one). Empty by default.
    public var anchorIDs: [AnyHashable]
    /// Which point of an anchor view meets the same point of the visible area when aligned;
    /// ``UnitPoint/top`` by default (a section's top just under the navigation bar).
    public var anchor: UnitPoint
    /// The target ``endSimulatedDrag(velocity:)`` computed, for the hook it triggers.
    private var pendingTarget: CGPoint?

    /// Creates a controller for `scrollView`; see the properties for the defaults.
    public init(scrollView: ScrollView, policy: any SnappingPolicy = .none, decelerationRate: DecelerationRate = .normal,
                anchorIDs: [AnyHashable] = [], anchor: UnitPoint = .top)
    {
        self.scrollView = scrollView
        self.policy = policy
        self.decelerationRate = decelerationRate
        self.anchorIDs = anchorIDs
        self.anchor = anchor
        scrollView.addScrollObserver(self)
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
                    scrollView.logSink.log(.warning, "SnappingController: no view carries the anchor \(id) directly in \(scrollView.debugLabel); ignored")
                    continue
                }
                let frame = scrollView.convert(view.bounds, from: view)
                anchorOffsets.append(geometry.contentOffset(showing: frame, at: anchor))
            }
        }
        return SnappingContext(geometry: geometry, contentOffset: scrollView.contentOffset, velocity: velocity,
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

    /// Ends a simulated drag with a release velocity (points per millisecond): the scroll view
    /// stops dragging, and moves — animated, as a deceleration — to the policy's target; its
    /// deceleration is over when this returns (HostKit applies animated changes at once).
    ///
    /// On bad input (a non-finite velocity, a zero-size page…) the error is reported through
    /// the scroll view's log sink and nothing changes: the scroll view is still dragging.
    @discardableResult
    public func endSimulatedDrag(velocity: CGPoint) -> SnappingOutcome {
        let target: CGPoint
        switch targetContentOffset(forVelocity: velocity) {
        case .failure(let error):
            scrollView.logSink.log(.error, "SnappingController.endSimulatedDrag(velocity: (\(velocity.x), \(velocity.y))): \(error); nothing moved")
            return .refused(error)
        case .success(let offset):
            target = offset
        }
        let from = scrollView.contentOffset
        // The scroll view asks this controller (and any other observer) for the target.
        pendingTarget = target
        scrollView.endSimulatedDrag(velocity: velocity)
        pendingTarget = nil
        scrollView.endSimulatedDeceleration()
        return .snapped(from: from, to: scrollView.contentOffset)
    }

    /// Sets `targetContentOffset` to the policy's resting offset for a release at `velocity`
    /// (points per millisecond). On bad input the error is reported through the scroll view's
    /// log sink and the target is left as it came: the content rests where the drag left it.
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: inout CGPoint)
    {
        guard scrollView === self.scrollView else { return }
        if let pendingTarget {
            targetContentOffset = pendingTarget
            return
        }
        switch self.targetContentOffset(forVelocity: velocity) {
        case .failure(let error):
            scrollView.logSink.log(.error, "SnappingController: a drag of \(scrollView.debugLabel) ended at (\(velocity.x), \(velocity.y)) pt/ms: \(error); no snapping")
        case .success(let offset):
            targetContentOffset = offset
        }
    }
}

/// What a ``SnappingController`` did at the end of a drag.
public enum SnappingOutcome: Equatable, Sendable, CustomStringConvertible {
    /// The content moved from the release offset to the resting one (equal when it was
    /// already there).
    case snapped(from: CGPoint, to: CGPoint)
    /// Nothing moved: the policy refused the input.
    case refused(SnappingError)

    /// A one-line account for logs and timelines: "snapped from {0, 100} to {0, 380}", or
    /// "refused: " and the error.
    public var description: String {
        switch self {
        case .snapped(let from, let to): "snapped from \(from.compactText) to \(to.compactText)"
        case .refused(let error): "refused: \(error)"
        }
    }
}
