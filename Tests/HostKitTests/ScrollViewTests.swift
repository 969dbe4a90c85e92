import Foundation
import HostKit
import Testing

@Suite("Scroll view")
@MainActor
struct ScrollViewTests {
    /// An iPhone SE root (375×667, status bar 20) filled by a scroll view with 375×2000 content.
    private func setUp(contentHeight: CGFloat = 2000, behavior: UIScrollView.ContentInsetAdjustmentBehavior = .always)
        -> (UIView, UIScrollView)
    {
        let root = rootView(width: 375, height: 667)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let scroll = UIScrollView(frame: root.bounds)
        scroll.name = "scroll"
        scroll.contentInsetAdjustmentBehavior = behavior
        scroll.contentSize = CGSize(width: 375, height: contentHeight)
        root.addSubview(scroll)
        root.layoutIfNeeded()
        return (root, scroll)
    }

    @Test func theLegalRange() {
        let (_, scroll) = setUp()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(scroll.minimumContentOffset == CGPoint(x: 0, y: -20))
        #expect(scroll.maximumContentOffset == CGPoint(x: 0, y: 2000 + 0 - 667))
        #expect(scroll.legalContentOffsetRange.y == -20...(2000 - 667))
        #expect(scroll.clampedContentOffset(CGPoint(x: -5, y: 5000)) == CGPoint(x: 0, y: 2000 - 667))
        // Content shorter than the bounds rests at the minimum.
        scroll.contentSize = CGSize(width: 375, height: 100)
        #expect(scroll.maximumContentOffset == CGPoint(x: 0, y: -20))
    }

