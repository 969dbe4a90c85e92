import Foundation
import HostKit
import Testing

@Suite("Intrinsic content size, hugging, compression resistance, fitting")
@MainActor
struct IntrinsicSizeTests {
    /// A label-like view pinned at the root's top-left, free to size itself.
    private func placed(_ view: UIView, in root: UIView) {
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
        ])
    }

    @Test func aViewTakesItsIntrinsicSize() {
        let root = rootView(width: 375, height: 667)
        let label = IntrinsicView("label", size: CGSize(width: 80, height: 21))
        placed(label, in: root)
        root.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 0, y: 0, width: 80, height: 21))
        #expect(label.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(label.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    }

    @Test func invalidatingTheSizeUpdatesConstantsInPlace() throws {
        let root = rootView(width: 375, height: 667)
        let label = IntrinsicView("label", size: CGSize(width: 80, height: 21))
        placed(label, in: root)
        root.layoutIfNeeded()
        let before = try #require(root.layoutStatistics)
        label.size = CGSize(width: 120, height: 42)
        root.layoutIfNeeded()
        let after = try #require(root.layoutStatistics)
        #expect(label.frame.size == CGSize(width: 120, height: 42))
        #expect(after.additions == before.additions && after.removals == before.removals)
        // Two constraints (hugging, compression) per axis.
        #expect(after.constantChanges == before.constantChanges + 4)
        // Losing a metric removes that axis's two constraints.
        label.size = CGSize(width: UIView.noIntrinsicMetric, height: 42)
        root.layoutIfNeeded()
        #expect(root.layoutStatistics?.removals == before.removals + 2)
    }

    @Test func huggingAndCompressionResistanceAgainstOtherPriorities() {
        let root = rootView(width: 375, height: 667)
        let label = IntrinsicView("label", size: CGSize(width: 80, height: 21))
        placed(label, in: root)
        let stretch = label.widthAnchor.constraint(equalToConstant: 200)
        stretch.priority = .sceneSizeStayPut // 500 beats hugging 250
        let squeeze = label.heightAnchor.constraint(equalToConstant: 10)
        squeeze.priority = .sceneSizeStayPut // 500 loses to compression 750
        NSLayoutConstraint.activate([stretch, squeeze])
        root.layoutIfNeeded()
        #expect(label.frame.size == CGSize(width: 200, height: 21))
        label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        label.setContentCompressionResistancePriority(.defaultLow, for: .vertical)
        root.layoutIfNeeded()
        #expect(label.frame.size == CGSize(width: 80, height: 10))
    }

    @Test func badIntrinsicInputIsReported() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let label = IntrinsicView("label", size: CGSize(width: CGFloat.nan, height: 21))
        placed(label, in: root)
        label.widthAnchor.constraint(equalToConstant: 30).isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.size == CGSize(width: 30, height: 21))
        #expect(recorder.contains("non-finite axis", atLeast: .error))
        label.setContentHuggingPriority(UILayoutPriority(0), for: .vertical)
        #expect(label.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(recorder.contains("outside 1...1000", atLeast: .error))
    }

    @Test("a negative or non-finite fitting target is reported and the current size returned")
    func badFittingTargetsAreReported() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        root.addSubview(card)
        let targets = [
            CGSize(width: -50, height: 0), CGSize(width: 0, height: -1), CGSize(width: CGFloat.nan, height: 0),
            CGSize(width: 0, height: CGFloat.infinity),
        ]
        for target in targets {
            // A negative target once came back as a negative size (the pull at 50 met nothing).
            #expect(card.systemLayoutSizeFitting(target) == CGSize(width: 200, height: 80))
        }
        #expect(recorder.messages(atLeast: .error).count == targets.count)
    }

    @Test func systemLayoutSizeFittingCompressedAndExpanded() {
        let card = UIView()
        card.name = "card"
        let title = IntrinsicView("title", size: CGSize(width: 120, height: 21))
        let body = IntrinsicView("body", size: CGSize(width: 200, height: 60))
        card.addSubview(title)
        card.addSubview(body)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -16),
            body.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            body.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -16),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
        ])
        let compressed = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(compressed == CGSize(width: 16 + 200 + 16, height: 12 + 21 + 8 + 60 + 12))
        // Expanded: the width is unbounded (only <= constraints), so it reaches the target.
        let expanded = card.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize)
        #expect(expanded == CGSize(width: UIView.layoutFittingExpandedSize.width, height: 12 + 21 + 8 + 60 + 12))
        // A required width, as for a table cell.
        let cell = card.systemLayoutSizeFitting(
            CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(cell == CGSize(width: 320, height: 12 + 21 + 8 + 60 + 12))
        // The tree itself was not laid out.
        #expect(title.frame == .zero)
    }
}

