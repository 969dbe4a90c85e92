/// The symbols that stand for one constraint in the tableau (kiwi's `Tag`).
struct Tag {
    /// The slack, positive error or dummy added for the constraint.
    var marker: Symbol
    /// The negative error of an optional equality or the error of an optional inequality;
    /// `nil` for a required constraint.
    var other: Symbol?
    /// The coefficient `marker` had in the constraint's original row, `1` or `-1`: shifting
    /// the constraint's constant by `δ` is the substitution `marker = marker' + δ / markerSign`.
    /// An `Int8`: a tag is then 12 bytes, and a solver keeps one per constraint.
    var markerSign: Int8
}
