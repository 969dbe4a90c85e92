import Foundation
import HostKit
import ScrollingContent
import Testing

@Suite("Scroll reader")
@MainActor
struct ScrollReaderTests {
    nonisolated static let namedAnchors: [UnitPoint] = [
        .zero, .center, .leading, .trailing, .top, .bottom, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing,
    ]

    /// The visible area in window coordinates: the SE's screen below its 20 pt status bar.
    let visible = CGRect(
        x: 0, y: ScrollFixture.statusBar, width: ScrollFixture.screenSize.width,
        height: ScrollFixture.screenSize.height - ScrollFixture.statusBar)

    @Test(arguments: namedAnchors)
    func aTargetSmallerThanTheVisibleAreaMeetsItAtTheAnchor(anchor: UnitPoint) throws {
        let fixture = ScrollFixture()
        // 100×100, far enough from every content edge (1000×3000) that no anchor is clamped.
        let target = fixture.addTarget("small", frame: CGRect(x: 300, y: 800, width: 100, height: 100))
        let outcome = fixture.reader.scroll(to: "small", anchor: anchor, animated: false)
        #expect(outcome.succeeded)
        // The target's point at the anchor sits on the visible area's point at the anchor.
        #expect(close(fixture.windowFrame(of: target).point(at: anchor), visible.point(at: anchor)))
        #expect(fixture.recorder.messages.isEmpty)
    }

    @Test(arguments: namedAnchors)
    func aTargetLargerThanTheVisibleAreaMeetsItAtTheAnchor(anchor: UnitPoint) throws {
        let fixture = ScrollFixture()
        // 500×900 is wider than 375 and taller than 667 − 20 = 647: it overflows on both axes.
        let target = fixture.addTarget("large", frame: CGRect(x: 100, y: 1200, width: 500, height: 900))
        #expect(fixture.reader.scroll(to: "large", anchor: anchor, animated: false).succeeded)
        #expect(close(fixture.windowFrame(of: target).point(at: anchor), visible.point(at: anchor)))
    }

