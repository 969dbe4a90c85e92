import Foundation
import HostKit
import Testing

@Suite("Descriptions and snapshots")
@MainActor
struct SnapshotTests {
    /// SCVC's construction on an iPhone SE with 2000 pt of content.
    private func scene() -> (UIView, UIScrollView, UIView) {
        let root = rootView(width: 375, height: 667)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        root.backgroundColor = .white
        let scroll = UIScrollView(frame: root.bounds)
        scroll.name = "scroll"
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .always
        let content = constrainedView("content")
        content.backgroundColor = UIColor(red: 0.85, green: 0.92, blue: 1, alpha: 1)
        root.addSubview(scroll)
        scroll.addSubview(content)
        content.pinEdges(to: scroll.contentLayoutGuide)
        NSLayoutConstraint.activate([
            content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 2000),
        ])
        for row in 0..<20 {
            let field = UIView(frame: CGRect(x: 20, y: 20 + CGFloat(row) * 100, width: 335, height: 44))
            field.name = "field \(row)"
            field.backgroundColor = .white
            content.addSubview(field)
        }
        root.layoutIfNeeded()
        return (root, scroll, content)
    }

    @Test func recursiveDescriptionIsStable() {
        let (root, scroll, content) = scene()
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        root.layoutIfNeeded()
        let lines = root.recursiveDescription().split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 1 + 1 + 20)
        #expect(lines[0] == "<UIView:root; frame = (0 0; 375 667); safeAreaInsets = {20, 0, 0, 0}>")
        #expect(
            lines[1]
                == "   | <UIScrollView:scroll; frame = (0 0; 375 667); safeAreaInsets = {20, 0, 0, 0}; contentOffset = {0, 300}; contentSize = {375, 2000}; adjustedContentInset = {20, 0, 0, 0}>"
        )
        #expect(lines[2] == "   |    | <UIView:content; frame = (0 0; 375 2000)>")
        #expect(lines[3] == "   |    |    | <UIView:field 0; frame = (20 20; 335 44)>")
        #expect(lines[22] == "   |    |    | <UIView:field 19; frame = (20 \(20 + 19 * 100); 335 44)>")
        content.isHidden = true
        #expect(content.recursiveDescription().hasPrefix("<UIView:content; frame = (0 0; 375 2000); hidden>"))
    }

    @Test func theSVGShowsFramesSafeAreasOffsetsAndOverlays() throws {
        let (root, scroll, _) = scene()
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        root.layoutIfNeeded()
        let keyboard = SVGOverlay(
            rect: CGRect(x: 0, y: 667 - 260, width: 375, height: 260), label: "keyboard",
            stroke: .black, isDashed: true)
        let svg = SVGRenderer(overlays: [keyboard]).render(root)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(375 + 16)\" height=\"\(667 + 16)\""))
        // The safe-area band of the root and of the scroll view (top 20).
        #expect(
            svg.components(
                separatedBy:
                    "<rect x=\"0\" y=\"0\" width=\"375\" height=\"20\" fill=\"#ff9400\" fill-opacity=\"0.25\"/>"
            ).count - 1 == 2)
        // The content is drawn at the offset: its group is moved up by 300.
        #expect(svg.contains("<g transform=\"translate(0,-300)\">"))
        // Field 3 (y 320) is just below the top of the visible area.
        #expect(svg.contains("<g transform=\"translate(20,320)\">"))
        #expect(svg.contains("clip-path=\"url(#clip1)\""))
        #expect(svg.contains(">keyboard</text>"))
        // The vertical scroll indicator, from the track formula. The track runs inside the
        // scroll view's safe area (top 20) and 3 pt from the ends: top 20 + 3 = 23, length
        // 667 − 23 − 3 = 641. The indicator's share of it is the visible fraction of the
        // content, 647 / 2000 of 641 (visible height 667 − 20 = 647); it sits at the offset's
        // place in the legal range −20 … 2000 − 667 = 1333: (300 + 20) / (1333 + 20) of the
        // free track. It is 3 pt wide, 3 pt from the right edge: x 375 − 3 − 3 = 369.
        let indicator = try #require(indicatorRects(in: svg).first)
        #expect(indicatorRects(in: svg).count == 1)
        let length = 641.0 * 647 / 2000
        #expect(indicator.minX == 369 && indicator.width == 3)
        #expect(abs(indicator.height - length) < 1e-9)
        #expect(abs(indicator.minY - (23 + (641 - length) * 320 / 1353)) < 1e-9)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostkit-snapshot-test.svg")
        try svg.write(to: path, atomically: true, encoding: .utf8)
    }

    @Test func scrollIndicatorInsetsMoveTheIndicators() throws {
        let (root, scroll, _) = scene()
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: 10, left: 0, bottom: 30, right: 5)
        root.layoutIfNeeded()
        let vertical = try #require(indicatorRects(in: SVGRenderer().render(root)).first)
        // As above, with the track shortened by the insets: top 20 + 10 + 3 = 33, length
        // 667 − 33 − 30 − 3 = 601, and the indicator 5 pt further left: x 375 − 5 − 3 − 3 = 364.
        let length = 601.0 * 647 / 2000
        #expect(vertical.minX == 364)
        #expect(abs(vertical.height - length) < 1e-9)
        #expect(abs(vertical.minY - (33 + (601 - length) * 320 / 1353)) < 1e-9)

        // A horizontal indicator: 1000-pt wide content in a 375-pt scroll view without a safe
        // area, scrolled to x 250 of the range 0 … 1000 − 375 = 625 (progress 0.4).
        let plain = rootView(width: 375, height: 667)
        let wide = UIScrollView(frame: plain.bounds)
        wide.contentSize = CGSize(width: 1000, height: 667)
        wide.horizontalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 10, bottom: 2, right: 20)
        plain.addSubview(wide)
        plain.layoutIfNeeded()
        wide.contentOffset = CGPoint(x: 250, y: 0)
        let rects = indicatorRects(in: SVGRenderer().render(plain))
        // Content exactly as tall as the bounds: no vertical indicator.
        #expect(rects.count == 1)
        // Track: from 10 + 3 = 13, length 375 − 13 − 20 − 3 = 339; indicator 375 / 1000 of it,
        // 127.125; x 13 + (339 − 127.125) × 0.4 = 97.75; y 667 − 2 − 3 − 3 = 659.
        #expect(rects.first == CGRect(x: 97.75, y: 659, width: 127.125, height: 3))
    }

    /// The scroll indicators of an SVG document (the only rectangles with rounded corners).
    private func indicatorRects(in svg: String) -> [CGRect] {
        svg.split(separator: "\n").filter { $0.contains("rx=\"1.5\"") }.compactMap { line in
            func value(_ name: String) -> Double? {
                guard let start = line.range(of: " \(name)=\"") else { return nil }
                let rest = line[start.upperBound...]
                return rest.firstIndex(of: "\"").flatMap { Double(rest[..<$0]) }
            }
            guard let x = value("x"), let y = value("y"), let width = value("width"), let height = value("height")
            else { return nil }
            return CGRect(x: x, y: y, width: width, height: height)
        }
    }

    @Test func labelsAreEscaped() {
        let root = rootView(width: 100, height: 100)
        root.name = "a <b> & \"c\""
        let svg = SVGRenderer().render(root)
        #expect(svg.contains(">a &lt;b&gt; &amp; &quot;c&quot;</text>"))
    }
}
