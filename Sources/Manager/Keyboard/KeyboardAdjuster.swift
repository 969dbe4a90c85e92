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
/// What a plan is based on (``Plan/basis``) never depends on what carrying it out changes, nor
/// on what the app sets: the keyboard's frame, the root view's frame, and the root view's safe
/// area less all of the host's `additionalSafeAreaInsets` (what the window and the parents
/// give). A replay of the same keyboard state after the manager's own inset change, or after
/// the app's, therefore has the same basis as the plan already carried out, and is recognised
/// as changing nothing (``isBasisOfLastPlan(_:)``): a change cannot feed back into another, and
/// an inset the app sets while the keyboard is up is not rewritten by a replay.
@MainActor
final class KeyboardAdjuster {
    /// The app's values, kept while the keyboard is presented, and which of them the manager
    /// has changed, to restore.
    ///
    /// Only the bottom of each inset belongs to the manager: its top, left and right are the
    /// app's at all times (read afresh for every plan, never written), and so is a bottom the
    /// app sets while the keyboard is up — that becomes the value the keyboard adds to and the
    /// value restored when it goes.
    fileprivate struct Originals {
        var additionalSafeAreaInsets: UIEdgeInsets
        var contentInset: UIEdgeInsets
        var verticalScrollIndicatorInsets: UIEdgeInsets
        /// The app's `alwaysBounceVertical`, kept while the manager forces it on.
        var alwaysBounceVertical: Bool
        /// Whether the manager has turned `alwaysBounceVertical` on for this keyboard.
        var forcesBounce = false
        /// Whether the app set `alwaysBounceVertical` itself while the manager forced it: the
        /// property is then the app's until the keyboard goes.
        var appTookBounce = false
        /// The insets an inset policy has set since the keyboard came up: restored when the
        /// keyboard hides, or when the current policy no longer names them (it was swapped).
        var changed: AdjustedInsets = []
        /// The bottom the manager last wrote to each inset: a different bottom found there
        /// later was written by the app.
        var writtenBottoms = WrittenBottoms()
    }

    /// A set of the insets the inset adjustment policies may change: three flags. (A `Set` and
    /// a `Dictionary` of an enum hashed the case at each of the eleven look-ups a keyboard
    /// change made.)
    fileprivate struct AdjustedInsets: OptionSet {
        let rawValue: UInt8
        static let additionalSafeAreaInsets = AdjustedInsets(rawValue: 1 << 0)
        static let contentInset = AdjustedInsets(rawValue: 1 << 1)
        static let verticalScrollIndicatorInsets = AdjustedInsets(rawValue: 1 << 2)
    }

    /// The bottom the manager last wrote to each of the three insets, if any.
    fileprivate struct WrittenBottoms {
        private var additionalSafeAreaInsets: CGFloat?
        private var contentInset: CGFloat?
        private var verticalScrollIndicatorInsets: CGFloat?

        /// The bottom last written to `inset` (one of the three).
        subscript(inset: AdjustedInsets) -> CGFloat? {
            get {
                switch inset {
                case .additionalSafeAreaInsets: additionalSafeAreaInsets
                case .contentInset: contentInset
                default: verticalScrollIndicatorInsets
                }
            }
            set {
                switch inset {
                case .additionalSafeAreaInsets: additionalSafeAreaInsets = newValue
                case .contentInset: contentInset = newValue
                default: verticalScrollIndicatorInsets = newValue
                }
            }
        }
    }

    /// What a plan is based on: nothing the plan itself changes.
    struct Basis: Equatable {
        /// The part of the window the keyboard covers, as the overlap policy measured it.
        var keyboardFrame: CGRect?
        /// The host's root view, in window coordinates.
        var rootFrame: CGRect
        /// The root view's bottom safe-area inset without the host's additional inset: what the
        /// window and the parent view controllers give.
        var rootEnvironmentSafeAreaBottom: CGFloat
    }

