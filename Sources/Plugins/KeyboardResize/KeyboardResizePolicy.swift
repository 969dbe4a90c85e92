import Foundation

/// What the resize policies look at while the keyboard is up.
public struct KeyboardResizeContext: Sendable, Equatable {
    /// The height of the scroll view's safe area as it would be without the keyboard: the
    /// smallest height the content view has when the keyboard is down (its minimum-size
    /// constraint follows the safe area). Recomputed for each keyboard change, so it follows
    /// rotations.
    public var safeAreaHeightWithoutKeyboard: CGFloat
    /// The size of the area the keyboard leaves visible in the scroll view.
    public var visibleSize: CGSize

    /// Creates a context.
    public init(safeAreaHeightWithoutKeyboard: CGFloat, visibleSize: CGSize) {
        self.safeAreaHeightWithoutKeyboard = safeAreaHeightWithoutKeyboard
        self.visibleSize = visibleSize
    }
}

/// Decides whether the content view keeps its size while the keyboard is up.
///
/// The content view's minimum size follows the scroll view's safe area (at priority 500), so
/// when the keyboard shrinks the safe area a stretchy content view would shrink with it. A
/// policy that answers a height has the manager hold the content at least that tall, at the
/// same priority 500 (so the content's own constraints at 750 or 1000 still win), until the
/// keyboard hides; `nil` lets the content shrink to the visible area as far as its own
/// constraints allow.
public protocol KeyboardResizePolicy: Sendable {
    /// The height to hold the content at while the keyboard is up, or `nil` to let it resize.
    func minimumContentHeight(for context: KeyboardResizeContext) -> CGFloat?
}

/// Keeps the content view's size (SCVC's `shouldResizeContentViewForKeyboard = false`); the default.
///
/// The height held is the one the content has without the keyboard in the current
/// orientation, recomputed for each keyboard change. After a rotation with the keyboard up the
/// content is therefore held at the new orientation's height, where SCVC keeps the height it
/// had when the keyboard appeared: rotating a landscape form to portrait, SCVC would leave the
/// content at its short landscape height (a stretched layout showing a gap below it), and
/// rotating to landscape, at its tall portrait height; here the content is always what it will
/// be once the keyboard goes, so nothing moves when it does.
public struct KeepContentSize: KeyboardResizePolicy {
    /// Creates the policy.
    public init() {}

    public func minimumContentHeight(for context: KeyboardResizeContext) -> CGFloat? {
        context.safeAreaHeightWithoutKeyboard
    }
}

/// Lets the content view shrink to the visible area as far as its constraints allow
/// (SCVC's `shouldResizeContentViewForKeyboard = true`).
public struct ResizeContent: KeyboardResizePolicy {
    /// Creates the policy.
    public init() {}

    public func minimumContentHeight(for context: KeyboardResizeContext) -> CGFloat? { nil }
}

extension KeyboardResizePolicy where Self == KeepContentSize {
    /// The content keeps its size; the default.
    public static var keepContentSize: Self { KeepContentSize() }
    /// The default: ``keepContentSize``.
    public static var `default`: Self { KeepContentSize() }
}

extension KeyboardResizePolicy where Self == ResizeContent {
    /// The content shrinks to the visible area as far as its constraints allow.
    public static var resizeContent: Self { ResizeContent() }
    /// No intervention: the content simply follows the safe area, which is ``resizeContent``.
    public static var none: Self { ResizeContent() }
}
