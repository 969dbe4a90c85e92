import Foundation

extension UIView {
    /// Adds a view as the frontmost subview, removing it from its current superview first
    /// (which deactivates its constraints to views outside it, as UIKit does). Adding a view
    /// that is already a subview brings it to the front.
    ///
    /// Adding a view to itself or to one of its own descendants is refused: it is reported
    /// through ``logSink`` and both trees stay as they were.
    public func addSubview(_ view: UIView) {
        insert(view, at: subviews.count, caller: "addSubview")
    }

    /// Inserts a view at an index of ``subviews`` (0 is the back). An index outside
    /// `0...subviews.count` is clamped to it and reported as a warning.
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index, caller: "insertSubview(_:at:)")
    }

    /// Inserts a view just below a sibling. If `siblingSubview` is not a subview of this view
    /// the call is refused and reported.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else {
            logSink.log(
                .error,
                "\(debugLabel).insertSubview(_:belowSubview:): \(siblingSubview.debugLabel) is not a subview; nothing was inserted"
            )
            return
        }
        insert(view, at: index, caller: "insertSubview(_:belowSubview:)")
    }

    /// Inserts a view just above a sibling. If `siblingSubview` is not a subview of this view
    /// the call is refused and reported.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else {
            logSink.log(
                .error,
                "\(debugLabel).insertSubview(_:aboveSubview:): \(siblingSubview.debugLabel) is not a subview; nothing was inserted"
            )
            return
        }
        insert(view, at: index + 1, caller: "insertSubview(_:aboveSubview:)")
    }

    /// Moves a subview to the front. Does nothing if it is not a subview.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: subviews.count, caller: "bringSubviewToFront")
    }

    /// Moves a subview to the back. Does nothing if it is not a subview.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: 0, caller: "sendSubviewToBack")
    }

    /// Removes the view from its superview. Constraints between views inside it and views
    /// outside it are deactivated; its own constraints stay active and move with it. Does
    /// nothing for a root.
    public func removeFromSuperview() {
        detachFromSuperview(notifiesWindow: true)
    }

    /// Removes the view from its superview; `notifiesWindow` is `false` when the view is being
    /// moved to a superview in the same window (UIKit sends no window calls then).
    private func detachFromSuperview(notifiesWindow: Bool) {
        guard let parent = superview else { return }
        let oldWindow = notifiesWindow ? window : nil
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { dispatchWillMove(toWindow: nil) }
        leaveTree()
        if let index = parent.subviews.firstIndex(where: { $0 === self }) {
            parent.subviews.remove(at: index)
        }
        unretainedSuperview = nil
        treeNeedsLayout = true
        needsLayoutFlag = true
        // UIKit's order on removal: didMoveToWindow, then didMoveToSuperview.
        if oldWindow != nil { dispatchDidMoveToWindow() }
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    /// The window this view is in: the root of its tree, if that is a ``UIWindow`` (a window's
    /// own `window` is itself). `nil` for a view outside any window.
    public var window: UIWindow? {
        root as? UIWindow
    }

    /// Calls ``willMove(toWindow:)`` on this view and its descendants, parents first, then
    /// tells the view controllers whose root views are among them.
    private func dispatchWillMove(toWindow newWindow: UIWindow?) {
        var controllers: [UIViewController] = []
        forEachInSubtree { view in
            view.resignFirstResponderLeavingWindow()
            view.willMove(toWindow: newWindow)
            if let controller = view.owningViewController { controllers.append(controller) }
        }
        for controller in controllers { controller.rootViewWillMove(toWindow: newWindow) }
    }

    /// Calls ``didMoveToWindow()`` on this view and its descendants, parents first, then tells
    /// the view controllers whose root views are among them.
    private func dispatchDidMoveToWindow() {
        var controllers: [UIViewController] = []
        forEachInSubtree { view in
            view.didMoveToWindow()
            if let controller = view.owningViewController { controllers.append(controller) }
        }
        for controller in controllers { controller.rootViewDidMoveToWindow() }
    }

    /// Whether this view is `view` or one of its descendants (`UIView.isDescendant(of:)`).
    public func isDescendant(of view: UIView) -> Bool {
        let target = Unmanaged.passUnretained(view).toOpaque()
        var current: Unmanaged<UIView>? = Unmanaged.passUnretained(self)
        while let candidate = current {
            if candidate.toOpaque() == target { return true }
            current = Self.superview(of: candidate)
        }
        return false
    }

    /// The first view with the tag in this view's subtree, searching depth first from this
    /// view; `nil` if none.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let match = subview.viewWithTag(tag) { return match }
        }
        return nil
    }

    /// The root of this view's tree: the view without a superview above it (the window, for a
    /// tree on screen).
    package var root: UIView {
        rootReference.takeUnretainedValue()
    }

    /// ``root``, not retained: for a call on the root (a window, often, whose retains go through
    /// a side table), through ``withUnretained(_:_:)``.
    var rootReference: Unmanaged<UIView> {
        var view = Unmanaged.passUnretained(self)
        while let parent = Self.superview(of: view) { view = parent }
        return view
    }

    /// The view above `view`, read without retaining either (see ``superviewReference`` and
    /// ``withUnretained(_:_:)``).
    @inline(__always)
    static func superview(of view: Unmanaged<UIView>) -> Unmanaged<UIView>? {
        withUnretained(view) { $0.superviewReference }
    }

    /// The number of superviews above this view.
    var depth: Int {
        var count = 0
        var view = Unmanaged.passUnretained(self)
        while let parent = Self.superview(of: view) {
            count += 1
            view = parent
        }
        return count
    }

    /// Calls `body` on this view and every descendant, parents before children.
    func forEachInSubtree(_ body: (UIView) -> Void) {
        body(self)
        for subview in subviews { subview.forEachInSubtree(body) }
    }

    private func insert(_ view: UIView, at requestedIndex: Int, caller: String) {
        if view === self {
            logSink.log(.error, "\(debugLabel).\(caller): cannot add a view to itself; the hierarchy is unchanged")
            return
        }
        if isDescendant(of: view) {
            logSink.log(
                .error,
                "\(debugLabel).\(caller): cannot add \(view.debugLabel), an ancestor of the receiver, as its subview (it would make a cycle); the hierarchy is unchanged"
            )
            return
        }
        var index = requestedIndex
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            // Reordering a subview: no constraint is touched.
            subviews.remove(at: current)
            if index > current { index -= 1 }
            index = min(max(index, 0), subviews.count)
            subviews.insert(view, at: index)
            setNeedsLayout()
            return
        }
        if index < 0 || index > subviews.count {
            logSink.log(
                .warning, "\(debugLabel).\(caller): index \(requestedIndex) is outside 0...\(subviews.count); clamped")
            index = min(max(index, 0), subviews.count)
        }
        // UIWindow calls bracket the change, so `window` is the old window in willMove(toWindow:)
        // and the new one in didMoveToWindow(); none when the window stays the same.
        let oldWindow = view.window
        let newWindow = window
        let windowChanges = oldWindow !== newWindow
        view.detachFromSuperview(notifiesWindow: windowChanges)
        view.willMove(toSuperview: self)
        if windowChanges && newWindow != nil { view.dispatchWillMove(toWindow: newWindow) }
        subviews.insert(view, at: index)
        view.unretainedSuperview = self
        view.joinTree()
        didAddSubview(view)
        view.didMoveToSuperview()
        if windowChanges && newWindow != nil { view.dispatchDidMoveToWindow() }
        setNeedsLayout()
    }
}

/// Calls `body` with the object `reference` points to, neither retained nor released: for a
/// call on an object that cannot go away during it (a tree's root, for a call that runs none of
/// the app's code: a view does not retain its superview, so the caller's view keeps the root
/// alive only as long as nothing lets go of the tree).
///
/// A wrapper of the standard library's `_withUnsafeGuaranteedRef`, which, as a function of a
/// module built before strict concurrency, made Swift 6 check the executor at each call of a
/// main-actor closure handed to it. Handed through this function, the closure is not checked.
@inline(__always)
func withUnretained<Object: AnyObject, Result>(_ reference: Unmanaged<Object>, _ body: (Object) -> Result) -> Result {
    reference._withUnsafeGuaranteedRef { body($0) }
}
