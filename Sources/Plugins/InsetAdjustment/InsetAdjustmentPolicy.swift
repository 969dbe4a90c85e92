import Foundation

/// What the inset policies look at when the keyboard's overlap changes.
public struct InsetAdjustmentContext: Sendable, Equatable {
    /// How far the keyboard reaches up from the host root view's bottom edge (`0` when hidden).
    public var hostBottomOverlap: CGFloat
    /// How far the keyboard reaches up from the scroll view's bottom edge (`0` when hidden).
    public var scrollViewBottomOverlap: CGFloat
    /// The host root view's bottom safe-area inset without any keyboard adjustment: the window's
    /// (home indicator) plus the host's own additional insets.
    public var hostBaseSafeAreaBottom: CGFloat
    /// The scroll view's bottom safe-area inset without any keyboard adjustment.
    public var scrollViewBaseSafeAreaBottom: CGFloat
    /// The host's `additionalSafeAreaInsets` before the keyboard, to adjust from and restore.
    public var originalAdditionalSafeAreaInsets: UIEdgeInsets
    /// The scroll view's `contentInset` before the keyboard.
    public var originalContentInset: UIEdgeInsets
    /// The scroll view's `verticalScrollIndicatorInsets` before the keyboard.
    public var originalVerticalScrollIndicatorInsets: UIEdgeInsets

    /// Creates a context.
    public init(
        hostBottomOverlap: CGFloat, scrollViewBottomOverlap: CGFloat,
        hostBaseSafeAreaBottom: CGFloat, scrollViewBaseSafeAreaBottom: CGFloat,
        originalAdditionalSafeAreaInsets: UIEdgeInsets = .zero, originalContentInset: UIEdgeInsets = .zero,
        originalVerticalScrollIndicatorInsets: UIEdgeInsets = .zero
    ) {
        self.hostBottomOverlap = hostBottomOverlap
        self.scrollViewBottomOverlap = scrollViewBottomOverlap
        self.hostBaseSafeAreaBottom = hostBaseSafeAreaBottom
        self.scrollViewBaseSafeAreaBottom = scrollViewBaseSafeAreaBottom
        self.originalAdditionalSafeAreaInsets = originalAdditionalSafeAreaInsets
        self.originalContentInset = originalContentInset
        self.originalVerticalScrollIndicatorInsets = originalVerticalScrollIndicatorInsets
    }
}

/// The insets to apply for the keyboard: each `nil` field is left alone.
///
/// The manager applies only the **bottom** of each inset: the top, left and right stay the
/// app's (it may change them while the keyboard is up), so a policy need only get the bottom
/// right.
public struct InsetAdjustment: Sendable, Equatable, CustomStringConvertible {
    /// The host's new `additionalSafeAreaInsets`.
    public var additionalSafeAreaInsets: UIEdgeInsets?
    /// The scroll view's new `contentInset`.
    public var contentInset: UIEdgeInsets?
    /// The scroll view's new `verticalScrollIndicatorInsets`.
    public var verticalScrollIndicatorInsets: UIEdgeInsets?

    /// Creates an adjustment.
    public init(
        additionalSafeAreaInsets: UIEdgeInsets? = nil, contentInset: UIEdgeInsets? = nil,
        verticalScrollIndicatorInsets: UIEdgeInsets? = nil
    ) {
        self.additionalSafeAreaInsets = additionalSafeAreaInsets
        self.contentInset = contentInset
        self.verticalScrollIndicatorInsets = verticalScrollIndicatorInsets
    }

    /// Change nothing.
    public static let none = InsetAdjustment()

    public var description: String {
        var parts: [String] = []
        if let additionalSafeAreaInsets { parts.append("additionalSafeAreaInsets \(additionalSafeAreaInsets)") }
        if let contentInset { parts.append("contentInset \(contentInset)") }
        if let verticalScrollIndicatorInsets { parts.append("indicatorInsets \(verticalScrollIndicatorInsets)") }
        return parts.isEmpty ? "no inset change" : parts.joined(separator: ", ")
    }
}

/// Decides where the keyboard's overlap goes so all of the content stays reachable.
///
/// The manager calls it with the current overlap after each filtered keyboard change (an
/// overlap of `0` when the keyboard hides) and applies the answer; answers computed from the
/// original values restore them when the keyboard goes away.
public protocol InsetAdjustmentPolicy: Sendable {
    /// The insets to apply for the overlap in `context`.
    func adjustment(for context: InsetAdjustmentContext) -> InsetAdjustment
}

/// SCVC's approach: grow the host's `additionalSafeAreaInsets.bottom` until the safe area ends
/// at the keyboard's top, never below its original value, and restore it when the keyboard
/// hides. The default.
///
/// Apple's "Managing the Keyboard" recommends it, and it leaves `additionalSafeAreaInsets`
/// usable for other purposes (custom tool palettes) since the original value is kept.
public struct AdditionalSafeAreaInsetsAdjustment: InsetAdjustmentPolicy {
    /// Creates the policy.
    public init() {}

    public func adjustment(for context: InsetAdjustmentContext) -> InsetAdjustment {
        var insets = context.originalAdditionalSafeAreaInsets
        insets.bottom += max(0, context.hostBottomOverlap - context.hostBaseSafeAreaBottom)
        return InsetAdjustment(additionalSafeAreaInsets: insets)
    }
}

/// Apple's classic approach: grow the scroll view's `contentInset.bottom` and its vertical
/// scroll indicator inset by the part of the overlap the safe area does not already cover.
///
/// SCVC's README explains why it is not the default: on a notched iPhone in landscape the
/// indicator inset shifts the scroll indicator awkwardly away from the screen's edge.
public struct ContentInsetAdjustment: InsetAdjustmentPolicy {
    /// Creates the policy.
    public init() {}

    public func adjustment(for context: InsetAdjustmentContext) -> InsetAdjustment {
        let extra = max(0, context.scrollViewBottomOverlap - context.scrollViewBaseSafeAreaBottom)
        var content = context.originalContentInset
        content.bottom += extra
        var indicators = context.originalVerticalScrollIndicatorInsets
        indicators.bottom += extra
        return InsetAdjustment(contentInset: content, verticalScrollIndicatorInsets: indicators)
    }
}

/// Leaves every inset alone, for hosts that compensate for the keyboard themselves
/// (SCVC's `shouldAdjustAdditionalSafeAreaInsetsForKeyboard = false`).
public struct NoInsetAdjustment: InsetAdjustmentPolicy {
    /// Creates the policy.
    public init() {}

    public func adjustment(for context: InsetAdjustmentContext) -> InsetAdjustment { .none }
}

extension InsetAdjustmentPolicy where Self == AdditionalSafeAreaInsetsAdjustment {
    /// The host's `additionalSafeAreaInsets.bottom`; the default.
    public static var additionalSafeAreaInsets: Self { AdditionalSafeAreaInsetsAdjustment() }
    /// The default: ``additionalSafeAreaInsets``.
    public static var `default`: Self { AdditionalSafeAreaInsetsAdjustment() }
}

extension InsetAdjustmentPolicy where Self == ContentInsetAdjustment {
    /// The scroll view's `contentInset` and indicator insets.
    public static var contentInset: Self { ContentInsetAdjustment() }
}

extension InsetAdjustmentPolicy where Self == NoInsetAdjustment {
    /// No inset is changed.
    public static var none: Self { NoInsetAdjustment() }
}
