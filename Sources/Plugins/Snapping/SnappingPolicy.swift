import Foundation

/// Decides where the content comes to rest after a drag (the `targetContentOffset` of
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`). ScrollingContent's
/// `SnappingController` asks it when a drag ends and moves the scroll view there.
///
/// Built-ins: ``NoSnapping`` (`.none`, the default), ``Paging`` (`.paging`,
/// `.paging(pageSize:)`) and ``AlignedToAnchors`` (`.alignedToAnchors`). Each starts from
/// ``SnappingContext/projectedRestOffset()``, so the deceleration rate decides how far a flick
/// carries.
public protocol SnappingPolicy: Sendable {
    /// The resting offset, in the legal range, or why there is none (bad input).
    func targetContentOffset(for context: SnappingContext) -> Result<CGPoint, SnappingError>
}

/// No snapping: the content rests where its glide ends (UIKit's default behaviour).
public struct NoSnapping: SnappingPolicy {
    /// Creates the policy; it has no settings (``SnappingPolicy/none`` is the same).
    public init() {}

    /// The projected rest offset (``SnappingContext/projectedRestOffset()``), or its error.
    public func targetContentOffset(for context: SnappingContext) -> Result<CGPoint, SnappingError> {
        context.projectedRestOffset()
    }
}

extension SnappingPolicy where Self == NoSnapping {
    /// No snapping.
    public static var none: Self { NoSnapping() }
    /// The default: ``none``, as UIKit.
    public static var `default`: Self { NoSnapping() }
}

extension SnappingPolicy where Self == Paging {
    /// Pages the size of the visible area (`isPagingEnabled`, keyboard-aware).
    public static var paging: Self { Paging() }
    /// Pages of a given size (a carousel's item width, say).
    public static func paging(pageSize: CGSize) -> Self { Paging(pageSize: pageSize) }
}

extension SnappingPolicy where Self == AlignedToAnchors {
    /// Rest with the anchor nearest the glide's end aligned.
    public static var alignedToAnchors: Self { AlignedToAnchors() }
}
