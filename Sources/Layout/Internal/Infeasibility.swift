/// Why adding or changing a constraint failed: the marker symbols of the required
/// constraints that conflict with it, or an overflow.
struct Infeasibility: Error {
    var markers: [Symbol]
    /// The change was refused because a number it makes is not finite (Double's range
    /// overflows, or NaN), not because of a conflict; `markers` is then empty.
    var overflowed = false

    /// A change whose numbers overflow; the tableau is as before.
    static let overflow = Infeasibility(markers: [], overflowed: true)
}
