import ConstraintSolverTesting
import Foundation
import HostKit

/// Makes a random ``EventSequence`` from a seed: the same seed gives the same sequence on every
/// machine (its own ``SplitMix64``, no `Dictionary` or `Set` order, no `random(in:)`).
///
/// The generator keeps a model of the navigation stack and of each screen's rows, so the steps
/// it makes name rows and screens that exist when they run: a field to focus, a row to resize,
/// a screen to pop. (A step that names one that does not — after the minimizer removed steps —
/// does nothing.)
package struct EventSequenceGenerator {
    private var random: SplitMix64

    /// The longest sequence made: 40 steps, enough for a push, a rotation and the keyboard's
    /// comings and goings on both screens; the minimizer shortens what fails.
    package static let maximumSteps = 40
    /// The deepest navigation stack: 4 screens.
    static let maximumDepth = 4

    package init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The sequence for `seed`.
    package static func sequence(seed: UInt64) -> EventSequence {
        var generator = EventSequenceGenerator(seed: seed)
        return generator.makeSequence(seed: seed)
    }

    /// What the generator knows of a screen on the stack.
    private struct ScreenModel {
        var rows: [Row]
        var dismissMode: DismissMode
        var fieldRows: [Int] { rows.indices.filter { rows[$0].isField } }
    }

    private mutating func makeSequence(seed: UInt64) -> EventSequence {
        let device = random.element(of: Device.allCases)
        // Most sequences start upright, as most apps do.
        let orientation =
            random.chance(3, in: 4) ? UIInterfaceOrientation.portrait : random.element(of: device.orientations)
        let navigation = random.chance(1, in: 2)
        let root = makeScreen()
        var stack = [ScreenModel(rows: root.rows, dismissMode: root.keyboardDismissMode)]
        var steps: [EventStep] = []
        let count = random.int(in: 1...Self.maximumSteps)
        while steps.count < count {
            if let step = makeStep(device: device, navigation: navigation, stack: &stack) { steps.append(step) }
        }
        return EventSequence(
            seed: seed, device: device, orientation: orientation, navigation: navigation, root: root,
            steps: steps)
    }

    /// The kinds of step, with their weights (how many tickets each has in the draw).
    private enum Kind: CaseIterable {
        case focus, resign, advance, settle, rotate, autoFill, undock, dock, interactiveDismissal, hardwareKeyboard
        case push, pop, setRowHeight, replaceContent, swapPolicy, scroll

        /// Focus and time are the commonest: most of what a user does is tap a field and wait.
        var weight: Int {
            switch self {
            case .focus, .advance, .settle: 6
            case .resign, .push, .pop: 3
            case .rotate, .autoFill, .undock, .dock, .interactiveDismissal, .hardwareKeyboard: 2
            case .setRowHeight, .replaceContent, .swapPolicy, .scroll: 2
            }
        }
    }

    /// A step that makes sense on the stack as modelled, or `nil` when the drawn kind does not
    /// (a pop of the root screen, an undocking on a phone): the caller draws again.
    private mutating func makeStep(device: Device, navigation: Bool, stack: inout [ScreenModel]) -> EventStep? {
        let total = Kind.allCases.reduce(0) { $0 + $1.weight }
        var ticket = random.int(in: 0...(total - 1))
        var kind = Kind.focus
        for candidate in Kind.allCases {
            if ticket < candidate.weight {
                kind = candidate
                break
            }
            ticket -= candidate.weight
        }
        let top = stack[stack.count - 1]
        switch kind {
        case .focus:
            guard !top.fieldRows.isEmpty else { return nil }
            return .focus(row: random.element(of: top.fieldRows))
        case .resign:
            return .resign
        case .advance:
            // One run-loop turn, inside the 0.1 s filter window, outside it, past a keyboard
            // animation (0.25 s).
            return .advance(random.element(of: [0, 0.05, 0.15, 0.3]))
        case .settle:
            return .settle
        case .rotate:
            return .rotate(random.element(of: device.orientations))
        case .autoFill:
            return .autoFill
        case .undock:
            guard device.hasFloatingKeyboard else { return nil }
            return random.chance(1, in: 2)
                ? .undock(.centered) : .undock(.acrossBottom(covering: random.element(of: [50, 100, 200])))
        case .dock:
            guard device.hasFloatingKeyboard else { return nil }
            return .dock
        case .interactiveDismissal:
            guard top.dismissMode == .interactive else { return nil }
            return .interactiveDismissal(steps: random.int(in: 1...4))
        case .hardwareKeyboard:
            return random.chance(1, in: 2) ? .connectHardwareKeyboard : .disconnectHardwareKeyboard
        case .push:
            guard navigation, stack.count < Self.maximumDepth else { return nil }
            let spec = makeScreen()
            stack.append(ScreenModel(rows: spec.rows, dismissMode: spec.keyboardDismissMode))
            return .push(spec, animated: random.chance(1, in: 2))
        case .pop:
            guard navigation, stack.count > 1 else { return nil }
            stack.removeLast()
            return .pop(animated: random.chance(1, in: 2))
        case .setRowHeight:
            let row = random.int(in: 0...(top.rows.count - 1))
            let height = random.element(of: [0, 34, 60, 200, 400, top.rows[row].height + 400])
            return .setRowHeight(row: row, height: height)
        case .replaceContent:
            let rows = makeRows()
            stack[stack.count - 1].rows = rows
            return .replaceContent(rows)
        case .swapPolicy:
            return .swapPolicy(makePolicyChange())
        case .scroll:
            return .scroll(toFraction: random.element(of: [0, 0.5, 1]))
        }
    }

    // MARK: Screens

    private mutating func makeScreen() -> ScreenSpec {
        let rows = makeRows()
        let fields = rows.indices.filter { rows[$0].isField }
        return ScreenSpec(
            kind: random.element(of: HostKind.allCases),
            rows: rows,
            policies: makePolicies(),
            additionalSafeAreaInsets: random.chance(1, in: 2)
                ? .zero
                : UIEdgeInsets(
                    top: random.element(of: [0, 20]), left: 0, bottom: random.element(of: [10, 30]), right: 0),
            contentInset: random.chance(2, in: 3)
                ? .zero
                : UIEdgeInsets(
                    top: random.element(of: [0, 10]), left: 0, bottom: random.element(of: [0, 20]), right: 0),
            visibilityScrollMargin: random.element(of: [0, 0, 8, 20]),
            keyboardDismissMode: random.element(of: DismissMode.allCases),
            focusOnAppear: !fields.isEmpty && random.chance(1, in: 3) ? random.element(of: fields) : nil)
    }

    /// 1 to 12 rows, at least one a field: mostly HostKit's 34 pt fields, some taller (up to
    /// taller than a landscape phone's visible area), some with an accessory; blocks from a
    /// thin rule to more than a screen.
    private mutating func makeRows() -> [Row] {
        let count = random.int(in: 1...12)
        var rows: [Row] = []
        for _ in 0..<count {
            if random.chance(3, in: 5) {
                let height: CGFloat = random.chance(3, in: 4) ? 34 : random.element(of: [60, 200, 385, 500])
                let accessory: CGFloat = random.chance(4, in: 5) ? 0 : random.element(of: [44, 100])
                rows.append(.field(height: height, accessory: accessory))
            } else {
                rows.append(.block(random.element(of: [1, 20, 100, 300, 700])))
            }
        }
        if !rows.contains(where: \.isField) { rows[random.int(in: 0...(count - 1))] = .field(height: 34, accessory: 0) }
        return rows
    }

    /// Each policy the default half of the time, else any built-in.
    private mutating func makePolicies() -> Policies {
        var policies = Policies()
        for change in Policies().changes where random.chance(1, in: 2) {
            policies = policies.with(randomValue(like: change))
        }
        return policies
    }

    private mutating func makePolicyChange() -> PolicyChange {
        randomValue(like: random.element(of: Policies().changes))
    }

    /// A change of the same policy as `change`, to any of its built-ins.
    private mutating func randomValue(like change: PolicyChange) -> PolicyChange {
        switch change {
        case .overlap: .overlap(random.element(of: Policies.Overlap.allCases))
        case .insets: .insets(random.element(of: Policies.Insets.allCases))
        case .resize: .resize(random.element(of: Policies.Resize.allCases))
        case .filter: .filter(random.element(of: Policies.Filter.allCases))
        case .visibility: .visibility(random.element(of: Policies.Visibility.allCases))
        case .rotationAnchor: .rotationAnchor(random.element(of: Policies.RotationAnchor.allCases))
        case .animation: .animation(random.element(of: Policies.Animation.allCases))
        }
    }
}
