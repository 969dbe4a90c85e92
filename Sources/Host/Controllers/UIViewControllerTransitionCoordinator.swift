import Foundation

/// What blocks run alongside a transition are told about it
/// (`UIViewControllerTransitionCoordinatorContext`, the members HostKit models).
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether the transition is driven by the user's finger; always `false` in HostKit.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled; always `false` in HostKit.
    var isCancelled: Bool { get }
    /// How long the transition lasts, in seconds.
    var transitionDuration: TimeInterval { get }
}

/// Runs work alongside a size transition and after it, for `viewWillTransition(to:with:)`
/// (`UIViewControllerTransitionCoordinator`).
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` with the new geometry during the transition and `completion` after it;
    /// returns whether the blocks were accepted.
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

extension UIViewControllerTransitionCoordinator {
    /// Runs `animation` during the transition and `completion` after it (UIKit's form with the
    /// completion defaulted to `nil`).
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?)
        -> Bool
    {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// HostKit's transition coordinator: the object a rotation hands to
/// `viewWillTransition(to:with:)` (UIKit's is private).
///
/// A transition goes through three phases. While the view controllers are told about it
/// (``Phase/preparing``), blocks given to ``animate(alongsideTransition:completion:)`` are
/// queued. Then the new geometry is applied — the window's bounds, the safe areas, a layout
/// pass — and the queued alongside blocks run (``Phase/animating``), inside an animation of
/// ``transitionDuration`` (see ``UIView/animate(withDuration:delay:options:animations:completion:)``).
/// After ``transitionDuration`` on the window's scheduler the completions run
/// (``Phase/completed``).
///
/// One coordinator serves every controller of a transition, so it can be told apart by
/// identity. Create your own to drive a transition of a host of your own: tell the
/// controllers, apply the new geometry, then call ``runAlongsideAnimations()`` and, after the
/// duration, ``runCompletions()``.
@MainActor
public final class SimulatedTransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    /// Where a transition is.
    public enum Phase: Sendable {
        /// The view controllers are being told; geometry is still the old one.
        case preparing
        /// The new geometry is in place; alongside blocks run now.
        case animating
        /// The transition ended; completions ran.
        case completed
    }

    /// How long the transition lasts, in seconds.
    public let transitionDuration: TimeInterval
    /// Whether the transition is animated.
    public let isAnimated: Bool
    /// Always `false`: HostKit has no interactive transitions.
    public var isInteractive: Bool { false }
    /// Always `false`: HostKit's transitions are never cancelled.
    public var isCancelled: Bool { false }
    /// The size the transition leads to (what `viewWillTransition(to:with:)` is given).
    public let targetSize: CGSize
    /// Where the transition is now.
    public private(set) var phase = Phase.preparing

    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    /// Creates a coordinator in the preparing phase. Windows create one per rotation.
    public init(transitionDuration: TimeInterval, isAnimated: Bool, targetSize: CGSize) {
        self.transitionDuration = transitionDuration
        self.isAnimated = isAnimated
        self.targetSize = targetSize
        super.init()
    }

    /// Runs `animation` with the new geometry during the transition and `completion` after it.
    ///
    /// Called while the controllers are being told, both are queued. Called during the
    /// animation phase (from an alongside block, say), `animation` runs at once and
    /// `completion` is queued. Called after the transition ended, nothing runs and the result
    /// is `false`, as UIKit answers when it cannot queue the blocks.
    @discardableResult
    public func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        switch phase {
        case .preparing:
            if let animation { alongside.append(animation) }
            if let completion { completions.append(completion) }
            return true
        case .animating:
            animation?(self)
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
        for block in blocks { block(self) }
    }

    /// Moves to the completed phase and runs the queued completions in order (running the
    /// alongside blocks first if that was not done). Later calls do nothing.
    public func runCompletions() {
        if phase == .preparing { runAlongsideAnimations() }
        guard phase == .animating else { return }
        phase = .completed
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }
}
