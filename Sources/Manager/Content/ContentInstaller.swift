import Foundation

/// Puts a content view in the manager's scroll view, and the scroll view in the host's view tree
/// (SCVC's four cases), or says why it cannot.
///
/// - A view with no superview: the scroll view fills the host's root view and follows its size.
/// - A view with a superview: the scroll view takes its place, frame, autoresizing mask and
///   constraints (every constraint of its ancestors that named it now names the scroll view,
///   and its own width and height constraints move to the scroll view).
/// - Another view later: it replaces the content inside the same scroll view.
/// - The host's root view itself: a new plain root view replaces it, so the scroll view has a
///   parent.
///
/// It owns what it installed and what waits for the host's view to load; the manager asks it
/// and records what it reports.
@MainActor
final class ContentInstaller {
    /// What an installation did, for the timeline, or a view it refused, for a warning.
    enum Report {
        case installed(String)
        /// The root view was replaced; nothing was installed.
        case substituted(String)
        case refused(String)
    }

    /// What setting a view as the content view would do.
    enum Placement {
        /// It is the content view already (or the one waiting).
        case unchanged
        /// It waits for the host's view to load.
        case pending(UIView)
        /// It is the host's root view: a new root replaces it, and it goes in the scroll view.
        case substituteRoot(UIView)
        /// It goes in the scroll view, and the scroll view in the host's tree under the root.
        case install(UIView, in: UIView)
    }

    private let scrollView: ScrollingContentScrollView
    /// The installed content view.
    private(set) var installed: UIView?
    /// The content views assigned before the host's view was loaded (the storyboard-outlet
    /// case), oldest first: the last one is installed at load, or, if the root view it gets
    /// refuses it, the one before it.
    private var pending: [UIView] = []
    /// The constraints tying the content view to the scroll view.
    private var constraints: [NSLayoutConstraint] = []
    #if DEBUG
        /// The content view whose size was checked for the undefined-size warning (a debug
        /// build's check, as ``undefinedSizeWarning()`` is).
        private weak var sizeChecked: UIView?
    #endif

    init(scrollView: ScrollingContentScrollView) {
        self.scrollView = scrollView
    }

    /// The installed content view, else the last one waiting for the host's view.
    var contentView: UIView? { installed ?? pending.last }

    // MARK: Deciding

    /// Decides what setting `view` does for a host whose root view is `root` (`nil`: not
    /// loaded), or why it is refused, changing nothing.
    func placement(of view: UIView?, root: UIView?) throws(ContentViewError) -> Placement {
        guard let view else { throw .noContentView }
        if view === installed || view === pending.last { return .unchanged }
        guard let root else {
            try validate(view, root: nil)
            return .pending(view)
        }
        if view === root {
            // SCVC's outlet case: the first content view is the root view itself. Once a
            // content view is installed the root holds the scroll view and cannot go inside it.
            guard installed == nil else { throw .containsRootView }
            return .substituteRoot(view)
        }
        try validate(view, root: root)
        return .install(view, in: root)
    }

    /// Throws if `view` cannot be the content view of a host whose root view is `root` (`nil`:
    /// not loaded yet, where only what needs no root is checked). The root view itself is
    /// handled by ``placement(of:root:)`` (it is substituted before an installation).
    func validate(_ view: UIView, root: UIView?) throws(ContentViewError) {
        guard view !== scrollView, !view.isDescendant(of: scrollView) else { throw .insideScrollView }
        guard let root else {
            // The root view is not loaded, so it is in no window yet: a window, or a view in
            // one, belongs to another tree.
            if view is UIWindow || view.window != nil { throw .notInHostViewTree }
            return
        }
        // The root view itself counts: once loaded it cannot go inside its own scroll view
        // (before loading, the root is substituted instead).
        if root.isDescendant(of: view) { throw .containsRootView }
        // A window is the root of another tree even without a superview.
        if view.superview != nil || view is UIWindow, !view.isDescendant(of: root) { throw .notInHostViewTree }
    }

    // MARK: Acting

    /// Carries out a placement on `host`.
    func perform(_ placement: Placement, host: any HostController) -> [Report] {
        switch placement {
        case .unchanged:
            return []
        case .pending(let view):
            pending.removeAll { $0 === view }
            pending.append(view)
            return []
        case .substituteRoot(let view):
            return substituteRoot(of: host, for: view)
        case .install(let view, let root):
            return [install(view, in: root)]
        }
    }

