import Foundation
import ScrollingContent
import Testing

// The Swift code blocks of ScrollingContent's documentation (Sources/Manager/ScrollingContent.docc),
// verbatim, with tests of what they promise. (Getting started and the testing article also quote
// the README's manager example and test, in `ReadmeSnippetTests.swift`, as they are.) `DocumentationSnippetTests` checks that every block of
// the catalogs appears in a test file.
#if canImport(UIKit) && !os(watchOS)
    import UIKit
#else
    import HostKit
#endif

// MARK: The landing page

final class NotesViewController: ScrollingContentViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let content = UIView()
        // … the controls, in an unbroken chain of constraints …
        contentView = content
    }
}

// MARK: Getting started

final class SignInViewController: ScrollingContentViewController {
    let email = UITextField()
    let password = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        let content = UIView()
        for field in [email, password] {
            field.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(field)
        }
        // An unbroken chain from the content view's top edge to its bottom edge, and from
        // its leading edge to its trailing edge, gives the content view its size.
        NSLayoutConstraint.activate([
            email.topAnchor.constraint(equalTo: content.topAnchor, constant: 320),
            password.topAnchor.constraint(equalTo: email.bottomAnchor, constant: 12),
            content.bottomAnchor.constraint(greaterThanOrEqualTo: password.bottomAnchor, constant: 20),
            email.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
            email.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
            password.leadingAnchor.constraint(equalTo: email.leadingAnchor),
            password.trailingAnchor.constraint(equalTo: email.trailingAnchor),
        ])
        contentView = content
    }
}

// MARK: Testing your screens headlessly

@MainActor @Test func autoFillIsAppliedOnce() throws {
    let scheduler = ManualScheduler()
    let log = LogRecorder()
    let window = UIWindow(screen: .iPhoneSE, scheduler: scheduler, logSink: log.sink)
    let timeline = TimelineRecorder()
    let screen = SignInViewController(monitors: [timeline])
    window.rootViewController = screen
    window.makeKeyAndVisible()
    _ = screen.email.becomeFirstResponder()
    try scheduler.run() // everything pending, each at its time
    timeline.removeAll()

    try window.keyboard.simulateAutoFill() // one hide and two shows within 0.1 s
    try scheduler.run()

    // One change applied, for the keyboard the burst ended with.
    #expect(timeline.keyboardApplications.count == 1)
    let keyboard = UIScreen.iPhoneSE.portraitKeyboardHeight
    #expect(timeline.keyboardApplications.first?.hostBottomOverlap == keyboard)
    #expect(log.messages(atLeast: .warning).isEmpty)
}

@MainActor
@Suite("Documentation snippets: ScrollingContent")
struct ScrollingContentDocumentationSnippets {
    @Test func theLandingPageScreenInstallsItsContent() throws {
        let log = LogRecorder()
        let window = UIWindow(screen: .iPhoneSE, scheduler: ManualScheduler(), logSink: log.sink)
        let screen = NotesViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        #expect(screen.contentView?.superview === screen.scrollView)
        // Without controls the content view's size is undefined; the manager says so.
        #expect(log.contains("the size of the content view", atLeast: .warning))
    }

    @Test func adjustingTheBehaviour() throws {
        let screen = SignInViewController()
        let manager = screen.manager
        manager.shouldResizeContentViewForKeyboard = true // shrink as constraints allow
        manager.scrollView.keyboardDismissMode = .interactive
        manager.scrollView.visibilityScrollMargin = 20 // room around the first responder
        manager.rotationAnchorPolicy = .keepFirstResponderVisible

        #expect(manager.keyboardResizePolicy is ResizeContent)
        #expect(manager.rotationAnchorPolicy is KeepFirstResponderVisible)

        let scheduler = ManualScheduler()
        let window = UIWindow(screen: .iPhoneSE, scheduler: scheduler)
        window.rootViewController = screen
        window.makeKeyAndVisible()
        _ = screen.password.becomeFirstResponder()
        try scheduler.run()
        // The keyboard can be dragged away although the content fits: it bounces.
        #expect(screen.scrollView.alwaysBounceVertical)
        // The field is 20 pt clear of the keyboard's top (667 − 260).
        let field = screen.password.convert(screen.password.bounds, to: window)
        #expect(field.maxY + 20 <= 667 - UIScreen.iPhoneSE.portraitKeyboardHeight)
    }

    @Test func aTimelineAsAMonitor() throws {
        let timeline = TimelineRecorder()
        let screen = SignInViewController(monitors: [timeline])

        let window = UIWindow(screen: .iPhoneSE, scheduler: ManualScheduler())
        window.rootViewController = screen
        window.makeKeyAndVisible()
        // The installation of the content view is its first event.
        guard case .contentInstalled = timeline.events.first?.kind else {
            Issue.record("the timeline starts with \(timeline.events.first.map(\.description) ?? "nothing")")
            return
        }
    }

    @Test func rotationWithTheKeyboardUp() throws {
        let scheduler = ManualScheduler()
        let window = UIWindow(screen: .iPhoneSE, scheduler: scheduler)
        let screen = SignInViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        _ = screen.password.becomeFirstResponder()
        try scheduler.run()

        window.rotate(to: .landscapeLeft)
        try scheduler.run()

        // Landscape: a 200 pt keyboard, and no safe area at the bottom of an iPhone SE.
        let keyboard = UIScreen.iPhoneSE.landscapeKeyboardHeight
        #expect(screen.additionalSafeAreaInsets.bottom == keyboard)
        let change = window.animationLog.last { $0.changed(screen.view, .additionalSafeAreaInsets) }
        #expect(change?.duration == 0.5)
        #expect(change?.timing == .spring(dampingRatio: 1, initialVelocity: 0))
    }

    @Test func aPictureOfTheWindow() throws {
        let window = UIWindow(screen: .iPhoneSE, scheduler: ManualScheduler())
        window.rootViewController = SignInViewController()
        window.makeKeyAndVisible()

        let svg = SVGRenderer().render(window: window)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sign-in.svg")
        try svg.write(to: file, atomically: true, encoding: .utf8)

        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<svg"))
    }
}
