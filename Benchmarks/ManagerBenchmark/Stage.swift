import Foundation
import HostKit
import ScrollingContent

/// A screen on stage: a host in a visible window of an iPhone X-class screen, driven by a
/// manual clock, with every diagnostic recorded (a benchmark that logs a warning is measuring
/// a broken layout, so any warning stops it).
@MainActor
final class Stage {
    /// The device: iPhone X-class, 375×812 portrait, safe area top 44 and bottom 34 (landscape:
    /// left and right 44, bottom 21), keyboard 336 portrait and 209 landscape.
    /// A new screen each time: a screen is an object, and windows sharing one would hear each
    /// other's keyboard notifications.
    static var screen: UIScreen { .iPhoneX }

    let log = LogRecorder()
    let clock: ManualScheduler
    let window: UIWindow
    let host: ScrollingContentViewController
    /// The content's height from its own constraints (the chain), before the manager's minimum.
    let naturalHeight: CGFloat

    /// Shows `host` in a new window and lets the clock run until nothing is pending.
    init(host: ScrollingContentViewController, naturalHeight: CGFloat) throws(BenchmarkFailure) {
        clock = ManualScheduler(logSink: log.sink)
        window = UIWindow(screen: Self.screen, scheduler: clock, logSink: log.sink)
        self.host = host
        self.naturalHeight = naturalHeight
        window.rootViewController = host
        window.makeKeyAndVisible()
        try settle()
    }

    var scrollView: ScrollingContentScrollView { host.scrollView }

    /// Runs the clock until nothing is pending: the keyboard's `Did…` notifications, animation
    /// completions, layout turns.
    func settle() throws(BenchmarkFailure) {
        do {
            try clock.run()
        } catch {
            throw .scheduler("\(error)")
        }
    }

    /// Moves the clock forward by `duration`, running what falls due.
    func advance(by duration: TimeInterval) throws(BenchmarkFailure) {
        do {
            try clock.advance(by: duration)
        } catch {
            throw .scheduler("\(error)")
        }
    }

    /// The first warning or error logged so far, if any.
    var firstProblem: String? {
        log.messages(atLeast: .warning).first.map(\.description)
    }

    /// What differs from the geometry worked out by hand for the window's orientation and
    /// keyboard state, or `nil`. With `focused`, the field must be fully visible.
    func mismatch(keyboardUp: Bool, focused field: UITextField?) -> String? {
        if let problem = firstProblem { return "logged: \(problem)" }
        let expected = ExpectedGeometry(
            orientation: window.orientation, keyboardUp: keyboardUp,
            naturalHeight: naturalHeight)
        if window.keyboard.isVisible != keyboardUp { return "keyboard visible: \(window.keyboard.isVisible)" }
        if host.additionalSafeAreaInsets != expected.additionalSafeAreaInsets {
            return
                "additionalSafeAreaInsets \(host.additionalSafeAreaInsets), expected \(expected.additionalSafeAreaInsets)"
        }
        if scrollView.frame != CGRect(origin: .zero, size: expected.windowSize) {
            return "scroll view frame \(scrollView.frame), expected the window's \(expected.windowSize)"
        }
        if scrollView.adjustedContentInset != expected.adjustedContentInset {
            return "adjustedContentInset \(scrollView.adjustedContentInset), expected \(expected.adjustedContentInset)"
        }
        guard let content = host.contentView else { return "no content view" }
        if content.frame != CGRect(origin: .zero, size: expected.contentSize) {
            return "content frame \(content.frame), expected \(expected.contentSize)"
        }
        if scrollView.contentSize != expected.contentSize {
            return "contentSize \(scrollView.contentSize), expected \(expected.contentSize)"
        }
        let offset = scrollView.contentOffset
        if !expected.isLegal(offset) { return "contentOffset \(offset) outside the legal range" }
        if let field {
            guard window.firstResponder === field else { return "the focused field is not first responder" }
            let frame = field.convert(field.bounds, to: scrollView)
            let visible = expected.visibleRect(at: offset)
            if !visible.contains(frame) { return "focused field \(frame) not inside the visible \(visible)" }
        }
        return nil
    }
}

