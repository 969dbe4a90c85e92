import Foundation

/// Snaps to content: the content rests with the anchor nearest where its glide ends aligned
/// (a section's top under the navigation bar, say).
///
/// The anchors arrive in ``SnappingContext/anchorOffsets`` as the offsets that align them
/// (ScrollingContent's `SnappingController` computes them from identified views with the
/// programmatic scrolling rule). Each is clamped to the legal range, since an anchor near the
/// end cannot be aligned exactly; the nearest by straight-line distance wins, the first listed
/// on a tie. With no anchors the content rests where its glide ends.
public struct AlignedToAnchors: SnappingPolicy {
    /// Creates the policy; it has no settings (``SnappingPolicy/alignedToAnchors`` is the same).
    public init() {}

    /// The anchor offset, clamped, nearest the projected rest offset (the first on a tie), or
    /// the projected offset itself when there are no anchors; fails on a non-finite anchor
    /// offset or whatever the projection refuses.
    public func targetContentOffset(for context: SnappingContext) -> Result<CGPoint, SnappingError> {
        context.projectedRestOffset().flatMap { projected in
            guard context.anchorOffsets.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                return .failure(.nonFiniteAnchorOffset)
            }
            var best = projected
            var bestDistance = CGFloat.infinity
            for anchor in context.anchorOffsets {
                let candidate = context.geometry.clamped(anchor)
                let dx = candidate.x - projected.x
                let dy = candidate.y - projected.y
                let distance = dx * dx + dy * dy
                if distance < bestDistance {
                    best = candidate
                    bestDistance = distance
                }
            }
            return .success(best)
        }
    }
}
