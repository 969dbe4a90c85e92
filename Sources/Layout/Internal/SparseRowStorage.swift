/// The cells of a ``SparseRow`` too long for its inline slots: symbols and coefficients in one
/// heap block, with the count, the capacity and the row's ``PositionTable`` in its header.
///
/// The block holds `capacity` coefficients (`Double`) followed by `capacity` symbols (`Int32`
/// ids): one allocation per row where two arrays made two, each with its own 32-byte header.
/// Its elements are trivial, so nothing but the header (and its index) needs destroying, which
/// `ManagedBuffer` does itself. Shared between copies of a row; ``SparseRow`` copies it before
/// changing it unless it is uniquely referenced (copy on write).
final class SparseRowStorage: ManagedBuffer<SparseRowHeader, Double> {
    /// A block with room for at least `minimumCapacity` cells (more when the allocator rounds
    /// the block up: the room is used), holding no cell.
    static func make(minimumCapacity: Int) -> SparseRowStorage {
        // Twelve bytes a cell, in units of the block's eight-byte elements.
        let elements = minimumCapacity + (minimumCapacity + 1) / 2
        let object = create(minimumCapacity: elements) { _ in SparseRowHeader(count: 0, capacity: 0, index: nil) }
        let storage = unsafeDowncast(object, to: SparseRowStorage.self)
        // As many cells as the elements the block really has hold (eight bytes each, twelve a
        // cell).
        let capacity = object.capacity * 2 / 3
        storage.withUnsafeMutablePointers { header, elements in
            header.pointee.capacity = Int32(capacity)
            // The symbols' part of the block, after the coefficients, holds symbols from now on.
            UnsafeMutableRawPointer(elements + capacity).bindMemory(to: Symbol.self, capacity: capacity)
        }
        return storage
    }

    /// A block holding these cells and `index`, with room for at least `minimumCapacity`
    /// cells.
    static func make(
        copying symbols: UnsafeBufferPointer<Symbol>, _ coefficients: UnsafeBufferPointer<Double>,
        index: PositionTable?, minimumCapacity: Int
    ) -> SparseRowStorage {
        let count = symbols.count
        let block = make(minimumCapacity: max(minimumCapacity, count))
        block.withUnsafeMutablePointers { header, elements in
            header.pointee.count = Int32(count)
            header.pointee.index = index
            for i in 0..<count { elements[i] = coefficients[i] }
            let blockSymbols = Self.symbols(elements, capacity: Int(header.pointee.capacity))
            for i in 0..<count { blockSymbols[i] = symbols[i] }
        }
        return block
    }

    /// A block holding the cells and the index of this one, with room for at least
    /// `minimumCapacity` cells.
    func copy(minimumCapacity: Int) -> SparseRowStorage {
        let index = withUnsafeMutablePointerToHeader { $0.pointee.index }
        return withCells { symbols, coefficients in
            Self.make(copying: symbols, coefficients, index: index, minimumCapacity: minimumCapacity)
        }
    }

    // The header is read and written through its pointer: `ManagedBuffer.header` is a stored
    // property of a class, whose every access is checked for exclusivity at run time.

    /// How many cells the row has.
    var count: Int {
        @inline(__always) get { withUnsafeMutablePointerToHeader { Int($0.pointee.count) } }
        @inline(__always) set { withUnsafeMutablePointerToHeader { $0.pointee.count = Int32(newValue) } }
    }

    /// How many cells fit in the block.
    var cellCapacity: Int {
        @inline(__always) get { withUnsafeMutablePointerToHeader { Int($0.pointee.capacity) } }
    }

