import Foundation
import HostKit
import ScrollingContent
import Testing

/// Counts `scrollViewDidScroll(_:)` calls per scroll view and remembers the offsets seen, then
/// passes each call on to `next` (the list's coordinator), as an app's own delegate would.
@MainActor
final class ScrollCounter: NSObject, UIScrollViewDelegate {
    private(set) var offsets: [ObjectIdentifier: [CGPoint]] = [:]
    weak var next: (any UIScrollViewDelegate)?

    /// Becomes the delegate of each of `scrollViews`.
    init(_ scrollViews: UIScrollView...) {
        super.init()
        for scrollView in scrollViews { scrollView.delegate = self }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        offsets[ObjectIdentifier(scrollView), default: []].append(scrollView.contentOffset)
        next?.scrollViewDidScroll(scrollView)
    }

    func count(_ scrollView: UIScrollView) -> Int { offsets[ObjectIdentifier(scrollView)]?.count ?? 0 }
    func seen(_ scrollView: UIScrollView) -> [CGPoint] { offsets[ObjectIdentifier(scrollView)] ?? [] }
}

/// The article's menu on an iPhone SE (375×667, status bar 20): a 44 pt carousel of six
/// 150 pt labels just under the status bar, and below it the list of six sections.
@MainActor
private struct Menu {
    static let heights: [CGFloat] = [300, 500, 200, 700, 400, 350]
    /// Section tops: each starts where the previous ends.
    static let tops: [CGFloat] = heights.indices.map { i in heights[..<i].reduce(0, +) }
    static let contentHeight = heights.reduce(0, +)
    static let labelWidth: CGFloat = 150
    static let carouselTop: CGFloat = 20
    static let listTop: CGFloat = 20 + 44

    let clock = ManualScheduler()
    let recorder = LogRecorder()
    let window: UIWindow
    let controller = UIViewController()
    let carousel: UIScrollView
    let list: UIScrollView
    var sectionViews: [UIView] = []
    var labels: [UIView] = []
    let counter: ScrollCounter
    let coordinator: LinkedScrollCoordinator
    /// What `selectionDidChange` reported, in order.
    let changes = Changes()

    final class Changes { var ids: [AnyHashable] = [] }

    init(distinctLabelIDs: Bool = false) {
        window = UIWindow(screen: .iPhoneSE, scheduler: clock, logSink: recorder.sink)
        window.rootViewController = controller
        let root: UIView = controller.view
        carousel = UIScrollView(frame: CGRect(x: 0, y: Self.carouselTop, width: 375, height: 44))
        carousel.name = "carousel"
        carousel.autoresizingMask = [.flexibleWidth]
        carousel.contentInsetAdjustmentBehavior = .never
        carousel.contentSize = CGSize(width: Self.labelWidth * 6, height: 44)
        list = UIScrollView(frame: CGRect(x: 0, y: Self.listTop, width: 375, height: 667 - Self.listTop))
        list.name = "list"
        list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        list.contentInsetAdjustmentBehavior = .always
        list.contentSize = CGSize(width: 375, height: Self.contentHeight)
        root.addSubview(carousel)
        root.addSubview(list)
        var sections: [LinkedScrollCoordinator.Section] = []
        for i in Self.heights.indices {
            let section = UIView(frame: CGRect(x: 0, y: Self.tops[i], width: 375, height: Self.heights[i]))
            section.name = "section \(i)"
            list.addSubview(section.setScrollAnchor(i))
            sectionViews.append(section)
            let label = UIView(frame: CGRect(x: CGFloat(i) * Self.labelWidth, y: 0, width: Self.labelWidth, height: 44))
            label.name = "label \(i)"
            carousel.addSubview(distinctLabelIDs ? label.setScrollAnchor("label \(i)") : label.setScrollAnchor(i))
            labels.append(label)
            sections.append(distinctLabelIDs ? .init(id: i, labelID: "label \(i)") : .init(id: i))
        }
        window.makeKeyAndVisible()
        coordinator = LinkedScrollCoordinator(list: list, carousel: carousel, sections: sections)
        // The counter is both scroll views' delegate and hands the calls to the coordinator.
        counter = ScrollCounter(list, carousel)
        counter.next = coordinator
        let changes = self.changes
        coordinator.selectionDidChange = { changes.ids.append($0) }
    }

    /// The carousel offset that centres label `i` (the default anchor), before clamping:
    /// the label's middle at the middle of the carousel's width.
    func centring(label i: Int) -> CGFloat {
        CGFloat(i) * Self.labelWidth + Self.labelWidth / 2 - carousel.bounds.width / 2
    }

    /// The largest carousel offset: content width minus carousel width.
    var carouselEnd: CGFloat { Self.labelWidth * 6 - carousel.bounds.width }
}

