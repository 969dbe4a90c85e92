import Foundation
import HostKit
import ScrollingContent
import Testing

/// The bugs that seeded random event sequences found (issue 14), each reduced to its steps,
/// with the expected geometry derived by hand.
@Suite("Bugs found by random sequences")
@MainActor
struct ReliabilityBugTests {
    /// A screen on a host of `kind` showing `content`, focusing `focus` in `viewWillAppear`.
    private func screen(_ kind: HostKind, content: UIView, focus: UITextField? = nil) -> any ScenarioHost {
        let host: any ScenarioHost = kind == .subclass ? SubclassHost(content: content) : ComposedHost(content: content)
        if let focus { host.onWillAppear = { [weak focus] in _ = focus?.becomeFirstResponder() } }
        return host
    }

    private func controller(_ host: any ScenarioHost) throws -> UIViewController {
        try #require(host as? UIViewController)
    }

    // MARK: 1. A non-animated push while editing drops the hide

    @Test("1: after a non-animated push resigns A's field and a pop with no keyboard, A has no keyboard inset",
          arguments: viewControllerHostKinds, phoneScreens)
    func nonAnimatedPushKeepsTheHide(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let form = SignUpContent()
        let a = screen(kind, content: form.view)
        let b = screen(kind, content: SignUpContent().view)
        let navigation = UINavigationController(rootViewController: try controller(a))
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        #expect(form.email.becomeFirstResponder())
        try stage.settle()
        #expect(try controller(a).additionalSafeAreaInsets.bottom == phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom)

        // The push resigns A's field; the hide is held by A's filter as A leaves the window.
        navigation.pushViewController(try controller(b), animated: false)
        #expect(!form.email.isFirstResponder)
        try stage.settle()
        navigation.popViewController(animated: false)
        try stage.settle()
        #expect(!stage.window.keyboard.isVisible)
        #expect(try controller(a).additionalSafeAreaInsets == .zero)
        #expect(try controller(a).view.safeAreaInsets.bottom == phone.portraitSafeAreaInsets.bottom)
    }

    // MARK: 2. A screen that comes back while the keyboard changed height keeps its old inset

    @Test("2: a screen popped back to while a hardware keyboard shrank the keyboard takes the new height",
          arguments: viewControllerHostKinds, phoneScreens)
    func returningScreenTakesTheNewKeyboardHeight(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let aForm = SignUpContent(), bForm = SignUpContent()
        let a = screen(kind, content: aForm.view, focus: aForm.email)
        let b = screen(kind, content: bForm.view, focus: bForm.email)
        let navigation = UINavigationController(rootViewController: try controller(a))
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        try stage.settle()
        navigation.pushViewController(try controller(b), animated: true)
        try stage.settle()
        try stage.window.keyboard.simulateHardwareKeyboardConnected()
        try stage.settle()
        let bar = stage.screen.shortcutBarHeight
        let safeBottom = phone.portraitSafeAreaInsets.bottom
        #expect(try controller(b).additionalSafeAreaInsets.bottom == max(0, bar - safeBottom))

        navigation.popViewController(animated: true)
        try stage.settle()
        // A: the 55 pt bar, less the home-indicator area.
        #expect(try controller(a).additionalSafeAreaInsets.bottom == max(0, bar - safeBottom))
        #expect(try controller(a).view.safeAreaInsets.bottom == max(bar, safeBottom))
    }

    // MARK: 3. Interactive dismissal of resizing content leaves the offset beyond the end

    /// Twelve 60 pt fields stacked by a required chain (720 pt).
    private func twelveFields() -> (UIView, [UITextField]) {
        let content = UIView()
        var fields: [UITextField] = []
        var previous = content.topAnchor
        for index in 0..<12 {
            let field = UITextField()
            field.name = "field \(index)"
            field.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(field)
            NSLayoutConstraint.activate([
                field.topAnchor.constraint(equalTo: previous),
                field.leadingAnchor.constraint(equalTo: content.leadingAnchor),
                field.trailingAnchor.constraint(equalTo: content.trailingAnchor),
                field.heightAnchor.constraint(equalToConstant: 60),
            ])
            previous = field.bottomAnchor
            fields.append(field)
        }
        content.bottomAnchor.constraint(equalTo: previous).isActive = true
        return (content, fields)
    }

    @Test("3: interactive dismissal of resizing content leaves a legal offset", arguments: HostKind.allCases, phoneScreens)
    func interactiveDismissalOfResizingContent(kind: HostKind, phone: Phone) throws {
        let (content, fields) = twelveFields()
        let scenario = Scenario(kind, on: phone, content: content)
        scenario.setShouldResizeContentViewForKeyboard(true)
        scenario.scrollView.keyboardDismissMode = .interactive
        #expect(fields[11].becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.isFullyVisible(fields[11]))
        try scenario.window.keyboard.simulateInteractiveDismissal(in: scenario.scrollView)
        try scenario.stage.settle()
        #expect(!scenario.window.keyboard.isVisible)
        // 720 pt of content in the safe area (SE: 647, X: 734): the end is at 720 − 647 − 20
        // (SE), or the top on the X, where it all fits.
        #expect(scenario.offsetIsLegal)
        let safe = phone.portraitSafeAreaInsets
        let maxY = max(-safe.top, 720 + safe.bottom - phone.portraitSize.height)
        #expect(scenario.scrollView.contentOffset.y <= maxY + 0.5)
    }

