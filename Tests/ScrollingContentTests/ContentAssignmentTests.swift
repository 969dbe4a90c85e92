import Foundation
import HostKit
import ScrollingContent
import Testing

/// The ways a content view gets in besides the first assignment: reassignment, an assignment
/// before the view loads, the root view itself (SCVC's storyboard outlet), and a child view
/// controller's view (ContainerScrollViewController's `embedViewController`).
@Suite("Content assignment")
@MainActor
struct ContentAssignmentTests {
    // MARK: Reassignment

    @Test(
        "a new content view replaces the old one inside the same scroll view", arguments: HostKind.allCases,
        phoneScreens)
    func reassignment(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let scrollView = scenario.scrollView
        let frameBefore = scrollView.frame
        let chain: CGFloat = 1000
        let column = ColumnContent([.block(chain)], name: "second")

        scenario.assignContentView(column.view)
        scenario.root.layoutIfNeeded()
        #expect(scenario.manager.scrollView === scrollView)
        #expect(scenario.manager.contentView === column.view)
        #expect(form.view.superview == nil)
        #expect(column.view.superview === scrollView)
        #expect(scrollView.subviews.count == 1)
        #expect(scrollView.superview === scenario.root)
        #expect(scrollView.frame == frameBefore)
        let size = phone.portraitSize
        #expect(column.view.frame == CGRect(x: 0, y: 0, width: size.width, height: chain))
        #expect(scrollView.contentSize == CGSize(width: size.width, height: chain))
        // The old content keeps none of the manager's constraints.
        #expect(!form.view.constraints.contains { $0.isActive && $0.identifier?.hasPrefix("ScrollingContent") == true })

        // And back: the first view works again.
        scenario.assignContentView(form.view)
        scenario.root.layoutIfNeeded()
        #expect(column.view.superview == nil)
        let safe = phone.portraitSafeAreaInsets
        #expect(
            scenario.frameInRoot(form.view)
                == CGRect(
                    x: 0, y: safe.top, width: size.width,
                    height: size.height - safe.top - safe.bottom))
    }

    @Test(
        "a content view assigned while the keyboard is up keeps the size the safe area had without it",
        arguments: HostKind.allCases, phoneScreens)
    func reassignmentWithTheKeyboardUp(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        // A second form: its chain needs 420 pt and may stretch (its bottom link is at 240).
        let short = SignUpContent()

        scenario.assignContentView(short.view)
        scenario.root.layoutIfNeeded()
        // Not what it would take above the keyboard (the larger of its 420 pt and the visible
        // height): the height held while the keyboard is up, the safe area's without it.
        let heldHeight = size.height - safe.top - safe.bottom
        let visibleHeight = size.height - safe.top - phone.portraitKeyboardHeight
        #expect(heldHeight > max(SignUpContent.height, visibleHeight))
        #expect(short.view.frame.height == heldHeight)
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: phone.portraitKeyboardHeight - safe.bottom, right: 0))

        form.email.resignFirstResponder()
        try scenario.stage.settle()
        #expect(short.view.frame.height == heldHeight)
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    // MARK: Before the view loads

    /// The subclass and a host of the user's own install it when the view loads (an outlet
    /// connected before loading); a plain view controller composing the manager has its view
    /// loaded by the assignment, as SCVC's manager does (reading `view` loads it), because no
    /// child view controller hears its parent's view load.
    @Test(
        "a content view assigned before the view loads is installed when it does", arguments: HostKind.allCases,
        phoneScreens)
    func deferredAssignment(kind: HostKind, phone: Phone) throws {
        let scenario = Scenario(kind, on: phone, content: nil, present: false)
        let form = SignUpContent()
        scenario.assignContentView(form.view)
        #expect(scenario.manager.contentView === form.view)
        if kind == .manager {
            #expect(scenario.controller.viewIfLoaded != nil)
            #expect(form.view.superview === scenario.scrollView)
            #expect(scenario.scrollView.superview === scenario.root)
        } else {
            #expect(scenario.controller.viewIfLoaded == nil)
            #expect(form.view.superview == nil)
        }

        scenario.present()
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        #expect(scenario.scrollView.superview === scenario.root)
        #expect(form.view.superview === scenario.scrollView)
        #expect(
            scenario.frameInRoot(form.view)
                == CGRect(
                    x: 0, y: safe.top, width: size.width,
                    height: size.height - safe.top - safe.bottom))
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)
    }

    /// SCVC's storyboard flow on the subclass path: `loadView()` makes the form the root view,
    /// and the `contentView` outlet points at it.
    final class OutletController: ScrollingContentViewController {
        let form = SignUpContent()

        override func loadView() {
            view = form.view
        }
    }

    /// The same on the manager path, as SCVC's ManagerExample writes it: `loadView()` calls
    /// `loadView(forContentView:)` after the root view is made (here the form stands in for the
    /// storyboard's root view), and `viewDidLoad()` assigns the content view.
    ///
    /// Earlier this test's controller assigned no content view and expected
    /// `loadView(forContentView:)` to install the content. That was wrong: in SCVC the call
    /// only substitutes the root view, and the content goes in when it is assigned.
    final class OutletManagedController: UIViewController {
        let form = SignUpContent()
        lazy var manager = ScrollingContentManager(host: self)

        override func loadView() {
            view = form.view
            manager.loadView(forContentView: form.view)
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            manager.contentView = form.view
        }
    }

    @Test(
        "the root view as content view: a new root view is substituted at load (subclass path)", arguments: phoneScreens
    )
    func rootViewSubstitutionOnTheSubclassPath(phone: Phone) throws {
        let stage = Stage(phone)
        let controller = OutletController()
        let form = controller.form
        controller.contentView = form.view
        #expect(!controller.isViewLoaded)
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        try expectSubstitution(root: controller.view, scrollView: controller.scrollView, form: form, stage: stage)
        #expect(controller.contentView === form.view)
    }

    @Test(
        "the root view as content view: loadView(forContentView:) substitutes a root view (manager path)",
        arguments: phoneScreens)
    func rootViewSubstitutionOnTheManagerPath(phone: Phone) throws {
        let stage = Stage(phone)
        let controller = OutletManagedController()
        let form = controller.form
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        try expectSubstitution(
            root: controller.view, scrollView: controller.manager.scrollView, form: form, stage: stage)
        #expect(controller.manager.contentView === form.view)
    }

    @Test(
        "the root view as content view on a custom host: substituted through loadView(forContentView:) or at load",
        arguments: phoneScreens, [false, true])
    func rootViewSubstitutionOnACustomHost(phone: Phone, assignedBeforeLoading: Bool) throws {
        let stage = Stage(phone)
        let host = CustomHost(content: nil)
        let form = SignUpContent()
        if assignedBeforeLoading {
            // An outlet assigned before the host has a root view; the root view it then gets is
            // the form (the host's own `loadView`), and the manager learns it loaded.
            host.manager.contentView = form.view
            #expect(host.viewIfLoaded == nil)
            host.view = form.view
        } else {
            // SCVC's flow: the host's view is the form, then `loadView(forContentView:)`
            // substitutes a root view, and the content view is assigned (SCVC's `viewDidLoad`).
            host.view = form.view
            host.manager.loadView(forContentView: form.view)
            #expect(host.view !== form.view)
            #expect(form.view.superview == nil)
            host.manager.contentView = form.view
        }
        host.present(in: stage.window)
        try expectSubstitution(root: host.view, scrollView: host.manager.scrollView, form: form, stage: stage)
        #expect(host.manager.contentView === form.view)
    }

    private func expectSubstitution(
        root: UIView, scrollView: ScrollingContentScrollView, form: SignUpContent,
        stage: Stage
    ) throws {
        let screen = stage.screen
        let safe = screen.portraitSafeAreaInsets
        let size = screen.portraitSize
        #expect(root !== form.view)
        #expect(root.superview === stage.window)
        #expect(root.frame == stage.window.bounds)
        // The scroll view is all the root view shows (the manager's lifecycle child's hidden
        // view aside, on a view controller host).
        #expect(root.subviewsOtherThanTheManagers.count == 1 && root.subviewsOtherThanTheManagers.first === scrollView)
        #expect(scrollView.frame == root.bounds)
        #expect(form.view.superview === scrollView)
        #expect(
            form.view.convert(form.view.bounds, to: root)
                == CGRect(
                    x: 0, y: safe.top, width: size.width,
                    height: size.height - safe.top - safe.bottom))
        // The keyboard works through the new root view.
        #expect(form.password.becomeFirstResponder())
        try stage.settle()
        #expect(root.safeAreaInsets.bottom == screen.portraitKeyboardHeight)
        #expect(stage.log.messages(atLeast: .warning).isEmpty)
    }

    // MARK: Child embedding

    /// A child whose view is the sign-up form, recording its containment calls.
    final class EmbeddedChild: UIViewController {
        let form = SignUpContent()
        var calls: [String] = []

        override func loadView() {
            calls.append("loadView")
            view = form.view
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            calls.append("viewDidLoad")
        }

        override func willMove(toParent parent: UIViewController?) {
            super.willMove(toParent: parent)
            calls.append("willMove(toParent: \(parent?.title ?? "nil"))")
        }

        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            calls.append("didMove(toParent: \(parent?.title ?? "nil"))")
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            calls.append("viewWillAppear")
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            calls.append("viewDidAppear")
        }
    }

    /// ContainerScrollViewController's code flow: `embedViewController` in `viewDidLoad`.
    final class EmbeddingController: ScrollingContentViewController {
        let child = EmbeddedChild()

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "parent"
            embedViewController(child)
        }
    }

    /// The same without subclassing (ContainerScrollViewEmbedder's flow).
    final class EmbeddingManagedController: UIViewController {
        let child = EmbeddedChild()
        lazy var manager = ScrollingContentManager(host: self)

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "parent"
            manager.embedViewController(child)
        }
    }

    @Test(
        "embedViewController makes a child's view the content view, with containment calls in order",
        arguments: viewControllerHostKinds, phoneScreens)
    func childEmbedding(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let parent: UIViewController
        let child: EmbeddedChild
        let scrollView: ScrollingContentScrollView
        switch kind {
        case .subclass:
            let controller = EmbeddingController()
            (parent, child, scrollView) = (controller, controller.child, controller.scrollView)
        case .manager, .custom:
            let controller = EmbeddingManagedController()
            (parent, child, scrollView) = (controller, controller.child, controller.manager.scrollView)
        }
        stage.window.rootViewController = parent
        stage.window.makeKeyAndVisible()

        #expect(
            child.calls == [
                "willMove(toParent: parent)", "loadView", "viewDidLoad", "didMove(toParent: parent)",
                "viewWillAppear", "viewDidAppear",
            ])
        #expect(child.parent === parent)
        // The child is the parent's only child besides the manager's lifecycle child.
        #expect(parent.childrenOtherThanTheManagers.count == 1 && parent.childrenOtherThanTheManagers.first === child)
        #expect(child.view.superview === scrollView)
        #expect(scrollView.superview === parent.view)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        #expect(
            child.view.convert(child.view.bounds, to: parent.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        #expect(child.form.password.becomeFirstResponder())
        try stage.settle()
        #expect(
            parent.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: phone.portraitKeyboardHeight - safe.bottom, right: 0))
    }

    @Test("embedding needs a view controller host and a child without another parent")
    func embeddingRefusals() throws {
        // A host of the user's own is not a view controller: nothing to contain a child.
        let scenario = Scenario(.custom, on: Phone.iPhoneSE, content: nil)
        let child = EmbeddedChild()
        scenario.manager.embedViewController(child)
        #expect(child.parent == nil)
        #expect(child.calls.isEmpty)
        #expect(scenario.manager.contentView == nil)
        #expect(scenario.stage.log.contains("not a UIViewController", atLeast: .warning))
        // Presented with no content view, the host was warned about that too.
        #expect(scenario.timeline.warnings.count == 2)
        #expect(scenario.timeline.warnings.first?.contains("no content view by viewWillAppear") == true)
        #expect(scenario.timeline.warnings.filter { $0.contains("not a UIViewController") }.count == 1)

        // A child that already has another parent is refused too.
        let other = UIViewController()
        let (composed, _) = Scenario.signUp(.manager, on: Phone.iPhoneSE)
        other.addChild(child)
        let contentBefore = composed.manager.contentView
        composed.manager.embedViewController(child)
        #expect(child.parent === other)
        #expect(composed.manager.contentView === contentBefore)
        #expect(composed.stage.log.contains("already has a parent", atLeast: .warning))
    }
}
