/// Why a ``SnappingPolicy`` has no target offset. The scroll view is left as it was.
public enum SnappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The release velocity has a NaN or infinite component.
    case nonFiniteVelocity
    /// The content offset at release has a NaN or infinite component.
    case nonFiniteContentOffset
    /// The content size, bounds size or adjusted insets have a NaN or infinite value.
    case nonFiniteGeometry
    /// The deceleration rate is outside `0 ..< 1` (see ``HostKit/UIScrollView/DecelerationRate/isValid``).
    case invalidDecelerationRate
    /// A page has no length (or a non-finite one) on an axis the content can scroll along:
    /// pages of zero size cannot tile the content.
    case zeroSizePage
    /// An anchor offset has a NaN or infinite component.
    case nonFiniteAnchorOffset

    /// The reason in a few words, as the log messages give it ("the velocity is not finite").
    public var description: String {
        switch self {
        case .nonFiniteVelocity: "the velocity is not finite"
        case .nonFiniteContentOffset: "the content offset is not finite"
        case .nonFiniteGeometry: "the scroll geometry is not finite"
        case .invalidDecelerationRate: "the deceleration rate is outside 0 ..< 1"
        case .zeroSizePage: "the page has no length on an axis that scrolls"
        case .nonFiniteAnchorOffset: "an anchor offset is not finite"
        }
    }
}
