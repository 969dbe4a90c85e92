import Foundation
import HostKit
import ScrollingContent
import Testing

/// SCVC's undefined-size warning in `viewWillAppear`, and its forwarding methods, which a
/// migrating host may keep calling on top of the manager's own observation.
@Suite("Diagnostics and forwarding")
@MainActor
struct DiagnosticsTests {
    @Test(
        "a content view whose size is undefined on both axes is reported when the host appears",
        arguments: HostKind.allCases)
    func undefinedSizeWarning(kind: HostKind) throws {
        // No constraints, no intrinsic size: its compressed fitting size is zero on both axes.
        let content = UIView()
        content.name = "shapeless"
        let scenario = Scenario(kind, on: Phone.iPhoneSE, content: content, present: false)
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)
        scenario.present()
        let warnings = scenario.stage.log.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.level == .warning)
        #expect(warnings.first?.text.contains("undefined") == true)
        #expect(warnings.first?.text.contains("shapeless") == true)
        do {
            let timeline = scenario.timeline
            #expect(timeline.warnings.count == 1)
        }
    }

    @Test(
        "no warning for a constrained form, an intrinsic size, or a size defined on one axis only",
        arguments: HostKind.allCases)
    func noWarningForDefinedSizes(kind: HostKind) throws {
        let oneAxis = IntrinsicContentView(size: CGSize(width: UIView.noIntrinsicMetric, height: 300))
        for content in [SignUpContent().view, IntrinsicContentView(size: CGSize(width: 300, height: 200)), oneAxis] {
            let scenario = Scenario(kind, on: Phone.iPhoneSE, content: content)
            #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty, "\(content.debugLabel)")
        }
    }

    /// SCVC's README "Usage Without Subclassing", forwarding every method to the manager
    /// although the manager also observes the controller.
    final class ForwardingController: UIViewController {
        let form = SignUpContent()
        let timeline = TimelineRecorder()
        lazy var manager = ScrollingContentManager(host: self, monitors: [timeline])

        override func viewDidLoad() {
            super.viewDidLoad()
            manager.contentView = form.view
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            manager.viewWillAppear(animated)
        }

        override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            manager.viewWillTransition(to: size, with: coordinator)
        }

        override func viewSafeAreaInsetsDidChange() {
            super.viewSafeAreaInsetsDidChange()
            manager.viewSafeAreaInsetsDidChange()
        }
    }

    @Test("forwarding SCVC's methods as well as being observed is harmless", arguments: phoneScreens)
    func forwardingIsHarmless(phone: Phone) throws {
        let stage = Stage(phone)
        let controller = ForwardingController()
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        #expect(controller.form.password.becomeFirstResponder())
        try stage.settle()
        let portraitInsets = UIEdgeInsets(
            top: 0, left: 0, bottom: phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom, right: 0)
        #expect(controller.additionalSafeAreaInsets == portraitInsets)
        controller.timeline.removeAll()

        #expect(stage.window.rotate(to: .landscapeRight))
        try stage.settle()
        // One coordinator, handled once: one suspension, one application.
        #expect(controller.timeline.eventNames.filter { $0 == "filterSuspended" }.count == 1)
        #expect(controller.timeline.keyboardApplications.count == 1)
        #expect(
            controller.additionalSafeAreaInsets
                == UIEdgeInsets(
                    top: 0, left: 0, bottom: phone.landscapeKeyboardHeight - phone.landscapeSafeAreaInsets.bottom,
                    right: 0))
        #expect(stage.log.messages(atLeast: .warning).isEmpty)
    }
}

/// SCVC's two assertions in `viewWillAppear`, as logged diagnostics: a content view must be
/// assigned by then, and a subclass must call `super.viewDidLoad()`.
@Suite("Lifecycle mistakes")
@MainActor
struct LifecycleMistakeTests {
    /// A subclass that assigns its content view in `viewDidLoad()`, or not at all, and may
    /// forget `super.viewDidLoad()`.
    final class Forgetful: ScrollingContentViewController {
        let form = SignUpContent()
        var assignsContent = true
        var callsSuper = true

        override func viewDidLoad() {
            if callsSuper { super.viewDidLoad() }
            if assignsContent { contentView = form.view }
        }
    }

    // The composed manager hears its host's appearance once its lifecycle child's view is in
    // the host's root view, which happens when a content view is first assigned: a composed
    // host that never assigns one is warned only if it forwards `viewWillAppear(_:)` itself,
    // as SCVC's ManagerExample does.
    @Test(
        "no content view by viewWillAppear is logged (subclass, and a host that forwards viewWillAppear)",
        arguments: [HostKind.subclass, .custom], phoneScreens)
    func noContentViewByViewWillAppear(kind: HostKind, phone: Phone) throws {
        let scenario = Scenario(kind, on: phone, content: nil)
        try scenario.stage.settle()
        #expect(scenario.stage.log.contains("no content view by viewWillAppear", atLeast: .warning))
        #expect(scenario.scrollView.superview == nil)
    }

    @Test("a content view assigned in viewDidLoad gives no warning", arguments: phoneScreens)
    func contentAssignedInViewDidLoad(phone: Phone) throws {
        let stage = Stage(phone)
        let controller = Forgetful()
        controller.manager.logSink = stage.log.sink
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        try stage.settle()
        #expect(stage.log.messages(atLeast: .warning).isEmpty)
        #expect(controller.form.view.superview === controller.scrollView)
    }

    @Test(
        "a subclass that forgets super.viewDidLoad() is warned once; an outlet's content still goes in as the view appears",
        arguments: phoneScreens)
    func forgottenSuperViewDidLoad(phone: Phone) throws {
        let stage = Stage(phone)
        let controller = Forgetful()
        controller.callsSuper = false
        controller.assignsContent = false
        controller.manager.logSink = stage.log.sink
        // The storyboard outlet, connected before the view loads.
        controller.contentView = controller.form.view
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        try stage.settle()
        let warnings = stage.log.messages(atLeast: .warning)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(stage.log.contains("did not call super.viewDidLoad()", atLeast: .warning))
        #expect(controller.form.view.superview === controller.scrollView)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        #expect(
            controller.form.view.convert(controller.form.view.bounds, to: controller.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        // Appearing again (covered by a pushed screen and uncovered, say) warns no more.
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        #expect(stage.log.messages(atLeast: .warning).count == 1)
    }
}