@Suite("Autoresizing masks")
@MainActor
struct AutoresizingTests {
    @Test func aTranslatingViewKeepsItsFrame() {
        let root = rootView(width: 375, height: 667)
        let box = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        root.addSubview(box)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        box.frame = CGRect(x: 50, y: 60, width: 70, height: 80)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 50, y: 60, width: 70, height: 80))
        // A fixed mask: resizing the root changes nothing.
        root.frame = CGRect(x: 0, y: 0, width: 667, height: 375)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 50, y: 60, width: 70, height: 80))
    }

    @Test func flexibleSizeTakesTheWholeChange() {
        let root = rootView(width: 375, height: 667)
        let fill = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let banner = UIView(frame: CGRect(x: 20, y: 600, width: 335, height: 40))
        banner.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        root.addSubview(fill)
        root.addSubview(banner)
        root.layoutIfNeeded()
        root.frame = CGRect(x: 0, y: 0, width: 812, height: 375)
        root.layoutIfNeeded()
        #expect(fill.frame == CGRect(x: 0, y: 0, width: 812, height: 375))
        // Width grows by 812 − 375, the top margin shrinks by 667 − 375.
        #expect(banner.frame == CGRect(x: 20, y: 600 - (667 - 375), width: 335 + (812 - 375), height: 40))
    }

    @Test func flexiblePartsShareTheChangeInProportion() {
        let root = rootView(width: 400, height: 400)
        // Left margin 100, width 100, right margin 200: all flexible, 400 → 800 doubles each.
        let box = UIView(frame: CGRect(x: 100, y: 0, width: 100, height: 10))
        box.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
        // Centered: both margins flexible (150 each), the width fixed.
        let centered = UIView(frame: CGRect(x: 150, y: 0, width: 100, height: 10))
        centered.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        root.addSubview(box)
        root.addSubview(centered)
        root.layoutIfNeeded()
        root.frame = CGRect(x: 0, y: 0, width: 800, height: 400)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 100 * 2, y: 0, width: 100 * 2, height: 10))
        #expect(centered.frame == CGRect(x: (800 - 100) / 2, y: 0, width: 100, height: 10))
        // Twice the same change equals one: lengths keep their ratios.
        root.frame = CGRect(x: 0, y: 0, width: 1600, height: 400)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 100 * 4, y: 0, width: 100 * 4, height: 10))
    }

    @Test func nestedAutoresizingResizesInOneSolve() {
        let root = rootView(width: 375, height: 667)
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        outer.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 355, height: 647))
        inner.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(outer)
        outer.addSubview(inner)
        root.layoutIfNeeded()
        let solvesBefore = root.layoutStatistics?.solves ?? 0
        root.frame = CGRect(x: 0, y: 0, width: 667, height: 375)
        root.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 10, y: 10, width: 667 - 20, height: 375 - 20))
        #expect(root.layoutStatistics?.solves == solvesBefore + 1)
    }

    @Test func turningTranslationOffHandsTheFrameToConstraints() {
        let root = rootView(width: 375, height: 667)
        let box = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        root.addSubview(box)
        root.layoutIfNeeded()
        box.translatesAutoresizingMaskIntoConstraints = false
        box.pinEdges(to: root)
        root.layoutIfNeeded()
        #expect(box.frame == root.bounds)
        // A frame set by hand on a constrained view is overwritten by the next layout.
        box.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        root.layoutIfNeeded()
        #expect(box.frame == root.bounds)
    }
}
