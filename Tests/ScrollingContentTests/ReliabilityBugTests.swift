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

    @Test(
        "1: after a non-animated push resigns A's field and a pop with no keyboard, A has no keyboard inset",
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
        #expect(
            try controller(a).additionalSafeAreaInsets.bottom == phone.portraitKeyboardHeight
                - phone.portraitSafeAreaInsets.bottom)

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

    @Test(
        "2: a screen popped back to while a hardware keyboard shrank the keyboard takes the new height",
        arguments: viewControllerHostKinds, phoneScreens)
    func returningScreenTakesTheNewKeyboardHeight(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let aForm = SignUpContent()
        let bForm = SignUpContent()
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

    @Test(
        "3: interactive dismissal of resizing content leaves a legal offset", arguments: HostKind.allCases, phoneScreens
    )
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

    @Test(
        "4: a field focused in the same turn a view above it grew is scrolled to where it is now",
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

    @Test(
        "5: a screen pushed over a floating iPad keyboard scrolls its first responder into view (.intersection)",
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

    @Test(
        "6: a margin shrinks to fit: a field that fits is wholly visible; a taller one shows its top",
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

    @Test(
        "9: a screen scrolled to its end in landscape, covered, rotated and uncovered, has a legal offset",
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

    // MARK: 10. A new content view laid out by its autoresizing mask

    @Test(
        "10: content replacing one that held the first responder is sized by its own constraints, not a zero frame",
        arguments: HostKind.allCases, phoneScreens)
    func replacementIsSizedByItsConstraints(kind: HostKind, phone: Phone) throws {
        // The immediate filter: the hide caused by the old content leaving the window (it took
        // the first responder with it) is applied, and laid out, while the new content goes in.
        let old = ColumnContent([.block(1000), .field])
        let scenario = Scenario(kind, on: phone, content: old.view, configure: { $0.keyboardEventFilter = .immediate })
        #expect(try old.field(1).becomeFirstResponder())
        try scenario.stage.settle()
        let new = ColumnContent([.block(100), .field])
        scenario.assignContentView(new.view)
        try scenario.stage.settle()
        #expect(scenario.stage.log.messages(atLeast: .error).isEmpty)
        // As tall as the safe area (the manager's minimum height, at 500, stretches the field,
        // whose hugging is 250), under the block: never a zero frame.
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let safeHeight = size.height - safe.top - safe.bottom
        #expect(new.view.frame.height == safeHeight)
        #expect(
            scenario.frameInRoot(try new.field(1))
                == CGRect(
                    x: ColumnContent.inset, y: safe.top + 100,
                    width: size.width - 2 * ColumnContent.inset,
                    height: safeHeight - 100))
        #expect(scenario.scrollView.contentOffset.y == -safe.top)
    }

    // MARK: 11. Content that shrinks leaves the offset beyond its new end

    @Test(
        "11: content that shrinks under an offset at its end comes back into the legal range",
        arguments: HostKind.allCases, phoneScreens)
    func shrinkingContentKeepsALegalOffset(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(2000)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        try scenario.stage.settle()
        let scrollView = scenario.scrollView
        let safe = phone.portraitSafeAreaInsets
        let height = phone.portraitSize.height
        // Scrolled to the end: 2000 + safe bottom − screen height.
        scrollView.setContentOffset(CGPoint(x: 0, y: 2000 + safe.bottom - height), animated: false)
        try scenario.stage.settle()

        // Still taller than the screen: the offset follows the end, 1000 + safe bottom − height.
        try #require(column.heightConstraints[0]).constant = 1000
        try scenario.stage.settle()
        #expect(scrollView.contentOffset.y == 1000 + safe.bottom - height)
        // Shorter than the safe area: at the top.
        try #require(column.heightConstraints[0]).constant = 100
        try scenario.stage.settle()
        #expect(scrollView.contentOffset.y == -safe.top)

        // A shorter content view assigned with the offset at the end: the same.
        try #require(column.heightConstraints[0]).constant = 2000
        try scenario.stage.settle()
        scrollView.setContentOffset(CGPoint(x: 0, y: 2000 + safe.bottom - height), animated: false)
        let shorter = ColumnContent([.block(1000)])
        scenario.assignContentView(shorter.view)
        try scenario.stage.settle()
        #expect(scrollView.contentOffset.y == 1000 + safe.bottom - height)
        #expect(scenario.timeline.eventNames.contains { $0.hasPrefix("scrolled(") && $0.contains("clamp") })
    }

    // MARK: 12. A layout pending when the keyboard came was laid out before or after the plan

    /// Seed 27279: a screen popped back to (the popped one still in the window for the 0.35 s
    /// transition) gets shorter content under an offset beyond its new end, then a field of it
    /// is focused. The new content's first layout clamps the offset. The other screen's layout
    /// pass (on hearing the keyboard) lays this one out too when it hears first; otherwise this
    /// manager applied the keyboard and only then laid out, clamping against the keyboard's
    /// insets: 302 pt apart here, depending on which screen heard first. The manager now lays
    /// out what is pending before it plans, so both orders end alike. `layoutFirst` stands for
    /// the popped screen hearing first (the centre's delivery order is not specified).
    @Test(
        "12: a screen popped back to, given shorter content and then focused, ends in the same geometry whichever screen lays the window out first",
        arguments: [false, true])
    func pendingLayoutIsSettledBeforeThePlan(layoutFirst: Bool) throws {
        let stage = Stage(Phone.iPhoneX)
        let long = ColumnContent([.block(2000), .field])
        let a = SubclassHost(content: long.view)
        let b = SubclassHost(content: ColumnContent([.block(100), .field]).view)
        let navigation = UINavigationController(rootViewController: a)
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        a.manager.keyboardEventFilter = .immediate
        a.manager.shouldScrollFirstResponderToVisibleForKeyboard = false
        try stage.settle()
        let safe = Phone.iPhoneX.portraitSafeAreaInsets
        let height = Phone.iPhoneX.portraitSize.height
        let scrollView = a.manager.scrollView
        // At the end of 2034 pt of content: 2034 + safe bottom − screen height.
        scrollView.setContentOffset(CGPoint(x: 0, y: 2034 + safe.bottom - height), animated: false)
        // A's field is first responder when B is pushed and when A comes back.
        #expect(try long.field(1).becomeFirstResponder())
        try stage.settle()
        navigation.pushViewController(b, animated: false)
        try stage.settle()

        navigation.popViewController(animated: true)
        try stage.advance(by: 0)
        // 1100 pt, the field at 720: visible at either offset the clamp could pick (below), so
        // the request to show it as it becomes first responder scrolls nothing.
        let short = ColumnContent([.block(720), .field, .block(346)])
        // The old content leaves with the first responder: the keyboard hides (applied at once).
        a.contentView = short.view
        if layoutFirst { stage.window.layoutIfNeeded() }
        #expect(try short.field(1).becomeFirstResponder())
        try stage.settle()

        // The keyboard (336 pt, the 34 pt home-indicator area included) adds 302 pt to A's
        // safe area. The offset was clamped to the end of the 1100 pt content before the
        // keyboard came (1100 + 34 − 812 = 322), not after (1100 + 336 − 812 = 624), and, legal
        // with the keyboard too, stays there: the field (720…754) shows in 322 + 44 … 322 + 476.
        let keyboard = stage.keyboardHeight
        #expect(a.additionalSafeAreaInsets.bottom == keyboard - safe.bottom)
        #expect(scrollView.contentOffset.y == 1100 + safe.bottom - height)
        #expect(scrollView.contentSize.height == 1100)
        // B left with its pop: out of the window and of the stack.
        #expect(b.viewIfLoaded?.window == nil)
        #expect(navigation.viewControllers.count == 1)
    }
}
