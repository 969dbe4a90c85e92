import ConstraintSolver
import Foundation

extension UIView {
    /// How many times one ``layoutIfNeeded()`` repeats the layout pass when
    /// ``layoutSubviews()`` or a hook keeps changing the layout: 8, well above the 2 or 3
    /// passes a sound layout needs (a hook that changes a constraint costs one more pass), low
    /// enough that a feedback loop is reported at once.
    public static let maximumLayoutPasses = 8

    /// How many times one pass re-solves after safe-area insets change (a safe area depends on
    /// frames, and constraints to a safe-area guide change frames): 8, for the same reason.
    static let maximumSafeAreaIterations = 8

    // MARK: Requesting layout

    /// Marks the view as needing ``layoutSubviews()`` at the next ``layoutIfNeeded()``.
    public func setNeedsLayout() {
        needsLayoutFlag = true
        markTreeNeedsLayout()
    }

    /// Lays out the whole tree this view is in, if anything changed since the last layout.
    ///
    /// One pass: solve the tree's constraints and apply the frames top-down; recompute the
    /// safe-area insets top-down (re-solving while they change the layout); update scroll
    /// views' content size, adjusted insets and resting offsets; call
    /// ``safeAreaInsetsDidChange()`` and ``UIScrollView/adjustedContentInsetDidChange()`` where
    /// they changed; then call ``layoutSubviews()`` top-down on the views that need it. The
    /// pass repeats while those calls change the layout, up to ``maximumLayoutPasses``.
    ///
    /// Frames are the solver's values snapped to the nearest multiple of 1/4096 when within
    /// 1e-6 of it, so exact geometry compares equal despite floating-point noise (a residue
    /// like 646.9999999999999 becomes 647; a real third such as 33.333… is left alone).
    public func layoutIfNeeded() {
        // The root is retained for the pass: the code a pass calls (layoutSubviews, the
        // safe-area and appearance hooks) may let go of the tree.
        root.layoutTree()
    }

    /// Whether the tree needs a layout pass.
    package var treeNeedsLayoutPass: Bool { withUnretained(rootReference) { $0.treeNeedsLayout } }

    func markTreeNeedsLayout() {
        withUnretained(rootReference) { top in
            top.treeNeedsLayout = true
            top.rootNeedsLayoutPass()
        }
    }

    /// The tree's engine, created (and filled with the tree's constraints) if needed.
    @discardableResult
    func ensureEngine() -> LayoutEngine {
        let top = root
        if let engine = top.engine { return engine }
        let engine = LayoutEngine(root: top)
        engine.register(subtree: top, asRoot: true)
        return engine
    }

    /// Calls `body` with every solver node of this view: its own and its guides'.
    func forEachNode(_ body: (LayoutNode) -> Void) {
        body(node)
        for guide in layoutGuides { body(guide.node) }
        if let guide = storedSafeAreaLayoutGuide { body(guide.node) }
        if let scrollView = self as? UIScrollView {
            if let guide = scrollView.storedContentLayoutGuide { body(guide.node) }
            if let guide = scrollView.storedFrameLayoutGuide { body(guide.node) }
        }
    }

    /// How many nodes ``forEachNode(_:)`` visits.
    var nodeCount: Int {
        var count = 0
        forEachNode { _ in count += 1 }
        return count
    }

    // MARK: Keeping the engine in step with the tree

    /// The view was just attached to a superview: its subtree's constraints join the tree's
    /// engine (its own engine, if it had one, is dropped).
    func joinTree() {
        deliverPendingDiagnostic()
        if engine != nil { LayoutEngine.discard(subtree: self) }
        if let engine = superview?.engine { engine.register(subtree: self, asRoot: false) }
        needsLayoutFlag = true
        markTreeNeedsLayout()
    }

    /// The view is about to leave its superview: constraints between its subtree and the rest
    /// of the tree are deactivated, and its subtree's constraints leave the tree's engine.
    func leaveTree() {
        var ancestor = superview
        while let current = ancestor {
            for constraint in current.constraints where constraint.involvesSubtree(of: self) {
                constraint.deactivate()
            }
            ancestor = current.superview
        }
        engine?.unregister(subtree: self)
    }

