/// An open-addressing hash table from a symbol id to its position in a ``SparseRow``.
///
/// Rows are usually a handful of cells and are searched linearly; long rows (objectives, the
/// rows of long chains) get this index so that a lookup stays O(1). Keys are symbols, stored as
/// their non-negative ids; the hash is a multiplicative one, so nothing depends on a random seed.
struct PositionTable {
    /// A key and its value side by side, in one array: one allocation per table, and the
    /// header of a long row's block (``SparseRowStorage``) that holds `PositionTable?` stays
    /// 24 bytes, where two arrays and a stored mask made the table 32.
    private struct Entry {
        var key: Int32
        var value: Int32
    }

    private var entries: [Entry]
    private(set) var count = 0

    private static let empty: Int32 = -1

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        entries = Array(repeating: Entry(key: Self.empty, value: 0), count: size)
    }

    /// How many entries the table holds before it grows: three quarters of its size, the load
    /// at which ``set(_:for:)`` doubles it.
    var capacity: Int { entries.count * 3 / 4 }

    /// The table's size less one: sizes are powers of two.
    @inline(__always)
    private var mask: Int { entries.count - 1 }

    @inline(__always)
    private func home(_ key: Int32) -> Int { Self.home(key, mask: mask) }

    @inline(__always)
    private static func home(_ key: Int32, mask: Int) -> Int {
        // Fibonacci hashing: spreads consecutive ids over the table.
        Int(truncatingIfNeeded: (UInt32(bitPattern: key) &* 0x9E37_79B1) >> 7) & mask
    }

    func value(for symbol: Symbol) -> Int32? {
        let key = symbol.raw
        let mask = self.mask
        var slot = home(key)
        while true {
            let entry = entries[slot]
            if entry.key == key { return entry.value }
            if entry.key == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    mutating func set(_ value: Int32, for symbol: Symbol) {
        if (count + 1) * 4 > entries.count * 3 { grow() }
        let key = symbol.raw
        let mask = self.mask
        var slot = home(key)
        while true {
            let k = entries[slot].key
            if k == key {
                entries[slot].value = value
                return
            }
            if k == Self.empty {
                entries[slot] = Entry(key: key, value: value)
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Removes a key, shifting later entries of its probe run back (no tombstones).
    mutating func remove(_ symbol: Symbol) {
        let key = symbol.raw
        let mask = self.mask
        var slot = home(key)
        while true {
            let k = entries[slot].key
            if k == Self.empty { return }
            if k == key { break }
            slot = (slot + 1) & mask
        }
        count -= 1
        var hole = slot
        var next = (hole + 1) & mask
        while entries[next].key != Self.empty {
            let ideal = home(entries[next].key)
            // Move the entry back if the hole lies cyclically between its home and its slot.
            let distanceToNext = (next - ideal) & mask
            let distanceToHole = (hole - ideal) & mask
            if distanceToHole < distanceToNext {
                entries[hole] = entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole].key = Self.empty
    }

    /// Makes room for `count` entries in all, growing the table at most once: to the size that
    /// ``set(_:for:)`` would double it to, entry by entry, for that many. A row about to take
    /// thousands of cells at once (``SparseRowStorage/appendManyAssumingRoom(_:_:)``) rehashed
    /// its index at every doubling, a new table each time: a 10,000-row form's first layout
    /// made 103 tables of its indexes' growth, 12.6 MB; grown once, 8 tables, 4.7 MB (DHAT).
    mutating func reserveCapacity(_ count: Int) {
        guard count > capacity else { return }
        var size = entries.count
        while count * 4 > size * 3 { size <<= 1 }
        rehash(size: size)
    }

    /// Doubles the table.
    private mutating func grow() {
        rehash(size: entries.count * 2)
    }

    /// Moves the entries into a new table of `size` entries, a power of two that holds them.
    /// They are placed straight in: their keys are distinct and the table has room, so no probe
    /// compares keys or checks the load (through ``set(_:for:)``, a form's objective rows'
    /// growth was 2.4% of its first layout).
    private mutating func rehash(size: Int) {
        let old = entries
        entries = Array(repeating: Entry(key: Self.empty, value: 0), count: size)
        let mask = self.mask
        entries.withUnsafeMutableBufferPointer { entries in
            for entry in old where entry.key != Self.empty {
                var slot = Self.home(entry.key, mask: mask)
                while entries[slot].key != Self.empty { slot = (slot + 1) & mask }
                entries[slot] = entry
            }
        }
    }
}