    @Test func topPutsTheTargetJustUnderTheStatusBarWithTheArticlesArithmetic() {
        let fixture = ScrollFixture()
        let target = fixture.addTarget("small", frame: CGRect(x: 300, y: 800, width: 100, height: 100))
        let start = fixture.scrollView.contentOffset
        #expect(start == CGPoint(x: 0, y: -20), "content rests at the top, under the status bar")
        // p = (minX + 0.5·(100 − 375), minY + 0·(100 − 647)), minus the insets (0, 20).
        let expected = CGPoint(x: 300 + 0.5 * (100 - 375), y: 800 - 20)
        #expect(
            fixture.reader.scroll(to: "small", anchor: .top, animated: false) == .scrolled(from: start, to: expected))
        #expect(fixture.scrollView.contentOffset == expected)
        #expect(fixture.windowFrame(of: target).minY == 20)
    }

    @Test func theOffsetIsAddedToTheContentOffset() {
        let fixture = ScrollFixture()
        let target = fixture.addTarget("small", frame: CGRect(x: 300, y: 800, width: 100, height: 100))
        // The article's second button: 50 points above the target's top position.
        let outcome = fixture.reader.scroll(
            to: "small", anchor: .topLeading, offset: CGPoint(x: 10, y: -50), animated: false)
        #expect(outcome == .scrolled(from: CGPoint(x: 0, y: -20), to: CGPoint(x: 300 + 10, y: 800 - 20 - 50)))
        #expect(fixture.windowFrame(of: target).origin == CGPoint(x: -10, y: 20 + 50))
    }

    @Test func theTargetOffsetIsClampedAtBothEnds() {
        let fixture = ScrollFixture()
        fixture.addTarget("first", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        fixture.addTarget("last", frame: CGRect(x: 900, y: 2900, width: 100, height: 100))
        // Legal range: x 0…1000 − 375, y −20…3000 − 667.
        let minimum = CGPoint(x: 0, y: -20)
        let maximum = CGPoint(x: 1000 - 375, y: 3000 - 667)
        // Bringing the first target to the bottom-trailing corner would need x = 0 + (100 − 375)
        // and y = 0 + (100 − 647) − 20: both below the minimum.
        #expect(fixture.reader.scroll(to: "first", anchor: .bottomTrailing, animated: false).succeeded)
        #expect(fixture.scrollView.contentOffset == minimum)
        // The last one at the top-leading corner would need x = 900 and y = 2900 − 20: past the maximum.
        #expect(
            fixture.reader.scroll(to: "last", anchor: .topLeading, animated: false)
                == .scrolled(from: minimum, to: maximum))
        #expect(fixture.scrollView.contentOffset == maximum)
        // The offset cannot push beyond either end.
        #expect(
            fixture.reader.scroll(to: "first", anchor: .topLeading, offset: CGPoint(x: -500, y: -500), animated: false)
                == .scrolled(from: maximum, to: minimum))
    }

    @Test func withTheKeyboardUpBottomPutsTheTargetJustAboveIt() {
        let fixture = ScrollFixture()
        let target = fixture.addTarget("small", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        fixture.addTarget("last", frame: CGRect(x: 0, y: 2900, width: 375, height: 100))
        fixture.raiseKeyboard()
        let keyboardTop = 667 - ScrollFixture.keyboardHeight
        // The visible height is 667 − 20 − 260 = 387: y = 800 + (100 − 387) − 20.
        #expect(
            fixture.reader.scroll(to: "small", anchor: .bottom, animated: false)
                == .scrolled(from: CGPoint(x: 0, y: -20), to: CGPoint(x: 0, y: 800 + (100 - (667 - 20 - 260)) - 20)))
        #expect(fixture.windowFrame(of: target).maxY == keyboardTop)
        // Centred in what the keyboard leaves: between the status bar and the keyboard's top.
        #expect(fixture.reader.scroll(to: "small", anchor: .center, animated: false).succeeded)
        #expect(fixture.windowFrame(of: target).midY == (20 + keyboardTop) / 2)
        // The keyboard inset extends the range: the maximum is 3000 + 260 − 667, not 3000 − 667.
        #expect(fixture.reader.scroll(to: "last", anchor: .top, animated: false).succeeded)
        #expect(fixture.scrollView.contentOffset.y == 3000 + ScrollFixture.keyboardHeight - 667)
    }

    @Test func aBottomContentInsetCountsAsWell() {
        let fixture = ScrollFixture()
        let target = fixture.addTarget("small", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        // Apple's classic advice: the keyboard's height as the scroll view's bottom content inset.
        fixture.scrollView.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 300, right: 0)
        #expect(fixture.reader.scroll(to: "small", anchor: .bottom, animated: false).succeeded)
        // (The expected value is typed: `#expect(x == 667 - 300)` would compare a CGFloat with an
        // Int through AnyHashable, which never matches.)
        let insetTop: CGFloat = 667 - 300
        #expect(fixture.windowFrame(of: target).maxY == insetTop)
    }

    @Test func animatedGoesThroughSetContentOffset() throws {
        let fixture = ScrollFixture()
        fixture.addTarget("small", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        #expect(fixture.offsetAnimations().isEmpty)
        #expect(fixture.reader.scroll(to: "small", anchor: .top, animated: true).succeeded)
        let records = fixture.offsetAnimations()
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.duration == UIScrollView.scrollAnimationDuration)
        #expect(record.animationsEnabled)
        #expect(record.change(of: fixture.scrollView, .contentOffset)?.to == .point(CGPoint(x: 0, y: 800 - 20)))
        // Not animated: the offset moves with no animation block.
        #expect(fixture.reader.scroll(to: "small", anchor: .bottom, animated: false).succeeded)
        #expect(fixture.offsetAnimations().count == 1)
        // Already in place: a success with nothing set, so nothing is recorded even when animated.
        let here = fixture.scrollView.contentOffset
        #expect(fixture.reader.scroll(to: "small", anchor: .bottom, animated: true) == .scrolled(from: here, to: here))
        #expect(fixture.offsetAnimations().count == 1)
    }

    @Test func theArticlesSignaturesScrollAnimated() throws {
        let fixture = ScrollFixture()
        let target = fixture.addTarget("small", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        // Called through the protocol, as the article's `ScrollProxyProtocol` is.
        let proxy: any ScrollProxy = fixture.reader
        // scroll(to:anchor:): the target's top under the 20 pt status bar, y = 800 − 20.
        #expect(
            proxy.scroll(to: "small", anchor: .top)
                == .scrolled(from: CGPoint(x: 0, y: -20), to: CGPoint(x: 0, y: 800 - 20)))
        #expect(fixture.windowFrame(of: target).minY == CGFloat(20))
        // scroll(to:anchor:offset:): the article's "50 points above the top", y = 800 − 20 − 50.
        #expect(
            proxy.scroll(to: "small", anchor: .top, offset: CGPoint(x: 0, y: -50))
                == .scrolled(from: CGPoint(x: 0, y: 800 - 20), to: CGPoint(x: 0, y: 800 - 20 - 50)))
        #expect(fixture.windowFrame(of: target).minY == CGFloat(20 + 50))
        // Both went through an animation block, as the article's `setContentOffset(_:animated: true)`.
        let records = fixture.offsetAnimations()
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.duration == UIScrollView.scrollAnimationDuration && $0.animationsEnabled })
        #expect(
            try #require(records.last).change(of: fixture.scrollView, .contentOffset)?.to
                == .point(CGPoint(x: 0, y: 800 - 20 - 50)))
        // Bad input is refused the same way as with `animated:`.
        #expect(
            proxy.scroll(to: "small", anchor: .top, offset: CGPoint(x: CGFloat.nan, y: 0))
                == .notScrolled(.nonFiniteOffset))
        #expect(proxy.scroll(to: "missing", anchor: .top) == .notScrolled(.unknownIdentifier))
        #expect(fixture.offsetAnimations().count == 2)
    }

    @Test func anUnknownIdentifierScrollsNothing() {
        let fixture = ScrollFixture()
        fixture.addTarget("small", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        let before = fixture.scrollView.contentOffset
        #expect(fixture.reader.scroll(to: "missing", anchor: .top, animated: true) == .notScrolled(.unknownIdentifier))
        // Another type with the same description is another identifier.
        fixture.addTarget(7, frame: CGRect(x: 0, y: 1000, width: 375, height: 100))
        #expect(fixture.reader.scroll(to: "7", anchor: .top, animated: true) == .notScrolled(.unknownIdentifier))
        #expect(fixture.scrollView.contentOffset == before)
        #expect(fixture.offsetAnimations().isEmpty)
        #expect(fixture.recorder.messages(atLeast: .warning).count == 2)
        #expect(fixture.recorder.contains("missing", atLeast: .warning))
    }

    @Test func aDuplicateIdentifierScrollsToTheFirstAndIsReportedOnce() {
        let fixture = ScrollFixture()
        let first = fixture.addTarget("twin", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        fixture.addTarget("twin", frame: CGRect(x: 0, y: 1600, width: 375, height: 100))
        #expect(
            fixture.reader.scroll(to: "twin", anchor: .top, animated: false)
                == .scrolled(from: CGPoint(x: 0, y: -20), to: CGPoint(x: 0, y: 800 - 20)))
        #expect(fixture.windowFrame(of: first).minY == 20)
        let warnings = fixture.recorder.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.text.contains("2 views") == true)
    }

    @Test func aTargetOutsideAnyScrollViewScrollsNothing() {
        let fixture = ScrollFixture()
        fixture.addTarget("header", frame: CGRect(x: 0, y: 0, width: 375, height: 44), in: fixture.controller.view)
        #expect(
            fixture.reader.scroll(to: "header", anchor: .top, animated: false) == .notScrolled(.noEnclosingScrollView))
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: -20))
        #expect(fixture.recorder.contains("not inside a scroll view", atLeast: .warning))
    }

    @Test func theInnermostEnclosingScrollViewScrolls() {
        let fixture = ScrollFixture()
        // A horizontal carousel (375×200, content 2000 wide) inside the vertical list at y = 1000.
        let carousel = UIScrollView(frame: CGRect(x: 0, y: 1000, width: 375, height: 200))
        carousel.name = "carousel"
        carousel.contentSize = CGSize(width: 2000, height: 200)
        fixture.scrollView.addSubview(carousel)
        let item = fixture.addTarget("item", frame: CGRect(x: 1500, y: 50, width: 100, height: 100), in: carousel)
        let outerBefore = fixture.scrollView.contentOffset
        // The list adjusts for the safe area, so the carousel inside it gets no insets:
        // leading puts the item's leading edge at x 0 of the carousel, x = 1500.
        #expect(
            fixture.reader.scroll(to: "item", anchor: .leading, animated: false)
                == .scrolled(from: .zero, to: CGPoint(x: 1500, y: 0)))
        #expect(carousel.contentOffset == CGPoint(x: 1500, y: 0))
        #expect(fixture.scrollView.contentOffset == outerBefore, "the outer list does not move")
        #expect(item.convert(item.bounds, to: carousel).minX == 1500, "content coordinates")
        #expect(fixture.windowFrame(of: item).minX == 0)
    }

    @Test func nonFiniteOffsetsAndAnchorsAreRefused() {
        let fixture = ScrollFixture()
        fixture.addTarget("small", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        let bad: [CGPoint] = [
            CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 0, y: CGFloat.infinity),
            CGPoint(x: -CGFloat.infinity, y: CGFloat.nan),
        ]
        for offset in bad {
            #expect(
                fixture.reader.scroll(to: "small", anchor: .top, offset: offset, animated: true)
                    == .notScrolled(.nonFiniteOffset))
        }
        #expect(
            fixture.reader.scroll(to: "small", anchor: UnitPoint(x: 0, y: .nan), animated: true)
                == .notScrolled(.nonFiniteAnchor))
        #expect(fixture.scrollView.contentOffset == CGPoint(x: 0, y: -20))
        #expect(fixture.offsetAnimations().isEmpty)
        #expect(fixture.recorder.messages(atLeast: .error).count == bad.count + 1)
    }

    @Test func aTargetOutsideAnyWindowScrollsNothing() {
        let recorder = LogRecorder()
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.logSink = recorder.sink
        let scrollView = UIScrollView(frame: root.bounds)
        scrollView.contentSize = CGSize(width: 375, height: 3000)
        root.addSubview(scrollView)
        scrollView.addSubview(UIView(frame: CGRect(x: 0, y: 800, width: 375, height: 100)).setScrollAnchor("loose"))
        let reader = ScrollReader(root: root)
        #expect(reader.scroll(to: "loose", anchor: .top, animated: false) == .notScrolled(.notInWindow))
        #expect(scrollView.contentOffset == .zero)
        #expect(recorder.contains("not in a window", atLeast: .warning))
    }

    @Test func aReaderWhoseRootIsGoneScrollsNothing() {
        var reader: ScrollReader?
        do {
            let root = UIView()
            root.logSink = .discard
            reader = ScrollReader(root: root)
        }
        #expect(reader?.root == nil)
        #expect(reader?.scroll(to: "anything", anchor: .top, animated: false) == .notScrolled(.notInWindow))
    }

    @Test func aReaderOnAViewControllersViewSearchesOnlyBelowIt() throws {
        let fixture = ScrollFixture()
        fixture.addTarget("small", frame: CGRect(x: 0, y: 800, width: 375, height: 100))
        let reader = ScrollReader(root: fixture.scrollView)
        #expect(
            reader.scroll(to: "small", anchor: .top, animated: false)
                == .scrolled(from: CGPoint(x: 0, y: -20), to: CGPoint(x: 0, y: 800 - 20)))
        let target = try reader.target(for: "small", anchor: .bottom).get()
        #expect(target.scrollView === fixture.scrollView)
        #expect(target.frame == CGRect(x: 0, y: 800, width: 375, height: 100))
        #expect(target.contentOffset == CGPoint(x: 0, y: 800 + 100 - 667))
    }
}
