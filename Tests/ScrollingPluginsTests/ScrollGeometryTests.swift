import Foundation
import HostKit
import ScrollingPlugins
import Testing

@Suite("ScrollGeometry")
struct ScrollGeometryTests {
    /// iPhone SE portrait under a status bar and a navigation bar (20 + 44), 1200 pt of content.
    private let portrait = ScrollGeometry(
        contentSize: CGSize(width: 375, height: 1200),
        boundsSize: CGSize(width: 375, height: 667),
        adjustedContentInset: UIEdgeInsets(top: 20 + 44, left: 0, bottom: 0, right: 0))

    /// The same with the 260 pt keyboard in the bottom inset.
    private let withKeyboard = ScrollGeometry(
        contentSize: CGSize(width: 375, height: 1200),
        boundsSize: CGSize(width: 375, height: 667),
        adjustedContentInset: UIEdgeInsets(top: 20 + 44, left: 0, bottom: 260, right: 0))

    /// A notched phone in landscape (812×375): compact bar 32, sides 44, bottom 21, with content
    /// wider and taller than the screen.
    private let landscape = ScrollGeometry(
        contentSize: CGSize(width: 1000, height: 800),
        boundsSize: CGSize(width: 812, height: 375),
        adjustedContentInset: UIEdgeInsets(top: 32, left: 44, bottom: 21, right: 44))

    // MARK: Legal range

    @Test func theLegalRangeRunsFromMinusTheLeadingInsetsToTheContentEnd() {
        #expect(portrait.minimumContentOffset == CGPoint(x: 0, y: -64))
        #expect(portrait.maximumContentOffset == CGPoint(x: 0, y: 1200 - 667))
        #expect(withKeyboard.maximumContentOffset == CGPoint(x: 0, y: 1200 + 260 - 667))
        #expect(landscape.minimumContentOffset == CGPoint(x: -44, y: -32))
        #expect(landscape.maximumContentOffset == CGPoint(x: 1000 + 44 - 812, y: 800 + 21 - 375))
    }

