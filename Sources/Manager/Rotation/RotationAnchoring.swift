import Foundation

/// Keeps the content anchored through a size transition (a rotation): remembers where the
/// scroll view was before, asks the rotation anchor policy where it goes after, and moves it.
///
/// A transition is anchored twice when a keyboard change is held through it (UIKit hides the
/// keyboard before a rotation and shows it after): inside the transition's animation, with the
/// old orientation's keyboard inset still bounding the legal range, and again when the held
/// change is applied and the insets are final. The one ``context(from:firstResponderFrame:)``
/// serves both.
@MainActor
final class RotationAnchoring {
    /// Where the scroll view was when a transition began.
    struct Before {
        var contentOffset: CGPoint
        var adjustedContentInset: UIEdgeInsets
    }

    private let scrollView: ScrollingContentScrollView
    /// The coordinator of the transition under way (it may be forwarded by the host as well as
    /// heard through the lifecycle child: it is handled once).
    private weak var currentCoordinator: (any UIViewControllerTransitionCoordinator)?
    /// The state before a transition whose held keyboard change is still to be applied.
    private var pending: Before?

    init(scrollView: ScrollingContentScrollView) {
        self.scrollView = scrollView
    }

    /// A transition begins: where the scroll view is now, or `nil` when `coordinator` is the
    /// transition already under way.
    func begin(_ coordinator: any UIViewControllerTransitionCoordinator) -> Before? {
        guard coordinator !== currentCoordinator else { return nil }
        currentCoordinator = coordinator
        return Before(contentOffset: scrollView.contentOffset, adjustedContentInset: scrollView.adjustedContentInset)
    }

    /// The transition ended; with a keyboard change still held, it is anchored again when that
    /// change is applied (``takePending()``).
    func end(_ before: Before, keyboardChangeHeld: Bool) {
        currentCoordinator = nil
        pending = keyboardChangeHeld ? before : nil
    }

    /// The state before the last transition, if its held keyboard change has not been applied;
    /// forgotten once taken.
    func takePending() -> Before? {
        defer { pending = nil }
        return pending
    }

    /// What the rotation anchor policy sees, now, for a transition that began at `before`.
    func context(from before: Before, firstResponderFrame: CGRect?) -> RotationAnchorContext {
        RotationAnchorContext(
            contentOffsetBefore: before.contentOffset, adjustedContentInsetBefore: before.adjustedContentInset,
            geometryAfter: scrollView.scrollGeometry, firstResponderFrame: firstResponderFrame,
            visibilityMargin: scrollView.visibilityScrollMargin)
    }

    /// Moves the offset where `policy` anchors it for a transition that began at `before`;
    /// returns the move, or `nil` when it stays. Inside the transition's animation the offset is
    /// set directly (it animates with the transition); afterwards without animation.
    func anchor(
        from before: Before, policy: any RotationAnchorPolicy, firstResponderFrame: CGRect?,
        insideTransition: Bool
    ) -> (from: CGPoint, to: CGPoint)? {
        let current = scrollView.contentOffset
        guard let target = policy.contentOffset(after: context(from: before, firstResponderFrame: firstResponderFrame)),
            target != current
        else { return nil }
        if insideTransition {
            scrollView.contentOffset = target
        } else {
            scrollView.setContentOffset(target, animated: false)
        }
        return (current, target)
    }
}
