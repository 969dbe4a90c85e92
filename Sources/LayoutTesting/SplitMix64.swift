/// A tiny deterministic pseudo-random generator (Steele, Lea and Flood's SplitMix64), so every
/// property test — and the benchmark's digest of the tests' systems — replays the same systems
/// for the same seed on every machine and toolchain.
///
/// The helpers below use their own arithmetic rather than `Int.random(in:using:)`, whose
/// mapping from generator output to a range is a standard-library detail that may change.
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed gives the same numbers.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        // The constants are SplitMix64's published ones: the golden-ratio increment and the
        // two multipliers of its finalising mix.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An integer in `range`; the modulo bias is negligible for the tiny ranges used here.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % width)
    }

    /// `true` with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        int(in: 0...(denominator - 1)) < numerator
    }

    /// One element of a non-empty array.
    public mutating func element<T>(of array: [T]) -> T {
        array[int(in: 0...(array.count - 1))]
    }
}
