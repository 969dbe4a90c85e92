import Foundation
import HostKit
import ScrollingContent
import Testing

/// SCVC's own example apps, with their view-controller code structure (not their styling):
/// ManagerExample (a plain view controller composing the manager, storyboard-loaded) and
/// CodeExample (a `ScrollingContentViewController` subclass built in code). Each must produce
/// the screen SCVC produces: a gradient root view, the scroll view filling it, the content in
/// the safe area, and the keyboard handled.
@Suite("SCVC's example flows")
@MainActor
struct SCVCExampleFlowTests {
    /// SCVC's `GradientBackgroundView`: a root view of the app's own, set in `loadView()`.
    final class GradientBackgroundView: UIView {}

    /// ManagerExample's `SignUpViewController`, line for line in structure.
    final class ManagerExampleViewController: UIViewController {
        private(set) lazy var scrollingContentViewManager = ScrollingContentManager(host: self)

        /// The storyboard's scene: its root view is the content view, connected to the
        /// `contentView` outlet.
        let scene = SignUpContent()
        var contentView: UIView!

        override func loadView() {
            // What `super.loadView()` does with ManagerExample's storyboard: the scene's root
            // view becomes the view, and the outlets are connected.
            view = scene.view
            contentView = scene.view

            scrollingContentViewManager.loadView(forContentView: contentView)

            // Replace the root view with a gradient view.
            view = GradientBackgroundView()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            contentView.backgroundColor = nil
            scrollingContentViewManager.contentView = contentView
            scrollingContentViewManager.shouldResizeContentViewForKeyboard = true
            scrollingContentViewManager.scrollView.keyboardDismissMode = .interactive
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            scrollingContentViewManager.viewWillAppear(animated)
        }

        override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            scrollingContentViewManager.viewWillTransition(to: size, with: coordinator)
        }

