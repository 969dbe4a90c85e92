import Foundation
import HostKit
import ScrollingContent
import Testing

/// The proxy on a `ScrollingContentViewController` with the window's own keyboard (a field
/// becomes first responder; the manager's filter, insets and first-responder rule all run),
/// rather than a simulated bottom inset.
@Suite("Programmatic scrolling with the real keyboard")
@MainActor
struct RealKeyboardTests {
    @Test func afterARotationWithTheKeyboardUpTheProxyUsesTheLandscapeGeometry() throws {
        let screen = UIScreen.iPhoneX
        // The field at the top (y 0, after an empty block), the target 100 tall at y 34 + 800.
        let content = ColumnContent([.block(0), .field, .block(800), .block(100), .block(1500)])
        content.views[3].setScrollAnchor("target")
        let scenario = Scenario(.subclass, on: screen, content: content.view)
        let target = content.views[3]
        #expect(try content.field(1).becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.window.keyboard.isVisible)

        #expect(scenario.window.rotate(to: .landscapeLeft))
        try scenario.stage.settle()
        // Landscape: 812×375, sides 44, home indicator 21, keyboard 209 (home indicator
        // included): the manager adds 209 − 21 at the bottom.
        let landscape = screen.size(for: .landscapeLeft)
        let side: CGFloat = 44
        let keyboard = screen.landscapeKeyboardHeight
        #expect(scenario.window.keyboard.isVisible)
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - 21, right: 0))
        #expect(
            scenario.scrollView.adjustedContentInset == UIEdgeInsets(top: 0, left: side, bottom: keyboard, right: side))
        // The rotation pinned the top-leading corner: content (0, −44 + 44) → offset (−44, 0).
        #expect(scenario.scrollView.contentOffset == CGPoint(x: -side, y: 0))

        let reader = ScrollReader(root: scenario.root)
        // The target in content coordinates: x 20 (the column's inset), y 34 + 800, width
        // 812 − 2·44 − 2·20 = 684, height 100. Visible: 812 − 88 = 724 wide, 375 − 209 = 166
        // tall. `.bottom`: x = 20 + 0.5·(684 − 724) − 44 = −44, y = 834 + (100 − 166) − 0.
        let visibleHeight = landscape.height - keyboard
        let expected = CGPoint(
            x: 20 + 0.5 * (684 - (landscape.width - 2 * side)) - side, y: 834 + (100 - visibleHeight))
        #expect(reader.scroll(to: "target", anchor: .bottom) == .scrolled(from: CGPoint(x: -side, y: 0), to: expected))
        // Its bottom edge sits on the keyboard's top edge, its leading edge 20 inside the side inset.
        #expect(scenario.frameInWindow(target).maxY == landscape.height - keyboard)
        #expect(scenario.frameInWindow(target).minX == side + ColumnContent.inset)
        // Nothing pending moves it afterwards (the keyboard change was applied long ago).
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentOffset == expected)
        #expect(scenario.offsetIsLegal)
    }

    /// The iPhone SE: status bar 20, no bottom inset, keyboard 260. Visible height without the
    /// keyboard 667 − 20 = 647, with it 647 − 260 = 387; the keyboard's top at y 407.
    static let statusBar: CGFloat = 20
    static let keyboardTop: CGFloat = 667 - 260

    @Test func aTopRequestMadeWhileTheKeyboardIsHeldWaitsForIt() throws {
        // The target (300 tall) at y 600, the field right under it at 900.
        let content = ColumnContent([.block(600), .block(300), .field, .block(1500)])
        let target = content.views[1].setScrollAnchor("target")
        let scenario = Scenario(.subclass, on: Phone.iPhoneSE, content: content.view)
        let field = try content.field(2)
        #expect(field.becomeFirstResponder())
        try scenario.stage.advance(by: Stage.insideFilterWindow)
        #expect(scenario.controller.additionalSafeAreaInsets == .zero, "the keyboard change is still held")

        let reader = ScrollReader(root: scenario.root)
        #expect(reader.scroll(to: "target", anchor: .top) == .waitingForKeyboard)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -20), "nothing moves before the change")
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 260, right: 0))
        // `.top` with the keyboard in: y = 600 − 20 (the keyboard moves only the visible area's
        // bottom edge). The manager's first-responder rule, applied after the request, finds
        // the field at window 900 − 580 = 320…354, above the keyboard's top (407): it moves
        // nothing.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: 600 - 20))
        #expect(scenario.frameInWindow(target).minY == Self.statusBar)
        #expect(scenario.isFullyVisible(field))
    }

    @Test func aRequestForATargetAwayFromTheFocusedFieldLosesToTheFirstResponder() throws {
        // The field at y 0 (after an empty block), the target 100 tall at 34 + 800.
        let content = ColumnContent([.block(0), .field, .block(800), .block(100), .block(1500)])
        content.views[3].setScrollAnchor("target")
        let scenario = Scenario(.manager, on: Phone.iPhoneSE, content: content.view)
        let field = try content.field(1)
        #expect(field.becomeFirstResponder())
        try scenario.stage.advance(by: Stage.insideFilterWindow)
        let reader = ScrollReader(root: scenario.root)
        #expect(reader.scroll(to: "target", anchor: .center) == .waitingForKeyboard)
        try scenario.stage.settle()
        // The request ran once the change was in — `.center` with the keyboard: y = 834 +
        // 0.5·(100 − 387) − 20 = 670.5 — and then the first responder won: after every keyboard
        // change the manager brings the first responder into view (SCVC's rule, and UIKit's own
        // for the field being edited). The field (0…34) is off screen above, so the content goes
        // back to the top: offset −20, the field under the status bar.
        let requested = scenario.timeline.events.compactMap { event -> CGPoint? in
            if case .scrolled(_, let to, .request) = event.kind { to } else { nil }
        }
        #expect(requested == [CGPoint(x: 0, y: 834 + 0.5 * (100 - 387) - 20)])
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -20))
        #expect(scenario.frameInWindow(field).minY == Self.statusBar)
        #expect(scenario.isFullyVisible(field))
        #expect(!scenario.isFullyVisible(content.views[3]))
    }

    @Test func aBottomRequestMadeWhileTheKeyboardIsHeldIsMeasuredWithIt() throws {
        // The field at y 600, the target (300 tall) at 634…934.
        let content = ColumnContent([.block(600), .field, .block(300), .block(1500)])
        content.views[2].setScrollAnchor("target")
        let scenario = Scenario(.subclass, on: Phone.iPhoneSE, content: content.view)
        let field = try content.field(1)
        #expect(field.becomeFirstResponder())
        try scenario.stage.advance(by: Stage.insideFilterWindow)
        let reader = ScrollReader(root: scenario.root)
        // Measured now it would be y = 934 − 647 − 20 = 267, its bottom at 667, behind the
        // keyboard about to come: the request waits instead.
        #expect(reader.scroll(to: "target", anchor: .bottom) == .waitingForKeyboard)
        try scenario.stage.settle()
        // The target's bottom on the keyboard's top: y = 634 + (300 − 387) − 20 = 527. The field
        // (window 600 − 527 = 73…107) stays visible, so the first-responder rule moves nothing.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: 634 + (300 - 387) - 20))
        #expect(scenario.frameInWindow(content.views[2]).maxY == Self.keyboardTop)
        #expect(scenario.isFullyVisible(field))
    }

    @Test func aRequestWithNoKeyboardChangeHeldIsCarriedOutAtOnce() throws {
        // The same screen with the keyboard long up: nothing is held, the proxy moves at once.
        let content = ColumnContent([.block(600), .field, .block(300), .block(1500)])
        content.views[2].setScrollAnchor("target")
        let scenario = Scenario(.subclass, on: Phone.iPhoneSE, content: content.view)
        #expect(try content.field(1).becomeFirstResponder())
        try scenario.stage.settle()
        let from = scenario.scrollView.contentOffset
        let reader = ScrollReader(root: scenario.root)
        #expect(
            reader.scroll(to: "target", anchor: .bottom)
                == .scrolled(from: from, to: CGPoint(x: 0, y: 634 + (300 - 387) - 20)))
        #expect(scenario.frameInWindow(content.views[2]).maxY == Self.keyboardTop)
    }
}
