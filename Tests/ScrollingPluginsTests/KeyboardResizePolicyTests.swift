import Foundation
import ScrollingPlugins
import Testing

@Suite("KeyboardResizePolicy")
struct KeyboardResizePolicyTests {
    /// iPhone SE, a host under a 44 pt navigation bar: the content filled the safe area before
    /// the keyboard (667 − 20 − 44 tall); the keyboard leaves 667 − 20 − 44 − 260 visible.
    private let context = KeyboardResizeContext(
        contentSizeBeforeKeyboard: CGSize(width: 375, height: 667 - 20 - 44),
        visibleSize: CGSize(width: 375, height: 667 - 20 - 44 - 260))

    @Test func keepHoldsTheContentAtItsHeightBeforeTheKeyboard() {
        let policy: any KeyboardResizePolicy = .keepContentSize
        #expect(policy.minimumContentHeight(for: context) == CGFloat(667 - 20 - 44))
    }

    @Test func keepAnswersTheHeightBeforeTheKeyboardEvenWhenTheContentIsTaller() {
        // Content already taller than the screen (a long form): its own height is held.
        let tall = KeyboardResizeContext(contentSizeBeforeKeyboard: CGSize(width: 375, height: 1200),
                                         visibleSize: CGSize(width: 375, height: 667 - 20 - 260))
        #expect(KeepContentSize().minimumContentHeight(for: tall) == 1200)
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
        #expect(policy.minimumContentHeight(for: context) == context.contentSizeBeforeKeyboard.height)
    }
}
