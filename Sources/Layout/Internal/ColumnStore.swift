/// The tableau's columns: for each symbol, the rows that may contain it (a superset, filtered
/// on use, see ``Tableau/rowsContaining(_:)``), all kept in one array.
///
/// A column was an array of its own, an allocation per symbol: a 10,000-row form's first
/// layout made 220,000 of them (a marker's column when the marker was made, an external
/// variable's at its first row, and each doubling of a column), a quarter of that layout's
/// allocations, and every append to a column first read that array's header to check its
/// uniqueness, a read of a cold line per cell recorded. Here a column is a block of one shared
/// array, found through a header in a table indexed by symbol; the columns of symbols made
/// together sit together.
///
/// A block holds a power of two of entries, at least ``smallestBlock``. A column that outgrows
/// its block moves to one twice as large; the block it leaves goes to a free list of its size,
/// where the next column to need that size finds it. The store never shrinks: it holds what the
/// columns held at their largest, with their outgrown blocks (at most as much again), as the
/// allocator held them before.
struct ColumnStore {
    /// A column's place in ``entries``: `count` entries from `start`, in a block of `capacity`;
    /// and `limit`, the length at which ``Tableau`` compacts it (see
    /// ``Tableau/recordCreatedCells(in:)``), kept here so that an append reads one header.
    /// 32-bit positions, as the rows' and symbols' ids are: the store would hold 8 GB before
    /// they ran out.
    private struct Header {
        var start: Int32 = 0
        var count: Int32 = 0
        var capacity: Int32 = 0
        var limit: Int32 = ColumnStore.minimumLimit
    }

    /// Each symbol's header, indexed by ``Symbol/index``.
    private var headers: [Header] = []
    /// The blocks, side by side, and room at the end: the blocks end at ``used``.
    private var entries: [RowIndex] = []
    /// Where the next new block starts.
    private var used: Int32 = 0
    /// The starts of the free blocks, by size: index `k` holds those of `smallestBlock << k`.
    private var freeBlocks: [[Int32]] = []

    /// The smallest block: a marker's column (a slack, error or dummy symbol, or an objective
    /// row's) holds its constraint's row and, an error, its objective row, and substitutions
    /// carry it into a few more, so four covers most columns in one block. Eight saved no more
    /// when columns were arrays of their own.
    static let smallestBlock: Int32 = 4

    /// Columns shorter than this are never compacted (see ``Tableau/recordCreatedCells(in:)``).
    static let minimumLimit: Int32 = 16

    /// How many symbols the header table holds room for.
    var capacity: Int { headers.capacity }

    /// Makes room for `symbols` symbols in all, and for two blocks of the smallest size for
    /// each new one.
    ///
    /// Two, because a column that outgrows its first block takes one twice the size and leaves
    /// the first to a later column: a form's tableau ends with 7.6 entries a symbol at 1,000
    /// rows and 7.7 at 10,000. With room for one block a symbol, the entries' array doubled
    /// once in every first layout of the form (at 10,000 rows from 760,000 entries to
    /// 1,520,000, a 3 MB copy). With room for two, five such layouts run 0.28% fewer
    /// instructions at 1,000 rows and 0.03% fewer at 10,000 (callgrind). The room a layout does
    /// not use is never written.
    mutating func reserveCapacity(symbols: Int) {
        headers.reserveGrowth(toHold: symbols)
        entries.reserveGrowth(toHold: Int(used) + 2 * Int(Self.smallestBlock) * max(0, symbols - headers.count))
    }

    /// Adds an empty column for the next symbol.
    @inline(__always)
    mutating func appendEmptyColumn() {
        headers.append(Header())
    }

    /// The number of entries in the column of `s`.
    @inline(__always)
    func count(of s: Symbol) -> Int { Int(headers[s.index].count) }

    /// Appends `r` to the column of `s`; returns whether the column is now longer than its
    /// compaction limit.
    @inline(__always)
    @discardableResult
    mutating func append(_ r: RowIndex, to s: Symbol) -> Bool {
        let header = headers[s.index]
        if header.count == header.capacity { grow(s) }
        let start = headers[s.index].start
        entries[Int(start + header.count)] = r
        headers[s.index].count = header.count + 1
        return header.count + 1 > header.limit
    }

    /// Appends `r` to the columns of `symbols` (a row's new cells), and appends to `due` those
    /// that are now longer than their compaction limit.
    ///
    /// The store's two arrays are checked for uniqueness once per call, not once per append:
    /// with an append each, a 1,000-link chain (`solver-benchmark chain`), which records
    /// millions of cells, ran 4% more instructions than with a column per array.
    mutating func append(_ r: RowIndex, toEach symbols: [Symbol], due: inout [Symbol]) {
        append(r, toEach: symbols, tracking: &due)
    }

    /// Appends `r` to the columns of `symbols` (the cells of a row just installed), whatever
    /// their lengths (see ``append(_:toEach:due:)``).
    mutating func append(_ r: RowIndex, toEach symbols: UnsafeBufferPointer<Symbol>) {
        var untracked = Untracked()
        append(r, toEach: symbols, tracking: &untracked)
    }

