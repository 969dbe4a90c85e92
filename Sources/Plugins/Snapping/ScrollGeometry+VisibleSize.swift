import Foundation

extension ScrollGeometry {
    /// The size of the visible area: the bounds inset by ``ScrollGeometry/adjustedContentInset``
    /// (never negative). The keyboard, bars and safe areas make it smaller than the bounds; it
    /// is the page of ``Paging`` and the `v` of the programmatic scrolling rule.
    public var visibleSize: CGSize {
        visibleRect(at: .zero).size
    }

    /// Whether the sizes and insets are all finite.
    var isFinite: Bool {
        contentSize.width.isFinite && contentSize.height.isFinite && boundsSize.width.isFinite
            && boundsSize.height.isFinite && adjustedContentInset.isFinite
    }
}
