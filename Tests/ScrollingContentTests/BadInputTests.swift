import Foundation
import HostKit
import ScrollingContent
import Testing

/// Bad input gets a clear error (or a logged diagnostic) and loses nothing (issue 5, "Bad
/// input").
@Suite("Bad input")
@MainActor
struct BadInputTests {
    /// What a refused input must leave as it was.
    struct State: Equatable {
        var content: ObjectIdentifier?
        var contentSuperview: ObjectIdentifier?
        var scrollViewSuperview: ObjectIdentifier?
        var rootSuperview: ObjectIdentifier?
        var rootSubviews: [ObjectIdentifier]
        var scrollViewFrame: CGRect
        var contentFrame: CGRect
        var contentOffset: CGPoint
        var additionalSafeAreaInsets: UIEdgeInsets
        var activeScrollViewConstraints: [ObjectIdentifier]

        @MainActor
        init(_ scenario: Scenario) {
            let manager = scenario.manager
            content = manager.contentView.map(ObjectIdentifier.init)
            contentSuperview = manager.contentView?.superview.map(ObjectIdentifier.init)
            scrollViewSuperview = manager.scrollView.superview.map(ObjectIdentifier.init)
            rootSuperview = scenario.root.superview.map(ObjectIdentifier.init)
            rootSubviews = scenario.root.subviews.map(ObjectIdentifier.init)
            scrollViewFrame = manager.scrollView.frame
            contentFrame = manager.contentView?.frame ?? .null
            contentOffset = manager.scrollView.contentOffset
            additionalSafeAreaInsets = scenario.controller.additionalSafeAreaInsets
            activeScrollViewConstraints = manager.scrollView.constraints.filter(\.isActive).map(ObjectIdentifier.init)
        }
    }

    /// Each refused content view, and the error it gets.
    enum Refused: String, CaseIterable, Sendable {
        case theScrollView, aViewInsideTheContent, theWindow, theRootView, aViewOfAnotherWindow, anotherWindow
    }

    @Test(
        "refused content views throw a typed error and change nothing", arguments: HostKind.allCases, Refused.allCases)
    func refusedContentViews(kind: HostKind, refused: Refused) throws {
        let (scenario, form) = Scenario.signUp(kind, on: Phone.iPhoneX)
        let elsewhere = Stage(Phone.iPhoneSE)
        let stranger = UIView()
        elsewhere.window.addSubview(stranger)
        let (view, error): (UIView, ContentViewError) =
            switch refused {
            case .theScrollView: (scenario.scrollView, .insideScrollView)
            case .aViewInsideTheContent: (form.logo, .insideScrollView)
            case .theWindow: (scenario.window, .containsRootView)
            case .theRootView: (scenario.root, .containsRootView)
            case .aViewOfAnotherWindow: (stranger, .notInHostViewTree)
            case .anotherWindow: (elsewhere.window, .notInHostViewTree)
            }
        let before = State(scenario)
        let eventsBefore = scenario.timeline.events.count

        #expect(throws: error) { try scenario.manager.setContentView(view) }
        #expect(State(scenario) == before)
        #expect(scenario.timeline.events.count == eventsBefore)

        // Through the property (SCVC's API) the refusal is logged, with the reason.
        scenario.assignContentView(view)
        #expect(State(scenario) == before)
        let warnings = scenario.stage.log.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.text.contains(error.description) == true)
        #expect(scenario.timeline.warnings.count == 1)
        // Nothing moved in the other tree either.
        #expect(stranger.superview === elsewhere.window)
        #expect(elsewhere.window.superview == nil)

