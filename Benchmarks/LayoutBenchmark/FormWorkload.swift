import BenchmarkSupport
import Dispatch
import Foundation
import HostKit

/// A text label: an intrinsic size, as a one-line `UILabel` has.
final class FormLabel: UIView {
    let textSize: CGSize

    init(width: CGFloat) {
        textSize = CGSize(width: width, height: FormGeometry.labelHeight)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize { textSize }
}

/// A text field: an intrinsic height and no intrinsic width, as `UITextField` with a
/// rounded border.
final class FormField: UIView {
    init() {
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: FormGeometry.fieldHeight)
    }
}

/// The numbers of the form.
enum FormGeometry {
    /// An iPhone X-class portrait screen: 375×812, safe area top 44 and bottom 34.
    static let screen = CGSize(width: 375, height: 812)
    static let safeTop: CGFloat = 44, safeBottom: CGFloat = 34
    /// The keyboard case: the bottom inset grows by 300 pt.
    static let keyboardInset: CGFloat = 300
    /// UIKit's standard sizes: a 17 pt label line is about 21 pt tall, a rounded text field 34.
    static let labelHeight: CGFloat = 21, fieldHeight: CGFloat = 34
    /// Margins: 20 pt around the form, 8 pt between a label and its field and between rows.
    static let margin: CGFloat = 20, spacing: CGFloat = 8

    /// Labels of a few widths, as real forms have ("Name", "E-mail address", …).
    static func labelWidth(row: Int) -> CGFloat { 60 + CGFloat(row % 5) * 12 }

    /// The content height the constraints give for `n` rows and a safe-area height.
    static func contentHeight(rows n: Int, safeHeight: CGFloat) -> CGFloat {
        let stacked = margin + CGFloat(n) * fieldHeight + CGFloat(max(n - 1, 0)) * spacing + margin
        return max(stacked, safeHeight)
    }
}

/// A sign-up form of `n` rows (a label and a text field each, stacked with constraints) in a
/// scroll view, built like ScrollingContentViewController builds its screen: the scroll view
/// fills the root (autoresizing), adjusts `.always`, and its content view is pinned to the
/// content layout guide, as wide as the frame and at least as tall as the safe area (500).
@MainActor
struct Form {
    let root: UIView
    let scroll: UIScrollView
    let content: UIView
    let labels: [FormLabel]
    let fields: [FormField]

    init(rows n: Int) {
        root = UIView(frame: CGRect(origin: .zero, size: FormGeometry.screen))
        root.additionalSafeAreaContribution = UIEdgeInsets(
            top: FormGeometry.safeTop, left: 0, bottom: FormGeometry.safeBottom, right: 0)
        scroll = UIScrollView(frame: root.bounds)
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .always
        scroll.keyboardDismissMode = .interactive
        content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scroll)
        scroll.addSubview(content)

