// The README's snippets, verbatim (less their imports): the quick start's two screens and the
// "Testing your own screens headlessly" test. `readmeSnippetsAreThisFilesCode` checks that the
// README still says exactly this, so the README's code compiles and its test passes.
import Foundation
import HostKit
import ScrollingContent
import Testing

final class SignUpViewController: ScrollingContentViewController {
    let password = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        // Add the controls to the content view — not to view — with an unbroken chain of
        // constraints from its top to its bottom and from its leading to its trailing edge.
        let content = UIView()
        password.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(password)
        NSLayoutConstraint.activate([
            // 500 pt down: under the keyboard on an iPhone SE (its top is at 667 − 260 = 407).
            password.topAnchor.constraint(equalTo: content.topAnchor, constant: 500),
            password.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
            password.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
            content.bottomAnchor.constraint(greaterThanOrEqualTo: password.bottomAnchor, constant: 20),
        ])
        contentView = content
    }
}

final class ProfileViewController: UIViewController {
    lazy var manager = ScrollingContentManager(host: self)
    let contentView = UIView() // the screen's existing content, with its controls

    override func viewDidLoad() {
        super.viewDidLoad()
        contentView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(contentView)
        NSLayoutConstraint.activate([
            contentView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            contentView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            contentView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            contentView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        manager.contentView = contentView // already in the tree: the scroll view takes its place
    }
}

@MainActor @Test func passwordStaysAboveTheKeyboard() throws {
    let scheduler = ManualScheduler()
    let window = UIWindow(screen: .iPhoneSE, scheduler: scheduler)
    let screen = SignUpViewController()
    window.rootViewController = screen
    window.makeKeyAndVisible()

    _ = screen.password.becomeFirstResponder()
    try scheduler.advance(by: 0.6) // the 0.1 s filter, then the 0.5 s animation

    let keyboardTop = 667 - UIScreen.iPhoneSE.portraitKeyboardHeight
    #expect(screen.password.convert(screen.password.bounds, to: window).maxY <= keyboardTop)
    #expect(screen.additionalSafeAreaInsets.bottom == UIScreen.iPhoneSE.portraitKeyboardHeight)
}

/// Keeps the README and this file in step, and checks the manager quick start's screen.
@MainActor
@Suite struct ReadmeSnippetTests {
    /// The README's Swift blocks in "Quick start" and "Testing your own screens headlessly",
    /// without their `import` lines.
    static func readmeSnippets() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var snippets: [String] = []
        for title in ["## Quick start", "## Testing your own screens headlessly"] {
            let start = try #require(readme.range(of: title))
            let end =
                readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
            let parts = readme[start.upperBound..<end].components(separatedBy: "```swift\n").dropFirst()
            for part in parts {
                let block = part.components(separatedBy: "```")[0]
                let lines = block.split(separator: "\n", omittingEmptySubsequences: false).filter {
                    !$0.hasPrefix("import ")
                }
                snippets.append(lines.joined(separator: "\n").trimmingCharacters(in: .newlines))
            }
        }
        return snippets
    }

    @Test func readmeSnippetsAreThisFilesCode() throws {
        let snippets = try Self.readmeSnippets()
        // Two quick-start screens and one test.
        #expect(snippets.count == 3)
        let thisFile = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        for snippet in snippets {
            #expect(thisFile.contains(snippet), "the README's snippet differs from this file:\n\(snippet)")
        }
    }

    @Test func theManagerQuickStartPutsTheScrollViewInTheContentViewsPlace() throws {
        let log = LogRecorder()
        let window = UIWindow(screen: .iPhoneSE, scheduler: ManualScheduler(), logSink: log.sink)
        let screen = ProfileViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        // The content view is now inside the manager's scroll view, which took its frame: below
        // the 20 pt status bar, to the bottom of the 375×667 screen.
        #expect(screen.contentView.isDescendant(of: screen.manager.scrollView))
        #expect(screen.manager.scrollView.superview === screen.view)
        #expect(screen.manager.scrollView.frame == CGRect(x: 0, y: 20, width: 375, height: 667 - 20))
        // The snippet leaves out the screen's controls, so its content view has no size of its
        // own: the manager says so, once, as SCVC's README asks for an unbroken chain.
        #expect(log.messages(atLeast: .warning).count == 1)
        #expect(log.contains("the size of the content view", atLeast: .warning))
    }
}