    @inline(__always)
    private mutating func append<Symbols: RandomAccessCollection<Symbol>, Due: DueList>(
        _ r: RowIndex, toEach symbols: Symbols, tracking due: inout Due
    ) where Symbols.Index == Int {
        var next = symbols.startIndex
        while next < symbols.endIndex {
            next = headers.withUnsafeMutableBufferPointer { headers in
                entries.withUnsafeMutableBufferPointer { entries in
                    for k in next..<symbols.endIndex {
                        let i = symbols[k].index
                        let header = headers[i]
                        // A full block: grown below, out of the buffers, then on.
                        if header.count == header.capacity { return k }
                        entries[Int(header.start + header.count)] = r
                        headers[i].count = header.count + 1
                        if header.count + 1 > header.limit { due.note(symbols[k]) }
                    }
                    return symbols.endIndex
                }
            }
            if next < symbols.endIndex { grow(symbols[next]) }
        }
    }

    /// Moves the column of `s` to a block twice as large (or the smallest, for an empty one).
    @inline(never)
    private mutating func grow(_ s: Symbol) {
        let old = headers[s.index]
        if old.capacity == 0 {
            // A new column's first block: nothing to move or free.
            headers[s.index].start = takeBlock(Self.smallestBlock)
            headers[s.index].capacity = Self.smallestBlock
            return
        }
        let capacity = 2 * old.capacity
        let start = takeBlock(capacity)
        entries.withUnsafeMutableBufferPointer { entries in
            for k in 0..<Int(old.count) { entries[Int(start) + k] = entries[Int(old.start) + k] }
        }
        if old.capacity > 0 { giveBack(block: old.start, capacity: old.capacity) }
        headers[s.index].start = start
        headers[s.index].capacity = capacity
    }

    /// A free block of `capacity` entries (a power of two): a freed one, else one at the end.
    private mutating func takeBlock(_ capacity: Int32) -> Int32 {
        let size = Self.sizeClass(capacity)
        // Read before popped: popping checks the list's uniqueness even when it is empty.
        if size < freeBlocks.count, !freeBlocks[size].isEmpty, let start = freeBlocks[size].popLast() {
            return start
        }
        let start = used
        used += capacity
        if Int(used) > entries.count {
            // At least a few hundred entries at a time: each extension is a call of the
            // generic `append(contentsOf:)`, about 150 instructions.
            let extra = max(Int(used) - entries.count, 256)
            entries.append(contentsOf: repeatElement(RowIndex(raw: -1), count: extra))
        }
        return start
    }

    private mutating func giveBack(block start: Int32, capacity: Int32) {
        let size = Self.sizeClass(capacity)
        while freeBlocks.count <= size { freeBlocks.append([]) }
        freeBlocks[size].append(start)
    }

    /// `log₂(capacity / smallestBlock)`.
    private static func sizeClass(_ capacity: Int32) -> Int {
        (Int32.bitWidth - 1 - capacity.leadingZeroBitCount) - (Int32.bitWidth - 1 - smallestBlock.leadingZeroBitCount)
    }

    /// Empties the column of `s` (a released symbol's), keeping a block of the smallest size for
    /// the symbol's next use and freeing a larger one.
    mutating func removeAll(of s: Symbol) {
        let header = headers[s.index]
        if header.capacity > Self.smallestBlock {
            giveBack(block: header.start, capacity: header.capacity)
            headers[s.index] = Header()
        } else {
            headers[s.index].count = 0
            headers[s.index].limit = Self.minimumLimit
        }
    }

    /// Calls `body` with the entries of the column of `s`, in place, and keeps the first ones,
    /// as many as it returns (at most as many as it was given): a filter in place.
    @inline(__always)
    mutating func filter(_ s: Symbol, _ body: (UnsafeMutableBufferPointer<RowIndex>) -> Int) -> Int {
        let header = headers[s.index]
        let kept = entries.withUnsafeMutableBufferPointer { entries in
            body(UnsafeMutableBufferPointer(rebasing: entries[Int(header.start)..<Int(header.start + header.count)]))
        }
        headers[s.index].count = Int32(min(max(kept, 0), Int(header.count)))
        return Int(headers[s.index].count)
    }

    /// The entries of the column of `s`, copied.
    func rows(of s: Symbol) -> [RowIndex] {
        let header = headers[s.index]
        return Array(entries[Int(header.start)..<Int(header.start + header.count)])
    }

    /// The entries of the column of `s` as a slice of the store, not copied: for a caller that
    /// changes no column while it holds it (an append would copy the whole store first).
    @inline(__always)
    func slice(of s: Symbol) -> ArraySlice<RowIndex> {
        let header = headers[s.index]
        return entries[Int(header.start)..<Int(header.start + header.count)]
    }

    /// Where the column of `s` starts, for ``row(at:)``: it stays there until the column grows
    /// (an append to it) or is emptied (the symbol released).
    @inline(__always)
    func start(of s: Symbol) -> Int { Int(headers[s.index].start) }

    /// The entry at `position` of the store (a column's ``start(of:)`` plus an index below its
    /// count): for a caller that walks a column in place while it changes the tableau but not
    /// that column, instead of copying it (``Tableau/rowsContaining(_:)``).
    @inline(__always)
    func row(at position: Int) -> RowIndex { entries[position] }

    /// Sets the compaction limit of the column of `s` to twice its length, and at least
    /// ``minimumLimit``.
    mutating func resetLimit(of s: Symbol) {
        headers[s.index].limit = max(Self.minimumLimit, 2 * headers[s.index].count)
    }
}

/// Where ``ColumnStore``'s appends note the columns due for compaction: a list, or nowhere.
private protocol DueList {
    mutating func note(_ s: Symbol)
}

extension Array: DueList where Element == Symbol {
    mutating func note(_ s: Symbol) { append(s) }
}

/// Nowhere: for a caller that does not compact.
private struct Untracked: DueList {
    mutating func note(_ s: Symbol) {}
}
