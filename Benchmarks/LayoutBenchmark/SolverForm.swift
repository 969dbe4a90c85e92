import BenchmarkSupport
import ConstraintSolver
import Dispatch
import Foundation

/// The form's constraints as HostKit generates them, on a bare `Solver`: the same variables,
/// expressions, priorities and order, in HostKit's four lists (`LayoutEngine.register`): the
/// required constraints HostKit derives (root size, autoresizing, safe-area, content and frame
/// guides), the intrinsic sizes (each view's hugging, then its compression resistance), the
/// constraints the views hold, and last the content guide's size hint. As on HostKit's first
/// layout, the solver is told the whole batch first
/// (``Solver/reserveCapacity(for:newVariables:)``, four new variables per box, as HostKit
/// counts four per view or guide), and the safe-area constants are set after a first solve.
/// The constraints are made row by row, as an app makes them, and kept, as views keep theirs.
/// Comparing it with the `form` workload tells HostKit's own cost from the solver's.
/// With `userFirst` the views' constraints are added before every derived one, without the
/// reservation (HostKit's order before the first-layout conflict fix), which shows how much
/// the solver's speed depends on the order of additions.
struct SolverForm {
    final class Box {
        let x = Variable("minX"), y = Variable("minY"), w = Variable("width"), h = Variable("height")
    }

    let solver = Solver()
    let safeHeight: Constraint
    let content = Box()
    /// Every constraint, in the order they were added. Kept, as an app's views keep theirs:
    /// letting go of them at the end of the build released each one, long after it was made.
    let constraints: [Constraint]

    init(rows n: Int, userFirst: Bool = false) throws(SolverError) {
        let root = Box()
        let scroll = Box()
        let safe = Box()
        let contentGuide = Box()
        let frameGuide = Box()
        let screen = FormGeometry.screen
        let insets = FormGeometry.safeTop + FormGeometry.safeBottom
        // The four lists' sizes: HostKit's own required constraints (root 4, scroll view 4,
        // safe-area guide 4, content guide 2, frame guide 4), six intrinsic sizes a row, the
        // content view's six and five a row and the last row's bottom, the content size hint.
        let counts = [18, 6 * n, 6 + 5 * n + (n > 0 ? 1 : 0), 2]
        let (own, intrinsic, user, contentSize) = (0, 1, 2, 3)
        let order = userFirst ? [user, own, contentSize, intrinsic] : [own, intrinsic, user, contentSize]
        // Each constraint goes straight to its place in the batch, at its list's next slot: the
        // objects are made row by row, as an app makes them (and as the `form` workload does),
        // and nothing is copied from list to list, which retained each constraint once more and
        // released it again, cold, in a large form.
        var next = [Int](repeating: 0, count: 4)
        var end = next
        var start = 0
        for list in order {
            next[list] = start
            start += counts[list]
            end[list] = start
        }
        let unset = root.x == 0
        var batch = [Constraint](repeating: unset, count: start)
        func put(_ list: Int, _ constraint: Constraint) {
            batch[next[list]] = constraint
            next[list] += 1
        }
        // As HostKit does: the safe-area guide starts with zero insets, and the first layout
        // sets them (below) once it has computed them.
        safeHeight = safe.h - scroll.h == 0
        let safeTop = safe.y - scroll.y == 0
        for constraint in [
            root.x == 0, root.y == 0, root.w == Double(screen.width), root.h == Double(screen.height),
            scroll.x - root.x == 0, scroll.w - root.w == 0, scroll.y - root.y == 0, scroll.h - root.h == 0,
            safe.x - scroll.x == 0, safeTop, safe.w - scroll.w == 0, safeHeight,
            contentGuide.x - scroll.x == 0, contentGuide.y - scroll.y == 0,
            frameGuide.x - scroll.x == 0, frameGuide.y - scroll.y == 0, frameGuide.w - scroll.w == 0,
            frameGuide.h - scroll.h == 0,
        ] {
            put(own, constraint)
        }
        put(contentSize, (contentGuide.w == 0).withPriority(1))
        put(contentSize, (contentGuide.h == 0).withPriority(1))
        for constraint in [
            content.x == contentGuide.x, content.x + content.w == contentGuide.x + contentGuide.w,
            content.y == contentGuide.y, content.y + content.h == contentGuide.y + contentGuide.h,
            content.w == frameGuide.w, (content.h >= safe.h).withPriority(500),
        ] {
            put(user, constraint)
        }
        let margin = Double(FormGeometry.margin)
        let spacing = Double(FormGeometry.spacing)
        var previous: Box?
        for row in 0..<n {
            let label = Box()
            let field = Box()
            let width = Double(FormGeometry.labelWidth(row: row))
            let labelHeight = Double(FormGeometry.labelHeight)
            let fieldHeight = Double(FormGeometry.fieldHeight)
            put(intrinsic, (label.w <= width).withPriority(250))
            put(intrinsic, (label.w >= width).withPriority(750))
            put(intrinsic, (label.h <= labelHeight).withPriority(250))
            put(intrinsic, (label.h >= labelHeight).withPriority(750))
            put(intrinsic, (field.h <= fieldHeight).withPriority(250))
            put(intrinsic, (field.h >= fieldHeight).withPriority(750))
            put(user, label.x == content.x + margin)
            put(user, label.y + 0.5 * label.h == field.y + 0.5 * field.h)
            put(user, field.x == label.x + label.w + spacing)
            put(user, field.x + field.w == content.x + content.w - margin)
            if let previous {
                put(user, field.y == previous.y + previous.h + spacing)
            } else {
                put(user, field.y == content.y + margin)
            }
            previous = field
        }
        if let previous { put(user, previous.y + previous.h <= content.y + content.h - margin) }
        // Every list filled exactly its part of the batch: checked in release builds too, where
        // the benchmark runs (four comparisons), since a miscount would leave `unset` in a slot
        // or a constraint in another list's place. (A list that runs past the batch's end, the
        // last of the order, stops earlier, at `put`'s index check.)
        precondition(next == end, "form-solver: the lists' counts do not match what was made")
        if !userFirst {
            // Root, scroll view, its two guides, the safe-area guide, the content view: six boxes
            // besides each row's two.
            solver.reserveCapacity(for: batch, newVariables: 4 * (6 + 2 * n))
        }
        for constraint in batch {
            try solver.addConstraint(constraint)
        }
        constraints = batch
        solver.updateVariables()
        try solver.setConstant(-Double(FormGeometry.safeTop), for: safeTop)
        try solver.setConstant(Double(insets), for: safeHeight)
        solver.updateVariables()
    }

