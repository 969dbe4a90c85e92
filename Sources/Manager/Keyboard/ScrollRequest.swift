import Foundation

/// A pending `scrollRectToVisible`, remembered relative to the deepest view that contains the
/// rect, so that it still lands right if that view moves or resizes before it is performed
/// (the content can resize in response to the keyboard it waits for).
struct ScrollRequest {
    /// The deepest descendant of the scroll view whose frame contains the rect.
    weak var anchor: UIView?
    /// The rect in the anchor's coordinates.
    var rectInAnchor: CGRect
    /// Whether the rect was the anchor's whole bounds: then the anchor's bounds at the time
    /// of scrolling are used, so a resized view is shown whole.
    var coversAnchor: Bool
    /// The rect in content coordinates when the request was made, if the anchor goes away.
    var fallbackRect: CGRect
    var animated: Bool
    /// The vertical margin around the rect; a negative one counts as `0` (it would shrink the
    /// rect, or turn a short one into a null rect), as in the visibility and rotation policies.
    var margin: CGFloat
    /// What to do instead of making the rect visible, when the request is performed: a
    /// ``ScrollReader`` request measures its target afresh then. `nil` for `scrollRectToVisible`.
    var action: (@MainActor () -> Void)? = nil

    /// The rect to make visible now, in `scrollView`'s content coordinates, expanded
    /// vertically by the margin as far as it fits the visible area
    /// (``ScrollGeometry/expanding(_:byVerticalMargin:)``).
    @MainActor
    func currentRect(in scrollView: UIScrollView) -> CGRect {
        var rect = fallbackRect
        if let anchor, anchor === scrollView || anchor.isDescendant(of: scrollView) {
            rect = anchor.convert(coversAnchor ? anchor.bounds : rectInAnchor, to: scrollView)
        }
        return scrollView.scrollGeometry.expanding(rect, byVerticalMargin: margin)
    }
}
