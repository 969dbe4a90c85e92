import Foundation
import HostKit
import ScrollingPlugins
import Testing

@Suite("KeyboardOverlap.bottomOverlap(of:keyboard:)")
struct BottomOverlapTests {
    private let window = PhoneSE.bounds
    private var keyboard: CGRect { dockedKeyboardFrame(height: PhoneSE.keyboardHeight, in: window) }

    @Test func aDockedKeyboardOverlapsAFullScreenViewByItsHeight() {
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: keyboard) == PhoneSE.keyboardHeight)
    }

    @Test func noKeyboardOrAnEmptyRectangleOverlapsNothing() {
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: nil) == 0)
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: .zero) == 0)
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: .null) == 0)
        let flat = CGRect(x: 0, y: window.maxY, width: window.width, height: 0)
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: flat) == 0)
        #expect(KeyboardOverlap.bottomOverlap(of: .zero, keyboard: keyboard) == 0)
    }

    @Test func aScrollViewOnlyPartlyCoveredOverlapsByTheCoveredPart() {
        // Below a 64 pt bar, ending 167 pt above the window's bottom: the keyboard's top
        // (667 − 260 = 407) is 93 pt above the scroll view's bottom (500).
        let scrollView = CGRect(x: 0, y: 64, width: 375, height: 436)
        let expected: CGFloat = (64 + 436) - (667 - 260)
        #expect(KeyboardOverlap.bottomOverlap(of: scrollView, keyboard: keyboard) == expected)
    }

    @Test func aViewEndingAboveTheKeyboardIsNotCovered() {
        let scrollView = CGRect(x: 0, y: 64, width: 375, height: 300)
        #expect(scrollView.maxY < keyboard.minY)
        #expect(KeyboardOverlap.bottomOverlap(of: scrollView, keyboard: keyboard) == 0)
    }

    @Test func aViewShorterThanTheKeyboardIsCoveredAtMostByItsHeight() {
        let footer = CGRect(x: 0, y: 667 - 100, width: 375, height: 100)
        #expect(KeyboardOverlap.bottomOverlap(of: footer, keyboard: keyboard) == footer.height)
    }

    @Test func aKeyboardBesideTheViewOverlapsNothing() {
        let leftHalf = CGRect(x: 0, y: 0, width: 417, height: 1194)
        let rightKeyboard = CGRect(x: 417, y: 1194 - 313, width: 417, height: 313)
        #expect(KeyboardOverlap.bottomOverlap(of: leftHalf, keyboard: rightKeyboard) == 0)
    }

    @Test func aKeyboardThatDoesNotReachTheBottomEdgeOverlapsNothing() {
        // A floating iPad keyboard in the middle of the screen: no bottom inset can uncover
        // what it hides.
        let size = IPadPro11.floatingKeyboardSize
        let bounds = IPadPro11.bounds
        let floating = CGRect(
            x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
            width: size.width, height: size.height)
        #expect(KeyboardOverlap.bottomOverlap(of: bounds, keyboard: floating) == 0)
    }

    @Test(arguments: [
        CGRect(x: 0, y: CGFloat.nan, width: 375, height: 260),
        CGRect(x: 0, y: 407, width: 375, height: CGFloat.nan),
        CGRect(x: CGFloat.nan, y: 407, width: 375, height: 260),
    ])
    func aNonFiniteKeyboardOverlapsNothing(keyboard: CGRect) {
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: keyboard) == 0)
    }

    @Test func layoutRoundingOfLessThanHalfAPointStillCounts() {
        // A scroll view whose bottom edge came out of layout 0.25 pt below the window's.
        let scrollView = CGRect(x: 0, y: 0, width: 375, height: 667.25)
        #expect(KeyboardOverlap.bottomOverlap(of: scrollView, keyboard: keyboard) == 667.25 - (667 - 260))
        // One point is not rounding: the keyboard stops short of the bottom edge.
        let taller = CGRect(x: 0, y: 0, width: 375, height: 668)
        #expect(KeyboardOverlap.bottomOverlap(of: taller, keyboard: keyboard) == 0)
    }
}

/// The overlap policies, each asked for the keyboard's covering rectangle and then, as the
/// manager does, for the bottom overlap of the host view.
@Suite("KeyboardOverlapPolicy")
struct KeyboardOverlapPolicyTests {
    /// The host's bottom overlap under `policy`: what the manager derives from the answer.
    private func hostOverlap(
        _ policy: any KeyboardOverlapPolicy, _ event: KeyboardEvent,
        window: CGRect, host: CGRect? = nil
    ) -> CGFloat {
        let host = host ?? window
        let frame = policy.keyboardFrame(
            in: KeyboardOverlapContext(event: event, windowBounds: window, hostFrame: host))
        return KeyboardOverlap.bottomOverlap(of: host, keyboard: frame)
    }

    private let docked: any KeyboardOverlapPolicy = .docked
    private let intersection: any KeyboardOverlapPolicy = .intersection

