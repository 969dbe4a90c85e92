import Foundation
import HostKit
import Testing

/// The labels of an SVG snapshot never overprint each other.
@Suite("Snapshot labels")
@MainActor
struct SnapshotLabelTests {
    /// A label as drawn: its position in the drawing (translations added up) and its text.
    private struct Label {
        var x: Double, y: Double, text: String
        /// The box the renderer reserves for it: 0.6 em per character, 11 pt tall above the baseline.
        var box: CGRect { CGRect(x: x, y: y - 10, width: Double(text.count) * 6, height: 11) }
    }

    /// The labels of an SVG, with the translations of the groups around them added up.
    private func labels(in svg: String) -> [Label] {
        var offsets: [(Double, Double)] = [(0, 0)]
        var labels: [Label] = []
        for line in svg.split(separator: "\n").map(String.init) {
            if line.hasPrefix("<g transform=\"translate(") {
                let numbers = line.dropFirst("<g transform=\"translate(".count).prefix { $0 != ")" }
                    .split(separator: ",").compactMap { Double($0) }
                let (x, y) = offsets[offsets.count - 1]
                offsets.append((x + numbers[0], y + numbers[1]))
            } else if line.hasPrefix("<g") {
                offsets.append(offsets[offsets.count - 1])
            } else if line == "</g>" {
                offsets.removeLast()
            } else if line.hasPrefix("<text x=\"") {
                func attribute(_ name: String) -> Double {
                    let start = line.range(of: "\(name)=\"")!.upperBound
                    return Double(line[start...].prefix { $0 != "\"" })!
                }
                let text = String(line[line.range(of: "\">")!.upperBound...].prefix { $0 != "<" })
                let (x, y) = offsets[offsets.count - 1]
                labels.append(Label(x: x + attribute("x"), y: y + attribute("y"), text: text))
            }
        }
        return labels
    }

    @Test func labelsOfNestedViewsAtOrNearOneCornerAreStacked() {
        // A window-like root, a scroll view and its content at the same corner, the content's
        // first subview 20 pt in (its label would touch the others'), and an overlay there.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.name = "Window"
        let scroll = UIScrollView(frame: root.bounds)
        scroll.name = "ScrollingContentScrollView"
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        content.name = "content"
        let logo = UIView(frame: CGRect(x: 20, y: 8, width: 300, height: 200))
        logo.name = "logo"
        root.addSubview(scroll)
        scroll.addSubview(content)
        content.addSubview(logo)
        let overlay = SVGOverlay(
            rect: CGRect(x: 20, y: 8, width: 300, height: 200), label: "first responder",
            fill: .clear, stroke: .systemBlue)
        let found = labels(in: SVGRenderer(overlays: [overlay]).render(root))
        #expect(
            found.map(\.text).sorted() == [
                "ScrollingContentScrollView", "Window", "content", "first responder", "logo",
            ])
        for (index, label) in found.enumerated() {
            for other in found[(index + 1)...] {
                #expect(!label.box.intersects(other.box), "\(label.text) and \(other.text) overlap")
            }
        }
    }
}
