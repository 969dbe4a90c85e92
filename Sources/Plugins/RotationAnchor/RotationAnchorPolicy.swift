import Foundation

/// What the rotation policies look at: the scroll view before the rotation and after its new
/// geometry is laid out.
public struct RotationAnchorContext: Sendable, Equatable {
    /// The content offset before the rotation.
    public var contentOffsetBefore: CGPoint
    /// The adjusted content inset before the rotation.
    public var adjustedContentInsetBefore: UIEdgeInsets
    /// The scroll view's geometry after the rotation.
    public var geometryAfter: ScrollGeometry
    /// The first responder's frame in the scroll view's content coordinates after the rotation,
    /// if the first responder is inside the scroll view.
    public var firstResponderFrame: CGRect?
    /// The margin to keep around the first responder (the scroll view's `visibilityScrollMargin`).
    public var visibilityMargin: CGFloat

    /// Creates a context.
    public init(
        contentOffsetBefore: CGPoint, adjustedContentInsetBefore: UIEdgeInsets,
        geometryAfter: ScrollGeometry, firstResponderFrame: CGRect? = nil, visibilityMargin: CGFloat = 0
    ) {
        self.contentOffsetBefore = contentOffsetBefore
        self.adjustedContentInsetBefore = adjustedContentInsetBefore
        self.geometryAfter = geometryAfter
        self.firstResponderFrame = firstResponderFrame
        self.visibilityMargin = visibilityMargin
    }

    /// The offset that keeps the top-leading corner of the visible area on the same content
    /// point, clamped to the legal range after the rotation.
    public var pinnedTopLeadingOffset: CGPoint {
        let visibleCorner = CGPoint(
            x: contentOffsetBefore.x + adjustedContentInsetBefore.left,
            y: contentOffsetBefore.y + adjustedContentInsetBefore.top)
        let inset = geometryAfter.adjustedContentInset
        return geometryAfter.clamped(CGPoint(x: visibleCorner.x - inset.left, y: visibleCorner.y - inset.top))
    }
}

/// Decides the content offset after a device rotation. The manager applies it inside the
/// rotation's animation, once the new geometry is laid out.
public protocol RotationAnchorPolicy: Sendable {
    /// The offset to move to, or `nil` to leave the offset as UIKit left it.
    func contentOffset(after context: RotationAnchorContext) -> CGPoint?
}

/// SCVC's behaviour: the top-leading corner of the visible content stays in place, and the
/// offset is kept in the legal range (UIKit otherwise leaves it wherever the old bounds put it,
/// possibly out of range). The default; many of Apple's apps behave this way.
public struct PinTopLeading: RotationAnchorPolicy {
    /// Creates the policy.
    public init() {}

    public func contentOffset(after context: RotationAnchorContext) -> CGPoint? {
        context.pinnedTopLeadingOffset
    }
}

/// Pins the top-leading corner, then scrolls the least distance that keeps the first
/// responder (with the visibility margin; a negative margin counts as `0`) visible.
public struct KeepFirstResponderVisible: RotationAnchorPolicy {
    /// Creates the policy.
    public init() {}

    public func contentOffset(after context: RotationAnchorContext) -> CGPoint? {
        let pinned = context.pinnedTopLeadingOffset
        guard let frame = context.firstResponderFrame else { return pinned }
        // A negative margin counts as none, as in ScrollFirstResponderToVisible: it would
        // otherwise turn a short field into a null rect and send the offset to the content's end.
        let target = frame.insetBy(dx: 0, dy: -max(0, context.visibilityMargin))
        return context.geometryAfter.offset(makingVisible: target, from: pinned)
    }
}

/// Leaves the offset alone.
public struct NoRotationAnchor: RotationAnchorPolicy {
    /// Creates the policy.
    public init() {}

    public func contentOffset(after context: RotationAnchorContext) -> CGPoint? { nil }
}

extension RotationAnchorPolicy where Self == PinTopLeading {
    /// Pin the top-leading corner of the visible content; the default.
    public static var pinTopLeading: Self { PinTopLeading() }
    /// The default: ``pinTopLeading``.
    public static var `default`: Self { PinTopLeading() }
}

extension RotationAnchorPolicy where Self == KeepFirstResponderVisible {
    /// Keep the first responder visible.
    public static var keepFirstResponderVisible: Self { KeepFirstResponderVisible() }
}

extension RotationAnchorPolicy where Self == NoRotationAnchor {
    /// Leave the offset alone.
    public static var none: Self { NoRotationAnchor() }
}
