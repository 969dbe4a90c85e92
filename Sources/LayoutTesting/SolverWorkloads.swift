import ConstraintSolver

/// One standard system of the solver's benchmarks (issue 2, item 7): built from nothing into a
/// fresh ``Solver``, then driven by numbered operations (`k = 0, 1, 2, …`). `solver-benchmark`
/// times them; the determinism tests digest them.
///
/// The build (``init(n:)``) creates the variables and constraints, adds them, and solves once
/// with `updateVariables()`; that is what `build_ms` times. ``operate(_:)`` is one operation of
/// the op loop; that is what `op_us` times.
public protocol SolverWorkload: AnyObject {
    /// The workload's name on the command line and in the JSON output.
    static var name: String { get }

    /// Builds the system of size `n` (at least 1) and solves it once.
    init(n: Int) throws(SolverError)

    /// Operation `k` of the op loop.
    func operate(_ k: Int) throws(SolverError)

    /// The solver that holds the system.
    var solver: Solver { get }

    /// Every variable of the system in a fixed order (the order of the digest).
    var variables: [Variable] { get }

    /// How the current values differ from the solution the geometry predicts after operation
    /// `k` (`nil` right after the build), or `nil` if they agree. Not timed.
    func mismatch(afterOperation k: Int?) -> String?
}

/// The three workloads, by name, in the order the benchmark runs them.
public var allSolverWorkloads: [any SolverWorkload.Type] {
    [RowsWorkload.self, ChainWorkload.self, ChurnWorkload.self]
}

/// kiwi's named strengths mapped onto Auto Layout priorities.
///
/// kiwi weighs `weak` 1, `medium` 1e3 and `strong` 1e6; the workloads only need the order
/// weak < medium < strong < required, and our priorities are strict, so the mapping keeps it.
public enum Strength {
    /// kiwi's `weak` ↔ 250 (`UILayoutPriority.defaultLow`, hugging's default).
    public static let weak = Priority.defaultLow
    /// kiwi's `medium` ↔ 500 (`sceneSizeStayPut`).
    public static let medium = Priority.sceneSizeStayPut
    /// kiwi's `strong`, used for the edit variables ↔ 999: an edit must win over every weak and
    /// medium constraint (500 and 250 here), as kiwi's 1e6 weight does against up to a thousand
    /// mediums, yet stay optional, since ``Priority/required`` (1000) is refused for an edit
    /// variable. 999 is the highest optional priority, so nothing optional outranks the edit.
    public static let strong = Priority(999)
}

/// Whether two values agree to within `1e-6` times their magnitude (at least `1e-6`): the
/// solver's results are exact for these systems up to rounding in a few additions.
public func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
}

// MARK: - rows(N)

/// `rows(N)`: N form rows (a label and a field) whose fields stretch to the trailing edge of a
/// container of width `W`, the one strong edit variable.
///
/// Per row `i`: `lx == 20`, `lw >= 10`, `lw == 100` at medium, `fx == lx + lw + 8`,
/// `fx + fw == W - 20`, `fw >= 50`, `fw == 300` at weak. `W` is suggested 800 before the rows
/// are added; operation `k` suggests `W = 300 + (k*37) % 1000` and updates the variables.
public final class RowsWorkload: SolverWorkload {
    public static let name = "rows"

    /// The width suggested before the rows are built.
    public static let initialWidth = 800.0

    public let solver = Solver()
    /// The container's width, the strong edit variable.
    public let width = Variable("W")
    private(set) var labelX: [Variable] = []
    private(set) var labelWidth: [Variable] = []
    private(set) var fieldX: [Variable] = []
    private(set) var fieldWidth: [Variable] = []
    private var suggested = RowsWorkload.initialWidth

    public init(n: Int) throws(SolverError) {
        try solver.addEditVariable(width, priority: Strength.strong)
        try solver.suggestValue(Self.initialWidth, for: width)
        labelX.reserveCapacity(n)
        labelWidth.reserveCapacity(n)
        fieldX.reserveCapacity(n)
        fieldWidth.reserveCapacity(n)
        for i in 0..<n {
            let lx = Variable("lx\(i)")
            let lw = Variable("lw\(i)")
            let fx = Variable("fx\(i)")
            let fw = Variable("fw\(i)")
            try solver.addConstraint(lx == 20)
            try solver.addConstraint(lw >= 10)
            try solver.addConstraint((lw == 100).withPriority(Strength.medium))
            try solver.addConstraint(fx == lx + lw + 8)
            try solver.addConstraint(fx + fw == width - 20)
            try solver.addConstraint(fw >= 50)
            try solver.addConstraint((fw == 300).withPriority(Strength.weak))
            labelX.append(lx)
            labelWidth.append(lw)
            fieldX.append(fx)
            fieldWidth.append(fw)
        }
        solver.updateVariables()
    }

    /// The width that operation `k` suggests.
    public static func suggestion(_ k: Int) -> Double { Double(300 + (k * 37) % 1000) }

    public func operate(_ k: Int) throws(SolverError) {
        suggested = Self.suggestion(k)
        try solver.suggestValue(suggested, for: width)
        solver.updateVariables()
    }

    public var variables: [Variable] {
        var result = [width]
        for i in labelX.indices {
            result += [labelX[i], labelWidth[i], fieldX[i], fieldWidth[i]]
        }
        return result
    }

