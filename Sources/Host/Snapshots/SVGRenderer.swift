import Foundation

/// Renders a view tree to an SVG document, so a person can see what a layout did.
///
/// Each visible view is a box at its frame, outlined, filled with its background colour and
/// labelled with its name (else its class). Safe-area insets are shaded orange. Scroll views
/// clip their subviews and show them at the current content offset, with the content area
/// outlined (dashed) and a scroll indicator when the content is longer than the visible
/// area. ``overlays`` are drawn last, on top.
///
/// ```swift
/// let svg = SVGRenderer().render(root)
/// try svg.write(toFile: "/tmp/layout.svg", atomically: true, encoding: .utf8)
/// // rsvg-convert -o /tmp/layout.png /tmp/layout.svg
/// ```
@MainActor
public struct SVGRenderer {
    /// Rectangles drawn over the tree, in the rendered view's coordinate space.
    public var overlays: [SVGOverlay]
    /// Whether safe-area insets are shaded; `true` by default.
    public var showsSafeAreas: Bool
    /// Whether views are labelled; `true` by default.
    public var showsLabels: Bool
    /// Blank space around the drawing, in points; 8 by default (room for the outline).
    public var margin: CGFloat

    /// The safe-area shading: UIKit's orange at 25 % opacity.
    public static let safeAreaColor = UIColor(red: 1, green: 0.58, blue: 0, alpha: 0.25)
    /// The outline of views.
    public static let outlineColor = UIColor(white: 0.27, alpha: 1)
    /// The scroll indicator: black at 35 % opacity, as iOS draws it on light content.
    public static let indicatorColor = UIColor(white: 0, alpha: 0.35)
    /// iOS scroll indicators are 3 pt wide, 3 pt from the edge, and at least 36 pt long.
    static let indicatorWidth: CGFloat = 3, indicatorInset: CGFloat = 3, indicatorMinimumLength: CGFloat = 36

    /// The margin drawn when none is given, or a bad one: 8 pt, room for a view's 1.5 pt
    /// outline and a label's first line clear of the canvas edge.
    public nonisolated static let defaultMargin: CGFloat = 8

    /// Creates a renderer.
    public init(
        overlays: [SVGOverlay] = [], showsSafeAreas: Bool = true, showsLabels: Bool = true,
        margin: CGFloat = SVGRenderer.defaultMargin
    ) {
        self.overlays = overlays
        self.showsSafeAreas = showsSafeAreas
        self.showsLabels = showsLabels
        self.margin = margin
    }

