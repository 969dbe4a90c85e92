import Foundation
import HostKit
import Testing

/// The numbers a caller can get wrong, each tried on every entry point below (issue 14, "Bad
/// input"): NaN, ±∞, the largest finite value, and a negative one.
enum BadNumber: String, CaseIterable, Sendable, CustomStringConvertible {
    case nan, infinity, negativeInfinity, huge, negative

    var value: CGFloat {
        switch self {
        case .nan: .nan
        case .infinity: .infinity
        case .negativeInfinity: -.infinity
        case .huge: .greatestFiniteMagnitude
        case .negative: -1
        }
    }

    var isFinite: Bool { value.isFinite }
    var description: String { rawValue }
}

/// Every HostKit entry point that takes a caller's number, fed each ``BadNumber``: a value
/// outside the entry point's domain is refused with a diagnostic (or a typed error) and
/// changes nothing; a finite value inside it (UIKit takes a negative offset, a huge content
/// size) is taken, and what it leads to stays finite. Nothing traps.
@Suite("Bad input sweep (HostKit)")
@MainActor
struct BadInputSweepTests {
    // MARK: Views

    @Test(
        "UIView.frame, bounds and center: non-finite values, negative sizes and edges or centres beyond the largest CGFloat refused",
        arguments: BadNumber.allCases)
    func viewGeometry(bad: BadNumber) {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        root.addSubview(view)
        let before = (view.frame, view.bounds, view.center)
        let v = bad.value

        // An origin: anything finite is a place (a huge one's far edge overflows).
        view.frame = CGRect(x: v, y: 20, width: 100, height: 50)
        let originTaken = bad == .negative
        #expect(view.frame == (originTaken ? CGRect(x: -1, y: 20, width: 100, height: 50) : before.0))
        view.frame = before.0
        // A size: negative or non-finite is refused; a huge one is a size (its edges and centre
        // stay finite at x 10).
        view.frame = CGRect(x: 10, y: 20, width: v, height: 50)
        let sizeTaken = bad == .huge
        if sizeTaken {
            // Taken; at that magnitude the 10 pt origin is below the precision of the centre.
            #expect(view.frame.width == v && view.frame.origin.x.isFinite && view.frame.maxX.isFinite)
        } else {
            #expect(view.frame == before.0)
        }
        view.frame = before.0
        view.bounds = CGRect(x: 0, y: 0, width: 100, height: v)
        #expect(view.bounds == (sizeTaken ? CGRect(x: 0, y: 0, width: 100, height: v) : before.1))
        view.frame = before.0
        // A centre: any finite point.
        view.center = CGPoint(x: v, y: 45)
        let centerTaken = bad.isFinite
        #expect(view.center == (centerTaken ? CGPoint(x: v, y: 45) : before.2))
        #expect(view.frame.origin.x.isFinite && view.frame.maxX.isFinite)
        let refusals = (originTaken ? 0 : 1) + (sizeTaken ? 0 : 2) + (centerTaken ? 0 : 1)
        #expect(recorder.messages(atLeast: .error).count == refusals)

        // At creation: a refused frame becomes .zero, reported once the view is in a tree.
        let made = UIView(frame: CGRect(x: v, y: 0, width: 10, height: 10))
        root.addSubview(made)
        #expect(made.frame == (originTaken ? CGRect(x: v, y: 0, width: 10, height: 10) : .zero))
        #expect(recorder.messages(atLeast: .error).count == refusals + (originTaken ? 0 : 1))
    }

