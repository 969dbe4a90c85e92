/// An open-addressing hash table from an object's identity to a slot number: ``Solver``'s
/// index of its variables (but for those a solver keeps in the variables themselves, see
/// `Solver.init(keepingSlotsInVariables:)`: HostKit's).
///
/// HostKit reads four values per view after every layout through ``Solver/value(of:)``, and a
/// `Dictionary<ObjectIdentifier, Int>` lookup (SipHash of the address) was half of a form's
/// re-layout, when its solver still looked its variables up here. Objects are at least 16-byte
/// aligned, so the address without its low bits, times a Fibonacci constant, spreads well
/// enough; only lookups depend on the hash, never an order of iteration (there is none), so
/// addresses that differ from process to process change nothing the solver computes.
struct IdentityTable {
    /// An object's address and its slot, side by side: a lookup reads one cache line (rarely
    /// two), where two arrays (keys, slots) cost two misses per lookup in a table too large for
    /// the cache. The address is kept as two halves so that an entry takes 12 bytes, as the
    /// two arrays did, not the 16 that an 8-byte-aligned field would round it up to: with 16,
    /// a 10,000-row form's first layout peaked 2.1 MB higher (`layout-benchmark --n 10000`).
    private struct Entry {
        private var keyLow: UInt32
        private var keyHigh: UInt32
        var slot: Int32

        init(key: UInt, slot: Int32) {
            let wide = UInt64(key)
            keyLow = UInt32(truncatingIfNeeded: wide)
            keyHigh = UInt32(truncatingIfNeeded: wide >> 32)
            self.slot = slot
        }

        var key: UInt {
            get { UInt(truncatingIfNeeded: UInt64(keyHigh) << 32 | UInt64(keyLow)) }
            set { self = Entry(key: newValue, slot: slot) }
        }
    }

    private var entries: [Entry]
    private var shift: UInt64
    private(set) var count = 0

    /// `0` is never an object's address.
    private static let empty: UInt = 0

    /// Sixteen slots to start, room for twelve variables (a small screen's solver) before the
    /// first doubling; a round power of two, not tuned, as the table doubles when it needs to.
    init() {
        entries = Array(repeating: Entry(key: Self.empty, slot: 0), count: 16)
        shift = 64 - 4 // the top log₂(16) bits of the product
    }

    /// Fibonacci hashing (Knuth, TAOCP 6.4): the address without its four low bits, which
    /// alignment makes zero, times ⌊2⁶⁴/φ⌋, keeping the product's top bits, the well-mixed ones.
    @inline(__always)
    private func home(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot recorded for the object, or `nil`.
    func slot(for id: ObjectIdentifier) -> Int? {
        let key = UInt(bitPattern: id)
        let mask = entries.count - 1
        var i = home(key)
        while true {
            let entry = entries[i]
            if entry.key == key { return Int(entry.slot) }
            if entry.key == Self.empty { return nil }
            i = (i + 1) & mask
        }
    }

    /// Records `slot` for the object, replacing any slot it had. The table doubles before it is
    /// three quarters full, the usual bound for linear probing: a successful lookup then
    /// reads 2.5 slots on average, ½(1 + 1/(1 − ¾)) (Knuth, TAOCP 6.4).
    mutating func set(_ slot: Int, for id: ObjectIdentifier) {
        if !Self.holds(count + 1, inSlots: entries.count) { grow() }
        insert(UInt(bitPattern: id), Int32(truncatingIfNeeded: slot))
    }

    private mutating func insert(_ key: UInt, _ slot: Int32) {
        let mask = entries.count - 1
        var i = home(key)
        while true {
            let k = entries[i].key
            if k == key || k == Self.empty {
                if k == Self.empty { count += 1 }
                entries[i] = Entry(key: key, slot: slot)
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Forgets the object, shifting later entries of its probe run back (no tombstones).
    mutating func remove(_ id: ObjectIdentifier) {
        let key = UInt(bitPattern: id)
        let mask = entries.count - 1
        var hole = home(key)
        while true {
            let k = entries[hole].key
            if k == Self.empty { return }
            if k == key { break }
            hole = (hole + 1) & mask
        }
        count -= 1
        var next = (hole + 1) & mask
        while entries[next].key != Self.empty {
            let ideal = home(entries[next].key)
            // Move the entry back if the hole lies cyclically between its home and its slot.
            if (hole - ideal) & mask < (next - ideal) & mask {
                entries[hole] = entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole].key = Self.empty
    }

    mutating func removeAll() {
        self = IdentityTable()
    }

    /// Makes room for `count` objects in all, growing the table once to the size that holds
    /// them under the load limit of ``set(_:for:)``.
    mutating func reserveCapacity(_ count: Int) {
        var size = entries.count
        while !Self.holds(count + 1, inSlots: size) { size *= 2 }
        if size > entries.count { rehash(size: size) }
    }

    /// Whether a table of `size` slots holds `count` objects within the load limit, three
    /// quarters (see ``set(_:for:)``).
    @inline(__always)
    private static func holds(_ count: Int, inSlots size: Int) -> Bool { count * 4 <= size * 3 }

    private mutating func grow() {
        rehash(size: entries.count * 2)
    }

    /// Moves every entry into a table of `size` slots, a larger power of two.
    private mutating func rehash(size: Int) {
        let old = entries
        entries = Array(repeating: Entry(key: Self.empty, slot: 0), count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        count = 0
        for entry in old where entry.key != Self.empty {
            insert(entry.key, entry.slot)
        }
    }
}
