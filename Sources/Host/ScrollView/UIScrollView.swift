import Foundation

/// A view that shows a larger content area through its bounds (`UIScrollView`).
///
/// The content offset is the bounds origin. The content size is set directly, or — when
/// constraints relate views inside the scroll view to its ``contentLayoutGuide`` (or to its
/// edges, which mean the same) — computed from the guide at each layout. The content is inset
/// by ``adjustedContentInset``: ``contentInset`` plus the safe area on the axes that
/// ``contentInsetAdjustmentBehavior`` adjusts.
///
/// Offsets are never clamped when you set them (UIKit doesn't either); the legal resting
/// range is ``minimumContentOffset``…``maximumContentOffset``, and ``scrollRectToVisible(_:animated:)``
/// stays within it.
///
/// Known limitation: views constrained to ``frameLayoutGuide`` are laid out as at offset zero
/// (scroll offsets never enter the solver), so they scroll with the content instead of
/// floating above it. The same holds for the scroll view's ``UIView/safeAreaLayoutGuide``: a
/// view pinned to it is placed where the safe area is at offset zero and scrolls with the
/// content. Both guides' ``UILayoutGuide/layoutFrame`` follow the offset all the same (they are
/// the bounds, and the bounds inset by the safe area, whose origin is the content offset), so
/// at a non-zero offset a view pinned to one of them no longer lies inside its `layoutFrame`.
@MainActor
open class UIScrollView: UIView {
    /// The priority at which the content guide's size is held at ``contentSize`` when no other
    /// constraint sizes it: 1, the lowest there is, so any constraint wins.
    static let contentSizeHintPriority = UILayoutPriority(1)

    @exclusivity(unchecked) // no run-time check: see UIView.subviews (read at every layout pass)
    var storedContentSize = CGSize.zero
    /// The content size the caller last set: what the content guide falls back to.
    var contentSizeHint = CGSize.zero
    var storedContentInset = UIEdgeInsets.zero
    var storedContentLayoutGuide: UILayoutGuide?
    var storedFrameLayoutGuide: UILayoutGuide?
    var adjustsVerticalInsetForSafeArea = false
    var adjustsHorizontalInsetForSafeArea = false
    var pendingAdjustedNotification = false

    /// The content inset actually applied: ``contentInset`` plus the safe-area insets of the
    /// adjusted axes, as of the last layout.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews (read at every layout pass)
    public internal(set) var adjustedContentInset = UIEdgeInsets.zero

    /// Which axes add the safe area to the content inset; ``UIScrollView/ContentInsetAdjustmentBehavior/automatic``
    /// by default.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews (read at every layout pass)
    public var contentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior.automatic {
        didSet { if oldValue != contentInsetAdjustmentBehavior { adjustmentInputsDidChange() } }
    }

    /// Set by a navigation or tab bar controller when the scroll view is the root view of a view
    /// controller it displays: ``UIScrollView/ContentInsetAdjustmentBehavior/automatic`` then
    /// always adjusts the vertical axis.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews (read at every layout pass)
    package var isContainerContentRoot = false {
        didSet { if oldValue != isContainerContentRoot { adjustmentInputsDidChange() } }
    }

    /// Insets of the vertical scroll indicator, added to the safe area's when
    /// ``automaticallyAdjustsScrollIndicatorInsets`` is `true`; zero by default. Non-finite
    /// insets are refused and reported.
    public var verticalScrollIndicatorInsets = UIEdgeInsets.zero {
        didSet {
            guard !verticalScrollIndicatorInsets.isFinite else { return }
            logSink.log(
                .error,
                "\(debugLabel).verticalScrollIndicatorInsets = \(verticalScrollIndicatorInsets): not finite; unchanged")
            verticalScrollIndicatorInsets = oldValue
        }
    }

    /// Insets of the horizontal scroll indicator, added to the safe area's when
    /// ``automaticallyAdjustsScrollIndicatorInsets`` is `true`; zero by default. Non-finite
    /// insets are refused and reported.
    public var horizontalScrollIndicatorInsets = UIEdgeInsets.zero {
        didSet {
            guard !horizontalScrollIndicatorInsets.isFinite else { return }
            logSink.log(
                .error,
                "\(debugLabel).horizontalScrollIndicatorInsets = \(horizontalScrollIndicatorInsets): not finite; unchanged"
            )
            horizontalScrollIndicatorInsets = oldValue
        }
    }

    /// Whether the indicators also avoid the safe area (`true` by default, as UIKit).
    public var automaticallyAdjustsScrollIndicatorInsets = true

