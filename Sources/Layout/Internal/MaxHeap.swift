/// A binary max-heap of (definition index, symbol), for ``Tableau/expand(_:)``.
struct MaxHeap {
    private var items: [Int64] = []

    mutating func push(key: Int32, symbol: Int32) {
        items.append(Int64(key) << 32 | Int64(UInt32(bitPattern: symbol)))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if items[parent] >= items[i] { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> Int32? {
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
        return Int32(truncatingIfNeeded: top & 0xFFFF_FFFF)
    }
}
