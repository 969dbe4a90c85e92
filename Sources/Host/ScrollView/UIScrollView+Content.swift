import Foundation

extension UIScrollView {
    /// The point of the content shown at the top-left corner of the bounds (`bounds.origin`).
    /// Not clamped; a non-finite offset is refused and reported.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.isFinite else {
                logSink.log(.error, "\(debugLabel).contentOffset = \(newValue): not finite; the offset is unchanged")
                return
            }
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
        }
    }

    /// The size of the content; `.zero` by default.
    ///
    /// When constraints relate views inside the scroll view to its ``contentLayoutGuide`` (or
    /// its edges), each layout sets it from the guide's solved size. A non-finite or negative
    /// size is refused and reported.
    public var contentSize: CGSize {
        get { storedContentSize }
        set {
            guard newValue.isFinite, newValue.width >= 0, newValue.height >= 0 else {
                logSink.log(.error, "\(debugLabel).contentSize = \(newValue): not finite or negative; unchanged")
                return
            }
            guard newValue != storedContentSize else { return }
            storedContentSize = newValue
            contentSizeHint = newValue
            updateContentSizeHints()
            adjustmentInputsDidChange()
        }
    }

    /// Extra space around the content, inside the bounds; zero by default. The safe area is
    /// added on the adjusted axes to give ``adjustedContentInset``. Non-finite insets are
    /// refused and reported.
    public var contentInset: UIEdgeInsets {
        get { storedContentInset }
        set {
            guard newValue.isFinite else {
                logSink.log(.error, "\(debugLabel).contentInset = \(newValue): not finite; unchanged")
                return
            }
            guard newValue != storedContentInset else { return }
            AnimationTransaction.current?.record(
                .contentInset, of: self, from: .insets(storedContentInset),
                to: .insets(newValue))
            storedContentInset = newValue
            adjustmentInputsDidChange()
        }
    }

    /// The content area as a layout guide (`UIScrollView.contentLayoutGuide`): its origin is
    /// the content's origin, its size is ``contentSize`` unless constraints size it, in which
    /// case it defines ``contentSize``.
    public var contentLayoutGuide: UILayoutGuide {
        if let guide = storedContentLayoutGuide { return guide }
        let guide = UILayoutGuide(role: .content, identifier: "contentLayoutGuide", owningView: self)
        storedContentLayoutGuide = guide
        if let engine {
            engine.addContentGuideConstraints(self, guide)
            markTreeNeedsLayout()
        }
        return guide
    }

    /// The scroll view's own rectangle as a layout guide (`UIScrollView.frameLayoutGuide`).
    /// See the type's note on views constrained to it.
    public var frameLayoutGuide: UILayoutGuide {
        if let guide = storedFrameLayoutGuide { return guide }
        let guide = UILayoutGuide(role: .frame, identifier: "frameLayoutGuide", owningView: self)
        storedFrameLayoutGuide = guide
        if let engine {
            engine.addFrameGuideConstraints(self, guide)
            markTreeNeedsLayout()
        }
        return guide
    }

    // MARK: The legal range

    /// The smallest resting offset: `(-adjustedContentInset.left, -adjustedContentInset.top)`.
    public var minimumContentOffset: CGPoint {
        CGPoint(x: -adjustedContentInset.left, y: -adjustedContentInset.top)
    }

    /// The largest resting offset: per axis `max(minimum, contentSize + trailing inset −
    /// bounds size)`, so content shorter than the bounds rests at the minimum.
    public var maximumContentOffset: CGPoint {
        let minimum = minimumContentOffset
        let size = bounds.size
        return CGPoint(
            x: max(minimum.x, contentSize.width + adjustedContentInset.right - size.width),
            y: max(minimum.y, contentSize.height + adjustedContentInset.bottom - size.height))
    }

    /// The legal resting offsets per axis: ``minimumContentOffset``…``maximumContentOffset``.
    public var legalContentOffsetRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let low = minimumContentOffset
        let high = maximumContentOffset
        return (low.x...high.x, low.y...high.y)
    }

    /// The offset moved into the legal range, axis by axis.
    public func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let low = minimumContentOffset
        let high = maximumContentOffset
        return CGPoint(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
    }

    /// The offset `scrollRectToVisible(_:animated:)` moves to from `offset`: the least scroll
    /// that makes `rect` (content coordinates) visible inside the bounds inset by
    /// ``adjustedContentInset``; a rect longer than the visible area aligns its top (or
    /// leading) edge; the result is clamped to the legal range. When the rect is already
    /// visible `offset` is returned as it is, even outside the legal range: UIKit does nothing
    /// then. A null rect leaves the offset (clamped) where it is.
    func offset(makingVisible rect: CGRect, from offset: CGPoint) -> CGPoint {
        guard !rect.isNull, rect.isFinite else { return clampedContentOffset(offset) }
        let inset = adjustedContentInset
        let size = bounds.size
        let visible = CGRect(
            x: offset.x + inset.left, y: offset.y + inset.top,
            width: max(0, size.width - inset.left - inset.right),
            height: max(0, size.height - inset.top - inset.bottom))
        func axis(_ start: CGFloat, _ length: CGFloat, _ visibleStart: CGFloat, _ visibleLength: CGFloat) -> CGFloat {
            if length >= visibleLength || start < visibleStart { return start - visibleStart }
            if start + length > visibleStart + visibleLength { return start + length - (visibleStart + visibleLength) }
            return 0
        }
        let dx = axis(rect.minX, rect.width, visible.minX, visible.width)
        let dy = axis(rect.minY, rect.height, visible.minY, visible.height)
        if dx == 0 && dy == 0 { return offset }
        return clampedContentOffset(CGPoint(x: offset.x + dx, y: offset.y + dy))
    }

    // MARK: Simulated dragging

    /// A finger touches down and starts dragging: ``isTracking`` and ``isDragging`` become
    /// `true`. Move the content with ``contentOffset`` while dragging.
    public func beginSimulatedDrag() {
        delegate?.scrollViewWillBeginDragging(self)
        isTracking = true
        isDragging = true
        isDecelerating = false
    }

    /// The finger lifts: the delegate may choose where the content rests
    /// (``UIScrollViewDelegate/scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``,
    /// velocity in points per millisecond), ``isTracking`` and ``isDragging`` become `false`,
    /// the content moves to the target, animated, and ``isDecelerating`` becomes `true` if the
    /// velocity is not zero or the content moved (until ``endSimulatedDeceleration()``).
    public func endSimulatedDrag(velocity: CGPoint = .zero) {
        let target = targetContentOffsetForEndingDrag(velocity: velocity)
        isTracking = false
        isDragging = false
        isDecelerating = velocity != .zero || target != contentOffset
        delegate?.scrollViewDidEndDragging(self, willDecelerate: isDecelerating)
        if target != contentOffset { setContentOffset(target, animated: true) }
    }

    /// The content stops moving after a drag: it comes to rest inside the legal range (UIKit's
    /// deceleration follows the content size as it goes, so content that shrank meanwhile
    /// does not leave it past the new end), ``isDecelerating`` becomes `false` and the
    /// delegate hears `scrollViewDidEndDecelerating(_:)`. Does nothing when not decelerating.
    public func endSimulatedDeceleration() {
        guard isDecelerating else { return }
        let rest = clampedContentOffset(contentOffset)
        if rest != contentOffset { contentOffset = rest }
        isDecelerating = false
        delegate?.scrollViewDidEndDecelerating(self)
    }

    // MARK: Layout

    /// Keeps the content guide's low-priority size at the ``contentSize`` the caller set.
    func updateContentSizeHints() {
        guard let engine, engineRecords.contentSize.count == 2 else { return }
        engine.setConstant(-contentSizeHint.width, for: engineRecords.contentSize[0])
        engine.setConstant(-contentSizeHint.height, for: engineRecords.contentSize[1])
    }

    /// Which axes adjust for the safe area under the current behaviour and content size.
    var adjustedAxes: (vertical: Bool, horizontal: Bool) {
        let scrollsVertically = alwaysBounceVertical || storedContentSize.height > bounds.height
        let scrollsHorizontally = alwaysBounceHorizontal || storedContentSize.width > bounds.width
        switch contentInsetAdjustmentBehavior {
        case .always: return (true, true)
        case .never: return (false, false)
        case .scrollableAxes: return (scrollsVertically, scrollsHorizontally)
        case .automatic: return (isContainerContentRoot || scrollsVertically, scrollsHorizontally)
        }
    }

    /// During layout, after the scroll view's frame and safe area: the content size from the
    /// content guide, the adjusted insets, and the offset kept at the top when it rested there.
    /// Returns whether the subviews' safe areas may change (adjusted axes or offset changed).
    func updateContentGeometry(_ engine: LayoutEngine, readFrames: Bool, _ changes: inout LayoutChanges) -> Bool {
        if readFrames, let guide = storedContentLayoutGuide, guide.node.userReferences > 0 {
            let size = engine.layoutRect(of: guide.node).size
            // The low-priority size hint keeps the value the caller set (zero by default): were it
            // to follow the solved size, content that grew once could never shrink again.
            if size != storedContentSize {
                storedContentSize = size
                // UIKit lays a scroll view out when its content size changes (its indicators'
                // lengths follow it), so a subclass's `layoutSubviews()` sees the new size.
                needsLayoutFlag = true
            }
        }
        let axes = adjustedAxes
        var subviewsAffected =
            axes.vertical != adjustsVerticalInsetForSafeArea
            || axes.horizontal != adjustsHorizontalInsetForSafeArea
        adjustsVerticalInsetForSafeArea = axes.vertical
        adjustsHorizontalInsetForSafeArea = axes.horizontal
        var adjusted = storedContentInset
        if axes.vertical {
            adjusted.top += safeAreaInsets.top
            adjusted.bottom += safeAreaInsets.bottom
        }
        if axes.horizontal {
            adjusted.left += safeAreaInsets.left
            adjusted.right += safeAreaInsets.right
        }
        guard adjusted != adjustedContentInset else { return subviewsAffected }
        let old = adjustedContentInset
        adjustedContentInset = adjusted
        // UIKit keeps content resting at the top (or leading edge) there when bars appear.
        var offset = storedBounds.origin
        if offset.y == -old.top { offset.y = -adjusted.top }
        if offset.x == -old.left { offset.x = -adjusted.left }
        if offset != storedBounds.origin {
            AnimationTransaction.current?.record(
                .contentOffset, of: self, from: .point(storedBounds.origin),
                to: .point(offset))
            storedBounds.origin = offset
            needsLayoutFlag = true
            subviewsAffected = true
        }
        if !pendingAdjustedNotification {
            pendingAdjustedNotification = true
            changes.adjustedContentInset.append(self)
        }
        return subviewsAffected
    }
}