    /// Whether the content bounces (and so scrolls) vertically even when it fits; `false` by
    /// default. Makes the vertical axis scrollable for ``UIScrollView/ContentInsetAdjustmentBehavior/scrollableAxes``.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews (read at every layout pass)
    public var alwaysBounceVertical = false {
        didSet { if oldValue != alwaysBounceVertical { adjustmentInputsDidChange() } }
    }

    /// Whether the content bounces horizontally even when it fits; `false` by default.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews (read at every layout pass)
    public var alwaysBounceHorizontal = false {
        didSet { if oldValue != alwaysBounceHorizontal { adjustmentInputsDidChange() } }
    }

    /// How dragging dismisses the keyboard; ``UIScrollView/KeyboardDismissMode/none`` by default.
    public var keyboardDismissMode = UIScrollView.KeyboardDismissMode.none

    /// Whether the user can scroll; `true` by default. Programmatic scrolling is unaffected.
    public var isScrollEnabled = true

    /// Whether a finger is down on the scroll view (see ``beginSimulatedDrag()``).
    public internal(set) var isTracking = false

    /// Whether the user is dragging the content (see ``beginSimulatedDrag()``).
    public internal(set) var isDragging = false

    /// Whether the content is still moving after a drag ended with a velocity.
    public internal(set) var isDecelerating = false

    /// The last programmatic offset change, with its `animated` flag (the window's
    /// `animationLog` records the animations themselves).
    package internal(set) var lastContentOffsetChange: ContentOffsetChange?

    /// The object told about scrolling and dragging, held weakly (`UIScrollView.delegate`);
    /// `nil` by default.
    public weak var delegate: (any UIScrollViewDelegate)?

    /// How quickly a flick slows down after the finger lifts; ``UIScrollView/DecelerationRate/normal`` by
    /// default. HostKit simulates no glide: the rate is what a delegate reads to predict where
    /// a flick would rest (`UIScrollView.decelerationRate`).
    public var decelerationRate = DecelerationRate.normal

    /// Creates a scroll view; it clips its content to its bounds.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// Returns `nil`: HostKit decodes no archives (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Clears its guides' owning view, which does not retain it (see
    /// ``UILayoutGuide/unretainedOwningView``).
    deinit {
        storedContentLayoutGuide?.unretainedOwningView = nil
        storedFrameLayoutGuide?.unretainedOwningView = nil
    }

    /// Something the adjusted insets (and so the subviews' safe areas) depend on changed.
    func adjustmentInputsDidChange() {
        safeAreaInputsChanged = true
        setNeedsLayout()
    }

    /// Called after ``adjustedContentInset`` changed during a layout pass. Call `super`.
    open func adjustedContentInsetDidChange() {}

    /// How long an animated ``setContentOffset(_:animated:)`` lasts: 0.3 s, about UIKit's
    /// (undocumented) scrolling animation.
    public static let scrollAnimationDuration: TimeInterval = 0.3

    /// Sets the content offset (`UIScrollView.setContentOffset(_:animated:)`). Not clamped.
    ///
    /// The offset changes at once; when `animated`, the change is made inside an animation of
    /// ``scrollAnimationDuration`` (recorded in the window's ``UIWindow/animationLog``).
    /// A non-finite offset is refused and reported. Call `super` when overriding.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.isFinite else {
            logSink.log(.error, "\(debugLabel).setContentOffset(\(contentOffset)): not finite; the offset is unchanged")
            return
        }
        lastContentOffsetChange = ContentOffsetChange(from: self.contentOffset, to: contentOffset, animated: animated)
        if animated {
            UIView.animate(withDuration: Self.scrollAnimationDuration) { self.contentOffset = contentOffset }
        } else {
            self.contentOffset = contentOffset
        }
    }

    /// Scrolls the least distance that makes `rect` (in the scroll view's coordinate space,
    /// i.e. content coordinates) visible inside the bounds inset by ``adjustedContentInset``
    /// (`UIScrollView.scrollRectToVisible(_:animated:)`).
    ///
    /// Nothing happens when the rect is already visible, as in UIKit — not even a clamp of an
    /// offset outside the legal range. On an axis where the rect is longer
    /// than the visible area its top (or leading) edge is aligned. The result is clamped to
    /// ``minimumContentOffset``…``maximumContentOffset``. A non-finite rect is refused and
    /// reported. Call `super` when overriding.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.isFinite else {
            logSink.log(.error, "\(debugLabel).scrollRectToVisible(\(rect)): not finite; nothing scrolled")
            return
        }
        let target = offset(makingVisible: rect.standardized, from: contentOffset)
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }
}

/// A programmatic change of a scroll view's content offset.
package struct ContentOffsetChange: Equatable, Sendable {
    package var from: CGPoint
    package var to: CGPoint
    package var animated: Bool
}
