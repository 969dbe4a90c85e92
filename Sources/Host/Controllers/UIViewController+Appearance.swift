import Foundation

extension UIViewController {
    /// Starts an appearance transition: calls ``viewWillAppear(_:)`` or
    /// ``viewWillDisappear(_:)``, then forwards the call to the children that show their views
    /// (`UIViewController.beginAppearanceTransition(_:animated:)`).
    ///
    /// Containers call it; so do windows and navigation controllers. A call that does not
    /// follow the state (appearing twice, disappearing while not visible) is reported as UIKit
    /// reports "Unbalanced calls to begin/end appearance transitions" and ignored. Appearing
    /// loads the view.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else {
                reportUnbalancedAppearance("beginAppearanceTransition(true)")
                return
            }
            loadViewIfNeeded()
            appearanceState = .appearing
            appearanceIsAnimatedForCall = animated
            viewWillAppear(animated)
            prepareSafeAreaCallBeforeFirstAppearance()
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else {
                reportUnbalancedAppearance("beginAppearanceTransition(false)")
                return
            }
            appearanceState = .disappearing
            appearanceIsAnimatedForCall = animated
            viewWillDisappear(animated)
        }
        for child in appearanceForwardingTargets {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends the appearance transition in progress: calls ``viewDidAppear(_:)`` or
    /// ``viewDidDisappear(_:)``, then forwards the call to the children that began one
    /// (`UIViewController.endAppearanceTransition()`). Without a transition in progress it is
    /// reported and ignored.
    public func endAppearanceTransition() {
        let animated = appearanceIsAnimatedForCall
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            completeSafeAreaCallBeforeFirstAppearance()
            viewDidAppear(animated)
            for child in children where child.appearanceState == .appearing { child.endAppearanceTransition() }
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(animated)
            for child in children where child.appearanceState == .disappearing { child.endAppearanceTransition() }
        case .appeared, .disappeared:
            reportUnbalancedAppearance("endAppearanceTransition()")
        }
    }

    /// Whether the controller is appearing or has appeared.
    var isAppearingOrAppeared: Bool {
        appearanceState == .appearing || appearanceState == .appeared
    }

    private func reportUnbalancedAppearance(_ call: String) {
        logSink.log(
            .warning,
            "Unbalanced calls to begin/end appearance transitions for \(debugLabel): \(call) while \(appearanceState); ignored"
        )
    }

    // MARK: The root view entering or leaving a window

    /// Whether a parent that forwards automatically is on screen, so that this child appears
    /// and disappears with its view.
    private var followsItsViewAutomatically: Bool {
        guard let parent else { return false }
        return parent.shouldAutomaticallyForwardAppearanceMethods && parent.isAppearingOrAppeared
    }

    /// The root view is about to enter or leave a window.
    func rootViewWillMove(toWindow newWindow: UIWindow?) {
        if newWindow == nil, isAppearingOrAppeared, followsItsViewAutomatically {
            automaticAppearanceInProgress = true
            beginAppearanceTransition(false, animated: false)
        }
    }

    /// The root view entered or left a window. A child added to an on-screen parent appears
    /// now — both calls, after the view is in the window, so that `viewWillAppear` can make a
    /// text field first responder.
    func rootViewDidMoveToWindow() {
        if automaticAppearanceInProgress {
            automaticAppearanceInProgress = false
            if appearanceState == .disappearing { endAppearanceTransition() }
            return
        }
        // While the parent is still appearing, its own forwarding (after its `viewWillAppear`)
        // brings the child along; appearing here as well would be unbalanced.
        if viewWindow != nil, appearanceState == .disappeared, followsItsViewAutomatically,
            parent?.appearanceState != .appearing
        {
            beginAppearanceTransition(true, animated: false)
            endAppearanceTransition()
        }
    }
}
