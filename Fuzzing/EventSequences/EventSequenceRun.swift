import Foundation
import HostKit
import ScrollingContent

/// Plays an ``EventSequence`` on a headless device and checks the ``Invariant``s after each
/// step, through public seams only: the window, its simulated keyboard, the manual scheduler,
/// the navigation controller, and the managers' public properties.
///
/// ```swift
/// let outcome = EventSequenceRun.run(sequence)
/// #expect(outcome.passed, "\(outcome.violations)")
/// ```
@MainActor
package enum EventSequenceRun {
    /// How long the end of a sequence lets virtual time run before the scheduler must be
    /// empty: 10 s, far beyond the longest thing one step starts (the 0.5 s inset spring), so
    /// work left after it is work that never ends (a timer that keeps rescheduling itself).
    static let finalTime: TimeInterval = 10

    /// Plays `sequence`, checking the invariants after every step, then lets it settle, checks
    /// again, tears it down and checks for leaks. With `stopAtFirstViolation`, the steps stop at
    /// the first violation (the teardown checks still run).
    package static func run(_ sequence: EventSequence, stopAtFirstViolation: Bool = true) -> Outcome {
        var violations: [Violation] = []
        let tracked: [(String, WeakReference<AnyObject>)]
        let fingerprint: String
        let errors: [String]
        do {
            let stage = SequenceStage(sequence)
            stage.present()
            for (index, step) in sequence.steps.enumerated() {
                violations += stage.perform(step, at: index)
                violations += stage.checkSettledInvariants(after: index)
                if stopAtFirstViolation, !violations.isEmpty { break }
            }
            if violations.isEmpty || !stopAtFirstViolation {
                violations += stage.finish()
            }
            fingerprint = stage.fingerprint
            errors = stage.log.messages(atLeast: .error).map(\.text)
            tracked = stage.trackedObjects
            stage.tearDown()
        }
        // The stage is gone: everything it made must be gone too.
        let leaked = tracked.filter { $0.1.object != nil }.map(\.0)
        if !leaked.isEmpty {
            violations.append(
                Violation(
                    invariant: .noLeaks, step: nil,
                    detail: "still alive after teardown: \(leaked.joined(separator: ", "))"))
        }
        return Outcome(violations: violations, fingerprint: fingerprint, errors: errors)
    }

    /// Plays `sequence` twice and adds a ``Invariant/determinism`` violation when the two runs
    /// end in different geometry or find different violations.
    package static func runTwice(_ sequence: EventSequence, stopAtFirstViolation: Bool = true) -> Outcome {
        var first = run(sequence, stopAtFirstViolation: stopAtFirstViolation)
        let second = run(sequence, stopAtFirstViolation: stopAtFirstViolation)
        if first.fingerprint != second.fingerprint || first.violations != second.violations {
            first.violations.append(
                Violation(
                    invariant: .determinism, step: nil,
                    detail: """
                        two runs differ:
                        first:  \(first.fingerprint) \(first.violations)
                        second: \(second.fingerprint) \(second.violations)
                        """))
        }
        return first
    }
}

/// The device a sequence runs on: a window on a new screen of the preset, its clock and log,
/// the screens, and what the invariants need to know about the steps so far.
@MainActor
final class SequenceStage {
    let sequence: EventSequence
    let clock: ManualScheduler
    let log = LogRecorder()
    private(set) var window: UIWindow?
    private var navigation: UINavigationController?
    private var rootScreen: (any SequenceScreen)?
    /// Every screen made, weakly, with what the invariants track for it.
    private var records: [ScreenRecord] = []

    /// What the checks know about a screen beyond its spec.
    @MainActor
    final class ScreenRecord {
        weak var screen: (any SequenceScreen)?
        let name: String
        /// The screen's policies now (swaps change them).
        var policies: Policies
        /// A policy was swapped since the keyboard was last seen hidden and settled: the swap
        /// takes effect at the next keyboard change, so the overlap, content size and first
        /// responder checks wait for the keyboard to hide (the restore check does not).
        var swappedInSession = false
        /// Since the last keyboard or focus change nothing (a constraint change, new content, a
        /// scroll, a swap) may have moved the first responder: it must be visible.
        var firstResponderMustBeVisible = false
        weak var manager: ScrollingContentManager?
        weak var controller: UIViewController?

