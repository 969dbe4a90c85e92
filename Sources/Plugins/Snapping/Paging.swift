import Foundation

/// Snaps to pages: the content rests on the page boundary nearest where its glide ends.
///
/// Pages start at the minimum offset (the content's top-leading corner just inside the
/// insets) and are ``pageSize`` long, by default the visible area — the bounds inset by the
/// adjusted insets, so with the keyboard up a page is what the keyboard leaves. The end of the
/// content is a boundary too when the content is not a whole number of pages. An axis that
/// cannot scroll rests at its minimum.
///
/// The glide picks the page, so a fast flick at `UIScrollView.DecelerationRate.normal` can skip pages;
/// use `UIScrollView.DecelerationRate.fast` for one page per ordinary flick (UIKit's `isPagingEnabled`
/// moves at most one page, whatever the velocity).
public struct Paging: SnappingPolicy {
    /// The page size; `nil` (the default) for the visible size at release.
    public var pageSize: CGSize?

    /// Creates a paging policy with pages of `pageSize` (`nil`: the visible size).
    public init(pageSize: CGSize? = nil) {
        self.pageSize = pageSize
    }

    /// The page boundary nearest the projected rest offset on each axis (the lower one on a
    /// tie, the content's end when it is nearer); fails with ``SnappingError/zeroSizePage`` when
    /// a page has no length on an axis that scrolls, or with whatever the projection refuses.
    public func targetContentOffset(for context: SnappingContext) -> Result<CGPoint, SnappingError> {
        context.projectedRestOffset().flatMap { projected in
            let geometry = context.geometry
            let page = pageSize ?? geometry.visibleSize
            let low = geometry.minimumContentOffset
            let high = geometry.maximumContentOffset
            guard let x = Self.boundary(nearest: projected.x, from: low.x, to: high.x, page: page.width),
                let y = Self.boundary(nearest: projected.y, from: low.y, to: high.y, page: page.height)
            else { return .failure(.zeroSizePage) }
            return .success(CGPoint(x: x, y: y))
        }
    }

    /// The page boundary (`low + k·page`, or `high`) nearest `value` (in `low…high`); the lower
    /// one on a tie. `nil` when the axis scrolls and the page has no length.
    static func boundary(nearest value: CGFloat, from low: CGFloat, to high: CGFloat, page: CGFloat) -> CGFloat? {
        guard high > low else { return low }
        guard page.isFinite, page > 0 else { return nil }
        let index = ((value - low) / page).rounded(.down)
        let below = low + index * page
        let above = min(low + (index + 1) * page, high)
        return value - below <= above - value ? below : above
    }
}