    @Test(
        "UIViewController.additionalSafeAreaInsets: non-finite refused; negative and huge taken, the safe area stays finite",
        arguments: BadNumber.allCases)
    func additionalSafeAreaInsets(bad: BadNumber) throws {
        let recorder = LogRecorder()
        let (window, _) = makeWindow(.iPhoneX, recorder: recorder)
        let controller = UIViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let before = controller.view.safeAreaInsets
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: bad.value, right: 0)
        window.layoutIfNeeded()
        if bad.isFinite {
            #expect(controller.additionalSafeAreaInsets.bottom == bad.value)
            #expect(controller.view.safeAreaInsets.isFiniteForTests)
        } else {
            #expect(controller.additionalSafeAreaInsets == .zero)
            #expect(controller.view.safeAreaInsets == before)
            #expect(recorder.contains("additionalSafeAreaInsets", atLeast: .error))
        }
    }

    @Test(
        "UIView.setContentHuggingPriority and compression resistance: outside 1...1000 refused",
        arguments: [Float.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -1, 0, 1000.5])
    func contentPriorities(raw: Float) {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let view = UIView()
        root.addSubview(view)
        view.setContentHuggingPriority(UILayoutPriority(raw), for: .vertical)
        view.setContentCompressionResistancePriority(UILayoutPriority(raw), for: .horizontal)
        #expect(view.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(view.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        #expect(recorder.messages(atLeast: .error).count == 2)
    }

    @Test(
        "UIView.systemLayoutSizeFitting: a non-finite or negative target is reported and the current size returned; a huge one is a target",
        arguments: BadNumber.allCases)
    func fittingTarget(bad: BadNumber) {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        root.addSubview(card)
        let size = card.systemLayoutSizeFitting(CGSize(width: bad.value, height: 0))
        #expect(size.width.isFinite && size.height.isFinite)
        if bad == .huge {
            #expect(recorder.messages(atLeast: .error).isEmpty)
        } else {
            #expect(size == CGSize(width: 200, height: 80))
            #expect(recorder.messages(atLeast: .error).count == 1)
        }
        // Priorities outside 1...1000 likewise.
        _ = card.systemLayoutSizeFitting(
            CGSize(width: 10, height: 10), withHorizontalFittingPriority: UILayoutPriority(Float(bad.value)),
            verticalFittingPriority: .fittingSizeLevel)
        #expect(recorder.messages(atLeast: .error).count == (bad == .huge ? 1 : 2))
    }

    @Test(
        "UIView.insertSubview(_:at:): an index outside 0...count is clamped and reported",
        arguments: [-1, Int.min, 3, Int.max])
    func insertionIndex(index: Int) {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let a = UIView()
        let b = UIView()
        let new = UIView()
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(new, at: index)
        #expect(
            root.subviews.map(ObjectIdentifier.init)
                == (index < 0 ? [new, a, b] : [a, b, new]).map(ObjectIdentifier.init))
        #expect(recorder.contains("clamped", atLeast: .warning))
    }

    // MARK: Scroll views

    /// A 375×667 root with a scroll view filling it (no automatic insets), 2000 pt of content,
    /// laid out.
    private func scrollSetUp(_ recorder: LogRecorder) -> (UIView, UIScrollView) {
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let scroll = UIScrollView(frame: root.bounds)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentSize = CGSize(width: 375, height: 2000)
        root.addSubview(scroll)
        root.layoutIfNeeded()
        return (root, scroll)
    }

    @Test(
        "UIScrollView.contentOffset and setContentOffset: non-finite and beyond-the-largest-CGFloat refused; any other offset taken, unclamped as in UIKit",
        arguments: BadNumber.allCases)
    func contentOffset(bad: BadNumber) {
        let recorder = LogRecorder()
        let (root, scroll) = scrollSetUp(recorder)
        // The offset is the bounds' origin: at the largest CGFloat their far edge is beyond it.
        let taken = bad == .negative
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        scroll.contentOffset = CGPoint(x: 0, y: bad.value)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: taken ? bad.value : 100))
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        scroll.setContentOffset(CGPoint(x: bad.value, y: 0), animated: true)
        #expect(scroll.contentOffset == (taken ? CGPoint(x: bad.value, y: 0) : CGPoint(x: 0, y: 100)))
        root.layoutIfNeeded()
        #expect(recorder.messages(atLeast: .error).count == (taken ? 0 : 2))
        // Clamping brings a taken offset back into the legal range (0...2000 − 667).
        #expect(
            scroll.clampedContentOffset(scroll.contentOffset) == (taken ? CGPoint(x: 0, y: 0) : CGPoint(x: 0, y: 100)))
    }

    @Test("UIScrollView.contentSize: non-finite and negative refused; a huge size taken", arguments: BadNumber.allCases)
    func contentSize(bad: BadNumber) {
        let recorder = LogRecorder()
        let (root, scroll) = scrollSetUp(recorder)
        scroll.contentSize = CGSize(width: 375, height: bad.value)
        root.layoutIfNeeded()
        let taken = bad == .huge
        #expect(scroll.contentSize == CGSize(width: 375, height: taken ? bad.value : 2000))
        #expect(scroll.maximumContentOffset.y.isFinite)
        #expect(recorder.messages(atLeast: .error).count == (taken ? 0 : 1))
    }

    @Test(
        "UIScrollView.contentInset and the indicator insets: non-finite refused; negative and huge taken (UIKit takes them)",
        arguments: BadNumber.allCases)
    func scrollInsets(bad: BadNumber) {
        let recorder = LogRecorder()
        let (root, scroll) = scrollSetUp(recorder)
        let insets = UIEdgeInsets(top: 0, left: 0, bottom: bad.value, right: 0)
        scroll.contentInset = insets
        scroll.verticalScrollIndicatorInsets = insets
        scroll.horizontalScrollIndicatorInsets = insets
        root.layoutIfNeeded()
        let expected = bad.isFinite ? insets : .zero
        #expect(scroll.contentInset == expected)
        #expect(scroll.verticalScrollIndicatorInsets == expected)
        #expect(scroll.horizontalScrollIndicatorInsets == expected)
        #expect(scroll.adjustedContentInset == expected)
        #expect(recorder.messages(atLeast: .error).count == (bad.isFinite ? 0 : 3))
    }

    @Test(
        "UIScrollView.scrollRectToVisible: a non-finite rect scrolls nothing and is reported; a finite one ends in the legal range",
        arguments: BadNumber.allCases)
    func scrollRectToVisible(bad: BadNumber) {
        let recorder = LogRecorder()
        let (root, scroll) = scrollSetUp(recorder)
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        scroll.scrollRectToVisible(CGRect(x: 0, y: bad.value, width: 10, height: 10), animated: false)
        if bad.isFinite {
            // Above the top: the top; far below: the end (2000 − 667).
            #expect(scroll.contentOffset == CGPoint(x: 0, y: bad == .huge ? 2000 - 667 : 0))
            #expect(recorder.messages(atLeast: .error).isEmpty)
        } else {
            #expect(scroll.contentOffset == CGPoint(x: 0, y: 100))
            #expect(recorder.messages(atLeast: .error).count == 1)
        }
        withExtendedLifetime(root) {}
    }

    // MARK: Constraints

    @Test(
        "NSLayoutConstraint.constant: non-finite refused; negative refused for a size; a huge one is reported by the layout, which goes on",
        arguments: BadNumber.allCases)
    func constraintConstant(bad: BadNumber) {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        let leading = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([
            width, leading, box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        width.constant = bad.value
        leading.constant = bad.value
        root.layoutIfNeeded()
        #expect(width.constant == (bad == .huge ? bad.value : 100))
        #expect(leading.constant == (bad.isFinite ? bad.value : 10))
        // Whatever was taken, the frames stay finite.
        #expect(box.frame.origin.x.isFinite && box.frame.width.isFinite && box.frame.maxX.isFinite)
        switch bad {
        case .nan, .infinity, .negativeInfinity: #expect(recorder.messages(atLeast: .error).count == 2)
        case .negative: #expect(recorder.messages(atLeast: .error).count == 1)
        case .huge: break // taken; a frame the solver cannot represent is reported by the layout
        }
    }

    @Test(
        "NSLayoutConstraint.priority: outside 1...1000 refused",
        arguments: [Float.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -1, 0])
    func constraintPriority(raw: Float) {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        width.priority = .defaultHigh
        width.isActive = true
        width.priority = UILayoutPriority(raw)
        #expect(width.priority == .defaultHigh)
        #expect(recorder.messages(atLeast: .error).count == 1)
    }

    @Test(
        "anchors' constant and multiplier: non-finite is refused at activation (not installed)",
        arguments: BadNumber.allCases)
    func anchorConstantAndMultiplier(bad: BadNumber) {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let constant = box.topAnchor.constraint(equalTo: root.topAnchor, constant: bad.value)
        let multiplier = box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: bad.value)
        constant.isActive = true
        multiplier.isActive = true
        root.layoutIfNeeded()
        #expect(constant.isActive == bad.isFinite)
        #expect(multiplier.isActive == bad.isFinite)
        #expect(box.frame.origin.y.isFinite && box.frame.width.isFinite)
        if !bad.isFinite { #expect(recorder.messages(atLeast: .error).count == 2) }
    }

    // MARK: Animation and time

    @Test(
        "UIView.animate: a non-finite or negative duration or delay is reported and taken as 0; damping and velocity likewise",
        arguments: BadNumber.allCases)
    func animationNumbers(bad: BadNumber) throws {
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(recorder: recorder)
        window.makeKeyAndVisible()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(box)
        UIView.animate(withDuration: bad.value, delay: bad.value, animations: { box.frame.size.width = 20 })
        #expect(box.frame.width == 20)
        let record = try #require(window.animationLog.last)
        if bad == .huge {
            #expect(record.duration == bad.value && record.delay == bad.value)
            #expect(recorder.messages(atLeast: .error).isEmpty)
        } else {
            #expect(record.duration == 0 && record.delay == 0)
            #expect(recorder.messages(atLeast: .error).count == 2)
        }
        let errorsBefore = recorder.messages(atLeast: .error).count
        UIView.animate(
            withDuration: 0.2, delay: 0, usingSpringWithDamping: bad.value, initialSpringVelocity: bad.value,
            animations: { box.frame.size.width = 30 })
        #expect(box.frame.width == 30)
        if !bad.isFinite {
            #expect(window.animationLog.last?.timing == .spring(dampingRatio: 1, initialVelocity: 0))
            #expect(recorder.messages(atLeast: .error).count == errorsBefore + 2)
        }
        _ = clock.finish()
    }

    @Test(
        "ManualScheduler.advance(by:) and advance(to:): non-finite, negative and earlier times are typed errors that run nothing",
        arguments: BadNumber.allCases)
    func schedulerAdvance(bad: BadNumber) throws {
        let clock = ManualScheduler()
        try clock.advance(by: 1)
        var ran = false
        clock.schedule(after: 0.5, label: "work") { ran = true }
        if bad == .huge {
            try clock.advance(by: bad.value)
            #expect(ran && clock.now == 1 + bad.value)
            return
        }
        #expect(throws: SchedulerError.self) { try clock.advance(by: bad.value) }
        #expect(throws: SchedulerError.self) { try clock.advance(to: bad.value) }
        #expect(clock.now == 1 && !ran && clock.pendingWorkCount == 1)
    }

    @Test(
        "ManualScheduler.schedule(after:): a non-finite delay is reported and the work never runs; a negative one runs at once",
        arguments: BadNumber.allCases)
    func schedulerDelay(bad: BadNumber) throws {
        let recorder = LogRecorder()
        let clock = ManualScheduler(logSink: recorder.sink)
        var ran = false
        clock.schedule(after: bad.value, label: "work") { ran = true }
        try clock.advance(by: 0)
        #expect(ran == (bad == .negative))
        #expect(recorder.messages(atLeast: .error).count == (bad.isFinite ? 0 : 1))
        #expect(clock.pendingWorkCount == (bad == .huge ? 1 : 0))
    }

    // MARK: The keyboard

    /// An iPad window (it has a floating keyboard) with a focused field and the keyboard docked.
    private func keyboardSetUp(_ recorder: LogRecorder) throws -> (UIWindow, ManualScheduler, UITextField) {
        let (window, clock) = makeWindow(.iPadPro11, recorder: recorder)
        window.makeKeyAndVisible()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
        window.addSubview(field)
        field.becomeFirstResponder()
        try clock.advance(by: 1)
        return (window, clock, field)
    }

    @Test(
        "Keyboard.show(height:) and simulateAutoFill's heights: non-finite, negative and taller than the window are typed errors that post nothing",
        arguments: BadNumber.allCases)
    func keyboardHeights(bad: BadNumber) throws {
        let recorder = LogRecorder()
        let (window, clock, _) = try keyboardSetUp(recorder)
        let frame = window.keyboard.frame
        let errors = [
            Self.keyboardError { try window.keyboard.show(height: bad.value) },
            Self.keyboardError { try window.keyboard.simulateAutoFill(firstHeight: bad.value) },
            Self.keyboardError { try window.keyboard.simulateAutoFill(secondHeight: bad.value) },
        ]
        for error in errors {
            guard case .invalidHeight(let height) = error else {
                Issue.record("expected invalidHeight, got \(String(describing: error))")
                continue
            }
            #expect(height.isNaN ? bad == .nan : height == bad.value)
        }
        #expect(clock.pendingWorkCount == 0)
        #expect(window.keyboard.frame == frame)
    }

    @Test(
        "Keyboard.simulateUndocking(to:): a non-finite, negative-size or off-window frame is a typed error that posts nothing",
        arguments: BadNumber.allCases)
    func undockingFrame(bad: BadNumber) throws {
        let recorder = LogRecorder()
        let (window, clock, _) = try keyboardSetUp(recorder)
        let docked = window.keyboard.frame
        let size = Keyboard.floatingKeyboardSize
        let target = CGRect(x: bad.value, y: 100, width: size.width, height: bad == .negative ? -1 : size.height)
        // A huge origin puts the keyboard off the screen: refused like the others.
        let error = Self.keyboardError { try window.keyboard.simulateUndocking(to: target) }
        guard case .invalidFrame = error else {
            Issue.record("expected invalidFrame, got \(String(describing: error))")
            return
        }
        #expect(clock.pendingWorkCount == 0)
        #expect(window.keyboard.frame == docked && window.keyboard.isDocked)
    }

    /// The error `body` throws, or `nil`.
    private static func keyboardError(_ body: () throws -> Void) -> KeyboardError? {
        do {
            try body()
            return nil
        } catch {
            return error as? KeyboardError
        }
    }

    // MARK: Snapshots

    @Test(
        "SVGRenderer: a non-finite, negative or canvas-overflowing margin is reported and the default drawn; a non-finite overlay is left out",
        arguments: BadNumber.allCases)
    func snapshotNumbers(bad: BadNumber) {
        let recorder = LogRecorder()
        let root = rootView(width: 100, height: 50, recorder: recorder)
        let overlay = SVGOverlay(rect: CGRect(x: bad.value, y: 0, width: 10, height: 10), label: "bad")
        let svg = SVGRenderer(overlays: [overlay], margin: bad.value).render(root)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        switch bad {
        case .nan, .infinity, .negativeInfinity:
            // The margin and the overlay.
            #expect(svg.contains("width=\"116\""))
            #expect(!svg.contains(">bad<"))
            #expect(recorder.messages(atLeast: .error).count == 2)
        case .negative, .huge:
            // The margin (a huge one would make the canvas infinite); the overlay is a place.
            #expect(svg.contains("width=\"116\""))
            #expect(svg.contains(">bad<"))
            #expect(recorder.messages(atLeast: .error).count == 1)
        }
    }
}

extension UIEdgeInsets {
    var isFiniteForTests: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}
