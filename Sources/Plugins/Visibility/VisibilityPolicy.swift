import Foundation

/// What the visibility policies look at after a keyboard change has been applied.
public struct VisibilityContext: Sendable, Equatable {
    /// The first responder's frame in the scroll view's content coordinates, if it is inside
    /// the scroll view and the keyboard is up after the change (`nil` after a hide: the manager
    /// does not look for a first responder then).
    public var firstResponderFrame: CGRect?
    /// The scroll view's `visibilityScrollMargin`.
    public var margin: CGFloat
    /// Whether the keyboard is up after the change.
    public var isKeyboardVisible: Bool
    /// The scroll view's geometry after the change (`nil` when unknown), to fit the margin to
    /// the visible area (``ScrollGeometry/expanding(_:byVerticalMargin:)``).
    public var geometry: ScrollGeometry?

    /// Creates a context.
    public init(
        firstResponderFrame: CGRect?, margin: CGFloat, isKeyboardVisible: Bool,
        geometry: ScrollGeometry? = nil
    ) {
        self.firstResponderFrame = firstResponderFrame
        self.margin = margin
        self.isKeyboardVisible = isKeyboardVisible
        self.geometry = geometry
    }
}

/// Decides what to scroll into view after the manager applies a keyboard change
/// (ContainerScrollViewController's `shouldScrollFirstResponderToVisibleForKeyboard`).
///
/// UIKit scrolls the first responder into view by itself, but computes the target before the
/// insets reflect the change (notably after a rotation) and can leave it hidden or the offset
/// out of range; doing it again once the change is applied fixes that.
public protocol VisibilityPolicy: Sendable {
    /// The rectangle (content coordinates) to make visible, or `nil` for none.
    func rectToMakeVisible(afterKeyboardChange context: VisibilityContext) -> CGRect?
}

/// Scrolls the first responder, expanded vertically by the margin, into view after every
/// keyboard change that leaves the keyboard up. The default.
///
/// The margin shrinks to what the visible area leaves around the first responder, so a field
/// that fits is always wholly visible, and one taller than the area shows its top.
public struct ScrollFirstResponderToVisible: VisibilityPolicy {
    /// Creates the policy.
    public init() {}

    public func rectToMakeVisible(afterKeyboardChange context: VisibilityContext) -> CGRect? {
        guard context.isKeyboardVisible, let frame = context.firstResponderFrame else { return nil }
        if let geometry = context.geometry { return geometry.expanding(frame, byVerticalMargin: context.margin) }
        return frame.insetBy(dx: 0, dy: -max(0, context.margin))
    }
}

/// Scrolls nothing after keyboard changes (UIKit's own scrolling still happens).
public struct NoVisibilityScrolling: VisibilityPolicy {
    /// Creates the policy.
    public init() {}

    public func rectToMakeVisible(afterKeyboardChange context: VisibilityContext) -> CGRect? { nil }
}

extension VisibilityPolicy where Self == ScrollFirstResponderToVisible {
    /// Scroll the first responder into view after keyboard changes; the default.
    public static var scrollFirstResponderToVisible: Self { ScrollFirstResponderToVisible() }
    /// The default: ``scrollFirstResponderToVisible``.
    public static var `default`: Self { ScrollFirstResponderToVisible() }
}

extension VisibilityPolicy where Self == NoVisibilityScrolling {
    /// No scrolling after keyboard changes.
    public static var none: Self { NoVisibilityScrolling() }
}
