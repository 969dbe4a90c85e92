import Foundation
import HostKit

/// A named view that is positioned by constraints.
@MainActor
func constrainedView(_ name: String) -> UIView {
    let view = UIView()
    view.name = name
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
}

/// A root view of a given size, logging into a recorder.
@MainActor
func rootView(width: CGFloat, height: CGFloat, recorder: LogRecorder? = nil) -> UIView {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    root.name = "root"
    if let recorder { root.logSink = recorder.sink }
    return root
}

/// A view with a settable intrinsic content size.
@MainActor
final class IntrinsicView: UIView {
    var size: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }

    init(_ name: String, size: CGSize) {
        self.size = size
        super.init(frame: .zero)
        self.name = name
        translatesAutoresizingMaskIntoConstraints = false
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize { size }
}

extension UIView {
    /// Pins the view's four edges to another item's, with an inset on each side.
    @discardableResult
    func pinEdges(to item: any LayoutItem, inset: CGFloat = 0) -> [NSLayoutConstraint] {
        let constraints = [
            leadingAnchor.constraint(equalTo: item.leadingAnchor, constant: inset),
            trailingAnchor.constraint(equalTo: item.trailingAnchor, constant: -inset),
            topAnchor.constraint(equalTo: item.topAnchor, constant: inset),
            bottomAnchor.constraint(equalTo: item.bottomAnchor, constant: -inset),
        ]
        NSLayoutConstraint.activate(constraints)
        return constraints
    }
}
