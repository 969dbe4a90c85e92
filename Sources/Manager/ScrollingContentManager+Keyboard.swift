import Foundation
import HostKit
import ScrollingPlugins

extension ScrollingContentManager {
    // MARK: Observing the window's keyboard

    /// The scroll view entered or left a window: observe that window's keyboard (each window
    /// has its own notification centre; there is no process-wide one).
    func scrollViewDidMoveToWindow() {
        let window = scrollView.window
        guard window !== observedWindow else { return }
        if let observation, let old = observedWindow {
            old.notificationCenter.removeObserver(observation)
            if let filterTimer { old.scheduler.cancel(filterTimer) }
        }
        observation = nil
        filterTimer = nil
        buffer = KeyboardEventBuffer()
        observedWindow = window
        guard let window else { return }
        observation = window.notificationCenter.addObserver { [weak self] notification in
            self?.keyboardNotification(notification)
        }
    }

    private func keyboardNotification(_ notification: KeyboardNotification) {
        let kind: KeyboardEvent.Kind
        switch notification.name {
        case .keyboardWillShow: kind = .willShow
        case .keyboardWillHide: kind = .willHide
        case .keyboardWillChangeFrame: kind = .willChangeFrame
        default: return
        }
        guard let host, host.viewIfLoaded != nil else { return }
        guard notification.frameBegin.isFinite, notification.frameEnd.isFinite,
            notification.animationDuration.isFinite
        else {
            let text = "\(notification.name) with a non-finite frame or duration (end \(notification.frameEnd), \(notification.animationDuration) s)"
            host.viewIfLoaded?.logSink.log(.warning, "ScrollingContentManager: ignored \(text)")
            record(.notificationIgnored(text))
            return
        }
        let event = KeyboardEvent(kind: kind, frameBegin: notification.frameBegin, frameEnd: notification.frameEnd,
                                  duration: notification.animationDuration, time: now, isLocal: notification.isLocal)
        record(.keyboardNotification(event))

        perform(buffer.receive(event, at: now, filter: keyboardEventFilter))
        if navigationTransitionPolicy.isNavigationTransition(event) {
            // A pushed screen must arrive laid out for the keyboard, not settle 0.1 s later.
            record(.flushed(.navigationTransition))
            perform(buffer.flush(at: now))
        } else if kind == .willHide, scrollView.isTracking, scrollView.keyboardDismissMode != .none,
            shouldResizeContentViewForKeyboard
        {
            // The user dragged the keyboard away: the content follows the finger, so the hide
            // is applied at once rather than after the content jumped back.
            record(.flushed(.interactiveDismissal))
            perform(buffer.flush(at: now))
        }

        // SCVC's fix for text fields animating their text when the first responder changes:
        // settle the layout without animation on every keyboard notification. Only once the
        // event is in the buffer: a safe-area change this layout causes (a screen's first
        // layout) must not replay the window's keyboard state past the filter.
        View.performWithoutAnimation { host.viewIfLoaded?.layoutIfNeeded() }
    }

    /// Whether a scroll request made now would wait: a keyboard change is held in the filter,
    /// or the filter is suspended for a transition.
    var holdsScrollRequests: Bool { buffer.isSuspended || buffer.pendingEvent != nil }

    /// A scroll request from the scroll view: it waits for a pending keyboard change.
    func enqueue(_ request: ScrollRequest) {
        record(.scrollRequested(request.fallbackRect, animated: request.animated))
        perform(buffer.request(request, at: now))
    }

    /// Carries out what the filter's state machine asks for.
    func perform(_ action: KeyboardEventBuffer<ScrollRequest>.Action) {
        switch action {
        case .none:
            break
        case .cancelTimer:
            cancelFilterTimer()
        case .schedule(let deadline):
            cancelFilterTimer()
            record(.held(until: deadline))
            guard let scheduler = observedWindow?.scheduler else { return }
            filterTimer = scheduler.schedule(after: max(0, deadline - scheduler.now), label: "ScrollingContent keyboard filter") {
                [weak self] in
                guard let self else { return }
                self.filterTimer = nil
                if let batch = self.buffer.timerFired(at: self.now) { self.apply(batch) }
            }
        case .fire(let batch):
            cancelFilterTimer()
            apply(batch)
        }
    }

