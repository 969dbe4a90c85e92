import Foundation

extension UIView {
    // MARK: Frame, bounds, center

    /// The view's rectangle in its superview's coordinate space.
    ///
    /// Derived from ``center`` and ``bounds``' size, as in UIKit. Setting it keeps
    /// ``bounds``' origin (a scroll view's content offset). A view that translates its
    /// autoresizing mask keeps the frame you set; any other view gets its frame from its
    /// constraints at the next layout.
    ///
    /// A frame with a NaN or infinite value (or an edge too far out to be finite), or a negative
    /// width or height, is refused: it is reported through ``logSink`` and the frame stays as
    /// it was. (UIKit accepts negative
    /// sizes and behaves oddly with them; HostKit asks the caller to standardize instead.)
    public var frame: CGRect {
        get {
            CGRect(
                x: storedCenter.x - storedBounds.width / 2, y: storedCenter.y - storedBounds.height / 2,
                width: storedBounds.width, height: storedBounds.height)
        }
        set {
            if let problem = UIView.problem(withFrame: newValue) {
                logSink.log(.error, "\(debugLabel).frame = \(newValue): \(problem); the frame is unchanged")
                return
            }
            let oldSize = storedBounds.size
            AnimationTransaction.current?.record(.frame, of: self, from: .rect(frame), to: .rect(newValue))
            storedCenter = CGPoint(x: newValue.midX, y: newValue.midY)
            storedBounds.size = newValue.size
            geometryDidChange(oldSize: oldSize)
        }
    }

    /// The view's rectangle in its own coordinate space: the origin is the point shown at the
    /// top-left corner (a scroll view's ``UIScrollView/contentOffset``), the size is the frame's.
    ///
    /// Changing the size keeps ``center`` fixed, as in UIKit. Non-finite values and negative
    /// sizes are refused (reported through ``logSink``; the bounds stay as they were).
    public var bounds: CGRect {
        get { storedBounds }
        set {
            if let problem = UIView.problem(withFrame: newValue) {
                logSink.log(.error, "\(debugLabel).bounds = \(newValue): \(problem); the bounds are unchanged")
                return
            }
            let oldSize = storedBounds.size
            let originChanged = storedBounds.origin != newValue.origin
            if let transaction = AnimationTransaction.current {
                // A scroll view's bounds origin is its content offset.
                if self is UIScrollView, oldSize == newValue.size {
                    transaction.record(
                        .contentOffset, of: self, from: .point(storedBounds.origin), to: .point(newValue.origin))
                } else {
                    transaction.record(.bounds, of: self, from: .rect(storedBounds), to: .rect(newValue))
                }
            }
            storedBounds = newValue
            if originChanged { boundsOriginDidChange() }
            // A scroll (the origin alone moved) leaves the frame and every constraint as they
            // were: solver coordinates do not include bounds origins, so there is nothing to
            // re-solve, only the safe areas and `layoutSubviews` that `boundsOriginDidChange`
            // asked for. Re-solving here cost a full solve and frame read per scroll.
            if !originChanged || newValue.size != oldSize { geometryDidChange(oldSize: oldSize) }
            if originChanged, let scrollView = self as? UIScrollView { scrollView.notifyDidScroll() }
        }
    }

    /// The centre of the frame, in the superview's coordinate space. Non-finite values are
    /// refused (reported through ``logSink``).
    public var center: CGPoint {
        get { storedCenter }
        set {
            guard newValue.isFinite else {
                logSink.log(.error, "\(debugLabel).center = \(newValue): not finite; the center is unchanged")
                return
            }
            AnimationTransaction.current?.record(.center, of: self, from: .point(storedCenter), to: .point(newValue))
            storedCenter = newValue
            geometryDidChange(oldSize: storedBounds.size)
        }
    }

    /// Why a caller's frame or bounds is refused, or `nil` if it is acceptable.
    static func problem(withFrame rect: CGRect) -> String? {
        if !rect.isFinite { return "a NaN or infinite value" }
        if rect.size.width < 0 || rect.size.height < 0 { return "a negative size (standardize the rectangle first)" }
        // Finite, but so large that its far edge or centre is not (1e308 wide at x 1e308, or
        // 100 wide at the largest CGFloat: the centre is the mean of both edges).
        if !rect.maxX.isFinite || !rect.maxY.isFinite || !rect.midX.isFinite || !rect.midY.isFinite {
            return "an edge beyond the largest CGFloat"
        }
        return nil
    }

