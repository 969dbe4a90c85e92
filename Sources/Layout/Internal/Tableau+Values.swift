/// Reading values out of the tableau: ``computeValues(changed:)`` evaluates only the
/// definitions a change may have moved (see ``Tableau``'s read-out state), and reports the
/// external symbols whose value changed.
extension Tableau {
    /// Brings ``values`` up to date and appends to `changed` every external symbol whose value
    /// changed (bit for bit) since the last call.
    ///
    /// Only what may have changed is evaluated: the symbols in ``touchedSymbols`` (a symbol no
    /// longer basic takes the value zero), then, in the order the definitions were made, every
    /// definition that mentions a symbol whose value changed. A definition mentions only
    /// earlier ones, so taking them earliest first evaluates each once, after everything it
    /// reads. The values are the ones a computation of every definition would give, bit for
    /// bit: an untouched definition whose inputs kept their values would compute the same sum.
    ///
    /// When the work grows past a quarter of the definitions (a first layout, an edit that
    /// moves a whole chain), the rest are evaluated in one pass in order, without the heap.
    mutating func computeValues(changed: inout [Symbol]) {
        let live = definitions.count - definitionGaps
        let limit = max(64, live / 4)
        if touchedSymbols.count > limit {
            for s in touchedSymbols {
                isTouched[s.index] = false
                if !isBasicExternal(s), values[s.index].bitPattern != 0 {
                    values[s.index] = 0
                    changed.append(s)
                }
            }
            touchedSymbols.removeAll(keepingCapacity: true)
            evaluateDefinitions(from: 0, changed: &changed)
            return
        }
        var pending = self.pending
        self.pending = MaxHeap()
        for s in touchedSymbols {
            isTouched[s.index] = false
            if isBasicExternal(s) {
                pending.push(key: -definitionIndex[s.index], symbol: s)
            } else if values[s.index].bitPattern != 0 {
                values[s.index] = 0
                changed.append(s)
                pushDependents(of: s, into: &pending)
            }
        }
        touchedSymbols.removeAll(keepingCapacity: true)
        var evaluated = 0
        var previous: Symbol?
        while let s = pending.pop() {
            // A symbol pushed twice pops twice in a row.
            if s == previous { continue }
            previous = s
            evaluated += 1
            if evaluated > limit {
                evaluateDefinitions(from: Int(definitionIndex[s.index]), changed: &changed)
                pending.removeAll()
                break
            }
            evaluationCount += 1
            let v = evaluate(definingRow(of: s))
            if v.bitPattern != values[s.index].bitPattern {
                values[s.index] = v
                changed.append(s)
                pushDependents(of: s, into: &pending)
            }
        }
        self.pending = pending
    }

    /// Pushes the definitions that mention `s` (their basic symbols), keyed so that the
    /// earliest definition pops first.
    private mutating func pushDependents(of s: Symbol, into pending: inout MaxHeap) {
        for r in rowsInPlace(containing: s) {
            let b = basicSymbol(of: r)
            if kind[b.index] == .external { pending.push(key: -definitionIndex[b.index], symbol: b) }
        }
    }

    /// The value of the definition in row `r`: its constant plus its cells times the values of
    /// their symbols (zero for a parametric one).
    @inline(__always)
    private func evaluate(_ r: RowIndex) -> Double {
        rows.withUnsafeBufferPointer { rows in
            values.withUnsafeBufferPointer { values in rows[r.index].value(with: values) }
        }
    }

    /// Evaluates every definition from position `start` on, in order, into ``values``, and
    /// appends the symbols whose value changed to `changed`. The definitions before `start`
    /// must be up to date.
    ///
    /// A plain sum over each definition's cells, read through buffers without retaining each
    /// row's cells.
    private mutating func evaluateDefinitions(from start: Int, changed: inout [Symbol]) {
        let definitions = self.definitions
        let basicRowOf = self.basicRowOf
        evaluationCount += definitions.count - start
        rows.withUnsafeBufferPointer { rows in
            values.withUnsafeMutableBufferPointer { values in
                for s in definitions[start...] where s >= 0 {
                    let r = Int(basicRowOf[Int(s)])
                    let v = rows[r].value(with: UnsafeBufferPointer(values))
                    if v.bitPattern != values[Int(s)].bitPattern {
                        values[Int(s)] = v
                        changed.append(Symbol(raw: s))
                    }
                }
            }
        }
    }
}