        let minimumHeight = content.heightAnchor.constraint(
            greaterThanOrEqualTo: scroll.safeAreaLayoutGuide.heightAnchor)
        minimumHeight.priority = .sceneSizeStayPut
        var constraints = [
            content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
            minimumHeight,
        ]
        var labels: [FormLabel] = []
        var fields: [FormField] = []
        labels.reserveCapacity(n)
        fields.reserveCapacity(n)
        for row in 0..<n {
            let label = FormLabel(width: FormGeometry.labelWidth(row: row))
            let field = FormField()
            content.addSubview(label)
            content.addSubview(field)
            constraints += [
                label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: FormGeometry.margin),
                label.centerYAnchor.constraint(equalTo: field.centerYAnchor),
                field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: FormGeometry.spacing),
                field.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -FormGeometry.margin),
                row == 0
                    ? field.topAnchor.constraint(equalTo: content.topAnchor, constant: FormGeometry.margin)
                    : field.topAnchor.constraint(equalTo: fields[row - 1].bottomAnchor, constant: FormGeometry.spacing),
            ]
            labels.append(label)
            fields.append(field)
        }
        if let last = fields.last {
            constraints.append(
                last.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -FormGeometry.margin))
        }
        NSLayoutConstraint.activate(constraints)
        self.labels = labels
        self.fields = fields
    }

    /// The keyboard comes (`up`) or goes: the root's bottom safe-area inset grows by 300 pt or
    /// shrinks back, and the tree is laid out again.
    func setKeyboard(up: Bool) {
        let bottom = FormGeometry.safeBottom + (up ? FormGeometry.keyboardInset : 0)
        root.additionalSafeAreaContribution = UIEdgeInsets(top: FormGeometry.safeTop, left: 0, bottom: bottom, right: 0)
        root.layoutIfNeeded()
    }

    /// What is wrong with the layout, compared with the geometry worked out by hand, or `nil`.
    func mismatch(keyboardUp: Bool) -> String? {
        let bottom = FormGeometry.safeBottom + (keyboardUp ? FormGeometry.keyboardInset : 0)
        let safeHeight = FormGeometry.screen.height - FormGeometry.safeTop - bottom
        let height = FormGeometry.contentHeight(rows: fields.count, safeHeight: safeHeight)
        let width = FormGeometry.screen.width
        if content.frame != CGRect(x: 0, y: 0, width: width, height: height) {
            return "content frame \(content.frame), expected width \(width) height \(height)"
        }
        if scroll.contentSize != CGSize(width: width, height: height) { return "contentSize \(scroll.contentSize)" }
        if scroll.adjustedContentInset != UIEdgeInsets(top: FormGeometry.safeTop, left: 0, bottom: bottom, right: 0) {
            return "adjustedContentInset \(scroll.adjustedContentInset)"
        }
        for row in [0, fields.count / 2, fields.count - 1] where row < fields.count {
            let y = FormGeometry.margin + CGFloat(row) * (FormGeometry.fieldHeight + FormGeometry.spacing)
            let x = FormGeometry.margin + FormGeometry.labelWidth(row: row) + FormGeometry.spacing
            let expected = CGRect(x: x, y: y, width: width - FormGeometry.margin - x, height: FormGeometry.fieldHeight)
            if fields[row].frame != expected { return "field \(row) frame \(fields[row].frame), expected \(expected)" }
            let labelY = y + (FormGeometry.fieldHeight - FormGeometry.labelHeight) / 2
            if labels[row].frame.minY != labelY {
                return "label \(row) y \(labels[row].frame.minY), expected \(labelY)"
            }
        }
        return nil
    }
}

/// Times the form the way issue 3 asks.
@MainActor
enum FormBenchmark {
    /// Per repetition: `build_ms` is building the form and its first layout (HostKit's engine
    /// is created and filled at the first layout, so that is where the solver work is);
    /// `op_us` is the mean of `operations` keyboard changes (alternately 300 pt up and back
    /// down, so every one changes the layout), each a safe-area change plus
    /// `layoutIfNeeded()`. The geometry is checked after the build and after the loop
    /// (untimed). Reported: medians over the repetitions, and the process's peak memory.
    static func measure(n: Int, repetitions: Int, operations: Int) -> Result<String, BenchmarkFailure> {
        var builds: [Double] = []
        var ops: [Double] = []
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            let form = Form(rows: n)
            form.root.layoutIfNeeded()
            builds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            if let detail = form.mismatch(keyboardUp: false) {
                return .failure(.wrongLayout(n: n, "after the build: \(detail)"))
            }

            let count = operations + operations % 2 // even: the loop ends with the keyboard down
            let loopStart = DispatchTime.now().uptimeNanoseconds
            for k in 0..<count { form.setKeyboard(up: k % 2 == 0) }
            ops.append(Double(DispatchTime.now().uptimeNanoseconds - loopStart) / 1e3 / Double(count))
            if let detail = form.mismatch(keyboardUp: false) {
                return .failure(.wrongLayout(n: n, "after the ops: \(detail)"))
            }
            form.setKeyboard(up: true)
            if let detail = form.mismatch(keyboardUp: true) {
                return .failure(.wrongLayout(n: n, "keyboard up: \(detail)"))
            }
        }
        let peak = peakResidentMegabytes(thenReset: true).map { String(format: "%.1f", $0) } ?? "null"
        return .success(
            "{\"workload\": \"form\", \"n\": \(n), \"build_ms\": \(String(format: "%.3f", median(builds))), "
                + "\"op_us\": \(String(format: "%.3f", median(ops))), \"peak_mb\": \(peak)}")
    }
}

/// Why the benchmark stopped.
enum BenchmarkFailure: Error, CustomStringConvertible {
    case wrongLayout(n: Int, String)

    var description: String {
        switch self {
        case .wrongLayout(let n, let detail): "form(\(n)): wrong layout \(detail)"
        }
    }
}