@Suite("Linked scroll views")
@MainActor
struct LinkedScrollCoordinatorTests {
    @Test func scrollingTheListMovesTheCarouselOnlyWhenTheTopSectionChanges() {
        let menu = Menu()
        #expect(menu.list.adjustedContentInset == .zero, "the list starts below the status bar")
        #expect(menu.coordinator.selectedSection == nil)
        // A drag that brings the middle of section 2 (800…1000) to the top.
        menu.list.beginSimulatedDrag()
        menu.list.contentOffset = CGPoint(x: 0, y: 850)
        #expect(menu.coordinator.selectedSection == AnyHashable(2))
        #expect(menu.carousel.contentOffset == CGPoint(x: CGFloat(2 * 150 + 75) - 375 / 2, y: 0))
        #expect(menu.carousel.contentOffset.x == menu.centring(label: 2))
        // Further inside section 2: the carousel stays.
        menu.list.contentOffset = CGPoint(x: 0, y: 950)
        // Section 3 starts exactly at the top: it is the current one.
        menu.list.contentOffset = CGPoint(x: 0, y: 1000)
        menu.list.endSimulatedDrag()
        #expect(menu.coordinator.selectedSection == AnyHashable(3))
        #expect(menu.carousel.contentOffset.x == CGFloat(3 * 150 + 75) - 375 / 2)
        // No loop: the list moved three times (the user), the carousel twice (the coordinator).
        #expect(menu.counter.count(menu.list) == 3)
        #expect(
            menu.counter.seen(menu.carousel) == [
                CGPoint(x: menu.centring(label: 2), y: 0), CGPoint(x: menu.centring(label: 3), y: 0),
            ])
        #expect(menu.changes.ids == [2, 3])
        // The carousel followed with an animation each time.
        #expect(menu.window.animationLog.filter { $0.changed(menu.carousel, .contentOffset) }.count == 2)
        #expect(menu.recorder.messages(atLeast: .warning).isEmpty)
    }

    @Test func aboveTheFirstSectionTheFirstIsCurrent() {
        let menu = Menu()
        // Pulled down past the top (a bounce): nothing starts above the visible top.
        menu.list.contentOffset = CGPoint(x: 0, y: -30)
        #expect(menu.coordinator.sectionAtTop() == AnyHashable(0))
        #expect(menu.coordinator.selectedSection == AnyHashable(0))
        // Label 0 centred would need a negative offset: the carousel rests at its start.
        #expect(menu.carousel.contentOffset == .zero)
        #expect(menu.counter.count(menu.carousel) == 0)
    }

    @Test func choosingALabelScrollsTheListWithoutBouncingBack() {
        let menu = Menu(distinctLabelIDs: true)
        #expect(
            menu.coordinator.selectSection(4, animated: true)
                == .scrolled(from: .zero, to: CGPoint(x: 0, y: 300 + 500 + 200 + 700)))
        // Section 4's top is just under the carousel.
        #expect(menu.sectionViews[4].convert(menu.sectionViews[4].bounds, to: nil).minY == Menu.listTop)
        #expect(menu.carousel.contentOffset.x == CGFloat(4 * 150 + 75) - 375 / 2)
        #expect(menu.counter.count(menu.list) == 1)
        #expect(menu.counter.count(menu.carousel) == 1)
        #expect(menu.changes.ids == [4])
        #expect(menu.window.animationLog.filter { $0.changed(menu.list, .contentOffset) }.count == 1)
    }

    @Test func theLastSectionCannotReachTheTopButStaysChosen() {
        let menu = Menu()
        let listEnd = Menu.contentHeight - (667 - Menu.listTop)
        // Section 5 starts at 2100, beyond the end of the range (2450 − 603 = 1847).
        #expect(
            menu.coordinator.selectSection(5, animated: false) == .scrolled(from: .zero, to: CGPoint(x: 0, y: listEnd)))
        // At 1847 section 4 (1700…2100) is at the top; taking the coordinator's own scroll as
        // a user scroll would have moved the carousel back to label 4.
        #expect(menu.coordinator.sectionAtTop() == AnyHashable(4))
        #expect(menu.coordinator.selectedSection == AnyHashable(5))
        #expect(menu.carousel.contentOffset.x == menu.carouselEnd, "label 5 centred is past the end: clamped")
        #expect(menu.counter.count(menu.list) == 1)
        #expect(menu.counter.count(menu.carousel) == 1)
        #expect(menu.changes.ids == [5])
        // The user scrolls again: the carousel follows the list once more.
        menu.list.contentOffset = CGPoint(x: 0, y: 1800)
        #expect(menu.coordinator.selectedSection == AnyHashable(4))
        #expect(menu.carousel.contentOffset.x == menu.centring(label: 4))
        #expect(menu.changes.ids == [5, 4])
    }

    @Test func withTheKeyboardUpTheLastSectionReachesTheTop() {
        let menu = Menu()
        menu.controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 260, right: 0)
        // The keyboard's inset extends the list's range to 2450 + 260 − 603 = 2107 ≥ 2100.
        #expect(menu.coordinator.selectSection(5, animated: true) == .scrolled(from: .zero, to: CGPoint(x: 0, y: 2100)))
        #expect(menu.list.adjustedContentInset.bottom == 260)
        #expect(menu.coordinator.sectionAtTop() == AnyHashable(5))
        #expect(menu.sectionViews[5].convert(menu.sectionViews[5].bounds, to: nil).minY == Menu.listTop)
        // Scrolling back while the keyboard is up still drives the carousel.
        menu.list.contentOffset = CGPoint(x: 0, y: 310)
        #expect(menu.coordinator.selectedSection == AnyHashable(1))
        #expect(menu.carousel.contentOffset.x == CGFloat(1 * 150 + 75) - 375 / 2)
    }

    @Test func afterARotationBothDirectionsUseTheNewGeometry() throws {
        let menu = Menu()
        #expect(menu.window.rotate(to: .landscapeLeft))
        try menu.clock.advance(by: 1)
        // Landscape SE: 667×375, no status bar; the views kept their margins (flexible size).
        #expect(menu.carousel.frame == CGRect(x: 0, y: 20, width: 667, height: 44))
        #expect(menu.list.frame == CGRect(x: 0, y: 64, width: 667, height: 375 - 64))
        let before = menu.counter.count(menu.list)
        // Section 3 at the top: y = 1000, within 0…2450 − 311; label 3 centred in 667:
        // 3·150 + 75 − 333.5.
        #expect(menu.coordinator.selectSection(3, animated: true) == .scrolled(from: .zero, to: CGPoint(x: 0, y: 1000)))
        #expect(menu.carousel.contentOffset.x == CGFloat(3 * 150 + 75) - 667 / 2)
        #expect(menu.counter.count(menu.list) == before + 1)
        // The list drives the carousel: section 1 (300…800) → label 1 centred needs
        // 150 + 75 − 333.5 < 0, so the carousel rests at its start.
        menu.list.contentOffset = CGPoint(x: 0, y: 350)
        #expect(menu.coordinator.selectedSection == AnyHashable(1))
        #expect(menu.carousel.contentOffset.x == 0)
        #expect(menu.changes.ids == [3, 1])
    }

    @Test func synchronizingStartsTheCarouselInStep() {
        let menu = Menu()
        menu.coordinator.invalidate()
        menu.list.contentOffset = CGPoint(x: 0, y: 1750)
        #expect(menu.coordinator.selectedSection == nil, "no longer observing")
        #expect(menu.carousel.contentOffset == .zero)
        menu.coordinator.synchronizeCarousel(animated: false)
        #expect(menu.coordinator.selectedSection == AnyHashable(4))
        #expect(menu.carousel.contentOffset.x == menu.centring(label: 4))
    }

    @Test func anUnknownSectionChangesNothing() {
        let menu = Menu()
        #expect(menu.coordinator.selectSection("dessert", animated: true) == .notScrolled(.unknownIdentifier))
        #expect(menu.list.contentOffset == .zero && menu.carousel.contentOffset == .zero)
        #expect(menu.coordinator.selectedSection == nil)
        #expect(menu.recorder.contains("dessert", atLeast: .warning))
        // A section whose view is gone: the reader's answer, and nothing moves.
        menu.sectionViews[2].removeFromSuperview()
        #expect(menu.coordinator.selectSection(2, animated: true) == .notScrolled(.unknownIdentifier))
        #expect(menu.counter.count(menu.list) == 0 && menu.counter.count(menu.carousel) == 0)
    }

    @Test func aFreedCoordinatorNoLongerFollowsTheList() {
        let menu = Menu()
        menu.coordinator.invalidate()
        do {
            let temporary = LinkedScrollCoordinator(
                list: menu.list, carousel: menu.carousel,
                sections: (0..<6).map { .init(id: $0) })
            menu.list.delegate = temporary
            menu.list.contentOffset = CGPoint(x: 0, y: 850)
            #expect(temporary.selectedSection == AnyHashable(2))
            #expect(menu.carousel.contentOffset.x == menu.centring(label: 2), "followed while alive")
        }
        menu.list.contentOffset = CGPoint(x: 0, y: 1000)
        #expect(menu.carousel.contentOffset.x == menu.centring(label: 2), "the list holds its delegate weakly")
        #expect(menu.list.delegate == nil)
        #expect(menu.counter.count(menu.carousel) == 1)
    }
}
