import Foundation

/// What the overlap policies look at: the keyboard change and where the host sits.
public struct KeyboardOverlapContext: Sendable, Equatable {
    /// The keyboard change.
    public var event: KeyboardEvent
    /// The window's bounds, in the window's coordinates (the space of every frame here).
    public var windowBounds: CGRect
    /// The host's root view, in window coordinates.
    public var hostFrame: CGRect

    /// Creates a context.
    public init(event: KeyboardEvent, windowBounds: CGRect, hostFrame: CGRect) {
        self.event = event
        self.windowBounds = windowBounds
        self.hostFrame = hostFrame
    }
}

/// Decides which part of the window the keyboard covers after a change.
///
/// The manager turns the answer into bottom overlaps with ``KeyboardOverlap/bottomOverlap(of:keyboard:)``:
/// how far the keyboard reaches up from the bottom edge of the host view and of the scroll
/// view. A keyboard that does not reach a view's bottom edge (floating, undocked) covers
/// nothing that an inset could fix, so it overlaps nothing.
public protocol KeyboardOverlapPolicy: Sendable {
    /// The keyboard's covering rectangle in window coordinates, or `nil` when it covers nothing.
    func keyboardFrame(in context: KeyboardOverlapContext) -> CGRect?
}

/// Geometry shared by every overlap policy and the manager.
public enum KeyboardOverlap {
    /// How far `keyboard` reaches up from the bottom edge of `frame` (both in one coordinate
    /// space): `0` when there is no keyboard, when it misses the frame, or when it does not
    /// reach the frame's bottom edge (a floating keyboard); at most the frame's height.
    public static func bottomOverlap(of frame: CGRect, keyboard: CGRect?) -> CGFloat {
        guard let keyboard, !keyboard.isEmpty, !frame.isEmpty else { return 0 }
        guard keyboard.maxX > frame.minX, keyboard.minX < frame.maxX else { return 0 }
        // Half a point of slack: frames come out of layout arithmetic.
        guard keyboard.maxY >= frame.maxY - 0.5 else { return 0 }
        return min(frame.height, max(0, frame.maxY - keyboard.minY))
    }
}

/// SCVC's model: a keyboard at the bottom of the window is taken to be docked there across the
/// window's full width, with its height; a keyboard that does not reach the window's bottom
/// edge covers nothing. This is the default.
///
/// ScrollingContentViewController trusts the height alone, because Apple long documented the
/// frame's origin as unreliable, and acts on `keyboardWillShow` and `keyboardWillHide` only. An
/// iPad keyboard that floats or is undocked posts `keyboardWillHide` as it leaves the bottom
/// edge, so SCVC removes the inset and keeps it off while the keyboard floats. This policy does
/// the same from the frame: since iOS 9 the end frame is in screen coordinates and its bottom
/// is the window's for a docked keyboard, so a keyboard whose frame ends above the bottom edge
/// (floating, undocked, split) covers nothing — it would otherwise leave an empty band the
/// height of the floating keyboard at the bottom. Use ``IntersectingKeyboardOverlap`` to
/// measure what a floating keyboard covers.
public struct DockedKeyboardOverlap: KeyboardOverlapPolicy {
    /// Creates the policy.
    public init() {}

    public func keyboardFrame(in context: KeyboardOverlapContext) -> CGRect? {
        guard context.event.leavesKeyboardVisible else { return nil }
        // A frame wholly below the window is a keyboard on its way out (UIKit's
        // `keyboardWillChangeFrame` before a hide).
        if context.event.frameEnd.minY >= context.windowBounds.maxY { return nil }
        // A frame that ends above the bottom edge is a floating or undocked keyboard (half a
        // point of slack: frames come out of layout arithmetic).
        if context.event.frameEnd.maxY < context.windowBounds.maxY - 0.5 { return nil }
        let height = min(context.event.frameEnd.height, context.windowBounds.height)
        return CGRect(
            x: context.windowBounds.minX, y: context.windowBounds.maxY - height,
            width: context.windowBounds.width, height: height)
    }
}

/// The keyboard's real end frame intersected with the host view.
///
/// Handles what the docked model cannot: a floating keyboard dragged low across a scroll view
/// that stops above the window's bottom, a frame partly below the window, and hosts that do
/// not fill the window (form sheets, Stage Manager, split screens). A floating keyboard
/// mid-screen reaches no bottom edge, so it gets no inset here either.
public struct IntersectingKeyboardOverlap: KeyboardOverlapPolicy {
    /// Creates the policy.
    public init() {}

    public func keyboardFrame(in context: KeyboardOverlapContext) -> CGRect? {
        guard context.event.leavesKeyboardVisible else { return nil }
        let covered = context.event.frameEnd.intersection(context.hostFrame)
        return covered.isNull || covered.isEmpty ? nil : covered
    }
}

/// Ignores the keyboard: nothing is ever covered.
public struct NoKeyboardOverlap: KeyboardOverlapPolicy {
    /// Creates the policy.
    public init() {}

    public func keyboardFrame(in context: KeyboardOverlapContext) -> CGRect? { nil }
}

extension KeyboardOverlapPolicy where Self == DockedKeyboardOverlap {
    /// SCVC's docked-height model; the default.
    public static var docked: Self { DockedKeyboardOverlap() }
    /// The default: ``docked``.
    public static var `default`: Self { DockedKeyboardOverlap() }
}

extension KeyboardOverlapPolicy where Self == IntersectingKeyboardOverlap {
    /// The real end frame intersected with the host view.
    public static var intersection: Self { IntersectingKeyboardOverlap() }
}

extension KeyboardOverlapPolicy where Self == NoKeyboardOverlap {
    /// Nothing is ever covered.
    public static var none: Self { NoKeyboardOverlap() }
}
