import Dispatch
import Foundation

/// Runs `body` on the main actor now, from a callback that Foundation or UIKit makes on the main
/// queue without saying so in its type: a notification block, a main-queue timer.
///
/// This is `MainActor.assumeIsolated`, which the iOS 15 and 16 SDKs lack (it arrived with iOS
/// 17's). Such callbacks come on the main queue; were one ever to come elsewhere, the work is
/// sent to the main queue instead of trapping.
///
/// "On the main queue", not "on the main thread": a program that parks its main thread in
/// `dispatchMain()` (Swift Testing's runner on Linux, a server) has the main queue — and with it
/// the main actor — drained by another thread, where `Thread.isMainThread` is `false` although
/// the main actor's code may run synchronously.
func runOnMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    MainActorCallback<Void> { _ in body() }(())
}

/// A call into the main actor, made once and run often from callbacks that Foundation makes on
/// the main queue (each keyboard notification), as ``runOnMainActor(_:)`` runs a closure.
///
/// On the main queue a call allocates nothing: the value is passed, not captured (a closure
/// capturing it needed a context on the heap at each call), and the closure, kept here, is
/// converted to a generic function's form once, when this is made, not at each call.
struct MainActorCallback<Value: Sendable>: Sendable {
    private let body: @MainActor @Sendable (Value) -> Void

    init(_ body: @escaping @MainActor @Sendable (Value) -> Void) {
        self.body = body
    }

    /// Runs the callback with `value` on the main actor: now on the main queue, else later
    /// there.
    func callAsFunction(_ value: Value) {
        guard isOnMainQueue else {
            let body = self.body
            DispatchQueue.main.async { body(value) }
            return
        }
        // On the main queue the main actor's code may run synchronously: the same reasoning,
        // and the same cast, as the standard library's `assumeIsolated`.
        let unisolated = unsafeBitCast(body, to: (@Sendable (Value) -> Void).self)
        unisolated(value)
    }
}

/// Whether the caller runs on the main queue (whichever thread drains it), or on the main thread.
/// The queue's marker is read first: on Linux `Thread.isMainThread` makes two system calls
/// (the process's id and the thread's), and a keyboard change on the sign-up form asked two or
/// three times: 2% of its samples in `perf`.
private var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueMarker.key) == true || Thread.isMainThread
}

/// Made the first time it is needed (a global's initializer runs once, whichever thread comes
/// first).
private let mainQueueMarker = MainQueueMarker()

/// A key set on the main queue, so that code can tell it runs there.
private final class MainQueueMarker: @unchecked Sendable {
    // `@unchecked Sendable`: the key is set once, here, and only read afterwards (the SDK's
    // `DispatchSpecificKey` is not marked `Sendable`).
    let key = DispatchSpecificKey<Bool>()

    init() {
        DispatchQueue.main.setSpecific(key: key, value: true)
    }
}
