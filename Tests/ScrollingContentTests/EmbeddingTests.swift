import Foundation
import HostKit
import ScrollingContent
import Testing

/// ContainerScrollViewController's embedding: `embeddedViewController`, a second embedding that
/// replaces the first with UIKit's containment calls in order, and the storyboard's embed
/// segue as far as HostKit can express it.
@Suite("Embedding child view controllers")
@MainActor
struct EmbeddingTests {
    /// A child whose view is a sign-up form, writing its containment and appearance calls to a
    /// log shared with the other child.
    final class LoggingChild: UIViewController {
        let form = SignUpContent()
        let name: String
        let log: Log

        final class Log {
            var entries: [String] = []
        }

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func loadView() {
            log.entries.append("\(name).loadView")
            view = form.view
        }

        override func willMove(toParent parent: UIViewController?) {
            super.willMove(toParent: parent)
            log.entries.append("\(name).willMove(\(parent == nil ? "nil" : "parent"))")
        }

        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            log.entries.append("\(name).didMove(\(parent == nil ? "nil" : "parent"))")
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            log.entries.append("\(name).viewWillAppear")
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            log.entries.append("\(name).viewDidDisappear")
        }
    }

    /// A subclass embedding `first` in `viewDidLoad`.
    final class Container: ScrollingContentViewController {
        let first: LoggingChild
        init(first: LoggingChild) {
            self.first = first
            super.init()
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            embedViewController(first)
        }
    }

    /// A plain view controller composing the manager (ContainerScrollViewEmbedder's flow).
    final class ComposedContainer: UIViewController {
        let first: LoggingChild
        lazy var manager = ScrollingContentManager(host: self)
        init(first: LoggingChild) {
            self.first = first
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            manager.embedViewController(first)
        }
    }

    private func present(_ kind: HostKind, first: LoggingChild, on stage: Stage)
        -> (UIViewController, ScrollingContentManager)
    {
        let parent: UIViewController
        let manager: ScrollingContentManager
        if kind == .subclass {
            let container = Container(first: first)
            (parent, manager) = (container, container.manager)
        } else {
            let container = ComposedContainer(first: first)
            (parent, manager) = (container, container.manager)
        }
        manager.logSink = stage.log.sink
        stage.window.rootViewController = parent
        stage.window.makeKeyAndVisible()
        return (parent, manager)
    }

    @Test(
        "a second embedding replaces the first completely, with the containment calls in order",
        arguments: [HostKind.subclass, .manager], phoneScreens)
    func aSecondEmbeddingReplacesTheFirst(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let log = LoggingChild.Log()
        let first = LoggingChild("A", log: log)
        let (parent, manager) = present(kind, first: first, on: stage)
        try stage.settle()
        #expect(manager.embeddedViewController === first)
        log.entries = []

        let second = LoggingChild("B", log: log)
        manager.embedViewController(second)
        try stage.settle()
        #expect(
            log.entries == [
                // B joins and loads its view; A hears it is leaving.
                "B.willMove(parent)", "B.loadView", "A.willMove(nil)",
                // B's view replaces A's in the scroll view: A leaves the window, B enters it.
                "A.viewDidDisappear", "B.viewWillAppear",
                // A is removed, B is settled.
                "A.didMove(nil)", "B.didMove(parent)",
            ])
        #expect(manager.embeddedViewController === second)
        #expect(first.parent == nil)
        #expect(first.view.superview == nil)
        #expect(parent.childrenOtherThanTheManagers.count == 1 && parent.childrenOtherThanTheManagers.first === second)
        #expect(second.view.superview === manager.scrollView)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        #expect(
            second.view.convert(second.view.bounds, to: parent.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        // The keyboard works for the new child's fields.
        #expect(second.form.password.becomeFirstResponder())
        try stage.settle()
        #expect(parent.additionalSafeAreaInsets.bottom == phone.portraitKeyboardHeight - safe.bottom)
        // Embedding the same child again does nothing.
        log.entries = []
        manager.embedViewController(second)
        #expect(log.entries.isEmpty)
        #expect(stage.log.messages(atLeast: .warning).isEmpty)
    }

    @Test("a refused second child leaves the first embedded", arguments: [HostKind.subclass, .manager])
    func aRefusedSecondChildLeavesTheFirst(kind: HostKind) throws {
        let stage = Stage(Phone.iPhoneSE)
        let log = LoggingChild.Log()
        let first = LoggingChild("A", log: log)
        let (parent, manager) = present(kind, first: first, on: stage)
        try stage.settle()
        // B's view is on screen in another window: it cannot be the content view.
        let other = Stage(Phone.iPhoneSE)
        let second = LoggingChild("B", log: log)
        other.window.addSubview(second.view)
        log.entries = []
        manager.embedViewController(second)
        #expect(!log.entries.contains { $0.hasPrefix("A.") })
        #expect(manager.embeddedViewController === first)
        #expect(first.parent === parent && first.view.superview === manager.scrollView)
        #expect(second.parent == nil)
        #expect(stage.log.contains("refused", atLeast: .warning))
    }

    /// The storyboard's flow: the scene's root view is a container view, and the embed segue
    /// has already added the child and put its view in the container when `viewDidLoad` runs.
    final class StoryboardContainer: ScrollingContentViewController {
        let child: LoggingChild
        init(child: LoggingChild) {
            self.child = child
            super.init()
        }

        required init?(coder: NSCoder) { nil }

        override func loadView() {
            // What the storyboard does: the container view, then the embed segue.
            let container = UIView()
            view = container
            addChild(child)
            child.view.frame = container.bounds
            child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.addSubview(child.view)
            child.didMove(toParent: self)
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            // ContainerScrollViewController finds the segue's child and embeds it.
            embedViewController(child)
        }
    }

    @Test(
        "the storyboard's embed segue: a child already contained, its view in the container, is embedded in place",
        arguments: phoneScreens)
    func storyboardEmbed(phone: Phone) throws {
        let stage = Stage(phone)
        let log = LoggingChild.Log()
        let child = LoggingChild("A", log: log)
        let controller = StoryboardContainer(child: child)
        controller.manager.logSink = stage.log.sink
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        try stage.settle()
        #expect(controller.embeddedViewController === child)
        #expect(controller.childrenOtherThanTheManagers.count == 1)
        // The scroll view took the child's view's place in the container and fills it; the
        // child's view is in the scroll view, in the safe area.
        #expect(controller.scrollView.superview === controller.view)
        #expect(controller.scrollView.frame == controller.view.bounds)
        #expect(child.view.superview === controller.scrollView)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        #expect(
            child.view.convert(child.view.bounds, to: controller.view)
                == CGRect(x: 0, y: safe.top, width: size.width, height: size.height - safe.top - safe.bottom))
        // Added once, by the segue: one willMove and one didMove to the parent.
        #expect(log.entries.filter { $0 == "A.willMove(parent)" }.count == 1)
        #expect(stage.log.messages(atLeast: .warning).isEmpty)
    }
}
