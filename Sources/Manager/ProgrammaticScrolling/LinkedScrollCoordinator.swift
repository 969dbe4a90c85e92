import Foundation

/// Keeps a horizontal carousel of section labels and a vertical list of sections in step —
/// the DoorDash article's menu (its Figure 3): scrolling the list moves the carousel to the
/// label of the section at the top of the list's visible area; choosing a label scrolls the
/// list to its section.
///
/// Mark each section view in the list and each label in the carousel with
/// `setScrollAnchor(_:)`; a ``Section`` pairs the two identifiers (they may be the same value:
/// each is looked up below its own scroll view). The coordinator follows the list's scrolling
/// as a `UIScrollViewDelegate`: make it the list's `delegate` (held weakly: keep the
/// coordinator alive), or call its ``scrollViewDidScroll(_:)`` from your own delegate. It is
/// also the carousel's tap handler:
///
/// ```swift
/// let link = LinkedScrollCoordinator(list: menu, carousel: tabs,
///                                    sections: Category.allCases.map { .init(id: $0) })
/// menu.delegate = link
/// link.selectSection(Category.drinks, animated: true)   // a label was tapped
/// ```
///
/// No feedback loop: the list offset change a selection makes is not taken as a user scroll
/// (so it cannot move the carousel back to another label, as a short last section that cannot
/// reach the top would), and the carousel moves only when the section at the top changes.
/// Everything is measured at the time of the change, so it holds with the keyboard up (the
/// visible area shrinks, the last sections can reach the top) and after a rotation.
@MainActor
public final class LinkedScrollCoordinator: NSObject, UIScrollViewDelegate {
    /// A section of the list and its label in the carousel.
    public struct Section: Hashable {
        /// The identifier of the section's view in the list; also the section's identity.
        public var id: AnyHashable
        /// The identifier of its label in the carousel.
        public var labelID: AnyHashable

        /// A section whose view and label carry different identifiers.
        public init(id: some Hashable, labelID: some Hashable) {
            self.id = AnyHashable(id)
            self.labelID = AnyHashable(labelID)
        }

        /// A section whose view and label carry the same identifier.
        public init(id: some Hashable) {
            self.init(id: id, labelID: id)
        }
    }

    /// How far below the visible area's top a section may start and still count as at the
    /// top: 0.001 pt, so that rounding in `offset + inset` never picks the section above the
    /// one just scrolled to.
    public static let topTolerance: CGFloat = 0.001

    /// The vertical list of sections (observed).
    public let list: UIScrollView
    /// The horizontal carousel of labels.
    public let carousel: UIScrollView
    /// The sections, top to bottom.
    public let sections: [Section]
    /// Where a selected section goes in the list: ``UnitPoint/top`` by default (just under
    /// the navigation bar or the carousel).
    public var listAnchor: UnitPoint
    /// Where the current label goes in the carousel: ``UnitPoint/center`` by default, as tab
    /// strips keep the current tab centred (clamped at the carousel's ends).
    public var carouselAnchor: UnitPoint
    /// Whether the carousel animates when it follows the list; `true` by default.
    public var animatesCarousel = true
    /// Called when the current section changes, by a list scroll or a selection.
    public var selectionDidChange: ((AnyHashable) -> Void)?

    /// The current section's identifier: `nil` until the list first scrolls, a section is
    /// selected or ``synchronizeCarousel(animated:)`` runs.
    public private(set) var selectedSection: AnyHashable?

    /// Set while the coordinator moves the list itself, so the change does not come back.
    private var isMovingList = false
    /// Set by ``invalidate()``.
    private var isInvalidated = false

    /// Links `list` and `carousel`. Nothing moves until the list scrolls (with the coordinator
    /// as its delegate) or a section is selected.
    public init(
        list: UIScrollView, carousel: UIScrollView, sections: [Section], listAnchor: UnitPoint = .top,
        carouselAnchor: UnitPoint = .center
    ) {
        self.list = list
        self.carousel = carousel
        self.sections = sections
        self.listAnchor = listAnchor
        self.carouselAnchor = carouselAnchor
        super.init()
    }

    /// Stops following the list: the coordinator stops being its delegate (if it was) and
    /// ignores the list's scrolling from now on.
    public func invalidate() {
        isInvalidated = true
        if list.delegate === self { list.delegate = nil }
    }

    /// The section at the top of the list's visible area: the lowest one starting at or above
    /// the visible area's top (``topTolerance`` included), or the topmost if all start below
    /// it (a header above them is showing). Sections without a view in the list are skipped;
    /// `nil` if none has one. Measures the frames as they are.
    public func sectionAtTop() -> AnyHashable? {
        let visibleTop = list.contentOffset.y + list.adjustedContentInset.top + Self.topTolerance
        var atTop: (id: AnyHashable, minY: CGFloat)?
        var topmost: (id: AnyHashable, minY: CGFloat)?
        for section in sections {
            guard let view = list.scrollAnchorView(withID: section.id), view.enclosingScrollView === list else {
                continue
            }
            let minY = list.convert(view.bounds, from: view).minY
            if minY <= visibleTop, atTop.map({ minY > $0.minY }) ?? true { atTop = (section.id, minY) }
            if topmost.map({ minY < $0.minY }) ?? true { topmost = (section.id, minY) }
        }
        return (atTop ?? topmost)?.id
    }

    /// A carousel label was chosen: scrolls the list to the section (``listAnchor``) and the
    /// carousel to its label (``carouselAnchor``), both `animated` or not. Returns what the
    /// list did; an identifier not in ``sections`` or without a view changes nothing.
    @discardableResult
    public func selectSection(_ id: AnyHashable, animated: Bool) -> ScrollOutcome {
        guard let section = sections.first(where: { $0.id == id }) else {
            PlatformDiagnostics().report(
                .warning, "LinkedScrollCoordinator.selectSection(\(id)): not one of the sections; nothing scrolled",
                about: list)
            return .notScrolled(.unknownIdentifier)
        }
        isMovingList = true
        let outcome = ScrollReader(root: list).scroll(
            to: section.id, anchor: listAnchor, offset: .zero, animated: animated,
            layingOut: true)
        isMovingList = false
        guard outcome.succeeded else { return outcome }
        select(section, animated: animated)
        return outcome
    }

    /// Moves the carousel to the label of the section now at the top of the list (after a
    /// rotation, say, or to start in step). Lays the window out first.
    public func synchronizeCarousel(animated: Bool) {
        list.layoutIfNeeded()
        guard let id = sectionAtTop(), let section = sections.first(where: { $0.id == id }) else { return }
        select(section, animated: animated, force: true)
    }

    /// The list scrolled: moves the carousel to the label of the section now at the top, unless
    /// the coordinator itself is moving the list (a chosen label) or the section is unchanged.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        // The coordinator's own list scroll is not a user scroll: taking it as one would move
        // the carousel away from the label just chosen when the section cannot reach the top.
        guard scrollView === list, !isMovingList, !isInvalidated else { return }
        guard let id = sectionAtTop(), id != selectedSection, let section = sections.first(where: { $0.id == id })
        else { return }
        select(section, animated: animatesCarousel)
    }

    /// Makes `section` current and shows its label. Never lays out: this runs from offset
    /// changes, which may happen inside a layout pass.
    private func select(_ section: Section, animated: Bool, force: Bool = false) {
        let changed = section.id != selectedSection
        guard changed || force else { return }
        selectedSection = section.id
        ScrollReader(root: carousel).scroll(
            to: section.labelID, anchor: carouselAnchor, offset: .zero, animated: animated,
            layingOut: false)
        if changed { selectionDidChange?(section.id) }
    }
}
