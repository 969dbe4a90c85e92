import Foundation
import HostKit
import ScrollingContent
import Testing

// MARK: - Custom conformers, as a user would write them

/// A keyboard model that trusts only half the reported height (a custom overlap policy).
struct HalfHeightOverlap: KeyboardOverlapPolicy {
    func keyboardFrame(in context: KeyboardOverlapContext) -> CGRect? {
        guard context.event.leavesKeyboardVisible, context.event.frameEnd.minY < context.windowBounds.maxY else {
            return nil
        }
        let height = context.event.frameEnd.height / 2
        return CGRect(
            x: context.windowBounds.minX, y: context.windowBounds.maxY - height,
            width: context.windowBounds.width, height: height)
    }
}

/// SCVC's inset adjustment plus a fixed gap above the keyboard.
struct PaddedInsetAdjustment: InsetAdjustmentPolicy {
    let padding: CGFloat

    func adjustment(for context: InsetAdjustmentContext) -> InsetAdjustment {
        var insets = context.originalAdditionalSafeAreaInsets
        if context.hostBottomOverlap > 0 {
            insets.bottom += max(0, context.hostBottomOverlap - context.hostBaseSafeAreaBottom) + padding
        }
        return InsetAdjustment(additionalSafeAreaInsets: insets)
    }
}

/// Holds the content at a fixed height while the keyboard is up.
struct FixedHeightResize: KeyboardResizePolicy {
    let height: CGFloat

    func minimumContentHeight(for context: KeyboardResizeContext) -> CGFloat? { height }
}

/// Acts a fixed time after the latest event.
struct FixedDelayFilter: KeyboardEventFilter {
    let delay: TimeInterval

    func deadline(afterReceiving event: KeyboardEvent, at now: TimeInterval, pendingDeadline: TimeInterval?)
        -> TimeInterval
    {
        now + delay
    }
}

/// Treats every keyboard change as part of a navigation transition.
struct EveryChangeIsNavigation: NavigationTransitionPolicy {
    func isNavigationTransition(_ event: KeyboardEvent) -> Bool { true }
}

/// Scrolls to the top of the content after a rotation.
struct ScrollToTopAnchor: RotationAnchorPolicy {
    func contentOffset(after context: RotationAnchorContext) -> CGPoint? {
        context.geometryAfter.minimumContentOffset
    }
}

/// After a keyboard change, shows the content's top-left point instead of the first responder.
struct ShowContentOrigin: VisibilityPolicy {
    func rectToMakeVisible(afterKeyboardChange context: VisibilityContext) -> CGRect? {
        context.isKeyboardVisible ? CGRect(x: 0, y: 0, width: 1, height: 1) : nil
    }
}

/// A quick, bouncy inset animation.
struct BouncyInsetAnimation: InsetAnimationPolicy {
    func animation(for event: KeyboardEvent?, isNavigationTransition: Bool) -> InsetAnimation {
        .spring(duration: 0.2, damping: 0.5, initialVelocity: 1)
    }
}

// MARK: - The scenarios

/// Every policy of the manager swapped for `.none` or a custom conformer (DESIGN §5: policies
/// decide, the manager acts).
@Suite("Swapped policies")
@MainActor
struct PolicySwapTests {
    // MARK: Overlap

