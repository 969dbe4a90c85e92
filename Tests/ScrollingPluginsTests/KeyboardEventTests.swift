import Foundation
import ScrollingPlugins
import Testing

@Suite("KeyboardEvent")
struct KeyboardEventTests {
    @Test func aShowOrAFrameChangeWithAHeightLeavesTheKeyboardVisible() {
        #expect(showEvent(height: 260, in: PhoneSE.bounds).leavesKeyboardVisible)
        let change = keyboardEvent(.willChangeFrame, end: dockedKeyboardFrame(height: 300, in: PhoneSE.bounds))
        #expect(change.leavesKeyboardVisible)
    }

    @Test func aHideOrAZeroHeightFrameLeavesItHidden() {
        #expect(!hideEvent(height: 260, in: PhoneSE.bounds).leavesKeyboardVisible)
        #expect(!keyboardEvent(.willShow, end: CGRect(x: 0, y: 667, width: 375, height: 0)).leavesKeyboardVisible)
        #expect(!keyboardEvent(.willChangeFrame, end: .zero).leavesKeyboardVisible)
    }

    @Test func theDefaultsAreTheKeyboardsOwnAnimationOfALocalKeyboard() {
        let event = KeyboardEvent(kind: .willShow, frameEnd: dockedKeyboardFrame(height: 260, in: PhoneSE.bounds))
        // UIKit's keyboard animation lasts 0.25 s (DESIGN.md §7).
        #expect(event.duration == 0.25)
        #expect(event.time == 0)
        #expect(event.isLocal)
        #expect(event.frameBegin == .zero)
    }

    @Test func theDescriptionNamesTheNotification() {
        #expect(KeyboardEvent.Kind.willShow.description == "keyboardWillShow")
        #expect(KeyboardEvent.Kind.willHide.description == "keyboardWillHide")
        #expect(KeyboardEvent.Kind.willChangeFrame.description == "keyboardWillChangeFrame")
        #expect(showEvent(height: 260, in: PhoneSE.bounds, at: 1.5).description.hasPrefix("keyboardWillShow end "))
    }
}
