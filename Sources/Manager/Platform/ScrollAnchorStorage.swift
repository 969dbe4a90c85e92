// The scroll-anchor seam: where a view's programmatic-scrolling identifier is kept.
//
// On iOS, an associated object on the view (UIKit views have no spare stored property);
// without UIKit, HostKit's `scrollAnchorID`, a stored property kept for this purpose.

#if canImport(UIKit) && !os(watchOS)
    import ObjectiveC
    import UIKit

    /// The key of the associated object; only its address matters.
    @MainActor private var scrollAnchorKey: UInt8 = 0

    extension UIView {
        /// The identifier ``setScrollAnchor(_:)`` marked the view with, or `nil`.
        var storedScrollAnchor: AnyHashable? {
            get { objc_getAssociatedObject(self, &scrollAnchorKey) as? AnyHashable }
            set { objc_setAssociatedObject(self, &scrollAnchorKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
        }
    }
#else

    extension UIView {
        /// The identifier ``setScrollAnchor(_:)`` marked the view with, or `nil`.
        var storedScrollAnchor: AnyHashable? {
            get { scrollAnchorID }
            set { scrollAnchorID = newValue }
        }
    }
#endif
