import Foundation

/// Turns a keyboard state into insets and a held content height, and puts them back when the
/// keyboard goes: the overlap arithmetic, the values to restore, and the height constraint.
///
/// The manager asks it for a ``Plan`` (what the policies decide for a keyboard event, given
/// where the host and the scroll view are), records the plan, and has it carried out inside
/// the animation the policies chose. Planning changes nothing; carrying a plan out commits it.
/// The adjuster owns the state that spans a keyboard session: the app's values before the
/// keyboard came, which insets it has changed, the constraint holding the content's height, and
/// what the last plan was based on.
///
/// What a plan is based on (``Plan/basis``) never depends on what carrying it out changes: the
/// keyboard's frame, the root view's frame, and the root view's safe area less the manager's own
/// addition. A replay of the same keyboard state after the manager's own inset change therefore
/// has the same basis as the plan that caused it, and is recognised as changing nothing
/// (``isBasisOfLastPlan(_:)``): a change cannot feed back into another.
@MainActor
final class KeyboardAdjuster {
    /// The app's values before the keyboard, and which of them have been changed, to restore.
    fileprivate struct Originals {
        var additionalSafeAreaInsets: UIEdgeInsets
        var contentInset: UIEdgeInsets
        var verticalScrollIndicatorInsets: UIEdgeInsets
        var alwaysBounceVertical: Bool
        /// The insets an inset policy has set since the keyboard came up: restored when the
        /// keyboard hides, or when the current policy no longer names them (it was swapped).
        var changed: Set<AdjustedInset> = []
    }

    /// An inset the inset adjustment policies may change.
    fileprivate enum AdjustedInset: Hashable {
        case additionalSafeAreaInsets, contentInset, verticalScrollIndicatorInsets
    }

    /// What a plan is based on: nothing the plan itself changes.
    struct Basis: Equatable {
        /// The part of the window the keyboard covers, as the overlap policy measured it.
        var keyboardFrame: CGRect?
        /// The host's root view, in window coordinates.
        var rootFrame: CGRect
        /// The root view's bottom safe-area inset without the manager's own addition.
        var rootBaseSafeAreaBottom: CGFloat
    }

    /// What applying a keyboard state does: the decision the timeline records, and what is
    /// needed to carry it out.
    struct Plan {
        /// What was measured and decided.
        var application: KeyboardApplication
        /// What the plan is based on.
        var basis: Basis
        /// Whether the keyboard covers the host or the scroll view.
        var isKeyboardVisible: Bool
        /// The value `alwaysBounceVertical` takes.
        var alwaysBounceVertical: Bool
        /// Whether there is nothing to change: no keyboard, and nothing to restore.
        var changesNothing: Bool
        /// The originals to keep once the plan is carried out (`nil`: none, the keyboard is gone).
        fileprivate var originals: Originals?
    }

    /// The policies a plan asks, as the manager holds them at the time.
    struct Policies {
        var overlap: any KeyboardOverlapPolicy
        var insets: any InsetAdjustmentPolicy
        var resize: any KeyboardResizePolicy
    }

    private let scrollView: UIScrollView
    private var originals: Originals?
    /// The constraint holding the content's height while the keyboard is up.
    private var heldHeight: NSLayoutConstraint?
    /// What the plan last carried out was based on.
    private var lastBasis: Basis?

    init(scrollView: UIScrollView) {
        self.scrollView = scrollView
    }

    /// Whether insets are adjusted for a keyboard now (the app's originals are kept).
    var isAdjusting: Bool { originals != nil }

    // MARK: Planning

