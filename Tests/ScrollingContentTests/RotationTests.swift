import Foundation
import HostKit
import ScrollingContent
import Testing

/// SCVC's "Device UIInterfaceOrientation Changes": the filter is suspended across the rotation (UIKit
/// posts a hide before it and a show after it), the top-leading corner of the visible content
/// stays put, and the offset stays in the legal range.
@Suite("Rotation")
@MainActor
struct RotationTests {
    // SCVC holds the content at the height it had when the keyboard appeared, through
    // rotations; KeepContentSize re-holds it at the new orientation's height without the
    // keyboard, so the content is what it will be once the keyboard goes (see its
    // documentation). Both directions, on both phones.
    @Test(
        "with the keyboard up and the size kept, a rotation re-holds the content at the new orientation's height",
        arguments: HostKind.allCases, phoneScreens)
    func keptSizeFollowsTheRotation(kind: HostKind, phone: Phone) throws {
        let form = SignUpContent()
        let scenario = Scenario(kind, on: phone, orientation: .landscapeLeft, content: form.view)
        let landscape = phone.size(for: .landscapeLeft)
        let landscapeSafe = phone.landscapeSafeAreaInsets
        let portrait = phone.portraitSize
        let portraitSafe = phone.portraitSafeAreaInsets
        #expect(form.email.becomeFirstResponder())
        try scenario.stage.settle()
        // Landscape: the safe area is shorter than the form's 420 pt, so the form's own height.
        let landscapeHeight = max(SignUpContent.height, landscape.height - landscapeSafe.top - landscapeSafe.bottom)
        #expect(form.view.frame.height == landscapeHeight)

        #expect(scenario.window.rotate(to: .portrait))
        try scenario.stage.settle()
        #expect(scenario.window.keyboard.isVisible)
        // Portrait, keyboard still up: the content is as tall as the portrait safe area
        // without the keyboard (SCVC would keep the landscape 420).
        let portraitHeight = portrait.height - portraitSafe.top - portraitSafe.bottom
        #expect(portraitHeight > SignUpContent.height)
        #expect(form.view.frame.height == portraitHeight)
        #expect(scenario.offsetIsLegal)

        #expect(scenario.window.rotate(to: .landscapeLeft))
        try scenario.stage.settle()
        #expect(form.view.frame.height == landscapeHeight)
        #expect(scenario.offsetIsLegal)
        // When the keyboard goes, nothing jumps: the height is already the one without it.
        #expect(form.email.resignFirstResponder())
        try scenario.stage.settle()
        #expect(form.view.frame.height == landscapeHeight)
    }

