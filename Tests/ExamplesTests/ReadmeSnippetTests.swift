import Foundation
import HostKit
import ScrollingContent
import Testing

/// The README's "Testing your own screens headlessly" snippet, verbatim, so it stays true.
@MainActor
@Suite struct ReadmeSnippetTests {
    /// The README's screen: the subclass path with a password field in its content.
    final class SignUpViewController: ScrollingContentViewController {
        let password = TextField()

        override func viewDidLoad() {
            super.viewDidLoad()
            let content = View()
            password.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(password)
            LayoutConstraint.activate([
                // Low enough on an iPhone SE (667 − 260 = 407 pt above the keyboard) that the
                // keyboard would cover it.
                password.topAnchor.constraint(equalTo: content.topAnchor, constant: 500),
                password.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
                password.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
                content.bottomAnchor.constraint(greaterThanOrEqualTo: password.bottomAnchor, constant: 20),
            ])
            contentView = content
        }
    }

    @Test func passwordStaysAboveTheKeyboard() throws {
        let scheduler = ManualScheduler()
        let window = Window(screen: .iPhoneSE, scheduler: scheduler)
        let screen = SignUpViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()

        _ = screen.password.becomeFirstResponder()
        try scheduler.advance(by: 0.6)   // the 0.1 s filter, then the 0.5 s animation

        let keyboardTop = 667 - Screen.iPhoneSE.portraitKeyboardHeight
        #expect(screen.password.convert(screen.password.bounds, to: window).maxY <= keyboardTop)
        #expect(screen.additionalSafeAreaInsets.bottom == Screen.iPhoneSE.portraitKeyboardHeight)
    }
}
