import Foundation
import ScrollingPlugins
import Testing

@Suite("VisibilityPolicy")
struct VisibilityPolicyTests {
    /// A 335×34 text field 600 pt down the content.
    private let field = CGRect(x: 20, y: 600, width: 335, height: 34)

    @Test func theDefaultScrollsTheFirstResponderExpandedVerticallyByTheMargin() {
        let policy: any VisibilityPolicy = .default
        let rect = policy.rectToMakeVisible(
            afterKeyboardChange: VisibilityContext(
                firstResponderFrame: field, margin: 16, isKeyboardVisible: true))
        // Only vertically: UIKit's visibilityScrollMargin is a vertical margin.
        #expect(rect == CGRect(x: 20, y: 600 - 16, width: 335, height: 34 + 2 * 16))
    }

    @Test func aZeroMarginIsTheFieldItself() {
        let rect = ScrollFirstResponderToVisible().rectToMakeVisible(
            afterKeyboardChange: VisibilityContext(
                firstResponderFrame: field, margin: 0, isKeyboardVisible: true))
        #expect(rect == field)
    }

    @Test func aNegativeMarginDoesNotShrinkTheField() {
        let rect = ScrollFirstResponderToVisible().rectToMakeVisible(
            afterKeyboardChange: VisibilityContext(
                firstResponderFrame: field, margin: -20, isKeyboardVisible: true))
        #expect(rect == field)
    }

    @Test func noFirstResponderScrollsNothing() {
        #expect(
            ScrollFirstResponderToVisible().rectToMakeVisible(
                afterKeyboardChange: VisibilityContext(
                    firstResponderFrame: nil, margin: 16, isKeyboardVisible: true)) == nil)
    }

    @Test func aHiddenKeyboardScrollsNothing() {
        #expect(
            ScrollFirstResponderToVisible().rectToMakeVisible(
                afterKeyboardChange: VisibilityContext(
                    firstResponderFrame: field, margin: 16, isKeyboardVisible: false)) == nil)
    }

    @Test func noneScrollsNothing() {
        let policy: any VisibilityPolicy = .none
        #expect(
            policy.rectToMakeVisible(
                afterKeyboardChange: VisibilityContext(
                    firstResponderFrame: field, margin: 16, isKeyboardVisible: true)) == nil)
    }

    @Test func theStaticMembersAreTheDocumentedTypes() {
        let scroll: any VisibilityPolicy = .scrollFirstResponderToVisible
        #expect(scroll is ScrollFirstResponderToVisible)
        let none: any VisibilityPolicy = .none
        #expect(none is NoVisibilityScrolling)
    }
}