        init(_ screen: any SequenceScreen) {
            self.screen = screen
            name = screen.state.name
            policies = screen.state.spec.policies
            manager = screen.manager
            controller = screen.controller
        }
    }

    init(_ sequence: EventSequence) {
        self.sequence = sequence
        clock = ManualScheduler(logSink: log.sink)
        window = UIWindow(
            screen: sequence.device.screen, orientation: sequence.orientation, scheduler: clock,
            logSink: log.sink)
    }

    /// Makes the first screen and shows it.
    func present() {
        guard let window else { return }
        let root = makeScreen(sequence.root)
        rootScreen = root
        if sequence.navigation {
            let navigation = UINavigationController(rootViewController: root.controller)
            self.navigation = navigation
            window.rootViewController = navigation
        } else {
            window.rootViewController = root.controller
        }
        window.makeKeyAndVisible()
        record(for: root)?.firstResponderMustBeVisible = true
    }

    private func makeScreen(_ spec: ScreenSpec) -> any SequenceScreen {
        let name = "screen \(records.count)"
        let screen: any SequenceScreen =
            switch spec.kind {
            case .subclass: SubclassScreen(spec: spec, name: name, logSink: log.sink)
            case .composed: ComposedScreen(spec: spec, name: name, logSink: log.sink)
            }
        records.append(ScreenRecord(screen))
        return screen
    }

    /// The screen shown: the navigation controller's top one, or the root screen.
    var topScreen: (any SequenceScreen)? {
        if let navigation {
            return navigation.topViewController as? any SequenceScreen
        }
        return rootScreen
    }

    private func record(for screen: (any SequenceScreen)?) -> ScreenRecord? {
        guard let screen else { return nil }
        return records.first { $0.screen === screen }
    }

    // MARK: Steps

