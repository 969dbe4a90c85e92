import ConstraintSolver
import Foundation

extension UIView {
    /// Tells Auto Layout that ``intrinsicContentSize`` changed; the constraints that hold it
    /// get their new constants in place at once, and the tree is laid out at the next
    /// ``layoutIfNeeded()``.
    public func invalidateIntrinsicContentSize() {
        markTreeNeedsLayout()
        guard let engine else { return }
        let size = validatedIntrinsicContentSize()
        engineRecords.intrinsicWidth = update(
            engineRecords.intrinsicWidth, axis: .horizontal, metric: size.width, engine)
        engineRecords.intrinsicHeight = update(
            engineRecords.intrinsicHeight, axis: .vertical, metric: size.height, engine)
    }

    private func update(
        _ records: IntrinsicSizeConstraints?, axis: NSLayoutConstraint.Axis, metric: CGFloat,
        _ engine: LayoutEngine
    ) -> IntrinsicSizeConstraints? {
        if metric >= 0, let records {
            engine.setConstant(-metric, for: records.hugging)
            engine.setConstant(-metric, for: records.compressionResistance)
            return records
        }
        if let records {
            engine.remove(records.hugging)
            engine.remove(records.compressionResistance)
        }
        let fresh = LayoutEngine.intrinsicConstraints(for: self, axis: axis, metric: metric)
        engine.add(fresh)
        return fresh
    }

    /// ``intrinsicContentSize`` with a NaN or infinite axis reported and treated as
    /// ``noIntrinsicMetric``.
    func validatedIntrinsicContentSize() -> CGSize {
        var size = intrinsicContentSize
        if !size.width.isFinite || !size.height.isFinite {
            logSink.log(
                .error,
                "\(debugLabel).intrinsicContentSize is \(size); a non-finite axis is treated as noIntrinsicMetric")
            if !size.width.isFinite { size.width = UIView.noIntrinsicMetric }
            if !size.height.isFinite { size.height = UIView.noIntrinsicMetric }
        }
        return size
    }

    // MARK: Content hugging and compression resistance

    /// How strongly the view resists growing beyond its intrinsic size on an axis
    /// (``UILayoutPriority/defaultLow``, 250, by default).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? contentPriorities.huggingHorizontal : contentPriorities.huggingVertical
    }

    /// Sets the content hugging priority of an axis. A priority outside 1…1000 is refused and
    /// reported.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard priority.isValid else {
            logSink.log(.error, "\(debugLabel).setContentHuggingPriority: \(priority) is outside 1...1000; unchanged")
            return
        }
        if axis == .horizontal {
            contentPriorities.huggingHorizontal = priority
        } else {
            contentPriorities.huggingVertical = priority
        }
        updateIntrinsicPriority(index: 0, axis: axis, priority)
    }

    /// How strongly the view resists shrinking below its intrinsic size on an axis
    /// (``UILayoutPriority/defaultHigh``, 750, by default).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? contentPriorities.compressionHorizontal : contentPriorities.compressionVertical
    }

    /// Sets the compression resistance priority of an axis. A priority outside 1…1000 is
    /// refused and reported.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis)
    {
        guard priority.isValid else {
            logSink.log(
                .error,
                "\(debugLabel).setContentCompressionResistancePriority: \(priority) is outside 1...1000; unchanged")
            return
        }
        if axis == .horizontal {
            contentPriorities.compressionHorizontal = priority
        } else {
            contentPriorities.compressionVertical = priority
        }
        updateIntrinsicPriority(index: 1, axis: axis, priority)
    }

    private func updateIntrinsicPriority(index: Int, axis: NSLayoutConstraint.Axis, _ priority: UILayoutPriority) {
        markTreeNeedsLayout()
        let records = axis == .horizontal ? engineRecords.intrinsicWidth : engineRecords.intrinsicHeight
        guard let engine, let records, records[index].priority != priority.solverPriority else { return }
        engine.changePriority(of: records[index], to: priority.solverPriority)
    }

    // MARK: Fitting

    /// The size the view's constraints give it when it is pulled towards `targetSize` at
    /// ``UILayoutPriority/fittingSizeLevel`` (50) on both axes (`UIView.systemLayoutSizeFitting(_:)`).
    ///
    /// Pass ``layoutFittingCompressedSize`` for the smallest size, ``layoutFittingExpandedSize``
    /// for the largest. Only the constraints inside the view's subtree count (its own, its
    /// descendants', their intrinsic sizes and autoresizing masks); the view's own
    /// autoresizing mask and its constraints to views outside are ignored. The tree's layout
    /// is not changed: a temporary solver does the work.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
    }

    /// ``systemLayoutSizeFitting(_:)`` with the priority of each axis's pull towards the
    /// target given (`.required` fixes that axis at the target, e.g. a cell's width).
    ///
    /// A non-finite or negative target or an invalid priority is reported and the current size
    /// returned.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize,
        withHorizontalFittingPriority horizontalPriority: UILayoutPriority,
        verticalFittingPriority verticalPriority: UILayoutPriority
    ) -> CGSize {
        guard targetSize.isFinite, targetSize.width >= 0, targetSize.height >= 0, horizontalPriority.isValid,
            verticalPriority.isValid
        else {
            logSink.log(
                .error,
                "\(debugLabel).systemLayoutSizeFitting: target \(targetSize) or priorities \(horizontalPriority)/\(verticalPriority) invalid; returning the current size"
            )
            return bounds.size
        }
        let solver = Solver()
        var failures = 0
        func add(_ constraint: Constraint) {
            do { try solver.addConstraint(constraint) } catch { failures += 1 }
        }
        add(node.minX == 0)
        add(node.minY == 0)
        add((node.width == Double(targetSize.width)).withPriority(horizontalPriority.solverPriority))
        add((node.height == Double(targetSize.height)).withPriority(verticalPriority.solverPriority))
        forEachInSubtree { view in
            var records: [EngineConstraint] = []
            if view !== self, view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview {
                records += AutoresizingRule.constraints(for: view, in: superview)
            }
            let size = view.validatedIntrinsicContentSize()
            records += LayoutEngine.intrinsicConstraints(for: view, axis: .horizontal, metric: size.width)?.both ?? []
            records += LayoutEngine.intrinsicConstraints(for: view, axis: .vertical, metric: size.height)?.both ?? []
            if let guide = view.storedSafeAreaLayoutGuide {
                records += LayoutEngine.safeAreaConstraints(for: view, guide: guide)
            }
            if let scrollView = view as? UIScrollView {
                if let guide = scrollView.storedContentLayoutGuide {
                    let (pins, size) = LayoutEngine.contentGuideConstraints(scrollView, guide)
                    records += pins + size
                }
                if let guide = scrollView.storedFrameLayoutGuide {
                    records += LayoutEngine.frameGuideConstraints(scrollView, guide)
                }
            }
            records += view.constraints.compactMap { $0.makeEngineConstraint() }
            for record in records { add(record.constraint) }
        }
        if failures > 0 {
            logSink.log(
                .warning,
                "\(debugLabel).systemLayoutSizeFitting: \(failures) required constraint(s) of the subtree conflict and were left out"
            )
        }
        solver.updateVariables()
        return CGSize(width: snapped(solver.value(of: node.width)), height: snapped(solver.value(of: node.height)))
    }
}