        // Still working: the keyboard is handled as before.
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(
                    top: 0, left: 0,
                    bottom: UIScreen.iPhoneX.portraitKeyboardHeight - UIScreen.iPhoneX.portraitSafeAreaInsets.bottom,
                    right: 0))
    }

    @Test("contentView = nil is refused and logged; the content stays", arguments: HostKind.allCases)
    func nilContentView(kind: HostKind) throws {
        let (scenario, form) = Scenario.signUp(kind, on: Phone.iPhoneSE)
        let before = State(scenario)
        #expect(throws: ContentViewError.noContentView) { try scenario.manager.setContentView(nil) }
        scenario.assignContentView(nil)
        #expect(State(scenario) == before)
        #expect(scenario.manager.contentView === form.view)
        #expect(scenario.stage.log.contains(ContentViewError.noContentView.description, atLeast: .warning))
    }

    @Test("nil before the view loads keeps the pending content view", arguments: HostKind.allCases)
    func nilBeforeLoading(kind: HostKind) throws {
        let scenario = Scenario(kind, on: Phone.iPhoneSE, content: nil, present: false)
        let form = SignUpContent()
        scenario.assignContentView(form.view)
        #expect(throws: ContentViewError.noContentView) { try scenario.manager.setContentView(nil) }
        #expect(scenario.manager.contentView === form.view)
        scenario.present()
        #expect(form.view.superview === scenario.scrollView)
    }

    /// Each view refused before the host's view loads, when nothing but the view itself can be
    /// checked.
    enum RefusedBeforeLoading: String, CaseIterable, Sendable {
        case theScrollView, aViewInsideTheScrollView, aViewOfAnotherWindow, anotherWindow
    }

    @Test(
        "a bad view before the view loads is refused at once; the pending content view stays",
        arguments: HostKind.allCases, RefusedBeforeLoading.allCases)
    func badViewBeforeLoading(kind: HostKind, refused: RefusedBeforeLoading) throws {
        let screen = UIScreen.iPhoneSE
        let scenario = Scenario(kind, on: screen, content: nil, present: false)
        // Before loading, the manager's diagnostics go through the scroll view's sink.
        scenario.scrollView.logSink = scenario.stage.log.sink
        let form = SignUpContent()
        scenario.assignContentView(form.view)
        let elsewhere = Stage(Phone.iPhoneSE)
        let stranger = UIView()
        elsewhere.window.addSubview(stranger)
        let insideScrollView = UIView()
        if refused == .aViewInsideTheScrollView { scenario.scrollView.addSubview(insideScrollView) }
        let (view, error): (UIView, ContentViewError) =
            switch refused {
            case .theScrollView: (scenario.scrollView, .insideScrollView)
            case .aViewInsideTheScrollView: (insideScrollView, .insideScrollView)
            case .aViewOfAnotherWindow: (stranger, .notInHostViewTree)
            case .anotherWindow: (elsewhere.window, .notInHostViewTree)
            }

        #expect(throws: error) { try scenario.manager.setContentView(view) }
        #expect(scenario.manager.contentView === form.view)
        // Through the property the refusal is logged, with the reason.
        scenario.assignContentView(view)
        #expect(scenario.manager.contentView === form.view)
        let warnings = scenario.stage.log.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.text.contains(error.description) == true)

        insideScrollView.removeFromSuperview()
        scenario.present()
        // The form is installed at load, in the safe area; the refused view stayed where it was.
        #expect(form.view.superview === scenario.scrollView)
        #expect(scenario.scrollView.superview === scenario.root)
        let safe = screen.portraitSafeAreaInsets
        let size = screen.portraitSize
        #expect(
            scenario.frameInRoot(form.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        #expect(stranger.superview === elsewhere.window)
        #expect(elsewhere.window.superview == nil)
        #expect(scenario.stage.log.messages(atLeast: .warning).count == 1)
    }

    /// On the subclass and a custom host: the pending view is refused when the view loads. A
    /// composed host's view is loaded by the first assignment, so the orphan is refused at once;
    /// either way one warning names the reason and the form is what shows.
    @Test(
        "a pending view the loaded root view refuses gives way to the one assigned before it",
        arguments: HostKind.allCases)
    func pendingViewRefusedAtLoad(kind: HostKind) throws {
        let screen = UIScreen.iPhoneX
        let scenario = Scenario(kind, on: screen, content: nil, present: false)
        let form = SignUpContent()
        scenario.assignContentView(form.view)
        // In a tree of its own that is in no window: nothing tells it from a subview of the root
        // view to come until the root view exists.
        let detached = UIView()
        let orphan = UIView()
        orphan.name = "orphan"
        detached.addSubview(orphan)
        if kind == .manager {
            // The composed host's view was loaded by the first assignment: the orphan is
            // refused at once, and nothing changes.
            #expect(throws: ContentViewError.notInHostViewTree) { try scenario.manager.setContentView(orphan) }
            #expect(scenario.manager.contentView === form.view)
            scenario.manager.contentView = orphan // the property logs the refusal instead
        } else {
            try scenario.manager.setContentView(orphan)
            #expect(scenario.manager.contentView === orphan)
        }

        scenario.present()
        #expect(form.view.superview === scenario.scrollView)
        #expect(scenario.manager.contentView === form.view)
        #expect(orphan.superview === detached)
        let safe = screen.portraitSafeAreaInsets
        let size = screen.portraitSize
        #expect(
            scenario.frameInRoot(form.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        // Logged while the root view is in no window yet (standard error); the timeline has it.
        do {
            let timeline = scenario.timeline
            #expect(timeline.warnings.count == 1)
            #expect(timeline.warnings.first?.contains(ContentViewError.notInHostViewTree.description) == true)
        }
    }

    @Test(
        "loadView(forContentView:) with the scroll view is refused and logged; the content stays",
        arguments: viewControllerHostKinds)
    func loadViewForTheScrollView(kind: HostKind) throws {
        let (scenario, form) = Scenario.signUp(kind, on: Phone.iPhoneSE)
        let before = State(scenario)
        scenario.manager.loadView(forContentView: scenario.scrollView)
        #expect(State(scenario) == before)
        #expect(scenario.manager.contentView === form.view)
        #expect(scenario.stage.log.contains(ContentViewError.insideScrollView.description, atLeast: .warning))
    }

    /// SCVC's storyboard flow, gone wrong: `loadView()` hands the manager its own scroll view.
    final class ScrollViewAsContentController: UIViewController {
        let timeline = TimelineRecorder()
        lazy var manager = ScrollingContentManager(host: self, monitors: [timeline])

        override func loadView() {
            super.loadView()
            manager.loadView(forContentView: manager.scrollView)
        }
    }

    @Test("loadView(forContentView:) with the scroll view in loadView() is refused; the scroll view is not installed")
    func loadViewForTheScrollViewWhileLoading() throws {
        let stage = Stage(Phone.iPhoneSE)
        let controller = ScrollViewAsContentController()
        controller.manager.logSink = stage.log.sink
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        #expect(controller.manager.scrollView.superview == nil)
        #expect(controller.manager.contentView == nil)
        // Nothing in the root view but the manager's lifecycle child's hidden view.
        #expect(controller.view.subviewsOtherThanTheManagers.isEmpty)
        // Logged while the root view is in no window yet: to the manager's own sink, and the
        // timeline has it.
        #expect(stage.log.contains(ContentViewError.insideScrollView.description, atLeast: .warning))
        #expect(controller.timeline.warnings.count == 1)
        #expect(controller.timeline.warnings.first?.contains(ContentViewError.insideScrollView.description) == true)
    }

    @Test(
        "embedding a child whose view cannot be the content view leaves the children and the content as they were",
        arguments: viewControllerHostKinds, [false, true])
    func refusedChildEmbedding(kind: HostKind, viewLoadedBefore: Bool) throws {
        let (scenario, form) = Scenario.signUp(kind, on: Phone.iPhoneX)
        let parent = try #require(scenario.controller as? UIViewController)
        // The child's view is already in another window: loaded before the embedding, or by
        // the child's `loadView()` during it.
        let elsewhere = Stage(Phone.iPhoneSE)
        let stranger = UIView()
        elsewhere.window.addSubview(stranger)
        let child = StrangerViewChild(view: stranger)
        if viewLoadedBefore { _ = child.view }
        let before = State(scenario)

        if let controller = scenario.host as? SubclassHost {
            controller.embedViewController(child)
        } else {
            scenario.manager.embedViewController(child)
        }
        // No child but the manager's lifecycle child.
        #expect(parent.childrenOtherThanTheManagers.isEmpty)
        #expect(child.parent == nil)
        #expect(State(scenario) == before)
        #expect(form.view.superview === scenario.scrollView)
        #expect(stranger.superview === elsewhere.window)
        #expect(scenario.stage.log.contains(ContentViewError.notInHostViewTree.description, atLeast: .warning))
        // A child whose view is checked first gets no containment calls; one loaded by the
        // embedding is taken back out.
        #expect(
            child.calls
                == (viewLoadedBefore
                    ? [] : ["willMove(toParent: parent)", "willMove(toParent: nil)", "didMove(toParent: nil)"]))
    }

    /// A child controller whose `loadView()` uses a view it was given, recording its
    /// containment calls.
    final class StrangerViewChild: UIViewController {
        let given: UIView
        var calls: [String] = []

        init(view: UIView) {
            given = view
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func loadView() {
            view = given
        }

        override func willMove(toParent parent: UIViewController?) {
            super.willMove(toParent: parent)
            calls.append("willMove(toParent: \(parent == nil ? "nil" : "parent"))")
        }

        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            calls.append("didMove(toParent: \(parent == nil ? "nil" : "parent"))")
        }
    }

    @Test("assigning the same view again does nothing", arguments: HostKind.allCases)
    func sameViewAgain(kind: HostKind) throws {
        let (scenario, form) = Scenario.signUp(kind, on: Phone.iPhoneSE)
        let before = State(scenario)
        let eventsBefore = scenario.timeline.events.count
        let contentConstraints = form.view.constraints.map(ObjectIdentifier.init)
        try scenario.manager.setContentView(form.view)
        scenario.assignContentView(form.view)
        #expect(State(scenario) == before)
        #expect(form.view.constraints.map(ObjectIdentifier.init) == contentConstraints)
        #expect(scenario.timeline.events.count == eventsBefore)
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)
    }

    @Test(
        "a keyboard notification with a non-finite frame or duration is ignored and reported",
        arguments: HostKind.allCases, [false, true])
    func nonFiniteKeyboardNotification(kind: HostKind, keyboardUp: Bool) throws {
        let screen = UIScreen.iPhoneX
        let (scenario, form) = Scenario.signUp(kind, on: screen)
        if keyboardUp {
            #expect(form.password.becomeFirstResponder())
            try scenario.stage.settle()
        }
        let before = State(scenario)
        scenario.timeline.removeAll()
        let size = screen.portraitSize
        let docked = dockedKeyboardFrame(height: screen.portraitKeyboardHeight, in: size)
        let bad = [
            KeyboardNotification(
                name: UIResponder.keyboardWillShowNotification, frameBegin: docked,
                frameEnd: CGRect(x: 0, y: .nan, width: size.width, height: 300), animationDuration: 0.25),
            KeyboardNotification(
                name: UIResponder.keyboardWillChangeFrameNotification, frameBegin: docked,
                frameEnd: CGRect(x: 0, y: 0, width: size.width, height: .infinity), animationDuration: 0.25),
            KeyboardNotification(
                name: UIResponder.keyboardWillHideNotification, frameBegin: docked,
                frameEnd: docked.offsetBy(dx: 0, dy: docked.height),
                animationDuration: .nan),
        ]
        for notification in bad {
            NotificationCenter.default.post(
                name: notification.name, object: scenario.window.screen,
                userInfo: notification.userInfo)
        }
        // Nothing is held: no filter timer waits.
        #expect(!scenario.stage.clock.pendingWork.contains { $0.label == "ScrollingContent keyboard filter" })
        try scenario.stage.settle()
        #expect(State(scenario) == before)
        let warnings = scenario.stage.log.messages(atLeast: .warning)
        #expect(warnings.count == bad.count)
        #expect(warnings.allSatisfy { $0.text.contains("non-finite") })
        do {
            let timeline = scenario.timeline
            #expect(timeline.eventNames == Array(repeating: "notificationIgnored", count: bad.count))
        }

        try expectARealKeyboardChangeStillWorks(scenario, form, screen: screen, keyboardUp: keyboardUp)
    }

    /// Each way a keyboard notification's `userInfo` can be malformed: a key the manager reads
    /// missing, or holding a value of another type.
    enum MalformedUserInfo: String, CaseIterable, Sendable {
        case noUserInfo, noEndFrame, noBeginFrame, noDuration
        case stringEndFrame, pointEndFrame, numberBeginFrame, stringDuration, rectDuration

        /// The key the manager finds wrong.
        @MainActor
        var key: String {
            switch self {
            case .noUserInfo, .noEndFrame, .stringEndFrame, .pointEndFrame: UIResponder.keyboardFrameEndUserInfoKey
            case .noBeginFrame, .numberBeginFrame: UIResponder.keyboardFrameBeginUserInfoKey
            case .noDuration, .stringDuration, .rectDuration: UIResponder.keyboardAnimationDurationUserInfoKey
            }
        }

        /// How the diagnostic names ``key``: as Swift code spells UIKit's member.
        var keyName: String {
            switch self {
            case .noUserInfo, .noEndFrame, .stringEndFrame, .pointEndFrame: "keyboardFrameEndUserInfoKey"
            case .noBeginFrame, .numberBeginFrame: "keyboardFrameBeginUserInfoKey"
            case .noDuration, .stringDuration, .rectDuration: "keyboardAnimationDurationUserInfoKey"
            }
        }

        /// What the diagnostic says was found under ``key``.
        var found: String {
            switch self {
            case .noUserInfo, .noEndFrame, .noBeginFrame, .noDuration: "no value"
            case .stringEndFrame, .stringDuration: "a String"
            case .pointEndFrame: "an NSValue of {CGPoint"
            case .numberBeginFrame: "an NSNumber"
            case .rectDuration: "an NSValue of {CGRect"
            }
        }

        /// `notification`'s `userInfo`, malformed this way.
        @MainActor
        func userInfo(for notification: KeyboardNotification) -> [AnyHashable: Any]? {
            let frame = NSValue(cgRect: notification.frameEnd)
            return switch self {
            case .noUserInfo: [AnyHashable: Any]?.none
            case .noEndFrame, .noBeginFrame, .noDuration: keyboardUserInfo(notification, replacing: key, with: nil)
            case .stringEndFrame: keyboardUserInfo(notification, replacing: key, with: "\(notification.frameEnd)")
            case .pointEndFrame:
                // Foundation's spelling: HostKit has UIKit's `NSValue(cgRect:)` only.
                keyboardUserInfo(notification, replacing: key, with: NSValue(point: notification.frameEnd.origin))
            case .numberBeginFrame: keyboardUserInfo(notification, replacing: key, with: NSNumber(value: 260))
            case .stringDuration: keyboardUserInfo(notification, replacing: key, with: "0.25")
            case .rectDuration: keyboardUserInfo(notification, replacing: key, with: frame)
            }
        }
    }

    @Test(
        "a keyboard notification whose userInfo misses a key or holds the wrong type is ignored with a warning",
        arguments: HostKind.allCases, MalformedUserInfo.allCases)
    func malformedKeyboardNotification(kind: HostKind, malformed: MalformedUserInfo) throws {
        for keyboardUp in [false, true] {
            try malformedKeyboardNotification(kind: kind, malformed: malformed, keyboardUp: keyboardUp)
        }
    }

    private func malformedKeyboardNotification(kind: HostKind, malformed: MalformedUserInfo, keyboardUp: Bool) throws {
        let screen = UIScreen.iPhoneX
        let (scenario, form) = Scenario.signUp(kind, on: screen)
        if keyboardUp {
            #expect(form.password.becomeFirstResponder())
            try scenario.stage.settle()
        }
        let before = State(scenario)
        let insetsBefore = (
            scenario.scrollView.contentInset, scenario.scrollView.adjustedContentInset,
            scenario.scrollView.verticalScrollIndicatorInsets
        )
        let warningsBefore = scenario.stage.log.messages(atLeast: .warning).count
        scenario.timeline.removeAll()
        // What UIKit would post for a change the other way (a show with the keyboard down, a
        // hide with it up), under each name the manager acts on, then malformed.
        let size = screen.portraitSize
        let docked = dockedKeyboardFrame(height: screen.portraitKeyboardHeight, in: size)
        let hidden = docked.offsetBy(dx: 0, dy: docked.height)
        let names =
            keyboardUp
            ? [UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillHideNotification]
            : [UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillShowNotification]
        for name in names {
            let wellFormed = KeyboardNotification(
                name: name, frameBegin: keyboardUp ? docked : hidden,
                frameEnd: keyboardUp ? hidden : docked,
                animationDuration: Keyboard.animationDuration)
            NotificationCenter.default.post(
                name: name, object: scenario.window.screen,
                userInfo: malformed.userInfo(for: wellFormed))
        }
        // Nothing is held: no filter timer waits.
        #expect(!scenario.stage.clock.pendingWork.contains { $0.label == "ScrollingContent keyboard filter" })
        try scenario.stage.settle()
        // Nothing moved.
        #expect(State(scenario) == before)
        #expect(scenario.scrollView.contentInset == insetsBefore.0)
        #expect(scenario.scrollView.adjustedContentInset == insetsBefore.1)
        #expect(scenario.scrollView.verticalScrollIndicatorInsets == insetsBefore.2)
        // One warning per notification, naming the key and what was under it.
        let warnings = scenario.stage.log.messages(atLeast: .warning).dropFirst(warningsBefore)
        #expect(warnings.count == names.count)
        #expect(warnings.allSatisfy { $0.level == .warning })
        #expect(warnings.allSatisfy { $0.text.contains("ignored") })
        #expect(
            warnings.allSatisfy { $0.text.contains(malformed.found) && $0.text.contains("under \(malformed.keyName)") },
            "\(Array(warnings))")
        // The timeline records the notifications as ignored, and nothing else.
        do {
            let timeline = scenario.timeline
            #expect(timeline.eventNames == Array(repeating: "notificationIgnored", count: names.count))
            let reasons = timeline.events.compactMap {
                if case .notificationIgnored(let text) = $0.kind { text } else { nil }
            }
            #expect(reasons.allSatisfy { $0.contains(malformed.found) && $0.contains("under \(malformed.keyName)") })
        }

        try expectARealKeyboardChangeStillWorks(scenario, form, screen: screen, keyboardUp: keyboardUp)
    }

    @Test(
        "non-finite scroll requests and views outside the scroll view are refused and reported",
        arguments: HostKind.allCases)
    func badScrollRequests(kind: HostKind) throws {
        let column = ColumnContent([.block(2000)])
        let scenario = Scenario(kind, on: Phone.iPhoneSE, content: column.view)
        let offset = scenario.scrollView.contentOffset
        scenario.scrollView.scrollRectToVisible(CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10), animated: false)
        scenario.scrollView.scrollRectToVisible(
            CGRect(x: 0, y: 1500, width: 10, height: 10), animated: false, margin: .infinity)
        scenario.scrollView.scrollViewToVisible(scenario.root, animated: false)
        scenario.scrollView.scrollViewToVisible(column.views[0], animated: false, margin: CGFloat.nan)
        #expect(scenario.scrollView.contentOffset == offset)
        #expect(scenario.stage.log.messages(atLeast: .error).count == 4)
    }
}