    /// The SVG document for `view` and its subtree (the view's bounds fill the canvas).
    ///
    /// A NaN, infinite, negative or canvas-overflowing ``margin`` is reported through the view's ``UIView/logSink``
    /// and the default 8 pt drawn instead; an overlay whose rectangle is not finite is reported
    /// and left out (the document would otherwise hold `nan`, or a label placed for ever).
    public func render(_ view: UIView) -> String {
        var context = Context()
        let size = view.bounds.size
        var margin = self.margin
        if !margin.isFinite || margin < 0 || !(size.width + 2 * margin).isFinite || !(size.height + 2 * margin).isFinite
        {
            view.logSink.log(
                .error,
                "SVGRenderer.margin = \(margin): not finite, negative or too large for a canvas; drawing with the default \(Self.defaultMargin)"
            )
            margin = Self.defaultMargin
        }
        let width = size.width + 2 * margin
        let height = size.height + 2 * margin
        context.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">"
        )
        context.line("<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>")
        context.line("<g transform=\"translate(\(n(margin)),\(n(margin)))\">")
        draw(view, at: .zero, absolute: .zero, &context)
        for overlay in overlays {
            guard overlay.rect.origin.x.isFinite, overlay.rect.origin.y.isFinite, overlay.rect.width.isFinite,
                overlay.rect.height.isFinite, overlay.rect.standardized.maxX.isFinite,
                overlay.rect.standardized.maxY.isFinite
            else {
                view.logSink.log(
                    .error,
                    "SVGRenderer: the overlay \(overlay.label.map { "\"\($0)\" " } ?? "")rect \(overlay.rect) is not finite; left out"
                )
                continue
            }
            draw(overlay, &context)
        }
        context.line("</g>")
        context.line("</svg>")
        return context.lines.joined(separator: "\n") + "\n"
    }

    /// Labels are 10 pt tall, on lines 11 pt apart.
    nonisolated static let labelFontSize: CGFloat = 10, labelLineHeight: CGFloat = 11

    private struct Context {
        var lines: [String] = []
        var nextClipID = 0
        /// The boxes of the labels drawn so far (absolute, in points), so that a label that
        /// would touch one — nested views sharing a top-left corner, or a corner a few points
        /// away — goes on the next free line instead of being overprinted.
        var labelBoxes: [CGRect] = []

        mutating func line(_ text: String) { lines.append(text) }

        /// The baseline, relative to `origin` (absolute), of the first line from the top at
        /// which `text` touches no label drawn so far; the label's box is then taken.
        mutating func placeLabel(_ text: String, at origin: CGPoint) -> CGFloat {
            // Helvetica's characters average a little under 0.6 em; a box a bit too wide only
            // moves a label one line further down.
            let width = CGFloat(text.count) * SVGRenderer.labelFontSize * 0.6 + 2
            var baseline = SVGRenderer.labelLineHeight
            var box: CGRect {
                CGRect(
                    x: origin.x, y: origin.y + baseline - SVGRenderer.labelLineHeight + 1, width: width,
                    height: SVGRenderer.labelLineHeight)
            }
            while labelBoxes.contains(where: { $0.intersects(box) }) { baseline += SVGRenderer.labelLineHeight }
            labelBoxes.append(box)
            return baseline
        }

        mutating func clipID() -> String {
            nextClipID += 1
            return "clip\(nextClipID)"
        }
    }

    private func draw(_ view: UIView, at origin: CGPoint, absolute: CGPoint, _ context: inout Context) {
        guard !view.isHidden else { return }
        let size = view.bounds.size
        context.line("<g transform=\"translate(\(n(origin.x)),\(n(origin.y)))\">")
        let fill = view.backgroundColor.map(paint) ?? "fill=\"none\""
        context.line("<rect x=\"0\" y=\"0\" width=\"\(n(size.width))\" height=\"\(n(size.height))\" \(fill)/>")

        // Subviews sit at their frame origin minus this view's bounds origin (the scroll offset).
        var clipOpened = false
        if view.clipsToBounds {
            let id = context.clipID()
            context.line(
                "<clipPath id=\"\(id)\"><rect x=\"0\" y=\"0\" width=\"\(n(size.width))\" height=\"\(n(size.height))\"/></clipPath>"
            )
            context.line("<g clip-path=\"url(#\(id))\">")
            clipOpened = true
        }
        let offset = view.bounds.origin
        if let scrollView = view as? UIScrollView {
            let content = scrollView.contentSize
            context.line(
                "<rect x=\"\(n(-offset.x))\" y=\"\(n(-offset.y))\" width=\"\(n(content.width))\" height=\"\(n(content.height))\" fill=\"none\" stroke=\"\(Self.outlineColor.hexString)\" stroke-width=\"0.5\" stroke-dasharray=\"4 3\"/>"
            )
        }
        for subview in view.subviews {
            let position = CGPoint(x: subview.frame.minX - offset.x, y: subview.frame.minY - offset.y)
            draw(subview, at: position, absolute: absolute + position, &context)
        }
        if clipOpened { context.line("</g>") }
        // Shaded over the subviews, so the safe area stays visible above opaque content.
        if showsSafeAreas { drawSafeArea(of: view, &context) }
        if let scrollView = view as? UIScrollView { drawIndicators(of: scrollView, &context) }

        context.line(
            "<rect x=\"0\" y=\"0\" width=\"\(n(size.width))\" height=\"\(n(size.height))\" fill=\"none\" stroke=\"\(Self.outlineColor.hexString)\" stroke-width=\"1\"/>"
        )
        if showsLabels {
            let text = view.name ?? view.accessibilityIdentifier ?? String(describing: type(of: view))
            let y = context.placeLabel(text, at: CGPoint(x: absolute.x + 3, y: absolute.y))
            context.line(
                "<text x=\"3\" y=\"\(n(y))\" font-size=\"\(n(Self.labelFontSize))\" fill=\"#000000\">\(escape(text))</text>"
            )
        }
        context.line("</g>")
    }

    private func drawSafeArea(of view: UIView, _ context: inout Context) {
        let insets = view.safeAreaInsets
        guard insets != .zero else { return }
        let w = view.bounds.width
        let h = view.bounds.height
        let bands = [
            CGRect(x: 0, y: 0, width: w, height: insets.top),
            CGRect(x: 0, y: h - insets.bottom, width: w, height: insets.bottom),
            CGRect(x: 0, y: insets.top, width: insets.left, height: h - insets.top - insets.bottom),
            CGRect(x: w - insets.right, y: insets.top, width: insets.right, height: h - insets.top - insets.bottom),
        ]
        for band in bands where band.size.width > 0 && band.size.height > 0 {
            context.line(
                "<rect x=\"\(n(band.minX))\" y=\"\(n(band.minY))\" width=\"\(n(band.width))\" height=\"\(n(band.height))\" \(paint(Self.safeAreaColor))/>"
            )
        }
    }

    /// iOS-like indicators: proportional to the visible fraction of the content, placed by
    /// the offset's position in the legal range, inside the adjusted and indicator insets.
    private func drawIndicators(of scrollView: UIScrollView, _ context: inout Context) {
        let bounds = scrollView.bounds
        let inset = scrollView.adjustedContentInset
        let safe = scrollView.automaticallyAdjustsScrollIndicatorInsets ? scrollView.safeAreaInsets : .zero
        let content = scrollView.contentSize
        let low = scrollView.minimumContentOffset
        let high = scrollView.maximumContentOffset

        let visibleHeight = bounds.height - inset.vertical
        if content.height > visibleHeight, high.y > low.y {
            let extra = scrollView.verticalScrollIndicatorInsets
            let top = max(safe.top, 0) + extra.top + Self.indicatorInset
            let track = bounds.height - top - max(safe.bottom, 0) - extra.bottom - Self.indicatorInset
            let length = max(Self.indicatorMinimumLength, track * visibleHeight / content.height)
            let progress = min(max((scrollView.contentOffset.y - low.y) / (high.y - low.y), 0), 1)
            let y = top + (track - length) * progress
            let x = bounds.width - safe.right - extra.right - Self.indicatorInset - Self.indicatorWidth
            context.line(
                "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(Self.indicatorWidth))\" height=\"\(n(length))\" rx=\"1.5\" \(paint(Self.indicatorColor))/>"
            )
        }
        let visibleWidth = bounds.width - inset.horizontal
        if content.width > visibleWidth, high.x > low.x {
            let extra = scrollView.horizontalScrollIndicatorInsets
            let left = max(safe.left, 0) + extra.left + Self.indicatorInset
            let track = bounds.width - left - max(safe.right, 0) - extra.right - Self.indicatorInset
            let length = max(Self.indicatorMinimumLength, track * visibleWidth / content.width)
            let progress = min(max((scrollView.contentOffset.x - low.x) / (high.x - low.x), 0), 1)
            let x = left + (track - length) * progress
            let y = bounds.height - safe.bottom - extra.bottom - Self.indicatorInset - Self.indicatorWidth
            context.line(
                "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(length))\" height=\"\(n(Self.indicatorWidth))\" rx=\"1.5\" \(paint(Self.indicatorColor))/>"
            )
        }
    }

    private func draw(_ overlay: SVGOverlay, _ context: inout Context) {
        let r = overlay.rect.standardized
        var attributes = paint(overlay.fill)
        if let stroke = overlay.stroke {
            attributes += " stroke=\"\(stroke.hexString)\" stroke-width=\"1.5\""
            if overlay.isDashed { attributes += " stroke-dasharray=\"5 3\"" }
        }
        context.line(
            "<rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" \(attributes)/>"
        )
        if let label = overlay.label {
            // Stacked below any label already near that corner (a first responder's outline
            // starts where its view's own label is), in the outline's colour when it has one.
            let y = r.minY + context.placeLabel(label, at: CGPoint(x: r.minX + 3, y: r.minY))
            let color = overlay.stroke?.hexString ?? "#000000"
            context.line(
                "<text x=\"\(n(r.minX + 3))\" y=\"\(n(y))\" font-size=\"\(n(Self.labelFontSize))\" fill=\"\(color)\">\(escape(label))</text>"
            )
        }
    }

    private func paint(_ color: UIColor) -> String {
        color.alpha == 1
            ? "fill=\"\(color.hexString)\""
            : "fill=\"\(color.hexString)\" fill-opacity=\"\(Double(color.alpha).compactDoubleText)\""
    }

    private func n(_ value: CGFloat) -> String { value.compactText }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