    // MARK: Docked keyboards: both models agree

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aDockedKeyboardOnAnIPhoneSEOverlapsByItsHeight(policy: any KeyboardOverlapPolicy) {
        let event = showEvent(height: PhoneSE.keyboardHeight, in: PhoneSE.bounds)
        let context = KeyboardOverlapContext(event: event, windowBounds: PhoneSE.bounds, hostFrame: PhoneSE.bounds)
        #expect(policy.keyboardFrame(in: context) == CGRect(x: 0, y: 667 - 260, width: 375, height: 260))
        #expect(hostOverlap(policy, event, window: PhoneSE.bounds) == 260)
    }

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aDockedKeyboardOnANotchedIPhoneOverlapsByItsHeightHomeIndicatorIncluded(policy: any KeyboardOverlapPolicy) {
        let event = showEvent(height: NotchedPhone.keyboardHeight, in: NotchedPhone.bounds)
        #expect(hostOverlap(policy, event, window: NotchedPhone.bounds) == 336)
    }

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aFormSheetIsOverlappedByThePartOfTheKeyboardBelowItsBottomEdge(policy: any KeyboardOverlapPolicy) {
        // A 540×620 form sheet centred on an iPad in landscape (1194×834), keyboard 398.
        let window = IPadPro11.landscapeBounds
        let sheet = CGRect(x: (1194 - 540) / 2, y: (834 - 620) / 2, width: 540, height: 620)
        let event = showEvent(height: IPadPro11.landscapeKeyboardHeight, in: window)
        let expected: CGFloat = ((834 - 620) / 2 + 620) - (834 - 398)
        #expect(hostOverlap(policy, event, window: window, host: sheet) == expected)
    }

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aHostWindowAboveTheKeyboardIsNotOverlapped(policy: any KeyboardOverlapPolicy) {
        // A Stage Manager window ending at y = 800, above an iPad keyboard's top (1194 − 313 = 881).
        let host = CGRect(x: 100, y: 100, width: 600, height: 700)
        let event = showEvent(height: IPadPro11.keyboardHeight, in: IPadPro11.bounds)
        #expect(hostOverlap(policy, event, window: IPadPro11.bounds, host: host) == 0)
    }

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aHideCoversNothing(policy: any KeyboardOverlapPolicy) {
        let hide = hideEvent(height: NotchedPhone.keyboardHeight, in: NotchedPhone.bounds)
        let context = KeyboardOverlapContext(
            event: hide, windowBounds: NotchedPhone.bounds, hostFrame: NotchedPhone.bounds)
        #expect(policy.keyboardFrame(in: context) == nil)
        // Even a hide that (wrongly) reports an on-screen frame: the kind decides.
        let odd = keyboardEvent(.willHide, end: dockedKeyboardFrame(height: 336, in: NotchedPhone.bounds))
        #expect(
            policy.keyboardFrame(
                in: KeyboardOverlapContext(
                    event: odd, windowBounds: NotchedPhone.bounds, hostFrame: NotchedPhone.bounds)) == nil)
    }

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aFrameEntirelyBelowTheWindowIsAHideInProgress(policy: any KeyboardOverlapPolicy) {
        // UIKit's keyboardWillChangeFrame before a hide: the end frame starts at the window's bottom.
        let window = NotchedPhone.bounds
        let leaving = keyboardEvent(.willChangeFrame, end: CGRect(x: 0, y: 812, width: 375, height: 336))
        #expect(
            policy.keyboardFrame(in: KeyboardOverlapContext(event: leaving, windowBounds: window, hostFrame: window))
                == nil)
        #expect(hostOverlap(policy, leaving, window: window) == 0)
    }

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aFrameChangeToZeroHeightCoversNothing(policy: any KeyboardOverlapPolicy) {
        let window = PhoneSE.bounds
        let flat = keyboardEvent(.willChangeFrame, end: CGRect(x: 0, y: 667, width: 375, height: 0))
        #expect(
            policy.keyboardFrame(in: KeyboardOverlapContext(event: flat, windowBounds: window, hostFrame: window))
                == nil)
    }

    @Test(arguments: [DockedKeyboardOverlap() as any KeyboardOverlapPolicy, IntersectingKeyboardOverlap()])
    func aKeyboardOfNonFiniteHeightCoversNothing(policy: any KeyboardOverlapPolicy) {
        let window = PhoneSE.bounds
        let event = keyboardEvent(.willShow, end: CGRect(x: 0, y: 407, width: 375, height: CGFloat.nan))
        let frame = policy.keyboardFrame(
            in: KeyboardOverlapContext(event: event, windowBounds: window, hostFrame: window))
        #expect(KeyboardOverlap.bottomOverlap(of: window, keyboard: frame) == 0)
    }

    // MARK: Where the models differ

    @Test func theDockedModelReDocksAKeyboardThatReachesTheBottomEdge() {
        // A frame that ends at the window's bottom edge is docked: SCVC trusts its height and
        // lays it across the window's full width, whatever its x and width say.
        let window = PhoneSE.bounds
        let narrow = keyboardEvent(.willShow, end: CGRect(x: 100, y: 667 - 260, width: 100, height: 260))
        let frame = docked.keyboardFrame(
            in: KeyboardOverlapContext(event: narrow, windowBounds: window, hostFrame: window))
        #expect(frame == dockedKeyboardFrame(height: 260, in: window))
    }

    @Test func theDockedModelCoversNothingForAKeyboardAboveTheBottomEdge() {
        // A frame ending above the bottom edge is floating or undocked. SCVC hears
        // `keyboardWillHide` as the keyboard leaves the edge and keeps no inset; so does the
        // docked model, on both a phone and an iPad.
        for (window, height) in [(PhoneSE.bounds, CGFloat(260)), (IPadPro11.bounds, CGFloat(250))] {
            let raised = keyboardEvent(.willShow, end: CGRect(x: 0, y: 0, width: window.width, height: height))
            #expect(
                docked.keyboardFrame(in: KeyboardOverlapContext(event: raised, windowBounds: window, hostFrame: window))
                    == nil)
            // One point above the edge is already off it (the slack is half a point).
            let almost = keyboardEvent(
                .willShow, end: CGRect(x: 0, y: window.maxY - height - 1, width: window.width, height: height))
            #expect(hostOverlap(docked, almost, window: window) == 0)
        }
    }

    @Test func theDockedModelNeverReportsMoreThanTheWindow() {
        // A keyboard taller than a 375×200 window (a tiny split-screen scene).
        let window = CGRect(x: 0, y: 0, width: 375, height: 200)
        let event = keyboardEvent(.willShow, end: CGRect(x: 0, y: 200 - 260, width: 375, height: 260))
        let frame = docked.keyboardFrame(
            in: KeyboardOverlapContext(event: event, windowBounds: window, hostFrame: window))
        #expect(frame == window)
        #expect(hostOverlap(docked, event, window: window) == 200)
    }

    @Test func aFloatingIPadKeyboardOverlapsNothingUnderTheIntersectionPolicy() {
        // 320×250 in the middle of 834×1194: it covers part of the host but not its bottom edge.
        let window = IPadPro11.bounds
        let size = IPadPro11.floatingKeyboardSize
        let floating = CGRect(x: (834 - 320) / 2, y: (1194 - 250) / 2, width: size.width, height: size.height)
        let event = keyboardEvent(.willShow, end: floating)
        let context = KeyboardOverlapContext(event: event, windowBounds: window, hostFrame: window)
        #expect(intersection.keyboardFrame(in: context) == floating)
        #expect(hostOverlap(intersection, event, window: window) == 0)
        // The docked model sees a keyboard off the bottom edge, as SCVC does: no overlap, no
        // empty band at the bottom.
        #expect(hostOverlap(docked, event, window: window) == 0)
    }

    @Test func theIntersectionIsClippedToTheHost() {
        // A form sheet 540 wide: the full-width keyboard is clipped to the sheet's sides.
        let window = IPadPro11.landscapeBounds
        let sheet = CGRect(x: 327, y: 107, width: 540, height: 620)
        let event = showEvent(height: 398, in: window)
        let frame = intersection.keyboardFrame(
            in: KeyboardOverlapContext(event: event, windowBounds: window, hostFrame: sheet))
        #expect(frame == CGRect(x: 327, y: 834 - 398, width: 540, height: (107 + 620) - (834 - 398)))
    }

    @Test func aKeyboardSteppingDownDuringInteractiveDismissal() {
        // The finger drags the 336 pt keyboard down by a quarter of its height per step
        // (HostKit's interactive dismissal with 3 steps); the frame keeps its height.
        let window = NotchedPhone.bounds
        let height = NotchedPhone.keyboardHeight
        for step in 1...3 {
            let pushedDown = height * CGFloat(step) / 4
            let frame = CGRect(x: 0, y: 812 - height + pushedDown, width: 375, height: height)
            let event = keyboardEvent(.willChangeFrame, end: frame, duration: 0)
            // The real frame: only what is still on screen covers the host.
            #expect(hostOverlap(intersection, event, window: window) == height - pushedDown)
            // The docked model trusts the height alone until the frame leaves the window.
            #expect(hostOverlap(docked, event, window: window) == height)
        }
    }

    @Test func theNonePolicyNeverCoversAnything() {
        let none: any KeyboardOverlapPolicy = .none
        let event = showEvent(height: 260, in: PhoneSE.bounds)
        #expect(
            none.keyboardFrame(
                in: KeyboardOverlapContext(
                    event: event, windowBounds: PhoneSE.bounds,
                    hostFrame: PhoneSE.bounds)) == nil)
        #expect(hostOverlap(none, event, window: PhoneSE.bounds) == 0)
    }

    @Test func theDefaultIsTheDockedModel() {
        let policy: any KeyboardOverlapPolicy = .default
        #expect(policy is DockedKeyboardOverlap)
    }
}
