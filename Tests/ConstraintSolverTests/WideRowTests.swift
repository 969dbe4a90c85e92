import ConstraintSolver
import Testing

/// A stack of fields long enough that the container's height depends on a row of more than
/// 8,192 cells: the width from which the solver substitutes a row column by column
/// (`Tableau.substituteWide`). The layout is the layout benchmark's form, in the order HostKit
/// adds its constraints: the container's minimum height first, then each field's height
/// (hugging at 250 and compression resistance at 750 around 34 points), the chain of fields,
/// the last field's bottom inside the container, and the content-size hint at 1.
///
/// The required `last bottom <= container bottom - 20` is violated where it arrives (the
/// container is at its 700-point minimum) and is added through an artificial variable, whose
/// pivots substitute the expanded row (the sum of every field's height) into the rows that
/// hold the entering symbol, two of them in one substitution. Every value is worked out by
/// hand. (With the column-by-column recording broken on purpose, the two tests that change the
/// layout after it fail.)
@Suite struct WideRowTests {
    /// Three symbols per field in the expanded row: 5,000 fields give rows of 15,002 and 15,003
    /// cells (a temporary print in the wide path showed them), substituted into one row and
    /// into two.
    static let fieldCount = 5000
    static let fieldHeight = 34.0, spacing = 8.0, margin = 20.0, minimumHeight = 700.0

    let solver = Solver()
    let top = Variable("top"), height = Variable("height")
    let y = (0..<fieldCount).map { Variable("y\($0)") }
    let h = (0..<fieldCount).map { Variable("h\($0)") }
    let fits: Constraint

    init() throws {
        try solver.addConstraint(top == 0)
        try solver.addConstraint((height >= Self.minimumHeight).withPriority(.sceneSizeStayPut))
        for field in h {
            try solver.addConstraint((field <= Self.fieldHeight).withPriority(.defaultLow))
            try solver.addConstraint((field >= Self.fieldHeight).withPriority(.defaultHigh))
        }
        try solver.addConstraint(y[0] == top + Self.margin)
        for i in 1..<Self.fieldCount {
            try solver.addConstraint(y[i] == y[i - 1] + h[i - 1] + Self.spacing)
        }
        fits = y[Self.fieldCount - 1] + h[Self.fieldCount - 1] <= top + height - Self.margin
        try solver.addConstraint(fits)
        try solver.addConstraint((height == 0).withPriority(1))
    }

    /// The stack's height with every field `fieldHeight` tall, plus `extra`.
    static func stackedHeight(extra: Double = 0) -> Double {
        margin + Double(fieldCount) * fieldHeight + Double(fieldCount - 1) * spacing + margin + extra
    }

    private func expectStack(height expected: Double, tallField: Int? = nil, tallHeight: Double = 0) {
        solver.updateVariables()
        #expect(isClose(solver.value(of: height), expected))
        var nextY = Self.margin
        var mismatches = 0
        for i in 0..<Self.fieldCount {
            let fieldHeight = i == tallField ? tallHeight : Self.fieldHeight
            if !isClose(solver.value(of: y[i]), nextY) || !isClose(solver.value(of: h[i]), fieldHeight) {
                mismatches += 1
            }
            nextY += fieldHeight + Self.spacing
        }
        #expect(mismatches == 0, "\(mismatches) fields off the stack")
    }

    @Test func theContainerHoldsTheWholeStack() {
        expectStack(height: Self.stackedHeight())
    }

    @Test func withoutTheFitTheContainerKeepsItsMinimumAndWithItGrowsAgain() throws {
        try solver.removeConstraint(fits)
        expectStack(height: Self.minimumHeight)
        try solver.addConstraint(fits)
        expectStack(height: Self.stackedHeight())
    }

    @Test func aRequiredFieldHeightMovesEveryFieldBelowIt() throws {
        let tall = Self.fieldCount / 2
        let pin = h[tall] == 50
        try solver.addConstraint(pin)
        expectStack(height: Self.stackedHeight(extra: 50 - Self.fieldHeight), tallField: tall, tallHeight: 50)
        try solver.removeConstraint(pin)
        expectStack(height: Self.stackedHeight())
    }
}