    /// What applying a keyboard state does: the decision the timeline records, and what is
    /// needed to carry it out.
    struct Plan {
        /// What was measured and decided.
        var application: KeyboardApplication
        /// What the plan is based on.
        var basis: Basis
        /// Whether the keyboard is presented: it covers more of the host or the scroll view than
        /// their safe areas already keep clear, so an inset is applied (SCVC's non-zero bottom
        /// inset). A keyboard no taller than the home-indicator area is not presented.
        var isKeyboardVisible: Bool
        /// The value `alwaysBounceVertical` takes, or `nil` to leave it alone.
        var alwaysBounceVertical: Bool?
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
    /// The constraint holding the content's height while the keyboard is up; before the first
    /// keyboard and between keyboards it stays installed at ``releasedHeight`` (see
    /// ``holdContentHeight(_:of:)``).
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
    func plan(
        for event: KeyboardEvent, animation: InsetAnimation, policies: Policies, host: any HostController,
        root: UIView, window: UIWindow
    ) -> Plan {
        let rootFrame = root.convert(root.bounds, to: window)
        let scrollFrame = scrollView.convert(scrollView.bounds, to: window)
        let keyboard = policies.overlap.keyboardFrame(
            in: KeyboardOverlapContext(event: event, windowBounds: window.bounds, hostFrame: rootFrame))
        let hostOverlap = KeyboardOverlap.bottomOverlap(of: rootFrame, keyboard: keyboard)
        let scrollOverlap = KeyboardOverlap.bottomOverlap(of: scrollFrame, keyboard: keyboard)

        var kept =
            originals.map { appValues(from: $0, host: host) }
            ?? Originals(
                additionalSafeAreaInsets: host.additionalSafeAreaInsets, contentInset: scrollView.contentInset,
                verticalScrollIndicatorInsets: scrollView.verticalScrollIndicatorInsets,
                alwaysBounceVertical: scrollView.alwaysBounceVertical)

        // The safe areas without the keyboard: take out what the manager itself added.
        let added = host.additionalSafeAreaInsets.bottom - kept.additionalSafeAreaInsets.bottom
        let hostBase = max(0, root.safeAreaInsets.bottom - added)
        let belowScrollView = max(0, rootFrame.maxY - scrollFrame.maxY)
        let scrollBase = min(scrollFrame.height, max(0, hostBase - belowScrollView))
        // Presented: the keyboard reaches above what the safe area already keeps clear.
        let visible = hostOverlap > hostBase || scrollOverlap > scrollBase
        guard visible || originals != nil else {
            // Nothing presented and nothing to restore (a floating keyboard, a keyboard no
            // taller than the home-indicator area, a hide with no adjustment).
            return Plan(
                application: KeyboardApplication(
                    keyboardFrame: keyboard, hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
                    adjustment: .none, minimumContentHeight: nil, animation: animation),
                basis: Basis(
                    keyboardFrame: keyboard, rootFrame: rootFrame,
                    rootEnvironmentSafeAreaBottom: Self.environmentSafeAreaBottom(of: root, host: host)),
                isKeyboardVisible: false, alwaysBounceVertical: nil, changesNothing: true, originals: nil)
        }
        let context = InsetAdjustmentContext(
            hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
            hostBaseSafeAreaBottom: hostBase, scrollViewBaseSafeAreaBottom: scrollBase,
            originalAdditionalSafeAreaInsets: kept.additionalSafeAreaInsets, originalContentInset: kept.contentInset,
            originalVerticalScrollIndicatorInsets: kept.verticalScrollIndicatorInsets)
        let adjustment = Self.restoringSwappedInsets(
            policies.insets.adjustment(for: context), visible: visible,
            originals: &kept)
        let safeHeightWithoutKeyboard = max(0, scrollFrame.height - scrollView.safeAreaInsets.top - scrollBase)
        let minimumHeight =
            visible
            ? policies.resize.minimumContentHeight(
                for: KeyboardResizeContext(
                    safeAreaHeightWithoutKeyboard: safeHeightWithoutKeyboard,
                    visibleSize: CGSize(width: scrollFrame.width, height: max(0, scrollFrame.height - scrollOverlap))))
            : nil
        let bounce = Self.bounce(visible: visible, scrollView: scrollView, originals: &kept)
        return Plan(
            application: KeyboardApplication(
                keyboardFrame: keyboard, hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
                adjustment: adjustment, minimumContentHeight: minimumHeight, animation: animation),
            basis: Basis(
                keyboardFrame: keyboard, rootFrame: rootFrame,
                rootEnvironmentSafeAreaBottom: Self.environmentSafeAreaBottom(of: root, host: host)),
            isKeyboardVisible: visible, alwaysBounceVertical: bounce, changesNothing: false,
            originals: visible ? kept : nil)
    }

