import Foundation
import HostKit
import ScrollingPlugins
import Testing

@Suite("InsetAdjustmentPolicy")
struct InsetAdjustmentPolicyTests {
    // MARK: The default: additionalSafeAreaInsets

    @Test func theDefaultGrowsTheBottomInsetByTheOverlapBeyondTheBaseSafeArea() {
        // Notched phone, the host fills the window: the home indicator's 34 pt is already safe,
        // so the host adds 336 − 34 and its safe area then ends at the keyboard's top.
        let context = InsetAdjustmentContext(
            hostBottomOverlap: NotchedPhone.keyboardHeight, scrollViewBottomOverlap: NotchedPhone.keyboardHeight,
            hostBaseSafeAreaBottom: NotchedPhone.safeAreaBottom,
            scrollViewBaseSafeAreaBottom: NotchedPhone.safeAreaBottom)
        let policy: any InsetAdjustmentPolicy = .default
        let adjustment = policy.adjustment(for: context)
        #expect(
            adjustment
                == InsetAdjustment(additionalSafeAreaInsets: UIEdgeInsets(top: 0, left: 0, bottom: 336 - 34, right: 0)))
        #expect(adjustment.contentInset == nil)
        #expect(adjustment.verticalScrollIndicatorInsets == nil)
    }

    @Test func onAnIPhoneSEWithoutABottomSafeAreaTheWholeKeyboardIsAdded() {
        let context = InsetAdjustmentContext(
            hostBottomOverlap: PhoneSE.keyboardHeight, scrollViewBottomOverlap: PhoneSE.keyboardHeight,
            hostBaseSafeAreaBottom: 0, scrollViewBaseSafeAreaBottom: 0)
        #expect(
            AdditionalSafeAreaInsetsAdjustment().adjustment(for: context).additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: 260, right: 0))
    }

    @Test func aHostWithItsOwnAdditionalInsetsKeepsTheOtherEdgesAndAddsOnlyTheUncoveredPart() throws {
        // A host with additional insets top 64 / bottom 49 (custom bars) on a notched phone:
        // its base bottom safe area is the home indicator plus its own 49.
        let original = UIEdgeInsets(top: 64, left: 0, bottom: 49, right: 0)
        let base = NotchedPhone.safeAreaBottom + original.bottom
        let context = InsetAdjustmentContext(
            hostBottomOverlap: 336, scrollViewBottomOverlap: 336,
            hostBaseSafeAreaBottom: base, scrollViewBaseSafeAreaBottom: base,
            originalAdditionalSafeAreaInsets: original)
        let insets = try #require(
            AdditionalSafeAreaInsetsAdjustment().adjustment(for: context).additionalSafeAreaInsets)
        #expect(insets == UIEdgeInsets(top: 64, left: 0, bottom: 49 + (336 - (34 + 49)), right: 0))
        // The root view's safe area (window 34 + additional) then ends exactly at the keyboard's top.
        #expect(NotchedPhone.safeAreaBottom + insets.bottom == 336)
    }

    @Test func theBottomInsetNeverGoesBelowItsOriginalValue() {
        // A hardware keyboard's 55 pt shortcut bar is shorter than the host's safe bottom
        // (34 + 49): the insets stay as they were.
        let original = UIEdgeInsets(top: 64, left: 0, bottom: 49, right: 0)
        let context = InsetAdjustmentContext(
            hostBottomOverlap: 55, scrollViewBottomOverlap: 55,
            hostBaseSafeAreaBottom: 34 + 49, scrollViewBaseSafeAreaBottom: 34 + 49,
            originalAdditionalSafeAreaInsets: original)
        #expect(AdditionalSafeAreaInsetsAdjustment().adjustment(for: context).additionalSafeAreaInsets == original)
    }

    @Test func anOverlapOfZeroRestoresTheOriginalInsets() {
        let original = UIEdgeInsets(top: 64, left: 8, bottom: 49, right: 8)
        let context = InsetAdjustmentContext(
            hostBottomOverlap: 0, scrollViewBottomOverlap: 0,
            hostBaseSafeAreaBottom: 34 + 49, scrollViewBaseSafeAreaBottom: 34 + 49,
            originalAdditionalSafeAreaInsets: original)
        #expect(
            AdditionalSafeAreaInsetsAdjustment().adjustment(for: context)
                == InsetAdjustment(additionalSafeAreaInsets: original))
    }

    @Test func theDefaultFollowsTheHostNotTheScrollView() {
        // A scroll view only partly covered does not change what the host adds: the host's
        // safe area must reach the keyboard's top wherever the scroll view sits.
        let context = InsetAdjustmentContext(
            hostBottomOverlap: 260, scrollViewBottomOverlap: 93,
            hostBaseSafeAreaBottom: 0, scrollViewBaseSafeAreaBottom: 0)
        #expect(
            AdditionalSafeAreaInsetsAdjustment().adjustment(for: context).additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: 260, right: 0))
    }

    // MARK: contentInset

    @Test func theContentInsetPolicyGrowsTheContentAndIndicatorInsets() {
        // Notched phone, scroll view filling the host: 336 − 34 on top of the original insets.
        let context = InsetAdjustmentContext(
            hostBottomOverlap: 336, scrollViewBottomOverlap: 336,
            hostBaseSafeAreaBottom: 34, scrollViewBaseSafeAreaBottom: 34,
            originalAdditionalSafeAreaInsets: UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0),
            originalContentInset: UIEdgeInsets(top: 8, left: 0, bottom: 10, right: 0),
            originalVerticalScrollIndicatorInsets: UIEdgeInsets(top: 2, left: 0, bottom: 4, right: 0))
        let policy: any InsetAdjustmentPolicy = .contentInset
        let adjustment = policy.adjustment(for: context)
        #expect(adjustment.contentInset == UIEdgeInsets(top: 8, left: 0, bottom: 10 + (336 - 34), right: 0))
        #expect(
            adjustment.verticalScrollIndicatorInsets == UIEdgeInsets(top: 2, left: 0, bottom: 4 + (336 - 34), right: 0))
        // The host's additional insets are left alone.
        #expect(adjustment.additionalSafeAreaInsets == nil)
    }

    @Test func theContentInsetPolicyFollowsThePartlyCoveredScrollView() {
        // On an SE, a scroll view from y 64 to 500: the keyboard (top at 407) covers 93 pt of it,
        // and none of that is in its safe area.
        let scrollOverlap: CGFloat = 500 - (667 - 260)
        let context = InsetAdjustmentContext(
            hostBottomOverlap: 260, scrollViewBottomOverlap: scrollOverlap,
            hostBaseSafeAreaBottom: 0, scrollViewBaseSafeAreaBottom: 0)
        let adjustment = ContentInsetAdjustment().adjustment(for: context)
        #expect(adjustment.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: 93, right: 0))
        #expect(adjustment.verticalScrollIndicatorInsets == UIEdgeInsets(top: 0, left: 0, bottom: 93, right: 0))
    }

    @Test func theContentInsetPolicyNeverGoesBelowAndRestoresTheOriginals() {
        let content = UIEdgeInsets(top: 8, left: 0, bottom: 10, right: 0)
        let indicators = UIEdgeInsets(top: 0, left: 0, bottom: 4, right: 0)
        for overlap: CGFloat in [0, 20] { // 20 is inside the 34 pt safe area: nothing to add.
            let context = InsetAdjustmentContext(
                hostBottomOverlap: overlap, scrollViewBottomOverlap: overlap,
                hostBaseSafeAreaBottom: 34, scrollViewBaseSafeAreaBottom: 34,
                originalContentInset: content, originalVerticalScrollIndicatorInsets: indicators)
            #expect(
                ContentInsetAdjustment().adjustment(for: context)
                    == InsetAdjustment(contentInset: content, verticalScrollIndicatorInsets: indicators))
        }
    }

    // MARK: none

    @Test func theNonePolicyChangesNothing() {
        let context = InsetAdjustmentContext(
            hostBottomOverlap: 336, scrollViewBottomOverlap: 336,
            hostBaseSafeAreaBottom: 34, scrollViewBaseSafeAreaBottom: 34,
            originalAdditionalSafeAreaInsets: UIEdgeInsets(top: 64, left: 0, bottom: 49, right: 0))
        let policy: any InsetAdjustmentPolicy = .none
        let adjustment = policy.adjustment(for: context)
        #expect(adjustment == .none)
        #expect(
            adjustment.additionalSafeAreaInsets == nil && adjustment.contentInset == nil
                && adjustment.verticalScrollIndicatorInsets == nil)
        #expect(adjustment.description == "no inset change")
    }

    @Test func theStaticMembersAreTheDocumentedTypes() {
        let additional: any InsetAdjustmentPolicy = .additionalSafeAreaInsets
        let byDefault: any InsetAdjustmentPolicy = .default
        let content: any InsetAdjustmentPolicy = .contentInset
        let none: any InsetAdjustmentPolicy = .none
        #expect(additional is AdditionalSafeAreaInsetsAdjustment)
        #expect(byDefault is AdditionalSafeAreaInsetsAdjustment)
        #expect(content is ContentInsetAdjustment)
        #expect(none is NoInsetAdjustment)
    }
}
