import Foundation
import HostKit

/// Sequences as Swift code: a failing sequence prints as an expression a scenario test can
/// paste (in a target that depends on `ScrollingContentEventSequences`) and replay with
/// ``EventSequenceRun/run(_:stopAtFirstViolation:)``. Only what differs from the defaults is
/// written.
extension EventSequence {
    /// The sequence as a Swift expression, one step a line.
    package var swiftCode: String {
        var arguments: [String] = []
        if let seed { arguments.append("seed: \(seed)") }
        arguments.append("device: .\(device.rawValue)")
        if orientation != .portrait { arguments.append("orientation: .\(orientation)") }
        if navigation { arguments.append("navigation: true") }
        arguments.append("root: \(root.swiftCode)")
        let steps =
            self.steps.isEmpty ? "[]" : "[\n" + self.steps.map { "        \($0.swiftCode),\n" }.joined() + "    ]"
        return "EventSequence(\n    " + arguments.joined(separator: ",\n    ") + ",\n    steps: \(steps))"
    }
}

extension ScreenSpec {
    /// The spec as a Swift expression.
    package var swiftCode: String {
        var arguments: [String] = []
        if kind != .subclass { arguments.append("kind: .\(kind.rawValue)") }
        arguments.append("rows: \(rows.swiftCode)")
        if policies != Policies() { arguments.append("policies: \(policies.swiftCode)") }
        if additionalSafeAreaInsets != .zero {
            arguments.append("additionalSafeAreaInsets: \(additionalSafeAreaInsets.swiftCode)")
        }
        if contentInset != .zero { arguments.append("contentInset: \(contentInset.swiftCode)") }
        if visibilityScrollMargin != 0 {
            arguments.append("visibilityScrollMargin: \(visibilityScrollMargin.swiftCode)")
        }
        if keyboardDismissMode != .none { arguments.append("keyboardDismissMode: .\(keyboardDismissMode.rawValue)") }
        if let focusOnAppear { arguments.append("focusOnAppear: \(focusOnAppear)") }
        return "ScreenSpec(" + arguments.joined(separator: ", ") + ")"
    }
}

extension Policies {
    /// The policies that differ from the defaults, as a Swift expression.
    package var swiftCode: String {
        let defaults = Policies()
        var arguments: [String] = []
        if overlap != defaults.overlap { arguments.append("overlap: .\(overlap.rawValue)") }
        if insets != defaults.insets { arguments.append("insets: .\(insets.rawValue)") }
        if resize != defaults.resize { arguments.append("resize: .\(resize.rawValue)") }
        if filter != defaults.filter { arguments.append("filter: .\(filter.rawValue)") }
        if visibility != defaults.visibility { arguments.append("visibility: .\(visibility.rawValue)") }
        if rotationAnchor != defaults.rotationAnchor { arguments.append("rotationAnchor: .\(rotationAnchor.rawValue)") }
        if animation != defaults.animation { arguments.append("animation: .\(animation.rawValue)") }
        return "Policies(" + arguments.joined(separator: ", ") + ")"
    }
}

extension PolicyChange {
    /// The change as a Swift expression.
    package var swiftCode: String {
        switch self {
        case .overlap(let value): ".overlap(.\(value.rawValue))"
        case .insets(let value): ".insets(.\(value.rawValue))"
        case .resize(let value): ".resize(.\(value.rawValue))"
        case .filter(let value): ".filter(.\(value.rawValue))"
        case .visibility(let value): ".visibility(.\(value.rawValue))"
        case .rotationAnchor(let value): ".rotationAnchor(.\(value.rawValue))"
        case .animation(let value): ".animation(.\(value.rawValue))"
        }
    }
}

extension EventStep {
    /// The step as a Swift expression.
    package var swiftCode: String {
        switch self {
        case .focus(let row): ".focus(row: \(row))"
        case .resign: ".resign"
        case .advance(let duration): ".advance(\(duration.swiftCode))"
        case .settle: ".settle"
        case .rotate(let orientation): ".rotate(.\(orientation))"
        case .autoFill: ".autoFill"
        case .undock(.centered): ".undock(.centered)"
        case .undock(.acrossBottom(let covering)): ".undock(.acrossBottom(covering: \(covering.swiftCode)))"
        case .dock: ".dock"
        case .interactiveDismissal(let steps): ".interactiveDismissal(steps: \(steps))"
        case .connectHardwareKeyboard: ".connectHardwareKeyboard"
        case .disconnectHardwareKeyboard: ".disconnectHardwareKeyboard"
        case .push(let spec, let animated): ".push(\(spec.swiftCode), animated: \(animated))"
        case .pop(let animated): ".pop(animated: \(animated))"
        case .setRowHeight(let row, let height): ".setRowHeight(row: \(row), height: \(height.swiftCode))"
        case .replaceContent(let rows): ".replaceContent(\(rows.swiftCode))"
        case .swapPolicy(let change): ".swapPolicy(\(change.swiftCode))"
        case .scroll(let fraction): ".scroll(toFraction: \(fraction.swiftCode))"
        }
    }
}

extension [Row] {
    /// The rows as a Swift array literal.
    var swiftCode: String {
        "["
            + map { row in
                switch row {
                case .field(let height, let accessory):
                    ".field(height: \(height.swiftCode), accessory: \(accessory.swiftCode))"
                case .block(let height): ".block(\(height.swiftCode))"
                }
            }.joined(separator: ", ") + "]"
    }
}

extension UIEdgeInsets {
    /// The insets as a Swift expression.
    var swiftCode: String {
        "UIEdgeInsets(top: \(top.swiftCode), left: \(left.swiftCode), bottom: \(bottom.swiftCode), right: \(right.swiftCode))"
    }
}

extension CGFloat {
    /// `34` for a whole number, `0.05` otherwise: as a person writes it.
    var swiftCode: String {
        self == rounded() && magnitude < 1e15 ? String(Int(self)) : "\(self)"
    }
}

extension Double {
    /// `0` for a whole number, `0.05` otherwise.
    var swiftCode: String {
        CGFloat(self).swiftCode
    }
}
