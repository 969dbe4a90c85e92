/// An index from a symbol id to its position in a ``SparseRow``: a hash table, or a direct table
/// once a row that collects new symbols grows long.
///
/// Rows are usually a handful of cells and are searched linearly; long rows (objectives, the
/// rows of long chains) get this index so that a lookup stays O(1). Keys are symbols, stored as
/// their non-negative ids.
///
/// - **Hashed**: open addressing with linear probing; the hash is a multiplicative one, so
///   nothing depends on a random seed.
/// - **Direct**: indexed by the id itself, two ids to an entry (a position takes 4 bytes, `-1`
///   when the id has no cell), so that consecutive ids sit side by side. A hash table that
///   ``set(_:for:)`` grows to ``directMinimumSize`` entries or more becomes direct instead, if
///   the direct table is at most ``directSpread`` times as large.
///
/// Why: a row that grows cell by cell past thousands of cells is mostly an objective collecting
/// the errors and slacks of the constraints being added (or a long definition being expanded),
/// and those are new symbols, whose ids are the largest so far. Hashed, each lands at a random
/// slot of a table that grows to 512 KB in a 10,000-row form's first layout, which the rest of
/// the work keeps pushing out of the cache: a miss per new cell. Direct, each lands next to the
/// one before. No probe runs either, and a removal moves nothing. That form's first layout ran
/// 3.6% to 7% faster. Tables made or reserved at once (a row's first index, the room for a wide
/// row's cells) stay hashed: made direct too, a 1,000-row form's first layout was 4% slower
/// (`Benchmarks/README.md`, thirty-sixth round).
struct PositionTable {
    /// A key and its value side by side, in one array: one allocation per table, and the
    /// header of a long row's block (``SparseRowStorage``) that holds `PositionTable?` stays
    /// 24 bytes, where two arrays and a stored mask made the table 32. A direct table uses the
    /// same entries for the positions of two ids, `2k` (in `key`) and `2k + 1` (in `value`).
    private struct Entry {
        var key: Int32
        var value: Int32
    }

    private var entries: [Entry]
    private var storedCount: Int32 = 0
    /// Whether ``entries`` is a direct table (see the type's documentation).
    private(set) var isDirect = false

    /// How many symbols the table holds.
    var count: Int { Int(storedCount) }

    private static let empty: Int32 = -1

    /// The smallest table that may be direct: 4,096 entries (32 KB), reached by rows of 1,537
    /// cells or more. Smaller tables fit in the first-level cache anyway.
    static let directMinimumSize = 4096

