import Foundation
import HostKit
import ScrollingPlugins
import Testing

/// The snapping policies as pure values: an iPhone SE list (375×667, a 20 pt status bar) over
/// 3000 pt of content, so the legal offsets are y −20…3000 − 667 and a page (the visible
/// area) is 667 − 20 = 647 tall.
@Suite("Snapping policies")
struct SnappingPolicyTests {
    static let geometry = ScrollGeometry(
        contentSize: CGSize(width: 375, height: 3000),
        boundsSize: CGSize(width: 375, height: 667),
        adjustedContentInset: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    static let top: CGFloat = -20
    static let end: CGFloat = 3000 - 667
    static let page: CGFloat = 667 - 20

    /// The glide of a 1 pt/ms flick: the sum r + r² + … = r / (1 − r).
    static let normalGlide: CGFloat = 0.998 / (1 - 0.998) // ≈ 499
    static let fastGlide: CGFloat = 0.99 / (1 - 0.99) // ≈ 99

    func context(
        offset: CGFloat, velocity: CGFloat, rate: UIScrollView.DecelerationRate = .normal, anchors: [CGFloat] = [],
        geometry: ScrollGeometry = geometry
    ) -> SnappingContext {
        SnappingContext(
            geometry: geometry, contentOffset: CGPoint(x: 0, y: offset), velocity: CGPoint(x: 0, y: velocity),
            decelerationRate: rate, anchorOffsets: anchors.map { CGPoint(x: 0, y: $0) })
    }

    // MARK: Deceleration

    @Test func theRatesAreUIKits() {
        #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        #expect(UIScrollView.DecelerationRate.normal.isValid && UIScrollView.DecelerationRate.fast.isValid)
        #expect(UIScrollView.DecelerationRate(rawValue: 0).isValid, "stops at once")
        for bad: CGFloat in [1, 1.5, -0.1, .nan, .infinity] {
            #expect(!UIScrollView.DecelerationRate(rawValue: bad).isValid)
        }
    }

    @Test func theGlideIsTheGeometricSeriesOfPerMillisecondVelocities() {
        // Summing the per-millisecond distances v·rⁿ directly converges to v·r/(1 − r).
        for rate in [UIScrollView.DecelerationRate.normal, .fast] {
            var velocity: CGFloat = 2
            var distance: CGFloat = 0
            for _ in 0..<20_000 {
                velocity *= rate.rawValue
                distance += velocity
            }
            #expect(abs(rate.projectedDistance(forVelocity: 2) - distance) < 1e-6)
        }
        #expect(abs(UIScrollView.DecelerationRate.normal.projectedDistance(forVelocity: 1) - 499) < 1e-9)
        #expect(abs(UIScrollView.DecelerationRate.fast.projectedDistance(forVelocity: 1) - 99) < 1e-9)
        let backward: CGFloat = -3 * 0.99 / (1 - 0.99)
        #expect(UIScrollView.DecelerationRate.fast.projectedDistance(forVelocity: -3) == backward)
    }

    @Test func theProjectedRestOffsetIsClampedToTheLegalRange() {
        #expect(
            context(offset: 100, velocity: 1).projectedRestOffset()
                == .success(CGPoint(x: 0, y: 100 + Self.normalGlide)))
        #expect(
            context(offset: 100, velocity: -1, rate: .fast).projectedRestOffset()
                == .success(CGPoint(x: 0, y: 100 - Self.fastGlide)))
        #expect(context(offset: 100, velocity: 0).projectedRestOffset() == .success(CGPoint(x: 0, y: 100)))
        #expect(context(offset: 2200, velocity: 1).projectedRestOffset() == .success(CGPoint(x: 0, y: Self.end)))
        #expect(context(offset: 100, velocity: -1).projectedRestOffset() == .success(CGPoint(x: 0, y: Self.top)))
        // The horizontal glide is clamped too: the content is as wide as the bounds.
        var sideways = context(offset: 100, velocity: 0)
        sideways.velocity.x = 5
        #expect(sideways.projectedRestOffset() == .success(CGPoint(x: 0, y: 100)))
    }

    // MARK: None

    @Test func noneRestsWhereTheGlideEnds() {
        let policy: any SnappingPolicy = .none
        #expect(
            policy.targetContentOffset(for: context(offset: 100, velocity: 1))
                == .success(CGPoint(x: 0, y: 100 + Self.normalGlide)))
        #expect(
            policy.targetContentOffset(for: context(offset: 100, velocity: 1, rate: .fast))
                == .success(CGPoint(x: 0, y: 100 + Self.fastGlide)))
        #expect(policy.targetContentOffset(for: context(offset: 100, velocity: 0)) == .success(CGPoint(x: 0, y: 100)))
        let fallback: any SnappingPolicy = .default
        #expect(fallback is NoSnapping)
    }

    // MARK: Paging

    /// The page boundaries: −20 + k·647 while below the end, then the end.
    static let pages: [CGFloat] = [top, top + page, top + 2 * page, top + 3 * page, end]

    @Test func pagingForwardDependsOnTheRate() {
        let policy: any SnappingPolicy = .paging
        // 100 + 499 = 599 is 28 short of page 1 (627) and 619 past page 0.
        #expect(
            policy.targetContentOffset(for: context(offset: 100, velocity: 1))
                == .success(CGPoint(x: 0, y: Self.pages[1])))
        // 100 + 99 = 199 is nearer page 0 (219 away) than page 1 (428 away): it springs back.
        #expect(
            policy.targetContentOffset(for: context(offset: 100, velocity: 1, rate: .fast))
                == .success(CGPoint(x: 0, y: Self.pages[0])))
    }

    @Test func pagingBackwardDependsOnTheRate() {
        let policy: any SnappingPolicy = .paging
        // 1400 − 499 = 901: 274 past page 1 (627), 373 before page 2 (1274).
        #expect(
            policy.targetContentOffset(for: context(offset: 1400, velocity: -1))
                == .success(CGPoint(x: 0, y: Self.pages[1])))
        // 1400 − 99 = 1301: 27 past page 2.
        #expect(
            policy.targetContentOffset(for: context(offset: 1400, velocity: -1, rate: .fast))
                == .success(CGPoint(x: 0, y: Self.pages[2])))
    }

    @Test func pagingWithoutVelocityGoesToTheNearestPageWhateverTheRate() {
        let policy: any SnappingPolicy = .paging
        for rate in [UIScrollView.DecelerationRate.normal, .fast] {
            // 1000 is 373 past page 1 and 274 before page 2.
            #expect(
                policy.targetContentOffset(for: context(offset: 1000, velocity: 0, rate: rate))
                    == .success(CGPoint(x: 0, y: Self.pages[2])))
            // 900 is 273 past page 1 and 374 before page 2.
            #expect(
                policy.targetContentOffset(for: context(offset: 900, velocity: 0, rate: rate))
                    == .success(CGPoint(x: 0, y: Self.pages[1])))
        }
    }

    @Test func theEndOfTheContentIsAPageBoundary() {
        let policy: any SnappingPolicy = .paging
        // Page 4 would start at −20 + 4·647 = 2568, past the end (2333): the end is the last stop.
        #expect(Self.top + 4 * Self.page > Self.end)
        #expect(
            policy.targetContentOffset(for: context(offset: 2200, velocity: 1)) == .success(CGPoint(x: 0, y: Self.end)))
        // 2250 lies between page 3 (1921) and the end (2333): the end is nearer (83 vs 329),
        // though rounding to whole pages would have chosen page 3.
        #expect(
            policy.targetContentOffset(for: context(offset: 2250, velocity: 0)) == .success(CGPoint(x: 0, y: Self.end)))
    }

    @Test func withTheKeyboardUpAPageIsWhatTheKeyboardLeaves() {
        // The keyboard (260) adds to the bottom inset: a page is 667 − 20 − 260 = 387 tall.
        let raised = ScrollGeometry(
            contentSize: CGSize(width: 375, height: 3000), boundsSize: CGSize(width: 375, height: 667),
            adjustedContentInset: UIEdgeInsets(top: 20, left: 0, bottom: 260, right: 0))
        let page: CGFloat = 667 - 20 - 260
        // 100 + 99 = 199 is 219 past the top and 168 before page 1 (−20 + 387).
        #expect(
            Paging().targetContentOffset(for: context(offset: 100, velocity: 1, rate: .fast, geometry: raised))
                == .success(CGPoint(x: 0, y: Self.top + page)))
    }

    @Test func anExplicitPageSizeTilesACarousel() {
        // A carousel 375 wide over 2000 of content, pages of 150 (one label each), no insets.
        let carousel = ScrollGeometry(
            contentSize: CGSize(width: 2000, height: 44), boundsSize: CGSize(width: 375, height: 44))
        var flick = SnappingContext(
            geometry: carousel, contentOffset: CGPoint(x: 400, y: 0), velocity: CGPoint(x: 1, y: 0),
            decelerationRate: .fast)
        // 400 + 99 = 499 is 49 past 450 and 101 before 600. The vertical axis cannot scroll:
        // a height of 0 there is no problem.
        #expect(
            Paging.paging(pageSize: CGSize(width: 150, height: 0)).targetContentOffset(for: flick)
                == .success(CGPoint(x: 450, y: 0)))
        flick.velocity.x = -1
        // 400 − 99 = 301 is 1 past 300.
        #expect(
            Paging(pageSize: CGSize(width: 150, height: 44)).targetContentOffset(for: flick)
                == .success(CGPoint(x: 300, y: 0)))
    }

    // MARK: Anchors

    /// Section tops at 0, 400, 1000, 1500 and 2900 of the content, aligned under the status
    /// bar: offsets 20 less. The last cannot be aligned: it clamps to the end.
    static let anchors: [CGFloat] = [0 - 20, 400 - 20, 1000 - 20, 1500 - 20, 2900 - 20]

    @Test func aligningPicksTheAnchorNearestTheGlidesEnd() {
        let policy: any SnappingPolicy = .alignedToAnchors
        // Forward: 100 + 499 = 599 → 380 (219 away) beats 980 (381 away); 100 + 99 = 199 →
        // 380 (181) beats −20 (219).
        #expect(
            policy.targetContentOffset(for: context(offset: 100, velocity: 1, anchors: Self.anchors))
                == .success(CGPoint(x: 0, y: 380)))
        #expect(
            policy.targetContentOffset(for: context(offset: 100, velocity: 1, rate: .fast, anchors: Self.anchors))
                == .success(CGPoint(x: 0, y: 380)))
        // Forward from 700: 1199 → 980 (219) beats 1480 (281); 799 → 980 (181) beats 380 (419).
        #expect(
            policy.targetContentOffset(for: context(offset: 700, velocity: 1, anchors: Self.anchors))
                == .success(CGPoint(x: 0, y: 980)))
        #expect(
            policy.targetContentOffset(for: context(offset: 700, velocity: 1, rate: .fast, anchors: Self.anchors))
                == .success(CGPoint(x: 0, y: 980)))
        // Backward from 1450: 951 → 980; 1351 → 1480 (129) beats 980 (371).
        #expect(
            policy.targetContentOffset(for: context(offset: 1450, velocity: -1, anchors: Self.anchors))
                == .success(CGPoint(x: 0, y: 980)))
        #expect(
            policy.targetContentOffset(for: context(offset: 1450, velocity: -1, rate: .fast, anchors: Self.anchors))
                == .success(CGPoint(x: 0, y: 1480)))
        // No velocity: the nearest to where it is, whatever the rate.
        for rate in [UIScrollView.DecelerationRate.normal, .fast] {
            #expect(
                policy.targetContentOffset(for: context(offset: 650, velocity: 0, rate: rate, anchors: Self.anchors))
                    == .success(CGPoint(x: 0, y: 380)))
        }
    }

    @Test func anAnchorBeyondTheEndIsClamped() {
        // 2200 + 499 clamps to 2333; the last anchor (2880) clamps to 2333 too and wins.
        #expect(
            AlignedToAnchors().targetContentOffset(for: context(offset: 2200, velocity: 1, anchors: Self.anchors))
                == .success(CGPoint(x: 0, y: Self.end)))
    }

    @Test func aTieGoesToTheFirstListedAnchor() {
        // 500 is 100 from both 400 and 600, whichever order they come in.
        #expect(
            AlignedToAnchors().targetContentOffset(for: context(offset: 500, velocity: 0, anchors: [600, 400]))
                == .success(CGPoint(x: 0, y: 600)))
        #expect(
            AlignedToAnchors().targetContentOffset(for: context(offset: 500, velocity: 0, anchors: [400, 600]))
                == .success(CGPoint(x: 0, y: 400)))
    }

    @Test func withoutAnchorsTheContentRestsWhereTheGlideEnds() {
        #expect(
            AlignedToAnchors().targetContentOffset(for: context(offset: 100, velocity: 1, rate: .fast))
                == .success(CGPoint(x: 0, y: 100 + Self.fastGlide)))
    }

    // MARK: Bad input

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity])
    func aNonFiniteVelocityIsRefusedByEveryPolicy(bad: CGFloat) {
        let policies: [any SnappingPolicy] = [.none, .paging, .alignedToAnchors]
        for policy in policies {
            #expect(
                policy.targetContentOffset(for: context(offset: 100, velocity: bad, anchors: Self.anchors))
                    == .failure(.nonFiniteVelocity))
            var sideways = context(offset: 100, velocity: 0)
            sideways.velocity.x = bad
            #expect(policy.targetContentOffset(for: sideways) == .failure(.nonFiniteVelocity))
            #expect(
                policy.targetContentOffset(for: context(offset: bad, velocity: 1)) == .failure(.nonFiniteContentOffset))
        }
    }

    @Test func aZeroSizePageIsRefused() {
        #expect(
            Paging(pageSize: .zero).targetContentOffset(for: context(offset: 100, velocity: 1))
                == .failure(.zeroSizePage))
        #expect(
            Paging(pageSize: CGSize(width: 375, height: -10)).targetContentOffset(
                for: context(offset: 100, velocity: 1)) == .failure(.zeroSizePage))
        #expect(
            Paging(pageSize: CGSize(width: 375, height: CGFloat.infinity)).targetContentOffset(
                for: context(offset: 100, velocity: 1)) == .failure(.zeroSizePage))
        // Insets that cover the whole bounds leave a visible area, and so a page, of no height.
        let covered = ScrollGeometry(
            contentSize: CGSize(width: 375, height: 3000), boundsSize: CGSize(width: 375, height: 667),
            adjustedContentInset: UIEdgeInsets(top: 400, left: 0, bottom: 400, right: 0))
        #expect(
            Paging().targetContentOffset(for: context(offset: 100, velocity: 1, geometry: covered))
                == .failure(.zeroSizePage))
    }

    @Test func otherBadInputIsRefused() {
        let policies: [any SnappingPolicy] = [.none, .paging, .alignedToAnchors]
        for policy in policies {
            #expect(
                policy.targetContentOffset(
                    for: context(offset: 100, velocity: 1, rate: UIScrollView.DecelerationRate(rawValue: 1)))
                    == .failure(.invalidDecelerationRate))
            let broken = ScrollGeometry(
                contentSize: CGSize(width: 375, height: CGFloat.nan), boundsSize: CGSize(width: 375, height: 667))
            #expect(
                policy.targetContentOffset(for: context(offset: 100, velocity: 1, geometry: broken))
                    == .failure(.nonFiniteGeometry))
        }
        #expect(
            AlignedToAnchors().targetContentOffset(for: context(offset: 100, velocity: 1, anchors: [380, .nan]))
                == .failure(.nonFiniteAnchorOffset))
    }
}
