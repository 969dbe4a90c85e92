import Foundation
import ScrollingContent

/// A screen's policies, each one of the built-ins named by a value (so a sequence prints as
/// code and compares equal).
package struct Policies: Equatable, Sendable {
    package var overlap: Overlap
    package var insets: Insets
    package var resize: Resize
    package var filter: Filter
    package var visibility: Visibility
    package var rotationAnchor: RotationAnchor
    package var animation: Animation

    package init(
        overlap: Overlap = .docked, insets: Insets = .additionalSafeAreaInsets, resize: Resize = .keepContentSize,
        filter: Filter = .temporal, visibility: Visibility = .scrollFirstResponderToVisible,
        rotationAnchor: RotationAnchor = .pinTopLeading, animation: Animation = .spring
    ) {
        self.overlap = overlap
        self.insets = insets
        self.resize = resize
        self.filter = filter
        self.visibility = visibility
        self.rotationAnchor = rotationAnchor
        self.animation = animation
    }

    package enum Overlap: String, CaseIterable, Equatable, Sendable { case docked, intersection, none }
    package enum Insets: String, CaseIterable, Equatable, Sendable { case additionalSafeAreaInsets, contentInset, none }
    package enum Resize: String, CaseIterable, Equatable, Sendable { case keepContentSize, resizeContent }
    package enum Filter: String, CaseIterable, Equatable, Sendable { case temporal, immediate }
    package enum Visibility: String, CaseIterable, Equatable, Sendable { case scrollFirstResponderToVisible, none }
    package enum RotationAnchor: String, CaseIterable, Equatable, Sendable {
        case pinTopLeading, keepFirstResponderVisible, none
    }
    package enum Animation: String, CaseIterable, Equatable, Sendable { case spring, none }

    /// Sets every policy of `manager`.
    @MainActor
    func apply(to manager: ScrollingContentManager) {
        for change in changes { change.apply(to: manager) }
    }

    /// Every policy as a change.
    var changes: [PolicyChange] {
        [
            .overlap(overlap), .insets(insets), .resize(resize), .filter(filter), .visibility(visibility),
            .rotationAnchor(rotationAnchor), .animation(animation),
        ]
    }

    /// These policies with `change` made.
    func with(_ change: PolicyChange) -> Policies {
        var copy = self
        switch change {
        case .overlap(let value): copy.overlap = value
        case .insets(let value): copy.insets = value
        case .resize(let value): copy.resize = value
        case .filter(let value): copy.filter = value
        case .visibility(let value): copy.visibility = value
        case .rotationAnchor(let value): copy.rotationAnchor = value
        case .animation(let value): copy.animation = value
        }
        return copy
    }

    /// Whether these policies promise that the first responder is scrolled above the keyboard:
    /// the keyboard is measured, its overlap goes into an inset, and the first responder is
    /// scrolled into view after keyboard changes.
    var promiseFirstResponderVisible: Bool {
        overlap != .none && insets != .none && visibility == .scrollFirstResponderToVisible
    }
}

/// One policy of a manager set to one of the built-ins.
package enum PolicyChange: Equatable, Sendable {
    case overlap(Policies.Overlap)
    case insets(Policies.Insets)
    case resize(Policies.Resize)
    case filter(Policies.Filter)
    case visibility(Policies.Visibility)
    case rotationAnchor(Policies.RotationAnchor)
    case animation(Policies.Animation)

    /// Sets the policy on `manager`.
    @MainActor
    func apply(to manager: ScrollingContentManager) {
        switch self {
        case .overlap(.docked): manager.keyboardOverlapPolicy = .docked
        case .overlap(.intersection): manager.keyboardOverlapPolicy = .intersection
        case .overlap(.none): manager.keyboardOverlapPolicy = .none
        case .insets(.additionalSafeAreaInsets): manager.insetAdjustmentPolicy = .additionalSafeAreaInsets
        case .insets(.contentInset): manager.insetAdjustmentPolicy = .contentInset
        case .insets(.none): manager.insetAdjustmentPolicy = .none
        case .resize(.keepContentSize): manager.keyboardResizePolicy = .keepContentSize
        case .resize(.resizeContent): manager.keyboardResizePolicy = .resizeContent
        case .filter(.temporal): manager.keyboardEventFilter = .default
        case .filter(.immediate): manager.keyboardEventFilter = .immediate
        case .visibility(.scrollFirstResponderToVisible): manager.visibilityPolicy = .scrollFirstResponderToVisible
        case .visibility(.none): manager.visibilityPolicy = .none
        case .rotationAnchor(.pinTopLeading): manager.rotationAnchorPolicy = .pinTopLeading
        case .rotationAnchor(.keepFirstResponderVisible): manager.rotationAnchorPolicy = .keepFirstResponderVisible
        case .rotationAnchor(.none): manager.rotationAnchorPolicy = .none
        case .animation(.spring): manager.insetAnimationPolicy = .default
        case .animation(.none): manager.insetAnimationPolicy = .none
        }
    }
}