    /// How much larger than the hash table a direct table may be: four times. An objective row
    /// names errors and slacks from all over the tableau, which the direct table covers up to
    /// the largest id: a 10,000-row form's hold 30,000 cells among 190,000 ids, a direct table
    /// of 131,072 entries where the hash table has 65,536 (1 MB for 512 KB), and a 1,000-row
    /// form's 3,000 cells among 19,000 ids, 16,384 entries for 4,096 (printed by an
    /// uncommitted build).
    static let directSpread = 4

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        entries = Array(repeating: Entry(key: Self.empty, value: 0), count: size)
    }

    /// How many entries the table holds before it grows: three quarters of its size, the load
    /// at which ``set(_:for:)`` doubles a hash table, or for a direct table the number of ids
    /// it covers.
    var capacity: Int { isDirect ? entries.count * 2 : entries.count * 3 / 4 }

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
        if isDirect {
            guard Int(key >> 1) < entries.count else { return nil }
            let position = directPosition(of: key)
            return position == Self.empty ? nil : position
        }
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
        let key = symbol.raw
        if !isDirect, (count + 1) * 4 > entries.count * 3 { grow(toHold: key) }
        if isDirect {
            setDirect(value, for: key)
            return
        }
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
                storedCount += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// ``set(_:for:)`` on a direct table, out of line: the hash tables of short rows, which a
    /// keyboard change updates, keep the lookup loop they had.
    @inline(never)
    private mutating func setDirect(_ value: Int32, for key: Int32) {
        if Int(key >> 1) >= entries.count {
            growDirect(toHold: key)
            if !isDirect {
                set(value, for: Symbol(raw: key))
                return
            }
        }
        if directPosition(of: key) == Self.empty { storedCount += 1 }
        setDirectPosition(value, of: key)
    }

    /// Removes a key: from a hash table, shifting later entries of its probe run back (no
    /// tombstones); from a direct table, in place.
    mutating func remove(_ symbol: Symbol) {
        let key = symbol.raw
        if isDirect {
            guard Int(key >> 1) < entries.count, directPosition(of: key) != Self.empty else { return }
            setDirectPosition(Self.empty, of: key)
            storedCount -= 1
            return
        }
        let mask = self.mask
        var slot = home(key)
        while true {
            let k = entries[slot].key
            if k == Self.empty { return }
            if k == key { break }
            slot = (slot + 1) & mask
        }
        storedCount -= 1
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

    /// The position a direct table holds for `key` (``empty`` for none); the table covers `key`.
    @inline(__always)
    private func directPosition(of key: Int32) -> Int32 {
        let pair = Int(key >> 1)
        return key & 1 == 0 ? entries[pair].key : entries[pair].value
    }

    /// Sets the position a direct table holds for `key`; the table covers `key`.
    @inline(__always)
    private mutating func setDirectPosition(_ position: Int32, of key: Int32) {
        let pair = Int(key >> 1)
        if key & 1 == 0 { entries[pair].key = position } else { entries[pair].value = position }
    }

    /// Makes room for `count` entries in all, growing a hash table at most once: to the size
    /// that ``set(_:for:)`` would double it to, entry by entry, for that many (hashed: see the
    /// type's documentation). A row about to take thousands of cells at once
    /// (``SparseRowStorage/appendManyAssumingRoom(_:_:)``) rehashed its index at every
    /// doubling, a new table each time: a 10,000-row form's first layout made 103 tables of its
    /// indexes' growth, 12.6 MB; grown once, 8 tables, 4.7 MB (DHAT). A direct table's room
    /// depends on the ids, not on their number: it grows when an id beyond it comes.
    mutating func reserveCapacity(_ count: Int) {
        guard !isDirect, count > capacity else { return }
        place(entries, size: Self.hashSize(holding: count, from: entries.count))
    }

    /// The size a hash table of `size` entries reaches by doubling, as ``set(_:for:)`` grows it,
    /// to hold `count` entries: at most three quarters full.
    private static func hashSize(holding count: Int, from size: Int) -> Int {
        var size = size
        while count * 4 > size * 3 { size <<= 1 }
        return size
    }

    /// Doubles the hash table, or makes it direct if it qualifies (see the type's
    /// documentation), for one more entry, of `key`.
    private mutating func grow(toHold key: Int32) {
        let size = entries.count * 2
        if size >= Self.directMinimumSize,
            let direct = Self.directSize(largestKey: entries.reduce(key) { max($0, $1.key) }, hashedSize: size)
        {
            let old = entries
            entries = Array(repeating: Entry(key: Self.empty, value: Self.empty), count: direct)
            isDirect = true
            for entry in old where entry.key != Self.empty { setDirectPosition(entry.value, of: entry.key) }
            return
        }
        place(entries, size: size)
    }

    /// The size of a direct table covering the keys up to `largest`, if it is at most
    /// ``directSpread`` times `hashedSize`.
    private static func directSize(largestKey largest: Int32, hashedSize: Int) -> Int? {
        var size = 16
        while Int(largest >> 1) >= size { size <<= 1 }
        return size <= directSpread * hashedSize ? size : nil
    }

    /// Makes a direct table cover `key`: doubled until it does, or hashed again, at the size
    /// growing reaches for its entries and one more, if the direct table would then be more than
    /// ``directSpread`` times as large (an id far beyond the others).
    private mutating func growDirect(toHold key: Int32) {
        let hashed = Self.hashSize(holding: count + 1, from: 16)
        // `key` is beyond every id the table covers, so it is the largest.
        guard let size = Self.directSize(largestKey: key, hashedSize: hashed) else {
            var held: [Entry] = []
            held.reserveCapacity(count)
            for (i, entry) in entries.enumerated() {
                if entry.key != Self.empty { held.append(Entry(key: Int32(2 * i), value: entry.key)) }
                if entry.value != Self.empty { held.append(Entry(key: Int32(2 * i + 1), value: entry.value)) }
            }
            isDirect = false
            place(held, size: hashed)
            return
        }
        entries.reserveCapacity(size)
        let vacant = Entry(key: Self.empty, value: Self.empty)
        entries.append(contentsOf: repeatElement(vacant, count: size - entries.count))
    }

    /// Makes a hash table of `size` entries, a power of two that holds the entries of `items`
    /// (those whose key is not empty). They are placed straight in: their keys are distinct and
    /// the table has room, so no probe compares keys or checks the load (through
    /// ``set(_:for:)``, a form's objective rows' growth was 2.4% of its first layout).
    private mutating func place(_ items: [Entry], size: Int) {
        entries = Array(repeating: Entry(key: Self.empty, value: 0), count: size)
        let mask = self.mask
        entries.withUnsafeMutableBufferPointer { entries in
            for item in items where item.key != Self.empty {
                var slot = Self.home(item.key, mask: mask)
                while entries[slot].key != Self.empty { slot = (slot + 1) & mask }
                entries[slot] = item
            }
        }
    }
}