    private func cancelFilterTimer() {
        if let filterTimer { observedWindow?.scheduler.cancel(filterTimer) }
        filterTimer = nil
    }

    // MARK: Applying

    /// Applies what the filter let through: the keyboard change first, then the scroll
    /// requests in order (they may refer to content the change moved), then the first
    /// responder's visibility.
    private func apply(_ batch: KeyboardEventBuffer<ScrollRequest>.Batch) {
        guard host != nil else { return }
        if let event = batch.event {
            let navigation = navigationTransitionPolicy.isNavigationTransition(event)
            applyKeyboard(event, animation: insetAnimationPolicy.animation(for: event, isNavigationTransition: navigation),
                          requests: batch.requests)
        } else {
            performScrolls(batch.requests)
        }
    }

    /// Applies the keyboard state `event` leaves: measures the overlap, asks the policies,
    /// and applies their decisions in one (possibly animated) block.
    func applyKeyboard(_ event: KeyboardEvent, animation: InsetAnimation, requests: [ScrollRequest] = []) {
        guard let host, let root = host.viewIfLoaded, let window = root.window else { return }
        let rootFrame = root.convert(root.bounds, to: window)
        let scrollFrame = scrollView.convert(scrollView.bounds, to: window)
        let keyboard = keyboardOverlapPolicy.keyboardFrame(
            in: KeyboardOverlapContext(event: event, windowBounds: window.bounds, hostFrame: rootFrame))
        let hostOverlap = KeyboardOverlap.bottomOverlap(of: rootFrame, keyboard: keyboard)
        let scrollOverlap = KeyboardOverlap.bottomOverlap(of: scrollFrame, keyboard: keyboard)
        let visible = hostOverlap > 0 || scrollOverlap > 0

        if keyboardOriginals == nil {
            guard visible else {
                // Nothing covered and nothing to restore (a floating keyboard under the
                // intersection model, a hide with no adjustment): said in the timeline, no change.
                record(.keyboardApplied(KeyboardApplication(
                    keyboardFrame: keyboard, hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
                    adjustment: .none, minimumContentHeight: nil, animation: animation)))
                appliedKeyboardFrame = nil
                performScrolls(requests)
                return
            }
            keyboardOriginals = KeyboardOriginals(
                additionalSafeAreaInsets: host.additionalSafeAreaInsets, contentInset: scrollView.contentInset,
                verticalScrollIndicatorInsets: scrollView.verticalScrollIndicatorInsets,
                alwaysBounceVertical: scrollView.alwaysBounceVertical)
        }
        guard let originals = keyboardOriginals else { return }

        // The safe areas without the keyboard: take out what the manager itself added.
        let added = host.additionalSafeAreaInsets.bottom - originals.additionalSafeAreaInsets.bottom
        let hostBase = max(0, root.safeAreaInsets.bottom - added)
        let belowScrollView = max(0, rootFrame.maxY - scrollFrame.maxY)
        let scrollBase = min(scrollFrame.height, max(0, hostBase - belowScrollView))
        let context = InsetAdjustmentContext(
            hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
            hostBaseSafeAreaBottom: hostBase, scrollViewBaseSafeAreaBottom: scrollBase,
            originalAdditionalSafeAreaInsets: originals.additionalSafeAreaInsets,
            originalContentInset: originals.contentInset,
            originalVerticalScrollIndicatorInsets: originals.verticalScrollIndicatorInsets)
        let adjustment = restoringSwappedInsets(insetAdjustmentPolicy.adjustment(for: context), visible: visible)
        let safeHeightWithoutKeyboard = max(0, scrollFrame.height - scrollView.safeAreaInsets.top - scrollBase)
        let minimumHeight = visible
            ? keyboardResizePolicy.minimumContentHeight(for: KeyboardResizeContext(
                safeAreaHeightWithoutKeyboard: safeHeightWithoutKeyboard,
                visibleSize: CGSize(width: scrollFrame.width, height: max(0, scrollFrame.height - scrollOverlap))))
            : nil

        record(.keyboardApplied(KeyboardApplication(
            keyboardFrame: keyboard, hostBottomOverlap: hostOverlap, scrollViewBottomOverlap: scrollOverlap,
            adjustment: adjustment, minimumContentHeight: minimumHeight, animation: animation)))
        appliedKeyboardFrame = visible ? event.frameEnd : nil

        isApplyingKeyboard = true
        defer { isApplyingKeyboard = false }
        performInAnimation(animation) {
            if let insets = adjustment.additionalSafeAreaInsets { host.additionalSafeAreaInsets = insets }
            if let insets = adjustment.contentInset { self.scrollView.contentInset = insets }
            if let insets = adjustment.verticalScrollIndicatorInsets { self.scrollView.verticalScrollIndicatorInsets = insets }
            self.holdContentHeight(minimumHeight)
            // With a dismiss mode, the keyboard must be draggable away even when the content
            // is too short to scroll (SCVC's keyboardDismissMode enhancement).
            self.scrollView.alwaysBounceVertical = visible && self.scrollView.keyboardDismissMode != .none
                ? true : originals.alwaysBounceVertical
            root.layoutIfNeeded()
            self.reanchorAfterRotation()
            self.clampContentOffset()
            self.performScrolls(requests)
            if let rect = self.visibilityPolicy.rectToMakeVisible(afterKeyboardChange: VisibilityContext(
                firstResponderFrame: self.firstResponderFrame(), margin: self.scrollView.visibilityScrollMargin,
                isKeyboardVisible: visible))
            {
                self.scroll(to: rect, reason: .firstResponderVisibility)
            }
        }
        if !visible { keyboardOriginals = nil }
    }