    /// Applies a frame computed by the layout engine: no constraint updates.
    ///
    /// A negative solved width or height is applied as 0 and reported as a warning: a
    /// constraint to a negative constant is refused, but a system of constraints can still
    /// solve to one (`a.width == root.width - 400` in a 300-pt root), and a frame with a
    /// negative size is one the ``frame`` setter refuses.
    @discardableResult
    func applyLayoutFrame(_ solved: CGRect) -> Bool {
        var frame = solved
        // `size`, not `width`/`height`: those are of the standardized rectangle, never negative.
        if frame.size.width < 0 || frame.size.height < 0 {
            frame.size = CGSize(width: max(solved.size.width, 0), height: max(solved.size.height, 0))
            logSink.log(
                .warning,
                "\(debugLabel): the constraints give the negative size \(solved.size.compactText); laid out as \(frame.size.compactText)"
            )
        }
        // Constants near the largest CGFloat can give edges (or a centre) beyond it: the view
        // keeps the frame it had rather than an infinite one.
        if let problem = UIView.problem(withFrame: frame) {
            logSink.log(
                .error, "\(debugLabel): the constraints give the frame \(solved) (\(problem)); the frame is unchanged")
            return false
        }
        // A layout pass run inside an animation block: the frames it moves are that block's changes.
        if frame != self.frame, let transaction = AnimationTransaction.current {
            transaction.record(.frame, of: self, from: .rect(self.frame), to: .rect(frame))
        }
        let center = CGPoint(x: frame.midX, y: frame.midY)
        if center != storedCenter { storedCenter = center }
        if frame.size != storedBounds.size {
            storedBounds.size = frame.size
            needsLayoutFlag = true
        }
        return true
    }

    // MARK: Converting between views

    /// Converts a point from this view's coordinate space to another view's (`nil`: the root
    /// of the tree, i.e. the window's). Scroll offsets are included.
    ///
    /// Views of different trees are related through their roots' frames (the screen, for
    /// windows).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let screen = point + Self.offsetToScreen(of: Unmanaged.passUnretained(self))
        let target = Self.offsetToScreen(of: referenceOrRoot(view))
        return screen - target
    }

    /// Converts a point from another view's coordinate space (`nil`: the root of the tree) to
    /// this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let source = Self.offsetToScreen(of: referenceOrRoot(view))
        return point + source - Self.offsetToScreen(of: Unmanaged.passUnretained(self))
    }

    /// `view`, or if it is `nil` the root of this view's tree, without retaining either (see
    /// ``superviewReference``; the root is often a window, whose retains go through a side table).
    private func referenceOrRoot(_ view: UIView?) -> Unmanaged<UIView> {
        if let view { return Unmanaged.passUnretained(view) }
        return rootReference
    }

    /// Converts a rectangle from this view's coordinate space to another view's (`nil`: the
    /// root of the tree). Only the origin moves: HostKit has no transforms.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from another view's coordinate space (`nil`: the root of the tree)
    /// to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// What to add to a point in `view`'s bounds coordinates to get it in the space the root's
    /// frame is expressed in (the screen, for a window).
    private static func offsetToScreen(of view: Unmanaged<UIView>) -> CGPoint {
        var offset = CGPoint.zero
        // `Unmanaged`: the walk retains none of the views it passes. Each is alive: the first
        // is, and a view that goes clears itself out of its subviews' `superview` first.
        // Retaining each (through the side table that weak references give a view) made a
        // keyboard show 3% dearer (callgrind, signup-keyboard; rows-keyboard 4%).
        var next: Unmanaged<UIView>? = view
        while let current = next { next = addOffset(of: current, to: &offset) }
        return offset
    }

    /// Adds `view`'s frame origin less its bounds origin to `offset`, and returns its
    /// superview. Neither view is retained (see ``withUnretained(_:_:)``).
    @inline(__always)
    private static func addOffset(of view: Unmanaged<UIView>, to offset: inout CGPoint) -> Unmanaged<UIView>? {
        withUnretained(view) { view in
            // `frame.origin`, spelled out from the storage as ``frame`` derives it.
            let center = view.storedCenter
            let bounds = view.storedBounds
            offset.x += center.x - bounds.width / 2 - bounds.origin.x
            offset.y += center.y - bounds.height / 2 - bounds.origin.y
            return view.superviewReference
        }
    }

    // MARK: Diagnostics

    /// Where this view's diagnostics go: the sink set on this view or its nearest ancestor,
    /// or ``LogSink/standardError``. Setting it affects this view and its subtree (and
    /// receives a diagnostic pending since ``init(frame:)``).
    public var logSink: LogSink {
        get {
            var view: UIView? = self
            while let current = view {
                if let sink = current.ownLogSink { return sink }
                view = current.superview
            }
            return .standardError
        }
        set {
            ownLogSink = newValue
            deliverPendingDiagnostic()
        }
    }

    /// Writes the diagnostic kept since ``init(frame:)``, if any, to ``logSink``, once.
    func deliverPendingDiagnostic() {
        guard let message = pendingDiagnostic else { return }
        pendingDiagnostic = nil
        logSink.log(message)
    }

    /// `ClassName` or `ClassName:name` (the name, else the accessibility identifier), as
    /// diagnostics and descriptions print a view.
    public var debugLabel: String { Self.debugLabel(of: Swift.type(of: self), named: debugName) }

    /// The name ``debugLabel`` prints after the class: the view's name, else its accessibility
    /// identifier.
    var debugName: String? { name ?? accessibilityIdentifier }

    /// ``debugLabel`` of a view of class `type` with ``debugName`` `name`. Spelling a class's
    /// name (`String(describing:)` of a metatype) costs thousands of instructions: a record
    /// made often keeps the class and the name, and spells the label when it is read.
    nonisolated static func debugLabel(of type: UIView.Type, named name: String?) -> String {
        guard let name else { return String(describing: type) }
        return "\(type):\(name)"
    }
}

extension CGPoint {
    static func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}
