import Foundation
import HostKit
import ScrollingContent

/// SCVC's CodeExample: subclass ``ScrollingContentViewController`` and build the content in
/// code. The full sign-up scenario on an iPhone SE: the keyboard comes up for the email field,
/// the password field takes over and is scrolled into view with a 20 pt margin, AutoFill posts
/// its burst, the phone rotates with the keyboard up and back, and the keyboard goes away.
public enum CodeExample: Example {
    /// The executable's name, and the name `--example` takes.
    public static let name = "CodeExample"
    /// One sentence on what it shows, printed before its timeline.
    public static let summary = "subclassing ScrollingContentViewController: the sign-up screen on an iPhone SE"

    /// The whole integration: subclass, assign a content view in `viewDidLoad`, add controls to it.
    final class SignUpViewController: ScrollingContentViewController {
        let form = SignUpForm()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor(red: 1, green: 0.95, blue: 0.79, alpha: 1)
            contentView = form.view
            // Keep 20 pt of the form visible around the field being edited.
            scrollView.visibilityScrollMargin = 20
            // Let the user drag the keyboard away.
            scrollView.keyboardDismissMode = .interactive
        }
    }

    /// What the script measured.
    public struct Outcome {
        /// The screen the scenario ran on.
        public var screen: UIScreen
        /// The content view's height before the keyboard came up.
        public var contentHeightWithoutKeyboard: CGFloat
        /// The content view's height with the keyboard up for the password field.
        public var contentHeightWithKeyboard: CGFloat
        /// The password field's frame in the window with the keyboard up.
        public var passwordFrameInWindow: CGRect
        /// The keyboard's top in the window at that moment.
        public var keyboardTop: CGFloat
        /// The scroll view's visibility margin.
        public var visibilityMargin: CGFloat
        /// How many keyboard states the manager applied for the AutoFill burst.
        public var applicationsDuringAutoFill: Int
        /// How many keyboard states it applied during the rotation (until the keyboard was
        /// back and the filter fired).
        public var applicationsDuringRotation: Int
        /// Whether the content offset was in the legal range after each rotation.
        public var offsetLegalAfterRotations: [Bool]
        /// The content offset in landscape, with the keyboard up: the top-leading corner of the
        /// visible content is pinned across the rotation.
        public var landscapeOffset: CGPoint
        /// The adjusted top inset in landscape.
        public var landscapeTopInset: CGFloat
        /// The content offset back in portrait, with the keyboard up.
        public var portraitOffset: CGPoint
        /// The adjusted top inset back in portrait.
        public var portraitTopInset: CGFloat
        /// The largest legal content offset back in portrait.
        public var portraitMaximumOffset: CGPoint
        /// `additionalSafeAreaInsets` while the keyboard was up.
        public var insetsWithKeyboard: UIEdgeInsets
        /// `additionalSafeAreaInsets` after the keyboard went away: the original ones.
        public var insetsAtEnd: UIEdgeInsets
        /// The content offset at the end.
        public var contentOffsetAtEnd: CGPoint
        /// The smallest legal content offset at the end.
        public var minimumContentOffsetAtEnd: CGPoint
    }

    /// Runs the sign-up scenario on an iPhone SE: the keyboard for the email and password fields,
    /// AutoFill, a rotation to landscape and back, and the keyboard going away.
    public static func run(_ recording: ScenarioRecording) throws -> Outcome {
        let screen = UIScreen.iPhoneSE
        let window = UIWindow(screen: screen, scheduler: recording.scheduler)
        let controller = SignUpViewController(monitors: [recording.timeline])
        let scrollView = controller.scrollView
        // The keyboard's own animation (0.25 s) and the manager's (0.5 s spring) after the
        // 0.1 s filter: 0.6 s is enough for every change to settle.
        let settle: TimeInterval = 0.6

        recording.step("An iPhone SE shows the sign-up screen")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try recording.advance(by: 0)
        let heightWithout = controller.form.view.frame.height
        recording.state(
            "content \(controller.form.view.frame.compactText): the safe area is 667 − 20 = 647 pt tall, the form needs 558"
        )
        recording.snapshot(window, "Laid out: the content fills the safe area")

        recording.step("The user taps the email field: the keyboard comes up")
        _ = controller.form.email.becomeFirstResponder()
        try recording.advance(by: settle)
        recording.state("additionalSafeAreaInsets \(controller.additionalSafeAreaInsets); \(describe(scrollView))")
        recording.snapshot(window, "Keyboard up for the email field")

        recording.step("The user taps the password field: it is scrolled into view with a 20 pt margin")
        _ = controller.form.password.becomeFirstResponder()
        try recording.advance(by: settle)
        let passwordFrame = controller.form.password.convert(controller.form.password.bounds, to: window)
        let keyboardTop = window.keyboard.frame.minY
        let insetsWithKeyboard = controller.additionalSafeAreaInsets
        recording.state(
            "password \(passwordFrame.compactText) in the window, keyboard top \(keyboardTop.compactText); \(describe(scrollView))"
        )
        recording.snapshot(window, "Password field visible above the keyboard")

        recording.step("AutoFill: one keyboardWillHide and two keyboardWillShow within 0.1 s")
        let beforeAutoFill = recording.timeline.keyboardApplications.count
        try window.keyboard.simulateAutoFill()
        try recording.advance(by: settle)
        let autoFillApplications = recording.timeline.keyboardApplications.count - beforeAutoFill
        recording.state(
            "\(autoFillApplications) keyboard state applied for the burst; additionalSafeAreaInsets \(controller.additionalSafeAreaInsets)"
        )
        recording.snapshot(window, "After AutoFill: one change, no jump")

        recording.step("The phone rotates to landscape with the keyboard up")
        let beforeRotation = recording.timeline.keyboardApplications.count
        _ = window.rotate(to: .landscapeLeft)
        try recording.advance(by: 1)
        let rotationApplications = recording.timeline.keyboardApplications.count - beforeRotation
        var legal = [scrollView.scrollGeometry.isLegal(scrollView.contentOffset)]
        let landscapeOffset = scrollView.contentOffset
        let landscapeTopInset = scrollView.adjustedContentInset.top
        recording.state("additionalSafeAreaInsets \(controller.additionalSafeAreaInsets); \(describe(scrollView))")
        recording.snapshot(window, "Landscape with the keyboard up")

        recording.step("And back to portrait")
        _ = window.rotate(to: .portrait)
        try recording.advance(by: 1)
        legal.append(scrollView.scrollGeometry.isLegal(scrollView.contentOffset))
        let portraitOffset = scrollView.contentOffset
        let portraitTopInset = scrollView.adjustedContentInset.top
        let portraitMaximumOffset = scrollView.maximumContentOffset
        recording.state("additionalSafeAreaInsets \(controller.additionalSafeAreaInsets); \(describe(scrollView))")
        recording.snapshot(window, "Portrait again")

        recording.step("The user is done: the keyboard goes away")
        let contentHeightWithKeyboard = controller.form.view.frame.height
        _ = controller.form.password.resignFirstResponder()
        try recording.advance(by: settle)
        recording.state(
            "additionalSafeAreaInsets \(controller.additionalSafeAreaInsets) (restored); \(describe(scrollView))")
        recording.snapshot(window, "Keyboard gone, insets restored")

        return Outcome(
            screen: screen, contentHeightWithoutKeyboard: heightWithout,
            contentHeightWithKeyboard: contentHeightWithKeyboard,
            passwordFrameInWindow: passwordFrame, keyboardTop: keyboardTop,
            visibilityMargin: scrollView.visibilityScrollMargin,
            applicationsDuringAutoFill: autoFillApplications, applicationsDuringRotation: rotationApplications,
            offsetLegalAfterRotations: legal, landscapeOffset: landscapeOffset, landscapeTopInset: landscapeTopInset,
            portraitOffset: portraitOffset, portraitTopInset: portraitTopInset,
            portraitMaximumOffset: portraitMaximumOffset,
            insetsWithKeyboard: insetsWithKeyboard,
            insetsAtEnd: controller.additionalSafeAreaInsets, contentOffsetAtEnd: scrollView.contentOffset,
            minimumContentOffsetAtEnd: scrollView.minimumContentOffset)
    }
}
