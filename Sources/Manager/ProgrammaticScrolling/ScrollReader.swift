import Foundation

/// The ``ScrollProxy`` of a view tree: finds marked views below a root (a window, or a view
/// controller's view) and scrolls their enclosing scroll views (SwiftUI's `ScrollViewReader`,
/// the DoorDash article's `ScrollReader` and its coordinator).
///
/// Mark targets with `UIView.setScrollAnchor(_:)`; any `Hashable` identifies them. The
/// reader looks the identifier up depth-first below ``root`` on every request (the first match
/// wins; a duplicate is reported through the tree's log sink), lays the window out if it
/// needs it, measures the target in its scroll view's content coordinates and moves there:
///
/// ```swift
/// let reader = ScrollReader(root: controller.view)
/// reader.scroll(to: FormSection.payment, anchor: .top, animated: true)        // just under the bar
/// reader.scroll(to: FormSection.payment, anchor: .top, offset: CGPoint(x: 0, y: -16), animated: true)
/// ```
///
/// Works with any `UIScrollView`, including the keyboard-aware `ScrollingContentScrollView`:
/// the visible area is the bounds inset by `adjustedContentInset`, so with the keyboard up
/// ``UnitPoint/bottom`` puts the target just above it.
@MainActor
public final class ScrollReader: ScrollProxy {
    /// The view below which targets are looked up (itself included). Held weakly, as a view
    /// holds its superview, so a reader kept by a view of the tree makes no cycle; once it is
    /// gone every request answers ``ScrollFailure/notInWindow``.
    public private(set) weak var root: UIView?

    /// Where problems are reported: about the root while it exists; once it is gone, where
    /// the root's reports went when the reader was made.
    private let diagnostics: PlatformDiagnostics

    /// Creates a reader searching below `root` (a window searches the whole window).
    public init(root: UIView) {
        self.root = root
        diagnostics = PlatformDiagnostics(remembering: root)
    }

    /// Where scrolling to `id` would go, without moving anything: the marked view, its
    /// enclosing scroll view, its frame in the scroll view's content coordinates and the
    /// clamped content offset. Lays the window out first if it needs it. Logs only a duplicate
    /// identifier (see `UIView.scrollAnchorView(withID:)`).
    public func target(for id: AnyHashable, anchor: UnitPoint, offset: CGPoint = .zero) -> Result<
        ScrollTarget, ScrollFailure
    > {
        target(for: id, anchor: anchor, offset: offset, layingOut: true)
    }

    /// ``target(for:anchor:offset:)``, optionally measuring the frames as they are: code called
    /// back from an offset change (`scrollViewDidScroll`) must not start a layout pass, as the
    /// change may come from inside one.
    func target(for id: AnyHashable, anchor: UnitPoint, offset: CGPoint, layingOut: Bool) -> Result<
        ScrollTarget, ScrollFailure
    > {
        guard offset.x.isFinite, offset.y.isFinite else { return .failure(.nonFiniteOffset) }
        guard anchor.isFinite else { return .failure(.nonFiniteAnchor) }
        guard let root else { return .failure(.notInWindow) }
        guard let view = root.scrollAnchorView(withID: id) else { return .failure(.unknownIdentifier) }
        guard let scrollView = view.enclosingScrollView else { return .failure(.noEnclosingScrollView) }
        guard let window = view.window else { return .failure(.notInWindow) }
        // Measure the layout as it will be shown: a keyboard inset or a rotation may be waiting
        // for the next layout turn.
        if layingOut { window.layoutIfNeeded() }
        let frame = scrollView.convert(view.bounds, from: view)
        let contentOffset = scrollView.scrollGeometry.contentOffset(showing: frame, at: anchor, offset: offset)
        return .success(ScrollTarget(view: view, scrollView: scrollView, frame: frame, contentOffset: contentOffset))
    }

    /// Scrolls the innermost scroll view enclosing the view marked with `id` so that the view's
    /// point at `anchor` meets the visible area's, then by `offset`, clamped to the legal range;
    /// see ``ScrollProxy/scroll(to:anchor:offset:animated:)``. Lays the window out first. In a
    /// ``ScrollingContentScrollView`` whose manager holds a keyboard change, the request waits
    /// for it (``ScrollOutcome/waitingForKeyboard``) and is measured when it is carried out.
    @discardableResult
    public func scroll(to id: AnyHashable, anchor: UnitPoint, offset: CGPoint, animated: Bool) -> ScrollOutcome {
        scroll(to: id, anchor: anchor, offset: offset, animated: animated, layingOut: true)
    }

    /// ``scroll(to:anchor:offset:animated:)``, optionally without a layout pass first (see
    /// ``target(for:anchor:offset:layingOut:)``).
    @discardableResult
    func scroll(to id: AnyHashable, anchor: UnitPoint, offset: CGPoint, animated: Bool, layingOut: Bool)
        -> ScrollOutcome
    {
        switch target(for: id, anchor: anchor, offset: offset, layingOut: layingOut) {
        case .failure(let failure):
            // Non-finite input is refused like HostKit refuses it; a missing target is likelier
            // a timing or naming slip.
            let level: DiagnosticLevel = failure == .nonFiniteOffset || failure == .nonFiniteAnchor ? .error : .warning
            diagnostics.report(
                level,
                "ScrollReader.scroll(to: \(id), anchor: \(anchor), offset: (\(offset.x), \(offset.y))): \(failure); nothing scrolled",
                about: root)
            return .notScrolled(failure)
        case .success(let target):
            if layingOut, let scrollView = target.scrollView as? ScrollingContentScrollView,
                let manager = scrollView.manager, manager.holdsScrollRequests
            {
                // Measured again once the held keyboard change is in (the reader is kept until
                // then; it holds its root weakly, so that makes no cycle).
                manager.enqueue(
                    ScrollRequest(
                        anchor: target.view, rectInAnchor: target.view.bounds, coversAnchor: true,
                        fallbackRect: target.frame,
                        animated: animated, margin: 0,
                        action: {
                            _ = self.scroll(to: id, anchor: anchor, offset: offset, animated: animated, layingOut: true)
                        }))
                return .waitingForKeyboard
            }
            let from = target.scrollView.contentOffset
            if target.contentOffset != from {
                target.scrollView.setContentOffset(target.contentOffset, animated: animated)
            }
            return .scrolled(from: from, to: target.contentOffset)
        }
    }
}

/// Where a ``ScrollReader`` scrolls for an identifier.
@MainActor
public struct ScrollTarget {
    /// The marked view.
    public let view: UIView
    /// Its innermost enclosing scroll view: the one that moves.
    public let scrollView: UIScrollView
    /// The marked view's bounds in the scroll view's content coordinates.
    public let frame: CGRect
    /// The content offset to move to, in the legal range.
    public let contentOffset: CGPoint
}
