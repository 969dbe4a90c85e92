/// A binary max-heap of symbols by an `Int32` key (their definitions' positions), for
/// ``Tableau/expand(_:)`` (latest definition first) and ``Tableau/computeValues(changed:)``
/// (earliest first, with the positions negated).
///
/// Each item is the key and the symbol's id packed into one `Int64`, key in the high half, so
/// that comparing items compares keys first and ids second.
struct MaxHeap {
    private var items: [Int64] = []

    mutating func push(key: Int32, symbol: Symbol) {
        items.append(Int64(key) << 32 | Int64(UInt32(bitPattern: symbol.raw)))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if items[parent] >= items[i] { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    /// Removes every item, keeping the storage.
    mutating func removeAll() {
        items.removeAllKeepingCapacity()
    }

    /// Removes and returns the symbol with the largest key.
    mutating func pop() -> Symbol? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var largest = i
                if l < items.count, items[l] > items[largest] { largest = l }
                if r < items.count, items[r] > items[largest] { largest = r }
                if largest == i { break }
                items.swapAt(i, largest)
                i = largest
            }
        }
        return Symbol(raw: Int32(truncatingIfNeeded: top & 0xFFFF_FFFF))
    }
}
