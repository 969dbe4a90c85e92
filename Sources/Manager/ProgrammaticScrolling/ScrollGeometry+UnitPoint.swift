import Foundation

extension ScrollGeometry {
    /// The resting content offset that shows `frame` (content coordinates) at `anchor`, moved
    /// by `offset` — the DoorDash article's rule, made aware of the insets (DESIGN §6).
    ///
    /// The article's point `p = (f.minX + a.x·(f.width − v.width), f.minY + a.y·(f.height − v.height))`,
    /// with `v` the `visibleSize`, is where the *visible area* starts when the target's point
    /// at `anchor` meets the visible area's point at `anchor`. The visible area starts at
    /// `contentOffset + (inset.left, inset.top)`, so the offset is
    /// `p − (inset.left, inset.top) + offset`, clamped to the legal range. ``UnitPoint/top``
    /// therefore puts the target's top edge just under a navigation bar, ``UnitPoint/bottom``
    /// its bottom edge just above the keyboard; a target longer than the visible area overflows
    /// the far side. A positive `offset.y` scrolls further down (the target ends up higher).
    ///
    /// Non-finite input gives a meaningless result: check ``UnitPoint/isFinite`` and the
    /// offset first (``ScrollReader`` does).
    public func contentOffset(showing frame: CGRect, at anchor: UnitPoint, offset: CGPoint = .zero) -> CGPoint {
        let visible = visibleSize
        let inset = adjustedContentInset
        let start = CGPoint(
            x: frame.minX + anchor.x * (frame.width - visible.width),
            y: frame.minY + anchor.y * (frame.height - visible.height))
        return clamped(CGPoint(x: start.x - inset.left + offset.x, y: start.y - inset.top + offset.y))
    }
}
