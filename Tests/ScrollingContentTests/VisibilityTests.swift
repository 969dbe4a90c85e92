import Foundation
import HostKit
import ScrollingContent
import Testing

/// Scrolling things into view: SCVC's deferred `scrollRectToVisible` that survives the content
/// resizing in between, `visibilityScrollMargin`, and ContainerScrollViewController's first
/// responder kept visible after every keyboard change.
@Suite("Scroll to visible")
@MainActor
struct VisibilityTests {
    @Test(
        "a request made while a keyboard change is held uses the target's frame when the filter fires",
        arguments: HostKind.allCases, phoneScreens)
    func requestUsesTheTargetsNewFrame(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(900), .block(100), .block(1000)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        scenario.setShouldResizeContentViewForKeyboard(true)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight
        let target = column.views[1]
        let targetHeight = try #require(column.heightConstraints[1])
        let margin: CGFloat = 10

        // A keyboard shows (scripted: no first responder to scroll to).
        try scenario.window.keyboard.show(height: keyboard)
        scenario.scrollView.scrollViewToVisible(target, animated: false, margin: margin)
        // The target grows before the filter fires (an error message appearing, say).
        let grown: CGFloat = 300
        targetHeight.constant = grown
        scenario.scrollView.setNeedsLayout()
        try scenario.stage.advance(by: Stage.insideFilterWindow)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -safe.top))

        try scenario.stage.settle()
        // The grown target plus the margin, its bottom edge at the keyboard's top edge.
        let rectBottom = column.top(of: 1) + grown + margin
        let expected = rectBottom + keyboard - size.height
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: expected))
        let visible = scenario.visibleRectInWindow
        let targetFrame = scenario.frameInWindow(target)
        #expect(targetFrame.minY - margin >= visible.minY && targetFrame.maxY + margin == visible.maxY)
    }

    /// A form whose field sits above a 40 pt footer, pushed down by a spacer that stretches
    /// with the safe area (at least 20 pt; 20 pt at 240, below the minimum size's 500) under
    /// a 400 pt header: with the keyboard and `shouldResizeContentViewForKeyboard` the content
    /// shrinks to its 494 pt minimum and the field moves up.
    @MainActor
    struct StretchyForm {
        static let header: CGFloat = 400
        static let minimumSpacer: CGFloat = 20
        static let footer: CGFloat = 40
        static let minimumHeight = header + minimumSpacer + UITextField.intrinsicHeight + footer

        let view = UIView()
        let field = UITextField()

        init() {
            view.name = "stretchy form"
            let header = UIView()
            let spacer = UIView()
            let footer = UIView()
            for subview in [header, spacer, field, footer] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
                NSLayoutConstraint.activate([
                    subview.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                    subview.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
                ])
            }
            let loose = spacer.heightAnchor.constraint(equalToConstant: Self.minimumSpacer)
            loose.priority = UILayoutPriority(240)
            NSLayoutConstraint.activate([
                header.topAnchor.constraint(equalTo: view.topAnchor),
                header.heightAnchor.constraint(equalToConstant: Self.header),
                spacer.topAnchor.constraint(equalTo: header.bottomAnchor),
                spacer.heightAnchor.constraint(greaterThanOrEqualToConstant: Self.minimumSpacer),
                loose,
                field.topAnchor.constraint(equalTo: spacer.bottomAnchor),
                footer.topAnchor.constraint(equalTo: field.bottomAnchor),
                footer.heightAnchor.constraint(equalToConstant: Self.footer),
                footer.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            ])
        }
    }

    @Test(
        "UIKit's own scroll for a field that moves as the content shrinks lands on the field's new frame, with the margin",
        arguments: HostKind.allCases, phoneScreens)
    func firstResponderScrollSurvivesTheResize(kind: HostKind, phone: Phone) throws {
        for afterwards in [true, false] {
            let form = StretchyForm()
            let scenario = Scenario(kind, on: phone, content: form.view)
            scenario.setShouldResizeContentViewForKeyboard(true)
            // With `false`, only UIKit's call (deferred by the filter) does the scrolling.
            scenario.manager.shouldScrollFirstResponderToVisibleForKeyboard = afterwards
            let margin: CGFloat = 30
            scenario.scrollView.visibilityScrollMargin = margin
            let safe = phone.portraitSafeAreaInsets
            let size = phone.portraitSize
            let keyboard = phone.portraitKeyboardHeight
            let safeHeight = size.height - safe.top - safe.bottom
            #expect(safeHeight > StretchyForm.minimumHeight)
            let fieldTopBefore = safeHeight - StretchyForm.footer - UITextField.intrinsicHeight
            #expect(form.field.frame.minY == fieldTopBefore)

            #expect(form.field.becomeFirstResponder())
            try scenario.stage.settle()
            // The content shrinks as far as its chain allows; the field moves up with it.
            let shrunk = max(StretchyForm.minimumHeight, size.height - safe.top - keyboard)
            #expect(form.view.frame.height == shrunk)
            let fieldBottom = shrunk - StretchyForm.footer
            #expect(form.field.frame.maxY == fieldBottom)
            // The field's new frame plus the margin ends at the keyboard's top edge.
            let expected = fieldBottom + margin + keyboard - size.height
            #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: expected))
            #expect(scenario.isFullyVisible(form.field, margin: margin))
            #expect(scenario.offsetIsLegal)
        }
    }

    @Test("the first responder is kept visible after each keyboard change", arguments: HostKind.allCases, phoneScreens)
    func firstResponderKeptVisible(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([
            .block(300), .field, .block(600), .field(accessory: 44), .block(600),
            .field(accessory: 88), .block(300),
        ])
        let scenario = Scenario(kind, on: phone, content: column.view)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let keyboard = phone.portraitKeyboardHeight
        let field = UITextField.intrinsicHeight
        func bottom(of row: Int) -> CGFloat { column.top(of: row) + field }
        /// The offset that puts a row's bottom edge at the top of a keyboard of that height.
        func showing(_ row: Int, above height: CGFloat) -> CGPoint {
            CGPoint(x: 0, y: bottom(of: row) + height - size.height)
        }

        // The first field is visible as it is: no scroll.
        #expect(try column.field(1).becomeFirstResponder())
        try scenario.stage.settle()
        #expect(bottom(of: 1) <= size.height - keyboard)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -safe.top))
        #expect(scenario.isFullyVisible(try column.field(1)))

        // Moving to a field with a 44 pt accessory: the keyboard grows.
        #expect(try column.field(3).becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentOffset == showing(3, above: keyboard + 44))
        #expect(scenario.isFullyVisible(try column.field(3)))

        // The accessory grows to 120 pt while the field is first responder.
        try column.field(3).inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 120))
        try column.field(3).reloadInputViews()
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets.bottom == keyboard + 120 - safe.bottom)
        #expect(scenario.scrollView.contentOffset == showing(3, above: keyboard + 120))
        #expect(scenario.isFullyVisible(try column.field(3)))

        // Moving further down to a field with an 88 pt accessory.
        #expect(try column.field(5).becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentOffset == showing(5, above: keyboard + 88))
        #expect(scenario.isFullyVisible(try column.field(5)))
        #expect(scenario.offsetIsLegal)

        scenario.window.rotate(to: .landscapeLeft)
        try scenario.stage.settle()
        let landscape = phone.size(for: .landscapeLeft)
        let landscapeSafe = phone.landscapeSafeAreaInsets
        let landscapeKeyboard = phone.landscapeKeyboardHeight + 88
        #expect(
            scenario.scrollView.contentOffset
                == CGPoint(x: -landscapeSafe.left, y: bottom(of: 5) + landscapeKeyboard - landscape.height))
        #expect(scenario.isFullyVisible(try column.field(5)))
        #expect(scenario.offsetIsLegal)
    }

    @Test(
        "scrollFirstResponderToVisible and scrollRectToVisible apply a margin; the default margin is visibilityScrollMargin",
        arguments: HostKind.allCases, phoneScreens)
    func explicitScrollsWithMargins(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(1000), .field, .block(1000)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        let size = phone.portraitSize
        let safe = phone.portraitSafeAreaInsets
        let fieldFrame = CGRect(
            x: ColumnContent.inset, y: column.top(of: 1), width: size.width - 2 * ColumnContent.inset,
            height: UITextField.intrinsicHeight)
        #expect(try column.field(1).frame == fieldFrame)
        // No keyboard: the request still waits for the filter's window (SCVC), then runs.
        scenario.scrollView.scrollRectToVisible(fieldFrame, animated: false, margin: 50)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -safe.top))
        try scenario.stage.advance(by: TemporalKeyboardFilter.standardWindow)
        // The field's bottom edge plus the margin at the bottom of the safe area.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: fieldFrame.maxY + 50 + safe.bottom - size.height))

        scenario.scrollView.setContentOffset(CGPoint(x: 0, y: -safe.top), animated: false)
        scenario.scrollView.visibilityScrollMargin = 25
        // No first responder: nothing happens.
        scenario.scrollView.scrollFirstResponderToVisible(animated: false)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -safe.top))
        #expect(scenario.manager.scrollView.visibilityScrollMargin == 25)
        // UIKit's two-argument call uses visibilityScrollMargin.
        scenario.scrollView.scrollRectToVisible(fieldFrame, animated: false)
        try scenario.stage.advance(by: TemporalKeyboardFilter.standardWindow)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: fieldFrame.maxY + 25 + safe.bottom - size.height))
    }

    @Test(
        "a negative margin counts as 0: the rect itself is scrolled into view",
        arguments: HostKind.allCases, phoneScreens)
    func negativeMarginCountsAsZero(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(2000)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        let size = phone.portraitSize
        let safe = phone.portraitSafeAreaInsets
        // 10 pt tall: a margin of -100 would turn it into a null rect.
        let rect = CGRect(x: 0, y: 1500, width: 10, height: 10)
        scenario.scrollView.scrollRectToVisible(rect, animated: false, margin: -100)
        try scenario.stage.advance(by: TemporalKeyboardFilter.standardWindow)
        // Its bottom edge at the bottom of the safe area, as with no margin.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: rect.maxY + safe.bottom - size.height))
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)

        // The same through UIKit's two-argument call with a negative visibilityScrollMargin.
        scenario.scrollView.setContentOffset(CGPoint(x: 0, y: -safe.top), animated: false)
        scenario.scrollView.visibilityScrollMargin = -100
        scenario.scrollView.scrollRectToVisible(rect, animated: false)
        try scenario.stage.advance(by: TemporalKeyboardFilter.standardWindow)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: rect.maxY + safe.bottom - size.height))
        #expect(scenario.stage.log.messages(atLeast: .warning).isEmpty)
    }

    // MARK: Requests deferred as SCVC's ScrollViewFilter does

    @Test(
        "a burst of scrollRectToVisible calls: each pushes the timer out, and only the last is performed",
        arguments: HostKind.allCases, phoneScreens)
    func onlyTheLastRequestOfABurstIsPerformed(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(3000)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        let size = phone.portraitSize
        let safe = phone.portraitSafeAreaInsets
        let start = scenario.scrollView.contentOffset
        let window = TemporalKeyboardFilter.standardWindow
        let first = CGRect(x: 0, y: 1000, width: 10, height: 10)
        let last = CGRect(x: 0, y: 2000, width: 10, height: 10)
        scenario.scrollView.scrollRectToVisible(first, animated: false)
        try scenario.stage.advance(by: window / 2)
        scenario.scrollView.scrollRectToVisible(last, animated: false)
        // Half a window after the second call (past the first call's window), nothing yet.
        try scenario.stage.advance(by: window / 2 + window / 4)
        #expect(scenario.scrollView.contentOffset == start)
        try scenario.stage.advance(by: window / 2)
        // Only the last rect was scrolled to: its bottom edge at the safe area's bottom.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: last.maxY + safe.bottom - size.height))
        let scrolls = scenario.timeline.events.filter { if case .scrolled = $0.kind { true } else { false } }
        #expect(scrolls.count == 1)
    }

    @Test(
        "with first-responder scrolling off, a request made before the keyboard's notification is performed after its inset",
        arguments: HostKind.allCases, phoneScreens)
    func aRequestBeforeTheNotificationLandsAfterTheInset(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(1000), .field, .block(1000)])
        let scenario = Scenario(
            kind, on: phone, content: column.view,
            configure: {
                $0.shouldScrollFirstResponderToVisibleForKeyboard = false
            })
        let field = try column.field(1)
        // The app scrolls the field into view, then focuses it, in the same turn (UIKit's own
        // request comes in this order too when it precedes the notification).
        scenario.scrollView.scrollViewToVisible(field, animated: true)
        #expect(field.becomeFirstResponder())
        try scenario.stage.settle()
        // Performed after the inset: the field's bottom edge at the keyboard's top.
        let keyboard = phone.portraitKeyboardHeight
        let fieldInWindow = scenario.frameInWindow(field)
        #expect(abs(fieldInWindow.maxY - (phone.portraitSize.height - keyboard)) < 0.5)
        #expect(scenario.isFullyVisible(field))
    }

    @Test(
        "a request made with animated: false is not carried by the keyboard's spring",
        arguments: HostKind.allCases, phoneScreens)
    func aNonAnimatedRequestIsNotSprung(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(1000), .field, .block(1000)])
        let scenario = Scenario(
            kind, on: phone, content: column.view,
            configure: {
                $0.shouldScrollFirstResponderToVisibleForKeyboard = false
            })
        let field = try column.field(1)
        #expect(field.becomeFirstResponder())
        scenario.scrollView.scrollViewToVisible(field, animated: false)
        try scenario.stage.settle()
        let offsetChanges = scenario.stage.animations(of: scenario.scrollView, .contentOffset)
        // The inset went in the 0.5 s spring (recorded for a view controller's
        // `additionalSafeAreaInsets`; a custom host's inset is its own); the offset changed in
        // a block without animation.
        if kind != .custom { #expect(!scenario.insetAnimations.isEmpty) }
        #expect(!offsetChanges.isEmpty)
        #expect(offsetChanges.allSatisfy { !$0.animationsEnabled })
        #expect(scenario.isFullyVisible(field))
    }
}
