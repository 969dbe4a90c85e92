import Foundation

/// Why a custom ``UIScreen`` was refused: the field, its value and what is wrong with it.
public enum ScreenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A measurement of the screen that no device can have.
    case invalidValue(field: Field, value: String, reason: String)

    /// A measurement of a ``UIScreen``, named as its initializer's parameter.
    public enum Field: String, Sendable, CaseIterable {
        /// ``UIScreen/portraitSize``.
        case portraitSize
        /// ``UIScreen/scale``.
        case scale
        /// ``UIScreen/portraitSafeAreaInsets``.
        case portraitSafeAreaInsets
        /// ``UIScreen/landscapeSafeAreaInsets``.
        case landscapeSafeAreaInsets
        /// ``UIScreen/portraitKeyboardHeight``.
        case portraitKeyboardHeight
        /// ``UIScreen/landscapeKeyboardHeight``.
        case landscapeKeyboardHeight
        /// ``UIScreen/shortcutBarHeight``.
        case shortcutBarHeight
    }

    /// The field that was refused.
    public var field: Field {
        switch self {
        case .invalidValue(let field, _, _): field
        }
    }

    /// `invalid screen portraitKeyboardHeight nan: it must be finite, …`.
    public var description: String {
        switch self {
        case .invalidValue(let field, let value, let reason): "invalid screen \(field.rawValue) \(value): \(reason)"
        }
    }
}