/// The geometry the layout must have, worked out from the screen preset and the forms'
/// constraints (not taken from a run).
@MainActor
struct ExpectedGeometry {
    var orientation: UIInterfaceOrientation
    var keyboardUp: Bool
    var naturalHeight: CGFloat

    var windowSize: CGSize { Stage.screen.size(for: orientation) }
    var safeArea: UIEdgeInsets { Stage.screen.safeAreaInsets(for: orientation) }
    /// The docked keyboard's height, or 0 when it is down.
    var keyboardHeight: CGFloat { keyboardUp ? Stage.screen.keyboardHeight(for: orientation) : 0 }

    /// SCVC's adjustment: the host's bottom inset grows until the safe area ends at the
    /// keyboard's top (the keyboard covers the home-indicator inset), and is 0 again after.
    var additionalSafeAreaInsets: UIEdgeInsets {
        UIEdgeInsets(top: 0, left: 0, bottom: keyboardUp ? keyboardHeight - safeArea.bottom : 0, right: 0)
    }

    /// `.always`: the scroll view fills the window, so its adjusted inset is the window's safe
    /// area with the keyboard's top as the bottom edge.
    var adjustedContentInset: UIEdgeInsets {
        UIEdgeInsets(
            top: safeArea.top, left: safeArea.left, bottom: keyboardUp ? keyboardHeight : safeArea.bottom,
            right: safeArea.right)
    }

    /// The content fills the safe area's width (nothing in the forms asks for more), and is as
    /// tall as its chain of controls or the safe area without the keyboard, whichever is taller:
    /// the manager's minimum height follows the safe area at 500, and while the keyboard is up
    /// it holds the content at the keyboard-less safe-area height at 500 (SCVC keeps the
    /// content's size), which beats the chain's 240.
    var contentSize: CGSize {
        CGSize(
            width: windowSize.width - safeArea.left - safeArea.right,
            height: max(naturalHeight, windowSize.height - safeArea.top - safeArea.bottom))
    }

    /// The largest legal resting offset per axis: `max(-inset, content + inset - bounds)`.
    var maximumOffset: CGPoint {
        let inset = adjustedContentInset
        return CGPoint(
            x: max(-inset.left, contentSize.width + inset.right - windowSize.width),
            y: max(-inset.top, contentSize.height + inset.bottom - windowSize.height))
    }

    /// UIKit's legal resting offsets: `[-inset, maximumOffset]` per axis.
    func isLegal(_ offset: CGPoint) -> Bool {
        clamped(offset) == offset
    }

    /// The nearest legal resting offset: where UIKit brings an offset that an inset's change
    /// left out of range.
    func clamped(_ offset: CGPoint) -> CGPoint {
        let inset = adjustedContentInset
        let maximum = maximumOffset
        return CGPoint(
            x: min(max(offset.x, -inset.left), maximum.x), y: min(max(offset.y, -inset.top), maximum.y))
    }

    /// The part of the content (content coordinates) between the insets at `offset`.
    func visibleRect(at offset: CGPoint) -> CGRect {
        let inset = adjustedContentInset
        return CGRect(
            x: offset.x + inset.left, y: offset.y + inset.top,
            width: windowSize.width - inset.left - inset.right,
            height: windowSize.height - inset.top - inset.bottom)
    }

    /// UIKit's minimal vertical scroll that brings `rect` into the visible area from `offset`
    /// (rects no taller than the visible area, as the forms' fields are).
    func offsetMakingVisible(_ rect: CGRect, from offset: CGPoint) -> CGPoint {
        let visible = visibleRect(at: offset)
        if rect.minY < visible.minY { return CGPoint(x: offset.x, y: rect.minY - adjustedContentInset.top) }
        if rect.maxY > visible.maxY {
            return CGPoint(x: offset.x, y: rect.maxY - (windowSize.height - adjustedContentInset.bottom))
        }
        return offset
    }
}
