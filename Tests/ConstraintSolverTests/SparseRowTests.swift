import ConstraintSolverTesting
import Testing

@testable import ConstraintSolver

/// `SparseRow` against a reference model (the two arrays it kept before its cells moved inline
/// or into one heap block), after every step of seeded random sequences: appends past the
/// inline capacity and removals back below it, cancellation, bulk additions that grow an
/// inline row into a heap row, and copies changed independently of each other (copy on write).
@Suite struct SparseRowTests {
    /// The row as two arrays, with the old semantics spelled out: cells in insertion order,
    /// removal by moving the last cell into the hole, a hash index (only its presence matters
    /// here: it picks how cancelled cells are removed) from the first time the row grows past
    /// `SparseRow.indexThreshold` cells.
    struct ReferenceRow {
        var constant: Double
        var symbols: [Symbol] = []
        var coefficients: [Double] = []
        var hasIndex = false

        func position(of symbol: Symbol) -> Int? { symbols.firstIndex(of: symbol) }

        mutating func append(_ symbol: Symbol, _ coefficient: Double) {
            symbols.append(symbol)
            coefficients.append(coefficient)
            if symbols.count > SparseRow.indexThreshold { hasIndex = true }
        }

        mutating func remove(at i: Int) {
            symbols.swapAt(i, symbols.count - 1)
            coefficients.swapAt(i, coefficients.count - 1)
            symbols.removeLast()
            coefficients.removeLast()
        }

        mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Bool {
            if let i = position(of: symbol) {
                let sum = coefficients[i] + coefficient
                if SparseRow.cancels(sum, coefficients[i], coefficient) { remove(at: i) } else { coefficients[i] = sum }
                return false
            }
            if abs(coefficient) < SparseRow.epsilon { return false }
            append(symbol, coefficient)
            return true
        }

        mutating func add(_ other: ReferenceRow, times factor: Double, created: inout [Symbol]) -> Bool {
            constant += factor * other.constant
            var finite = constant.isFinite
            var cancelled: [Int] = []
            var appended: [Int] = []
            for k in other.symbols.indices {
                let delta = factor * other.coefficients[k]
                if let i = position(of: other.symbols[k]) {
                    let old = coefficients[i]
                    let sum = old + delta
                    if !sum.isFinite { finite = false }
                    if SparseRow.cancels(sum, old, delta) {
                        coefficients[i] = 0
                        cancelled.append(i)
                    } else {
                        coefficients[i] = sum
                    }
                } else if !delta.isFinite {
                    finite = false
                    appended.append(k)
                } else if abs(delta) >= SparseRow.epsilon {
                    appended.append(k)
                }
            }
            for k in appended {
                created.append(other.symbols[k])
                append(other.symbols[k], factor * other.coefficients[k])
            }
            guard !cancelled.isEmpty else { return finite }
            if hasIndex, cancelled.count * 8 < symbols.count {
                for i in cancelled.sorted(by: >) { remove(at: i) }
            } else {
                let kept = symbols.indices.filter { coefficients[$0] != 0 }
                symbols = kept.map { symbols[$0] }
                coefficients = kept.map { coefficients[$0] }
            }
            return finite
        }

        mutating func remove(_ symbol: Symbol) -> Double {
            guard let i = position(of: symbol) else { return 0 }
            let c = coefficients[i]
            remove(at: i)
            return c
        }

        mutating func scale(by factor: Double) {
            constant *= factor
            for i in coefficients.indices { coefficients[i] *= factor }
        }
    }

    /// A row and its model, changed alike.
    struct Pair {
        var row: SparseRow
        var model: ReferenceRow

        init(constant: Double, capacity: Int) {
            row = SparseRow(constant: constant, capacity: capacity)
            model = ReferenceRow(constant: constant)
        }
    }

    /// Symbols 0..<40: rows grow past the inline capacity and past the index threshold.
    static let symbolCount = 40
    /// Small coefficients that cancel one another often, one below `SparseRow.epsilon`, and
    /// (rarely drawn) an infinity.
    static let coefficients: [Double] = [1, -1, 2, -2, 0.5, -0.5, 3, 1e-9, -1e-9]
    static let factors: [Double] = [1, -1, 2, -0.5, 0.5, -2]

