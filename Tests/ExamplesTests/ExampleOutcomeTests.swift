import Foundation
import HostKit
import ScrollingContent
import ScrollingContentExamples
import Testing

/// Each example's scenario, run and checked against the geometry of its screen.
@MainActor
@Suite struct ExampleOutcomeTests {
    @Test func codeExampleKeepsThePasswordVisibleAndRestoresTheInsets() throws {
        let outcome = try CodeExample.run(ScenarioRecording(example: CodeExample.name))
        let screen = outcome.screen
        let height = screen.size(for: .portrait).height
        let safeTop = screen.safeAreaInsets(for: .portrait).top
        let keyboard = screen.keyboardHeight(for: .portrait)

        // Without the keyboard the content fills the safe area (the form is shorter).
        #expect(outcome.contentHeightWithoutKeyboard == height - safeTop)
        #expect(SignUpForm.naturalHeight < height - safeTop)
        // The keyboard covers 260 pt and the SE has no bottom safe area: the inset is 260.
        #expect(
            outcome.insetsWithKeyboard
                == UIEdgeInsets(
                    top: 0, left: 0, bottom: keyboard - screen.safeAreaInsets(for: .portrait).bottom, right: 0))
        // The password field is fully visible above the keyboard, with the margin.
        #expect(outcome.keyboardTop == height - keyboard)
        #expect(outcome.passwordFrameInWindow.maxY + outcome.visibilityMargin <= outcome.keyboardTop)
        #expect(outcome.passwordFrameInWindow.minY >= safeTop)
        // The content keeps its size while the keyboard is up.
        #expect(outcome.contentHeightWithKeyboard == outcome.contentHeightWithoutKeyboard)
        // AutoFill's burst and the rotation's hide-then-show are each applied once.
        #expect(outcome.applicationsDuringAutoFill == 1)
        #expect(outcome.applicationsDuringRotation == 1)
        #expect(outcome.offsetLegalAfterRotations == [true, true])
        // Back in portrait the visible content's top-leading corner is where it was in
        // landscape (offset + top inset), clamped to the legal range once the portrait
        // keyboard's inset is applied — not to the range the landscape inset left.
        let pinned = outcome.landscapeOffset.y + outcome.landscapeTopInset - outcome.portraitTopInset
        #expect(outcome.portraitOffset.y == min(pinned, outcome.portraitMaximumOffset.y))
        // At the end the insets are restored and the content rests at the top.
        #expect(outcome.insetsAtEnd == .zero)
        #expect(outcome.contentOffsetAtEnd == outcome.minimumContentOffsetAtEnd)
    }

    @Test func managerExampleCoversOnlyThePartOfTheScrollViewTheKeyboardOverlaps() throws {
        let outcome = try ManagerExample.run(ScenarioRecording(example: ManagerExample.name))
        let screen = outcome.screen
        let height = screen.size(for: .portrait).height
        let insets = screen.safeAreaInsets(for: .portrait)
        let keyboard = screen.keyboardHeight(for: .portrait)
        let header: CGFloat = 56
        let toolbar: CGFloat = 49

        // The scroll view took the content view's place between the header and the toolbar.
        #expect(outcome.scrollViewTookContentPlace)
        #expect(
            outcome.scrollViewFrame
                == CGRect(
                    x: 0, y: insets.top + header, width: screen.portraitSize.width,
                    height: height - insets.top - header - insets.bottom - toolbar))
        // The keyboard reaches the root view's bottom: it overlaps the root by its height and
        // the scroll view by what lies above the toolbar and the home indicator.
        #expect(outcome.hostOverlap == keyboard)
        #expect(outcome.scrollViewOverlap == keyboard - insets.bottom - toolbar)
        #expect(outcome.insetsWithKeyboard == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - insets.bottom, right: 0))
        // The toolbar rides on the keyboard; the scroll view ends on the toolbar.
        #expect(outcome.scrollViewFrameWithKeyboard.maxY == outcome.keyboardTop - toolbar)
        #expect(
            outcome.passwordFrameInWindow.maxY + outcome.visibilityMargin <= outcome.scrollViewFrameWithKeyboard.maxY)
        #expect(outcome.insetsAtEnd == .zero)
    }

    @Test func sequenceExampleGivesEveryPushedScreenTheKeyboardInsetWithoutAnimation() throws {
        let outcome = try SequenceExample.run(ScenarioRecording(example: SequenceExample.name))
        let screen = outcome.screen
        let insets = screen.safeAreaInsets(for: .portrait)
        let keyboard = screen.keyboardHeight(for: .portrait)
        let navigationBar: CGFloat = 44

        #expect(outcome.keyboardTop == screen.size(for: .portrait).height - keyboard)
        #expect(outcome.screens.count == 3)
        for (index, state) in outcome.screens.enumerated() {
            // The keyboard's height minus the home indicator it covers.
            #expect(
                state.additionalSafeAreaInsets
                    == UIEdgeInsets(top: 0, left: 0, bottom: keyboard - insets.bottom, right: 0), "screen \(index + 1)")
            #expect(state.safeAreaInsets.top == insets.top + navigationBar, "screen \(index + 1)")
            #expect(state.safeAreaInsets.bottom == keyboard, "screen \(index + 1)")
            #expect(
                state.fieldFrameInWindow.maxY + outcome.visibilityMargin <= outcome.keyboardTop, "screen \(index + 1)")
        }
        // The pushed screens get their inset at once, not animated 0.1 s later.
        #expect(outcome.screens.dropFirst().allSatisfy { !$0.insetChangeAnimated })
    }

    @Test func reassignExampleReplacesTheContentInTheSameScrollView() throws {
        let outcome = try ReassignExample.run(ScenarioRecording(example: ReassignExample.name))
        let screen = outcome.screen
        let safeHeight = screen.size(for: .portrait).height - screen.safeAreaInsets(for: .portrait).top
        let keyboard = screen.keyboardHeight(for: .portrait)

        #expect(outcome.sameScrollView)
        #expect(outcome.oldContentRemoved == [true, true])
        // Each content is at least the safe area's size.
        for frame in [outcome.logInFrame, outcome.signUpFrame, outcome.logInFrameAgain] {
            #expect(frame.size == CGSize(width: screen.portraitSize.width, height: safeHeight))
        }
        #expect(outcome.insetsWithKeyboardAfterReassign == UIEdgeInsets(top: 0, left: 0, bottom: keyboard, right: 0))
        #expect(outcome.passwordFrameInWindow.maxY <= outcome.keyboardTop)
    }

    @Test func outletExampleSubstitutesTheRootViewAndDefersEarlyContent() throws {
        let outcome = try OutletExample.run(ScenarioRecording(example: OutletExample.name))
        let screen = outcome.screen
        let insets = screen.safeAreaInsets(for: .portrait)

        #expect(outcome.rootViewSubstituted)
        #expect(outcome.formInsideScrollView)
        #expect(
            outcome.formFrame
                == CGRect(
                    x: 0, y: 0, width: screen.portraitSize.width,
                    height: screen.size(for: .portrait).height - insets.top - insets.bottom))
        #expect(outcome.earlyContentDeferred)
        #expect(outcome.earlyContentInstalled)
    }

    @Test func everyExampleRecordsATimelineAndPictures() throws {
        for example in ExampleCommand.examples {
            let recording = ScenarioRecording(example: example.name)
            _ = try example.run(recording)
            #expect(!recording.frames.isEmpty, "\(example.name)")
            #expect(
                recording.frames.allSatisfy { $0.svg.hasPrefix("<svg") || $0.svg.hasPrefix("<?xml") }, "\(example.name)"
            )
            #expect(
                recording.lines.contains { $0.contains("keyboard applied") || $0.contains("content view installed") },
                "\(example.name)")
        }
    }
}

