import Foundation
import ScrollingPlugins

extension ScrollingContentManager {
    // MARK: Observing the window's keyboard

    /// The scroll view entered or left a window: observe the keyboard of that window's screen.
    ///
    /// Keyboard notifications are posted on `NotificationCenter.default`; the manager listens
    /// to every one and keeps those of its window's screen (or with no screen: iOS before
    /// multiple scenes). It also hears text fields beginning to edit, to know its first
    /// responder without searching the content.
    func scrollViewDidMoveToWindow() {
        let window = scrollView.window
        guard window !== observedWindow else { return }
        filterTimer?.cancel()
        filterTimer = nil
        replayScheduled?.cancel()
        replayScheduled = nil
        observation = nil
        buffer = KeyboardEventBuffer()
        observedWindow = window
        guard let window else { return }
        let names = KeyboardNotificationNames()
        let screen = ObjectIdentifier(window.screen)
        let frames = KeyboardFrameReader()
        observation = NotificationObservation(names: names.observed) { [weak self] notification in
            if notification.name == names.textDidBeginEditing {
                let field = notification.object as? UITextField
                runOnMainActor { self?.textFieldDidBeginEditing(field) }
                return
            }
            // Another screen's keyboard (another window, in tests): not read at all.
            if let other = notification.object as? UIScreen, ObjectIdentifier(other) != screen { return }
            let payload = KeyboardNotificationPayload(notification, keys: names, frames: frames)
            runOnMainActor { self?.keyboardNotification(payload) }
        }
    }

    /// A text field began editing: remembered if it is inside the scroll view.
    private func textFieldDidBeginEditing(_ field: UITextField?) {
        guard let field, field.isDescendant(of: scrollView) else { return }
        editingTextField = field
    }

    private func keyboardNotification(_ payload: KeyboardNotificationPayload) {
        let kind: KeyboardEvent.Kind
        switch payload.name {
        case UIResponder.keyboardWillShowNotification: kind = .willShow
        case UIResponder.keyboardWillHideNotification: kind = .willHide
        case UIResponder.keyboardWillChangeFrameNotification: kind = .willChangeFrame
        default: return
        }
        guard let host, host.viewIfLoaded != nil, let window = observedWindow else { return }
        if let screen = payload.screen, screen != ObjectIdentifier(window.screen) { return }
        if let problem = payload.problem {
            let text = "\(kind) with \(problem)"
            diagnostics.report(.warning, "ScrollingContentManager: ignored \(text)", about: host.viewIfLoaded)
            record(.notificationIgnored(text))
            return
        }
        guard let begin = payload.frameBegin, let end = payload.frameEnd, let duration = payload.duration else { return }
        // The frames come in the screen's coordinates; the policies measure in the window's.
        let space = window.screen.coordinateSpace
        let event = KeyboardEvent(kind: kind, frameBegin: window.convert(begin, from: space),
                                  frameEnd: window.convert(end, from: space), duration: duration, time: now,
                                  isLocal: payload.isLocal)
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
        UIView.performWithoutAnimation { host.viewIfLoaded?.layoutIfNeeded() }
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
            guard observedWindow != nil else { return }
            let clock = self.clock
            filterTimer = clock.schedule(after: deadline - clock.now, label: "ScrollingContent keyboard filter") {
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
        filterTimer?.cancel()
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
            // The first responder is looked for only while the keyboard is up: after a hide none
            // needs showing, and the search may walk the whole content (a responder other than a
            // text field).
            if let rect = self.visibilityPolicy.rectToMakeVisible(afterKeyboardChange: VisibilityContext(
                firstResponderFrame: visible ? self.firstResponderFrame() : nil,
                margin: self.scrollView.visibilityScrollMargin,
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
    func performInAnimation(_ animation: InsetAnimation, _ body: @escaping @MainActor () -> Void) {
        switch animation {
        case .none:
            UIView.performWithoutAnimation(body)
        case .spring(let duration, let damping, let velocity):
            UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: damping,
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
        guard let responder = firstResponder() else { return nil }
        return responder.convert(responder.bounds, to: scrollView)
    }

    /// The first responder inside the scroll view, or `nil`.
    ///
    /// The text field that last began editing inside it, while it is still first responder:
    /// found without searching. Otherwise (another kind of responder, such as a text view on
    /// iOS) the scroll view's subtree is searched, depth first.
    func firstResponder() -> UIView? {
        if let field = editingTextField, field.isFirstResponder, field.isDescendant(of: scrollView) { return field }
        editingTextField = nil
        return scrollView.firstResponderInSubviews()
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
        guard !isApplyingKeyboard, replayScheduled == nil, scrollView.window != nil else { return }
        replayScheduled = clock.schedule(after: 0, label: "ScrollingContent keyboard replay") { [weak self] in
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
        UIView.performWithoutAnimation { root.layoutIfNeeded() }
        let (isVisible, frame) = currentKeyboard(in: window)
        guard isVisible || keyboardOriginals != nil else { return }
        record(.keyboardStateReplayed)
        let event = KeyboardEvent(kind: isVisible ? .willShow : .willHide, frameBegin: frame, frameEnd: frame,
                                  duration: 0, time: now)
        applyKeyboard(event, animation: insetAnimationPolicy.animation(for: nil, isNavigationTransition: false))
    }

    /// The keyboard as the window's keyboard layout guide shows it (UIKit's own record of the
    /// keyboard, iOS 15): whether it is up, and its frame in window coordinates (`.zero` when
    /// it is not). The guide follows an undocked keyboard too; without a keyboard it is the
    /// strip of the bottom safe-area inset, so a frame no taller than that strip at the bottom
    /// edge means no keyboard (a keyboard that short covers nothing the safe area does not).
    func currentKeyboard(in window: UIWindow) -> (isVisible: Bool, frame: CGRect) {
        // The guide is created at the first replay, not before: a window keeps it up to date on
        // every keyboard change from then on, which costs a layout. It follows an undocked
        // keyboard so that a replay sees a floating one too, and is laid out before it is read.
        let guide = window.keyboardLayoutGuide
        if !guide.followsUndockedKeyboard {
            guide.followsUndockedKeyboard = true
            UIView.performWithoutAnimation { window.layoutIfNeeded() }
        }
        let frame = guide.layoutFrame
        // Half a point of slack: frames come out of layout arithmetic.
        let atBottom = abs(frame.maxY - window.bounds.maxY) <= 0.5
        let isVisible = frame.isFinite && (!atBottom || frame.height > window.safeAreaInsets.bottom + 0.5)
        return (isVisible, isVisible ? frame : .zero)
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
    func handleTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
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