    /// `adjustment` completed with the originals of the insets changed earlier in this keyboard
    /// session that it does not name — the policy was swapped while the keyboard was up — or,
    /// when the keyboard is gone, of every changed inset whatever the policy says; the record
    /// of changed insets is updated.
    private func restoringSwappedInsets(_ adjustment: InsetAdjustment, visible: Bool) -> InsetAdjustment {
        guard var originals = keyboardOriginals else { return adjustment }
        var result = adjustment
        if adjustment.additionalSafeAreaInsets != nil { originals.changed.insert(.additionalSafeAreaInsets) }
        if adjustment.contentInset != nil { originals.changed.insert(.contentInset) }
        if adjustment.verticalScrollIndicatorInsets != nil { originals.changed.insert(.verticalScrollIndicatorInsets) }
        if originals.changed.contains(.additionalSafeAreaInsets), !visible || adjustment.additionalSafeAreaInsets == nil {
            result.additionalSafeAreaInsets = originals.additionalSafeAreaInsets
        }
        if originals.changed.contains(.contentInset), !visible || adjustment.contentInset == nil {
            result.contentInset = originals.contentInset
        }
        if originals.changed.contains(.verticalScrollIndicatorInsets), !visible || adjustment.verticalScrollIndicatorInsets == nil {
            result.verticalScrollIndicatorInsets = originals.verticalScrollIndicatorInsets
        }
        if adjustment.additionalSafeAreaInsets == nil { originals.changed.remove(.additionalSafeAreaInsets) }
        if adjustment.contentInset == nil { originals.changed.remove(.contentInset) }
        if adjustment.verticalScrollIndicatorInsets == nil { originals.changed.remove(.verticalScrollIndicatorInsets) }
        keyboardOriginals = originals
        return result
    }

