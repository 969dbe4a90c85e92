import Foundation
import HostKit
import ScrollingContent
import Testing

@Suite("Snapping controller")
@MainActor
struct SnappingControllerTests {
    enum Section: Hashable, CaseIterable { case a, b, c, d, e }

    /// Section tops in the content (3000 tall); each section runs to the next one's top.
    static let tops: [Section: CGFloat] = [.a: 0, .b: 400, .c: 1000, .d: 1500, .e: 2900]

    /// The fixture's list with the sections marked, and a drag that moved the content to `offset`.
    private func dragged(to offset: CGFloat) -> ScrollFixture {
        let fixture = ScrollFixture(contentSize: CGSize(width: 375, height: 3000))
        let order = Section.allCases
        for (index, section) in order.enumerated() {
            let top = Self.tops[section]!
            let bottom = index + 1 < order.count ? Self.tops[order[index + 1]]! : 3000
            fixture.addTarget(section, frame: CGRect(x: 0, y: top, width: 375, height: bottom - top))
        }
        fixture.scrollView.beginSimulatedDrag()
        fixture.scrollView.contentOffset = CGPoint(x: 0, y: offset)
        return fixture
    }

    @Test func aFlickRestsWithTheNearestSectionUnderTheStatusBar() throws {
        let fixture = dragged(to: 100)
        let snapping = SnappingController(
            scrollView: fixture.scrollView, policy: .alignedToAnchors,
            anchorIDs: Section.allCases)
        fixture.scrollView.delegate = snapping
        // 100 + 0.998/0.002 ≈ 599: section b (top 400, offset 400 − 20) is nearest.
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: CGPoint(x: 0, y: 1))
                == .snapped(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 0, y: 400 - 20)))
        #expect(!fixture.scrollView.isDragging && !fixture.scrollView.isTracking && !fixture.scrollView.isDecelerating)
        let record = try #require(fixture.offsetAnimations().last)
        #expect(record.duration == UIScrollView.scrollAnimationDuration)
        #expect(fixture.offsetAnimations().count == 1)
        #expect(fixture.recorder.messages.isEmpty)
    }

    @Test func aDragEndedOnTheScrollViewItselfSnaps() throws {
        let fixture = dragged(to: 100)
        let snapping = SnappingController(
            scrollView: fixture.scrollView, policy: .alignedToAnchors,
            anchorIDs: Section.allCases)
        fixture.scrollView.delegate = snapping
        // As above, through the scroll view's own drag end: 100 + 1·0.998/0.002 = 599 is nearest
        // section b's offset 400 − 20 = 380 (219 away; c's 980 is 381 away).
        fixture.scrollView.endSimulatedDrag(velocity: CGPoint(x: 0, y: 1))
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: 400 - 20))
        #expect(fixture.offsetAnimations().count == 1)
        #expect(!fixture.scrollView.isDragging && fixture.scrollView.isDecelerating)
        let b = try #require(fixture.scrollView.scrollAnchorView(withID: Section.b))
        #expect(fixture.windowFrame(of: b).minY == ScrollFixture.statusBar)
        // A zero-velocity release from 1300 rests on d (1500 − 20 = 1480, 180 away; c's 980 is 320).
        fixture.scrollView.beginSimulatedDrag()
        fixture.scrollView.contentOffset.y = 1300
        fixture.scrollView.endSimulatedDrag()
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: 1500 - 20))
        // The policy swapped meanwhile is the one asked: paging from 1300 by pages of 647 from
        // −20 gives boundaries 1274 and 1921; 1300 is nearer 1274.
        snapping.policy = .paging
        fixture.scrollView.beginSimulatedDrag()
        fixture.scrollView.contentOffset.y = 1300
        fixture.scrollView.endSimulatedDrag()
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: -20 + 2 * (667 - 20)))
        #expect(fixture.recorder.messages.isEmpty)
    }

    @Test func aBadVelocityOnTheScrollViewsDragEndIsReportedAndDoesNotSnap() {
        let fixture = dragged(to: 100)
        let snapping = SnappingController(scrollView: fixture.scrollView, policy: .paging)
        fixture.scrollView.delegate = snapping
        fixture.scrollView.endSimulatedDrag(velocity: CGPoint(x: 0, y: CGFloat.nan))
        // The finger lifted anyway; the content stays where the drag left it.
        #expect(!fixture.scrollView.isDragging)
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: 100))
        #expect(fixture.offsetAnimations().isEmpty)
        #expect(fixture.recorder.messages(atLeast: .error).count == 1)
        #expect(fixture.recorder.contains("not finite", atLeast: .error))
        withExtendedLifetime(snapping) {}
    }

    @Test func aDragEndAsksTheControllerOnce() {
        let fixture = dragged(to: 100)
        let snapping = SnappingController(
            scrollView: fixture.scrollView, policy: .alignedToAnchors,
            anchorIDs: Section.allCases.map(AnyHashable.init) + ["nowhere"])
        fixture.scrollView.delegate = snapping
        // The scroll view asks its delegate for the target once per drag end: the missing
        // anchor is reported once, not twice.
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: CGPoint(x: 0, y: 1))
                == .snapped(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 0, y: 400 - 20)))
        #expect(fixture.recorder.messages(atLeast: .warning).count == 1)
        #expect(fixture.offsetAnimations().count == 1)
    }

    @Test func theRateDecidesHowFarAFlickCarries() {
        // From 700 at 1 pt/ms: normal glides to ≈ 1199 → c (980); fast to ≈ 799 → c as well;
        // from 1000 backwards: normal ≈ 501 → b (380), fast ≈ 901 → c (980).
        let cases: [(offset: CGFloat, velocity: CGFloat, rate: UIScrollView.DecelerationRate, expected: CGFloat)] = [
            (700, 1, .normal, 1000 - 20), (700, 1, .fast, 1000 - 20),
            (1000, -1, .normal, 400 - 20), (1000, -1, .fast, 1000 - 20),
            (1300, 0, .normal, 1500 - 20), (1300, 0, .fast, 1500 - 20),
        ]
        for (offset, velocity, rate, expected) in cases {
            let fixture = dragged(to: offset)
            let snapping = SnappingController(
                scrollView: fixture.scrollView, policy: .alignedToAnchors,
                decelerationRate: rate, anchorIDs: Section.allCases)
            fixture.scrollView.delegate = snapping
            #expect(
                fixture.scrollView.endSimulatedFlick(velocity: CGPoint(x: 0, y: velocity))
                    == .snapped(from: CGPoint(x: 0, y: offset), to: CGPoint(x: 0, y: expected)),
                "\(offset) \(velocity) \(rate)")
        }
    }

    @Test func pagingWithTheKeyboardUpUsesTheSmallerPage() {
        let fixture = dragged(to: 100)
        fixture.raiseKeyboard()
        let snapping = SnappingController(scrollView: fixture.scrollView, policy: .paging, decelerationRate: .fast)
        fixture.scrollView.delegate = snapping
        // A page is 667 − 20 − 260 = 387: 100 + 99 = 199 is nearer −20 + 387 than −20.
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: CGPoint(x: 0, y: 1))
                == .snapped(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 0, y: -20 + (667 - 20 - 260))))
    }

    @Test func anchorsCanAlignTheirBottomAboveTheKeyboard() {
        let fixture = dragged(to: 300)
        fixture.raiseKeyboard()
        let snapping = SnappingController(
            scrollView: fixture.scrollView, policy: .alignedToAnchors,
            anchorIDs: Section.allCases, anchor: .bottom)
        fixture.scrollView.delegate = snapping
        // Section b ends at 1000: its bottom above the keyboard is offset 1000 − (667 − 260)
        // = 593; a's (ending at 400) is −7. 300 + 0 is nearer 593 (293) than −7 (307).
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: .zero)
                == .snapped(from: CGPoint(x: 0, y: 300), to: CGPoint(x: 0, y: 1000 - (667 - 260))))
        let b = fixture.scrollView.scrollAnchorView(withID: Section.b)!
        let keyboardTop: CGFloat = 667 - 260
        #expect(fixture.windowFrame(of: b).maxY == keyboardTop)
    }

    @Test func noneLetsTheContentGlide() {
        let fixture = dragged(to: 100)
        let snapping = SnappingController(scrollView: fixture.scrollView, decelerationRate: .fast)
        fixture.scrollView.delegate = snapping
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: CGPoint(x: 0, y: 2))
                == .snapped(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 0, y: 100 + 2 * 0.99 / (1 - 0.99))))
    }

    @Test func aMissingAnchorIsReportedAndSkipped() {
        let fixture = dragged(to: 100)
        let snapping = SnappingController(
            scrollView: fixture.scrollView, policy: .alignedToAnchors,
            anchorIDs: [Section.c, "nowhere"])
        #expect(snapping.context(forVelocity: .zero).anchorOffsets == [CGPoint(x: 0, y: 1000 - 20)])
        #expect(fixture.recorder.contains("nowhere", atLeast: .warning))
    }

    /// Bad input is refused with a typed error; under UIKit's rules the drag still ends (the
    /// finger lifted), and the content rests where the finger left it, with an error reported.
    @Test func badInputMovesNothing() {
        let bad: [CGPoint] = [CGPoint(x: 0, y: CGFloat.nan), CGPoint(x: CGFloat.infinity, y: 0)]
        for velocity in bad {
            let fixture = dragged(to: 100)
            let snapping = SnappingController(scrollView: fixture.scrollView, policy: .paging)
            fixture.scrollView.delegate = snapping
            #expect(snapping.targetContentOffset(forVelocity: velocity) == .failure(.nonFiniteVelocity))
            fixture.scrollView.endSimulatedDrag(velocity: velocity)
            #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: 100))
            #expect(!fixture.scrollView.isDragging, "the finger lifted: the drag is over")
            #expect(fixture.offsetAnimations().isEmpty)
            #expect(fixture.recorder.messages(atLeast: .error).count == 1)
            #expect(fixture.recorder.contains(SnappingError.nonFiniteVelocity.description, atLeast: .error))
        }
        let fixture = dragged(to: 100)
        let zeroPage = SnappingController(scrollView: fixture.scrollView, policy: .paging(pageSize: .zero))
        fixture.scrollView.delegate = zeroPage
        #expect(zeroPage.targetContentOffset(forVelocity: CGPoint(x: 0, y: 1)) == .failure(.zeroSizePage))
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: CGPoint(x: 0, y: 1))
                == .snapped(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 0, y: 100)))
        #expect(!fixture.scrollView.isDragging)
        #expect(fixture.recorder.messages(atLeast: .error).count == 1)
        #expect(fixture.recorder.contains(SnappingError.zeroSizePage.description, atLeast: .error))
        let badAnchor = SnappingController(
            scrollView: fixture.scrollView, policy: .alignedToAnchors,
            anchorIDs: Section.allCases, anchor: UnitPoint(x: 0, y: .infinity))
        fixture.scrollView.delegate = badAnchor
        #expect(badAnchor.targetContentOffset(forVelocity: .zero) == .failure(.nonFiniteAnchorOffset))
        fixture.scrollView.beginSimulatedDrag()
        #expect(
            fixture.scrollView.endSimulatedFlick(velocity: .zero)
                == .snapped(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 0, y: 100)))
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: 100))
        #expect(!fixture.scrollView.isDragging)
        #expect(fixture.offsetAnimations().isEmpty)
        #expect(fixture.recorder.messages(atLeast: .error).count == 2)
        #expect(fixture.recorder.contains(SnappingError.nonFiniteAnchorOffset.description, atLeast: .error))
    }
}
