import Foundation
import HostKit
import ScrollingContent

/// SCVC's SequenceExample: a navigation controller pushes three screens, each making a text
/// field first responder in `viewWillAppear`, so the keyboard stays up across the pushes. A
/// pushed screen may get no keyboard notification at all: it learns the keyboard's frame from
/// its window when its safe area is set. On an iPhone X.
public enum SequenceExample: Example {
    /// The executable's name, and the name `--example` takes.
    public static let name = "SequenceExample"
    /// One sentence on what it shows, printed before its timeline.
    public static let summary = "a navigation controller pushing three screens, each focusing a field in viewWillAppear"

    /// One step of a sign-up sequence: a title, a tall illustration and a field that takes the
    /// keyboard as soon as the screen appears.
    final class StepViewController: ScrollingContentViewController {
        let field = UITextField()
        let illustration = UIView()
        let step: Int

        static let illustrationHeight: CGFloat = 520
        static let margin: CGFloat = 24

        init(step: Int, monitors: [any ScrollingContentMonitor]) {
            self.step = step
            super.init(monitors: monitors)
            title = "Step \(step)"
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor(white: 0.97, alpha: 1)
            let content = UIView()
            content.name = "step \(step) content"
            illustration.name = "illustration \(step)"
            illustration.backgroundColor = UIColor(red: 0.36, green: 0.55 + 0.1 * Double(step), blue: 0.95, alpha: 1)
            field.name = "field \(step)"
            field.placeholder = "Answer \(step)"
            for subview in [illustration, field] as [UIView] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(subview)
                NSLayoutConstraint.activate([
                    subview.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: Self.margin),
                    subview.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -Self.margin),
                ])
            }
            NSLayoutConstraint.activate([
                illustration.topAnchor.constraint(equalTo: content.topAnchor, constant: Self.margin),
                illustration.heightAnchor.constraint(equalToConstant: Self.illustrationHeight),
                field.topAnchor.constraint(equalTo: illustration.bottomAnchor, constant: Self.margin),
                content.bottomAnchor.constraint(greaterThanOrEqualTo: field.bottomAnchor, constant: Self.margin),
            ])
            contentView = content
            scrollView.visibilityScrollMargin = 12
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            // SCVC's hard case: the field takes the keyboard before the screen is on screen.
            _ = field.becomeFirstResponder()
        }
    }

    /// What the script measured for each screen once it was on screen.
    public struct ScreenState {
        /// The field's frame in the window.
        public var fieldFrameInWindow: CGRect
        /// The screen's `additionalSafeAreaInsets`.
        public var additionalSafeAreaInsets: UIEdgeInsets
        /// The root view's safe-area insets (navigation bar on top, keyboard at the bottom).
        public var safeAreaInsets: UIEdgeInsets
        /// Whether the keyboard change for this screen was animated.
        public var insetChangeAnimated: Bool
    }

    /// What the script measured.
    public struct Outcome {
        /// The screen the scenario ran on.
        public var screen: UIScreen
        /// The keyboard's top in the window.
        public var keyboardTop: CGFloat
        /// The state of each of the three screens.
        public var screens: [ScreenState]
        /// The scroll views' visibility margin.
        public var visibilityMargin: CGFloat
    }

    /// Runs the navigation scenario on an iPhone SE: step 1 focuses its field in
    /// `viewWillAppear`, then steps 2 and 3 are pushed while the keyboard stays up.
    public static func run(_ recording: ScenarioRecording) throws -> Outcome {
        let screen = UIScreen.iPhoneX
        let window = UIWindow(screen: screen, scheduler: recording.scheduler)
        let steps = (1...3).map { StepViewController(step: $0, monitors: [recording.timeline]) }
        // A push lasts 0.35 s; then the keyboard and the manager settle.
        let settle: TimeInterval = 1
        var states: [ScreenState] = []

        func measure(_ controller: StepViewController) -> ScreenState {
            let animated =
                window.animationLog.last { $0.changed(controller.view, .additionalSafeAreaInsets) }
                .map { $0.animationsEnabled && $0.duration > 0 } ?? false
            return ScreenState(
                fieldFrameInWindow: controller.field.convert(controller.field.bounds, to: window),
                additionalSafeAreaInsets: controller.additionalSafeAreaInsets,
                safeAreaInsets: controller.view.safeAreaInsets, insetChangeAnimated: animated)
        }

        recording.step("A navigation controller shows step 1; its field takes the keyboard in viewWillAppear")
        let navigation = UINavigationController(rootViewController: steps[0])
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try recording.advance(by: settle)
        states.append(measure(steps[0]))
        recording.state(
            "step 1: additionalSafeAreaInsets \(steps[0].additionalSafeAreaInsets), field \(states[0].fieldFrameInWindow.compactText)"
        )
        recording.snapshot(window, "Step 1 with the keyboard")

        for index in 1..<steps.count {
            recording.step("Push step \(index + 1): the keyboard stays up")
            navigation.pushViewController(steps[index], animated: true)
            try recording.advance(by: settle)
            states.append(measure(steps[index]))
            recording.state(
                "step \(index + 1): additionalSafeAreaInsets \(steps[index].additionalSafeAreaInsets), field \(states[index].fieldFrameInWindow.compactText)"
            )
            recording.snapshot(window, "Step \(index + 1) pushed with the keyboard up")
        }

        return Outcome(
            screen: screen, keyboardTop: window.keyboard.frame.minY, screens: states,
            visibilityMargin: steps[0].scrollView.visibilityScrollMargin)
    }
}