    /// Keeps the content at least `height` tall at priority 500, or lets it go (`nil`).
    private func holdContentHeight(_ height: CGFloat?) {
        guard let height, let content = installedContent else {
            contentHeightConstraint?.isActive = false
            contentHeightConstraint = nil
            return
        }
        if let held = contentHeightConstraint, held.firstItem === content {
            held.constant = height
        } else {
            contentHeightConstraint?.isActive = false
            let held = content.heightAnchor.constraint(greaterThanOrEqualToConstant: height)
            // The level of the minimum-size constraints it stands in for (see `install`).
            held.priority = .sceneSizeStayPut
            held.identifier = "ScrollingContent.keyboardHeldHeight"
            held.isActive = true
            contentHeightConstraint = held
        }
    }

    /// Re-applies the current hold after the content view was replaced.
    func updateContentHeightConstraint() {
        let height = contentHeightConstraint?.constant
        contentHeightConstraint?.isActive = false
        contentHeightConstraint = nil
        holdContentHeight(height)
    }

    /// Runs `body` as the policy says: in a spring animation, or without animation.
    func performInAnimation(_ animation: InsetAnimation, _ body: @MainActor () -> Void) {
        switch animation {
        case .none:
            View.performWithoutAnimation(body)
        case .spring(let duration, let damping, let velocity):
            View.animate(withDuration: duration, delay: 0, usingSpringWithDamping: damping,
                         initialSpringVelocity: velocity, animations: body)
        }
    }

    // MARK: Scrolling

    private func performScrolls(_ requests: [ScrollRequest]) {
        for request in requests {
            let before = scrollView.contentOffset
            scrollView.perform(request)
            if scrollView.contentOffset != before {
                record(.scrolled(from: before, to: scrollView.contentOffset, reason: .request))
            }
        }
    }

    private func scroll(to rect: CGRect, reason: ScrollingContentEvent.ScrollReason) {
        let before = scrollView.contentOffset
        let target = scrollView.scrollGeometry.offset(makingVisible: rect, from: before)
        guard target != before else { return }
        scrollView.setContentOffset(target, animated: true)
        record(.scrolled(from: before, to: target, reason: reason))
    }

    /// Brings the offset back into the legal range: UIKit leaves it where it was when the
    /// insets shrink (the keyboard hides, the device rotates), which can show empty space.
    private func clampContentOffset() {
        let geometry = scrollView.scrollGeometry
        let offset = scrollView.contentOffset
        guard !geometry.isLegal(offset), !scrollView.isTracking else { return }
        let clamped = geometry.clamped(offset)
        scrollView.setContentOffset(clamped, animated: false)
        record(.scrolled(from: offset, to: clamped, reason: .clamp))
    }

    /// The first responder's frame in the scroll view's content coordinates, if it is inside.
    func firstResponderFrame() -> CGRect? {
        guard let responder = scrollView.window?.firstResponder, responder !== scrollView,
            responder.isDescendant(of: scrollView)
        else { return nil }
        return responder.convert(responder.bounds, to: scrollView)
    }

    // MARK: Replaying the window's keyboard state

    /// A host whose safe area changed without a keyboard notification — a screen pushed while
    /// the keyboard stays up gets none — learns the keyboard's frame from its window, and the
    /// adjustment is recomputed for the new safe area.
    ///
    /// The replay waits for the scheduler's next turn: a window has one layout engine, so
    /// another screen's handling of a keyboard notification can lay this host out (and change
    /// its safe area) before the same notification reaches this manager. On the next turn the
    /// notification has arrived, and a pending keyboard change — or a suspended filter, during a
    /// rotation — tells the truth instead. Changes the manager causes itself are ignored.
    func replayKeyboardStateIfNeeded() {
        guard !isApplyingKeyboard, replayScheduled == nil, let window = scrollView.window else { return }
        replayScheduled = window.scheduler.schedule(after: 0, label: "ScrollingContent keyboard replay") { [weak self] in
            guard let self else { return }
            self.replayScheduled = nil
            self.replayKeyboardState()
        }
    }

