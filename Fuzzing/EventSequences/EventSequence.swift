import Foundation
import HostKit

/// One randomized event sequence (issue 14): a device, the screens and their policies, and the
/// user's actions in order. A value, so a failing sequence prints as Swift code
/// (``swiftCode``) that a scenario test can paste and replay with ``EventSequenceRun``.
package struct EventSequence: Equatable, Sendable {
    /// The seed it was generated from (`nil` for a sequence written by hand).
    package var seed: UInt64?
    /// The screen preset the window fills.
    package var device: Device
    /// The window's orientation at the start.
    package var orientation: UIInterfaceOrientation
    /// Whether the screens are shown inside a `UINavigationController` (so `push` and `pop` do
    /// something); otherwise ``root`` is the window's root view controller.
    package var navigation: Bool
    /// The first screen.
    package var root: ScreenSpec
    /// The user's actions, in order.
    package var steps: [EventStep]

    package init(
        seed: UInt64? = nil, device: Device, orientation: UIInterfaceOrientation = .portrait,
        navigation: Bool = false, root: ScreenSpec, steps: [EventStep]
    ) {
        self.seed = seed
        self.device = device
        self.orientation = orientation
        self.navigation = navigation
        self.root = root
        self.steps = steps
    }
}

/// The screen presets a sequence runs on (DESIGN §7's representative devices).
package enum Device: String, CaseIterable, Equatable, Sendable {
    case iPhoneSE, iPhoneX, iPhone15Pro, iPadPro11

    /// A new screen of this preset: each window gets its own, so sequences run in parallel
    /// never hear each other's keyboards.
    @MainActor package var screen: UIScreen {
        switch self {
        case .iPhoneSE: .iPhoneSE
        case .iPhoneX: .iPhoneX
        case .iPhone15Pro: .iPhone15Pro
        case .iPadPro11: .iPadPro11
        }
    }

    /// Whether the keyboard can float (undock and dock steps do something).
    package var hasFloatingKeyboard: Bool { self == .iPadPro11 }

    /// The orientations a rotation may go to.
    package var orientations: [UIInterfaceOrientation] {
        self == .iPadPro11
            ? [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
            : [.portrait, .landscapeLeft, .landscapeRight]
    }
}

/// A row of a screen's content: the rows are stacked top to bottom by required constraints.
package enum Row: Equatable, Sendable {
    /// A text field this tall (a required height constraint) with an input accessory of this
    /// height (0: none).
    case field(height: CGFloat, accessory: CGFloat)
    /// A plain view this tall.
    case block(CGFloat)

    /// The row's height.
    package var height: CGFloat {
        switch self {
        case .field(let height, _), .block(let height): height
        }
    }

    /// Whether the row is a text field.
    package var isField: Bool {
        if case .field = self { return true }
        return false
    }
}

/// How a screen's manager is reached: SCVC's two ways.
package enum HostKind: String, CaseIterable, Equatable, Sendable {
    /// A `ScrollingContentViewController` subclass.
    case subclass
    /// A plain `UIViewController` composing a `ScrollingContentManager`.
    case composed
}

/// One screen: how it hosts the manager, its content, its policies and what the app set
/// before any keyboard came.
package struct ScreenSpec: Equatable, Sendable {
    package var kind: HostKind
    /// The content's rows, top to bottom.
    package var rows: [Row]
    package var policies: Policies
    /// The host's `additionalSafeAreaInsets`, set by the app in `viewDidLoad`.
    package var additionalSafeAreaInsets: UIEdgeInsets
    /// The scroll view's `contentInset`, set by the app in `viewDidLoad`.
    package var contentInset: UIEdgeInsets
    /// The scroll view's `visibilityScrollMargin`.
    package var visibilityScrollMargin: CGFloat
    /// The scroll view's `keyboardDismissMode`.
    package var keyboardDismissMode: DismissMode
    /// The row whose field becomes first responder in `viewWillAppear` (each time the screen
    /// appears), if any.
    package var focusOnAppear: Int?

    package init(
        kind: HostKind = .subclass, rows: [Row], policies: Policies = Policies(),
        additionalSafeAreaInsets: UIEdgeInsets = .zero, contentInset: UIEdgeInsets = .zero,
        visibilityScrollMargin: CGFloat = 0, keyboardDismissMode: DismissMode = .none,
        focusOnAppear: Int? = nil
    ) {
        self.kind = kind
        self.rows = rows
        self.policies = policies
        self.additionalSafeAreaInsets = additionalSafeAreaInsets
        self.contentInset = contentInset
        self.visibilityScrollMargin = visibilityScrollMargin
        self.keyboardDismissMode = keyboardDismissMode
        self.focusOnAppear = focusOnAppear
    }
}

/// `UIScrollView.KeyboardDismissMode`, as a value with a name.
package enum DismissMode: String, CaseIterable, Equatable, Sendable {
    case none, onDrag, interactive

    @MainActor var mode: UIScrollView.KeyboardDismissMode {
        switch self {
        case .none: .none
        case .onDrag: .onDrag
        case .interactive: .interactive
        }
    }
}

/// Where an undocked keyboard floats.
package enum FloatingPlacement: Equatable, Sendable {
    /// HostKit's default: centred in the window.
    case centered
    /// Across the window's bottom edge, its top this far above it (a floating keyboard
    /// dragged low).
    case acrossBottom(covering: CGFloat)
}

/// One action of the user (or of the app in response to one).
package enum EventStep: Equatable, Sendable {
    /// The top screen's row becomes first responder (nothing when the row is not a field).
    case focus(row: Int)
    /// The first responder resigns.
    case resign
    /// Virtual time moves on: `0` is one turn of the run loop, `0.05` stays inside the 0.1 s
    /// filter window, `0.15` leaves it.
    case advance(TimeInterval)
    /// Everything started so far finishes (the scheduler runs until idle).
    case settle
    /// The device turns.
    case rotate(UIInterfaceOrientation)
    /// AutoFill fills a field: one hide and two shows within 0.1 s.
    case autoFill
    /// The iPad keyboard undocks and floats.
    case undock(FloatingPlacement)
    /// The floating keyboard docks again.
    case dock
    /// The user drags the keyboard down in the top screen's scroll view.
    case interactiveDismissal(steps: Int)
    /// A hardware keyboard connects (the keyboard becomes the shortcut bar).
    case connectHardwareKeyboard
    /// The hardware keyboard disconnects.
    case disconnectHardwareKeyboard
    /// A new screen is pushed (navigation only).
    case push(ScreenSpec, animated: Bool)
    /// The top screen is popped (navigation only, never the root).
    case pop(animated: Bool)
    /// A row of the top screen's content changes height (its height constraint's constant).
    case setRowHeight(row: Int, height: CGFloat)
    /// The top screen's manager gets a new content view with these rows.
    case replaceContent([Row])
    /// A policy of the top screen's manager is swapped.
    case swapPolicy(PolicyChange)
    /// The user scrolls the top screen to this fraction of its legal range (0 top, 1 end).
    case scroll(toFraction: CGFloat)
}
