import Foundation
import HostKit
import ScrollingContent
import Testing

/// The host released while keyboard events are pending: the manager goes inert, nothing
/// crashes, nothing leaks (issue 5, "Bad input").
@Suite("Lifetime")
@MainActor
struct LifetimeTests {
    /// The label of the manager's filter timer on the scheduler.
    static let filterLabel = "ScrollingContent keyboard filter"

    /// Weak references to what a host owns.
    final class Weak {
        weak var host: AnyObject?
        weak var manager: ScrollingContentManager?
        weak var scrollView: UIView?
        weak var content: UIView?
        weak var root: UIView?
    }

    @Test(
        "a view controller host released with a keyboard change held: everything is freed",
        arguments: viewControllerHostKinds, phoneScreens)
    func viewControllerReleased(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone) // the window outlives the controller
        let weak = Weak()
        // Kept past the host: it shows what the manager heard.
        let timeline = TimelineRecorder()
        do {
            let form = SignUpContent()
            let host: any ScenarioHost =
                kind == .subclass
                ? SubclassHost(content: form.view, monitors: [timeline])
                : ComposedHost(content: form.view, monitors: [timeline])
            host.present(in: stage.window)
            #expect(form.password.becomeFirstResponder())
            // The keyboard change is held by the filter.
            #expect(stage.clock.pendingWork.contains { $0.label == Self.filterLabel })
            weak.host = host
            weak.manager = host.manager
            weak.scrollView = host.manager.scrollView
            weak.content = form.view
            weak.root = host.hostController.view
            // Release the controller.
            stage.window.rootViewController = nil
        }
        #expect(weak.host == nil)
        #expect(weak.manager == nil)
        #expect(weak.scrollView == nil)
        #expect(weak.content == nil)
        #expect(weak.root == nil)
        #expect(!stage.clock.pendingWork.contains { $0.label == Self.filterLabel })
        // Nobody listens any more: a keyboard notification of the window's screen changes
        // nothing, holds nothing and logs nothing.
        let eventsBefore = timeline.events.count
        postDockedKeyboardWillShow(height: phone.portraitKeyboardHeight, in: stage.window)
        #expect(timeline.events.count == eventsBefore)
        #expect(!stage.clock.pendingWork.contains { $0.label == Self.filterLabel })
        // What was pending runs without anyone to act on it.
        try stage.settle()
        #expect(stage.clock.finish().isClean)
        #expect(stage.log.messages(atLeast: .warning).isEmpty)
    }

    @Test(
        "a host of the user's own released while its view stays in the window: the manager is freed, the views stay inert",
        arguments: phoneScreens)
    func customHostReleasedWithItsViewOnScreen(phone: Phone) throws {
        let stage = Stage(phone)
        let weak = Weak()
        var root: UIView?
        var password: UITextField?
        // Kept past the host: it shows what the manager heard.
        let timeline = TimelineRecorder()
        do {
            let form = SignUpContent()
            let host = CustomHost(content: form.view, monitors: [timeline])
            host.present(in: stage.window)
            #expect(form.password.becomeFirstResponder())
            #expect(stage.clock.pendingWork.contains { $0.label == Self.filterLabel })
            weak.host = host
            weak.manager = host.manager
            weak.scrollView = host.manager.scrollView
            weak.content = form.view
            root = host.view
            password = form.password
        }
        // The host owned the manager; the window still holds the views.
        #expect(weak.host == nil)
        #expect(weak.manager == nil)
        #expect(weak.scrollView != nil && weak.content != nil)
        // The manager's timer and observation went with it.
        #expect(!stage.clock.pendingWork.contains { $0.label == Self.filterLabel })
        // Nobody listens any more: a keyboard notification of the window's screen changes
        // nothing, holds nothing and logs nothing.
        let eventsBefore = timeline.events.count
        postDockedKeyboardWillShow(height: phone.portraitKeyboardHeight + 50, in: stage.window)
        #expect(timeline.events.count == eventsBefore)
        #expect(!stage.clock.pendingWork.contains { $0.label == Self.filterLabel })
        try stage.settle()
        #expect(root?.additionalSafeAreaContribution == .zero)
        #expect(stage.log.messages(atLeast: .warning).isEmpty)

        // Keyboard changes still reach the scroll view (UIKit's own scroll): nothing crashes,
        // and the scroll view scrolls by itself.
        try stage.window.keyboard.show(height: phone.portraitKeyboardHeight + 100)
        try stage.settle()
        #expect(password?.isFirstResponder == true)
        #expect(root?.additionalSafeAreaContribution == .zero)

        // Taking the view off screen frees the rest.
        password?.endEditing(true)
        password = nil
        root?.removeFromSuperview()
        root = nil
        #expect(weak.scrollView == nil)
        #expect(weak.content == nil)
        try stage.settle()
        #expect(stage.clock.finish().isClean)
    }

    @Test("a manager kept after its host is released is inert", arguments: monitoredHostKinds)
    func managerOutlivesItsHost(kind: HostKind) throws {
        let stage = Stage(Phone.iPhoneX)
        let timeline = TimelineRecorder()
        var manager: ScrollingContentManager?
        weak var weakHost: AnyObject?
        do {
            let form = SignUpContent()
            let host: any ScenarioHost =
                kind == .custom
                ? CustomHost(content: form.view, monitors: [timeline])
                : ComposedHost(content: form.view, monitors: [timeline])
            host.present(in: stage.window)
            #expect(form.password.becomeFirstResponder())
            manager = host.manager
            weakHost = host
            // A view controller leaves with its view; a host of the user's own may leave its
            // view in the window (the window then keeps the scroll view, and the manager
            // still observes the window's keyboard).
            if kind != .custom { stage.window.rootViewController = nil }
        }
        #expect(weakHost == nil)
        let kept = try #require(manager)
        #expect(kept.host == nil)
        // The held keyboard change fires with no host to act on.
        try stage.settle()
        #expect(timeline.keyboardApplications.isEmpty)
        // Forwarded calls and assignments do nothing and don't crash.
        kept.viewWillAppear(false)
        kept.viewSafeAreaInsetsDidChange()
        #expect(throws: ContentViewError.hostReleased) { try kept.setContentView(UIView()) }
        if kind == .custom {
            // Through the property it is logged, where the scroll view is: in the window.
            kept.contentView = UIView()
            #expect(stage.log.contains(ContentViewError.hostReleased.description, atLeast: .warning))
        }
        // More keyboard changes in the window: ignored.
        try stage.window.keyboard.show(height: 100)
        try stage.settle()
        try stage.window.keyboard.hide()
        try stage.settle()
        #expect(timeline.keyboardApplications.isEmpty)
        #expect(stage.clock.finish().isClean)
    }
}
