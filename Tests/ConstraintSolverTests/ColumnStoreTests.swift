import ConstraintSolverTesting
import Testing

@testable import ConstraintSolver

/// `ColumnStore`, the tableau's columns in one array, against an array per column: seeded
/// random sequences of appends (one at a time and to many columns at once), filters, removals
/// and limit resets over a few hundred columns, so that columns grow through several block
/// sizes, leave their blocks to others and take freed ones, while their neighbours change.
@Suite struct ColumnStoreTests {
    /// A column as the tableau used to keep it: its entries and its compaction limit.
    struct ReferenceColumn {
        var rows: [RowIndex] = []
        var limit = Int(ColumnStore.minimumLimit)
    }

    /// One sequence of `steps` operations on `columns` columns; returns the first problem found.
    static func run(seed: UInt64, steps: Int, columns: Int) -> String? {
        var random = SplitMix64(seed: seed)
        var store = ColumnStore()
        var reference: [ReferenceColumn] = []
        for _ in 0..<columns {
            store.appendEmptyColumn()
            reference.append(ReferenceColumn())
        }
        var nextRow: Int32 = 0
        for step in 0..<steps {
            let s = Symbol(raw: Int32(random.int(in: 0...(columns - 1))))
            switch random.int(in: 0...9) {
            case 0...3:
                let r = RowIndex(raw: nextRow)
                nextRow += 1
                let isDue = store.append(r, to: s)
                reference[s.index].rows.append(r)
                if isDue != (reference[s.index].rows.count > reference[s.index].limit) {
                    return "step \(step): append to \(s.index) said due \(isDue) at \(reference[s.index].rows.count)"
                }
            case 4...6:
                // A row's new cells: distinct symbols, in the row's order.
                var symbols: [Symbol] = []
                for _ in 0..<random.int(in: 1...12) {
                    let t = Symbol(raw: Int32(random.int(in: 0...(columns - 1))))
                    if !symbols.contains(t) { symbols.append(t) }
                }
                let r = RowIndex(raw: nextRow)
                nextRow += 1
                var expected: [Symbol] = []
                for t in symbols {
                    reference[t.index].rows.append(r)
                    if reference[t.index].rows.count > reference[t.index].limit { expected.append(t) }
                }
                // A third of the time as a row just installed, whose columns are not checked
                // for compaction.
                if random.chance(1, in: 3) {
                    symbols.withUnsafeBufferPointer { store.append(r, toEach: $0) }
                } else {
                    var due: [Symbol] = []
                    store.append(r, toEach: symbols, due: &due)
                    if due != expected { return "step \(step): due \(due), expected \(expected)" }
                }
            case 7:
                // Drops every entry whose row id is a multiple of a small divisor.
                let divisor = Int32(random.int(in: 2...4))
                let kept = store.filter(s) { entries in
                    var kept = 0
                    for k in entries.indices where entries[k].raw % divisor != 0 {
                        entries[kept] = entries[k]
                        kept += 1
                    }
                    return kept
                }
                reference[s.index].rows.removeAll { $0.raw % divisor == 0 }
                if kept != reference[s.index].rows.count {
                    return "step \(step): filter kept \(kept), expected \(reference[s.index].rows.count)"
                }
            case 8:
                store.resetLimit(of: s)
                reference[s.index].limit = max(Int(ColumnStore.minimumLimit), 2 * reference[s.index].rows.count)
            default:
                store.removeAll(of: s)
                reference[s.index] = ReferenceColumn()
            }
            // Every column at intervals and at the end: a block written past its end shows in
            // a neighbour.
            if step % 25 == 0 || step == steps - 1, let problem = mismatch(store, reference, at: step) {
                return problem
            }
        }
        return nil
    }

    /// The first column whose entries differ from the reference's, read in each of the
    /// store's three ways, or `nil`.
    static func mismatch(_ store: ColumnStore, _ reference: [ReferenceColumn], at step: Int) -> String? {
        for (index, column) in reference.enumerated() {
            let s = Symbol(raw: Int32(index))
            guard store.count(of: s) == column.rows.count else {
                return "step \(step): column \(index) has \(store.count(of: s)), expected \(column.rows.count)"
            }
            let start = store.start(of: s)
            let inPlace = (start..<start + column.rows.count).map { store.row(at: $0) }
            if store.rows(of: s) != column.rows || Array(store.slice(of: s)) != column.rows || inPlace != column.rows {
                return "step \(step): column \(index) is \(store.rows(of: s)), expected \(column.rows)"
            }
        }
        return nil
    }

    @Test func agreesWithAnArrayPerColumn() {
        expectProperty(seeds: 0..<6) { seed in
            Self.run(seed: seed, steps: 3_000, columns: 40).map { [$0] } ?? []
        }
    }

    /// Two columns appended to in turn, one far longer: the long one moves through blocks of
    /// 4, 8, …, 256 entries, past the short one each time, and both keep their entries in order.
    @Test func columnsGrowPastEachOther() {
        var store = ColumnStore()
        store.appendEmptyColumn()
        store.appendEmptyColumn()
        let long = Symbol(raw: 0)
        let short = Symbol(raw: 1)
        var expectedLong: [RowIndex] = []
        var expectedShort: [RowIndex] = []
        for k in Int32(0)..<200 {
            store.append(RowIndex(raw: k), to: long)
            expectedLong.append(RowIndex(raw: k))
            if k % 50 == 0 {
                store.append(RowIndex(raw: 1_000 + k), to: short)
                expectedShort.append(RowIndex(raw: 1_000 + k))
            }
        }
        #expect(store.rows(of: long) == expectedLong)
        #expect(store.rows(of: short) == expectedShort)
        // Emptied, the long column gives its block back; a column grown to the same length
        // next holds its own entries, not the old ones.
        store.removeAll(of: long)
        #expect(store.count(of: long) == 0)
        for k in Int32(0)..<150 { store.append(RowIndex(raw: 5_000 + k), to: short) }
        #expect(store.rows(of: short) == expectedShort + (Int32(0)..<150).map { RowIndex(raw: 5_000 + $0) })
        #expect(store.rows(of: long).isEmpty)
    }

    /// The compaction limit: an append says "due" once the column passes 16 entries, and after
    /// a reset, once it passes twice its length then.
    @Test func appendsReportTheCompactionLimit() {
        var store = ColumnStore()
        store.appendEmptyColumn()
        let s = Symbol(raw: 0)
        let flags = (Int32(0)..<17).map { store.append(RowIndex(raw: $0), to: s) }
        #expect(flags == Array(repeating: false, count: 16) + [true])
        // The limit is now 2 × 17 = 34.
        store.resetLimit(of: s)
        let later = (Int32(17)..<35).map { store.append(RowIndex(raw: $0), to: s) }
        #expect(later == Array(repeating: false, count: 17) + [true])
    }
}