    @Test("overlap .none: the keyboard covers nothing, nothing changes", arguments: HostKind.allCases, phoneScreens)
    func noOverlap(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.keyboardOverlapPolicy = .none }
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(scenario.scrollView.adjustedContentInset.bottom == phone.portraitSafeAreaInsets.bottom)
        #expect(!scenario.scrollView.alwaysBounceVertical)
    }

    @Test("a custom overlap model decides the inset", arguments: HostKind.allCases, phoneScreens)
    func customOverlap(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.keyboardOverlapPolicy = HalfHeightOverlap() }
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let half = phone.portraitKeyboardHeight / 2
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: half - phone.portraitSafeAreaInsets.bottom, right: 0))
        #expect(scenario.root.safeAreaInsets.bottom == half)
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    // MARK: Inset adjustment

    @Test(
        "inset adjustment .contentInset: the scroll view's insets grow instead, and shrink back",
        arguments: HostKind.allCases, phoneScreens)
    func contentInsetAdjustment(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.insetAdjustmentPolicy = .contentInset }
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        // The safe area already covers the home indicator; the content inset adds the rest.
        let extra = keyboard - safe.bottom
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(!scenario.manager.shouldAdjustAdditionalSafeAreaInsetsForKeyboard)
        #expect(scenario.scrollView.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: extra, right: 0))
        #expect(
            scenario.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 0, left: 0, bottom: extra, right: 0))
        #expect(
            scenario.scrollView.adjustedContentInset == UIEdgeInsets(top: safe.top, left: 0, bottom: keyboard, right: 0)
        )
        #expect(scenario.isFullyVisible(form.password))

        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentInset == .zero)
        #expect(scenario.scrollView.verticalScrollIndicatorInsets == .zero)
        #expect(
            scenario.scrollView.adjustedContentInset
                == UIEdgeInsets(top: safe.top, left: 0, bottom: safe.bottom, right: 0))
    }

    @Test(
        "shouldAdjustAdditionalSafeAreaInsetsForKeyboard = false (.none): no inset changes at all",
        arguments: HostKind.allCases, phoneScreens)
    func noInsetAdjustment(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        if let controller = scenario.host as? SubclassHost {
            controller.shouldAdjustAdditionalSafeAreaInsetsForKeyboard = false
        } else {
            scenario.manager.shouldAdjustAdditionalSafeAreaInsetsForKeyboard = false
        }
        #expect(scenario.manager.insetAdjustmentPolicy is NoInsetAdjustment)
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(scenario.scrollView.contentInset == .zero)
        #expect(scenario.scrollView.adjustedContentInset.bottom == phone.portraitSafeAreaInsets.bottom)
    }

    @Test("a custom inset adjustment adds its own gap and is restored", arguments: HostKind.allCases, phoneScreens)
    func customInsetAdjustment(kind: HostKind, phone: Phone) throws {
        let padding: CGFloat = 8
        let (scenario, form) = Scenario.signUp(kind, on: phone) {
            $0.insetAdjustmentPolicy = PaddedInsetAdjustment(padding: padding)
        }
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let keyboard = phone.portraitKeyboardHeight
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(
                    top: 0, left: 0, bottom: keyboard - phone.portraitSafeAreaInsets.bottom + padding, right: 0))
        #expect(scenario.root.safeAreaInsets.bottom == keyboard + padding)
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    // MARK: Resize

    @Test(
        "resize .none lets the content follow the safe area (SCVC's shouldResize… = true)",
        arguments: HostKind.allCases, phoneScreens)
    func noResizePolicy(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.keyboardResizePolicy = .none }
        #expect(scenario.manager.shouldResizeContentViewForKeyboard)
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        let visible = phone.portraitSize.height - phone.portraitSafeAreaInsets.top - phone.portraitKeyboardHeight
        #expect(form.view.frame.height == max(SignUpContent.height, visible))
    }

    @Test("a custom resize policy holds the content at its height", arguments: HostKind.allCases, phoneScreens)
    func customResizePolicy(kind: HostKind, phone: Phone) throws {
        let held: CGFloat = 500
        let (scenario, form) = Scenario.signUp(kind, on: phone) {
            $0.keyboardResizePolicy = FixedHeightResize(height: held)
        }
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        // Above both the form's 420 pt and the area above the keyboard (SE 387, X 432).
        #expect(form.view.frame.height == held)
        form.view.endEditing(true)
        try scenario.stage.settle()
        let safe = phone.portraitSafeAreaInsets
        #expect(form.view.frame.height == phone.portraitSize.height - safe.top - safe.bottom)
    }

    // MARK: Filter

    @Test("a custom filter decides when the change is applied", arguments: HostKind.allCases, phoneScreens)
    func customFilter(kind: HostKind, phone: Phone) throws {
        let delay: TimeInterval = 0.3
        let (scenario, form) = Scenario.signUp(kind, on: phone) {
            $0.keyboardEventFilter = FixedDelayFilter(delay: delay)
        }
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.advance(by: delay - 0.05)
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        try scenario.stage.advance(by: 0.1)
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(
                    top: 0, left: 0, bottom: phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom,
                    right: 0))
    }

    // MARK: Navigation detection

    @Test(
        "a custom navigation policy makes an ordinary change act at once, without animation",
        arguments: HostKind.allCases, phoneScreens)
    func customNavigationPolicy(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) {
            $0.navigationTransitionPolicy = EveryChangeIsNavigation()
        }
        #expect(form.password.becomeFirstResponder())
        // No waiting for the filter.
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(
                    top: 0, left: 0, bottom: phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom,
                    right: 0))
        if kind != .custom {
            #expect(!scenario.insetAnimations.isEmpty)
            #expect(scenario.insetAnimations.allSatisfy { !$0.animationsEnabled })
        }
        do {
            let timeline = scenario.timeline
            #expect(timeline.keyboardApplications.first?.animation == InsetAnimation.none)
        }
    }

    @Test(
        "navigation detection .none: a push's 0.35 s keyboard change is filtered and animated like any other",
        arguments: viewControllerHostKinds, phoneScreens)
    func noNavigationPolicy(kind: HostKind, phone: Phone) throws {
        let stage = Stage(phone)
        let safe = phone.portraitSafeAreaInsets
        let keyboard = phone.portraitKeyboardHeight
        let accessory: CGFloat = 44
        let first = SignUpContent()
        let second = SignUpContent()
        second.email.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: accessory))
        let a: any ScenarioHost =
            kind == .subclass ? SubclassHost(content: first.view) : ComposedHost(content: first.view)
        let b: any ScenarioHost =
            kind == .subclass ? SubclassHost(content: second.view) : ComposedHost(content: second.view)
        b.manager.navigationTransitionPolicy = .none
        a.onWillAppear = { _ = first.email.becomeFirstResponder() }
        b.onWillAppear = { _ = second.email.becomeFirstResponder() }
        let aController = try #require(a as? UIViewController)
        let bController = try #require(b as? UIViewController)
        let navigation = UINavigationController(rootViewController: aController)
        stage.window.rootViewController = navigation
        stage.window.makeKeyAndVisible()
        try stage.settle()

        navigation.pushViewController(bController, animated: true)
        let short = UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safe.bottom, right: 0)
        let tall = UIEdgeInsets(top: 0, left: 0, bottom: keyboard + accessory - safe.bottom, right: 0)
        // B entered the window laid out for the keyboard as it was then, at once; the push's
        // change to the taller keyboard is not a navigation transition for B's manager: held
        // by the filter.
        #expect(bController.additionalSafeAreaInsets == short)
        try stage.settle()
        #expect(bController.additionalSafeAreaInsets == tall)
        let animated = stage.animations(of: bController.view, .additionalSafeAreaInsets).filter(\.animationsEnabled)
        #expect(animated.last?.change(of: bController.view, .additionalSafeAreaInsets)?.to == .insets(tall))
    }

    // MARK: Rotation anchor

    @Test(
        "rotation anchor .none leaves the offset where the old bounds put it; a custom one scrolls to the top",
        arguments: HostKind.allCases, phoneScreens)
    func rotationAnchors(kind: HostKind, phone: Phone) throws {
        let scrolled = CGPoint(x: 0, y: 500)
        let landscapeSafe = phone.landscapeSafeAreaInsets
        let portraitSafe = phone.portraitSafeAreaInsets
        let cases: [(policy: any RotationAnchorPolicy, expected: CGPoint)] = [
            // HostKit, like UIKit, keeps an offset resting at the leading edge there when the
            // insets change (x: 0 was the portrait minimum); y is left where it was.
            (.none, CGPoint(x: -landscapeSafe.left, y: scrolled.y)),
            (ScrollToTopAnchor(), CGPoint(x: -landscapeSafe.left, y: -landscapeSafe.top)),
            // No first responder: keeping it visible is pinning the corner.
            (
                .keepFirstResponderVisible,
                CGPoint(x: -landscapeSafe.left, y: scrolled.y + portraitSafe.top - landscapeSafe.top)
            ),
        ]
        for (policy, expected) in cases {
            let column = ColumnContent([.block(2000)])
            let scenario = Scenario(
                kind, on: phone, content: column.view, configure: { $0.rotationAnchorPolicy = policy })
            scenario.scrollView.setContentOffset(scrolled, animated: false)
            #expect(scenario.window.rotate(to: .landscapeLeft))
            try scenario.stage.settle()
            #expect(scenario.scrollView.contentOffset == expected, "\(policy)")
        }
    }

    // MARK: Visibility

    @Test(
        "a custom visibility policy decides what is shown after a keyboard change", arguments: HostKind.allCases,
        phoneScreens)
    func customVisibility(kind: HostKind, phone: Phone) throws {
        let column = ColumnContent([.block(1500), .field, .block(466)])
        let scenario = Scenario(
            kind, on: phone, content: column.view, configure: { $0.visibilityPolicy = ShowContentOrigin() })
        #expect(try column.field(1).becomeFirstResponder())
        try scenario.stage.settle()
        // UIKit's own scroll showed the field first; the policy then asked for the content's
        // origin: the least scroll back up puts it at the visible area's top edge.
        #expect(scenario.scrollView.contentOffset == CGPoint(x: 0, y: -phone.portraitSafeAreaInsets.top))
        #expect(!scenario.isFullyVisible(try column.field(1)))
    }

    // Earlier this test expected the field to stay hidden under `.none`: UIKit's own scroll,
    // made as the field became first responder before the pushed screen was laid out, ran at
    // once and missed. That was wrong: as in SCVC, UIKit's request waits for the filter's
    // window, so it lands on the laid-out field whatever the visibility policy says. The
    // policy decides only the manager's own scroll after a keyboard change.
    @Test(
        "visibility .none on a pushed screen: UIKit's deferred scroll shows the field; the manager adds none of its own",
        arguments: viewControllerHostKinds, phoneScreens)
    func noVisibilityOnPush(kind: HostKind, phone: Phone) throws {
        for scrolls in [true, false] {
            let stage = Stage(phone)
            let first = SignUpContent()
            let column = ColumnContent([.block(1500), .field, .block(466)])
            let field = try column.field(1)
            let timeline = TimelineRecorder()
            let a: any ScenarioHost =
                kind == .subclass ? SubclassHost(content: first.view) : ComposedHost(content: first.view)
            let b: any ScenarioHost =
                kind == .subclass
                ? SubclassHost(content: column.view, monitors: [timeline])
                : ComposedHost(content: column.view, monitors: [timeline])
            if !scrolls { b.manager.visibilityPolicy = .none }
            a.onWillAppear = { _ = first.email.becomeFirstResponder() }
            b.onWillAppear = { _ = field.becomeFirstResponder() }
            let aController = try #require(a as? UIViewController)
            let bController = try #require(b as? UIViewController)
            let navigation = UINavigationController(rootViewController: aController)
            stage.window.rootViewController = navigation
            stage.window.makeKeyAndVisible()
            try stage.settle()

            // Same keyboard height: no notification, but UIKit still scrolls the new first
            // responder into view, and that request waits for the filter's window.
            navigation.pushViewController(bController, animated: true)
            try stage.settle()
            let visible = b.manager.scrollView.convert(b.manager.scrollView.bounds, to: stage.window)
                .inset(by: b.manager.scrollView.adjustedContentInset)
            let fieldFrame = field.convert(field.bounds, to: stage.window)
            #expect(fieldFrame.maxY <= visible.maxY + 0.5)
            let reasons = timeline.events.compactMap { event -> ScrollingContentEvent.ScrollReason? in
                if case .scrolled(_, _, let reason) = event.kind { reason } else { nil }
            }
            if scrolls {
                // Whichever comes first shows the field; the other then has nothing to do.
                #expect(reasons.contains(.request) || reasons.contains(.firstResponderVisibility))
            } else {
                #expect(reasons.contains(.request))
                #expect(!reasons.contains(.firstResponderVisibility))
            }
        }
    }

    // MARK: Inset animation

    @Test("inset animation .none and a custom spring", arguments: viewControllerHostKinds, phoneScreens)
    func insetAnimations(kind: HostKind, phone: Phone) throws {
        let cases:
            [(
                policy: any InsetAnimationPolicy, animated: Bool, duration: TimeInterval,
                timing: AnimationRecord.Timing?
            )] = [
                (.none, false, 0, nil),
                (BouncyInsetAnimation(), true, 0.2, .spring(dampingRatio: 0.5, initialVelocity: 1)),
                (.spring(duration: 0.3, damping: 0.8), true, 0.3, .spring(dampingRatio: 0.8, initialVelocity: 0)),
                (.default, true, 0.5, .spring(dampingRatio: 1, initialVelocity: 0)),
            ]
        for expected in cases {
            let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.insetAnimationPolicy = expected.policy }
            #expect(form.password.becomeFirstResponder())
            try scenario.stage.settle()
            let record = try #require(scenario.insetAnimations.last)
            #expect(record.animationsEnabled == expected.animated, "\(expected.policy)")
            if let timing = expected.timing {
                #expect(record.duration == expected.duration)
                #expect(record.timing == timing)
            }
        }
    }

    // MARK: Swapping the inset policy while the keyboard is up

    @Test(
        "turning shouldAdjustAdditionalSafeAreaInsetsForKeyboard off with the keyboard up still restores the insets on hide",
        arguments: HostKind.allCases, phoneScreens)
    func insetSwitchTurnedOffWhileTheKeyboardIsUp(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone)
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        // The safe area ends at the keyboard's top: the keyboard less the home indicator's inset.
        let shown = phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom
        #expect(scenario.controller.additionalSafeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: shown, right: 0))

        scenario.manager.shouldAdjustAdditionalSafeAreaInsetsForKeyboard = false
        form.view.endEditing(true)
        try scenario.stage.settle()
        // What the manager added is taken back although `.none` names no inset.
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(scenario.scrollView.contentInset == .zero)
        #expect(scenario.root.safeAreaInsets == phone.portraitSafeAreaInsets)

        // Off from now on: the next keyboard changes nothing.
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    @Test(
        "switching .contentInset to .additionalSafeAreaInsets with the keyboard up restores the content inset on hide",
        arguments: HostKind.allCases, phoneScreens)
    func contentInsetPolicySwappedWhileTheKeyboardIsUp(kind: HostKind, phone: Phone) throws {
        let (scenario, form) = Scenario.signUp(kind, on: phone) { $0.insetAdjustmentPolicy = .contentInset }
        #expect(form.password.becomeFirstResponder())
        try scenario.stage.settle()
        // The scroll view fills the root view: its base safe-area bottom is the screen's, and the
        // rest of the keyboard goes into the content and indicator insets.
        let extra = phone.portraitKeyboardHeight - phone.portraitSafeAreaInsets.bottom
        #expect(scenario.scrollView.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: extra, right: 0))
        #expect(
            scenario.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 0, left: 0, bottom: extra, right: 0))
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)

        scenario.manager.insetAdjustmentPolicy = .additionalSafeAreaInsets
        form.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.scrollView.contentInset == .zero)
        #expect(scenario.scrollView.verticalScrollIndicatorInsets == .zero)
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
    }

    @Test(
        "a keyboard change after the inset policy was swapped moves the inset instead of doubling it",
        arguments: HostKind.allCases, phoneScreens)
    func swappedPolicyAtTheNextKeyboardChange(kind: HostKind, phone: Phone) throws {
        let accessory: CGFloat = 44
        let column = ColumnContent([.block(100), .field, .field(accessory: accessory), .block(100)])
        let scenario = Scenario(
            kind, on: phone, content: column.view, configure: { $0.insetAdjustmentPolicy = .contentInset })
        let keyboard = phone.portraitKeyboardHeight
        let safeBottom = phone.portraitSafeAreaInsets.bottom
        #expect(try column.field(1).becomeFirstResponder())
        try scenario.stage.settle()
        #expect(
            scenario.scrollView.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - safeBottom, right: 0))

        scenario.manager.insetAdjustmentPolicy = .additionalSafeAreaInsets
        // The next field's accessory makes the keyboard 44 pt taller.
        #expect(try column.field(2).becomeFirstResponder())
        try scenario.stage.settle()
        #expect(
            scenario.controller.additionalSafeAreaInsets
                == UIEdgeInsets(top: 0, left: 0, bottom: keyboard + accessory - safeBottom, right: 0))
        #expect(scenario.scrollView.contentInset == .zero)
        #expect(scenario.scrollView.verticalScrollIndicatorInsets == .zero)
        // The visible area ends at the keyboard's top, counted once.
        #expect(scenario.visibleRectInWindow.maxY == phone.portraitSize.height - keyboard - accessory)

        column.view.endEditing(true)
        try scenario.stage.settle()
        #expect(scenario.controller.additionalSafeAreaInsets == .zero)
        #expect(scenario.scrollView.contentInset == .zero)
    }
}