    @Test func contentSmallerThanTheVisibleAreaHasASingleRestingOffset() {
        let short = ScrollGeometry(
            contentSize: CGSize(width: 375, height: 400),
            boundsSize: CGSize(width: 375, height: 667),
            adjustedContentInset: UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        #expect(short.maximumContentOffset == short.minimumContentOffset)
        #expect(short.clamped(CGPoint(x: 30, y: 200)) == CGPoint(x: 0, y: -64))
    }

    @Test func clampingMovesEachAxisIntoRange() {
        #expect(landscape.clamped(CGPoint(x: -100, y: -100)) == CGPoint(x: -44, y: -32))
        #expect(landscape.clamped(CGPoint(x: 500, y: 900)) == CGPoint(x: 1000 + 44 - 812, y: 800 + 21 - 375))
        #expect(landscape.clamped(CGPoint(x: -100, y: 900)) == CGPoint(x: -44, y: 800 + 21 - 375))
        #expect(landscape.clamped(CGPoint(x: 100, y: 200)) == CGPoint(x: 100, y: 200))
    }

    @Test func legality() {
        #expect(portrait.isLegal(CGPoint(x: 0, y: -64)))
        #expect(portrait.isLegal(CGPoint(x: 0, y: 533)))
        #expect(!portrait.isLegal(CGPoint(x: 0, y: -65)))
        #expect(!portrait.isLegal(CGPoint(x: 0, y: 534)))
        #expect(!portrait.isLegal(CGPoint(x: 1, y: 0)))
        // Rounding within the tolerance is legal.
        #expect(portrait.isLegal(CGPoint(x: 0, y: 533 + 1e-9)))
        #expect(!portrait.isLegal(CGPoint(x: 0, y: 533.5), tolerance: 0.25))
        #expect(portrait.isLegal(CGPoint(x: 0, y: 533.5), tolerance: 1))
    }

    // MARK: Visible rect

    @Test func theVisibleRectIsTheBoundsInsideTheInsetsInContentCoordinates() {
        #expect(
            portrait.visibleRect(at: CGPoint(x: 0, y: 100)) == CGRect(x: 0, y: 100 + 64, width: 375, height: 667 - 64))
        #expect(
            withKeyboard.visibleRect(at: CGPoint(x: 0, y: -64))
                == CGRect(x: 0, y: 0, width: 375, height: 667 - 64 - 260))
        #expect(
            landscape.visibleRect(at: CGPoint(x: -44, y: -32))
                == CGRect(x: 0, y: 0, width: 812 - 44 - 44, height: 375 - 32 - 21))
    }

    @Test func insetsLargerThanTheBoundsLeaveAnEmptyVisibleRect() {
        // A 100 pt tall scroll view entirely under a 336 pt keyboard inset.
        let covered = ScrollGeometry(
            contentSize: CGSize(width: 375, height: 500),
            boundsSize: CGSize(width: 375, height: 100),
            adjustedContentInset: UIEdgeInsets(top: 0, left: 0, bottom: 336, right: 0))
        #expect(covered.visibleRect(at: .zero).height == 0)
    }

    // MARK: offset(makingVisible:from:)

    @Test func aVisibleRectLeavesTheOffsetUnchanged() {
        // At offset 0 the visible area is 64…407; a field at 100…134 is inside.
        let field = CGRect(x: 20, y: 100, width: 335, height: 34)
        #expect(withKeyboard.offset(makingVisible: field, from: .zero) == .zero)
        #expect(withKeyboard.offset(makingVisible: field, from: CGPoint(x: 0, y: 30)) == CGPoint(x: 0, y: 30))
    }

    @Test func aRectAboveScrollsUpUntilItsTopIsAtTheTopOfTheVisibleArea() {
        // At offset 300 the visible area starts at 364; a field at 200 needs its top there.
        let field = CGRect(x: 20, y: 200, width: 335, height: 34)
        #expect(withKeyboard.offset(makingVisible: field, from: CGPoint(x: 0, y: 300)) == CGPoint(x: 0, y: 200 - 64))
    }

    @Test func aRectBelowScrollsDownUntilItsBottomIsJustAboveTheKeyboard() {
        // The field's bottom (634) meets the visible area's bottom (offset + 667 − 260).
        let field = CGRect(x: 20, y: 600, width: 335, height: 34)
        #expect(withKeyboard.offset(makingVisible: field, from: .zero) == CGPoint(x: 0, y: 634 - (667 - 260)))
    }

    @Test func aRectTallerThanTheVisibleAreaAlignsItsTop() {
        // 500 pt tall against a 343 pt visible area (667 − 64 − 260).
        let tall = CGRect(x: 0, y: 100, width: 375, height: 500)
        #expect(tall.height > 667 - 64 - 260)
        #expect(withKeyboard.offset(makingVisible: tall, from: .zero) == CGPoint(x: 0, y: 100 - 64))
        // Also when it already spans the whole visible area.
        #expect(withKeyboard.offset(makingVisible: tall, from: CGPoint(x: 0, y: 200)) == CGPoint(x: 0, y: 100 - 64))
    }

    @Test func theResultIsClampedAtBothEnds() {
        // A header above the content (y −50) cannot pull the offset above −64.
        let header = CGRect(x: 0, y: -50, width: 375, height: 20)
        #expect(withKeyboard.offset(makingVisible: header, from: CGPoint(x: 0, y: 300)) == CGPoint(x: 0, y: -64))
        // A rect reaching past the content's end stops at the largest offset, 1200 + 260 − 667.
        let footer = CGRect(x: 0, y: 1180, width: 375, height: 100)
        #expect(withKeyboard.offset(makingVisible: footer, from: .zero) == CGPoint(x: 0, y: 1200 + 260 - 667))
    }

    @Test func bothAxesScrollIndependently() {
        // Landscape, from the top-leading corner: visible 0…724 × 0…322. A rect at x 900…950,
        // y 100…140 needs only a horizontal scroll to bring its trailing edge in.
        let rect = CGRect(x: 900, y: 100, width: 50, height: 40)
        let from = landscape.minimumContentOffset
        #expect(landscape.offset(makingVisible: rect, from: from) == CGPoint(x: 950 - (812 - 44), y: -32))
    }
}
