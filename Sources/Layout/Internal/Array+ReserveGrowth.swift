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
}
