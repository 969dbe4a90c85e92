import ConstraintSolverTesting
import Testing

@testable import ConstraintSolver

/// `Column` against a reference model (the array of rows each column was before its rows moved
/// inline), after every step of seeded random sequences: appends past the inline capacity,
/// filters back below it and down to nothing, emptying, and copies changed independently of
/// each other (the tableau walks a copy of a column while it appends to the column itself).
@Suite struct ColumnTests {
    /// A column and the array it must equal.
    struct Pair {
        var column = Column()
        var model: [RowIndex] = []
    }

    /// What is wrong with `column` against `model`, or `nil`.
    static func difference(_ column: Column, _ model: [RowIndex]) -> String? {
        guard column.count == model.count else { return "count \(column.count), expected \(model.count)" }
        guard Array(column) == model else { return "rows \(column.map(\.raw)), expected \(model.map(\.raw))" }
        for (k, r) in model.enumerated() where column[k] != r {
            return "row \(k) is \(column[k].raw) by subscript, expected \(r.raw)"
        }
        return nil
    }

    /// How often the random sequences crossed the inline capacity, each way.
    struct Crossings {
        var spilled = 0
        var shrank = 0
    }

    /// One seeded sequence of `steps` random operations on a pool of three columns; returns the
    /// problems found (at most one, at the step where it appeared) and the crossings made.
    static func run(seed: UInt64, steps: Int) -> (problems: [String], crossings: Crossings) {
        var random = SplitMix64(seed: seed)
        var pool = [Pair(), Pair(), Pair()]
        var crossings = Crossings()
        for step in 0..<steps {
            let i = random.int(in: 0...(pool.count - 1))
            let before = pool[i].model.count
            let operation: String
            switch random.int(in: 0...99) {
            case 0..<60:
                let r = RowIndex(raw: Int32(random.int(in: 0...40)))
                operation = "append(\(r.raw))"
                pool[i].column.append(r)
                pool[i].model.append(r)
            case 60..<80:
                // Keeps the rows below a random bound: from none of them to all.
                let bound = Int32(random.int(in: 0...41))
                operation = "filter(keeping: < \(bound))"
                pool[i].column.filter { $0.raw < bound }
                pool[i].model.removeAll { $0.raw >= bound }
            case 80..<92:
                let j = random.int(in: 0...(pool.count - 1))
                operation = "column \(j) = column \(i)"
                pool[j] = pool[i]
            default:
                operation = "removeAll()"
                pool[i].column.removeAll()
                pool[i].model.removeAll()
            }
            let after = pool[i].model.count
            if before <= Column.inlineCapacity && after > Column.inlineCapacity { crossings.spilled += 1 }
            if before > Column.inlineCapacity && after <= Column.inlineCapacity { crossings.shrank += 1 }
            // Every column of the pool: a change to one must not show in its copies.
            for k in pool.indices {
                if let problem = difference(pool[k].column, pool[k].model) {
                    return (["step \(step), column \(k) after \(operation) on column \(i): \(problem)"], crossings)
                }
            }
        }
        return ([], crossings)
    }

    @Test func agreesWithTheReferenceModel() {
        var crossings = Crossings()
        expectProperty(seeds: 0..<32) { seed in
            let result = Self.run(seed: seed, steps: 400)
            crossings.spilled += result.crossings.spilled
            crossings.shrank += result.crossings.shrank
            return result.problems
        }
        // The sequences did cross the inline capacity, both ways, many times.
        #expect(crossings.spilled > 200)
        #expect(crossings.shrank > 200)
    }

    /// The boundary step by step: a full inline column, the append that spills it, a copy
    /// changed on its own, a filter down to nothing and appends inline again after it.
    @Test func crossesTheInlineCapacity() {
        let inline = Column.inlineCapacity
        var column = Column()
        #expect(column.isEmpty)
        for raw in 0..<Int32(inline) { column.append(RowIndex(raw: raw)) }
        #expect(Self.difference(column, (0..<Int32(inline)).map(RowIndex.init(raw:))) == nil)

        let copy = column
        column.append(RowIndex(raw: 100))
        #expect(Self.difference(column, (0..<Int32(inline)).map(RowIndex.init(raw:)) + [RowIndex(raw: 100)]) == nil)
        #expect(Self.difference(copy, (0..<Int32(inline)).map(RowIndex.init(raw:))) == nil)

        // Spilled, filtered to the odd rows (and the 100 left out): still in order.
        column.filter { $0.raw % 2 == 1 }
        #expect(Self.difference(column, stride(from: Int32(1), to: Int32(inline), by: 2).map(RowIndex.init(raw:))) == nil)

        // Filtered to nothing, the column takes rows inline again, past the capacity once more.
        column.filter { _ in false }
        #expect(column.isEmpty)
        for raw in 0..<Int32(inline + 2) { column.append(RowIndex(raw: raw + 10)) }
        #expect(Self.difference(column, (0..<Int32(inline + 2)).map { RowIndex(raw: $0 + 10) }) == nil)

        column.removeAll()
        #expect(column.isEmpty)
        #expect(Self.difference(copy, (0..<Int32(inline)).map(RowIndex.init(raw:))) == nil)
    }
}
