import Foundation

extension ScrollProxy {
    /// Scrolls to the first identifier of `ids`, in their order, that satisfies `predicate`.
    ///
    /// Returns that identifier with what the proxy did (a failure if, say, no view carries
    /// it), or `nil` when none satisfies the predicate — nothing scrolls then. ``UnitPoint/top``
    /// by default: the match ends up just under the navigation bar.
    @discardableResult
    public func scrollToFirst<ID: Hashable>(
        of ids: some Sequence<ID>, where predicate: (ID) throws -> Bool, anchor: UnitPoint = .top,
        offset: CGPoint = .zero, animated: Bool
    ) rethrows -> (id: ID, outcome: ScrollOutcome)? {
        for id in ids where try predicate(id) {
            return (id, scroll(to: AnyHashable(id), anchor: anchor, offset: offset, animated: animated))
        }
        return nil
    }

    /// The DoorDash article's form validation: before saving, scroll to the first section that
    /// is not complete, so the user sees what is missing.
    ///
    /// Pass the sections in the form's order, top to bottom, each marked in the view tree with
    /// its identifier (`UIView.setScrollAnchor(_:)`). Returns the first incomplete section
    /// and what the proxy did, or `nil` when every section is complete (nothing scrolls: save).
    ///
    /// ```swift
    /// if let (section, _) = proxy.scrollToFirstIncompleteSection(FormSection.allCases,
    ///                                                            isComplete: form.isComplete,
    ///                                                            animated: true) {
    ///     highlight(section)   // and don't save yet
    /// } else {
    ///     save()
    /// }
    /// ```
    @discardableResult
    public func scrollToFirstIncompleteSection<ID: Hashable>(
        _ sections: some Sequence<ID>, isComplete: (ID) throws -> Bool, anchor: UnitPoint = .top,
        offset: CGPoint = .zero, animated: Bool
    ) rethrows -> (id: ID, outcome: ScrollOutcome)? {
        try scrollToFirst(
            of: sections, where: { try !isComplete($0) }, anchor: anchor, offset: offset, animated: animated)
    }
}
