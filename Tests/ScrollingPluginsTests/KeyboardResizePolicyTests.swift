import Foundation
import ScrollingPlugins
import Testing

@Suite("KeyboardResizePolicy")
struct KeyboardResizePolicyTests {
    /// iPhone SE, a host under a 44 pt navigation bar: without the keyboard the scroll view's
    /// safe area is 667 − 20 − 44 tall; the keyboard leaves 667 − 20 − 44 − 260 visible.
    private let context = KeyboardResizeContext(
        safeAreaHeightWithoutKeyboard: 667 - 20 - 44,
        visibleSize: CGSize(width: 375, height: 667 - 20 - 44 - 260))

    @Test func keepHoldsTheContentAtTheSafeAreaHeightWithoutTheKeyboard() {
        let policy: any KeyboardResizePolicy = .keepContentSize
        #expect(policy.minimumContentHeight(for: context) == CGFloat(667 - 20 - 44))
    }

    @Test func keepFollowsTheGeometryAfterARotation() {
        // The same phone in landscape (375 tall, no top inset): the held height follows.
        let landscape = KeyboardResizeContext(
            safeAreaHeightWithoutKeyboard: 375,
            visibleSize: CGSize(width: 667, height: 375 - 200))
        #expect(KeepContentSize().minimumContentHeight(for: landscape) == 375)
    }

    @Test func resizeLetsTheContentFollowTheVisibleArea() {
        let policy: any KeyboardResizePolicy = .resizeContent
        #expect(policy.minimumContentHeight(for: context) == nil)
    }

    @Test func noneIsNoInterventionWhichIsResize() {
        let policy: any KeyboardResizePolicy = .none
        #expect(policy.minimumContentHeight(for: context) == nil)
        #expect(policy is ResizeContent)
    }

    @Test func theDefaultKeepsTheSizeAsSCVCDoes() {
        let policy: any KeyboardResizePolicy = .default
        #expect(policy is KeepContentSize)
        #expect(policy.minimumContentHeight(for: context) == context.safeAreaHeightWithoutKeyboard)
    }
}