    /// The host's view is loaded: the content views assigned before it go in (the last one;
    /// one the root view refuses gives way to the one before it).
    func hostViewDidLoad(_ host: any HostController) -> [Report] {
        guard let root = host.viewIfLoaded, !pending.isEmpty else { return [] }
        let candidates = pending
        pending = []
        var reports: [Report] = []
        for content in candidates.reversed() {
            if content === root, installed == nil {
                return reports + substituteRoot(of: host, for: content)
            }
            do {
                try validate(content, root: root)
                return reports + [install(content, in: root)]
            } catch {
                reports.append(
                    .refused("content view \(content.diagnosticLabel) refused when the host's view loaded: \(error)"))
            }
        }
        return reports
    }

    /// The content view is the host's root view (an outlet to the controller's own view): a
    /// new plain root view takes its place, so the scroll view has a parent, and the content
    /// goes in the scroll view.
    private func substituteRoot(of host: any HostController, for content: UIView) -> [Report] {
        let newRoot = replaceRoot(of: host, for: content)
        return [
            .installed("the content was the root view: a new root view replaces it"), install(content, in: newRoot),
        ]
    }

    /// SCVC's `loadView(forContentView:)`: if `content` is the host's loaded root view and no
    /// content is installed yet, a new plain root view takes its place, and the content waits
    /// to be assigned. Otherwise nothing happens.
    func substituteRootIfNeeded(of host: any HostController, for content: UIView) -> [Report] {
        guard installed == nil, let root = host.viewIfLoaded, root === content else { return [] }
        _ = replaceRoot(of: host, for: content)
        return [.substituted("the content view was the root view: a new root view replaces it")]
    }

    /// Gives `host` a new plain root view with `content`'s frame, autoresizing mask and
    /// background colour, in its place.
    private func replaceRoot(of host: any HostController, for content: UIView) -> UIView {
        let newRoot = UIView(frame: content.frame)
        newRoot.autoresizingMask = content.autoresizingMask
        newRoot.translatesAutoresizingMaskIntoConstraints = true
        newRoot.backgroundColor = content.backgroundColor
        host.view = newRoot
        return newRoot
    }

    /// Puts `content` in the scroll view, and the scroll view in the host's tree under `root`.
    private func install(_ content: UIView, in root: UIView) -> Report {
        let report: String
        var moved: [NSLayoutConstraint] = []
        if let old = installed {
            // Reassignment: the new view replaces the old one inside the same scroll view. The
            // old view leaves laid out as it was: removing it resigns a first responder inside
            // it, and the keyboard's hide that follows is handled at once, with a layout pass
            // and the scroll requests held for the keyboard. With its constraints deactivated
            // first, it had no size there, and a request anchored in it scrolled wherever the
            // solver left its frame (the top, or not). Laid out, the request shows what it was
            // made for, as UIKit shows it at once; the new content's size then clamps the
            // offset. Its constraints go once it is out.
            old.removeFromSuperview()
            NSLayoutConstraint.deactivate(constraints)
            content.removeFromSuperview()
            report = "\(content.diagnosticLabel) replaces \(old.diagnosticLabel) in the scroll view"
        } else if let superview = content.superview {
            moved = takePlace(of: content, in: superview)
            report = "the scroll view takes \(content.diagnosticLabel)'s place in \(superview.diagnosticLabel)"
        } else {
            scrollView.frame = root.bounds
            scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            scrollView.translatesAutoresizingMaskIntoConstraints = true
            root.addSubview(scrollView)
            report = "the scroll view fills \(root.diagnosticLabel), \(content.diagnosticLabel) inside it"
        }
        // Off before the content enters the scroll view: a layout pass that runs while it goes
        // in (the old content took the first responder with it, and the keyboard's hide was
        // handled at once) must not size it from its autoresizing mask (a zero frame).
        content.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(content)
        // Activated once the content is in the scroll view: a moved constraint may tie one of
        // the content's subviews to the scroll view.
        NSLayoutConstraint.activate(moved)

        let contentGuide = scrollView.contentLayoutGuide
        let safeArea = scrollView.safeAreaLayoutGuide
        // At least the safe area's size at 500 (`sceneSizeStayPut`): SCVC's documented level,
        // below `defaultHigh` (750) so a user's chain at 750 or 1000 decides the size, above
        // `defaultLow` (250) so a content hugging or a loose constraint yields to it.
        let minimumWidth = content.widthAnchor.constraint(greaterThanOrEqualTo: safeArea.widthAnchor)
        minimumWidth.priority = .sceneSizeStayPut
        let minimumHeight = content.heightAnchor.constraint(greaterThanOrEqualTo: safeArea.heightAnchor)
        minimumHeight.priority = .sceneSizeStayPut
        constraints = [
            content.leadingAnchor.constraint(equalTo: contentGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: contentGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: contentGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: contentGuide.bottomAnchor),
            minimumWidth,
            minimumHeight,
        ]
        for constraint in constraints { constraint.identifier = "ScrollingContent.content" }
        NSLayoutConstraint.activate(constraints)
        installed = content
        root.setNeedsLayout()
        return .installed(report)
    }

