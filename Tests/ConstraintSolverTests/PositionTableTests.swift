import ConstraintSolverTesting
import Testing

@testable import ConstraintSolver

/// `PositionTable`, the index of a long row, against a dictionary: seeded random sequences of
/// sets, overwrites and removals that grow a table from its smallest size to thousands of
/// entries, so that every doubling (which places the entries straight into the new table) is
/// followed by lookups of every key, present or removed.
@Suite struct PositionTableTests {
    /// One sequence: `steps` operations on keys below `keys`; returns the first problem found.
    static func run(seed: UInt64, steps: Int, keys: Int) -> String? {
        var random = SplitMix64(seed: seed)
        var table = PositionTable(capacity: 1)
        var reference: [Int32: Int32] = [:]
        for step in 0..<steps {
            let key = Int32(random.int(in: 0...(keys - 1)))
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
                for k in 0..<Int32(keys) where table.value(for: Symbol(raw: k)) != reference[k] {
                    return "step \(step): key \(k) gives \(String(describing: table.value(for: Symbol(raw: k)))), "
                        + "expected \(String(describing: reference[k]))"
                }
            }
        }
        return nil
    }

    @Test func agreesWithADictionaryThroughItsGrowths() {
        expectProperty(seeds: 0..<8) { seed in
            Self.run(seed: seed, steps: 6_000, keys: 4_000).map { [$0] } ?? []
        }
    }

    /// A table made for 1 entry holds 3,000: it doubled from 16 slots to 4,096 on the way.
    @Test func growsFromItsSmallestSize() {
        var table = PositionTable(capacity: 1)
        // Keys in a scrambled order (a multiplier prime to the count), values their positions.
        let keys = (0..<3_000).map { Int32(($0 * 7_919) % 3_000) }
        for (position, key) in keys.enumerated() { table.set(Int32(position), for: Symbol(raw: key)) }
        #expect(table.count == 3_000)
        for (position, key) in keys.enumerated() {
            #expect(table.value(for: Symbol(raw: key)) == Int32(position))
        }
        #expect(table.value(for: Symbol(raw: 3_000)) == nil)
    }

    /// Room made beforehand is the room that growing entry by entry reaches, made at once: the
    /// table keeps the entries it had, does not grow while it fills the room, and a copy made
    /// before keeps its own entries.
    @Test func reservesTheRoomItWouldGrowTo() {
        // 3,000 entries need a size of at least 4,000 (a load of three quarters at most): 4,096,
        // which holds 3,072.
        var grown = PositionTable(capacity: 1)
        for key in 0..<Int32(3_000) { grown.set(key, for: Symbol(raw: key)) }
        #expect(grown.capacity == 3_072)

        var reserved = PositionTable(capacity: 1)
        reserved.set(-7, for: Symbol(raw: 2_999))
        let before = reserved
        reserved.reserveCapacity(3_000)
        #expect(reserved.capacity == 3_072)
        #expect(reserved.value(for: Symbol(raw: 2_999)) == -7)
        for key in 0..<Int32(3_000) { reserved.set(key, for: Symbol(raw: key)) }
        #expect(reserved.capacity == 3_072)
        #expect(reserved.count == 3_000)
        #expect((0..<Int32(3_000)).allSatisfy { reserved.value(for: Symbol(raw: $0)) == $0 })
        #expect(before.count == 1)
        #expect(before.value(for: Symbol(raw: 2_999)) == -7)
        #expect(before.value(for: Symbol(raw: 0)) == nil)

        // Room it has already: nothing changes.
        reserved.reserveCapacity(10)
        #expect(reserved.capacity == 3_072)
    }
}
