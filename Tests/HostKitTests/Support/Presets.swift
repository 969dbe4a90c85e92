import Foundation
import HostKit
import Testing

/// The screen presets a test runs on, as test arguments (a `UIScreen` is made fresh for each
/// window, on the main actor).
enum Preset: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case iPhoneSE, iPhoneX, iPadPro11

    /// The phones: a home-button phone and a notched one.
    static let phones: [Preset] = [.iPhoneSE, .iPhoneX]

    @MainActor
    var screen: HostKit.UIScreen {
        switch self {
        case .iPhoneSE: .iPhoneSE
        case .iPhoneX: .iPhoneX
        case .iPadPro11: .iPadPro11
        }
    }

    var testDescription: String { rawValue }
}
