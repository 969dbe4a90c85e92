import Foundation

/// An extra rectangle drawn over a snapshot: a keyboard, a highlighted first responder, a
/// point of interest (``SVGRenderer/overlays(for:)`` gives a window's keyboard and first
/// responder).
public struct SVGOverlay: Sendable, Hashable {
    /// The rectangle, in the rendered view's coordinate space.
    public var rect: CGRect
    /// A caption drawn in its top-left corner, or `nil`.
    public var label: String?
    /// The fill colour (its alpha is the fill opacity).
    public var fill: UIColor
    /// The outline colour, or `nil` for none.
    public var stroke: UIColor?
    /// Whether the outline is dashed.
    public var isDashed: Bool

    /// Creates an overlay; by default a translucent grey fill with no outline.
    public init(
        rect: CGRect, label: String? = nil, fill: UIColor = UIColor(white: 0.3, alpha: 0.35),
        stroke: UIColor? = nil, isDashed: Bool = false
    ) {
        self.rect = rect
        self.label = label
        self.fill = fill
        self.stroke = stroke
        self.isDashed = isDashed
    }
}
