import Foundation

/// The scroll view a ``ScrollingContentManager`` puts its content view in
/// (ScrollingContentViewController's `ScrollingContentScrollView`).
///
/// It adds a visibility margin and three ways to scroll something into view. Every request —
/// including the `scrollRectToVisible(_:animated:)` calls UIKit makes on its own when the
/// keyboard appears for a text field inside — goes through the manager's keyboard filter: it
/// waits for a pending keyboard change to be applied first, and is remembered relative to the
/// deepest view that contains the rect, so it lands right even if the content moved or
/// resized in between (after a rotation, or with `shouldResizeContentViewForKeyboard`).
///
/// You may change any of its `UIScrollView` properties; for instance set `keyboardDismissMode`
/// to `.interactive` or `.onDrag` to let the user drag the keyboard away.
open class ScrollingContentScrollView: UIScrollView {
    /// A vertical margin kept around a rect scrolled into view: `0` by default, which matches
    /// UIKit. Used when a `margin` argument is `nil`, and for the first responder after
    /// keyboard changes. A negative margin counts as `0`; a NaN or infinite one is refused and
    /// reported, and the margin stays as it was.
    public var visibilityScrollMargin: CGFloat = 0 {
        didSet {
            guard !visibilityScrollMargin.isFinite else { return }
            PlatformDiagnostics().report(
                .error,
                "\(diagnosticLabel).visibilityScrollMargin = \(visibilityScrollMargin): not finite; the margin stays \(oldValue)",
                about: self)
            visibilityScrollMargin = oldValue
        }
    }

    /// The manager whose keyboard filter requests go through.
    weak var manager: ScrollingContentManager?

