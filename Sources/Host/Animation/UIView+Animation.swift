import Foundation

extension UIView {
    /// Animates changes to views (`UIView.animate(withDuration:delay:options:animations:completion:)`).
    ///
    /// HostKit runs `animations` at once, so every change takes effect immediately (run
    /// `layoutIfNeeded()` inside the block to include a layout pass, as with UIKit). The block is
    /// recorded in the ``UIWindow/animationLog`` of every window whose views it changed — frames,
    /// bounds, centres, content offsets and insets, additional safe-area insets, and the frames
    /// a layout pass in the block moved. `completion` runs with `true` after `delay + duration`
    /// on the scheduler of the first window touched. Inside ``performWithoutAnimation(_:)`` the
    /// record says so and the completion comes on the next turn of the scheduler.
    ///
    /// A block that changes no view in a window — an empty block, values set to what they
    /// already were, views outside any window — is not recorded anywhere, and its `completion`
    /// runs synchronously, before this returns: there is nothing to animate and no clock to
    /// wait on. UIKit likewise completes without waiting for the duration when nothing
    /// animates.
    ///
    /// As in UIKit, `duration` and `delay` have no defaults (the overloads without `delay` use 0);
    /// `options` defaults to none and `completion` to `nil`. A negative, NaN or infinite duration
    /// or delay is reported through the first touched window's log sink and treated as 0; the
    /// block still runs.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        options: UIView.AnimationOptions = [], animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        perform(
            duration: duration, delay: delay, timing: .curve(options.curve), options: options,
            animations: animations, completion: completion)
    }

    /// Animates changes to views with no delay and the default options
    /// (`UIView.animate(withDuration:animations:completion:)`); see
    /// ``animate(withDuration:delay:options:animations:completion:)``.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates changes to views with no delay, the default options and no completion
    /// (`UIView.animate(withDuration:animations:)`); see
    /// ``animate(withDuration:delay:options:animations:completion:)``.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates changes with a spring (`UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`).
    ///
    /// As ``animate(withDuration:delay:options:animations:completion:)``; the record's timing is
    /// ``AnimationRecord/Timing/spring(dampingRatio:initialVelocity:)``. A damping ratio or a
    /// velocity that is not finite is reported and replaced by 1 and 0 (a critically damped
    /// spring at rest).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
        options: UIView.AnimationOptions = [], animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        var problems: [String] = []
        var damping = dampingRatio
        var initialVelocity = velocity
        if !damping.isFinite {
            problems.append("damping ratio \(dampingRatio) is not finite; using 1")
            damping = 1
        }
        if !initialVelocity.isFinite {
            problems.append("initial velocity \(velocity) is not finite; using 0")
            initialVelocity = 0
        }
        perform(
            duration: duration, delay: delay, timing: .spring(dampingRatio: damping, initialVelocity: initialVelocity),
            options: options, problems: problems, animations: animations, completion: completion)
    }

    /// Runs `actions` with animations disabled (`UIView.performWithoutAnimation(_:)`): animation
    /// blocks inside it are recorded with ``AnimationRecord/animationsEnabled`` `false`, and the
    /// changes are recorded once more in a record of duration 0 that says so.
    public class func performWithoutAnimation(_ actions: @MainActor () -> Void) {
        let windows = AnimationTransaction.recording(
            duration: 0, delay: 0, timing: .curve(.linear), options: [], animationsEnabled: false, actions)
        for (window, changes) in windows {
            window.appendAnimationRecord(
                AnimationRecord(
                    time: window.scheduler.now, duration: 0, delay: 0, timing: .curve(.linear), options: [],
                    animationsEnabled: false, changes: changes))
        }
    }

    /// Whether animations are enabled where this is called (`UIView.areAnimationsEnabled`):
    /// `false` inside ``performWithoutAnimation(_:)``.
    public class var areAnimationsEnabled: Bool {
        AnimationTransaction.current?.animationsEnabled ?? true
    }

    /// Runs an animation block (every `animate` variant comes here). Internal: HostKit's own
    /// blocks (the keyboard's) call it directly, with an `animations` closure that does not
    /// escape and so needs no context on the heap.
    static func perform(
        duration: TimeInterval, delay: TimeInterval, timing: AnimationRecord.Timing,
        options: UIView.AnimationOptions, problems: [String] = [],
        animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)?
    ) {
        var problems = problems
        var duration = duration
        var delay = delay
        if !duration.isFinite || duration < 0 {
            problems.append("duration \(duration) must be finite and not negative; using 0")
            duration = 0
        }
        if !delay.isFinite || delay < 0 {
            problems.append("delay \(delay) must be finite and not negative; using 0")
            delay = 0
        }
        let enabled = areAnimationsEnabled
        let windows = AnimationTransaction.recording(
            duration: duration, delay: delay, timing: timing, options: options, animationsEnabled: enabled, animations)
        // An enclosing block (performWithoutAnimation, or another animation) sees these changes too.
        if let outer = AnimationTransaction.current {
            for (_, changes) in windows {
                for change in changes {
                    if let view = change.view {
                        outer.record(change.property, of: view, from: change.from, to: change.to)
                    }
                }
            }
        }
        if !problems.isEmpty {
            let sink = windows.first?.window.logSink ?? .standardError
            for problem in problems { sink.log(.error, "UIView.animate: \(problem)") }
        }
        for (window, changes) in windows {
            window.appendAnimationRecord(
                AnimationRecord(
                    time: window.scheduler.now, duration: duration, delay: delay, timing: timing, options: options,
                    animationsEnabled: enabled, changes: changes))
        }
        guard let completion else { return }
        guard let scheduler = windows.first?.window.scheduler else {
            completion(true)
            return
        }
        scheduler.schedule(after: enabled ? delay + duration : 0, label: "animation completion") { completion(true) }
    }
}

extension UIWindow {
    /// How many records ``animationLog`` keeps: the latest 1,000, far more than a scenario
    /// produces, so that a long-running program does not grow it without bound.
    public static let animationLogLimit = 1_000

    func appendAnimationRecord(_ record: AnimationRecord) {
        animationLog.append(record)
        if animationLog.count > Self.animationLogLimit {
            animationLog.removeFirst(animationLog.count - Self.animationLogLimit)
        }
    }

    /// Forgets the recorded animations.
    public func removeAllAnimationRecords() {
        animationLog.removeAll()
    }
}