    /// The scroll view takes `content`'s place in `superview`: its index, frame, autoresizing
    /// mask and translation flag; the constraints of the superview and its ancestors that name
    /// the content view are re-created naming the scroll view, and the width and height
    /// constraints the content view holds that name it move to the scroll view. Returns those
    /// copies, to activate once the content is in the scroll view.
    private func takePlace(of content: UIView, in superview: UIView) -> [NSLayoutConstraint] {
        scrollView.frame = content.frame
        scrollView.autoresizingMask = content.autoresizingMask
        scrollView.translatesAutoresizingMaskIntoConstraints = content.translatesAutoresizingMaskIntoConstraints
        let index = superview.subviews.firstIndex { $0 === content } ?? superview.subviews.count
        superview.insertSubview(scrollView, at: index)

        var retargeted: [NSLayoutConstraint] = []
        var holder: UIView? = superview
        while let view = holder {
            for constraint in view.constraints where constraint.isActive && mentions(constraint, content) {
                retargeted.append(constraint)
            }
            holder = view.superview
        }
        // As SCVC's `moveWidthAndHeightConstraints`: every constraint the content view holds
        // whose first attribute is a width or a height and that names the content view — its
        // fixed size, an aspect ratio (width = 2 × height), a subview sized from it.
        let ownSize = content.constraints.filter { constraint in
            constraint.isActive && mentions(constraint, content)
                && (constraint.firstAttribute == .width || constraint.firstAttribute == .height)
        }
        let replacements = (retargeted + ownSize).compactMap { replacing(content, in: $0) }
        NSLayoutConstraint.deactivate(retargeted + ownSize)
        content.removeFromSuperview()
        return replacements
    }

    private func mentions(_ constraint: NSLayoutConstraint, _ view: UIView) -> Bool {
        constraint.firstItem === view || constraint.secondItem === view
    }

    /// A copy of `constraint` naming the scroll view wherever it named `content`.
    private func replacing(_ content: UIView, in constraint: NSLayoutConstraint) -> NSLayoutConstraint? {
        guard let first = constraint.firstItem else { return nil }
        let copy = NSLayoutConstraint(
            item: first === content ? scrollView as AnyObject : first, attribute: constraint.firstAttribute,
            relatedBy: constraint.relation,
            toItem: constraint.secondItem.map { $0 === content ? scrollView as AnyObject : $0 },
            attribute: constraint.secondAttribute, multiplier: constraint.multiplier, constant: constraint.constant)
        copy.priority = constraint.priority
        copy.identifier = constraint.identifier
        return copy
    }

    // MARK: Checking

    /// SCVC's "undefined size" warning, once per content view: the text when the installed
    /// content has no intrinsic size on either axis and a compressed fitting size of zero.
    ///
    /// In debug builds only (`nil` otherwise), as SCVC's (`#if DEBUG`): it is a diagnostic for
    /// the app's developer, and the fitting size solves the whole content a second time — about
    /// half of building a 10,000-row screen, which an app's users would pay on every screen.
    func undefinedSizeWarning() -> String? {
        #if DEBUG
            // Once per content view: a host that forwards `viewWillAppear` as SCVC's README shows
            // is also observed and would be warned twice, and the fitting size solves the whole
            // content again (about half of building a long screen).
            guard let content = installed, content !== sizeChecked else { return nil }
            sizeChecked = content
            let intrinsic = content.intrinsicContentSize
            guard intrinsic.width < 0, intrinsic.height < 0 else { return nil }
            let fitting = content.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
            guard fitting.width <= 0, fitting.height <= 0 else { return nil }
            return
                "the size of the content view \(content.diagnosticLabel) is undefined: give it an unbroken chain of constraints from its top edge to its bottom edge and from its leading edge to its trailing edge, or an intrinsic content size"
        #else
            return nil
        #endif
    }
}
