import Foundation
import HostKit
import ScrollingContent

/// A content view of rows stacked top to bottom: each row has a required height constraint,
/// the rows are chained by required constraints, and the content's bottom follows the last row
/// at priority 240 (at least there, required) — so the content is as tall as its rows or, when
/// they are shorter, as the manager's priority-500 minimum size makes it (SCVC's README
/// suggests 240 for the last link: below the default hugging of 250).
@MainActor
package final class RowContent {
    package let view = UIView()
    package let rows: [Row]
    /// The row views, top to bottom (text fields for field rows).
    package let views: [UIView]
    /// The height constraint of each row.
    private let heightConstraints: [NSLayoutConstraint]
    /// Each row's height now (``setHeight(_:ofRow:)`` changes them).
    package private(set) var heights: [CGFloat]

    /// The priority of the content bottom's link to the last row: 240, below the default
    /// hugging (250) and the manager's minimum size (500).
    static let lastLinkPriority = UILayoutPriority(240)

    init(_ rows: [Row], name: String) {
        self.rows = rows
        view.name = name
        var views: [UIView] = []
        var heights: [NSLayoutConstraint] = []
        var previousBottom = view.topAnchor
        for (index, row) in rows.enumerated() {
            let rowView: UIView
            switch row {
            case .field(_, let accessory):
                let field = UITextField()
                if accessory > 0 {
                    field.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: accessory))
                }
                rowView = field
            case .block:
                rowView = UIView()
            }
            rowView.name = "\(name) row \(index)"
            rowView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(rowView)
            let height = rowView.heightAnchor.constraint(equalToConstant: row.height)
            NSLayoutConstraint.activate([
                rowView.topAnchor.constraint(equalTo: previousBottom),
                rowView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                rowView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                height,
            ])
            previousBottom = rowView.bottomAnchor
            views.append(rowView)
            heights.append(height)
        }
        view.bottomAnchor.constraint(greaterThanOrEqualTo: previousBottom).isActive = true
        let last = view.bottomAnchor.constraint(equalTo: previousBottom)
        last.priority = Self.lastLinkPriority
        last.isActive = true
        self.views = views
        heightConstraints = heights
        self.heights = rows.map(\.height)
    }

    /// The rows' total height: the content's height when nothing makes it taller.
    package var rowsHeight: CGFloat { heights.reduce(0, +) }

    /// Sets row `index`'s height constraint to `height`; `false` (nothing changed) when there
    /// is no such row.
    func setHeight(_ height: CGFloat, ofRow index: Int) -> Bool {
        guard heightConstraints.indices.contains(index) else { return false }
        heightConstraints[index].constant = height
        heights[index] = height
        return true
    }

    /// The field of row `index`, or `nil` when there is no such row or it is a block.
    func field(_ index: Int) -> UITextField? {
        views.indices.contains(index) ? views[index] as? UITextField : nil
    }
}

/// A screen of a sequence: a view controller with a manager, built from a ``ScreenSpec``.
@MainActor
protocol SequenceScreen: AnyObject {
    var manager: ScrollingContentManager { get }
    var controller: UIViewController { get }
    /// The spec and the content as it stands.
    var state: ScreenState { get }
}

extension SequenceScreen {
    /// Installs new content with `rows`, as a user of this host kind would: the controller's
    /// `contentView` on the subclass path, the manager's otherwise.
    func replaceContent(_ rows: [Row]) {
        let view = state.makeContent(rows).view
        if let controller = controller as? ScrollingContentViewController {
            controller.contentView = view
        } else {
            manager.contentView = view
        }
    }
}

/// What both kinds of screen keep and do with their spec: the policies at creation, the app's
/// insets and the content in `viewDidLoad`, the focus in `viewWillAppear`.
@MainActor
final class ScreenState {
    let spec: ScreenSpec
    let name: String
    /// The content view installed now (or to be installed when the view loads).
    private(set) var content: RowContent
    /// Every content view made for the screen, held weakly (for the leak check).
    private(set) var allContents: [WeakReference<UIView>] = []

    init(spec: ScreenSpec, name: String) {
        self.spec = spec
        self.name = name
        content = RowContent(spec.rows, name: name)
        allContents = [WeakReference(content.view)]
    }

    /// A new content view with `rows`, now the screen's ``content``.
    func makeContent(_ rows: [Row]) -> RowContent {
        content = RowContent(rows, name: "\(name) content \(allContents.count + 1)")
        allContents.append(WeakReference(content.view))
        return content
    }

    func configure(_ manager: ScrollingContentManager, logSink: LogSink) {
        manager.logSink = logSink
        spec.policies.apply(to: manager)
        manager.scrollView.visibilityScrollMargin = spec.visibilityScrollMargin
        manager.scrollView.keyboardDismissMode = spec.keyboardDismissMode.mode
    }

    func viewDidLoad(_ controller: UIViewController, _ manager: ScrollingContentManager) {
        controller.additionalSafeAreaInsets = spec.additionalSafeAreaInsets
        manager.scrollView.contentInset = spec.contentInset
        if let controller = controller as? ScrollingContentViewController {
            controller.contentView = content.view
        } else {
            manager.contentView = content.view
        }
    }

    func viewWillAppear() {
        if let row = spec.focusOnAppear { _ = content.field(row)?.becomeFirstResponder() }
    }
}

/// A weak reference, for the leak check.
@MainActor
struct WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

/// A `ScrollingContentViewController` subclass (SCVC's usual path).
final class SubclassScreen: ScrollingContentViewController, SequenceScreen {
    let state: ScreenState

    init(spec: ScreenSpec, name: String, logSink: LogSink) {
        state = ScreenState(spec: spec, name: name)
        super.init()
        title = name
        state.configure(manager, logSink: logSink)
    }

    required init?(coder: NSCoder) { nil }

    var controller: UIViewController { self }

    override func viewDidLoad() {
        super.viewDidLoad()
        state.viewDidLoad(self, manager)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        state.viewWillAppear()
    }
}

/// A plain `UIViewController` composing the manager (SCVC's "Usage Without Subclassing").
final class ComposedScreen: UIViewController, SequenceScreen {
    let state: ScreenState
    lazy var manager = ScrollingContentManager(host: self)

    init(spec: ScreenSpec, name: String, logSink: LogSink) {
        state = ScreenState(spec: spec, name: name)
        super.init(nibName: nil, bundle: nil)
        title = name
        state.configure(manager, logSink: logSink)
    }

    required init?(coder: NSCoder) { nil }

    var controller: UIViewController { self }

    override func viewDidLoad() {
        super.viewDidLoad()
        state.viewDidLoad(self, manager)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        state.viewWillAppear()
    }
}
