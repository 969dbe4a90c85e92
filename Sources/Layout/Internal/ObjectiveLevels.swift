/// The tableau's objective levels: one objective row per priority below required that some
/// constraint uses, highest priority first, each with the number of constraints using it.
///
/// This is the lexicographic objective: the simplex reads the rows in ``rows``' order, so a
/// higher priority decides before any lower one (see ``Tableau``). The tableau makes and
/// removes the rows themselves; the levels only keep them in order and count their users.
struct ObjectiveLevels {
    private struct Level {
        let priority: Float
        let row: RowIndex
        var users: Int
    }

    /// Highest priority first.
    private var levels: [Level] = []

    /// The levels' objective rows, highest priority first: kept with the levels rather than
    /// mapped from them at every addition, removal and edit.
    private(set) var rows: [RowIndex] = []

    /// The objective row of `priority`'s level, or `nil` if no constraint uses that priority.
    func row(of priority: Float) -> RowIndex? {
        let (i, found) = position(of: priority)
        return found ? levels[i].row : nil
    }

    /// Counts one more constraint at `priority` and returns its level's row, or returns `nil`
    /// if there is no such level yet (the caller then makes its row and ``insert(_:row:)``s it).
    mutating func use(_ priority: Float) -> RowIndex? {
        let (i, found) = position(of: priority)
        guard found else { return nil }
        levels[i].users += 1
        return levels[i].row
    }

    /// Adds the level of `priority`, with `row` as its objective and one user.
    mutating func insert(_ priority: Float, row: RowIndex) {
        let (i, found) = position(of: priority)
        assert(!found, "the level of priority \(priority) exists")
        levels.insert(Level(priority: priority, row: row, users: 1), at: i)
        rows.insert(row, at: i)
    }

    /// Counts one constraint fewer at `priority`. Returns the level's row if that was its last
    /// user: the level is gone, and the caller removes the row.
    mutating func release(_ priority: Float) -> RowIndex? {
        let (i, found) = position(of: priority)
        guard found else { return nil }
        levels[i].users -= 1
        guard levels[i].users == 0 else { return nil }
        let row = levels.remove(at: i).row
        rows.remove(at: i)
        return row
    }

    /// Where `priority`'s level is, or would be inserted: a binary search, priorities descending.
    private func position(of priority: Float) -> (index: Int, found: Bool) {
        var low = 0
        var high = levels.count
        while low < high {
            let mid = (low + high) / 2
            if levels[mid].priority == priority { return (mid, true) }
            if levels[mid].priority > priority { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }
}
