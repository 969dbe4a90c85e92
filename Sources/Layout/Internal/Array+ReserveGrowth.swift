extension Array {
    /// Makes room for `count` elements in all, for a batch of appends known ahead.
    ///
    /// A batch at least as large as what the array holds gets exactly the room it needs: a
    /// table grown by appending alone ends with up to twice that, and leaves its outgrown
    /// copies behind. A smaller batch grows the array as appending would (doubling), so that
    /// reserving before each of many small batches stays linear overall, where
    /// `reserveCapacity(_:)` would copy the whole array each time.
    @inline(__always)
    mutating func reserveGrowth(toHold count: Int) {
        guard count > capacity else { return }
        reserveCapacity(Swift.max(count, 2 * capacity))
    }

    /// Empties the array and keeps its room, as `removeAll(keepingCapacity: true)` does, for
    /// the solver's scratch arrays, emptied several times per constraint.
    ///
    /// `removeAll(keepingCapacity: true)` goes through the generic `replaceSubrange`: about 80
    /// instructions even for an empty array (callgrind), 1% of a 10,000-row form's first
    /// layout. Popping costs a few instructions per element, so an array of up to 16 (a round
    /// number: scratch arrays hold a constraint's handful of terms) is emptied by popping.
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        guard count <= 16 else {
            removeAll(keepingCapacity: true)
            return
        }
        while !isEmpty { removeLast() }
    }
}
