import Foundation
import HostKit
import ScrollingContent

/// The numbers both screens are built from (points).
@MainActor
enum FormMetrics {
    /// Space between the content view's edges and the controls.
    static let margin: CGFloat = 20
    /// HostKit's text field height (UIKit's rounded-rect field with the 17 pt system font).
    static let fieldHeight = UITextField.intrinsicHeight
}

/// The seeds' sign-up screen: a logo, email and password fields and two buttons, stacked with
/// constraints — an unbroken chain from the content view's top to its bottom, so its height is
/// defined (the same screen as the ScrollingContent tests' `SignUpContent`).
///
/// Heights: margin 20, logo 160, spacing 16, fields 34, buttons 44 (UIKit's standard tappable
/// height). Natural height = 20 + 160 + 16 + 34 + 16 + 34 + 16 + 44 + 16 + 44 + 20 = 420.
@MainActor
final class SignUpViewController: ScrollingContentViewController {
    static let spacing: CGFloat = 16
    static let logoHeight: CGFloat = 160
    static let buttonHeight: CGFloat = 44
    /// The content's natural height, worked out from the chain of constraints.
    static let naturalHeight =
        FormMetrics.margin + logoHeight + spacing + FormMetrics.fieldHeight + spacing
        + FormMetrics.fieldHeight + spacing + buttonHeight + spacing + buttonHeight + FormMetrics.margin
    /// How many controls the content view holds (the workloads' `n`).
    nonisolated static let controlCount = 5

    let form = UIView()
    let logo = UIView()
    let email = UITextField()
    let password = UITextField()
    let signUp = UIView()
    let logIn = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        var previousBottom = form.topAnchor
        var constant = FormMetrics.margin
        let controls: [(UIView, CGFloat?)] = [
            (logo, Self.logoHeight), (email, nil), (password, nil),
            (signUp, Self.buttonHeight), (logIn, Self.buttonHeight),
        ]
        var constraints: [NSLayoutConstraint] = []
        for (control, height) in controls {
            control.translatesAutoresizingMaskIntoConstraints = false
            form.addSubview(control)
            constraints += [
                control.topAnchor.constraint(equalTo: previousBottom, constant: constant),
                control.leadingAnchor.constraint(equalTo: form.leadingAnchor, constant: FormMetrics.margin),
                control.trailingAnchor.constraint(equalTo: form.trailingAnchor, constant: -FormMetrics.margin),
            ]
            if let height { constraints.append(control.heightAnchor.constraint(equalToConstant: height)) }
            previousBottom = control.bottomAnchor
            constant = Self.spacing
        }
        constraints += FormChain.close(form, below: previousBottom)
        NSLayoutConstraint.activate(constraints)
        contentView = form
    }
}

/// A long form: `rows` rows of a label and a text field, the field to the right of its label,
/// stacked with constraints.
///
/// Per row: the label's leading edge 20 from the content's, centred on its field vertically; the
/// field 8 after the label and 20 before the content's trailing edge, 8 below the previous
/// field (20 below the content's top for the first). Natural height = 20 + rows × 34 +
/// (rows − 1) × 8 + 20.
@MainActor
final class RowsViewController: ScrollingContentViewController {
    /// Space between a label and its field, and between rows.
    static let spacing: CGFloat = 8
    /// A one-line 17 pt label is about 21 pt tall.
    static let labelHeight: CGFloat = 21

    let rows: Int
    let form = UIView()
    private(set) var labels: [FormLabel] = []
    private(set) var fields: [UITextField] = []

    /// Labels of a few widths, as real forms have ("Name", "E-mail address", …).
    static func labelWidth(row: Int) -> CGFloat { 60 + CGFloat(row % 5) * 12 }

    /// The top edge of row `row`'s field in the content view.
    static func fieldMinY(row: Int) -> CGFloat {
        FormMetrics.margin + CGFloat(row) * (FormMetrics.fieldHeight + spacing)
    }

    /// The content's natural height for `rows` rows.
    static func naturalHeight(rows: Int) -> CGFloat {
        FormMetrics.margin + CGFloat(rows) * FormMetrics.fieldHeight + CGFloat(max(rows - 1, 0)) * spacing
            + FormMetrics.margin
    }

    init(rows: Int) {
        self.rows = rows
        super.init()
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        var constraints: [NSLayoutConstraint] = []
        constraints.reserveCapacity(rows * 5 + 2)
        labels.reserveCapacity(rows)
        fields.reserveCapacity(rows)
        var previousBottom = form.topAnchor
        var constant = FormMetrics.margin
        for row in 0..<rows {
            let label = FormLabel(size: CGSize(width: Self.labelWidth(row: row), height: Self.labelHeight))
            let field = UITextField()
            label.translatesAutoresizingMaskIntoConstraints = false
            field.translatesAutoresizingMaskIntoConstraints = false
            form.addSubview(label)
            form.addSubview(field)
            constraints += [
                label.leadingAnchor.constraint(equalTo: form.leadingAnchor, constant: FormMetrics.margin),
                label.centerYAnchor.constraint(equalTo: field.centerYAnchor),
                field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: Self.spacing),
                field.trailingAnchor.constraint(equalTo: form.trailingAnchor, constant: -FormMetrics.margin),
                field.topAnchor.constraint(equalTo: previousBottom, constant: constant),
            ]
            labels.append(label)
            fields.append(field)
            previousBottom = field.bottomAnchor
            constant = Self.spacing
        }
        constraints += FormChain.close(form, below: previousBottom)
        NSLayoutConstraint.activate(constraints)
        contentView = form
    }
}

/// A text label: an intrinsic size, as a one-line `UILabel` has.
@MainActor
final class FormLabel: UIView {
    let textSize: CGSize

    init(size: CGSize) {
        textSize = size
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize { textSize }
}

/// The last link of a form's chain of constraints.
@MainActor
enum FormChain {
    /// The content's bottom at least `margin` below the last control (required) and exactly
    /// that at 240, so the content may grow taller than its controls (ScrollingContentManager's
    /// minimum height at 500 wins) but never shorter. 240 is SCVC's README's advice: below the
    /// default content hugging of 250.
    static func close(_ content: UIView, below lastBottom: NSLayoutYAxisAnchor) -> [NSLayoutConstraint] {
        let tight = content.bottomAnchor.constraint(equalTo: lastBottom, constant: FormMetrics.margin)
        tight.priority = UILayoutPriority(240)
        return [content.bottomAnchor.constraint(greaterThanOrEqualTo: lastBottom, constant: FormMetrics.margin), tight]
    }
}