    /// How the row disagrees with its model, if it does.
    static func difference(_ row: SparseRow, _ model: ReferenceRow, values: [Double]) -> String? {
        guard row.constant.bitPattern == model.constant.bitPattern else {
            return "constant \(row.constant), expected \(model.constant)"
        }
        guard row.count == model.symbols.count, row.isEmpty == model.symbols.isEmpty else {
            return "\(row.count) cells, expected \(model.symbols.count)"
        }
        let symbols = Array(row.symbols)
        let coefficients = Array(row.coefficients)
        guard symbols == model.symbols, coefficients.map(\.bitPattern) == model.coefficients.map(\.bitPattern) else {
            return "cells \(symbols.map(\.raw)) \(coefficients), expected \(model.symbols.map(\.raw))"
        }
        let cells = row.withCells { symbols, coefficients in (Array(symbols), Array(coefficients)) }
        guard cells.0 == model.symbols, cells.1.map(\.bitPattern) == model.coefficients.map(\.bitPattern) else {
            return "withCells gives \(cells.0.map(\.raw)) \(cells.1), expected \(model.symbols.map(\.raw))"
        }
        for i in model.symbols.indices
        where row.symbol(at: i) != model.symbols[i]
            || row.coefficient(at: i).bitPattern != model.coefficients[i].bitPattern
        {
            return "cell \(i) reads \(row.symbol(at: i).raw) \(row.coefficient(at: i))"
        }
        for raw in 0..<Int32(symbolCount) {
            let s = Symbol(raw: raw)
            let expected = model.position(of: s)
            guard row.position(of: s) == expected, row.contains(s) == (expected != nil),
                row.coefficient(of: s).bitPattern == (expected.map { model.coefficients[$0] } ?? 0).bitPattern
            else {
                let position = String(describing: row.position(of: s))
                return "lookup of \(raw): \(position), expected \(String(describing: expected))"
            }
        }
        var value = model.constant
        for i in model.symbols.indices { value += model.coefficients[i] * values[model.symbols[i].index] }
        let rowValue = values.withUnsafeBufferPointer { row.value(with: $0) }
        guard rowValue.bitPattern == value.bitPattern else { return "value \(rowValue), expected \(value)" }
        let finite = model.constant.isFinite && model.coefficients.allSatisfy(\.isFinite)
        guard row.isFinite == finite else { return "isFinite \(row.isFinite), expected \(finite)" }
        return nil
    }

    /// How often the random sequences crossed the inline capacity, each way, and left a row
    /// longer than the index threshold.
    struct Crossings {
        var grew = 0
        var shrank = 0
        var indexed = 0
    }