/// The DoorDash article's example, checked against the menu's geometry.
@MainActor
@Suite struct ScrollAnchorExampleTests {
    @Test func sectionsCarouselFormKeyboardAndSnapping() throws {
        let outcome = try ScrollAnchorExample.run(ScenarioRecording(example: ScrollAnchorExample.name))
        let screen = outcome.screen
        let carousel: CGFloat = 44
        let listTop = screen.safeAreaInsets(for: .portrait).top + carousel

        #expect(outcome.listVisibleTop == listTop)
        // `.top` with an offset of −8: the section starts 8 pt below the visible area's top.
        #expect(outcome.dessertsTopInWindow == listTop - outcome.extraOffset)
        // Choosing a label scrolls the list to its section; scrolling the list moves the
        // carousel: each change moved the carousel once, no loop.
        #expect(outcome.selectionAfterChoosingDrinks == .drinks)
        #expect(outcome.drinksTopInWindow == listTop)
        #expect(outcome.selectionAfterScrollingToMains == .mains)
        #expect(outcome.carouselMoves == 2)
        // The first incomplete section (the name was filled in) is brought to the top.
        #expect(outcome.firstIncomplete == .address)
        #expect(outcome.firstIncompleteTopInWindow == listTop)
        // `.bottom` with the keyboard up: the section's bottom on the keyboard's top.
        #expect(outcome.keyboardTop == screen.size(for: .portrait).height - screen.keyboardHeight(for: .portrait))
        #expect(outcome.paymentBottomInWindow == outcome.keyboardTop)
        // A flick rests with a section's top at the visible area's top. The menu's sections are
        // 320 pt tall (appetizers, mains, desserts, drinks), the form's 160 (name, address,
        // payment), then a 480 pt footer: tops at 0, 320, 640, 960, 1280, 1440, 1600, content
        // 2240 tall. The list (below the carousel, at 88) has no top inset, so a section's top
        // meets the visible top at an offset equal to its top; the maximum offset is
        // 2240 + 34 (home indicator) − (812 − 88) = 1550, so payment's 1600 clamps to it.
        // Released at 500 with 1.2 pt/ms at the normal rate (0.998), the glide would end at
        // 500 + 1.2·0.998/0.002 = 1098.8: drinks (960, 138.8 away) is nearer than name (1280,
        // 181.2 away).
        let tops: [ScrollAnchorExample.Section: CGFloat] = [
            .appetizers: 0, .mains: 320, .desserts: 640, .drinks: 960, .name: 1280, .address: 1440, .payment: 1600,
        ]
        let maximum: CGFloat = 2240 + 34 - (812 - 88)
        let projected =
            outcome.flickOffset + outcome.flickVelocity * UIScrollView.DecelerationRate.normal.rawValue
            / (1 - UIScrollView.DecelerationRate.normal.rawValue)
        let nearest = try #require(
            ScrollAnchorExample.Section.allCases.min {
                abs(min(tops[$0]!, maximum) - projected) < abs(min(tops[$1]!, maximum) - projected)
            })
        #expect(nearest == .drinks)
        #expect(outcome.snappedSection == .drinks)
        #expect(outcome.snappedContentOffset == CGPoint(x: 0, y: 960))
        #expect(outcome.snappedOffsetIsASectionTop)
        #expect(outcome.snappedSectionTopInWindow == listTop)
    }
}
