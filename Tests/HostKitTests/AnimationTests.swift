import Foundation
import HostKit
import Testing

@Suite("Animations")
@MainActor
struct AnimationTests {
    /// A visible SE window with a 100×100 box at the origin.
    private func setUp() -> (UIWindow, ManualScheduler, UIView) {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        box.name = "box"
        window.addSubview(box)
        window.layoutIfNeeded()
        return (window, clock, box)
    }

    @Test func aBlockRunsAtOnceIsRecordedAndCompletesAfterDelayPlusDuration() throws {
        let (window, clock, box) = setUp()
        try clock.advance(by: 1)
        var completed: [TimeInterval] = []
        UIView.animate(
            withDuration: 0.5, delay: 0.1, options: [.curveEaseOut, .beginFromCurrentState],
            animations: {
                box.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            },
            completion: { finished in
                #expect(finished)
                completed.append(clock.now)
            })
        #expect(box.frame.width == 200) // at once
        let record = try #require(window.animationLog.last)
        #expect(window.animationLog.count == 1)
        #expect(record.time == 1)
        #expect(record.duration == 0.5 && record.delay == 0.1)
        #expect(record.timing == .curve(.easeOut))
        #expect(record.options.contains(.beginFromCurrentState))
        #expect(record.animationsEnabled)
        let change = try #require(record.change(of: box, .frame))
        #expect(change.from == .rect(CGRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(change.to == .rect(CGRect(x: 0, y: 0, width: 200, height: 100)))
        try clock.advance(by: 0.5)
        #expect(completed.isEmpty)
        try clock.advance(by: 0.1)
        #expect(completed == [1 + 0.1 + 0.5])
    }

    /// A property changed several times in one block is one change, from its value before the
    /// block to its last; each view has its own, in the order first changed.
    @Test func aPropertyChangedTwiceInABlockIsOneChangeFromTheFirstValueToTheLast() throws {
        let (window, _, box) = setUp()
        let other = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
        window.addSubview(other)
        UIView.animate(withDuration: 0.3) {
            box.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            other.frame = CGRect(x: 0, y: 300, width: 50, height: 50)
            box.frame = CGRect(x: 10, y: 0, width: 300, height: 100)
        }
        let record = try #require(window.animationLog.last)
        #expect(record.changes.count == 2)
        #expect(record.changes.map(\.property) == [.frame, .frame])
        #expect(record.changes.first?.view === box && record.changes.last?.view === other)
        let change = try #require(record.change(of: box, .frame))
        #expect(change.from == .rect(CGRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(change.to == .rect(CGRect(x: 10, y: 0, width: 300, height: 100)))
        #expect(record.change(of: other, .frame)?.to == .rect(CGRect(x: 0, y: 300, width: 50, height: 50)))
    }