    @Test func offsetsAreNotClamped() {
        let (_, scroll) = setUp()
        scroll.contentOffset = CGPoint(x: 0, y: 5000)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 5000))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 5000))
        scroll.setContentOffset(CGPoint(x: 0, y: -300), animated: true)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -300))
        #expect(scroll.lastContentOffsetChange?.animated == true)
    }

    @Test func theOffsetStartsAtTheTopAndFollowsIt() {
        let (root, scroll) = setUp()
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -20))
        // A navigation bar appears: content resting at the top stays at the top.
        root.rootSafeAreaInsets = UIEdgeInsets(top: 20 + 44, left: 0, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -(20 + 44)))
        // Scrolled content stays where it is.
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 100))
    }

    @Test func scrollRectToVisibleScrollsTheLeastDistance() {
        let (_, scroll) = setUp()
        // Visible: content y 0 ..< 647 (bounds −20 ..< 647 minus the 20 pt inset).
        scroll.scrollRectToVisible(CGRect(x: 0, y: 300, width: 100, height: 50), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -20))
        #expect(scroll.lastContentOffsetChange == nil) // already visible: nothing happened

        // Below: its bottom edge comes to the visible bottom.
        scroll.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 100, height: 50), animated: true)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 1000 + 50 - 667))
        #expect(scroll.lastContentOffsetChange?.animated == true)

        // Above: its top edge comes to the visible top (just under the 20 pt inset).
        scroll.scrollRectToVisible(CGRect(x: 0, y: 100, width: 100, height: 50), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 100 - 20))

        // Taller than the visible area: its top is aligned.
        scroll.scrollRectToVisible(CGRect(x: 0, y: 300, width: 100, height: 1000), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 300 - 20))

        // Beyond the content: clamped to the legal range.
        scroll.scrollRectToVisible(CGRect(x: 0, y: 2100, width: 10, height: 10), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 2000 - 667))
    }

    @Test func aVisibleRectLeavesAnOffsetBeyondTheMaximumAlone() {
        let (_, scroll) = setUp()
        // The maximum is 2000 − 667 = 1333; at 1500 the visible content is y 1500 + 20 ..< 2167
        // (the top 20 pt are under the inset).
        scroll.contentOffset = CGPoint(x: 0, y: 1500)
        #expect(scroll.maximumContentOffset.y == CGFloat(1333))
        scroll.scrollRectToVisible(CGRect(x: 0, y: 1600, width: 100, height: 50), animated: false)
        // Visible: UIKit does nothing, not even clamp the offset.
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 1500))
        #expect(scroll.lastContentOffsetChange == nil)
        // A rect outside the visible area scrolls, and the result is clamped: y 1100 needs its
        // top at 1100 − 20 = 1080, within 1333.
        scroll.scrollRectToVisible(CGRect(x: 0, y: 1100, width: 100, height: 50), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 1100 - 20))
    }

    @Test func aSubclassCanOverrideScrollRectToVisible() {
        /// Keeps 8 pt of space around every rect it is asked to show, then defers to UIKit's rule.
        final class MarginScrollView: UIScrollView {
            var requests: [CGRect] = []
            override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
                requests.append(rect)
                super.scrollRectToVisible(rect.insetBy(dx: 0, dy: -8), animated: animated)
            }
        }
        let root = rootView(width: 375, height: 667)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let scroll = MarginScrollView(frame: root.bounds)
        scroll.contentInsetAdjustmentBehavior = .always
        scroll.contentSize = CGSize(width: 375, height: 2000)
        root.addSubview(scroll)
        root.layoutIfNeeded()
        let field = CGRect(x: 20, y: 1000, width: 335, height: 44)
        // Called through the base class, the override runs.
        let base: UIScrollView = scroll
        base.scrollRectToVisible(field, animated: false)
        #expect(scroll.requests == [field])
        // The widened rect's bottom (1000 + 44 + 8) meets the visible bottom (offset + 667).
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 1000 + 44 + 8 - 667))
    }

    @Test func horizontalAdjustmentFollowsTheHorizontalAxis() {
        // A landscape iPhone: 812 × 375, the sensor housing and the rounded corners 44 pt on
        // each side, the home indicator 21 pt at the bottom.
        let root = rootView(width: 812, height: 375)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44)
        let scroll = UIScrollView(frame: root.bounds)
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        scroll.contentSize = CGSize(width: 812, height: 300)
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 812, height: 375))
        root.addSubview(scroll)
        scroll.addSubview(row)
        root.layoutIfNeeded()
        // Content 812 wide in 812-pt bounds and 300 tall in 375: no axis scrolls, none adjusts,
        // and the row gets the whole safe area of its superview: 44 at each side, 21 below.
        #expect(scroll.adjustedContentInset == .zero)
        #expect(row.safeAreaInsets == UIEdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        // Bouncing horizontally makes that axis scrollable: it adjusts, the vertical one does not.
        scroll.alwaysBounceHorizontal = true
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 0, left: 44, bottom: 0, right: 44))
        // Content resting at the leading edge stays there: offset x 0 becomes −44.
        #expect(scroll.contentOffset == CGPoint(x: -44, y: 0))
        // The content is not inset twice: the row has no horizontal safe area any more.
        #expect(row.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
        scroll.alwaysBounceHorizontal = false
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == .zero)
        // Wider content (2000 > 812) scrolls horizontally: the same adjustment.
        scroll.contentSize = CGSize(width: 2000, height: 300)
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 0, left: 44, bottom: 0, right: 44))
        #expect(scroll.maximumContentOffset == CGPoint(x: 2000 + 44 - 812, y: 0))
    }

    @Test func scrollIndicatorInsetsAreStored() {
        let (_, scroll) = setUp()
        #expect(scroll.verticalScrollIndicatorInsets == .zero)
        #expect(scroll.horizontalScrollIndicatorInsets == .zero)
        #expect(scroll.automaticallyAdjustsScrollIndicatorInsets)
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: 10, left: 0, bottom: 30, right: 5)
        scroll.horizontalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 10, bottom: 2, right: 20)
        #expect(scroll.verticalScrollIndicatorInsets == UIEdgeInsets(top: 10, left: 0, bottom: 30, right: 5))
        #expect(scroll.horizontalScrollIndicatorInsets == UIEdgeInsets(top: 0, left: 10, bottom: 2, right: 20))
        // They place the indicators only (see SnapshotTests): the content geometry is unchanged.
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    }

    @Test func viewsPinnedToTheSafeAreaGuideScrollWithTheContent() {
        // The documented limitation: a view pinned to a scroll view's safe-area (or frame)
        // guide is laid out where the guide is at offset zero, and then scrolls with the
        // content, while the guide's layoutFrame follows the offset.
        let root = rootView(width: 375, height: 667)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let scroll = UIScrollView(frame: root.bounds)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentSize = CGSize(width: 375, height: 2000)
        let badge = constrainedView("badge")
        root.addSubview(scroll)
        scroll.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.topAnchor.constraint(equalTo: scroll.safeAreaLayoutGuide.topAnchor),
            badge.leadingAnchor.constraint(equalTo: scroll.safeAreaLayoutGuide.leadingAnchor),
            badge.widthAnchor.constraint(equalToConstant: 50),
            badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        // At offset 0 the guide is the bounds below the 20-pt inset, and the badge at its top.
        #expect(scroll.contentOffset == .zero)
        #expect(scroll.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 20, width: 375, height: 667 - 20))
        #expect(badge.frame == CGRect(x: 0, y: 20, width: 50, height: 30))
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        root.layoutIfNeeded()
        // The guide follows the bounds (origin y 100): y 100 + 20. The badge keeps its frame, so
        // on screen it moved up with the content: root y 20 − 100 = −80.
        #expect(scroll.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 100 + 20, width: 375, height: 667 - 20))
        #expect(scroll.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 100, width: 375, height: 667))
        #expect(badge.frame == CGRect(x: 0, y: 20, width: 50, height: 30))
        #expect(badge.convert(CGPoint.zero, to: root) == CGPoint(x: 0, y: 20 - 100))
    }

    @Test func scrollRectToVisibleHorizontally() {
        let (_, scroll) = setUp()
        scroll.contentSize = CGSize(width: 1000, height: 2000)
        scroll.scrollRectToVisible(CGRect(x: 500, y: 0, width: 100, height: 10), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 500 + 100 - 375, y: -20))
    }

    @Test func badScrollInputIsRefused() {
        let recorder = LogRecorder()
        let (root, scroll) = setUp()
        root.logSink = recorder.sink
        scroll.contentOffset = CGPoint(x: 0, y: CGFloat.nan)
        scroll.contentInset = UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
        scroll.contentSize = CGSize(width: -1, height: 10)
        scroll.scrollRectToVisible(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), animated: false)
        scroll.setContentOffset(CGPoint(x: CGFloat.infinity, y: 0), animated: true)
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
        scroll.horizontalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 6, bottom: 0, right: 6)
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        scroll.horizontalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: -.infinity)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: -20))
        #expect(scroll.contentInset == .zero)
        #expect(scroll.contentSize == CGSize(width: 375, height: 2000))
        // The indicator insets keep their last valid values.
        #expect(scroll.verticalScrollIndicatorInsets == UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0))
        #expect(scroll.horizontalScrollIndicatorInsets == UIEdgeInsets(top: 0, left: 6, bottom: 0, right: 6))
        #expect(recorder.messages(atLeast: .error).count == 7)
        #expect(recorder.contains("verticalScrollIndicatorInsets", atLeast: .error))
        #expect(recorder.contains("horizontalScrollIndicatorInsets", atLeast: .error))
    }

    @Test func adjustmentBehaviours() {
        let (root, scroll) = setUp(contentHeight: 300, behavior: .never)
        scroll.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0))
        // Short content does not scroll: .scrollableAxes does not adjust…
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0))
        // …unless it always bounces, or the content is taller than the bounds.
        scroll.alwaysBounceVertical = true
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 20 + 5, left: 0, bottom: 7, right: 0))
        scroll.alwaysBounceVertical = false
        scroll.contentSize = CGSize(width: 375, height: 1000)
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 20 + 5, left: 0, bottom: 7, right: 0))
        // .automatic: as .scrollableAxes, but a navigation controller's content adjusts anyway.
        scroll.contentSize = CGSize(width: 375, height: 300)
        scroll.contentInsetAdjustmentBehavior = .automatic
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0))
        scroll.isContainerContentRoot = true
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 20 + 5, left: 0, bottom: 7, right: 0))
        scroll.contentInsetAdjustmentBehavior = .always
        root.layoutIfNeeded()
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 20 + 5, left: 0, bottom: 7, right: 0))
    }

    @Test func theAdjustedInsetHookIsCalledOnChanges() {
        final class Recording: UIScrollView {
            var insets: [UIEdgeInsets] = []
            override func adjustedContentInsetDidChange() {
                super.adjustedContentInsetDidChange()
                insets.append(adjustedContentInset)
            }
        }
        let root = rootView(width: 375, height: 812)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        let scroll = Recording(frame: root.bounds)
        scroll.contentInsetAdjustmentBehavior = .always
        root.addSubview(scroll)
        root.layoutIfNeeded()
        root.rootSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34 + 302, right: 0)
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(
            scroll.insets == [
                UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
                UIEdgeInsets(top: 44, left: 0, bottom: 34 + 302, right: 0),
            ])
    }

    @Test func guidesOfAScrollView() {
        let (root, scroll) = setUp()
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        root.layoutIfNeeded()
        #expect(scroll.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 375, height: 2000))
        #expect(scroll.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 100, width: 375, height: 667))
        #expect(scroll.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 100 + 20, width: 375, height: 667 - 20))
    }

    @Test func simulatedDragging() {
        let (_, scroll) = setUp()
        #expect(!scroll.isTracking && !scroll.isDragging && !scroll.isDecelerating)
        scroll.beginSimulatedDrag()
        #expect(scroll.isTracking && scroll.isDragging)
        scroll.contentOffset = CGPoint(x: 0, y: 40)
        scroll.endSimulatedDrag(velocity: CGPoint(x: 0, y: 2))
        #expect(!scroll.isTracking && !scroll.isDragging && scroll.isDecelerating)
        scroll.endSimulatedDeceleration()
        #expect(!scroll.isDecelerating)
        scroll.keyboardDismissMode = .interactive
        #expect(scroll.keyboardDismissMode == .interactive)
    }
}
