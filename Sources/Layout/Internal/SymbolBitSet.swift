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

    /// Adds `symbol` when `member`, removes it otherwise.
    @inline(__always)
    mutating func set(_ symbol: Symbol, _ member: Bool) {
        if member { insert(symbol) } else { remove(symbol) }
    }

    /// The members of `self` that are in none of `excluded`: one pass over the words.
    func subtracting(_ excluded: [SymbolBitSet]) -> SymbolBitSet {
        var result = SymbolBitSet()
        result.reserveWords(words.count)
        for w in words.indices where words[w] != 0 {
            var bits = words[w]
            for other in excluded where w < other.words.count { bits &= ~other.words[w] }
            if bits != 0 {
                result.words[w] = bits
                result.summary[w >> 6] |= 1 << UInt64(w & 63)
            }
        }
        return result
    }

    /// The lowest member, or `nil` when the set is empty.
    var first: Symbol? { first(atLeast: 0) }

    /// The lowest member above `s`, or `nil` when there is none.
    func first(after s: Symbol) -> Symbol? { first(atLeast: s.raw + 1) }

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