    /// Creates a scroll view with `frame`; a manager sets itself as the scroll view's manager
    /// when it creates one.
    ///
    /// Its `contentInsetAdjustmentBehavior` is `.always`, set here once, as SCVC does: the
    /// content view's minimum size follows the scroll view's safe area, which must include the
    /// keyboard's inset whether or not the content scrolls. A value you set later is kept,
    /// also when the content view is reassigned.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentInsetAdjustmentBehavior = .always
    }

    /// Creates a scroll view from an archive (UIKit's storyboards; HostKit decodes none and
    /// returns `nil`). Such a scroll view has no manager until one creates it: ScrollingContent
    /// makes its own. Its `contentInsetAdjustmentBehavior` is `.always`, as with
    /// ``init(frame:)``.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentInsetAdjustmentBehavior = .always
    }

    /// Scrolls the least distance that makes `rect` (content coordinates) visible, keeping
    /// ``visibilityScrollMargin`` above and below it. Overrides UIKit's method, so UIKit's own
    /// calls also wait for pending keyboard changes. Call `super` when overriding.
    open override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        scrollRectToVisible(rect, animated: animated, margin: nil)
    }

    /// Scrolls the least distance that makes `rect` (content coordinates) visible, with an extra
    /// vertical `margin` around it (``visibilityScrollMargin`` when `nil`; a negative margin
    /// counts as `0`, as it would shrink the rect or turn it inside out).
    public func scrollRectToVisible(_ rect: CGRect, animated: Bool, margin: CGFloat?) {
        guard rect.isFinite, margin?.isFinite ?? true else {
            PlatformDiagnostics().report(
                .error,
                "\(diagnosticLabel).scrollRectToVisible(\(rect), margin: \(margin.map { "\($0)" } ?? "nil")): not finite; nothing scrolled",
                about: self)
            return
        }
        // The first responder's own frame (UIKit's automatic scroll for a field that just
        // began editing, often before a layout pass has placed it) is remembered as the first
        // responder itself: it is shown where layout puts it by the time the request runs.
        if let responder = manager?.firstResponder(), responder.convert(responder.bounds, to: self) == rect {
            submit(
                ScrollRequest(
                    anchor: responder, rectInAnchor: responder.bounds, coversAnchor: true,
                    fallbackRect: rect, animated: animated, margin: margin ?? visibilityScrollMargin))
            return
        }
        let (anchor, rectInAnchor) = deepestView(containing: rect)
        submit(
            ScrollRequest(
                anchor: anchor, rectInAnchor: rectInAnchor, coversAnchor: rectInAnchor == anchor.bounds,
                fallbackRect: rect, animated: animated, margin: margin ?? visibilityScrollMargin))
    }

    /// Scrolls the least distance that makes `view` (a descendant) visible, with an extra
    /// vertical `margin` around it (``visibilityScrollMargin`` when `nil`; a negative margin
    /// counts as `0`). A view outside the scroll view is reported and ignored.
    public func scrollViewToVisible(_ view: UIView, animated: Bool, margin: CGFloat? = nil) {
        guard view.isDescendant(of: self), view !== self else {
            PlatformDiagnostics().report(
                .error,
                "\(diagnosticLabel).scrollViewToVisible(\(view.diagnosticLabel)): not inside this scroll view; nothing scrolled",
                about: self)
            return
        }
        guard margin?.isFinite ?? true else {
            PlatformDiagnostics().report(
                .error, "\(diagnosticLabel).scrollViewToVisible(margin: \(margin ?? 0)): not finite; nothing scrolled",
                about: self)
            return
        }
        submit(
            ScrollRequest(
                anchor: view, rectInAnchor: view.bounds, coversAnchor: true,
                fallbackRect: view.convert(view.bounds, to: self), animated: animated,
                margin: margin ?? visibilityScrollMargin))
    }

    /// Scrolls the first responder into view, with an extra vertical `margin` around it
    /// (``visibilityScrollMargin`` when `nil`; a negative margin counts as `0`). Does nothing when there is no first responder
    /// inside this scroll view.
    public func scrollFirstResponderToVisible(animated: Bool, margin: CGFloat? = nil) {
        guard let responder = manager?.firstResponder() ?? firstResponderInSubviews() else { return }
        scrollViewToVisible(responder, animated: animated, margin: margin)
    }

    private func submit(_ request: ScrollRequest) {
        if let manager {
            manager.enqueue(request)
        } else {
            perform(request)
        }
    }

    /// Performs a request now (the manager calls this when the filter lets it through).
    func perform(_ request: ScrollRequest) {
        if let action = request.action {
            action()
        } else {
            super.scrollRectToVisible(request.currentRect(in: self), animated: request.animated)
        }
    }

    /// The deepest descendant whose frame contains `rect` (content coordinates), and the rect
    /// in its coordinates; the scroll view itself when no subview contains it.
    private func deepestView(containing rect: CGRect) -> (UIView, CGRect) {
        var view: UIView = self
        var local = rect
        descend: while true {
            for subview in view.subviews.reversed() where !subview.isHidden {
                // `view.convert(local, to: subview)` for a direct subview (HostKit has no
                // transforms), without walking both views' ancestors to the window for every
                // subview: that made this scan a tenth of a keyboard show on a 300-row form.
                let frame = subview.frame
                let bounds = subview.bounds
                let candidate = CGRect(
                    origin: CGPoint(
                        x: local.origin.x - frame.origin.x + bounds.origin.x,
                        y: local.origin.y - frame.origin.y + bounds.origin.y),
                    size: local.size)
                if bounds.contains(candidate) {
                    view = subview
                    local = candidate
                    continue descend
                }
            }
            return (view, local)
        }
    }

    /// The content size at the last ``layoutSubviews()``; `nil` before the first.
    private var laidOutContentSize: CGSize?

    /// Lays out the scroll view; when the content size changed since the last layout (content
    /// that shrank, a new content view), the manager brings an offset left beyond the new end
    /// back into the legal range. Call `super` when overriding.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let size = contentSize
        guard size != laidOutContentSize else { return }
        let isFirst = laidOutContentSize == nil
        laidOutContentSize = size
        if !isFirst { manager?.scrollViewContentSizeDidChange() }
    }

    /// Observes the keyboard notifications of the new window's screen (and no longer the old
    /// one's), and reconciles the host with the new window's keyboard. Call `super` when
    /// overriding: without it the manager misses every keyboard change in the new window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        manager?.scrollViewDidMoveToWindow()
    }
}

extension UIView {
    /// The first responder among this view's descendants (not the view itself), searched depth
    /// first, or `nil` (UIKit has no query for it; SCVC searched the same way).
    func firstResponderInSubviews() -> UIView? {
        var stack = subviews
        while let view = stack.popLast() {
            if view.isFirstResponder { return view }
            stack.append(contentsOf: view.subviews)
        }
        return nil
    }
}