        override func viewSafeAreaInsetsDidChange() {
            super.viewSafeAreaInsetsDidChange()
            scrollingContentViewManager.viewSafeAreaInsetsDidChange()
        }
    }

    @Test(
        "ManagerExample: loadView(forContentView:), a gradient root, content assigned in viewDidLoad",
        arguments: phoneScreens)
    func managerExample(phone: Phone) throws {
        let stage = Stage(phone)
        let controller = ManagerExampleViewController()
        let manager = controller.scrollingContentViewManager
        manager.logSink = stage.log.sink
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        try stage.settle()

        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let form = controller.scene
        // The gradient is the root view, filling the window; the scroll view fills it, and the
        // content is in the scroll view, in the safe area.
        #expect(controller.view is GradientBackgroundView)
        #expect(controller.view.frame == CGRect(origin: .zero, size: size))
        #expect(manager.scrollView.superview === controller.view)
        #expect(manager.scrollView.frame == controller.view.bounds)
        #expect(form.view.superview === manager.scrollView)
        #expect(manager.contentView === form.view)
        #expect(
            form.view.convert(form.view.bounds, to: controller.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        #expect(form.view.backgroundColor == nil)
        #expect(stage.log.messages(atLeast: .warning).isEmpty)

        // The keyboard: the content shrinks to the visible area as far as its chain allows
        // (SignUpContent needs 420 pt), and the password field is visible above the keyboard.
        #expect(form.password.becomeFirstResponder())
        try stage.settle()
        let keyboard = phone.portraitKeyboardHeight
        #expect(controller.additionalSafeAreaInsets.bottom == keyboard - safe.bottom)
        #expect(form.view.frame.height == max(SignUpContent.height, size.height - safe.top - keyboard))
        let visible = manager.scrollView.convert(manager.scrollView.bounds, to: controller.view)
            .inset(by: manager.scrollView.adjustedContentInset)
        let password = form.password.convert(form.password.bounds, to: controller.view)
        #expect(password.minY >= visible.minY && password.maxY <= visible.maxY)
        // With `.interactive`, the short form bounces so the keyboard can be dragged away.
        #expect(manager.scrollView.alwaysBounceVertical)

        #expect(form.password.resignFirstResponder())
        try stage.settle()
        #expect(controller.additionalSafeAreaInsets == .zero)
        #expect(form.view.frame.height == size.height - safe.top - safe.bottom)
        #expect(!manager.scrollView.alwaysBounceVertical)
    }

    /// A view with an intrinsic size, standing in for CodeExample's image view and button.
    final class IntrinsicView: UIView {
        let size: CGSize
        init(_ size: CGSize) {
            self.size = size
            super.init(frame: .zero)
        }

        required init?(coder: NSCoder) { nil }

        override var intrinsicContentSize: CGSize { size }
    }

    /// CodeExample's `SignUpViewController`, in structure: the root view set in `loadView()`,
    /// the content view created and assigned in `viewDidLoad()`, laid out with SCVC's layout
    /// guides (a vertical stack of fields stands in for its `UIStackView`).
    final class CodeExampleViewController: ScrollingContentViewController {
        static let logoSize = CGSize(width: 120, height: 120)
        static let pillHeight: CGFloat = 44
        static let stackSpacing: CGFloat = 16
        static let signInSize = CGSize(width: 60, height: 30)

        let logoImageView = IntrinsicView(CodeExampleViewController.logoSize)
        let nameTextField = UITextField()
        let emailTextField = UITextField()
        let passwordTextField = UITextField()
        let signUpButton = UIView()
        let signInButton = IntrinsicView(CodeExampleViewController.signInSize)
        let stackView = UIView()
        let logoImageTopLayoutGuide = UILayoutGuide()

        override func loadView() {
            // Assign a gradient as the root view.
            view = GradientBackgroundView()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            createContentView()
            shouldResizeContentViewForKeyboard = true
            scrollView.keyboardDismissMode = .interactive
        }

        private func createContentView() {
            contentView = UIView()
            contentView?.backgroundColor = nil
            addConstraints()
        }

        private func addConstraints() {
            guard let contentView else { return }
            for subview in [
                logoImageView, nameTextField, emailTextField, passwordTextField, signUpButton,
                signInButton, stackView,
            ] {
                subview.translatesAutoresizingMaskIntoConstraints = false
            }
            // The stack: three fields, 16 apart, as wide as the stack.
            var previous = stackView.topAnchor
            var spacing: CGFloat = 0
            for field in [nameTextField, emailTextField, passwordTextField] {
                stackView.addSubview(field)
                NSLayoutConstraint.activate([
                    field.topAnchor.constraint(equalTo: previous, constant: spacing),
                    field.leadingAnchor.constraint(equalTo: stackView.leadingAnchor),
                    field.trailingAnchor.constraint(equalTo: stackView.trailingAnchor),
                ])
                previous = field.bottomAnchor
                spacing = Self.stackSpacing
            }
            stackView.bottomAnchor.constraint(equalTo: previous).isActive = true

            addPillViewConstraints(to: nameTextField)
            addPillViewConstraints(to: emailTextField)
            addPillViewConstraints(to: passwordTextField)
            addPillViewConstraints(to: signUpButton)

            contentView.addSubview(logoImageView)
            contentView.addSubview(stackView)
            contentView.addSubview(signUpButton)
            contentView.addSubview(signInButton)

            let logoImageBottomLayoutGuide = UILayoutGuide()
            let signUpButtonBottomLayoutGuide = UILayoutGuide()
            contentView.addLayoutGuide(logoImageTopLayoutGuide)
            contentView.addLayoutGuide(logoImageBottomLayoutGuide)
            contentView.addLayoutGuide(signUpButtonBottomLayoutGuide)

            NSLayoutConstraint.activate([
                contentView.centerXAnchor.constraint(equalTo: logoImageView.centerXAnchor),
                contentView.centerXAnchor.constraint(equalTo: stackView.centerXAnchor),
                contentView.centerXAnchor.constraint(equalTo: signUpButton.centerXAnchor),
                contentView.centerXAnchor.constraint(equalTo: signInButton.centerXAnchor),

                contentView.topAnchor.constraint(equalTo: logoImageTopLayoutGuide.topAnchor),
                logoImageView.topAnchor.constraint(equalTo: logoImageTopLayoutGuide.bottomAnchor),

                logoImageView.bottomAnchor.constraint(equalTo: logoImageBottomLayoutGuide.topAnchor),
                stackView.topAnchor.constraint(equalTo: logoImageBottomLayoutGuide.bottomAnchor),

                signUpButton.topAnchor.constraint(equalTo: stackView.bottomAnchor, constant: 48),

                signUpButton.bottomAnchor.constraint(equalTo: signUpButtonBottomLayoutGuide.topAnchor),
                signInButton.topAnchor.constraint(equalTo: signUpButtonBottomLayoutGuide.bottomAnchor),

                contentView.safeAreaLayoutGuide.bottomAnchor.constraint(
                    equalTo: signInButton.bottomAnchor, constant: 30),

                logoImageTopLayoutGuide.heightAnchor.constraint(equalTo: logoImageBottomLayoutGuide.heightAnchor),
                logoImageBottomLayoutGuide.heightAnchor.constraint(
                    equalTo: signUpButtonBottomLayoutGuide.heightAnchor,
                    multiplier: 2, constant: 0),
                signUpButtonBottomLayoutGuide.heightAnchor.constraint(greaterThanOrEqualToConstant: 16),
            ])
            logoImageView.setContentHuggingPriority(.required, for: .vertical)
            logoImageView.setContentHuggingPriority(.required, for: .horizontal)
        }

        private func addPillViewConstraints(to pillView: UIView) {
            let widthConstraint = pillView.widthAnchor.constraint(equalToConstant: 280)
            widthConstraint.priority = UILayoutPriority.defaultLow - 10
            let heightConstraint = pillView.heightAnchor.constraint(equalToConstant: Self.pillHeight)
            heightConstraint.priority = .required
            pillView.addConstraints([widthConstraint, heightConstraint])
        }
    }

    @Test(
        "CodeExample: a gradient root from loadView, content created in viewDidLoad, SCVC's layout guides",
        arguments: phoneScreens)
    func codeExample(phone: Phone) throws {
        let stage = Stage(phone)
        let controller = CodeExampleViewController()
        controller.manager.logSink = stage.log.sink
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        try stage.settle()

        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let content = try #require(controller.contentView)
        #expect(controller.view is GradientBackgroundView)
        #expect(controller.scrollView.superview === controller.view)
        #expect(controller.scrollView.frame == controller.view.bounds)
        #expect(content.superview === controller.scrollView)
        // The content fills the safe area: its chain has room to spare (below).
        let height = size.height - safe.top - safe.bottom
        #expect(
            content.convert(content.bounds, to: controller.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: height))

        // The chain: top guide g1, logo 120, bottom guide g2, stack 3 × 44 + 2 × 16 = 164, 48,
        // sign up 44, guide g3, sign in 30, 30 to the bottom; g1 = g2 = 2 × g3, g3 ≥ 16.
        let stack = 3 * CodeExampleViewController.pillHeight + 2 * CodeExampleViewController.stackSpacing
        let fixed =
            CodeExampleViewController.logoSize.height + stack + 48 + CodeExampleViewController.pillHeight
            + CodeExampleViewController.signInSize.height + 30
        let g3 = (height - fixed) / 5
        #expect(g3 >= 16)
        let g1 = 2 * g3
        // (The fifths are not exact in binary: compared to a millionth of a point.)
        #expect(
            close(controller.logoImageView.frame, CGRect(x: (size.width - 120) / 2, y: g1, width: 120, height: 120)))
        #expect(
            close(
                controller.stackView.frame,
                CGRect(x: (size.width - 280) / 2, y: g1 + 120 + g1, width: 280, height: stack)))
        #expect(abs(controller.signUpButton.frame.minY - (g1 + 120 + g1 + stack + 48)) < 1e-6)
        #expect(
            close(
                controller.signInButton.frame,
                CGRect(x: (size.width - 60) / 2, y: height - 30 - 30, width: 60, height: 30)))
        #expect(stage.log.messages(atLeast: .warning).isEmpty)

        // The keyboard: the password field ends up above it.
        #expect(controller.passwordTextField.becomeFirstResponder())
        try stage.settle()
        #expect(controller.additionalSafeAreaInsets.bottom == phone.portraitKeyboardHeight - safe.bottom)
        let visible = controller.scrollView.convert(controller.scrollView.bounds, to: controller.view)
            .inset(by: controller.scrollView.adjustedContentInset)
        let password = controller.passwordTextField.convert(controller.passwordTextField.bounds, to: controller.view)
        #expect(password.minY >= visible.minY - 0.5 && password.maxY <= visible.maxY + 0.5)
    }

    private func close(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
            && abs(a.height - b.height) < 1e-6
    }
}
