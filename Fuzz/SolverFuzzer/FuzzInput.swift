import ConstraintSolver

/// The fuzzer's bytes read as a session's choices: operations, indexes, numbers, priorities.
///
/// Reads past the end give `0`, so every input, however short, decodes to a whole session and
/// every mutation libFuzzer makes changes some choice.
struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// An index in `0..<count`; `count` must be positive.
    mutating func index(below count: Int) -> Int {
        Int(byte()) % count
    }

    /// Any `Double` at all: eight bytes as its bit pattern, least significant first.
    mutating func bitPattern() -> Double {
        var bits: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(byte()) << UInt64(shift) }
        return Double(bitPattern: bits)
    }

    /// The numbers the solver must survive as constants, suggested values and new constants:
    /// zero of both signs, the edges of `Double`'s range and resolution, NaN and the infinities,
    /// the solver's own resolution (`1e-8`) with a value just below it, and the edges of the
    /// solver's range (`Solver.largestConstant`, accepted, and the next `Double` beyond it,
    /// refused).
    static let specialValues: [Double] = [
        0, -0.0, 1, -1, 8, -20, 100, 0.5, 1e-9, -1e-9, 1e-8, 1e9, -1e9,
        Solver.largestConstant, -Solver.largestConstant, Solver.largestConstant.nextUp, 1e300, 1e308, -1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
        .nan, .infinity, -.infinity,
    ]

    /// A constant or value: one of ``specialValues`` (26 of 256 byte values), a small integer
    /// in -106…107 (most bytes: layouts are made of such numbers, and small systems of them
    /// reach the solver's interesting states: conflicts, ties, degenerate pivots), or, for the
    /// last 16 byte values, any bit pattern.
    mutating func value() -> Double {
        let choice = Int(byte())
        if choice < Self.specialValues.count { return Self.specialValues[choice] }
        if choice < 240 { return Double(choice - 132) }
        return bitPattern()
    }

    /// Coefficients that a layout writes (most choices), and the extremes: below the solver's
    /// resolution (refused), at it, at the solver's largest and just beyond (refused), huge,
    /// NaN and infinite.
    static let usualCoefficients: [Double] = [1, -1, 2, -2, 0.5, -0.5, 3, 10]
    static let extremeCoefficients: [Double] = [
        0, 1e-9, 1e-8, -1e-8, 1e-7, 0.001, 1000, Solver.largestCoefficient, -Solver.largestCoefficient,
        Solver.largestCoefficient.nextUp, 1e300, 1e308, -1e308, .nan, .infinity, -.infinity,
    ]

    /// A coefficient: an extreme one for about one choice in five, a usual one otherwise.
    mutating func coefficient() -> Double {
        let choice = Int(byte())
        if choice < 3 * Self.extremeCoefficients.count {
            return Self.extremeCoefficients[choice % Self.extremeCoefficients.count]
        }
        return Self.usualCoefficients[choice % Self.usualCoefficients.count]
    }

    /// Optional priorities in use (UIKit's levels and their neighbours) and invalid ones.
    static let otherPriorities: [Priority] = [
        999, .defaultHigh, .sceneSizeStayPut, 251, .defaultLow, 1, 999.5, 0.5, 0, 1001, Priority(.nan),
        Priority(-.infinity),
    ]

    /// A priority: required for about three choices in eight (most constraints of a layout
    /// are), otherwise one of ``otherPriorities``.
    mutating func priority() -> Priority {
        let choice = Int(byte())
        if choice % 8 < 3 { return .required }
        return Self.otherPriorities[(choice / 8) % Self.otherPriorities.count]
    }
}