    /// Performs one step. A request HostKit refuses (AutoFill with the keyboard hidden, docking
    /// a docked keyboard…) changes nothing, as for a user who cannot do it; a scheduler that
    /// cannot finish its work is a ``Invariant/termination`` violation.
    func perform(_ step: EventStep, at index: Int) -> [Violation] {
        guard let window else { return [] }
        let keyboard = window.keyboard
        let top = topScreen
        let topRecord = record(for: top)
        var armsFirstResponder = true
        let before = obligations
        do {
            switch step {
            case .focus(let row):
                _ = top?.state.content.field(row)?.becomeFirstResponder()
            case .resign:
                _ = window.firstResponder?.resignFirstResponder()
            case .advance(let duration):
                armsFirstResponder = false
                try clock.advance(by: duration)
            case .settle:
                armsFirstResponder = false
                try clock.run()
            case .rotate(let orientation):
                // With no keyboard the overlap model sees, nothing re-shows it after the turn:
                // the rotation anchor moves the content as a scroll does.
                if before.dockedFrame == nil, !before.seesFloating, orientation != window.orientation {
                    topRecord?.firstResponderMustBeVisible = false
                }
                window.rotate(to: orientation)
            case .autoFill:
                try? keyboard.simulateAutoFill()
            case .undock(let placement):
                try? keyboard.simulateUndocking(to: floatingFrame(placement, in: window.bounds))
            case .dock:
                try? keyboard.simulateDocking()
            case .interactiveDismissal(let steps):
                if let scrollView = top?.manager.scrollView {
                    try? keyboard.simulateInteractiveDismissal(in: scrollView, steps: steps)
                }
            case .connectHardwareKeyboard:
                try? keyboard.simulateHardwareKeyboardConnected()
            case .disconnectHardwareKeyboard:
                try? keyboard.simulateHardwareKeyboardDisconnected()
            case .push(let spec, let animated):
                guard let navigation else { break }
                let screen = makeScreen(spec)
                navigation.pushViewController(screen.controller, animated: animated)
            case .pop(let animated):
                guard let navigation, navigation.viewControllers.count > 1 else { break }
                navigation.popViewController(animated: animated)
            case .setRowHeight(let row, let height):
                armsFirstResponder = false
                topRecord?.firstResponderMustBeVisible = false
                _ = top?.state.content.setHeight(height, ofRow: row)
            case .replaceContent(let rows):
                armsFirstResponder = false
                topRecord?.firstResponderMustBeVisible = false
                top?.replaceContent(rows)
            case .swapPolicy(let change):
                armsFirstResponder = false
                if let top, let topRecord {
                    change.apply(to: top.manager)
                    topRecord.policies = topRecord.policies.with(change)
                    topRecord.swappedInSession = true
                    topRecord.firstResponderMustBeVisible = false
                }
            case .scroll(let fraction):
                armsFirstResponder = false
                topRecord?.firstResponderMustBeVisible = false
                if let scrollView = top?.manager.scrollView {
                    let range = legalRange(of: scrollView)
                    let y = range.lowerBound + fraction * (range.upperBound - range.lowerBound)
                    scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: y), animated: false)
                }
            }
        } catch {
            return [Violation(invariant: .termination, step: index, detail: "\(step): \(error)")]
        }
        // A step that changed none of it (a refused one, a rotation to the current orientation)
        // obliges nothing.
        if armsFirstResponder, obligations.arm(after: before, autoFill: step == .autoFill) {
            record(for: topScreen)?.firstResponderMustBeVisible = true
        }
        return []
    }

    /// What obliges the manager to show the first responder: the first responder, the screen
    /// shown, the keyboard as the shown screen's overlap model sees it, and the orientation.
    /// Objects are held (for the step only), not their identifiers: a view freed by the step
    /// and a new one made at its address must not look the same.
    private struct Obligations {
        var responder: UIView?
        var top: AnyObject?
        var dockedFrame: CGRect?
        /// The keyboard floats and the shown screen's overlap model is `.intersection`, which
        /// sees a floating keyboard (`.docked` sees none, `.none` nothing at all).
        var seesFloating: Bool
        var orientation: UIInterfaceOrientation?

        /// Whether going from `before` to this makes the first responder's visibility the
        /// manager's business again: a new first responder or screen while the manager sees a
        /// keyboard, a docked keyboard that moved or came, or a rotation with the keyboard
        /// docked (it docks again after). A keyboard that floats where the overlap model does
        /// not look, or hides, covers nothing an inset could fix.
        func arm(after before: Obligations, autoFill: Bool) -> Bool {
            ((responder !== before.responder || top !== before.top) && (dockedFrame != nil || seesFloating))
                || (dockedFrame != nil && dockedFrame != before.dockedFrame)
                || (before.dockedFrame != nil && (orientation != before.orientation || autoFill))
        }
    }

    private var obligations: Obligations {
        let keyboard = window?.keyboard
        let overlap = record(for: topScreen)?.policies.overlap
        return Obligations(
            responder: window?.firstResponder, top: topScreen,
            dockedFrame: keyboard.flatMap { $0.isDocked ? $0.frame : nil },
            seesFloating: keyboard?.isFloating == true && overlap == .intersection,
            orientation: window?.orientation)
    }

    /// The frame an undocked keyboard floats to: HostKit's default (`nil`, centred), or the
    /// default size across the bottom edge.
    private func floatingFrame(_ placement: FloatingPlacement, in bounds: CGRect) -> CGRect? {
        switch placement {
        case .centered:
            return nil
        case .acrossBottom(let covering):
            let size = Keyboard.floatingKeyboardSize
            return CGRect(
                x: (bounds.width - size.width) / 2, y: bounds.maxY - covering, width: size.width, height: size.height)
        }
    }

    // MARK: The end

    /// Lets virtual time run (``EventSequenceRun/finalTime``), checks that nothing is left
    /// pending, and checks the invariants of the settled state.
    func finish() -> [Violation] {
        do {
            try clock.advance(by: EventSequenceRun.finalTime)
        } catch {
            return [Violation(invariant: .termination, step: nil, detail: "\(error)")]
        }
        let left = clock.finish()
        guard left.isClean else {
            return [
                Violation(
                    invariant: .termination, step: nil,
                    detail: "work still pending \(EventSequenceRun.finalTime) s after the last step: \(left.pending)")
            ]
        }
        var violations = checkSettledInvariants(after: nil)
        if let rebuilds = window?.layoutStatistics?.solverRebuilds, rebuilds != 0 {
            violations.append(
                Violation(
                    invariant: .noSolverRebuild, step: nil, detail: "the solver rebuilt its tableau \(rebuilds) times"))
        }
        return violations
    }

    /// Takes the screens out of the window and drops everything the stage holds.
    func tearDown() {
        window?.rootViewController = nil
        window?.isHidden = true
        clock.finish()
        navigation = nil
        rootScreen = nil
        window = nil
    }

    /// What must be gone after ``tearDown()``: each screen, its manager and every content view
    /// it had, and the window.
    var trackedObjects: [(String, WeakReference<AnyObject>)] {
        var objects: [(String, WeakReference<AnyObject>)] = []
        for record in records {
            if let controller = record.controller { objects.append(("\(record.name) host", WeakReference(controller))) }
            if let manager = record.manager { objects.append(("\(record.name) manager", WeakReference(manager))) }
            for content in record.screen?.state.allContents ?? [] {
                if let view = content.object { objects.append(("\(view.name ?? "content") view", WeakReference(view))) }
            }
        }
        if let window { objects.append(("window", WeakReference(window))) }
        return objects
    }

    // MARK: Invariants

    /// Checks the invariants of a settled state, if the state is settled: nothing pending on
    /// the clock (no filter, animation, transition or layout pass waiting) and no finger down.
    func checkSettledInvariants(after step: Int?) -> [Violation] {
        guard let window, clock.pendingWorkCount == 0, let top = topScreen, let record = record(for: top),
            !top.manager.scrollView.isTracking, top.controller.viewIfLoaded?.window === window
        else { return [] }
        var found: [Violation] = []
        func violated(_ invariant: Invariant, _ detail: String) {
            found.append(Violation(invariant: invariant, step: step, detail: "\(record.name): \(detail)"))
        }
        let scrollView = top.manager.scrollView
        let keyboard = window.keyboard
        if let problem = keyboardProblem(in: window) { violated(.keyboardMatchesScreen, problem) }

        // Legal offset (DESIGN §7): y in [-inset.top, max(-inset.top, contentHeight + inset.bottom - boundsHeight)].
        let range = legalRange(of: scrollView)
        let y = scrollView.contentOffset.y
        if !(y >= range.lowerBound - Self.tolerance && y <= range.upperBound + Self.tolerance) {
            violated(
                .legalOffset,
                "offset y \(y) outside \(range.lowerBound)…\(range.upperBound) (content height \(scrollView.contentSize.height), bounds height \(scrollView.bounds.height), adjusted insets \(scrollView.adjustedContentInset))"
            )
        }

        // The insets: what the app set, plus what the keyboard's overlap asks for.
        let expected = expectedInsets(for: top, record: record, in: window)
        let actual = (
            additional: top.controller.additionalSafeAreaInsets, content: scrollView.contentInset,
            indicators: scrollView.verticalScrollIndicatorInsets
        )
        if !keyboard.isVisible {
            record.swappedInSession = false
            let spec = top.state.spec
            if actual.additional != spec.additionalSafeAreaInsets || actual.content != spec.contentInset
                || actual.indicators != .zero
            {
                violated(
                    .insetsRestored,
                    "keyboard hidden: additionalSafeAreaInsets \(actual.additional), contentInset \(actual.content), indicator insets \(actual.indicators); the app set \(spec.additionalSafeAreaInsets), \(spec.contentInset), .zero"
                )
            }
        } else if !record.swappedInSession {
            if !Self.equal(actual.additional, expected.additional) || !Self.equal(actual.content, expected.content)
                || !Self.equal(actual.indicators, expected.indicators)
            {
                violated(
                    .insetEqualsOverlap,
                    "keyboard \(Self.text(keyboard.frame)) (overlap \(expected.overlap) with the host, \(record.policies.overlap) model, \(record.policies.insets) insets): additionalSafeAreaInsets \(actual.additional), contentInset \(actual.content), indicator insets \(actual.indicators); expected \(expected.additional), \(expected.content), \(expected.indicators)"
                )
            }
            if record.policies.resize == .keepContentSize {
                // Without the keyboard the content is as tall as its rows, or as the scroll view's
                // safe area (the manager's priority-500 minimum) when that is taller.
                let safeHeight = scrollView.bounds.height - scrollView.safeAreaInsets.top - expected.baseBottom
                let natural = max(top.state.content.rowsHeight, safeHeight)
                let height = top.state.content.view.frame.height
                if abs(height - natural) > Self.tolerance {
                    violated(
                        .contentSizeKept,
                        "content height \(height) with the keyboard up; \(natural) without it (rows \(top.state.content.rowsHeight), safe area \(safeHeight))"
                    )
                }
            }
            if record.firstResponderMustBeVisible, record.policies.promiseFirstResponderVisible,
                let responder = window.firstResponder, responder.isDescendant(of: top.state.content.view)
            {
                checkVisible(responder, in: scrollView, margin: top.manager.scrollView.visibilityScrollMargin, violated)
            }
        }
        return found
    }

    /// What is wrong with the settled keyboard, if anything: up without a first responder,
    /// docked at a height the screen, the orientation, a hardware keyboard and the responder's
    /// accessory do not give, or floating outside the window.
    private func keyboardProblem(in window: UIWindow) -> String? {
        let keyboard = window.keyboard
        guard keyboard.isVisible else { return nil }
        guard let responder = window.firstResponder else {
            return "the keyboard is up (\(Self.text(keyboard.frame))) with no first responder"
        }
        if keyboard.isFloating {
            let frame = keyboard.frame
            return window.bounds.contains(frame.origin)
                ? nil
                : "the floating keyboard \(Self.text(frame)) is outside the window \(Self.text(window.bounds)) (\(window.orientation))"
        }
        let screen = window.screen
        let base =
            keyboard.isHardwareKeyboardConnected
            ? screen.shortcutBarHeight : screen.keyboardHeight(for: window.orientation)
        let expected = base + responder.inputAccessoryHeight
        guard
            abs(keyboard.frame.height - expected) > Self.tolerance
                || abs(keyboard.frame.maxY - window.bounds.maxY) > Self.tolerance
        else { return nil }
        return
            "the docked keyboard is \(Self.text(keyboard.frame)) in \(window.orientation); expected \(expected) tall (\(keyboard.isHardwareKeyboardConnected ? "shortcut bar" : "keyboard") \(base) + accessory \(responder.inputAccessoryHeight)) at the bottom edge \(window.bounds.maxY)"
    }

    /// Half a point: frames and offsets come out of layout arithmetic.
    static let tolerance: CGFloat = 0.5

    private static func equal(_ a: UIEdgeInsets, _ b: UIEdgeInsets) -> Bool {
        abs(a.top - b.top) <= tolerance && abs(a.left - b.left) <= tolerance && abs(a.bottom - b.bottom) <= tolerance
            && abs(a.right - b.right) <= tolerance
    }

    /// The first responder lies in the scroll view's visible area (its bounds less the adjusted
    /// insets) when it fits; a taller one shows its top.
    private func checkVisible(
        _ responder: UIView, in scrollView: UIScrollView, margin: CGFloat,
        _ violated: (Invariant, String) -> Void
    ) {
        let frame = responder.convert(responder.bounds, to: scrollView)
        // The insets can leave no room at all (a landscape phone, a keyboard with a tall
        // accessory, the app's own insets): the area is then empty at the insets' top edge,
        // never a rectangle turned inside out.
        let bounds = scrollView.bounds
        let inset = scrollView.adjustedContentInset
        let visible = CGRect(
            x: bounds.minX + inset.left, y: bounds.minY + inset.top,
            width: max(0, bounds.width - inset.left - inset.right),
            height: max(0, bounds.height - inset.top - inset.bottom))
        let fits = frame.height <= visible.height + Self.tolerance
        // A taller one shows its top: at most a point above the area's bottom edge, or at the
        // top edge of an area too small for that point.
        let shown =
            fits
            ? frame.minY >= visible.minY - Self.tolerance && frame.maxY <= visible.maxY + Self.tolerance
            : frame.minY >= visible.minY - Self.tolerance
                && frame.minY <= max(visible.minY + Self.tolerance, visible.maxY - 1)
        if !shown {
            violated(
                .firstResponderVisible,
                "\(responder.name ?? "first responder") at y \(frame.minY)…\(frame.maxY) (\(fits ? "fits" : "taller than the area; its top must show")), visible area y \(visible.minY)…\(visible.maxY) (margin \(margin))"
            )
        }
    }

    /// The legal resting range of the vertical offset (DESIGN §7).
    func legalRange(of scrollView: UIScrollView) -> ClosedRange<CGFloat> {
        let inset = scrollView.adjustedContentInset
        let minimum = -inset.top
        let maximum = max(minimum, scrollView.contentSize.height + inset.bottom - scrollView.bounds.height)
        return minimum...maximum
    }

    /// The insets the policies promise for the keyboard as it is, derived from the geometry: the
    /// part of the keyboard the overlap model sees, how far it reaches up from the host's bottom
    /// edge, and the safe area the host had without it (the window's, plus the app's own).
    private func expectedInsets(for screen: any SequenceScreen, record: ScreenRecord, in window: UIWindow)
        -> (
            additional: UIEdgeInsets, content: UIEdgeInsets, indicators: UIEdgeInsets, overlap: CGFloat,
            baseBottom: CGFloat
        )
    {
        let spec = screen.state.spec
        let keyboard = window.keyboard
        let bounds = window.bounds
        let root = screen.controller.view!
        let rootFrame = root.convert(root.bounds, to: window)
        let scrollView = screen.manager.scrollView
        let scrollFrame = scrollView.convert(scrollView.bounds, to: window)
        let covering: CGRect?
        if !keyboard.isVisible {
            covering = nil
        } else {
            let frame = keyboard.frame
            switch record.policies.overlap {
            case .none:
                covering = nil
            case .docked:
                // Only the height counts, docked at the bottom; a frame below the window, or one
                // that ends above its bottom edge (floating), covers nothing.
                let height = min(frame.height, bounds.height)
                covering =
                    frame.minY >= bounds.maxY || frame.maxY < bounds.maxY - Self.tolerance || height <= 0
                    ? nil : CGRect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
            case .intersection:
                let part = frame.intersection(rootFrame)
                covering = part.isNull || part.isEmpty ? nil : part
            }
        }
        let hostOverlap = Self.bottomOverlap(of: rootFrame, by: covering)
        let scrollOverlap = Self.bottomOverlap(of: scrollFrame, by: covering)
        // The root fills the window (a navigation bar adds only at the top).
        let baseBottom = window.safeAreaInsets.bottom + spec.additionalSafeAreaInsets.bottom
        var additional = spec.additionalSafeAreaInsets
        var content = spec.contentInset
        var indicators = UIEdgeInsets.zero
        switch record.policies.insets {
        case .additionalSafeAreaInsets:
            additional.bottom += max(0, hostOverlap - baseBottom)
        case .contentInset:
            let extra = max(0, scrollOverlap - baseBottom)
            content.bottom += extra
            indicators.bottom += extra
        case .none:
            break
        }
        return (additional, content, indicators, hostOverlap, baseBottom)
    }

    /// How far `keyboard` reaches up from `frame`'s bottom edge: 0 when it misses the frame or
    /// does not reach its bottom edge (a keyboard floating above it); at most the frame's height.
    private static func bottomOverlap(of frame: CGRect, by keyboard: CGRect?) -> CGFloat {
        guard let keyboard, keyboard.maxX > frame.minX, keyboard.minX < frame.maxX,
            keyboard.maxY >= frame.maxY - tolerance
        else { return 0 }
        return min(frame.height, max(0, frame.maxY - keyboard.minY))
    }

    // MARK: The final geometry

    /// The window, the keyboard and every screen in it, as text (for the determinism check).
    var fingerprint: String {
        guard let window else { return "no window" }
        var parts = [
            "t=\(clock.now)", "\(window.orientation)",
            "keyboard \(window.keyboard.isVisible ? "up" : "down") \(Self.text(window.keyboard.frame))",
            "responder \(window.firstResponder?.name ?? "none")",
        ]
        let screens: [any SequenceScreen] =
            navigation.map { $0.viewControllers.compactMap { $0 as? any SequenceScreen } }
            ?? rootScreen.map { [$0] } ?? []
        for screen in screens {
            let scrollView = screen.manager.scrollView
            parts.append(
                "\(screen.state.name): root \(Self.text(screen.controller.viewIfLoaded?.frame ?? .null)) additional \(screen.controller.additionalSafeAreaInsets) offset \(scrollView.contentOffset.x),\(scrollView.contentOffset.y) inset \(scrollView.contentInset) size \(scrollView.contentSize.width)×\(scrollView.contentSize.height) content \(Self.text(screen.state.content.view.frame))"
            )
        }
        return parts.joined(separator: "; ")
    }

    /// `x,y w×h`, every digit kept.
    static func text(_ rect: CGRect) -> String {
        "\(rect.minX),\(rect.minY) \(rect.width)×\(rect.height)"
    }
}