    /// The app's values now, from those kept: the tops, lefts and rights as the app has them,
    /// and each bottom the app has written since the manager last did.
    private func appValues(from kept: Originals, host: any HostController) -> Originals {
        func app(_ current: UIEdgeInsets, _ original: UIEdgeInsets, _ inset: AdjustedInsets) -> UIEdgeInsets {
            var value = current
            // The bottom is still the manager's: the app's is the one kept.
            if kept.writtenBottoms[inset] == current.bottom { value.bottom = original.bottom }
            return value
        }
        var values = kept
        values.additionalSafeAreaInsets = app(
            host.additionalSafeAreaInsets, kept.additionalSafeAreaInsets,
            .additionalSafeAreaInsets)
        values.contentInset = app(scrollView.contentInset, kept.contentInset, .contentInset)
        values.verticalScrollIndicatorInsets = app(
            scrollView.verticalScrollIndicatorInsets,
            kept.verticalScrollIndicatorInsets, .verticalScrollIndicatorInsets)
        // The app turned bounce off while the manager forced it on: its value stands.
        if kept.forcesBounce, !scrollView.alwaysBounceVertical {
            values.alwaysBounceVertical = false
            values.forcesBounce = false
            values.appTookBounce = true
        }
        return values
    }

    /// The value `alwaysBounceVertical` takes (`nil`: leave it alone), as SCVC's bounce
    /// controller decides: with a dismiss mode, a presented keyboard must be draggable away
    /// even when the content is too short to scroll, so bounce is forced on and the app's value
    /// kept; when the keyboard goes, the app's value comes back. Without a dismiss mode the
    /// property is never touched.
    private static func bounce(visible: Bool, scrollView: UIScrollView, originals kept: inout Originals) -> Bool? {
        if visible {
            guard scrollView.keyboardDismissMode != .none, !kept.forcesBounce, !kept.appTookBounce else { return nil }
            kept.forcesBounce = true
            return true
        }
        guard kept.forcesBounce else { return nil }
        kept.forcesBounce = false
        return kept.alwaysBounceVertical
    }