    private func replayKeyboardState() {
        guard !isApplyingKeyboard, !buffer.isSuspended, buffer.pendingEvent == nil,
            let host, let root = host.viewIfLoaded, installedContent != nil,
            let window = scrollView.window
        else { return }
        let keyboard = window.keyboard
        guard keyboard.isVisible || keyboardOriginals != nil else { return }
        let frame = keyboard.isVisible ? keyboard.frame : .zero
        guard frame.isFinite else { return }
        View.performWithoutAnimation { root.layoutIfNeeded() }
        record(.keyboardStateReplayed)
        let event = KeyboardEvent(kind: keyboard.isVisible ? .willShow : .willHide, frameBegin: frame, frameEnd: frame,
                                  duration: 0, time: now)
        applyKeyboard(event, animation: insetAnimationPolicy.animation(for: nil, isNavigationTransition: false))
    }

    // MARK: Rotation

    /// The keyboard state that follows a rotation is applied: anchor the offset again, now that
    /// the insets are final. Inside the transition the old orientation's keyboard inset (and
    /// held height) still bounded the legal range, so the anchored offset may have been clamped
    /// short of where the policy wanted it.
    private func reanchorAfterRotation() {
        guard let rotation = pendingRotationAnchor else { return }
        pendingRotationAnchor = nil
        let context = RotationAnchorContext(
            contentOffsetBefore: rotation.offset, adjustedContentInsetBefore: rotation.inset,
            geometryAfter: scrollView.scrollGeometry, firstResponderFrame: firstResponderFrame(),
            visibilityMargin: scrollView.visibilityScrollMargin)
        let current = scrollView.contentOffset
        if let target = rotationAnchorPolicy.contentOffset(after: context), target != current {
            scrollView.setContentOffset(target, animated: false)
            record(.rotationAnchored(from: current, to: target))
        }
    }

    /// A size transition (rotation): the filter is suspended so the `keyboardWillHide` UIKit
    /// posts before the rotation and the `keyboardWillShow` after it are acted on once; the
    /// offset is anchored inside the transition's animation; the filter resumes at its end.
    func handleTransition(to size: CGSize, with coordinator: TransitionCoordinator) {
        guard coordinator !== currentCoordinator, host != nil else { return }
        currentCoordinator = coordinator
        record(.filterSuspended)
        perform(buffer.suspend(at: now))
        let offsetBefore = scrollView.contentOffset
        let insetBefore = scrollView.adjustedContentInset
        coordinator.animate(alongsideTransition: { [weak self] _ in
            guard let self, let root = self.host?.viewIfLoaded else { return }
            root.layoutIfNeeded()
            let context = RotationAnchorContext(
                contentOffsetBefore: offsetBefore, adjustedContentInsetBefore: insetBefore,
                geometryAfter: self.scrollView.scrollGeometry, firstResponderFrame: self.firstResponderFrame(),
                visibilityMargin: self.scrollView.visibilityScrollMargin)
            let current = self.scrollView.contentOffset
            if let target = self.rotationAnchorPolicy.contentOffset(after: context), target != current {
                self.scrollView.contentOffset = target
                self.record(.rotationAnchored(from: current, to: target))
            }
        }, completion: { [weak self] _ in
            guard let self else { return }
            self.currentCoordinator = nil
            self.record(.filterResumed)
            // A keyboard change held through the rotation anchors the offset again when it is
            // applied; without one, the anchor set inside the transition is final.
            if self.buffer.pendingEvent != nil {
                self.pendingRotationAnchor = (offsetBefore, insetBefore)
            }
            self.perform(self.buffer.resume(at: self.now))
        })
    }
}