    @Test func aLayoutPassInsideTheBlockCountsAsChangesOfTheFramesItMoved() throws {
        let (window, clock) = makeWindow()
        let controller = UIViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let content = constrainedView("content")
        controller.view.addSubview(content)
        content.pinEdges(to: controller.view.safeAreaLayoutGuide)
        window.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 0, y: 20, width: 375, height: 667 - 20))

        // What the manager does for a keyboard: raise the bottom inset inside an animation.
        let overlap: CGFloat = 260
        UIView.animate(withDuration: 0.25, delay: 0, options: UIView.AnimationOptions(curve: .keyboard)) {
            controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: overlap, right: 0)
            controller.view.layoutIfNeeded()
        }
        let record = try #require(window.animationLog.last)
        #expect(record.timing == .curve(.keyboard))
        #expect(record.changed(controller.view, .additionalSafeAreaInsets))
        #expect(
            record.change(of: content, .frame)?.to == .rect(CGRect(x: 0, y: 20, width: 375, height: 667 - 20 - overlap))
        )
        #expect(!record.changed(controller.view, .frame)) // the root did not move

        // A change laid out after the block is not part of it (as in UIKit).
        window.removeAllAnimationRecords()
        UIView.animate(withDuration: 0.25) { controller.additionalSafeAreaInsets = .zero }
        try clock.advance(by: 0)
        #expect(window.animationLog.count == 1)
        #expect(window.animationLog[0].changes.map(\.property) == [.additionalSafeAreaInsets])
        #expect(content.frame.height == CGFloat(667 - 20))
    }

    @Test func theSpringVariantRecordsItsDampingAndVelocity() throws {
        let (window, _, box) = setUp()
        UIView.animate(
            withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 2,
            animations: {
                box.center = CGPoint(x: 100, y: 100)
            })
        let record = try #require(window.animationLog.last)
        #expect(record.timing == .spring(dampingRatio: 0.7, initialVelocity: 2))
        #expect(record.change(of: box, .center)?.to == .point(CGPoint(x: 100, y: 100)))
    }

    @Test func performWithoutAnimationIsRecordedAsSuch() throws {
        let (window, clock, box) = setUp()
        var completedAt: TimeInterval?
        UIView.performWithoutAnimation {
            #expect(!UIView.areAnimationsEnabled)
            UIView.animate(
                withDuration: 0.3, animations: { box.frame.origin.x = 50 }, completion: { _ in completedAt = clock.now }
            )
        }
        #expect(UIView.areAnimationsEnabled)
        #expect(window.animationLog.count == 2)
        let inner = window.animationLog[0]
        let outer = window.animationLog[1]
        #expect(inner.duration == 0.3 && !inner.animationsEnabled)
        #expect(outer.duration == 0 && !outer.animationsEnabled)
        #expect(outer.changed(box, .frame))
        #expect(completedAt == nil)
        try clock.advance(by: 0) // not animated: the completion comes on the next turn
        #expect(completedAt == 0)
    }

    @Test func aBlockThatChangesNoWindowCompletesSynchronouslyAndIsNotRecorded() {
        let (window, clock, _) = setUp()
        let loose = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var completed = false
        UIView.animate(
            withDuration: 1, animations: { loose.frame.size.width = 20 }, completion: { _ in completed = true })
        #expect(completed)
        #expect(window.animationLog.isEmpty)
        UIView.animate(withDuration: 1, animations: {}, completion: nil)
        #expect(window.animationLog.isEmpty)
        // A view in the window set to the frame it already has changes nothing either.
        let boxed = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(boxed)
        window.layoutIfNeeded()
        var sameFrameCompleted = false
        UIView.animate(
            withDuration: 1, animations: { boxed.frame = CGRect(x: 0, y: 0, width: 10, height: 10) },
            completion: { _ in sameFrameCompleted = true })
        #expect(sameFrameCompleted)
        #expect(window.animationLog.isEmpty)
        #expect(clock.pendingWork.allSatisfy { $0.label != "animation completion" })
    }

    @Test func badDurationsAreReportedAndTreatedAsZero() throws {
        let recorder = LogRecorder()
        let (window, clock) = makeWindow(recorder: recorder)
        window.makeKeyAndVisible()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(box)
        var completedAt: TimeInterval?
        UIView.animate(
            withDuration: -1, delay: .nan, animations: { box.frame.size.width = 20 },
            completion: { _ in completedAt = clock.now })
        #expect(box.frame.width == 20) // the block still ran
        let record = try #require(window.animationLog.last)
        #expect(record.duration == 0 && record.delay == 0)
        #expect(recorder.messages(atLeast: .error).count == 2)
        UIView.animate(
            withDuration: 0.2, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: .infinity,
            animations: { box.frame.size.width = 30 })
        #expect(window.animationLog.last?.timing == .spring(dampingRatio: 1, initialVelocity: 0))
        #expect(recorder.messages(atLeast: .error).count == 4)
        try clock.advance(by: 0)
        #expect(completedAt == 0)
    }

    @Test func anAnimatedContentOffsetIsRecorded() throws {
        let (window, clock) = makeWindow()
        window.makeKeyAndVisible()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 375, height: 2000)
        window.addSubview(scroll)
        window.layoutIfNeeded()
        scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        let record = try #require(window.animationLog.last)
        #expect(record.duration == UIScrollView.scrollAnimationDuration)
        #expect(record.change(of: scroll, .contentOffset)?.to == .point(CGPoint(x: 0, y: 300)))
        scroll.setContentOffset(CGPoint(x: 0, y: 400), animated: false)
        #expect(window.animationLog.count == 1)
        #expect(scroll.contentOffset.y == 400)
        try clock.advance(by: 0) // UIKit lays a scroll view out on every scroll
        #expect(clock.finish().isClean)
    }

    @Test func aRotationIsOneAnimationOfItsDuration() throws {
        let (window, clock) = makeWindow(.iPhoneX)
        let controller = UIViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.rotate(to: .landscapeLeft)
        let record = try #require(window.animationLog.last)
        #expect(record.duration == UIWindow.rotationDuration)
        #expect(record.change(of: window, .frame)?.to == .rect(CGRect(x: 0, y: 0, width: 812, height: 375)))
        #expect(record.change(of: controller.view, .frame)?.to == .rect(CGRect(x: 0, y: 0, width: 812, height: 375)))
        try clock.run()
    }

    @Test func optionsCarryTheCurve() {
        #expect(UIView.AnimationOptions().curve == .easeInOut)
        #expect(UIView.AnimationOptions.curveLinear.curve == .linear)
        #expect(UIView.AnimationOptions(curve: .keyboard).rawValue == 7 << 16)
        #expect(UIView.AnimationOptions(curve: .keyboard).curve == .keyboard)
    }
}
