/// An open-addressing hash table from a symbol id to its position in a ``SparseRow``.
///
/// Rows are usually a handful of cells and are searched linearly; long rows (objectives, the
/// rows of long chains) get this index so that a lookup stays O(1). Keys are symbols, stored as
/// their non-negative ids; the hash is a multiplicative one, so nothing depends on a random seed.
struct PositionTable {
    private var keys: [Int32]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

    private static let empty: Int32 = -1

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: Self.empty, count: size)
        values = Array(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func home(_ key: Int32) -> Int {
        // Fibonacci hashing: spreads consecutive ids over the table.
        Int(truncatingIfNeeded: (UInt32(bitPattern: key) &* 0x9E37_79B1) >> 7) & mask
    }

    func value(for symbol: Symbol) -> Int32? {
        let key = symbol.raw
        var slot = home(key)
        while true {
            let k = keys[slot]
            if k == key { return values[slot] }
            if k == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    mutating func set(_ value: Int32, for symbol: Symbol) {
        if (count + 1) * 4 > keys.count * 3 { grow() }
        let key = symbol.raw
        var slot = home(key)
        while true {
            let k = keys[slot]
            if k == key {
                values[slot] = value
                return
            }
            if k == Self.empty {
                keys[slot] = key
                values[slot] = value
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Removes a key, shifting later entries of its probe run back (no tombstones).
    mutating func remove(_ symbol: Symbol) {
        let key = symbol.raw
        var slot = home(key)
        while true {
            let k = keys[slot]
            if k == Self.empty { return }
            if k == key { break }
            slot = (slot + 1) & mask
        }
        count -= 1
        var hole = slot
        var next = (hole + 1) & mask
        while keys[next] != Self.empty {
            let ideal = home(keys[next])
            // Move the entry back if the hole lies cyclically between its home and its slot.
            let distanceToNext = (next - ideal) & mask
            let distanceToHole = (hole - ideal) & mask
            if distanceToHole < distanceToNext {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = Self.empty
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for i in oldKeys.indices where oldKeys[i] != Self.empty {
            set(oldValues[i], for: Symbol(raw: oldKeys[i]))
        }
    }
}
