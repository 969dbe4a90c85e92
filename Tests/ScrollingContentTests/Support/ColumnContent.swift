import Foundation
import HostKit
import Testing

/// A content view made of rows stacked top to bottom by an unbroken chain of required
/// constraints: the content's height is exactly the sum of the rows' heights, whatever the
/// screen (the "2000-pt chain" of the scenarios).
///
/// Every row spans the content's width minus ``inset`` on each side. A row's top edge, in the
/// content view's coordinates, is the sum of the heights of the rows above it
/// (``top(of:)``), so tests can derive every frame with arithmetic.
@MainActor
struct ColumnContent {
    /// What a row is.
    enum Row {
        /// A plain view of a fixed height (its height constraint is in ``heightConstraints``).
        case block(CGFloat)
        /// A text field (34 pt, its intrinsic height), with an input accessory of this height
        /// (0: none).
        case field(accessory: CGFloat)

        static let field = Row.field(accessory: 0)

        @MainActor var height: CGFloat {
            switch self {
            case .block(let height): height
            case .field: UITextField.intrinsicHeight
            }
        }
    }

    /// The rows' horizontal inset from the content's edges.
    static let inset: CGFloat = 20

    let view = UIView()
    let rows: [Row]
    /// The row views, top to bottom.
    let views: [UIView]
    /// The height constraint of each block row (`nil` for fields).
    let heightConstraints: [NSLayoutConstraint?]

    init(_ rows: [Row], name: String = "column") {
        self.rows = rows
        view.name = name
        var views: [UIView] = []
        var heights: [NSLayoutConstraint?] = []
        var previousBottom = view.topAnchor
        for (index, row) in rows.enumerated() {
            let rowView: UIView
            var height: NSLayoutConstraint?
            switch row {
            case .block(let value):
                rowView = UIView()
                height = rowView.heightAnchor.constraint(equalToConstant: value)
            case .field(let accessory):
                let field = UITextField()
                if accessory > 0 {
                    field.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: accessory))
                }
                rowView = field
            }
            rowView.name = "\(name) row \(index)"
            rowView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(rowView)
            NSLayoutConstraint.activate(
                [
                    rowView.topAnchor.constraint(equalTo: previousBottom),
                    rowView.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: Self.inset),
                    rowView.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -Self.inset),
                ] + (height.map { [$0] } ?? []))
            previousBottom = rowView.bottomAnchor
            views.append(rowView)
            heights.append(height)
        }
        view.bottomAnchor.constraint(equalTo: previousBottom).isActive = true
        self.views = views
        heightConstraints = heights
    }

    /// The content's height: the sum of the rows' heights.
    var height: CGFloat { rows.reduce(0) { $0 + $1.height } }

    /// The top edge of row `index` in the content view: the heights of the rows above it.
    func top(of index: Int) -> CGFloat {
        rows[..<index].reduce(0) { $0 + $1.height }
    }

    /// Row `index` as a text field (a test error if it is a block).
    func field(_ index: Int) throws -> UITextField {
        try #require(views[index] as? UITextField, "row \(index) of \(view.debugLabel) is not a field")
    }
}

/// A content view with no subviews whose size comes from its intrinsic content size.
final class IntrinsicContentView: UIView {
    var size: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }

    init(size: CGSize) {
        self.size = size
        super.init(frame: .zero)
        name = "intrinsic content"
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize { size }
}
