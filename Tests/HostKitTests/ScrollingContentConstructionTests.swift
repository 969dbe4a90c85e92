import Foundation
import HostKit
import Testing

/// A screen: its size and the safe-area insets its window gives the root view.
struct ScreenGeometry: Sendable, CustomTestStringConvertible {
    var width: CGFloat
    var height: CGFloat
    var top: CGFloat
    var bottom: CGFloat

    /// iPhone SE: 375×667, status bar 20.
    static let se = ScreenGeometry(width: 375, height: 667, top: 20, bottom: 0)
    /// iPhone X class: 375×812, sensor housing 44, home indicator 34.
    static let x = ScreenGeometry(width: 375, height: 812, top: 44, bottom: 34)

    var safeSize: CGSize { CGSize(width: width, height: height - top - bottom) }
    var testDescription: String { "\(Int(width))×\(Int(height))" }
}

/// ScrollingContentViewController's construction, built by hand: a scroll view filling the
/// root view, a content view pinned to its content layout guide and at least the size of its
/// safe area at priority 500, insets adjusted `.always`.
@Suite("ScrollingContentViewController's construction")
@MainActor
struct ScrollingContentConstructionTests {
    struct Built {
        let root: UIView
        let scroll: UIScrollView
        let content: UIView
    }

    private func build(
        _ screen: ScreenGeometry, content: UIView = constrainedView("content"), scrollInset: CGFloat = 0,
        contentMargin: CGFloat = 0
    ) -> Built {
        let root = rootView(width: screen.width, height: screen.height)
        root.rootSafeAreaInsets = UIEdgeInsets(top: screen.top, left: 0, bottom: screen.bottom, right: 0)
        let scroll = UIScrollView(frame: root.bounds.insetBy(dx: scrollInset, dy: scrollInset))
        scroll.name = "scroll"
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .always
        root.addSubview(scroll)
        scroll.addSubview(content)
        content.pinEdges(to: scroll.contentLayoutGuide, inset: contentMargin)
        let minimumWidth = content.widthAnchor.constraint(greaterThanOrEqualTo: scroll.safeAreaLayoutGuide.widthAnchor)
        let minimumHeight = content.heightAnchor.constraint(
            greaterThanOrEqualTo: scroll.safeAreaLayoutGuide.heightAnchor)
        minimumWidth.priority = .sceneSizeStayPut
        minimumHeight.priority = .sceneSizeStayPut
        NSLayoutConstraint.activate([minimumWidth, minimumHeight])
        return Built(root: root, scroll: scroll, content: content)
    }

