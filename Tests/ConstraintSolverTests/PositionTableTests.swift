import ConstraintSolverTesting
import Testing

@testable import ConstraintSolver

/// `PositionTable`, the index of a long row, against a dictionary: seeded random sequences of
/// sets, overwrites and removals that grow a table from its smallest size to thousands of
/// entries, so that every doubling (which places the entries straight into the new table), the
/// change to a direct table and back to a hashed one are followed by lookups of every key,
/// present or removed.
@Suite struct PositionTableTests {
    /// One sequence: `steps` operations on keys below `keys`, and one in `farEvery` on a key far
    /// beyond them (which a direct table cannot cover at its size); returns the first problem
    /// found. Checked: the keys below 4,096, present or not, and every key the sequence used.
    static func run(seed: UInt64, steps: Int, keys: Int, farEvery: Int? = nil) -> String? {
        var random = SplitMix64(seed: seed)
        var table = PositionTable(capacity: 1)
        var reference: [Int32: Int32] = [:]
        var checked = Set(0..<Int32(min(keys, 4_096)))
        for step in 0..<steps {
            var key = Int32(random.int(in: 0...(keys - 1)))
            if let farEvery, random.chance(1, in: farEvery) {
                key = Int32(random.int(in: 1_000_000...2_000_000))
            }
            checked.insert(key)
            // Mostly sets, so the table keeps growing; a fifth removals, which shift probe runs.
            if random.chance(1, in: 5) {
                table.remove(Symbol(raw: key))
                reference[key] = nil
            } else {
                let value = Int32(random.int(in: 0...1_000_000))
                table.set(value, for: Symbol(raw: key))
                reference[key] = value
            }
            guard table.count == reference.count else {
                return "step \(step): count \(table.count), expected \(reference.count)"
            }
            // Every key, present or not, at regular intervals and at the end (after growths).
            if step % 199 == 0 || step == steps - 1 {
                for k in checked.sorted() where table.value(for: Symbol(raw: k)) != reference[k] {
                    return "step \(step): key \(k) gives \(String(describing: table.value(for: Symbol(raw: k)))), "
                        + "expected \(String(describing: reference[k]))"
                }
            }
        }
        return nil
    }

    /// Keys below 4,000: the table becomes direct once it holds more than 1,536 (its hash
    /// table would double to 4,096 entries, and 2,048 cover the keys).
    @Test func agreesWithADictionaryThroughItsGrowths() {
        expectProperty(seeds: 0..<8) { seed in
            Self.run(seed: seed, steps: 6_000, keys: 4_000).map { [$0] } ?? []
        }
    }

    /// Keys below 200,000: no more than 6,000 of them, whose hash table of 8,192 entries is
    /// far smaller than a direct one (131,072 entries): it stays hashed.
    @Test func agreesWithADictionaryWithSparseKeys() {
        expectProperty(seeds: 0..<4) { seed in
            Self.run(seed: seed, steps: 6_000, keys: 200_000).map { [$0] } ?? []
        }
    }

    /// Keys below 4,000 and now and then one above a million: a direct table that meets one
    /// becomes hashed again, and stays hashed while it holds one.
    @Test func agreesWithADictionaryWithFarKeys() {
        expectProperty(seeds: 0..<8) { seed in
            Self.run(seed: seed, steps: 6_000, keys: 4_000, farEvery: 500).map { [$0] } ?? []
        }
    }

    /// A table made for no entry holds 3,000: it doubled from 16 slots to 2,048, then, where it
    /// would have doubled to 4,096, it became direct (2,048 entries cover the ids below 4,096).
    @Test func growsFromItsSmallestSize() {
        var table = PositionTable(capacity: 1)
        // Keys in a scrambled order (a multiplier prime to the count), values their positions.
        let keys = (0..<3_000).map { Int32(($0 * 7_919) % 3_000) }
        for (position, key) in keys.enumerated() {
            table.set(Int32(position), for: Symbol(raw: key))
            // The 1,537th entry passes three quarters of 2,048.
            #expect(table.isDirect == (position >= 1_536))
        }
        #expect(table.count == 3_000)
        #expect(table.capacity == 4_096)
        for (position, key) in keys.enumerated() {
            #expect(table.value(for: Symbol(raw: key)) == Int32(position))
        }
        #expect(table.value(for: Symbol(raw: 3_000)) == nil)
        #expect(table.value(for: Symbol(raw: 4_096)) == nil)
        #expect(table.value(for: Symbol(raw: 1_000_000)) == nil)
    }