    /// `adjustment` completed with the originals of the insets changed earlier in this keyboard
    /// session that it does not name — the policy was swapped while the keyboard was up — or,
    /// when the keyboard is gone, of every changed inset whatever the policy says; the record
    /// of changed insets in `kept` is updated.
    private static func restoringSwappedInsets(
        _ adjustment: InsetAdjustment, visible: Bool,
        originals kept: inout Originals
    ) -> InsetAdjustment {
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
        if kept.changed.contains(.verticalScrollIndicatorInsets),
            !visible || adjustment.verticalScrollIndicatorInsets == nil
        {
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

    /// Whether the root view's frame and the safe area its environment gives are what the last
    /// plan was based on: a safe-area change then came from an additional inset — the
    /// manager's, carrying that plan out, or the app's — and the keyboard state needs no replay.
    func lastPlanExplainsSafeArea(of root: UIView, host: any HostController, in window: UIWindow) -> Bool {
        guard let lastBasis else { return false }
        return root.convert(root.bounds, to: window) == lastBasis.rootFrame
            && Self.environmentSafeAreaBottom(of: root, host: host) == lastBasis.rootEnvironmentSafeAreaBottom
    }

    /// The root view's bottom safe-area inset without the host's `additionalSafeAreaInsets`
    /// (UIKit adds those to what the window and the parents give).
    private static func environmentSafeAreaBottom(of root: UIView, host: any HostController) -> CGFloat {
        max(0, root.safeAreaInsets.bottom - host.additionalSafeAreaInsets.bottom)
    }

    // MARK: Acting

    /// Commits `plan` and sets the insets, the held height and the bounce it decided; call it
    /// inside the plan's animation, before the host lays out. A keyboard that covers nothing
    /// ends the session: everything has been restored, and the originals are forgotten.
    func carryOut(_ plan: Plan, host: any HostController, content: UIView?) {
        lastBasis = plan.basis
        guard !plan.changesNothing else { return }
        var kept = plan.originals
        // Only the bottoms are written: the rest of each inset is the app's.
        let adjustment = plan.application.adjustment
        if let insets = adjustment.additionalSafeAreaInsets {
            host.additionalSafeAreaInsets.bottom = insets.bottom
            kept?.writtenBottoms[.additionalSafeAreaInsets] = insets.bottom
        }
        if let insets = adjustment.contentInset {
            scrollView.contentInset.bottom = insets.bottom
            kept?.writtenBottoms[.contentInset] = insets.bottom
        }
        if let insets = adjustment.verticalScrollIndicatorInsets {
            scrollView.verticalScrollIndicatorInsets.bottom = insets.bottom
            kept?.writtenBottoms[.verticalScrollIndicatorInsets] = insets.bottom
        }
        originals = kept
        holdContentHeight(plan.application.minimumContentHeight, of: content)
        if let bounce = plan.alwaysBounceVertical { scrollView.alwaysBounceVertical = bounce }
    }

    /// The constant of the held height between keyboards: a height of at least 0, which any
    /// content has, so the constraint holds nothing.
    private static let releasedHeight: CGFloat = 0

    /// Keeps the content at least `height` tall at priority 500, or lets it go (`nil`).
    ///
    /// The constraint is installed with the content, at ``releasedHeight``
    /// (``contentDidChange(to:)``), so that the layout engine adds its row with the rest of the
    /// content's at the first layout, and it stays installed: each show or hide is a change of
    /// its constant. Adding it at a show cost the layout engine a row as long as the chain of
    /// views that defines the content's height (every row of a long form: the first show on a
    /// 10,000-row screen was 15 M instructions, a later one 0.27 M), whereas a new constant
    /// costs the same whatever the form's length (issue 13). Where the hold decides the
    /// content's height (a form shorter than the screen), releasing it in place makes the
    /// engine pivot through the form's chain; that once cost more than removing it at the hide
    /// and adding it back at the next show (the sign-up form: 556 k instructions a hide against
    /// 205 k), and now costs less, the solver having grown cheaper since (callgrind, the mean
    /// of a show and a hide: 164 k instructions against 178 k on the sign-up form, 258 k
    /// against 291 k on a form of 12 rows).
    private func holdContentHeight(_ height: CGFloat?, of content: UIView?) {
        if let held = heldHeight, let content, held.firstItem === content {
            held.constant = height ?? Self.releasedHeight
            return
        }
        // No content, or a hold on another content view (it was replaced).
        dropHeldHeight()
        guard let height, let content else { return }
        let held = content.heightAnchor.constraint(greaterThanOrEqualToConstant: height)
        // The level of the minimum-size constraints it stands in for (see `ContentInstaller`).
        held.priority = .sceneSizeStayPut
        held.identifier = "ScrollingContent.keyboardHeldHeight"
        held.isActive = true
        heldHeight = held
    }

    /// Deactivates and forgets the held height, if any.
    private func dropHeldHeight() {
        heldHeight?.isActive = false
        heldHeight = nil
    }

    /// A content view was installed (or replaced): it is held at the same height while the
    /// keyboard is up, at ``releasedHeight`` otherwise (see ``holdContentHeight(_:of:)``).
    func contentDidChange(to content: UIView?) {
        let height = heldHeight?.constant
        dropHeldHeight()
        holdContentHeight(isAdjusting ? height : Self.releasedHeight, of: content)
    }
}
