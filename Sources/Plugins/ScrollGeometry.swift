import Foundation

/// The scrolling geometry of a scroll view as a value: what `UIScrollView` derives from its
/// content size, bounds size and adjusted content inset.
///
/// The policies decide offsets from it without a view; the manager builds one from its scroll
/// view. Its arithmetic is UIKit's: the legal resting range and the least scroll of
/// `scrollRectToVisible(_:animated:)`.
public struct ScrollGeometry: Sendable, Equatable {
    /// The size of the scrollable content (`contentSize`).
    public var contentSize: CGSize
    /// The size of the scroll view's bounds.
    public var boundsSize: CGSize
    /// The insets the content is laid out inside (`adjustedContentInset`).
    public var adjustedContentInset: UIEdgeInsets

    /// Creates a geometry.
    public init(contentSize: CGSize, boundsSize: CGSize, adjustedContentInset: UIEdgeInsets = .zero) {
        self.contentSize = contentSize
        self.boundsSize = boundsSize
        self.adjustedContentInset = adjustedContentInset
    }

    /// The smallest offset at rest: the content's top-leading corner just inside the insets.
    public var minimumContentOffset: CGPoint {
        CGPoint(x: -adjustedContentInset.left, y: -adjustedContentInset.top)
    }

    /// The largest offset at rest: the content's bottom-trailing corner just inside the insets,
    /// or the minimum when the content is smaller than the visible area.
    public var maximumContentOffset: CGPoint {
        let minimum = minimumContentOffset
        return CGPoint(
            x: max(minimum.x, contentSize.width + adjustedContentInset.right - boundsSize.width),
            y: max(minimum.y, contentSize.height + adjustedContentInset.bottom - boundsSize.height))
    }

    /// The offset moved into the legal resting range, axis by axis.
    public func clamped(_ offset: CGPoint) -> CGPoint {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        return CGPoint(
            x: min(max(offset.x, minimum.x), maximum.x),
            y: min(max(offset.y, minimum.y), maximum.y))
    }

    /// Whether the offset lies in the legal resting range (within `tolerance`).
    public func isLegal(_ offset: CGPoint, tolerance: CGFloat = 1e-6) -> Bool {
        let c = clamped(offset)
        return abs(c.x - offset.x) <= tolerance && abs(c.y - offset.y) <= tolerance
    }

    /// The part of the content visible at `offset`, inside the insets, in content coordinates.
    public func visibleRect(at offset: CGPoint) -> CGRect {
        CGRect(
            x: offset.x + adjustedContentInset.left, y: offset.y + adjustedContentInset.top,
            width: max(0, boundsSize.width - adjustedContentInset.left - adjustedContentInset.right),
            height: max(0, boundsSize.height - adjustedContentInset.top - adjustedContentInset.bottom))
    }

    /// `rect` expanded vertically by `margin` (a negative one counts as `0`) as far as it
    /// still fits the visible height: the margins shrink equally to the room the visible area
    /// leaves around the rect, so a rect that fits is never clipped by its margins, and a rect
    /// taller than the visible area gets none (its top edge is then shown).
    public func expanding(_ rect: CGRect, byVerticalMargin margin: CGFloat) -> CGRect {
        let visibleHeight = max(0, boundsSize.height - adjustedContentInset.top - adjustedContentInset.bottom)
        let room = max(0, (visibleHeight - rect.height) / 2)
        let fitting = min(max(0, margin.isFinite ? margin : 0), room)
        return rect.insetBy(dx: 0, dy: -fitting)
    }

    /// The offset `scrollRectToVisible(_:animated:)` moves to from `offset`: the least scroll
    /// that makes `rect` (content coordinates) visible inside the insets; a rect longer than
    /// the visible area aligns its top (or leading) edge; the result is clamped to the legal
    /// range.
    ///
    /// When the rect is already visible (and a longer one already aligned) `offset` is
    /// returned as it is, even outside the legal range: UIKit does nothing then. A null or
    /// non-finite rect leaves the offset (clamped) where it is.
    public func offset(makingVisible rect: CGRect, from offset: CGPoint) -> CGPoint {
        // A null or non-finite rect has nothing to show: stay (clamped), never jump to an end.
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return clamped(offset) }
        let visible = visibleRect(at: offset)
        func axis(_ start: CGFloat, _ length: CGFloat, _ visibleStart: CGFloat, _ visibleLength: CGFloat) -> CGFloat {
            if length >= visibleLength { return start - visibleStart }
            if start < visibleStart { return start - visibleStart }
            if start + length > visibleStart + visibleLength { return start + length - (visibleStart + visibleLength) }
            return 0
        }
        let dx = axis(rect.minX, rect.width, visible.minX, visible.width)
        let dy = axis(rect.minY, rect.height, visible.minY, visible.height)
        // Already visible: no scroll, and so no clamp either.
        if dx == 0 && dy == 0 { return offset }
        return clamped(CGPoint(x: offset.x + dx, y: offset.y + dy))
    }
}

extension UIScrollView {
    /// The scroll view's geometry as a value the policies take: its content size, bounds size
    /// and adjusted content inset, as they are now.
    public var scrollGeometry: ScrollGeometry {
        ScrollGeometry(contentSize: contentSize, boundsSize: bounds.size, adjustedContentInset: adjustedContentInset)
    }
}