    @Test(
        "rotating with the keyboard up applies the keyboard once, after the rotation",
        arguments: HostKind.allCases, phoneScreens)
    func rotationWithTheKeyboardUp(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        let portraitSafe = phone.portraitSafeAreaInsets
        let landscapeSafe = phone.landscapeSafeAreaInsets
        let landscape = phone.size(for: .landscapeLeft)
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let portraitInsets = UIEdgeInsets(
            top: 0, left: 0, bottom: phone.portraitKeyboardHeight - portraitSafe.bottom, right: 0)
        #expect(scenario.controller.additionalSafeAreaInsets == portraitInsets)
        scenario.timeline.removeAll()
        let recordsBefore = scenario.insetAnimations.count
        let start = scenario.stage.clock.now

        #expect(scenario.window.rotate(to: .landscapeLeft))
        // The offset is pinned inside the rotation's animation: the visible area's top-leading
        // corner was the content's origin, and stays so under the landscape insets.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: -landscapeSafe.left, y: -landscapeSafe.top))
        // Through the rotation (0.3 s), with the keyboard "hidden" by UIKit's notification, the
        // keyboard's inset is kept: no intermediate change, no content growing back.
        var time: TimeInterval = 0
        while time < UIWindow.rotationDuration {
            try scenario.stage.advance(by: 0.05)
            time += 0.05
            #expect(scenario.controller.additionalSafeAreaInsets == portraitInsets, "at \(time) s into the rotation")
        }
        try scenario.stage.settle()

        let landscapeKeyboard = phone.landscapeKeyboardHeight
        let landscapeInsets = UIEdgeInsets(top: 0, left: 0, bottom: landscapeKeyboard - landscapeSafe.bottom, right: 0)
        #expect(scenario.controller.additionalSafeAreaInsets == landscapeInsets)
        if kind != .custom {
            // HostKit records a view controller's additionalSafeAreaInsets; a custom host's
            // insets are its own property (its timeline below counts the applications).
            let records = Array(scenario.insetAnimations.dropFirst(recordsBefore))
            #expect(records.count == 1)
            #expect(
                records.first?.change(of: scenario.root, .additionalSafeAreaInsets)?.from == .insets(portraitInsets))
            #expect(records.first?.change(of: scenario.root, .additionalSafeAreaInsets)?.to == .insets(landscapeInsets))
        }
        do {
            let timeline = scenario.timeline
            #expect(timeline.keyboardApplications.count == 1)
            #expect(timeline.eventNames.first == "keyboardWillChangeFrame")
            #expect(timeline.eventNames.contains("filterSuspended"))
            #expect(
                timeline.eventNames.firstIndex(of: "filterResumed") ?? 0 < timeline.eventNames.firstIndex(
                    of: "keyboardApplied") ?? 0)
            let applied = try #require(timeline.times(of: "keyboardApplied").first)
            // Applied 0.1 s after the show that follows the rotation's end.
            #expect(abs(applied - (start + UIWindow.rotationDuration + TemporalKeyboardFilter.standardWindow)) < 1e-9)
        }

        // The content is as wide as the landscape safe area and keeps the height it had
        // without the keyboard in landscape (at least the form's 420 pt).
        let landscapeSafeHeight = landscape.height - landscapeSafe.top - landscapeSafe.bottom
        #expect(
            form.view.frame.size
                == CGSize(
                    width: landscape.width - landscapeSafe.left - landscapeSafe.right,
                    height: max(SignUpContent.height, landscapeSafeHeight)))
        // The password field is scrolled just above the landscape keyboard (its bottom edge at
        // the visible area's bottom edge), and the offset is legal.
        let passwordBottom = SignUpContent.passwordFrameMinY + SignUpContent.fieldHeight
        let visibleHeight = landscape.height - landscapeSafe.top - landscapeKeyboard
        #expect(scenario.scrollView.contentOffset == CGPoint(x: -landscapeSafe.left, y: passwordBottom - visibleHeight))
        #expect(scenario.isFullyVisible(form.password))
        #expect(scenario.offsetIsLegal)
    }

    @Test(
        "rotating keeps the visible area's top-leading corner on the same content point",
        arguments: HostKind.allCases, phoneScreens)
    func rotationPinsTheTopLeadingCorner(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(2000)])
        let scenario = Scenario(kind, on: phone, content: column.view)
        let portraitSafe = phone.portraitSafeAreaInsets
        let landscapeSafe = phone.landscapeSafeAreaInsets
        let scrolled: CGFloat = 500
        scenario.scrollView.setContentOffset(CGPoint(x: 0, y: scrolled), animated: false)
        // The content point at the visible area's top-leading corner.
        let corner = CGPoint(x: 0 + portraitSafe.left, y: scrolled + portraitSafe.top)

        #expect(scenario.window.rotate(to: .landscapeRight))
        try scenario.stage.settle()
        #expect(
            scenario.scrollView.contentOffset
                == CGPoint(x: corner.x - landscapeSafe.left, y: corner.y - landscapeSafe.top))
        #expect(scenario.offsetIsLegal)

        #expect(scenario.window.rotate(to: .portrait))
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: scrolled))
    }

    @Test("a pinned offset beyond the new legal range is clamped", arguments: HostKind.allCases, phoneScreens)
    func rotationClampsThePinnedOffset(kind: HostKind, phone: Phone) throws {
        let chain: CGFloat = 2000
        let column = ColumnContent([.block(chain)])
        let scenario = Scenario(kind, on: phone, orientation: .landscapeLeft, content: column.view)
        let landscape = phone.size(for: .landscapeLeft)
        let portrait = phone.portraitSize
        let landscapeSafe = phone.landscapeSafeAreaInsets
        let portraitSafe = phone.portraitSafeAreaInsets
        // Scrolled to the end in landscape.
        let end = CGPoint(x: -landscapeSafe.left, y: chain + landscapeSafe.bottom - landscape.height)
        #expect(scenario.scrollView.maximumContentOffset == end)
        scenario.scrollView.setContentOffset(end, animated: false)

        #expect(scenario.window.rotate(to: .portrait))
        try scenario.stage.settle()
        // Pinning the corner would put the offset at end.y + landscape top − portrait top,
        // past the portrait maximum: it is clamped to that maximum.
        let pinned = end.y + landscapeSafe.top - portraitSafe.top
        let portraitMaximum = chain + portraitSafe.bottom - portrait.height
        #expect(pinned > portraitMaximum)
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: portraitMaximum))
        #expect(scenario.offsetIsLegal)
    }

    @Test("a host of the user's own driving its own size transition gets the same pinning", arguments: phoneScreens)
    func customHostSizeTransition(phone: Phone) throws {
        let column = ColumnContent([.block(2000)])
        let scenario = Scenario(.custom, on: phone, content: column.view)
        let host = try #require(scenario.host as? CustomHost)
        let safe = phone.portraitSafeAreaInsets
        let size = phone.portraitSize
        let scrolled: CGFloat = 500
        scenario.scrollView.setContentOffset(CGPoint(x: 0, y: scrolled), animated: false)
        let corner = scrolled + safe.top

        // The host moves 100 pt down (below the status bar or sensor housing, whose inset
        // no longer reaches it) and loses 100 pt of height.
        let drop: CGFloat = 100
        #expect(drop > safe.top)
        host.transition(to: CGRect(x: 0, y: drop, width: size.width, height: size.height - drop))
        try scenario.stage.settle()
        // The top inset no longer reaches the scroll view.
        let newTop: CGFloat = 0
        #expect(scenario.scrollView.adjustedContentInset.top == newTop)
        // The same content point stays at the visible area's top edge.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: corner - newTop))
        #expect(scenario.offsetIsLegal)
        do {
            let timeline = scenario.timeline
            #expect(timeline.eventNames.contains("rotationAnchored"))
            #expect(
                timeline.eventNames.filter { $0 == "filterSuspended" || $0 == "filterResumed" }
                    == ["filterSuspended", "filterResumed"])
        }
    }
}