    /// The frame or bounds size changed by the caller.
    func geometryDidChange(oldSize: CGSize) {
        if storedBounds.size != oldSize {
            needsLayoutFlag = true
            // The subviews' safe areas depend on this size, and the layout pass, which finds
            // it already stored, would not see it change.
            safeAreaInputsChanged = true
        }
        if let engine {
            if superview == nil {
                let records = engineRecords.rootSize
                if records.count == 4 {
                    engine.setConstant(-storedBounds.width, for: records[2])
                    engine.setConstant(-storedBounds.height, for: records[3])
                }
            } else if translatesAutoresizingMaskIntoConstraints {
                updateAutoresizingConstraints(engine)
            }
            // A constrained view's hand-set frame is overwritten by the next layout.
            engine.needsSolve = true
            markFrameNeedsRead()
        } else if storedBounds.size != oldSize {
            resizeAutoresizingSubviews(fromOldSize: oldSize)
        }
        markTreeNeedsLayout()
    }

    /// In a tree without an engine yet (never laid out), UIKit's autoresizing happens at once:
    /// the translating subviews take their share of the size change now. Otherwise the
    /// autoresizing constraints, created later from the frames as they are, would freeze a
    /// subview sized before its superview (a view controller's view added to a container that
    /// the window sizes afterwards).
    private func resizeAutoresizingSubviews(fromOldSize old: CGSize) {
        let new = storedBounds.size
        let dw = new.width - old.width
        let dh = new.height - old.height
        for subview in subviews
        where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
            let f = subview.frame
            let mask = subview.autoresizingMask
            let x = AutoresizingRule.shares(
                lead: f.minX, size: f.width, trail: old.width - f.maxX,
                flexibleLead: mask.contains(.flexibleLeftMargin),
                flexibleSize: mask.contains(.flexibleWidth),
                flexibleTrail: mask.contains(.flexibleRightMargin))
            let y = AutoresizingRule.shares(
                lead: f.minY, size: f.height, trail: old.height - f.maxY,
                flexibleLead: mask.contains(.flexibleTopMargin),
                flexibleSize: mask.contains(.flexibleHeight),
                flexibleTrail: mask.contains(.flexibleBottomMargin))
            let resized = CGRect(
                x: f.minX + x.lead * dw, y: f.minY + y.lead * dh,
                width: max(0, f.width + x.size * dw), height: max(0, f.height + y.size * dh))
            if resized != f { subview.frame = resized }
        }
    }

    /// The bounds origin (a scroll offset) changed: subviews' safe areas may change, and
    /// UIKit lays a scroll view out on every scroll.
    func boundsOriginDidChange() {
        needsLayoutFlag = true
        safeAreaInputsChanged = true
        markTreeNeedsLayout()
    }

    func markDescendantNeedsLayout() {
        var view: UIView? = self
        while let current = view, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            view = current.superview
        }
    }

    /// Marks the frame for reading back from the solver at the next layout pass (see
    /// ``frameNeedsRead``), and the branch that leads to the view. The branch is marked even
    /// when the view already was: a subtree that moved to another tree keeps its marks.
    func markFrameNeedsRead() {
        frameNeedsRead = true
        var view = superview
        while let current = view, !current.descendantFrameNeedsRead {
            current.descendantFrameNeedsRead = true
            view = current.superview
        }
    }

    func markDescendantSafeAreaInputsChanged() {
        var view: UIView? = self
        while let current = view, !current.descendantSafeAreaInputsChanged {
            current.descendantSafeAreaInputsChanged = true
            view = current.superview
        }
    }

    func autoresizingDidChange() {
        if let engine, superview != nil {
            engineRecords.autoresizing.forEach(engine.remove)
            engineRecords.autoresizing = []
            if translatesAutoresizingMaskIntoConstraints { updateAutoresizingConstraints(engine) }
        }
        markTreeNeedsLayout()
    }

    /// Brings the autoresizing constraints in line with the frame: new constants in place
    /// when the shares are unchanged, new constraints otherwise.
    private func updateAutoresizingConstraints(_ engine: LayoutEngine) {
        guard let superview else { return }
        let fresh = AutoresizingRule.constraints(for: self, in: superview)
        let current = engineRecords.autoresizing
        if current.count == fresh.count,
            zip(current, fresh).allSatisfy({ $0.terms.map(\.coefficient) == $1.terms.map(\.coefficient) })
        {
            for (old, new) in zip(current, fresh) { engine.setConstant(new.constant, for: old) }
        } else {
            current.forEach(engine.remove)
            engineRecords.autoresizing = fresh
            fresh.forEach(engine.add)
        }
    }

    // MARK: The layout pass

    func layoutTree() {
        deliverPendingDiagnostic()
        guard treeNeedsLayout else { return }
        let engine = ensureEngine()
        var passes = 0
        while treeNeedsLayout {
            guard passes < UIView.maximumLayoutPasses else {
                logSink.log(
                    .warning,
                    "\(debugLabel): layout did not settle after \(UIView.maximumLayoutPasses) passes (layoutSubviews or a hook keeps changing the layout); giving up until something changes"
                )
                treeNeedsLayout = false
                break
            }
            passes += 1
            engine.statistics.layoutPasses += 1
            treeNeedsLayout = false
            engine.retryBrokenConstraints()
            var changes = engine.spareChanges
            engine.spareChanges = LayoutChanges()
            settle(engine, &changes)
            for view in changes.safeArea {
                view.pendingNotification = false
                view.notifySafeAreaInsetsDidChange()
            }
            for scrollView in changes.adjustedContentInset {
                scrollView.pendingAdjustedNotification = false
                scrollView.adjustedContentInsetDidChange()
                scrollView.delegate?.scrollViewDidChangeAdjustedContentInset(scrollView)
            }
            changes.safeArea.removeAll(keepingCapacity: true)
            changes.adjustedContentInset.removeAll(keepingCapacity: true)
            engine.spareChanges = changes
            callLayoutSubviews()
        }
        rootDidFinishLayoutPass()
    }

    /// Solves and applies frames, safe areas and scroll geometry until the safe areas stop
    /// changing the constraints.
    private func settle(_ engine: LayoutEngine, _ changes: inout LayoutChanges) {
        // Constraints and safe-area inputs both changed (a keyboard change: a constraint and the
        // host's additional insets; a rotation: the window's size and insets). Bring the safe
        // areas, and their guides' constants, up to date from the current frames first, so one
        // solve covers both: solving first would read every frame, find the safe areas changed,
        // then solve and read every frame again. The loop below still re-solves if the new
        // frames move a safe area. Not on the first layout, whose frames are not the solver's yet.
        if engine.needsSolve, engine.statistics.solves > 0, safeAreaInputsChanged || descendantSafeAreaInputsChanged {
            apply(engine, parent: nil, readFrames: false, parentMoved: false, parentChanged: false, &changes)
        }
        for _ in 0..<UIView.maximumSafeAreaIterations {
            if engine.needsSolve { engine.solve() }
            apply(engine, parent: nil, readFrames: true, parentMoved: false, parentChanged: false, &changes)
            if !engine.needsSolve { return }
        }
        logSink.log(
            .warning,
            "\(debugLabel): safe-area insets did not settle after \(UIView.maximumSafeAreaIterations) solves (a safe area that moves the views that define it?)"
        )
    }

    /// One top-down walk over the branches that lead to a change: the frame from the solver,
    /// the safe area from the superview, the scroll geometry.
    ///
    /// A frame can only change where the solver moved the view's variables (the last solve
    /// marked those views, see ``LayoutEngine/solve()``), where it was set by hand, or below a
    /// view whose layout-space origin moved (a frame is the difference of two origins). A safe
    /// area can only change with the view's frame, its superview's safe area or bounds, or one
    /// of its own inputs (``safeAreaInputsChanged``). So the walk visits those views and the
    /// branches leading to them, and a change that moves nothing visits nothing: its cost is
    /// that of what changed, not of the tree.
    ///
    /// With `readFrames` false (before a solve) no frame is read; the marks stay for the walk
    /// after the solve. `parentMoved`: the superview's layout-space origin changed, so this
    /// view's frame must be read again; `parentChanged`: its origin, size, safe area or scroll
    /// geometry changed, so this view's safe area must be computed again.
    private func apply(
        _ engine: LayoutEngine, parent: UIView?, readFrames: Bool, parentMoved: Bool,
        parentChanged: Bool, _ changes: inout LayoutChanges
    ) {
        let readFrame = readFrames && (frameNeedsRead || parentMoved)
        let selfChanged = readFrame || parentChanged || safeAreaInputsChanged
        let descendantsPending = descendantSafeAreaInputsChanged || (readFrames && descendantFrameNeedsRead)
        guard selfChanged || descendantsPending else { return }
        var childrenAffected = safeAreaInputsChanged
        var moved = false
        if selfChanged {
            engine.statistics.viewsVisited += 1
            if readFrame {
                frameNeedsRead = false
                engine.statistics.framesRead += 1
                let oldOrigin = layoutOrigin
                let oldSize = storedBounds.size
                if let parent {
                    if node.references > 0 {
                        let rect = engine.layoutRect(of: node)
                        if applyLayoutFrame(CGRect(origin: rect.origin - parent.layoutOrigin, size: rect.size)) {
                            layoutOrigin = rect.origin
                        } else {
                            // Refused (beyond the largest CGFloat): where the kept frame is.
                            layoutOrigin = parent.layoutOrigin + frame.origin
                        }
                    } else {
                        // Nothing positions this view: it keeps its frame.
                        layoutOrigin = parent.layoutOrigin + frame.origin
                    }
                } else {
                    layoutOrigin = .zero
                }
                moved = layoutOrigin != oldOrigin
                if moved || storedBounds.size != oldSize { childrenAffected = true }
            }
            let insets = computedSafeAreaInsets(parent: parent)
            let changed = insets != safeAreaInsets
            if changed {
                safeAreaInsets = insets
                childrenAffected = true
                needsLayoutFlag = true
                if engineRecords.safeArea.count == 4 {
                    for (record, constant) in zip(engineRecords.safeArea, LayoutEngine.safeAreaConstants(insets)) {
                        engine.setConstant(constant, for: record)
                    }
                }
            }
            if changed || forcesSafeAreaNotification {
                forcesSafeAreaNotification = false
                if !pendingNotification {
                    pendingNotification = true
                    changes.safeArea.append(self)
                }
            }
            if let scrollView = self as? UIScrollView,
                scrollView.updateContentGeometry(engine, readFrames: readFrame, &changes)
            {
                childrenAffected = true
            }
        }
        safeAreaInputsChanged = false
        descendantSafeAreaInputsChanged = false
        if readFrames { descendantFrameNeedsRead = false }
        guard childrenAffected || descendantsPending else { return }
        Self.forEach(subviews, readingFrames: readFrames, parentMoved: moved) { subview in
            subview.apply(
                engine, parent: self, readFrames: readFrames, parentMoved: moved,
                parentChanged: childrenAffected, &changes)
        }
    }

    /// Calls `layoutSubviews()` top-down on the views that need it, visiting only the
    /// branches that lead to one.
    private func callLayoutSubviews() {
        guard needsLayoutFlag || descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        if needsLayoutFlag {
            needsLayoutFlag = false
            // A view controller's root view: UIKit brackets its layoutSubviews with these.
            let controller = owningViewController
            controller?.viewWillLayoutSubviews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
        Self.forEach(subviews) { $0.callLayoutSubviews() }
    }

    /// Calls `body` on each of `subviews` (a snapshot: `body` may change the list), each
    /// subview's first cache line, where its layout flags are, loaded ``prefetchDistance``
    /// subviews ahead: the layout pass's two walks, the frames' and the `layoutSubviews()`
    /// calls'.
    ///
    /// The subviews of a long screen's content are not in the cache any more when a first
    /// layout gets here, each a read from memory: the `layoutSubviews()` walk over a 10,000-row
    /// form's 20,000 took 1.1 ms, 0.5 ms with them loaded ahead (`Benchmarks/README.md`,
    /// thirty-seventh round).
    @inline(__always)
    private static func forEach(_ subviews: [UIView], _ body: (UIView) -> Void) {
        for index in subviews.indices {
            if index + prefetchDistance < subviews.count { prefetch(subviews[index + prefetchDistance]) }
            body(subviews[index])
        }
    }

    /// ``forEach(_:_:)`` for the frames' walk. While it reads frames, it loads more of each
    /// subview ahead of its visit: the subview's first 128 bytes (its flags, its node's address
    /// and its geometry, ``UIView/layoutPassBytes``) 12 subviews ahead, then, if its frame is to
    /// be read, its node 8 ahead and the node's four variables 4 ahead, each stage reading the
    /// addresses the one before it loaded. Before a solve (`readingFrames` false) it is
    /// ``forEach(_:_:)``.
    ///
    /// A first layout reads every frame after the solve, and on a long screen none of these
    /// objects is in the cache any more: each visit waited for the view's second line, then the
    /// node, then the variables. Staged, a 10,000-row form's first layout took 2.5% less time
    /// than with the subview's first line alone loaded ahead, a 1,000-row form's the same
    /// (`Benchmarks/README.md`, fortieth round).
    @inline(__always)
    private static func forEach(
        _ subviews: [UIView], readingFrames: Bool, parentMoved: Bool, _ body: (UIView) -> Void
    ) {
        guard readingFrames else {
            forEach(subviews, body)
            return
        }
        let count = subviews.count
        for index in subviews.indices {
            if index + viewDistance < count {
                prefetch(at: address(of: subviews[index + viewDistance]), bytes: layoutPassBytes)
            }
            // `unowned(unsafe)`: a strong reference here was retained around the hints, a write
            // that waits for the subview's lines.
            if index + nodeDistance < count {
                unowned(unsafe) let view = subviews[index + nodeDistance]
                if parentMoved || view.frameNeedsRead {
                    prefetch(at: address(of: view.node), bytes: LayoutNode.bytes)
                }
            }
            if index + variablesDistance < count {
                unowned(unsafe) let view = subviews[index + variablesDistance]
                if parentMoved || view.frameNeedsRead {
                    LayoutNode.prefetchVariables(ofNodeAt: address(of: view.node))
                }
            }
            body(subviews[index])
        }
    }

    /// The stages of ``forEach(_:readingFrames:parentMoved:_:)``, four visits apart: a visit
    /// that reads a frame takes about 100 ns on a long screen's first layout, a load from
    /// memory about as long, so each stage's lines have some 400 ns to come.
    private static let viewDistance = 12
    private static let nodeDistance = 8
    private static let variablesDistance = 4

    /// How many subviews ahead a layout pass's walks load a subview into the cache
    /// (``forEach(_:_:)``): a visit takes some 20 ns once its view is in the cache, a read from
    /// memory about 100 ns, so five ahead are the least; eight leave room.
    private static let prefetchDistance = 8
}

/// What one layout pass changed, in top-down order, for the notifications.
struct LayoutChanges {
    var safeArea: [UIView] = []
    var adjustedContentInset: [UIScrollView] = []
}

extension NSLayoutConstraint {
    /// Whether an item of the constraint is in the subtree of `view`.
    func involvesSubtree(of view: UIView) -> Bool {
        if let item = firstLayoutItem, let itemView = LayoutItems.view(of: item), itemView.isDescendant(of: view) {
            return true
        }
        if let item = secondLayoutItem, let itemView = LayoutItems.view(of: item), itemView.isDescendant(of: view) {
            return true
        }
        return false
    }
}
