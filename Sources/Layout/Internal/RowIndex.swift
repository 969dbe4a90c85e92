/// The index of a row in the tableau's row storage.
///
/// A zero-cost wrapper over `Int32`, so that a row cannot be mistaken for a symbol
/// (``Symbol``): columns, the objective levels and the simplex's ratio tests name rows by it.
/// The slot of a removed row is reused by the next row installed.
struct RowIndex: Hashable {
    let raw: Int32

    init(raw: Int32) {
        self.raw = raw
    }

    /// The row's position in the tableau's per-row arrays.
    var index: Int { Int(raw) }
}
