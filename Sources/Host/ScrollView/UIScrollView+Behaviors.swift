import Foundation

/// How a scroll view adds its safe-area insets to ``UIScrollView/contentInset``
/// (`UIScrollView.ContentInsetAdjustmentBehavior`).
///
/// An axis that adjusts adds the safe-area insets of its two edges to
/// ``UIScrollView/adjustedContentInset``, and the scroll view's subviews then get no safe-area
/// insets on that axis (the content is not inset twice).
extension UIScrollView {
    public enum ContentInsetAdjustmentBehavior: Sendable {
        /// Like ``scrollableAxes``, except that the vertical axis always adjusts when the scroll
        /// view is the root view of a view controller displayed by a navigation or tab bar
        /// controller (the container tells the scroll view): "Content is always adjusted vertically
        /// when the scroll view is the content view of a view controller that is currently
        /// displayed by a navigation or tab bar controller" (Apple's documentation). This is
        /// UIKit's rule for `automaticallyAdjustsScrollViewInsets` compatibility. The default.
        case automatic
        /// An axis adjusts when it scrolls: its content is longer than the bounds, or it always
        /// bounces (``UIScrollView/alwaysBounceVertical``, ``UIScrollView/alwaysBounceHorizontal``).
        case scrollableAxes
        /// No axis adjusts; the content gets only ``UIScrollView/contentInset``.
        case never
        /// Both axes always adjust. ScrollingContentViewController uses this.
        case always
    }

}

extension UIScrollView {
    /// How dragging a scroll view dismisses the keyboard (`UIScrollView.KeyboardDismissMode`).
    public enum KeyboardDismissMode: Sendable {
        /// Dragging does not dismiss the keyboard. The default.
        case none
        /// The keyboard is dismissed when a drag begins.
        case onDrag
        /// The keyboard follows the drag downwards and can be pulled away.
        case interactive
    }
}

extension UIScrollView {
    /// How quickly a scroll view slows down after the finger lifts
    /// (`UIScrollView.DecelerationRate`): the fraction of its velocity the content keeps each
    /// millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The fraction of the velocity kept per millisecond.
        public let rawValue: CGFloat

        /// Creates a rate. HostKit keeps any value; whoever projects a glide from it checks it.
        public init(rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// UIKit's default, 0.998 per millisecond: a long glide.
        public static let normal = DecelerationRate(rawValue: 0.998)

        /// UIKit's quick stop, 0.99 per millisecond, used with paging.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}
