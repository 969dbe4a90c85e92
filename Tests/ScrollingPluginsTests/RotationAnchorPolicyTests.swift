import Foundation
import HostKit
import ScrollingPlugins
import Testing

/// A notched phone rotating from portrait to landscape under a navigation bar.
///
/// Portrait 375×812: adjusted insets top 44 + 44 (status area and bar), bottom 34, content
/// 375×1600. Landscape 812×375: top 32 (compact bar), sides 44, bottom 21, content reflowed to
/// the safe width 812 − 88 and 1200 tall.
@Suite("RotationAnchorPolicy")
struct RotationAnchorPolicyTests {
    private let portraitInset = UIEdgeInsets(
        top: NotchedPhone.safeAreaTop + NavigationBarHeight.regular, left: 0, bottom: NotchedPhone.safeAreaBottom,
        right: 0)
    private let portraitContent = CGSize(width: 375, height: 1600)
    private let landscapeInset = UIEdgeInsets(
        top: NavigationBarHeight.compact, left: NotchedPhone.landscapeSafeAreaSide,
        bottom: NotchedPhone.landscapeSafeAreaBottom,
        right: NotchedPhone.landscapeSafeAreaSide)
    private var landscape: ScrollGeometry {
        ScrollGeometry(
            contentSize: CGSize(width: 812 - 44 - 44, height: 1200),
            boundsSize: NotchedPhone.landscapeBounds.size, adjustedContentInset: landscapeInset)
    }

    private func context(
        from offset: CGPoint, before inset: UIEdgeInsets? = nil, after geometry: ScrollGeometry? = nil,
        firstResponder: CGRect? = nil, margin: CGFloat = 0
    ) -> RotationAnchorContext {
        RotationAnchorContext(
            contentOffsetBefore: offset, adjustedContentInsetBefore: inset ?? portraitInset,
            geometryAfter: geometry ?? landscape, firstResponderFrame: firstResponder,
            visibilityMargin: margin)
    }

    // MARK: Pin top-leading

    @Test func theVisibleTopLeadingCornerStaysOnTheSameContentPoint() {
        // At offset y 400 the visible area starts at content y 400 + 88; after the rotation the
        // same point sits just under the 32 pt bar, and x sits at the leading safe edge.
        let policy: any RotationAnchorPolicy = .pinTopLeading
        let offset = policy.contentOffset(after: context(from: CGPoint(x: 0, y: 400)))
        #expect(offset == CGPoint(x: 0 + 0 - 44, y: 400 + 88 - 32))
    }

    @Test func theOffsetIsClampedAtTheTop() {
        // Pulled 60 pt past the top (a bounce): the corner is above the content, and the
        // result stops at the smallest legal offset, −32.
        let offset = PinTopLeading().contentOffset(after: context(from: CGPoint(x: 0, y: -88 - 60)))
        #expect(offset == CGPoint(x: -44, y: -32))
    }

    @Test func theOffsetIsClampedAtTheBottom() {
        // Scrolled to the end in portrait (1600 + 34 − 812): the corner lies past what the
        // shorter landscape range allows (1200 + 21 − 375).
        let end = CGPoint(x: 0, y: 1600 + 34 - 812)
        let offset = PinTopLeading().contentOffset(after: context(from: end))
        #expect(offset == CGPoint(x: -44, y: 1200 + 21 - 375))
        #expect(landscape.isLegal(offset ?? .zero))
    }