    /// What the policies decide for the keyboard state `event` leaves, with the host's root
    /// view `root` in `window`. Changes nothing: ``carryOut(_:host:content:)`` commits it.
    func plan(for event: KeyboardEvent, animation: InsetAnimation, policies: Policies, host: any HostController,
              root: UIView, window: UIWindow) -> Plan
    {
        let rootFrame = root.convert(root.bounds, to: window)
        let scrollFrame = scrollView.convert(scrollView.bounds, to: window)
        let keyboard = policies.overlap.keyboardFrame(
            in: KeyboardOverlapContext(event: event, windowBounds: window.bounds, hostFrame: rootFrame))
        let hostOverlap = KeyboardOverlap.bottomOverlap(of: rootFrame, keyboard: keyboard)
        let scrollOverlap = KeyboardOverlap.bottomOverlap(of: scrollFrame, keyboard: keyboard)
        let visible = hostOverlap > 0 || scrollOverlap > 0

        var kept: Originals
        if let existing = originals {
            kept = existing
        } else {
            guard visible else {
                // Nothing covered and nothing to restore (a floating keyboard under the
                // intersection model, a hide with no adjustment).
                return Plan(application: KeyboardApplication(
                    keyboardFrame: keyboard, hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
                    adjustment: .none, minimumContentHeight: nil, animation: animation),
                    basis: Basis(keyboardFrame: keyboard, rootFrame: rootFrame,
                                 rootBaseSafeAreaBottom: root.safeAreaInsets.bottom),
                    isKeyboardVisible: false, alwaysBounceVertical: scrollView.alwaysBounceVertical, changesNothing: true,
                    originals: nil)
            }
            kept = Originals(
                additionalSafeAreaInsets: host.additionalSafeAreaInsets, contentInset: scrollView.contentInset,
                verticalScrollIndicatorInsets: scrollView.verticalScrollIndicatorInsets,
                alwaysBounceVertical: scrollView.alwaysBounceVertical)
        }

        // The safe areas without the keyboard: take out what the manager itself added.
        let added = host.additionalSafeAreaInsets.bottom - kept.additionalSafeAreaInsets.bottom
        let hostBase = max(0, root.safeAreaInsets.bottom - added)
        let belowScrollView = max(0, rootFrame.maxY - scrollFrame.maxY)
        let scrollBase = min(scrollFrame.height, max(0, hostBase - belowScrollView))
        let context = InsetAdjustmentContext(
            hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
            hostBaseSafeAreaBottom: hostBase, scrollViewBaseSafeAreaBottom: scrollBase,
            originalAdditionalSafeAreaInsets: kept.additionalSafeAreaInsets, originalContentInset: kept.contentInset,
            originalVerticalScrollIndicatorInsets: kept.verticalScrollIndicatorInsets)
        let adjustment = Self.restoringSwappedInsets(policies.insets.adjustment(for: context), visible: visible,
                                                     originals: &kept)
        let safeHeightWithoutKeyboard = max(0, scrollFrame.height - scrollView.safeAreaInsets.top - scrollBase)
        let minimumHeight = visible
            ? policies.resize.minimumContentHeight(for: KeyboardResizeContext(
                safeAreaHeightWithoutKeyboard: safeHeightWithoutKeyboard,
                visibleSize: CGSize(width: scrollFrame.width, height: max(0, scrollFrame.height - scrollOverlap))))
            : nil
        // With a dismiss mode, the keyboard must be draggable away even when the content is too
        // short to scroll (SCVC's keyboardDismissMode enhancement).
        let bounce = visible && scrollView.keyboardDismissMode != .none ? true : kept.alwaysBounceVertical
        return Plan(application: KeyboardApplication(
            keyboardFrame: keyboard, hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
            adjustment: adjustment, minimumContentHeight: minimumHeight, animation: animation),
            basis: Basis(keyboardFrame: keyboard, rootFrame: rootFrame, rootBaseSafeAreaBottom: hostBase),
            isKeyboardVisible: visible, alwaysBounceVertical: bounce, changesNothing: false,
            originals: visible ? kept : nil)
    }

