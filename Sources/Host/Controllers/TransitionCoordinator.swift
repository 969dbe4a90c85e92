import Foundation

/// Runs work alongside a size transition and after it
/// (`UIViewControllerTransitionCoordinator`), for `viewWillTransition(to:with:)`.
///
/// A transition goes through three phases. While the view controllers are told about it
/// (``Phase/preparing``), blocks given to ``animate(alongsideTransition:completion:)`` are
/// queued. Then the new geometry is applied — the window's bounds, the safe areas, a layout
/// pass — and the queued alongside blocks run (``Phase/animating``), inside an animation of
/// ``transitionDuration`` (see ``View/animate(withDuration:delay:options:animations:completion:)``).
/// After ``transitionDuration`` on the window's scheduler the completions run
/// (``Phase/completed``).
///
/// One coordinator serves every controller of a transition, so it can be told apart by
/// identity (a manager that both observes a host and is forwarded calls can skip duplicates).
@MainActor
public final class TransitionCoordinator {
    /// Where a transition is.
    public enum Phase: Sendable {
        /// The view controllers are being told; geometry is still the old one.
        case preparing
        /// The new geometry is in place; alongside blocks run now.
        case animating
        /// The transition ended; completions ran.
        case completed
    }

    /// What blocks are told about the transition
    /// (`UIViewControllerTransitionCoordinatorContext`).
    public struct Context: Sendable {
        /// How long the transition lasts, in seconds.
        public var transitionDuration: TimeInterval
        /// Whether the transition is animated.
        public var isAnimated: Bool
        /// Whether it was cancelled; always `false` (HostKit has no interactive transitions).
        public var isCancelled: Bool
        /// The size the transition leads to.
        public var targetSize: CGSize
    }

    /// How long the transition lasts, in seconds.
    public let transitionDuration: TimeInterval
    /// Whether the transition is animated.
    public let isAnimated: Bool
    /// The size the transition leads to (what `viewWillTransition(to:with:)` is given).
    public let targetSize: CGSize
    /// Where the transition is now.
    public private(set) var phase = Phase.preparing

    private var alongside: [@MainActor (Context) -> Void] = []
    private var completions: [@MainActor (Context) -> Void] = []

    /// Creates a coordinator in the preparing phase. Windows create one per rotation; create
    /// your own to drive a transition of a ``HostController`` of your own (tell the observers,
    /// apply the new geometry, then call ``runAlongsideAnimations()`` and, after the duration,
    /// ``runCompletions()``).
    public init(transitionDuration: TimeInterval, isAnimated: Bool, targetSize: CGSize) {
        self.transitionDuration = transitionDuration
        self.isAnimated = isAnimated
        self.targetSize = targetSize
    }

    /// The context passed to blocks.
    public var context: Context {
        Context(transitionDuration: transitionDuration, isAnimated: isAnimated, isCancelled: false,
                targetSize: targetSize)
    }

    /// Runs `animation` with the new geometry during the transition and `completion` after it.
    ///
    /// Called while the controllers are being told, both are queued. Called during the
    /// animation phase (from an alongside block, say), `animation` runs at once and
    /// `completion` is queued. Called after the transition ended, nothing runs and the result
    /// is `false`, as UIKit answers when it cannot queue the blocks.
    @discardableResult
    public func animate(alongsideTransition animation: (@MainActor (Context) -> Void)?,
                        completion: (@MainActor (Context) -> Void)? = nil) -> Bool
    {
        switch phase {
        case .preparing:
            if let animation { alongside.append(animation) }
            if let completion { completions.append(completion) }
            return true
        case .animating:
            animation?(context)
            if let completion { completions.append(completion) }
            return true
        case .completed:
            return false
        }
    }

    /// Moves to the animation phase and runs the queued alongside blocks in order. Call it once
    /// the new geometry is in place; later calls do nothing.
    public func runAlongsideAnimations() {
        guard phase == .preparing else { return }
        phase = .animating
        let blocks = alongside
        alongside = []
        for block in blocks { block(context) }
    }

    /// Moves to the completed phase and runs the queued completions in order (running the
    /// alongside blocks first if that was not done). Later calls do nothing.
    public func runCompletions() {
        if phase == .preparing { runAlongsideAnimations() }
        guard phase == .animating else { return }
        phase = .completed
        let blocks = completions
        completions = []
        for block in blocks { block(context) }
    }
}
