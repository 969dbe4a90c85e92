import ConstraintSolver
import Foundation

extension UIView {
    /// Installs a constraint on this view (`UIView.addConstraint(_:)`) and activates it.
    ///
    /// Its items must be this view, its descendants, or guides they own; otherwise the call is
    /// refused and reported. A constraint already active on another view is left there (and
    /// reported).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if let current = constraint.installedOn {
            if current !== self {
                logSink.log(
                    .error, "\(debugLabel).addConstraint: \(constraint) is already installed on \(current.debugLabel)")
            }
            return
        }
        guard constraint.validatedViews(caller: "be added to \(debugLabel)") != nil else { return }
        for item in [constraint.firstLayoutItem, constraint.secondLayoutItem].compactMap({ $0 }) {
            guard let view = LayoutItems.view(of: item), view.isDescendant(of: self) else {
                logSink.log(
                    .error,
                    "\(debugLabel).addConstraint: \(LayoutItems.label(of: item)) is not in the subtree of \(debugLabel); \(constraint) was not installed"
                )
                return
            }
        }
        constraint.install(on: self)
    }

    /// Adds each constraint with ``addConstraint(_:)``.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Removes a constraint installed on this view, deactivating it
    /// (`UIView.removeConstraint(_:)`).
    ///
    /// Removing a constraint that is not installed here — for instance a second time — changes
    /// nothing and is reported as a warning through ``logSink`` (UIKit ignores it silently,
    /// which hides the bookkeeping mistake it usually is).
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard let current = constraint.installedOn else {
            logSink.log(
                .warning,
                "\(debugLabel).removeConstraint: \(constraint) is not installed (already removed?); nothing changed")
            return
        }
        guard current === self else {
            logSink.log(
                .warning,
                "\(debugLabel).removeConstraint: \(constraint) is installed on \(current.debugLabel), not on \(debugLabel); nothing changed"
            )
            return
        }
        constraint.deactivate()
    }

    /// Removes each constraint with ``removeConstraint(_:)``.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// Whether the constraints leave this view's frame undetermined: some other frame would
    /// satisfy every priority just as well (`UIView.hasAmbiguousLayout`). Uses the solver's
    /// ambiguity query over the whole tree; a view that nothing constrains keeps its frame and
    /// is not ambiguous.
    public var hasAmbiguousLayout: Bool {
        let engine = ensureEngine()
        guard node.references > 0 else { return false }
        let ambiguous = Set(engine.solver.ambiguousVariables().map(ObjectIdentifier.init))
        return [node.minX, node.minY, node.width, node.height].contains { ambiguous.contains(ObjectIdentifier($0)) }
    }

    /// The views of this subtree whose layout is ambiguous (see ``hasAmbiguousLayout``), in
    /// depth-first order: a one-call replacement for walking the tree with UIKit's
    /// `hasAmbiguousLayout` and `exerciseAmbiguityInLayout()`.
    public func viewsWithAmbiguousLayout() -> [UIView] {
        let engine = ensureEngine()
        let ambiguous = Set(engine.solver.ambiguousVariables().map(ObjectIdentifier.init))
        var views: [UIView] = []
        forEachInSubtree { view in
            let n = view.node
            if n.references > 0,
                [n.minX, n.minY, n.width, n.height].contains(where: { ambiguous.contains(ObjectIdentifier($0)) })
            {
                views.append(view)
            }
        }
        return views
    }
}