    /// One seeded sequence of `steps` random operations on a pool of four rows; returns the
    /// problems found (at most one, at the step where it appeared) and the crossings made.
    static func run(seed: UInt64, steps: Int) -> (problems: [String], crossings: Crossings) {
        var random = SplitMix64(seed: seed)
        var pool = (0..<4).map { _ in Pair(constant: 0, capacity: 0) }
        var crossings = Crossings()
        let values = (0..<symbolCount).map { _ in Double(random.int(in: -1000...1000)) / 8 }
        func coefficient() -> Double {
            random.chance(1, in: 200) ? .infinity : random.element(of: coefficients)
        }
        for step in 0..<steps {
            let i = random.int(in: 0...(pool.count - 1))
            let before = pool.map(\.row.count)
            let operation: String
            switch random.int(in: 0...99) {
            case 0..<35:
                let s = Symbol(raw: Int32(random.int(in: 0...(symbolCount - 1))))
                let c = coefficient()
                operation = "add(\(s.raw), \(c))"
                let created = pool[i].row.add(s, c)
                if created != pool[i].model.add(s, c) {
                    return (["step \(step): \(operation) returned \(created)"], crossings)
                }
            case 35..<60:
                let j = random.int(in: 0...(pool.count - 1))
                let factor = random.element(of: factors)
                operation = "add(row \(j), times: \(factor))"
                let other = pool[j]
                var created: [Symbol] = []
                var expectedCreated: [Symbol] = []
                let finite = pool[i].row.add(other.row, times: factor, created: &created)
                let expectedFinite = pool[i].model.add(other.model, times: factor, created: &expectedCreated)
                guard created == expectedCreated, finite == expectedFinite else {
                    return (["step \(step): \(operation) created \(created.map(\.raw)), finite \(finite)"], crossings)
                }
            case 60..<75:
                let s = Symbol(raw: Int32(random.int(in: 0...(symbolCount - 1))))
                operation = "remove(\(s.raw))"
                let c = pool[i].row.remove(s)
                if c.bitPattern != pool[i].model.remove(s).bitPattern {
                    return (["step \(step): \(operation) returned \(c)"], crossings)
                }
            case 75..<83:
                // A copy that shares the original's block until either changes.
                let j = random.int(in: 0...(pool.count - 1))
                operation = "row \(j) = row \(i)"
                pool[j] = pool[i]
            case 83..<88:
                let factor = random.element(of: factors)
                operation = "scale(by: \(factor))"
                pool[i].row.scale(by: factor)
                pool[i].model.scale(by: factor)
            case 88..<92:
                guard let s = pool[i].model.symbols.last, pool[i].model.coefficients.last != 0 else { continue }
                operation = "solve(for: \(s.raw))"
                pool[i].row.solve(for: s)
                let c = pool[i].model.remove(s)
                pool[i].model.scale(by: -1.0 / c)
            case 92..<96:
                operation = "moveInlineIfShort()"
                pool[i].row.moveInlineIfShort()
            default:
                let capacity = random.int(in: 0...20)
                operation = "SparseRow(constant: 1, capacity: \(capacity))"
                pool[i] = Pair(constant: 1, capacity: capacity)
            }
            let after = pool[i].row.count
            if before[i] <= SparseRow.inlineCapacity && after > SparseRow.inlineCapacity { crossings.grew += 1 }
            if before[i] > SparseRow.inlineCapacity && after <= SparseRow.inlineCapacity { crossings.shrank += 1 }
            if after > SparseRow.indexThreshold { crossings.indexed += 1 }
            // Every row of the pool: a change to one must not show in its copies.
            for k in pool.indices {
                if let problem = difference(pool[k].row, pool[k].model, values: values) {
                    return (["step \(step), row \(k) after \(operation) on row \(i): \(problem)"], crossings)
                }
            }
        }
        return ([], crossings)
    }

    @Test func agreesWithTheReferenceModel() {
        var crossings = Crossings()
        expectProperty(seeds: 0..<32) { seed in
            let result = Self.run(seed: seed, steps: 400)
            crossings.grew += result.crossings.grew
            crossings.shrank += result.crossings.shrank
            crossings.indexed += result.crossings.indexed
            return result.problems
        }
        // The sequences did cross the inline capacity, both ways, many times, and grew rows
        // long enough for an index.
        #expect(crossings.grew > 200)
        #expect(crossings.shrank > 200)
        #expect(crossings.indexed > 1000)
    }

