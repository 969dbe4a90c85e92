// The Swift code blocks of HostKit's documentation (Sources/Host/HostKit.docc), verbatim, with
// tests of what they promise. `DocumentationSnippetTests` (in ExamplesTests) checks that every
// block of the catalogs appears in a test file.
import Foundation
import HostKit
import Testing

@MainActor
@Suite("Documentation snippets: HostKit")
struct HostKitDocumentationSnippets {
    @Test func landingPage() throws {
        let scheduler = ManualScheduler()
        let window = UIWindow(screen: .iPhoneSE, scheduler: scheduler)
        let field = UITextField(frame: CGRect(x: 20, y: 500, width: 335, height: 34))
        window.addSubview(field)
        window.makeKeyAndVisible()

        _ = field.becomeFirstResponder() // the keyboard starts to show
        try scheduler.advance(by: Keyboard.animationDuration) // and is up
        let keyboardFrame = window.keyboard.frame // (0 407; 375 260), docked

        // Docked at the bottom of the 375×667 screen, as tall as the screen's portrait keyboard.
        let height = UIScreen.iPhoneSE.portraitKeyboardHeight
        #expect(keyboardFrame == CGRect(x: 0, y: 667 - height, width: 375, height: height))
        #expect(window.keyboard.isDocked)
    }
}
