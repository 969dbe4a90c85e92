/// The rows that may contain a symbol: a superset, which ``Tableau/rowsContaining(_:)`` filters
/// (rows freed, rows the symbol left, repeats) when it is read.
///
/// A short column keeps its rows in the struct itself, in ``inlineCapacity`` slots, with no
/// allocation; a longer one keeps them all in one array (``spilled``). The tableau holds one
/// column per symbol, and most are short: a marker enters its constraint's row and, an error,
/// its objective row, and substitutions carry it into a few more. As an array each, every
/// marker's column was a heap block of its own, allocated when the symbol was made: 110,000
/// blocks, and as many more grown on the way, in a 10,000-row form's first layout.
///
/// The struct is 32 bytes (the count, five rows and the array's reference; an array alone was
/// 8, plus a 48-byte block for most columns).
struct Column: RandomAccessCollection {
    /// How many rows a column holds without an array: five fill the room the count and the
    /// array's reference leave in 32 bytes.
    static let inlineCapacity = 5

    /// The room of a column's array when it spills: the length below which the tableau never
    /// compacts a column (16), so that a column which stays short of its first compaction takes
    /// one block. In a 10,000-row form three markers of each form row (a slack, an error and a
    /// dummy) reach 12 entries, 8 of them live; with room for ten at the spill, each grew a
    /// second block.
    static let spilledCapacity = Int(Tableau.minimumColumnLimit)

    /// How many rows sit in the inline slots; `0` once the column has spilled.
    private var inlineCount: Int32 = 0
    private var inlineRows: (Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0)
    /// All the rows of a column that outgrew the inline slots, or empty. An array emptied by
    /// filtering keeps its room for the next spill, and the rows go inline again meanwhile.
    private var spilled: [RowIndex] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { spilled.isEmpty ? Int(inlineCount) : spilled.count }

    subscript(position: Int) -> RowIndex {
        guard spilled.isEmpty else { return spilled[position] }
        precondition(position >= 0 && position < Int(inlineCount), "column index out of range")
        return RowIndex(raw: inlineRow(at: position))
    }

    /// Adds `r` after the rows the column holds.
    mutating func append(_ r: RowIndex) {
        if spilled.isEmpty {
            if inlineCount < Self.inlineCapacity {
                setInlineRow(r.raw, at: Int(inlineCount))
                inlineCount += 1
                return
            }
            spilled.reserveCapacity(Self.spilledCapacity)
            for k in 0..<Self.inlineCapacity { spilled.append(RowIndex(raw: inlineRow(at: k))) }
            inlineCount = 0
        }
        spilled.append(r)
    }

    /// Keeps the rows for which `isKept` holds, in their order.
    @inline(__always)
    mutating func filter(keeping isKept: (RowIndex) -> Bool) {
        guard spilled.isEmpty else {
            var kept = 0
            spilled.withUnsafeMutableBufferPointer { rows in
                for k in 0..<rows.count where isKept(rows[k]) {
                    rows[kept] = rows[k]
                    kept += 1
                }
            }
            spilled.removeLast(spilled.count - kept)
            return
        }
        var kept: Int32 = 0
        for k in 0..<Int(inlineCount) {
            let raw = inlineRow(at: k)
            guard isKept(RowIndex(raw: raw)) else { continue }
            setInlineRow(raw, at: Int(kept))
            kept += 1
        }
        inlineCount = kept
    }

    /// Empties the column and frees its array, if it has one.
    mutating func removeAll() {
        self = Column()
    }

    @inline(__always)
    private func inlineRow(at k: Int) -> Int32 {
        switch k {
        case 0: inlineRows.0
        case 1: inlineRows.1
        case 2: inlineRows.2
        case 3: inlineRows.3
        default: inlineRows.4
        }
    }

    @inline(__always)
    private mutating func setInlineRow(_ raw: Int32, at k: Int) {
        switch k {
        case 0: inlineRows.0 = raw
        case 1: inlineRows.1 = raw
        case 2: inlineRows.2 = raw
        case 3: inlineRows.3 = raw
        default: inlineRows.4 = raw
        }
    }
}