    public func mismatch(afterOperation k: Int?) -> String? {
        // The strong edit holds W; the medium label width holds (nothing pulls on it harder);
        // the field fills the rest: fw = W - 20 - fx, which is ≥ 50 for every suggestion
        // (W ≥ 300), so the weak `fw == 300` is the one that gives.
        let w = suggested
        let fx = 20.0 + 100 + 8
        let expected: [(String, Variable, Double)] =
            [("W", width, w)]
            + labelX.indices.flatMap { i in
                [
                    ("lx[\(i)]", labelX[i], 20.0), ("lw[\(i)]", labelWidth[i], 100),
                    ("fx[\(i)]", fieldX[i], fx), ("fw[\(i)]", fieldWidth[i], w - 20 - fx),
                ]
            }
        for (name, variable, value) in expected where !nearlyEqual(solver.value(of: variable), value) {
            return "\(name) = \(solver.value(of: variable)), expected \(value)"
        }
        return nil
    }
}

// MARK: - chain(N)

/// `chain(N)`: N views in a row, 8 apart, whose total extent is the strong edit variable `right`.
///
/// `right` is added first and suggested `108N - 8` (N widths of 100 and N-1 gaps of 8, so the
/// weak widths all hold). Then `left[0] == 0`; per view `width[i] >= 10`, `width[i] == 100` at
/// weak, `left[i+1] == left[i] + width[i] + 8`; finally `right == left[N-1] + width[N-1]`.
/// Operation `k` suggests `108N - 8 + ((k*37) % 201 - 100) * 10` and updates the variables.
open class ChainWorkload: SolverWorkload {
    open class var name: String { "chain" }

    public let solver = Solver()
    /// The chain's total extent, the strong edit variable.
    public let right = Variable("right")
    /// Each view's left edge.
    public let left: [Variable]
    /// Each view's width.
    public let width: [Variable]
    /// `width[N/2] == 100` at weak, the constraint ``ChurnWorkload`` removes and re-adds.
    public let churned: Constraint
    /// The `right` last suggested.
    public private(set) var suggested: Double

    /// The `right` at which every width is 100: N widths and N-1 gaps of 8.
    public static func naturalRight(_ n: Int) -> Double { Double(108 * n - 8) }

    public required init(n: Int) throws(SolverError) {
        // The command line accepts n ≥ 1 only; a chain needs at least one view.
        let n = max(1, n)
        left = (0..<n).map { Variable("left\($0)") }
        width = (0..<n).map { Variable("width\($0)") }
        churned = (width[n / 2] == 100).withPriority(Strength.weak)
        suggested = Self.naturalRight(n)

        try solver.addEditVariable(right, priority: Strength.strong)
        try solver.suggestValue(suggested, for: right)
        try solver.addConstraint(left[0] == 0)
        for i in 0..<n {
            try solver.addConstraint(width[i] >= 10)
            try solver.addConstraint(i == n / 2 ? churned : (width[i] == 100).withPriority(Strength.weak))
            if i + 1 < n {
                try solver.addConstraint(left[i + 1] == left[i] + width[i] + 8)
            }
        }
        try solver.addConstraint(right == left[n - 1] + width[n - 1])
        solver.updateVariables()
    }

    /// The `right` that operation `k` suggests: within ±1000 of the natural extent.
    public static func suggestion(_ k: Int, n: Int) -> Double {
        naturalRight(n) + Double(((k * 37) % 201 - 100) * 10)
    }

    open func operate(_ k: Int) throws(SolverError) {
        suggested = Self.suggestion(k, n: width.count)
        try solver.suggestValue(suggested, for: right)
        solver.updateVariables()
    }

    public var variables: [Variable] {
        var result = [right]
        for i in left.indices { result += [left[i], width[i]] }
        return result
    }

    open func mismatch(afterOperation k: Int?) -> String? {
        let n = width.count
        // The strong edit holds `right` unless the required minimum widths forbid it: the
        // narrowest chain is N widths of 10 and N-1 gaps of 8.
        let expectedRight = max(suggested, Double(18 * n - 8))
        let value = solver.value(of:)
        if !nearlyEqual(value(right), expectedRight) {
            return "right = \(value(right)), expected \(expectedRight)"
        }
        if !nearlyEqual(value(left[0]), 0) { return "left[0] = \(value(left[0])), expected 0" }
        var error = 0.0
        for i in 0..<n {
            if value(width[i]) < 10 - 1e-6 { return "width[\(i)] = \(value(width[i])) < 10" }
            error += abs(value(width[i]) - 100)
            let end = value(left[i]) + value(width[i])
            let next = i + 1 < n ? value(left[i + 1]) - 8 : value(right)
            if !nearlyEqual(end, next) { return "the chain breaks after view \(i): \(end) ≠ \(next)" }
        }
        // Which widths give is a tie among weak constraints; their total error is not.
        let expectedError = abs(expectedRight - Self.naturalRight(n))
        if abs(error - expectedError) > 1e-6 * Double(n) * 100 {
            return "total width error \(error), expected \(expectedError)"
        }
        return nil
    }
}

// MARK: - churn(N)

/// `churn(N)`: ``ChainWorkload`` at its natural extent, where operation `k` removes and re-adds
/// the weak `width[N/2] == 100`. As the issue defines it, the operation does not update the
/// variables (the digest and the checks do, outside the timing).
public final class ChurnWorkload: ChainWorkload {
    override public class var name: String { "churn" }

    override public func operate(_ k: Int) throws(SolverError) {
        try solver.removeConstraint(churned)
        try solver.addConstraint(churned)
    }

    override public func mismatch(afterOperation k: Int?) -> String? {
        solver.updateVariables()
        return super.mismatch(afterOperation: k)
    }
}

/// A workload that the solver refused to build or operate.
public struct WorkloadFailure: Error, CustomStringConvertible {
    /// The workload's name.
    public var workload: String
    /// Its size.
    public var n: Int
    /// What the solver threw.
    public var error: SolverError

    public var description: String { "\(workload)(\(n)): \(error)" }
}