    /// The keyboard inset comes or goes: one constant, one solve.
    func setKeyboard(up: Bool) throws(SolverError) {
        let insets = FormGeometry.safeTop + FormGeometry.safeBottom + (up ? FormGeometry.keyboardInset : 0)
        try solver.setConstant(Double(insets), for: safeHeight)
        solver.updateVariables()
    }
}

/// Times ``SolverForm`` exactly as ``FormBenchmark`` times the form.
enum SolverFormBenchmark {
    static func measure(n: Int, repetitions: Int, operations: Int, userFirst: Bool = false)
        -> Result<String, BenchmarkFailure>
    {
        var builds: [Double] = []
        var ops: [Double] = []
        do {
            for _ in 0..<repetitions {
                let start = DispatchTime.now().uptimeNanoseconds
                let form = try SolverForm(rows: n, userFirst: userFirst)
                builds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                let count = operations + operations % 2
                let loopStart = DispatchTime.now().uptimeNanoseconds
                for k in 0..<count { try form.setKeyboard(up: k % 2 == 0) }
                ops.append(Double(DispatchTime.now().uptimeNanoseconds - loopStart) / 1e3 / Double(count))
                let safe = Double(FormGeometry.screen.height - FormGeometry.safeTop - FormGeometry.safeBottom)
                let expected = Double(FormGeometry.contentHeight(rows: n, safeHeight: CGFloat(safe)))
                let height = form.solver.value(of: form.content.h)
                if abs(height - expected) > 1e-6 {
                    return .failure(.wrongLayout(n: n, "solver-only content height \(height), expected \(expected)"))
                }
            }
        } catch {
            return .failure(.wrongLayout(n: n, "the solver refused a call: \(error)"))
        }
        let peak = peakResidentMegabytes(thenReset: true).map { String(format: "%.1f", $0) } ?? "null"
        let name = userFirst ? "form-solver-user-first" : "form-solver"
        return .success(
            "{\"workload\": \"\(name)\", \"n\": \(n), \"build_ms\": \(String(format: "%.3f", median(builds))), "
                + "\"op_us\": \(String(format: "%.3f", median(ops))), \"peak_mb\": \(peak)}")
    }
}
