/// How a scroll view adds its safe-area insets to ``ScrollView/contentInset``
/// (`UIScrollView.ContentInsetAdjustmentBehavior`).
///
/// An axis that adjusts adds the safe-area insets of its two edges to
/// ``ScrollView/adjustedContentInset``, and the scroll view's subviews then get no safe-area
/// insets on that axis (the content is not inset twice).
public enum ContentInsetAdjustmentBehavior: Sendable {
    /// Like ``scrollableAxes``, except that the vertical axis always adjusts when the scroll
    /// view is a view controller's root view inside a navigation controller (HostKit part 2
    /// tells the scroll view). This is UIKit's rule for `automaticallyAdjustsScrollViewInsets`
    /// compatibility. The default.
    case automatic
    /// An axis adjusts when it scrolls: its content is longer than the bounds, or it always
    /// bounces (``ScrollView/alwaysBounceVertical``, ``ScrollView/alwaysBounceHorizontal``).
    case scrollableAxes
    /// No axis adjusts; the content gets only ``ScrollView/contentInset``.
    case never
    /// Both axes always adjust. ScrollingContentViewController uses this.
    case always
}

/// How dragging a scroll view dismisses the keyboard (`UIScrollView.KeyboardDismissMode`).
public enum KeyboardDismissMode: Sendable {
    /// Dragging does not dismiss the keyboard. The default.
    case none
    /// The keyboard is dismissed when a drag begins.
    case onDrag
    /// The keyboard follows the drag downwards and can be pulled away.
    case interactive
}
