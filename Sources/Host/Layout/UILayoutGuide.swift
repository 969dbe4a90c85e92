import Foundation

/// A rectangle that takes part in Auto Layout without being a view (`UILayoutGuide`).
///
/// Add it to a view with ``UIView/addLayoutGuide(_:)`` before constraining it. Views also own
/// guides HostKit maintains: ``UIView/safeAreaLayoutGuide`` and a scroll view's
/// ``UIScrollView/contentLayoutGuide`` and ``UIScrollView/frameLayoutGuide``.
@MainActor
open class UILayoutGuide: NSObject, LayoutItem {
    /// What a guide stands for.
    enum Role {
        case user, safeArea, content, frame, keyboard
    }

    /// A name for diagnostics (`""` by default for guides you create).
    public var identifier: String

    /// The view the guide belongs to, or `nil` before ``UIView/addLayoutGuide(_:)``.
    ///
    /// Read-only: ``UIView/addLayoutGuide(_:)`` and ``UIView/removeLayoutGuide(_:)`` change it.
    /// (Get-only in the declaration, as ``UIView/superview`` is, so that the symbol graph and
    /// `Scripts/uikit-surface.py` see no setter.)
    public var owningView: UIView? { unretainedOwningView }

    /// The storage of ``owningView``: not retained, and not `weak` either, for the reason
    /// ``UIView/unretainedSuperview`` gives. A weak reference gave every view with a guide (a
    /// scroll view, any view whose safe-area guide was read) a side table, and every retain and
    /// release of it took the slow path through the table: a 10,000-row form's scroll view is
    /// retained at each of the 20,000 additions of a view below it, and the slow paths were
    /// about 3% of its first layout's time (`perf`). The view clears it in its guides when it goes
    /// (`deinit`), so it never dangles; `nonisolated(unsafe)` because a `deinit` is not isolated.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews
    nonisolated(unsafe) unowned(unsafe) var unretainedOwningView: UIView?

    let node = LayoutNode(placesGuide: true)
    let role: Role

    /// Creates a guide; add it to a view before constraining it.
    public override init() {
        identifier = ""
        role = .user
        super.init()
        node.item = self
    }

    init(role: Role, identifier: String, owningView: UIView) {
        self.identifier = identifier
        self.role = role
        self.unretainedOwningView = owningView
        super.init()
        node.item = self
    }

    /// Clears its node's reference to it, which does not retain it (see ``LayoutNode/item``).
    deinit {
        node.item = nil
    }

    /// The guide's rectangle in its owning view's coordinate space, as of the last layout.
    ///
    /// The safe-area guide is the bounds inset by the safe-area insets; a scroll view's frame
    /// guide is its bounds (it moves with the content offset) and its content guide is
    /// `(0, 0, contentSize)`; a guide of your own is where its constraints put it. `.zero`
    /// for a guide not added to a view.
    public var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        switch role {
        case .safeArea:
            return view.bounds.inset(by: view.safeAreaInsets)
        case .frame:
            return view.bounds
        case .content:
            return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? .zero)
        case .keyboard:
            return (view as? UIWindow)?.keyboardLayoutFrame ?? .zero
        case .user:
            guard let engine = view.engine else { return .zero }
            let rect = engine.layoutRect(of: node)
            return CGRect(origin: rect.origin - view.layoutOrigin, size: rect.size)
        }
    }

    /// `UIView:owner.identifier`.
    var debugLabel: String {
        let owner = owningView?.debugLabel ?? "(no view)"
        return "\(owner).\(identifier.isEmpty ? "UILayoutGuide" : identifier)"
    }
}

extension UIView {
    /// Adds a layout guide to this view (`UIView.addLayoutGuide(_:)`). A guide that belongs
    /// to another view is moved here (its constraints are deactivated first).
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.role == .user else {
            logSink.log(
                .error, "\(debugLabel).addLayoutGuide: \(guide.debugLabel) is maintained by HostKit and cannot be moved"
            )
            return
        }
        if guide.owningView === self { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.unretainedOwningView = self
        layoutGuides.append(guide)
    }

    /// Removes a layout guide from this view, deactivating the constraints that use it. Does
    /// nothing if the guide is not this view's.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self, let index = layoutGuides.firstIndex(where: { $0 === guide }) else { return }
        var view: UIView? = self
        while let current = view {
            for constraint in current.constraints
            where constraint.firstItem === guide || constraint.secondItem === guide {
                constraint.deactivate()
            }
            view = current.superview
        }
        layoutGuides.remove(at: index)
        guide.unretainedOwningView = nil
    }
}
