import Foundation

extension UIView {
    /// The safe area as a layout guide (`UIView.safeAreaLayoutGuide`): the bounds inset by
    /// ``safeAreaInsets``, kept by four required constraints whose constants are the insets.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = storedSafeAreaLayoutGuide { return guide }
        let guide = UILayoutGuide(role: .safeArea, identifier: "safeAreaLayoutGuide", owningView: self)
        storedSafeAreaLayoutGuide = guide
        if let engine {
            engineRecords.safeArea = LayoutEngine.safeAreaConstraints(for: self, guide: guide)
            engineRecords.safeArea.forEach(engine.add)
            markTreeNeedsLayout()
        }
        return guide
    }

    /// The safe-area insets a root view starts from; the window and view controllers set it (the screen's insets where they overlap the root view). Ignored for
    /// a view that has a superview. Non-finite insets are refused and reported.
    package var rootSafeAreaInsets: UIEdgeInsets {
        get { storedRootSafeAreaInsets }
        set {
            guard newValue.isFinite else {
                logSink.log(.error, "\(debugLabel).rootSafeAreaInsets = \(newValue): not finite; unchanged")
                return
            }
            guard newValue != storedRootSafeAreaInsets else { return }
            storedRootSafeAreaInsets = newValue
            safeAreaInputsChanged = true
            markTreeNeedsLayout()
        }
    }

    /// Insets this view adds to the safe area it inherits (HostKit's own; UIKit keeps this
    /// private): a host's root view adds its host's `additionalSafeAreaInsets` here.
    ///
    /// ``UIViewController`` sets it on its root view (its `additionalSafeAreaInsets` plus a
    /// navigation bar's height) — don't set it on a view controller's root view yourself. A
    /// `HostController` (ScrollingContent) of your own sets it on its root view. Zero by default; takes effect at
    /// the next layout pass. Non-finite insets are refused and reported.
    public var additionalSafeAreaContribution: UIEdgeInsets {
        get { storedAdditionalSafeAreaContribution }
        set {
            guard newValue.isFinite else {
                logSink.log(.error, "\(debugLabel).additionalSafeAreaContribution = \(newValue): not finite; unchanged")
                return
            }
            guard newValue != storedAdditionalSafeAreaContribution else { return }
            storedAdditionalSafeAreaContribution = newValue
            safeAreaInputsChanged = true
            markTreeNeedsLayout()
        }
    }

    /// The insets this view should have given its superview's, as of the frames just applied.
    ///
    /// Each edge of the superview with a positive inset covers a half-plane (everything above
    /// `bounds.minY + top`, …); the view's inset on that edge is how far the half-plane reaches
    /// into it, clamped to `0…size`. An edge with no inset covers nothing, so a scroll view's
    /// content sticking out of its bounds is not inset. A scroll view that adjusts its content
    /// for the safe area on an axis passes nothing down on that axis.
    func computedSafeAreaInsets(parent: UIView?) -> UIEdgeInsets {
        guard let parent else { return storedRootSafeAreaInsets + storedAdditionalSafeAreaContribution }
        let p = parent.safeAreaInsets
        if p == .zero { return storedAdditionalSafeAreaContribution }
        let b = parent.bounds
        let f = frame
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(value, 0), max(limit, 0)) }
        var inherited = UIEdgeInsets(
            top: p.top > 0 ? clamp(b.minY + p.top - f.minY, f.height) : 0,
            left: p.left > 0 ? clamp(b.minX + p.left - f.minX, f.width) : 0,
            bottom: p.bottom > 0 ? clamp(f.maxY - (b.maxY - p.bottom), f.height) : 0,
            right: p.right > 0 ? clamp(f.maxX - (b.maxX - p.right), f.width) : 0)
        if let scrollView = parent as? UIScrollView {
            if scrollView.adjustsVerticalInsetForSafeArea {
                inherited.top = 0
                inherited.bottom = 0
            }
            if scrollView.adjustsHorizontalInsetForSafeArea {
                inherited.left = 0
                inherited.right = 0
            }
        }
        return inherited + storedAdditionalSafeAreaContribution
    }
}