    /// The boundary step by step: appends past the inline capacity, a bulk addition that grows
    /// an inline row into a heap row, a copy changed on its own, removals back below the
    /// capacity, and a row moved back inline.
    @Test func crossesTheInlineCapacity() {
        let values = (0..<Self.symbolCount).map { Double($0) + 0.25 }
        var pair = Pair(constant: 2, capacity: 0)
        let inline = SparseRow.inlineCapacity
        for raw in 0..<Int32(inline) {
            #expect(pair.row.add(Symbol(raw: raw), 1) == pair.model.add(Symbol(raw: raw), 1))
        }
        #expect(Self.difference(pair.row, pair.model, values: values) == nil)

        // Inline, full: a bulk addition of new cells and one that cancels.
        var other = Pair(constant: 1, capacity: 0)
        _ = other.row.add(Symbol(raw: 0), -1)
        _ = other.model.add(Symbol(raw: 0), -1)
        for raw in Int32(inline)..<Int32(inline + 3) {
            _ = other.row.add(Symbol(raw: raw), 2)
            _ = other.model.add(Symbol(raw: raw), 2)
        }
        var created: [Symbol] = []
        var expectedCreated: [Symbol] = []
        #expect(pair.row.add(other.row, times: 1, created: &created))
        _ = pair.model.add(other.model, times: 1, created: &expectedCreated)
        #expect(created == expectedCreated)
        #expect(pair.row.count == inline + 2)
        #expect(Self.difference(pair.row, pair.model, values: values) == nil)

        // A copy of the heap row, changed: the original keeps its cells.
        var copy = pair
        _ = copy.row.add(Symbol(raw: 30), 5)
        _ = copy.model.add(Symbol(raw: 30), 5)
        copy.row.scale(by: -2)
        copy.model.scale(by: -2)
        #expect(Self.difference(copy.row, copy.model, values: values) == nil)
        #expect(Self.difference(pair.row, pair.model, values: values) == nil)

        // Back below the capacity, then inline again; the copy is untouched.
        while pair.model.symbols.count > inline - 1, let s = pair.model.symbols.first {
            #expect(pair.row.remove(s).bitPattern == pair.model.remove(s).bitPattern)
            #expect(Self.difference(pair.row, pair.model, values: values) == nil)
        }
        pair.row.moveInlineIfShort()
        #expect(Self.difference(pair.row, pair.model, values: values) == nil)
        _ = pair.row.add(Symbol(raw: 31), 1)
        _ = pair.model.add(Symbol(raw: 31), 1)
        #expect(Self.difference(pair.row, pair.model, values: values) == nil)
        #expect(Self.difference(copy.row, copy.model, values: values) == nil)
    }

    /// A long row (past `SparseRow.longRowCellCount` cells) in bulk additions, against the model
    /// at every step: added to a row of two cells (whose index is made and grown once for them
    /// all), then taken away again (every cell found through that index, and cancelled); added
    /// to a row of the same symbols in the reverse order, and to an indexed row holding every
    /// other one (its index grown once for the other half).
    @Test func addsLongRowsToRowsMadeFromThem() {
        let count = 3 * SparseRow.longRowCellCount
        var random = SplitMix64(seed: 7)
        let values = (0..<count + 2).map { _ in Double(random.int(in: -1000...1000)) / 8 }
        // Symbols in a scrambled order (a multiplier prime to the count), as an expansion
        // leaves them.
        let order = (0..<count).map { Symbol(raw: Int32(($0 * 7_919) % count)) }
        var long = Pair(constant: 1, capacity: 0)
        for s in order {
            let c = Double(random.int(in: 1...16)) / 4
            _ = long.row.add(s, c)
            _ = long.model.add(s, c)
        }
        func twoCells() -> Pair {
            var pair = Pair(constant: 3, capacity: 0)
            for raw in [Int32(count), Int32(count + 1)] {
                _ = pair.row.add(Symbol(raw: raw), 1)
                _ = pair.model.add(Symbol(raw: raw), 1)
            }
            return pair
        }
        func add(_ other: Pair, times factor: Double, to pair: inout Pair) -> String? {
            var created: [Symbol] = []
            var expectedCreated: [Symbol] = []
            let finite = pair.row.add(other.row, times: factor, created: &created)
            let expectedFinite = pair.model.add(other.model, times: factor, created: &expectedCreated)
            guard created == expectedCreated, finite == expectedFinite else {
                return "created \(created.count) cells, expected \(expectedCreated.count)"
            }
            return Self.difference(pair.row, pair.model, values: values)
        }

        // The same order: every cell appended, then every cell cancelled.
        var same = twoCells()
        #expect(add(long, times: 2, to: &same) == nil)
        #expect(same.row.count == count + 2)
        #expect(add(long, times: -2, to: &same) == nil)
        #expect(same.row.count == 2)

        // The reverse order, and every other cell.
        var reverse = Pair(constant: 0, capacity: 0)
        for s in order.reversed() {
            _ = reverse.row.add(s, 1)
            _ = reverse.model.add(s, 1)
        }
        #expect(add(long, times: -1, to: &reverse) == nil)
        var alternate = twoCells()
        for s in order.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
            _ = alternate.row.add(s, -1)
            _ = alternate.model.add(s, -1)
        }
        #expect(add(long, times: 0.5, to: &alternate) == nil)
    }
}
