import Foundation
import HostKit
import ScrollingContent
import Testing

/// Step 6: the proxy, the form helper and snapping on an iPhone X-class phone turned to
/// landscape (812×375: the sensor housing's 44 pt on both sides, the home indicator's 21 at
/// the bottom, no status bar), with and without the keyboard.
@Suite("Programmatic scrolling with the keyboard and after rotation")
@MainActor
struct KeyboardAndRotationTests {
    static let landscape = CGSize(width: 812, height: 375)
    static let side: CGFloat = 44
    static let homeIndicator: CGFloat = 21
    /// The docked keyboard in landscape, home-indicator area included.
    static let keyboard: CGFloat = 209

    nonisolated static let namedAnchors: [UnitPoint] = [
        .zero, .center, .leading, .trailing, .top, .bottom, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing,
    ]

    /// An iPhone X window, portrait, turned to landscape and settled.
    private func rotated(contentSize: CGSize = CGSize(width: 2000, height: 3000)) throws -> ScrollFixture {
        let fixture = ScrollFixture(contentSize: contentSize, screen: .iPhoneX)
        #expect(
            fixture.scrollView.adjustedContentInset == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
            "portrait insets first")
        #expect(fixture.window.rotate(to: .landscapeLeft))
        try fixture.clock.advance(by: 1)
        #expect(fixture.scrollView.frame.size == Self.landscape)
        return fixture
    }

    /// Simulates the landscape keyboard as SCVC does: the host's additional bottom inset is
    /// the part of the keyboard above the home indicator's safe area.
    private func raiseKeyboard(_ fixture: ScrollFixture) {
        fixture.controller.additionalSafeAreaInsets = UIEdgeInsets(
            top: 0, left: 0, bottom: Self.keyboard - Self.homeIndicator, right: 0)
    }

    @Test(arguments: namedAnchors)
    func afterARotationEveryAnchorMeetsTheNewVisibleArea(anchor: UnitPoint) throws {
        let fixture = try rotated()
        // Between the sides' 44 pt and above the home indicator's 21.
        let visible = CGRect(
            x: Self.side, y: 0, width: Self.landscape.width - 2 * Self.side,
            height: Self.landscape.height - Self.homeIndicator)
        // Smaller than 724×354, and larger than it on both axes; far from the content's edges.
        let small = fixture.addTarget("small", frame: CGRect(x: 900, y: 800, width: 100, height: 100))
        let large = fixture.addTarget("large", frame: CGRect(x: 600, y: 1200, width: 900, height: 500))
        for (id, view) in [("small", small), ("large", large)] {
            #expect(fixture.reader.scroll(to: id, anchor: anchor, animated: true).succeeded)
            #expect(close(fixture.windowFrame(of: view).point(at: anchor), visible.point(at: anchor)), "\(id)")
        }
    }

    @Test func withTheKeyboardUpAfterARotationBottomMeetsTheKeyboard() throws {
        let fixture = try rotated()
        raiseKeyboard(fixture)
        let target = fixture.addTarget("field", frame: CGRect(x: 0, y: 800, width: 2000, height: 60))
        let keyboardTop = Self.landscape.height - Self.keyboard
        #expect(
            fixture.reader.scroll(to: "field", anchor: .bottomLeading, animated: true)
                == .scrolled(from: CGPoint(x: -44, y: 0), to: CGPoint(x: 0 - 44, y: 800 + (60 - keyboardTop))))
        #expect(fixture.windowFrame(of: target).maxY == keyboardTop)
        #expect(fixture.windowFrame(of: target).minX == Self.side)
        // Centred in the strip the keyboard leaves above it.
        #expect(fixture.reader.scroll(to: "field", anchor: .leading, animated: false).succeeded)
        #expect(fixture.windowFrame(of: target).midY == keyboardTop / 2)
        // The keyboard lowers the end: content 3000 + keyboard 209 − height 375.
        fixture.addTarget("end", frame: CGRect(x: 0, y: 2990, width: 2000, height: 10))
        #expect(fixture.reader.scroll(to: "end", anchor: .topLeading, animated: false).succeeded)
        #expect(fixture.scrollView.contentOffset.y == 3000 + Self.keyboard - Self.landscape.height)
    }

    @Test func theFormScrollsToItsFirstIncompleteSectionInLandscapeWithTheKeyboardUp() throws {
        let fixture = try rotated(contentSize: CGSize(width: 812, height: 2000))
        raiseKeyboard(fixture)
        let heights: [CGFloat] = [300, 250, 400, 500]
        var y: CGFloat = 0
        var views: [UIView] = []
        for (index, height) in heights.enumerated() {
            views.append(fixture.addTarget(index, frame: CGRect(x: 0, y: y, width: 812, height: height)))
            y += height
        }
        let result = try #require(
            fixture.reader.scrollToFirstIncompleteSection(0..<4, isComplete: { $0 < 2 }, animated: true))
        // Section 2 starts at 300 + 250; no status bar in landscape, so its top meets the
        // screen's. `.top` also centres it horizontally: the 812 pt wide sections overflow the
        // 812 − 2·44 visible width by 88, half on each side: x = 0.5·(812 − 724) − 44.
        #expect(result.id == 2)
        let centred: CGFloat = 0.5 * (812 - (812 - 2 * 44)) - 44
        #expect(result.outcome == .scrolled(from: CGPoint(x: -44, y: 0), to: CGPoint(x: centred, y: 300 + 250)))
        #expect(fixture.windowFrame(of: views[2]).minY == 0)
    }

    @Test func pagingAfterARotationWithTheKeyboardUpUsesWhatIsLeft() throws {
        let fixture = try rotated()
        raiseKeyboard(fixture)
        let page = Self.landscape.height - Self.keyboard // 166
        fixture.scrollView.beginSimulatedDrag()
        fixture.scrollView.contentOffset = CGPoint(x: -44, y: 100)
        let snapping = SnappingController(scrollView: fixture.scrollView, policy: .paging, decelerationRate: .fast)
        fixture.scrollView.delegate = snapping
        // 100 + 99 = 199: 33 past the first page boundary (166), 133 before the second (332).
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: CGPoint(x: 0, y: 1))
                == .snapped(from: CGPoint(x: -44, y: 100), to: CGPoint(x: -44, y: page)))
    }

    @Test func anchorsAfterARotationAreMeasuredInTheNewLayout() throws {
        // Sections that fill the width: after the rotation they are wider and shorter (a
        // reflowing layout), so the anchors' offsets change.
        let fixture = ScrollFixture(contentSize: CGSize(width: 375, height: 3000), screen: .iPhoneX)
        let first = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 600)).setScrollAnchor("first")
        let second = UIView(frame: CGRect(x: 0, y: 600, width: 375, height: 600)).setScrollAnchor("second")
        fixture.scrollView.addSubview(first)
        fixture.scrollView.addSubview(second)
        let snapping = SnappingController(
            scrollView: fixture.scrollView, policy: .alignedToAnchors,
            anchorIDs: ["first", "second"])
        fixture.scrollView.delegate = snapping
        // Portrait: tops under the 44 pt sensor housing → offsets 0 − 44 and 600 − 44.
        #expect(
            snapping.context(forVelocity: .zero).anchorOffsets == [CGPoint(x: 0, y: -44), CGPoint(x: 0, y: 600 - 44)])
        #expect(fixture.window.rotate(to: .landscapeRight))
        try fixture.clock.advance(by: 1)
        // The app reflows: the second section now starts at 400.
        second.frame = CGRect(x: 0, y: 400, width: 812, height: 400)
        fixture.scrollView.contentSize = CGSize(width: 812, height: 3000)
        let context = snapping.context(forVelocity: .zero)
        // Landscape: no top inset. `.top` centres horizontally in the 812 − 2·44 = 724 visible
        // width: the first (still 375 wide) would need 0.5·(375 − 724) − 44, below the minimum
        // −44; the second (812 wide) 0.5·(812 − 724) − 44 = 0.
        let visibleWidth: CGFloat = 812 - 2 * 44
        #expect(context.anchorOffsets == [CGPoint(x: -44, y: 0), CGPoint(x: 0.5 * (812 - visibleWidth) - 44, y: 400)])
        fixture.scrollView.beginSimulatedDrag()
        fixture.scrollView.contentOffset = CGPoint(x: -44, y: 300)
        // 300 is nearer 400 than 0.
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: .zero)
                == .snapped(from: CGPoint(x: -44, y: 300), to: CGPoint(x: 0, y: 400)))
    }
}
