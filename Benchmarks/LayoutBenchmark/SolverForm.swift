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

    init(rows n: Int, userFirst: Bool = false) throws(SolverError) {
        let root = Box()
        let scroll = Box()
        let safe = Box()
        let contentGuide = Box()
        let frameGuide = Box()
        let screen = FormGeometry.screen
        let insets = FormGeometry.safeTop + FormGeometry.safeBottom
        // As HostKit does: the safe-area guide starts with zero insets, and the first layout
        // sets them (below) once it has computed them.
        safeHeight = safe.h - scroll.h == 0
        let safeTop = safe.y - scroll.y == 0
        var own: [Constraint] = [
            root.x == 0, root.y == 0, root.w == Double(screen.width), root.h == Double(screen.height),
        ]
        own += [scroll.x - root.x == 0, scroll.w - root.w == 0, scroll.y - root.y == 0, scroll.h - root.h == 0]
        own += [safe.x - scroll.x == 0, safeTop, safe.w - scroll.w == 0, safeHeight]
        own += [contentGuide.x - scroll.x == 0, contentGuide.y - scroll.y == 0]
        let contentSize: [Constraint] = [
            (contentGuide.w == 0).withPriority(1), (contentGuide.h == 0).withPriority(1),
        ]
        var intrinsic: [Constraint] = []
        own += [
            frameGuide.x - scroll.x == 0, frameGuide.y - scroll.y == 0, frameGuide.w - scroll.w == 0,
            frameGuide.h - scroll.h == 0,
        ]
        var user: [Constraint] = [
            content.x == contentGuide.x, content.x + content.w == contentGuide.x + contentGuide.w,
            content.y == contentGuide.y, content.y + content.h == contentGuide.y + contentGuide.h,
            content.w == frameGuide.w, (content.h >= safe.h).withPriority(500),
        ]
        let margin = Double(FormGeometry.margin)
        let spacing = Double(FormGeometry.spacing)
        var previous: Box?
        for row in 0..<n {
            let label = Box()
            let field = Box()
            let width = Double(FormGeometry.labelWidth(row: row))
            let labelHeight = Double(FormGeometry.labelHeight)
            let fieldHeight = Double(FormGeometry.fieldHeight)
            intrinsic += [
                (label.w <= width).withPriority(250), (label.w >= width).withPriority(750),
                (label.h <= labelHeight).withPriority(250), (label.h >= labelHeight).withPriority(750),
                (field.h <= fieldHeight).withPriority(250), (field.h >= fieldHeight).withPriority(750),
            ]
            user += [
                label.x == content.x + margin, label.y + 0.5 * label.h == field.y + 0.5 * field.h,
                field.x == label.x + label.w + spacing, field.x + field.w == content.x + content.w - margin,
            ]
            if let previous {
                user.append(field.y == previous.y + previous.h + spacing)
            } else {
                user.append(field.y == content.y + margin)
            }
            previous = field
        }
        if let previous { user.append(previous.y + previous.h <= content.y + content.h - margin) }
        let batch = userFirst ? user + own + contentSize + intrinsic : own + intrinsic + user + contentSize
        if !userFirst {
            // Root, scroll view, its two guides, the safe-area guide, the content view: six boxes
            // besides each row's two.
            solver.reserveCapacity(for: batch, newVariables: 4 * (6 + 2 * n))
        }
        for constraint in batch {
            try solver.addConstraint(constraint)
        }
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
