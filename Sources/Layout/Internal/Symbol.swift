/// A symbol of the simplex tableau (kiwi's `Symbol`): a caller's variable, a slack, an error, a
/// dummy or the basic symbol of an objective row, by its id.
///
/// A zero-cost wrapper over the `Int32` id, so that a symbol cannot be mistaken for a row
/// (``RowIndex``) or a position. The tableau's per-symbol arrays are indexed by ``index``, and
/// ids are ordered: where the tableau breaks a tie it takes the lowest id (Bland's rule), so the
/// order of ids is part of what makes the solver deterministic. A released id is reused by the
/// next symbol made (``Tableau/releaseSymbol(_:)``).
struct Symbol: Hashable, Comparable {
    let raw: Int32

    init(raw: Int32) {
        self.raw = raw
    }

    /// The symbol's position in the tableau's per-symbol arrays.
    var index: Int { Int(raw) }

    static func < (a: Symbol, b: Symbol) -> Bool { a.raw < b.raw }

    // Hashed exactly as its id is. The synthesized `hash(into:)` is the same, but a dictionary
    // asks for `_rawHashValue(seed:)`, whose default feeds a whole `Hasher` (set up, combine,
    // finalise) where `Int32` hashes its bytes in one call: keying the solver's marker owners by
    // `Symbol` cost 6 M instructions more over solver-benchmark rows(1000)'s 35 000 additions.
    func hash(into hasher: inout Hasher) { hasher.combine(raw) }
    func _rawHashValue(seed: Int) -> Int { raw._rawHashValue(seed: seed) }
}