    // MARK: 4. Focusing a field in the turn its position changed

    @Test("4: a field focused in the same turn a view above it grew is scrolled to where it is now",
          arguments: HostKind.allCases, phoneScreens)
    func focusInTheTurnThePositionChanged(kind: HostKind, phone: Phone) throws {
        // Fields at rows 1, 3, 5, 7, 9, each under a 20 pt block; a 100 pt block on top.
        var rows: [ColumnContent.Row] = [.block(100)]
        for _ in 0..<5 { rows += [.field, .block(20)] }
        let column = ColumnContent(rows)
        let scenario = Scenario(kind, on: phone, content: column.view)
        // The keyboard is up for the first field: moving to another field posts no keyboard
        // notification, so only UIKit's own scroll for the new field can show it.
        #expect(try column.field(1).becomeFirstResponder())
        try scenario.stage.settle()
        // The block above the fifth field (row 8) grows by 400 pt; the field is focused before
        // any layout pass, so UIKit's scroll is computed from its old frame.
        let block = try #require(column.heightConstraints[8])
        block.constant += 400
        let field = try column.field(9)
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.isFullyVisible(field))
        #expect(scenario.offsetIsLegal)
    }

    // MARK: 5. A screen pushed over a floating keyboard

    @Test("5: a screen pushed over a floating iPad keyboard scrolls its first responder into view (.intersection)",
          arguments: viewControllerHostKinds)
    func pushedOverAFloatingKeyboard(kind: HostKind) throws {
        let stage = Stage(UIScreen.iPadPro11)
        let first = SignUpContent()
        let column = ColumnContent([.block(1500), .field, .block(500)])
        let field = try column.field(1)
        let a = screen(kind, content: first.view, focus: first.email)
        let b = screen(kind, content: column.view, focus: field)
        a.manager.keyboardOverlapPolicy = .intersection
        b.manager.keyboardOverlapPolicy = .intersection
        let navigation = UINavigationController(rootViewController: try controller(a))
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        try stage.settle()
        try stage.window.keyboard.simulateUndocking()
        try stage.settle()
        navigation.pushViewController(try controller(b), animated: true)
        try stage.settle()
        #expect(field.isFirstResponder)
        // The keyboard floats mid-screen: no inset; the field, 1500 pt down, is scrolled into
        // the scroll view's visible area.
        let scrollView = b.manager.scrollView
        let visible = scrollView.convert(scrollView.bounds, to: stage.window).inset(by: scrollView.adjustedContentInset)
        let frame = field.convert(field.bounds, to: stage.window)
        #expect(frame.minY >= visible.minY - 0.5 && frame.maxY <= visible.maxY + 0.5)
    }

    // MARK: 6. A visibility margin clips a field that fits

    @Test("6: a margin shrinks to fit: a field that fits is wholly visible; a taller one shows its top",
          arguments: HostKind.allCases, [CGFloat(385), 400])
    func marginsShrinkToFit(kind: HostKind, fieldHeight: CGFloat) throws {
        // iPhone SE: 667 − 20 − 260 = 387 pt visible above the keyboard.
        let content = UIView()
        let field = UITextField()
        field.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(field)
        NSLayoutConstraint.activate([
            field.topAnchor.constraint(equalTo: content.topAnchor, constant: 600),
            field.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            field.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            field.heightAnchor.constraint(equalToConstant: fieldHeight),
            content.bottomAnchor.constraint(equalTo: field.bottomAnchor, constant: 600),
        ])
        let scenario = Scenario(kind, on: Phone.iPhoneSE, content: content)
        scenario.scrollView.visibilityScrollMargin = 8
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        let visibleHeight: CGFloat = 667 - 20 - 260
        let visible = scenario.visibleRectInWindow
        #expect(visible.height == visibleHeight)
        let frame = scenario.frameInWindow(field)
        if fieldHeight + 16 > visibleHeight, fieldHeight <= visibleHeight {
            #expect(scenario.isFullyVisible(field))
        } else {
            // Taller than the area: its top edge at the visible area's top.
            #expect(abs(frame.minY - visible.minY) < 0.5)
        }
    }

    // MARK: 9. A screen covered during a rotation comes back beyond its end

    @Test("9: a screen scrolled to its end in landscape, covered, rotated and uncovered, has a legal offset",
          arguments: viewControllerHostKinds, phoneScreens)
    func coveredDuringARotation(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone, orientation: .landscapeLeft)
        let column = ColumnContent([.block(800)])
        let a = screen(kind, content: column.view)
        let b = screen(kind, content: SignUpContent().view)
        let navigation = UINavigationController(rootViewController: try controller(a))
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        try stage.settle()
        let scrollView = a.manager.scrollView
        scrollView.setContentOffset(scrollView.maximumContentOffset, animated: false)
        navigation.pushViewController(try controller(b), animated: true)
        try stage.settle()
        #expect(stage.window.rotate(to: .portrait))
        try stage.settle()
        navigation.popViewController(animated: true)
        try stage.settle()
        #expect(scrollView.scrollGeometry.isLegal(scrollView.contentOffset, tolerance: 0.5))
        #expect(scrollView.contentOffset.y <= scrollView.maximumContentOffset.y + 0.5)
    }
}
