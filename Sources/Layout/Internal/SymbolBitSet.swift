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

    func contains(_ symbol: Symbol) -> Bool {
        let s = symbol.raw
        let w = Int(s) >> 6
        return w < words.count && words[w] & (1 << UInt64(s & 63)) != 0
    }

    @inline(__always)
    mutating func insert(_ symbol: Symbol) {
        let s = symbol.raw
        let w = Int(s) >> 6
        if w >= words.count { reserveWords(w + 1) }
        if words[w] == 0 { summary[w >> 6] |= 1 << UInt64(w & 63) }
        words[w] |= 1 << UInt64(s & 63)
    }

    @inline(__always)
    mutating func remove(_ symbol: Symbol) {
        let s = symbol.raw
        let w = Int(s) >> 6
        guard w < words.count else { return }
        words[w] &= ~(1 << UInt64(s & 63))
        if words[w] == 0 { summary[w >> 6] &= ~(1 << UInt64(w & 63)) }
    }

    /// Makes room for members below `64 * count`.
    @inline(never)
    private mutating func reserveWords(_ count: Int) {
        words.append(contentsOf: repeatElement(0, count: count - words.count))
        let summaryCount = (count + 63) >> 6
        if summaryCount > summary.count {
            summary.append(contentsOf: repeatElement(0, count: summaryCount - summary.count))
        }
    }

    /// Adds the members of `other`.
    mutating func formUnion(_ other: SymbolBitSet) {
        if other.words.count > words.count { reserveWords(other.words.count) }
        for w in other.words.indices where other.words[w] != 0 {
            words[w] |= other.words[w]
            summary[w >> 6] |= 1 << UInt64(w & 63)
        }
    }

    /// The lowest member, or `nil` when the set is empty.
    var first: Symbol? { first(atLeast: 0) }

    /// The lowest member above `s`, or `nil` when there is none.
    func first(after s: Symbol) -> Symbol? { first(atLeast: s.raw + 1) }

    /// The lowest member above `s` that is not in `excluded`, or `nil`: a scan of 64 ids per
    /// step, and of the summary over empty words.
    func first(after s: Symbol, excluding excluded: SymbolBitSet) -> Symbol? {
        first(atLeast: s.raw + 1, excluding: excluded)
    }

    /// The lowest member whose id is at least `s`, or `nil` when there is none.
    @inline(__always)
    private func first(atLeast s: Int32) -> Symbol? {
        var w = Int(s) >> 6
        guard w < words.count else { return nil }
        let here = words[w] & (~0 << UInt64(s & 63))
        if here != 0 { return Symbol(raw: Int32(w << 6 + here.trailingZeroBitCount)) }
        guard let next = nonEmptyWord(after: w) else { return nil }
        w = next
        return Symbol(raw: Int32(w << 6 + words[w].trailingZeroBitCount))
    }

    /// The lowest member whose id is at least `s` and that is not in `excluded`, or `nil`.
    @inline(__always)
    private func first(atLeast s: Int32, excluding excluded: SymbolBitSet) -> Symbol? {
        var w = Int(s) >> 6
        guard w < words.count else { return nil }
        var bits = words[w] & (~0 << UInt64(s & 63))
        while true {
            if w < excluded.words.count { bits &= ~excluded.words[w] }
            if bits != 0 { return Symbol(raw: Int32(w << 6 + bits.trailingZeroBitCount)) }
            guard let next = nonEmptyWord(after: w) else { return nil }
            w = next
            bits = words[w]
        }
    }

    /// The first word after `w` that has a member, through the summary, or `nil`.
    private func nonEmptyWord(after w: Int) -> Int? {
        let next = w + 1
        var sw = next >> 6
        guard sw < summary.count else { return nil }
        var bits = summary[sw] & (~0 << UInt64(next & 63))
        while bits == 0 {
            sw += 1
            guard sw < summary.count else { return nil }
            bits = summary[sw]
        }
        return sw << 6 + bits.trailingZeroBitCount
    }
}