    @Test func theKeyboardInsetsChangeWithTheOrientation() {
        // With the keyboard up: 336 pt below in portrait, 209 in landscape.
        var before = portraitInset
        before.bottom = NotchedPhone.keyboardHeight
        var after = landscape
        after.adjustedContentInset.bottom = 209
        let end = CGPoint(x: 0, y: 1600 + 336 - 812)
        #expect(
            PinTopLeading().contentOffset(after: context(from: end, before: before, after: after))
                == CGPoint(x: -44, y: 1200 + 209 - 375))
        // Mid-content the bottom insets do not matter: only the top-leading corner is pinned.
        #expect(
            PinTopLeading().contentOffset(after: context(from: CGPoint(x: 0, y: 400), before: before, after: after))
                == CGPoint(x: -44, y: 400 + 88 - 32))
    }

    @Test func landscapeBackToPortrait() {
        // From (−44, 300) in landscape the corner is content (0, 332); in portrait it sits
        // under the 88 pt of status area and bar.
        let portrait = ScrollGeometry(
            contentSize: portraitContent, boundsSize: NotchedPhone.bounds.size,
            adjustedContentInset: portraitInset)
        let offset = PinTopLeading().contentOffset(
            after: context(
                from: CGPoint(x: -44, y: 300), before: landscapeInset, after: portrait))
        #expect(offset == CGPoint(x: -44 + 44 - 0, y: 300 + 32 - 88))
    }

    @Test func aHorizontallyScrollingContentKeepsItsLeadingEdge() {
        // Content 1000 wide: at x 182 in landscape the corner is content x 182 + 44, which
        // portrait (no side insets) keeps, within its range 0…1000 − 375.
        let wideLandscape = ScrollGeometry(
            contentSize: CGSize(width: 1000, height: 1200),
            boundsSize: NotchedPhone.landscapeBounds.size, adjustedContentInset: landscapeInset)
        let widePortrait = ScrollGeometry(
            contentSize: CGSize(width: 1000, height: 1600),
            boundsSize: NotchedPhone.bounds.size, adjustedContentInset: portraitInset)
        let offset = PinTopLeading().contentOffset(
            after: context(
                from: CGPoint(x: 182, y: -32), before: wideLandscape.adjustedContentInset, after: widePortrait))
        #expect(offset == CGPoint(x: 182 + 44, y: -32 + 32 - 88))
        // Back the other way from the trailing end of portrait (x 1000 − 375): the corner lies
        // past landscape's trailing end, so x is clamped to 1000 + 44 − 812.
        let trailing = PinTopLeading().contentOffset(
            after: context(
                from: CGPoint(x: 1000 - 375, y: -88), before: portraitInset, after: wideLandscape))
        #expect(trailing == CGPoint(x: 1000 + 44 - 812, y: -88 + 88 - 32))
    }

    @Test func theContextExposesThePinnedOffset() {
        let c = context(from: CGPoint(x: 0, y: 400))
        #expect(c.pinnedTopLeadingOffset == CGPoint(x: -44, y: 456))
    }

    // MARK: Keep the first responder visible

    @Test func aFieldBelowTheVisibleAreaIsScrolledUpToWithItsMargin() {
        // Pinned at 456 the visible area is 488…810 (375 − 32 − 21 tall); a field at 1000…1044
        // with a margin of 8 needs its bottom (1052) at the visible bottom.
        let field = CGRect(x: 20, y: 1000, width: 335, height: 44)
        let policy: any RotationAnchorPolicy = .keepFirstResponderVisible
        let offset = policy.contentOffset(after: context(from: CGPoint(x: 0, y: 400), firstResponder: field, margin: 8))
        #expect(offset == CGPoint(x: -44, y: (1000 + 44 + 8) - (375 - 21)))
    }

    @Test func aFieldAboveTheVisibleAreaIsScrolledDownToWithItsMargin() {
        let field = CGRect(x: 20, y: 100, width: 335, height: 44)
        let offset = KeepFirstResponderVisible().contentOffset(
            after: context(
                from: CGPoint(x: 0, y: 400), firstResponder: field, margin: 8))
        #expect(offset == CGPoint(x: -44, y: (100 - 8) - 32))
    }

    @Test func aVisibleFieldKeepsThePinnedOffset() {
        let field = CGRect(x: 20, y: 600, width: 335, height: 44) // inside 488…810
        let offset = KeepFirstResponderVisible().contentOffset(
            after: context(
                from: CGPoint(x: 0, y: 400), firstResponder: field, margin: 8))
        #expect(offset == CGPoint(x: -44, y: 400 + 88 - 32))
    }

    @Test func withoutAFirstResponderItPinsTheTopLeadingCorner() {
        let offset = KeepFirstResponderVisible().contentOffset(after: context(from: CGPoint(x: 0, y: 400)))
        #expect(offset == CGPoint(x: -44, y: 456))
    }

    @Test func aFieldAtTheEndOfTheContentStaysInTheLegalRange() {
        let field = CGRect(x: 20, y: 1190, width: 335, height: 44) // past the 1200 pt content
        let offset = KeepFirstResponderVisible().contentOffset(
            after: context(
                from: CGPoint(x: 0, y: 400), firstResponder: field, margin: 8))
        #expect(offset == CGPoint(x: -44, y: 1200 + 21 - 375))
    }

    @Test func aNegativeMarginIsTreatedAsZeroAsTheVisibilityPolicyDoes() {
        // A 44 pt field with a margin of −100 would be an empty rect; it must not send the
        // offset anywhere. The field (600…644) is visible at the pinned offset.
        let field = CGRect(x: 20, y: 600, width: 335, height: 44)
        let offset = KeepFirstResponderVisible().contentOffset(
            after: context(
                from: CGPoint(x: 0, y: 400), firstResponder: field, margin: -100))
        #expect(offset == CGPoint(x: -44, y: 456))
        // And below the visible area it is scrolled to without a margin.
        let below = CGRect(x: 20, y: 1000, width: 335, height: 44)
        let scrolled = KeepFirstResponderVisible().contentOffset(
            after: context(
                from: CGPoint(x: 0, y: 400), firstResponder: below, margin: -100))
        #expect(scrolled == CGPoint(x: -44, y: (1000 + 44) - (375 - 21)))
    }

    // MARK: None

    @Test func noneLeavesTheOffsetAlone() {
        let policy: any RotationAnchorPolicy = .none
        #expect(policy.contentOffset(after: context(from: CGPoint(x: 0, y: 400))) == nil)
    }

    @Test func theDefaultPinsTheTopLeadingCorner() {
        let policy: any RotationAnchorPolicy = .default
        #expect(policy is PinTopLeading)
    }
}
