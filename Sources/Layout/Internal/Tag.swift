/// The symbols that stand for one constraint in the tableau (kiwi's `Tag`).
struct Tag {
    /// The slack, positive error or dummy added for the constraint.
    var marker: Int32
    /// The negative error or the inequality's error, or `-1`.
    var other: Int32
    /// The coefficient `marker` had in the constraint's original row: shifting the
    /// constraint's constant by `δ` is the substitution `marker = marker' + δ / markerSign`.
    var markerSign: Double
}
