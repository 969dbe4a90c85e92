import Foundation

/// The animation block being run: the property setters and the layout pass consult
/// ``current`` to learn that they run inside an animation and to record what they change in
/// the windows they touch.
///
/// A scoped context rather than shared state: it exists only while
/// ``UIView/animate(withDuration:delay:options:animations:completion:)`` (or a variant) runs
/// its block, and only for the code that block calls synchronously, as in UIKit (work the
/// block starts for later is not part of its animation).
@MainActor
final class AnimationTransaction {
    /// The innermost block being run on the main actor, or `nil`. Set and restored around the
    /// block by ``run(_:)``. A main-actor static, not a task-local value: binding one allocated
    /// at each block and reading one went through thread-local storage at each property change
    /// (a keyboard change runs four to six blocks, counting `performWithoutAnimation`).
    private(set) static var current: AnimationTransaction?

    private(set) var duration: TimeInterval
    private(set) var delay: TimeInterval
    private(set) var timing: AnimationRecord.Timing
    private(set) var options: UIView.AnimationOptions
    private(set) var animationsEnabled: Bool

    /// The windows touched, in first-touch order, with their changes.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews
    private(set) var windows: [(window: UIWindow, changes: [AnimationChange])] = []

    private init(
        duration: TimeInterval, delay: TimeInterval, timing: AnimationRecord.Timing, options: UIView.AnimationOptions,
        animationsEnabled: Bool
    ) {
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.options = options
        self.animationsEnabled = animationsEnabled
    }

    /// Finished transactions kept for the next blocks: a keyboard change runs four to six
    /// (counting `performWithoutAnimation`), and each was an allocation. Blocks nest only a
    /// few deep, so a few suffice.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews
    private static var spares: [AnimationTransaction] = []
    private static let spareLimit = 4

    /// Runs `body` as an animation block of these parameters, and returns the changes it
    /// recorded, by window (see ``finish()``). The transaction is a spare one when there is
    /// one, and becomes one again afterwards unless something else still holds it.
    static func recording(
        duration: TimeInterval, delay: TimeInterval, timing: AnimationRecord.Timing, options: UIView.AnimationOptions,
        animationsEnabled: Bool, _ body: () -> Void
    ) -> [(window: UIWindow, changes: [AnimationChange])] {
        var transaction: AnimationTransaction
        if let spare = spares.popLast() {
            spare.duration = duration
            spare.delay = delay
            spare.timing = timing
            spare.options = options
            spare.animationsEnabled = animationsEnabled
            transaction = spare
        } else {
            transaction = AnimationTransaction(
                duration: duration, delay: delay, timing: timing, options: options,
                animationsEnabled: animationsEnabled)
        }
        transaction.run(body)
        let windows = transaction.finish()
        if spares.count < spareLimit, isKnownUniquelyReferenced(&transaction) { spares.append(transaction) }
        return windows
    }

    /// Where each (window, view, property) change is in ``windows``, once a window has
    /// ``scanLimit`` changes: a layout pass run inside a block records every frame it moves (a
    /// first layout, all of them), and looking each one up in the list made that quadratic.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews
    private var positions: [ChangeKey: Int] = [:]
    /// Whether ``positions`` is kept (a window reached ``scanLimit`` changes).
    private var isIndexed = false

    /// How many changes a window's list may hold and still be searched one by one. A keyboard
    /// change's blocks record one to three changes: hashing each (and allocating the table)
    /// cost more than comparing a dozen. A round number, not tuned.
    private static let scanLimit = 16

    private struct ChangeKey: Hashable {
        let window: Int
        let view: ObjectIdentifier
        let property: AnimationChange.Property
    }

    /// Records a change of a view in a window (a view outside any window is not recorded).
    func record(
        _ property: AnimationChange.Property, of view: UIView, from: AnimationChange.Value,
        to: AnimationChange.Value
    ) {
        guard from != to, let window = view.window else { return }
        var index = windows.count
        for i in windows.indices where windows[i].window === window {
            index = i
            break
        }
        if index == windows.count { windows.append((window, [])) }
        let next = windows[index].changes.count
        if !isIndexed, next < Self.scanLimit {
            // A loop, not `firstIndex(where:)`: a main-actor closure handed to the standard
            // library checks the executor at each call (see `ManualScheduler.cancel(_:)`).
            for position in 0..<next where windows[index].changes[position].isChange(of: property, of: view) {
                windows[index].changes[position].to = to
                return
            }
            windows[index].changes.append(AnimationChange(view: view, property: property, from: from, to: to))
            return
        }
        if !isIndexed { startIndexing(windows) }
        let key = ChangeKey(window: index, view: ObjectIdentifier(view), property: property)
        // One lookup: a change not seen yet gets the next position as it is looked up (a
        // lookup, then an insertion, hashed each change twice).
        let position = Self.value(of: &positions[key, default: next])
        // The view is checked as well as its identity: a view freed during the block can leave
        // its address to a new one.
        if position < next, windows[index].changes[position].view === view {
            windows[index].changes[position].to = to
        } else {
            if position < next { positions[key] = next }
            windows[index].changes.append(
                AnimationChange(view: view, property: property, from: from, to: to))
        }
    }

    /// Starts keeping ``positions``: the changes recorded so far, each at its place.
    private func startIndexing(_ windows: [(window: UIWindow, changes: [AnimationChange])]) {
        isIndexed = true
        for (w, entry) in windows.enumerated() {
            for (position, change) in entry.changes.enumerated() {
                guard let view = change.view else { continue }
                positions[ChangeKey(window: w, view: ObjectIdentifier(view), property: change.property)] = position
            }
        }
    }

    /// The value of a dictionary's entry read through its `default:` subscript's in-place
    /// access, which inserts the default when the key is missing.
    private static func value(of entry: inout Int) -> Int { entry }

    /// Ends the block: forgets the index of changes and hands the windows' changes over, each
    /// list at its size. A first layout run in a block records every view of the screen
    /// (20,000 changes for a 10,000-row form), and the list grown by appending had room for up
    /// to twice that, kept for as long as the window's log keeps the record.
    func finish() -> [(window: UIWindow, changes: [AnimationChange])] {
        if isIndexed {
            positions = [:]
            isIndexed = false
        }
        var finished = windows
        windows = []
        // Only a list with more than 16 entries' room to spare is copied: an ordinary block's
        // handful of changes is not worth a copy (a round number, not tuned).
        for i in finished.indices where finished[i].changes.capacity > finished[i].changes.count + 16 {
            finished[i].changes = finished[i].changes.withUnsafeBufferPointer { Array($0) }
        }
        return finished
    }

    /// Runs `body` with this transaction as the current one, then restores the one before.
    func run(_ body: () -> Void) {
        let outer = Self.current
        Self.current = self
        defer { Self.current = outer }
        body()
    }
}
