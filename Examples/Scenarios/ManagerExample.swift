import Foundation
import HostKit
import ScrollingContent

/// SCVC's ManagerExample: compose ``ScrollingContentManager`` into a view controller you
/// already have instead of subclassing. Here the existing screen has a header and a toolbar
/// around its content view; the scroll view takes the content view's place between them, so
/// it does not reach the bottom of the screen and the keyboard covers only part of it
/// (SCVC's "arbitrary scroll view sizes"). Because the manager grows the controller's
/// `additionalSafeAreaInsets`, the toolbar — pinned to the safe area — rides on top of the
/// keyboard. On an iPhone 15 Pro.
public enum ManagerExample: Example {
    /// The executable's name, and the name `--example` takes.
    public static let name = "ManagerExample"
    /// One sentence on what it shows, printed before its timeline.
    public static let summary = "composing ScrollingContentManager into an existing view controller with a toolbar"

    /// A view controller of an existing app: a header, a content view and a toolbar, laid out
    /// with constraints. Three lines make the content scroll.
    final class ProfileViewController: UIViewController {
        /// Composed, not inherited: the manager attaches itself to this controller's lifecycle.
        lazy var manager = ScrollingContentManager(host: self, monitors: monitors)
        let monitors: [any ScrollingContentMonitor]
        let header = UIView()
        let contentView = UIView()
        let toolbar = UIView()
        let form = SignUpForm()

        static let headerHeight: CGFloat = 56
        static let toolbarHeight: CGFloat = 49

        init(monitors: [any ScrollingContentMonitor]) {
            self.monitors = monitors
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor(white: 0.96, alpha: 1)
            header.name = "header"
            header.backgroundColor = UIColor(red: 0.36, green: 0.55, blue: 0.95, alpha: 1)
            toolbar.name = "toolbar"
            toolbar.backgroundColor = UIColor(white: 0.8, alpha: 1)
            contentView.name = "existing content"
            for subview in [header, contentView, toolbar] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            form.view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(form.view)
            let safe = view.safeAreaLayoutGuide
            NSLayoutConstraint.activate([
                header.topAnchor.constraint(equalTo: safe.topAnchor),
                header.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                header.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                header.heightAnchor.constraint(equalToConstant: Self.headerHeight),
                contentView.topAnchor.constraint(equalTo: header.bottomAnchor),
                contentView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                contentView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                contentView.bottomAnchor.constraint(equalTo: toolbar.topAnchor),
                toolbar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                toolbar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                toolbar.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
                toolbar.heightAnchor.constraint(equalToConstant: Self.toolbarHeight),
                form.view.topAnchor.constraint(equalTo: contentView.topAnchor),
                form.view.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                form.view.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                form.view.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            ])
            // The scroll view takes `contentView`'s place: the constraints above that name it
            // now name the scroll view.
            manager.contentView = contentView
            manager.scrollView.visibilityScrollMargin = 16
        }
    }

    /// What the script measured.
    public struct Outcome {
        /// The screen the scenario ran on.
        public var screen: UIScreen
        /// The scroll view's frame in the window (between the header and the toolbar).
        public var scrollViewFrame: CGRect
        /// Whether the scroll view took the content view's place (same superview, between the
        /// header and the toolbar).
        public var scrollViewTookContentPlace: Bool
        /// The keyboard's top in the window.
        public var keyboardTop: CGFloat
        /// How far the keyboard reaches up from the root view's bottom.
        public var hostOverlap: CGFloat
        /// How far the keyboard reaches up from the scroll view's bottom.
        public var scrollViewOverlap: CGFloat
        /// `additionalSafeAreaInsets` with the keyboard up.
        public var insetsWithKeyboard: UIEdgeInsets
        /// `additionalSafeAreaInsets` after the keyboard hid: the original ones.
        public var insetsAtEnd: UIEdgeInsets
        /// The scroll view's frame in the window with the keyboard up: the toolbar, pinned to
        /// the safe area, rides on the keyboard, and the scroll view ends on the toolbar.
        public var scrollViewFrameWithKeyboard: CGRect
        /// The password field's frame in the window with the keyboard up.
        public var passwordFrameInWindow: CGRect
        /// The scroll view's visibility margin.
        public var visibilityMargin: CGFloat
    }

    /// Runs the composed-manager scenario on an iPhone 15 Pro: the existing screen gets its
    /// scroll view, the password field takes the keyboard, and the keyboard goes away.
    public static func run(_ recording: ScenarioRecording) throws -> Outcome {
        let screen = UIScreen.iPhone15Pro
        let window = UIWindow(screen: screen, scheduler: recording.scheduler)
        let controller = ProfileViewController(monitors: [recording.timeline])
        let settle: TimeInterval = 0.6

        recording.step("An existing screen (header, content, toolbar) composes the manager")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try recording.advance(by: 0)
        let scrollView = controller.manager.scrollView
        let scrollFrame = scrollView.convert(scrollView.bounds, to: window)
        // Between the header and the toolbar, where the content view was (the manager's
        // invisible lifecycle view goes behind everything, at index 0).
        let siblings: [UIView] = controller.view.subviews
        let index = { (view: UIView) in siblings.firstIndex { $0 === view } }
        let tookPlace =
            scrollView.superview === controller.view
            && index(scrollView).map { $0 - 1 } == index(controller.header)
            && index(scrollView).map { $0 + 1 } == index(controller.toolbar)
        recording.state(
            "scroll view \(scrollFrame.compactText): below the header (59 + 56 = 115), above the toolbar (852 − 34 − 49 = 769)"
        )
        recording.snapshot(window, "The scroll view in the content view's place")

        recording.step("The user taps the password field")
        _ = controller.form.password.becomeFirstResponder()
        try recording.advance(by: settle)
        let application = recording.timeline.keyboardApplications.last
        let passwordFrame = controller.form.password.convert(controller.form.password.bounds, to: window)
        let insetsWithKeyboard = controller.additionalSafeAreaInsets
        let scrollFrameWithKeyboard = scrollView.convert(scrollView.bounds, to: window)
        recording.state(
            "additionalSafeAreaInsets \(insetsWithKeyboard); scroll view safe area \(scrollView.safeAreaInsets); password \(passwordFrame.compactText)"
        )
        recording.snapshot(window, "Keyboard up: only the part over the scroll view counts")

        recording.step("The keyboard goes away")
        _ = controller.form.password.resignFirstResponder()
        try recording.advance(by: settle)
        recording.state("additionalSafeAreaInsets \(controller.additionalSafeAreaInsets) (restored)")
        recording.snapshot(window, "Keyboard gone")

        return Outcome(
            screen: screen, scrollViewFrame: scrollFrame, scrollViewTookContentPlace: tookPlace,
            keyboardTop: screen.size(for: .portrait).height - screen.portraitKeyboardHeight,
            hostOverlap: application?.hostBottomOverlap ?? 0,
            scrollViewOverlap: application?.scrollViewBottomOverlap ?? 0,
            insetsWithKeyboard: insetsWithKeyboard, insetsAtEnd: controller.additionalSafeAreaInsets,
            scrollViewFrameWithKeyboard: scrollFrameWithKeyboard,
            passwordFrameInWindow: passwordFrame, visibilityMargin: scrollView.visibilityScrollMargin)
    }
}
