import Foundation

extension UIView {
    /// Marks the view as a target of programmatic scrolling (the DoorDash article's
    /// `.scrollAnchor(_:)`): sets the view's scroll anchor (HostKit's `scrollAnchorID`; an associated object on iOS). Returns the view, so a
    /// builder can mark what it creates in one expression.
    ///
    /// ```swift
    /// form.addSubview(UIView(frame: paymentFrame).setScrollAnchor(FormSection.payment))
    /// ```
    @discardableResult
    public func setScrollAnchor(_ id: some Hashable) -> Self {
        storedScrollAnchor = AnyHashable(id)
        return self
    }

    /// Every view in this subtree — this view included — marked with `id`, in depth-first
    /// order (a view before its subviews, subviews back to front). Logs nothing.
    public func scrollAnchorViews(withID id: AnyHashable) -> [UIView] {
        var matches: [UIView] = []
        collectScrollAnchorViews(withID: id, into: &matches)
        return matches
    }

    /// The first view in this subtree — this view included, depth-first (see
    /// ``scrollAnchorViews(withID:)``) — marked with `id`, or `nil`.
    ///
    /// An identifier should mark one view. When several views carry it the first one wins and
    /// the duplicate is reported once per lookup, as a warning (through the view's log sink
    /// under HostKit, the unified log on iOS)
    /// naming every view that carries it.
    public func scrollAnchorView(withID id: AnyHashable) -> UIView? {
        let matches = scrollAnchorViews(withID: id)
        if matches.count > 1 {
            let labels = matches.map(\.diagnosticLabel).joined(separator: ", ")
            PlatformDiagnostics().report(
                .warning,
                "\(diagnosticLabel).scrollAnchorView(withID: \(id)): \(matches.count) views carry this scroll anchor identifier (\(labels)); using the first",
                about: self)
        }
        return matches.first
    }

    /// The innermost scroll view this view is inside (the DoorDash article's
    /// `enclosingScrollView`), or `nil`. The view itself is not its own enclosing scroll view:
    /// the search starts at its `superview`.
    public var enclosingScrollView: UIScrollView? {
        var ancestor = superview
        while let current = ancestor {
            if let scrollView = current as? UIScrollView { return scrollView }
            ancestor = current.superview
        }
        return nil
    }

    private func collectScrollAnchorViews(withID id: AnyHashable, into matches: inout [UIView]) {
        if storedScrollAnchor == id { matches.append(self) }
        for subview in subviews { subview.collectScrollAnchorViews(withID: id, into: &matches) }
    }
}
