import Foundation
import HostKit
import ScrollingContent

/// The benchmark's workloads (issue 5, "Performance").
///
/// Each repetition builds its screen afresh in a new window (iPhone X-class, manual clock), then
/// runs `operations` operations that alternate between two phases, so the loop ends where it
/// began. One operation is what the issue names — the trigger, the scheduler advanced through
/// the keyboard filter, the inset applied, the layout — and nothing more: what the clock still
/// holds afterwards (the keyboard's `Did…` notifications, 0.25 s after the change) is run after
/// the timed part, timed separately as `settle_us`, and left out of `op_us`. The geometry is
/// checked after every operation and every settle, untimed.
enum Workload: String, CaseIterable {
    /// The sign-up form (logo, two fields, two buttons). Phases: the password field becomes
    /// first responder (the keyboard shows), then resigns (it hides).
    case signupKeyboard = "signup-keyboard"
    /// A form of `n` rows (label + text field). Phases: a field becomes first responder —
    /// alternately the one at a quarter and at three quarters of the form, so every show also
    /// scrolls the field into view — then resigns.
    case rowsKeyboard = "rows-keyboard"
    /// The sign-up form with the password field focused (the keyboard up). Phases: a rotation
    /// to landscape, then back to portrait.
    case signupRotation = "signup-rotation"

    /// The issue's size for the rows form.
    static let defaultRows = 1000

    /// The names of the two phases' fields in the JSON line.
    var phaseNames: (first: String, second: String) {
        switch self {
        case .signupKeyboard, .rowsKeyboard: ("show_us", "hide_us")
        case .signupRotation: ("landscape_us", "portrait_us")
        }
    }

    /// Operations per repetition when `--ops` is not given: enough that the loop lasts well over
    /// the clock's resolution and a few scheduler hiccups average out, few enough that five
    /// repetitions of the 1,000-row form (about 2 ms per operation plus settling) take seconds.
    var defaultOperations: Int {
        switch self {
        case .signupKeyboard: 400
        case .rowsKeyboard: 100
        case .signupRotation: 200
        }
    }

    /// The size reported as `n`: the sign-up form's five controls, or the rows.
    func size(rows: Int) -> Int {
        self == .rowsKeyboard ? rows : SignUpViewController.controlCount
    }

    /// Builds the screen and shows it (the timed build): a new host, a new window, the window
    /// made key and visible (load, appearance, first layout) and the clock run until idle.
    @MainActor
    func makeStage(rows: Int) throws(BenchmarkFailure) -> Stage {
        switch self {
        case .signupKeyboard, .signupRotation:
            return try Stage(host: SignUpViewController(), naturalHeight: SignUpViewController.naturalHeight)
        case .rowsKeyboard:
            return try Stage(
                host: RowsViewController(rows: rows), naturalHeight: RowsViewController.naturalHeight(rows: rows))
        }
    }

    /// Untimed set-up after the build: the rotation starts with the password field focused and
    /// the keyboard's inset applied.
    @MainActor
    func prepare(_ stage: Stage) throws(BenchmarkFailure) {
        guard self == .signupRotation else { return }
        guard let host = stage.host as? SignUpViewController, host.password.becomeFirstResponder() else {
            throw .refused("the password field did not become first responder")
        }
        try stage.settle()
        if let detail = stage.mismatch(keyboardUp: true, focused: host.password) {
            throw .wrongLayout("before the first rotation: \(detail)")
        }
    }

    /// The field operation `k` focuses (keyboard workloads; even `k` shows, odd `k` hides the
    /// keyboard of the field focused by `k - 1`).
    @MainActor
    func field(for k: Int, in stage: Stage) -> UITextField? {
        switch stage.host {
        case let host as SignUpViewController:
            return host.password
        case let host as RowsViewController:
            guard !host.fields.isEmpty else { return nil }
            let row = (k / 2) % 2 == 0 ? host.rows / 4 : host.rows * 3 / 4
            return host.fields[min(row, host.fields.count - 1)]
        default:
            return nil
        }
    }

    /// Runs operation `k` (the timed part). Even `k` is the first phase, odd the second.
    @MainActor
    func operate(_ k: Int, on stage: Stage) throws(BenchmarkFailure) {
        let isFirstPhase = k % 2 == 0
        switch self {
        case .signupKeyboard, .rowsKeyboard:
            guard let field = field(for: k, in: stage) else { throw .refused("no field to focus") }
            if isFirstPhase {
                // The keyboard notifications are posted inside; UIKit's own scrollRectToVisible
                // for the field waits in the filter with them.
                guard field.becomeFirstResponder() else {
                    throw .refused("\(field.debugLabel) did not become first responder")
                }
            } else {
                guard field.resignFirstResponder() else { throw .refused("\(field.debugLabel) did not resign") }
            }
            // SCVC's filter acts 0.1 s after the last notification.
            try stage.advance(by: TemporalKeyboardFilter.standardWindow)
        case .signupRotation:
            guard stage.window.rotate(to: isFirstPhase ? .landscapeLeft : .portrait) else {
                throw .refused("the window did not rotate")
            }
            // The keyboard hides before the rotation and shows after it (0.3 s); the filter,
            // suspended meanwhile, acts 0.1 s after that show. Two steps, as the deadlines were
            // computed: `now + 0.3 + 0.1` in one step can land one ulp short of `(now + 0.3) + 0.1`.
            try stage.advance(by: UIWindow.rotationDuration)
            try stage.advance(by: TemporalKeyboardFilter.standardWindow)
        }
    }

    /// What is wrong after operation `k` (or after the settling that follows it, `settled`),
    /// given the content offset before the operation, or `nil`.
    @MainActor
    func mismatch(after k: Int, on stage: Stage, offsetBefore: CGPoint, settled: Bool) -> String? {
        let when = "after operation \(k)\(settled ? " and settling" : "")"
        switch self {
        case .signupKeyboard, .rowsKeyboard:
            let keyboardUp = k % 2 == 0
            let field = field(for: k, in: stage)
            if let detail = stage.mismatch(keyboardUp: keyboardUp, focused: keyboardUp ? field : nil) {
                return "\(when): \(detail)"
            }
            // The offset moved by UIKit's minimal scroll to the field on a show (settling moves
            // nothing). On a hide it stays put where it is still legal without the keyboard's
            // inset, and comes back into the legal range otherwise: a form not much taller than
            // the screen, scrolled to a field near its end (14 to 28 rows; the benchmark
            // expected it to stay put and stopped there, before this was known).
            let geometry = ExpectedGeometry(
                orientation: stage.window.orientation, keyboardUp: keyboardUp,
                naturalHeight: stage.naturalHeight)
            var expected = keyboardUp ? offsetBefore : geometry.clamped(offsetBefore)
            if keyboardUp, !settled, let field {
                expected = geometry.offsetMakingVisible(
                    field.convert(field.bounds, to: stage.scrollView), from: offsetBefore)
            }
            let offset = stage.scrollView.contentOffset
            return offset == expected ? nil : "\(when): contentOffset \(offset), expected \(expected)"
        case .signupRotation:
            guard let host = stage.host as? SignUpViewController else { return "\(when): not the sign-up screen" }
            let orientation: UIInterfaceOrientation = k % 2 == 0 ? .landscapeLeft : .portrait
            if stage.window.orientation != orientation { return "\(when): orientation \(stage.window.orientation)" }
            return stage.mismatch(keyboardUp: true, focused: host.password).map { "\(when): \($0)" }
        }
    }
}
