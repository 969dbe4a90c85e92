import Foundation

/// Scrolls to views marked with a scroll anchor identifier (SwiftUI's `ScrollViewProxy`, the
/// DoorDash article's `ScrollProxyProtocol`). ``ScrollReader`` is the implementation; take the
/// protocol as a parameter where code only needs to scroll, so a test can pass its own.
///
/// ```swift
/// let proxy: any ScrollProxy = ScrollReader(root: window)
/// proxy.scroll(to: FormSection.payment, anchor: .top, animated: true)
/// proxy.scroll(to: FormSection.payment, anchor: .top)                    // the article's: animated
/// ```
@MainActor
public protocol ScrollProxy {
    /// Scrolls the innermost scroll view enclosing the view marked with `id` so that the view's
    /// point at `anchor` meets the visible area's point at `anchor`, then by `offset`, clamped
    /// to the legal range (see `ScrollGeometry.contentOffset(showing:at:offset:)`).
    ///
    /// Returns ``ScrollOutcome/scrolled(from:to:)``, ``ScrollOutcome/waitingForKeyboard`` when a
    /// keyboard-aware scroll view's manager holds a keyboard change (the request is carried out
    /// right after it), or why nothing moved; never traps, and changes nothing when it fails. `animated` goes to `UIScrollView.setContentOffset(_:animated:)`.
    @discardableResult
    func scroll(to id: AnyHashable, anchor: UnitPoint, offset: CGPoint, animated: Bool) -> ScrollOutcome
}

extension ScrollProxy {
    /// Scrolls to the view marked with `id`, with no extra offset (see
    /// ``scroll(to:anchor:offset:animated:)``).
    @discardableResult
    public func scroll(to id: AnyHashable, anchor: UnitPoint, animated: Bool) -> ScrollOutcome {
        scroll(to: id, anchor: anchor, offset: .zero, animated: animated)
    }

    /// Scrolls to the view marked with `id`, animated, with no extra offset: the DoorDash
    /// article's `scroll(to:anchor:)` (see ``scroll(to:anchor:offset:animated:)``).
    @discardableResult
    public func scroll(to id: AnyHashable, anchor: UnitPoint) -> ScrollOutcome {
        scroll(to: id, anchor: anchor, offset: .zero, animated: true)
    }

    /// Scrolls to the view marked with `id`, animated, then by `offset`: the DoorDash article's
    /// `scroll(to:anchor:offset:)` (see ``scroll(to:anchor:offset:animated:)``).
    @discardableResult
    public func scroll(to id: AnyHashable, anchor: UnitPoint, offset: CGPoint) -> ScrollOutcome {
        scroll(to: id, anchor: anchor, offset: offset, animated: true)
    }
}