    /// Whether the row has an index (``PositionTable``).
    var hasIndex: Bool {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee.index != nil } }
    }

    /// The position of the cell of `symbol`, if there is one: through the index when the row
    /// has one, else by a scan.
    @inline(__always)
    func position(of symbol: Symbol) -> Int? {
        withUnsafeMutablePointers { header, elements in
            // Read in place: `if let index` copied the table, a retain and a release per lookup.
            if header.pointee.index != nil { return header.pointee.index?.value(for: symbol).map(Int.init) }
            let symbols = Self.symbols(elements, capacity: Int(header.pointee.capacity))
            for i in 0..<Int(header.pointee.count) where symbols[i] == symbol { return i }
            return nil
        }
    }

    /// The coefficient of the cell of `symbol`, `0` if there is none.
    @inline(__always)
    func coefficient(of symbol: Symbol) -> Double {
        withUnsafeMutablePointers { header, elements in
            if header.pointee.index != nil {
                guard let i = header.pointee.index?.value(for: symbol) else { return 0 }
                return elements[Int(i)]
            }
            let symbols = Self.symbols(elements, capacity: Int(header.pointee.capacity))
            for i in 0..<Int(header.pointee.count) where symbols[i] == symbol { return elements[i] }
            return 0
        }
    }

    /// The symbol of the cell at `position` (in `0..<count`).
    @inline(__always)
    func symbol(at position: Int) -> Symbol {
        withUnsafeMutablePointers { header, elements in
            precondition(position >= 0 && position < Int(header.pointee.count), "cell position out of range")
            return Self.symbols(elements, capacity: Int(header.pointee.capacity))[position]
        }
    }

    /// The coefficient of the cell at `position` (in `0..<count`).
    @inline(__always)
    func coefficient(at position: Int) -> Double {
        withUnsafeMutablePointers { header, elements in
            precondition(position >= 0 && position < Int(header.pointee.count), "cell position out of range")
            return elements[position]
        }
    }

    /// Whether the block has no room for another cell.
    var isFull: Bool {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee.count == $0.pointee.capacity } }
    }

    /// Appends `count` cells, `cell(j)` for `j` in `0..<count`, and records each in the index:
    /// in the index there is, or in a new one once the row grows past
    /// ``SparseRow/indexThreshold`` cells. The caller must hold the only reference, and the
    /// block must have room.
    @inline(__always)
    func appendAssumingRoom(_ count: Int, _ cell: (Int) -> (symbol: Symbol, coefficient: Double)) {
        if count >= SparseRow.longRowCellCount {
            appendManyAssumingRoom(count, cell)
            return
        }
        withUnsafeMutablePointers { header, elements in
            let symbols = Self.symbols(elements, capacity: Int(header.pointee.capacity))
            for j in 0..<count {
                let (symbol, coefficient) = cell(j)
                let position = Int(header.pointee.count)
                elements[position] = coefficient
                symbols[position] = symbol
                header.pointee.count += 1
                if header.pointee.index != nil {
                    header.pointee.index?.set(Int32(position), for: symbol)
                } else if position + 1 > SparseRow.indexThreshold {
                    header.pointee.index = SparseRow.makeIndex(UnsafeBufferPointer(start: symbols, count: position + 1))
                }
            }
        }
    }

    /// ``appendAssumingRoom(_:_:)`` for many cells: the index grows once, to the size it would
    /// reach growing cell by cell (``PositionTable/reserveCapacity(_:)``), and takes them after.
    /// A 10,000-row form's first layout appends rows of 30,000 cells to rows of a few, and each
    /// such index doubled ten times, a rehash and a new table each time.
    private func appendManyAssumingRoom(_ count: Int, _ cell: (Int) -> (symbol: Symbol, coefficient: Double)) {
        withUnsafeMutablePointers { header, elements in
            let symbols = Self.symbols(elements, capacity: Int(header.pointee.capacity))
            let start = Int(header.pointee.count)
            let end = start + count
            for j in 0..<count {
                let (symbol, coefficient) = cell(j)
                elements[start + j] = coefficient
                symbols[start + j] = symbol
            }
            header.pointee.count = Int32(end)
            var indexed = start
            if header.pointee.index == nil {
                // The index the row made as its cells passed the threshold (`end` is past it).
                indexed = max(start + 1, SparseRow.indexThreshold + 1)
                header.pointee.index = SparseRow.makeIndex(UnsafeBufferPointer(start: symbols, count: indexed))
            }
            header.pointee.index?.reserveCapacity(end)
            for position in indexed..<end { header.pointee.index?.set(Int32(position), for: symbols[position]) }
        }
    }

    /// The symbols' part of a block whose elements start at `elements`.
    @inline(__always)
    static func symbols(_ elements: UnsafeMutablePointer<Double>, capacity: Int) -> UnsafeMutablePointer<Symbol> {
        UnsafeMutableRawPointer(elements + capacity).assumingMemoryBound(to: Symbol.self)
    }

    /// Calls `body` with the symbols and the coefficients of the cells.
    @inline(__always)
    func withCells<R>(_ body: (UnsafeBufferPointer<Symbol>, UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { header, elements in
            let count = Int(header.pointee.count)
            let symbols = Self.symbols(elements, capacity: Int(header.pointee.capacity))
            return try body(
                UnsafeBufferPointer(start: symbols, count: count), UnsafeBufferPointer(start: elements, count: count))
        }
    }

    /// Calls `body` with the symbols and the coefficients of the cells, to change in place, and
    /// the index. The caller must hold the only reference.
    @inline(__always)
    func withMutableCells<R>(
        _ body: (UnsafeMutableBufferPointer<Symbol>, UnsafeMutableBufferPointer<Double>, inout PositionTable?) -> R
    ) -> R {
        withUnsafeMutablePointers { header, elements in
            let count = Int(header.pointee.count)
            let symbols = Self.symbols(elements, capacity: Int(header.pointee.capacity))
            return body(
                UnsafeMutableBufferPointer(start: symbols, count: count),
                UnsafeMutableBufferPointer(start: elements, count: count), &header.pointee.index)
        }
    }
}

/// The header of a ``SparseRowStorage``: 24 bytes.
struct SparseRowHeader {
    /// How many cells the row has.
    var count: Int32
    /// How many cells fit in the block.
    var capacity: Int32
    /// The index of a long row (see ``SparseRow``), `nil` until it first grows past
    /// ``SparseRow/indexThreshold`` cells.
    var index: PositionTable?
}