/// Anchors every rotation at one fixed offset, whatever it is.
struct FixedOffsetAnchor: RotationAnchorPolicy {
    let offset: CGPoint

    func contentOffset(after context: RotationAnchorContext) -> CGPoint? { offset }
}

/// The non-finite values a caller (or a custom policy) can hand over.
let nonFiniteValues: [CGFloat] = [.nan, .infinity, -.infinity]

extension BadInputTests {
    @Test(
        "a non-finite visibilityScrollMargin is refused and reported; the margin kept still applies",
        arguments: HostKind.allCases, nonFiniteValues)
    func nonFiniteVisibilityMargin(kind: HostKind, margin: CGFloat) throws {
        // A field between two blocks: room for the margin on both sides of it.
        let column = ColumnContent([.block(900), .field, .block(300)])
        let scenario = Scenario(kind, on: Phone.iPhoneSE, content: column.view)
        let kept: CGFloat = 12
        scenario.scrollView.visibilityScrollMargin = kept
        let before = State(scenario)

        scenario.scrollView.visibilityScrollMargin = margin
        #expect(scenario.scrollView.visibilityScrollMargin == kept)
        #expect(State(scenario) == before)
        let errors = scenario.stage.log.messages(atLeast: .error)
        #expect(errors.count == 1)
        #expect(errors.first?.text.contains("visibilityScrollMargin") == true)

        // The field below the 900 pt block is shown above the keyboard with the kept margin.
        let field = try column.field(1)
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.isFullyVisible(field, margin: kept))
        #expect(scenario.stage.log.messages(atLeast: .error).count == 1)
    }

    /// What a custom policy hands back non-finite, and where the manager passes it.
    enum BadPolicyOutput: String, CaseIterable, Sendable {
        /// An inset adjustment with a non-finite bottom inset: the host refuses it.
        case insetAdjustment
        /// A non-finite minimum content height: the held-height constraint is refused.
        case minimumContentHeight
        /// A non-finite inset animation (duration, damping): the animation falls back.
        case insetAnimation
    }

    @Test(
        "a custom policy's non-finite answer is refused and reported where it is applied; the rest of the change holds",
        arguments: BadPolicyOutput.allCases, nonFiniteValues)
    func nonFinitePolicyOutput(output: BadPolicyOutput, value: CGFloat) throws {
        let phone = Phone.iPhoneX
        let (scenario, form) = Scenario.signUp(.manager, on: phone) { manager in
            switch output {
            case .insetAdjustment: manager.insetAdjustmentPolicy = PaddedInsetAdjustment(padding: value)
            case .minimumContentHeight: manager.keyboardResizePolicy = FixedHeightResize(height: value)
            case .insetAnimation: manager.insetAnimationPolicy = .spring(duration: TimeInterval(value), damping: value)
            }
        }
        let heightBefore = form.view.frame.height
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let errors = scenario.stage.log.messages(atLeast: .error)
        let keyboardInset = UIEdgeInsets(
            top: 0, left: 0, bottom: phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom, right: 0)
        switch output {
        case .insetAdjustment:
            // The host keeps its insets; nothing else was decided.
            #expect(scenario.controller.additionalSafeAreaInsets == .zero)
            #expect(errors.count == 1)
            #expect(errors.first?.text.contains("additionalSafeAreaInsets") == true)
        case .minimumContentHeight:
            // The inset is applied; with no height held the content follows the safe area above
            // the keyboard (the priority-500 minimum), as with `.resizeContent`.
            #expect(scenario.controller.additionalSafeAreaInsets == keyboardInset)
            #expect(form.view.frame.height < heightBefore)
            #expect(
                form.view.frame.height == phone.portraitSize.height - phone.portraitSafeAreaInsets.top
                    - phone.portraitKeyboardHeight)
            #expect(errors.count == 1)
            #expect(errors.first?.text.contains("keyboardHeldHeight") == true)
        case .insetAnimation:
            // The inset is applied; the duration and the damping fall back (0 s, ratio 1).
            #expect(scenario.controller.additionalSafeAreaInsets == keyboardInset)
            #expect(errors.count == 2)
            #expect(errors.allSatisfy { $0.text.contains("UIView.animate") })
        }
        #expect(scenario.offsetIsLegal)
    }

    @Test(
        "a custom rotation anchor's non-finite offset is refused and reported; the offset stays where .none leaves it",
        arguments: nonFiniteValues)
    func nonFiniteRotationAnchor(value: CGFloat) throws {
        func rotated(_ policy: any RotationAnchorPolicy) throws -> (CGPoint, [LogMessage]) {
            let column = ColumnContent([.block(2000)])
            let scenario = Scenario(
                .subclass, on: Phone.iPhoneX, content: column.view, configure: { $0.rotationAnchorPolicy = policy })
            scenario.scrollView.setContentOffset(CGPoint(x: 0, y: 500), animated: false)
            #expect(scenario.window.rotate(to: .landscapeLeft))
            try scenario.stage.settle()
            return (scenario.scrollView.contentOffset, scenario.stage.log.messages(atLeast: .error))
        }
        let (expected, _) = try rotated(.none)
        let (offset, errors) = try rotated(FixedOffsetAnchor(offset: CGPoint(x: 0, y: value)))
        #expect(offset == expected)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.text.contains("contentOffset") && $0.text.contains("not finite") })
    }

    @Test(
        "viewWillTransition(to:with:) with a non-finite size changes nothing: the coordinator's transition is what counts",
        arguments: nonFiniteValues)
    func nonFiniteTransitionSize(value: CGFloat) throws {
        let column = ColumnContent([.block(2000)])
        let scenario = Scenario(.custom, on: Phone.iPhoneSE, content: column.view)
        scenario.scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
        let before = State(scenario)
        let size = CGSize(width: value, height: value)
        // Nothing moves: the coordinator's (and so the window's) size is the current one.
        let coordinator = SimulatedTransitionCoordinator(
            transitionDuration: 0.3, isAnimated: true,
            targetSize: scenario.window.bounds.size)
        scenario.manager.viewWillTransition(to: size, with: coordinator)
        coordinator.runAlongsideAnimations()
        coordinator.runCompletions()
        try scenario.stage.settle()
        #expect(State(scenario) == before)
        #expect(scenario.stage.log.messages(atLeast: .error).isEmpty)
    }
}

extension BadInputTests {
    /// After ignored notifications, a real keyboard change is still applied: the keyboard goes
    /// away (when it was up) or comes up over the password field, SCVC's bottom inset then being
    /// the keyboard's height less the home-indicator inset it covers.
    func expectARealKeyboardChangeStillWorks(
        _ scenario: Scenario, _ form: SignUpContent, screen: UIScreen,
        keyboardUp: Bool
    ) throws {
        if keyboardUp {
            form.view.endEditing(true)
            try scenario.stage.settle()
            #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        } else {
            #expect(form.password.becomeFirstResponder())
            try scenario.stage.settle()
            #expect(
                scenario.controller.additionalSafeAreaInsets
                    == UIEdgeInsets(
                        top: 0, left: 0, bottom: screen.portraitKeyboardHeight - screen.portraitSafeAreaInsets.bottom,
                        right: 0))
        }
    }
}
