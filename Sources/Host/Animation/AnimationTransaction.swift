import Foundation

/// The animation block being run, found through a task-local value: the property setters and
/// the layout pass consult ``current`` to learn that they run inside an animation and to
/// record what they change in the windows they touch.
///
/// A scoped context rather than shared state: it exists only while
/// ``UIView/animate(withDuration:delay:options:animations:completion:)`` (or a variant) runs
/// its block, and only for the code that block calls.
@MainActor
final class AnimationTransaction {
    @TaskLocal static var current: AnimationTransaction?

    let duration: TimeInterval
    let delay: TimeInterval
    let timing: AnimationRecord.Timing
    let options: UIView.AnimationOptions
    let animationsEnabled: Bool

    /// The windows touched, in first-touch order, with their changes.
    private(set) var windows: [(window: UIWindow, changes: [AnimationChange])] = []

    init(duration: TimeInterval, delay: TimeInterval, timing: AnimationRecord.Timing, options: UIView.AnimationOptions,
         animationsEnabled: Bool)
    {
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.options = options
        self.animationsEnabled = animationsEnabled
    }

    /// Records a change of a view in a window (a view outside any window is not recorded).
    func record(_ property: AnimationChange.Property, of view: UIView, from: AnimationChange.Value,
                to: AnimationChange.Value)
    {
        guard from != to, let window = view.window else { return }
        let index: Int
        if let existing = windows.firstIndex(where: { $0.window === window }) {
            index = existing
        } else {
            windows.append((window, []))
            index = windows.count - 1
        }
        if let changeIndex = windows[index].changes.firstIndex(where: { $0.view === view && $0.property == property }) {
            windows[index].changes[changeIndex].to = to
        } else {
            windows[index].changes.append(AnimationChange(view: view, viewLabel: view.debugLabel, property: property,
                                                          from: from, to: to))
        }
    }

    /// Runs `body` with this transaction as the current one.
    func run(_ body: () -> Void) {
        Self.$current.withValue(self) { body() }
    }
}