    /// Room made beforehand is the room that growing entry by entry reaches, made at once: the
    /// table keeps the entries it had, does not grow while it fills the room, and a copy made
    /// before keeps its own entries. A table reserved stays hashed, even for keys that a table
    /// grown entry by entry indexes directly.
    @Test func reservesTheRoomItWouldGrowTo() {
        // Keys 400 apart, up to 1,199,600: a direct table for them would be far more than four
        // times the hash table, so growing keeps the table hashed. 3,000 entries need a size of at least 4,000 (a load of three quarters at
        // most): 4,096, which holds 3,072.
        var grown = PositionTable(capacity: 1)
        for key in 0..<Int32(3_000) { grown.set(key, for: Symbol(raw: key * 400)) }
        #expect(!grown.isDirect)
        #expect(grown.capacity == 3_072)

        var reserved = PositionTable(capacity: 1)
        reserved.set(-7, for: Symbol(raw: 2_999))
        let before = reserved
        reserved.reserveCapacity(3_000)
        #expect(reserved.capacity == 3_072)
        #expect(reserved.value(for: Symbol(raw: 2_999)) == -7)
        for key in 0..<Int32(3_000) { reserved.set(key, for: Symbol(raw: key)) }
        #expect(!reserved.isDirect)
        #expect(reserved.capacity == 3_072)
        #expect(reserved.count == 3_000)
        #expect((0..<Int32(3_000)).allSatisfy { reserved.value(for: Symbol(raw: $0)) == $0 })
        #expect(before.count == 1)
        #expect(before.value(for: Symbol(raw: 2_999)) == -7)
        #expect(before.value(for: Symbol(raw: 0)) == nil)

        // Room it has already: nothing changes.
        reserved.reserveCapacity(10)
        #expect(reserved.capacity == 3_072)

        // A direct table has room for every id it covers: reserving changes nothing.
        var direct = PositionTable(capacity: 1)
        for key in 0..<Int32(2_000) { direct.set(key, for: Symbol(raw: key)) }
        #expect(direct.isDirect)
        #expect(direct.capacity == 2_048)
        direct.reserveCapacity(5_000)
        #expect(direct.isDirect)
        #expect(direct.capacity == 2_048)
        #expect((0..<Int32(2_000)).allSatisfy { direct.value(for: Symbol(raw: $0)) == $0 })
    }

    /// A direct table grows to cover an id beyond it while the direct table stays at most four
    /// times as large as the hash table of its entries, and becomes hashed, keeping every
    /// entry, when it would not.
    @Test func coversLargerIdsOrBecomesHashed() {
        var table = PositionTable(capacity: 1)
        for key in 0..<Int32(2_000) { table.set(key + 1, for: Symbol(raw: key)) }
        // The 1,537th entry doubled the hash table to 4,096, so it became direct: the ids up
        // to 1,536 take 1,024 entries (2,048 ids), which cover the rest.
        #expect(table.isDirect)
        #expect(table.capacity == 2_048)

        // Entries for 2,001 keep a hash table of 4,096. Id 6,000 needs a direct table of
        // 4,096; id 30,000 one of 16,384, four times as large, still direct.
        table.set(-1_000, for: Symbol(raw: 6_000))
        #expect(table.isDirect)
        #expect(table.capacity == 8_192)
        table.set(-2_000, for: Symbol(raw: 30_000))
        #expect(table.isDirect)
        #expect(table.capacity == 32_768)

        // Id 40,000 would need 32,768: hashed again, at the size growing reaches for 2,003
        // entries (4,096, which holds 3,072).
        table.set(-3_000, for: Symbol(raw: 40_000))
        #expect(!table.isDirect)
        #expect(table.capacity == 3_072)
        #expect(table.count == 2_003)
        #expect((0..<Int32(2_000)).allSatisfy { table.value(for: Symbol(raw: $0)) == $0 + 1 })
        #expect(table.value(for: Symbol(raw: 6_000)) == -1_000)
        #expect(table.value(for: Symbol(raw: 30_000)) == -2_000)
        #expect(table.value(for: Symbol(raw: 40_000)) == -3_000)
        #expect(table.value(for: Symbol(raw: 2_000)) == nil)

        // Removed from either kind of table, a key is gone and the others stay.
        table.remove(Symbol(raw: 30_000))
        #expect(table.value(for: Symbol(raw: 30_000)) == nil)
        #expect(table.count == 2_002)
    }
}
