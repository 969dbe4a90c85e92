/// A set of symbol ids as a two-level bitmap: one bit per symbol, and one summary bit per
/// word of symbols that says whether the word has a member.
///
/// Finding the lowest member at or above an id reads a word, then the summary (one summary
/// word covers 4096 symbols), then a word again: a few reads where a scan of the members in
/// id order would visit each. ``Tableau`` keeps one per objective row for choosing entering
/// symbols by Bland's rule (lowest id first). Members come out in id order, whatever the
/// order they went in, so nothing depends on hashing.
struct SymbolBitSet {
    private var words: [UInt64] = []
    private var summary: [UInt64] = []

    func contains(_ s: Int32) -> Bool {
        let w = Int(s) >> 6
        return w < words.count && words[w] & (1 << UInt64(s & 63)) != 0
    }

    mutating func insert(_ s: Int32) {
        let w = Int(s) >> 6
        if w >= words.count {
            words.append(contentsOf: repeatElement(0, count: w + 1 - words.count))
            let summaryCount = (words.count + 63) >> 6
            if summaryCount > summary.count {
                summary.append(contentsOf: repeatElement(0, count: summaryCount - summary.count))
            }
        }
        words[w] |= 1 << UInt64(s & 63)
        summary[w >> 6] |= 1 << UInt64(w & 63)
    }

    mutating func remove(_ s: Int32) {
        let w = Int(s) >> 6
        guard w < words.count else { return }
        words[w] &= ~(1 << UInt64(s & 63))
        if words[w] == 0 { summary[w >> 6] &= ~(1 << UInt64(w & 63)) }
    }

    /// The lowest member that is at least `s`, or `-1` when there is none.
    func first(atLeast s: Int32) -> Int32 {
        var w = Int(s) >> 6
        guard w < words.count else { return -1 }
        let here = words[w] & (~0 << UInt64(s & 63))
        if here != 0 { return Int32(w << 6 + here.trailingZeroBitCount) }
        // The next non-empty word, through the summary.
        w += 1
        var sw = w >> 6
        guard sw < summary.count else { return -1 }
        var bits = summary[sw] & (~0 << UInt64(w & 63))
        while bits == 0 {
            sw += 1
            guard sw < summary.count else { return -1 }
            bits = summary[sw]
        }
        w = sw << 6 + bits.trailingZeroBitCount
        return Int32(w << 6 + words[w].trailingZeroBitCount)
    }
}
