import Foundation

extension ScrollingContentManager {
    /// Puts `content` in the scroll view, and the scroll view in the host's tree under `root`
    /// (the cases of ``contentView``).
    func install(_ content: UIView, in root: UIView) {
        if let old = installedContent {
            // Reassignment: the new view replaces the old one inside the same scroll view.
            NSLayoutConstraint.deactivate(contentConstraints)
            // Kept (inactive) so that `updateContentHeightConstraint()` below can carry its
            // height over to the new content while the keyboard is up.
            contentHeightConstraint?.isActive = false
            old.removeFromSuperview()
            content.removeFromSuperview()
            record(.contentInstalled("\(content.diagnosticLabel) replaces \(old.diagnosticLabel) in the scroll view"))
        } else if let superview = content.superview {
            takePlace(of: content, in: superview)
            record(.contentInstalled("the scroll view takes \(content.diagnosticLabel)'s place in \(superview.diagnosticLabel)"))
        } else {
            scrollView.frame = root.bounds
            scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            scrollView.translatesAutoresizingMaskIntoConstraints = true
            root.addSubview(scrollView)
            record(.contentInstalled("the scroll view fills \(root.diagnosticLabel), \(content.diagnosticLabel) inside it"))
        }
        scrollView.addSubview(content)
        content.translatesAutoresizingMaskIntoConstraints = false
        scrollView.contentInsetAdjustmentBehavior = .always

        let contentGuide = scrollView.contentLayoutGuide
        let safeArea = scrollView.safeAreaLayoutGuide
        // At least the safe area's size at 500 (`sceneSizeStayPut`): SCVC's documented level,
        // below `defaultHigh` (750) so a user's chain at 750 or 1000 decides the size, above
        // `defaultLow` (250) so a content hugging or a loose constraint yields to it.
        let minimumWidth = content.widthAnchor.constraint(greaterThanOrEqualTo: safeArea.widthAnchor)
        minimumWidth.priority = .sceneSizeStayPut
        let minimumHeight = content.heightAnchor.constraint(greaterThanOrEqualTo: safeArea.heightAnchor)
        minimumHeight.priority = .sceneSizeStayPut
        contentConstraints = [
            content.leadingAnchor.constraint(equalTo: contentGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: contentGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: contentGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: contentGuide.bottomAnchor),
            minimumWidth,
            minimumHeight,
        ]
        for constraint in contentConstraints { constraint.identifier = "ScrollingContent.content" }
        NSLayoutConstraint.activate(contentConstraints)
        installedContent = content
        if keyboardOriginals != nil { updateContentHeightConstraint() }
        attachLifecycleView()
        root.setNeedsLayout()
    }

    /// The scroll view takes `content`'s place in `superview`: its index, frame, autoresizing
    /// mask and translation flag; the constraints of the superview and its ancestors that name
    /// the content view are re-created naming the scroll view, and the content view's own width
    /// and height constraints move to the scroll view.
    private func takePlace(of content: UIView, in superview: UIView) {
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
        let ownSize = content.constraints.filter { constraint in
            constraint.isActive && constraint.firstItem === content && constraint.secondItem == nil
                && (constraint.firstAttribute == .width || constraint.firstAttribute == .height)
        }
        let replacements = (retargeted + ownSize).compactMap { replacing(content, in: $0) }
        NSLayoutConstraint.deactivate(retargeted + ownSize)
        content.removeFromSuperview()
        NSLayoutConstraint.activate(replacements)
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
}
