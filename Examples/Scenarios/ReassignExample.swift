import Foundation
import HostKit
import ScrollingContent

/// SCVC's ReassignExample: assign another view to `contentView` at run time. The new view
/// replaces the old one inside the same scroll view, and the keyboard handling carries on.
/// On an iPhone SE.
public enum ReassignExample: Example {
    /// The executable's name, and the name `--example` takes.
    public static let name = "ReassignExample"
    /// One sentence on what it shows, printed before its timeline.
    public static let summary = "reassigning contentView between a short and a tall form"

    /// Switches between a log-in view (short) and the sign-up form (taller than the screen
    /// with the keyboard up).
    final class SwitchingViewController: ScrollingContentViewController {
        let logIn = UIView()
        let logInField = UITextField()
        let signUp = SignUpForm()

        static let logInFieldTop: CGFloat = 120

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor(white: 0.97, alpha: 1)
            logIn.name = "log-in content"
            logInField.name = "log-in email"
            logInField.translatesAutoresizingMaskIntoConstraints = false
            logIn.addSubview(logInField)
            NSLayoutConstraint.activate([
                logInField.topAnchor.constraint(equalTo: logIn.topAnchor, constant: Self.logInFieldTop),
                logInField.leadingAnchor.constraint(equalTo: logIn.leadingAnchor, constant: 32),
                logInField.trailingAnchor.constraint(equalTo: logIn.trailingAnchor, constant: -32),
                logIn.bottomAnchor.constraint(greaterThanOrEqualTo: logInField.bottomAnchor, constant: 32),
            ])
            contentView = logIn
        }
    }

    /// What the script measured.
    public struct Outcome {
        /// The screen the scenario ran on.
        public var screen: UIScreen
        /// The scroll view before and after each reassignment (it must stay the same object).
        public var sameScrollView: Bool
        /// The log-in view's frame as the first content view (the short one).
        public var logInFrame: CGRect
        /// The sign-up form's frame once it is the content view.
        public var signUpFrame: CGRect
        /// The log-in view's frame once it is the content view again.
        public var logInFrameAgain: CGRect
        /// Whether the old content was removed from the scroll view each time.
        public var oldContentRemoved: [Bool]
        /// `additionalSafeAreaInsets` after reassigning with the keyboard up.
        public var insetsWithKeyboardAfterReassign: UIEdgeInsets
        /// The password field's frame in the window with the keyboard up after reassigning.
        public var passwordFrameInWindow: CGRect
        /// The keyboard's top in the window at that moment.
        public var keyboardTop: CGFloat
    }

    /// Runs the reassignment scenario: the log-in view, then the sign-up form as `contentView`,
    /// the keyboard for its password field, then the log-in view again as the keyboard goes.
    public static func run(_ recording: ScenarioRecording) throws -> Outcome {
        let screen = UIScreen.iPhoneSE
        let window = UIWindow(screen: screen, scheduler: recording.scheduler)
        let controller = SwitchingViewController(monitors: [recording.timeline])
        let settle: TimeInterval = 0.6

        recording.step("The log-in view is the content")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try recording.advance(by: 0)
        let scrollView = controller.scrollView
        let logInFrame = controller.logIn.frame
        recording.state("content \(logInFrame.compactText)")
        recording.snapshot(window, "Log-in content")

        recording.step("The user chooses to sign up: contentView = the sign-up form")
        controller.contentView = controller.signUp.view
        try recording.advance(by: 0)
        var removed = [controller.logIn.superview == nil]
        let signUpFrame = controller.signUp.view.frame
        recording.state("content \(signUpFrame.compactText); same scroll view: \(controller.scrollView === scrollView)")
        recording.snapshot(window, "Sign-up form in the same scroll view")

        recording.step("The password field takes the keyboard")
        _ = controller.signUp.password.becomeFirstResponder()
        try recording.advance(by: settle)
        let insets = controller.additionalSafeAreaInsets
        let password = controller.signUp.password.convert(controller.signUp.password.bounds, to: window)
        recording.state("additionalSafeAreaInsets \(insets); password \(password.compactText)")
        recording.snapshot(window, "Keyboard up on the reassigned content")

        recording.step("Back to the log-in view; the keyboard goes away")
        _ = controller.signUp.password.resignFirstResponder()
        controller.contentView = controller.logIn
        try recording.advance(by: settle)
        removed.append(controller.signUp.view.superview == nil)
        recording.state(
            "content \(controller.logIn.frame.compactText); additionalSafeAreaInsets \(controller.additionalSafeAreaInsets)"
        )
        recording.snapshot(window, "Log-in content again")

        return Outcome(
            screen: screen, sameScrollView: controller.scrollView === scrollView, logInFrame: logInFrame,
            signUpFrame: signUpFrame, logInFrameAgain: controller.logIn.frame, oldContentRemoved: removed,
            insetsWithKeyboardAfterReassign: insets, passwordFrameInWindow: password,
            keyboardTop: screen.size(for: .portrait).height - screen.portraitKeyboardHeight)
    }
}