    /// `adjustment` completed with the originals of the insets changed earlier in this keyboard
    /// session that it does not name — the policy was swapped while the keyboard was up — or,
    /// when the keyboard is gone, of every changed inset whatever the policy says; the record
    /// of changed insets in `kept` is updated.
    private static func restoringSwappedInsets(_ adjustment: InsetAdjustment, visible: Bool,
                                               originals kept: inout Originals) -> InsetAdjustment
    {
        var result = adjustment
        if adjustment.additionalSafeAreaInsets != nil { kept.changed.insert(.additionalSafeAreaInsets) }
        if adjustment.contentInset != nil { kept.changed.insert(.contentInset) }
        if adjustment.verticalScrollIndicatorInsets != nil { kept.changed.insert(.verticalScrollIndicatorInsets) }
        if kept.changed.contains(.additionalSafeAreaInsets), !visible || adjustment.additionalSafeAreaInsets == nil {
            result.additionalSafeAreaInsets = kept.additionalSafeAreaInsets
        }
        if kept.changed.contains(.contentInset), !visible || adjustment.contentInset == nil {
            result.contentInset = kept.contentInset
        }
        if kept.changed.contains(.verticalScrollIndicatorInsets), !visible || adjustment.verticalScrollIndicatorInsets == nil {
            result.verticalScrollIndicatorInsets = kept.verticalScrollIndicatorInsets
        }
        if adjustment.additionalSafeAreaInsets == nil { kept.changed.remove(.additionalSafeAreaInsets) }
        if adjustment.contentInset == nil { kept.changed.remove(.contentInset) }
        if adjustment.verticalScrollIndicatorInsets == nil { kept.changed.remove(.verticalScrollIndicatorInsets) }
        return result
    }

    /// Whether `plan` is based on what the plan last carried out was based on: then it would
    /// redo what is already done (a replay after the manager's own inset change).
    func isBasisOfLastPlan(_ plan: Plan) -> Bool {
        plan.basis == lastBasis
    }

    /// Whether the root view's frame and its safe area less the manager's own addition are what
    /// the last plan was based on: a safe-area change then came from carrying that plan out,
    /// and the keyboard state needs no replay.
    func lastPlanExplainsSafeArea(of root: UIView, host: any HostController, in window: UIWindow) -> Bool {
        guard let lastBasis else { return false }
        let added = originals.map { host.additionalSafeAreaInsets.bottom - $0.additionalSafeAreaInsets.bottom } ?? 0
        return root.convert(root.bounds, to: window) == lastBasis.rootFrame
            && max(0, root.safeAreaInsets.bottom - added) == lastBasis.rootBaseSafeAreaBottom
    }

    // MARK: Acting

    /// Commits `plan` and sets the insets, the held height and the bounce it decided; call it
    /// inside the plan's animation, before the host lays out. A keyboard that covers nothing
    /// ends the session: everything has been restored, and the originals are forgotten.
    func carryOut(_ plan: Plan, host: any HostController, content: UIView?) {
        lastBasis = plan.basis
        guard !plan.changesNothing else { return }
        originals = plan.originals
        let adjustment = plan.application.adjustment
        if let insets = adjustment.additionalSafeAreaInsets { host.additionalSafeAreaInsets = insets }
        if let insets = adjustment.contentInset { scrollView.contentInset = insets }
        if let insets = adjustment.verticalScrollIndicatorInsets { scrollView.verticalScrollIndicatorInsets = insets }
        holdContentHeight(plan.application.minimumContentHeight, of: content)
        scrollView.alwaysBounceVertical = plan.alwaysBounceVertical
    }

    /// Keeps the content at least `height` tall at priority 500, or lets it go (`nil`).
    private func holdContentHeight(_ height: CGFloat?, of content: UIView?) {
        guard let height, let content else {
            heldHeight?.isActive = false
            heldHeight = nil
            return
        }
        if let held = heldHeight, held.firstItem === content {
            held.constant = height
        } else {
            heldHeight?.isActive = false
            let held = content.heightAnchor.constraint(greaterThanOrEqualToConstant: height)
            // The level of the minimum-size constraints it stands in for (see `ContentInstaller`).
            held.priority = .sceneSizeStayPut
            held.identifier = "ScrollingContent.keyboardHeldHeight"
            held.isActive = true
            heldHeight = held
        }
    }

    /// The content view was replaced while the keyboard is up: the new one is held at the same
    /// height.
    func contentDidChange(to content: UIView?) {
        let height = heldHeight?.constant
        heldHeight?.isActive = false
        heldHeight = nil
        if isAdjusting { holdContentHeight(height, of: content) }
    }
}