    @Test(arguments: [ScreenGeometry.se, ScreenGeometry.x])
    func anEmptyContentViewIsExactlyTheSafeArea(_ screen: ScreenGeometry) {
        let built = build(screen)
        built.root.layoutIfNeeded()
        #expect(built.content.frame == CGRect(origin: .zero, size: screen.safeSize))
        #expect(built.scroll.contentSize == screen.safeSize)
        #expect(
            built.scroll.adjustedContentInset == UIEdgeInsets(top: screen.top, left: 0, bottom: screen.bottom, right: 0)
        )
        #expect(built.scroll.contentOffset == CGPoint(x: 0, y: -screen.top))
        #expect(built.scroll.maximumContentOffset == CGPoint(x: 0, y: -screen.top)) // nothing to scroll
        #expect(!built.content.hasAmbiguousLayout)
    }

    @Test(arguments: [ScreenGeometry.se, ScreenGeometry.x])
    func aLowPrioritySizeGivesTheSafeArea(_ screen: ScreenGeometry) {
        let built = build(screen)
        let width = built.content.widthAnchor.constraint(equalToConstant: 200)
        let height = built.content.heightAnchor.constraint(equalToConstant: 200)
        width.priority = .defaultLow
        height.priority = .defaultLow
        NSLayoutConstraint.activate([width, height])
        built.root.layoutIfNeeded()
        #expect(built.content.frame.size == screen.safeSize)

        // A taller content view scrolls: 2000 satisfies both the 500 minimum and the 250 size.
        height.constant = 2000
        built.root.layoutIfNeeded()
        #expect(built.content.frame.size == CGSize(width: screen.safeSize.width, height: 2000))
        #expect(built.scroll.contentSize.height == 2000)
        #expect(built.scroll.maximumContentOffset.y == 2000 + screen.bottom - screen.height)
    }

    @Test(arguments: [ScreenGeometry.se, ScreenGeometry.x])
    func anIntrinsicSizeStretchesWithLowHuggingAndStaysWithRequiredHugging(_ screen: ScreenGeometry) {
        let stretchy = IntrinsicView("content", size: CGSize(width: 200, height: 200))
        let built = build(screen, content: stretchy)
        built.root.layoutIfNeeded()
        #expect(stretchy.frame.size == screen.safeSize)

        let stiff = IntrinsicView("content", size: CGSize(width: 200, height: 200))
        stiff.setContentHuggingPriority(.required, for: .horizontal)
        stiff.setContentHuggingPriority(.required, for: .vertical)
        let built2 = build(screen, content: stiff)
        built2.root.layoutIfNeeded()
        #expect(stiff.frame.size == CGSize(width: 200, height: 200))
        #expect(built2.scroll.contentSize == CGSize(width: 200, height: 200))
    }

    @Test(arguments: [ScreenGeometry.se, ScreenGeometry.x])
    func aScrollViewInset20PointsGivesItsOwnSafeAreaFrameSize(_ screen: ScreenGeometry) {
        let built = build(screen, scrollInset: 20)
        built.root.layoutIfNeeded()
        // The scroll view's safe area is what the root's insets still cover 20 pt in.
        let top = max(screen.top - 20, 0)
        let bottom = max(screen.bottom - 20, 0)
        #expect(built.scroll.safeAreaInsets == UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0))
        let expected = CGSize(width: screen.width - 40, height: screen.height - 40 - top - bottom)
        #expect(built.scroll.safeAreaLayoutGuide.layoutFrame.size == expected)
        #expect(built.content.frame.size == expected)
    }

    @Test(arguments: [ScreenGeometry.se, ScreenGeometry.x])
    func aContentViewInset20PointsInTheContentAreaIsTheSafeAreaSize(_ screen: ScreenGeometry) {
        let built = build(screen, contentMargin: 20)
        built.root.layoutIfNeeded()
        #expect(built.content.frame == CGRect(origin: CGPoint(x: 20, y: 20), size: screen.safeSize))
        #expect(
            built.scroll.contentSize == CGSize(width: screen.safeSize.width + 40, height: screen.safeSize.height + 40))
    }

    @Test(arguments: [ScreenGeometry.se, ScreenGeometry.x])
    func rotationResizesThroughTheAutoresizingMask(_ screen: ScreenGeometry) {
        let built = build(screen)
        built.root.layoutIfNeeded()
        // Landscape: the root's frame swaps, the safe area moves to the sides.
        built.root.frame = CGRect(x: 0, y: 0, width: screen.height, height: screen.width)
        built.root.rootSafeAreaInsets = UIEdgeInsets(top: 0, left: screen.top, bottom: 21, right: screen.top)
        built.root.layoutIfNeeded()
        #expect(built.scroll.frame.size == CGSize(width: screen.height, height: screen.width))
        #expect(built.content.frame.size == CGSize(width: screen.height - 2 * screen.top, height: screen.width - 21))
    }

    @Test func aKeyboardInsetReLaysOutIncrementally() throws {
        let built = build(.x)
        built.root.layoutIfNeeded()
        let before = try #require(built.root.layoutStatistics)
        built.root.rootSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34 + 302, right: 0)
        built.root.layoutIfNeeded()
        let after = try #require(built.root.layoutStatistics)
        #expect(built.content.frame.size == CGSize(width: 375, height: 812 - 44 - 34 - 302))
        #expect(after.additions == before.additions && after.removals == before.removals)
    }
}
