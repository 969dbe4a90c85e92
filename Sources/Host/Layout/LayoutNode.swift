import ConstraintSolver
import Foundation

/// The four solver variables of a view or layout guide.
///
/// They place the item in its tree's *layout space*: the root's coordinate space with every
/// bounds origin (every scroll offset) ignored. A frame is then the difference of two nodes'
/// origins; scroll offsets never enter the solver.
@MainActor
final class LayoutNode {
    let minX = Variable("minX")
    let minY = Variable("minY")
    let width = Variable("width")
    let height = Variable("height")

    /// Makes the four variables, each owned by this node (``Variable/owner``): the engine finds
    /// the view a changed variable moves through it. `placesGuide`: the item to be set is a
    /// ``UILayoutGuide``, else a ``UIView``.
    init(placesGuide: Bool) {
        self.placesGuide = placesGuide
        minX.owner = self
        minY.owner = self
        width.owner = self
        height.owner = self
    }

    /// The view or guide, for diagnostics and for finding the view whose frame a changed
    /// variable moves; `nil` once it is gone.
    ///
    /// Not a `weak` reference: a weak reference gives the object it points to a side table,
    /// and from then on every retain and release of that object takes the runtime's slow path
    /// through it. Every view has a node, so every view paid that: a third of a 10,000-row
    /// form's first layout went to reference counting (`perf`). The item clears this in its
    /// `deinit` (``UIView``, ``UILayoutGuide``), before its memory can be reused, so the
    /// reference never dangles. `nonisolated(unsafe)` because a `deinit` is not isolated to
    /// the main actor; HostKit's objects live on the main thread, where their last release
    /// happens.
    nonisolated var item: AnyObject? {
        get { itemReference?.takeUnretainedValue() }
        set { itemReference = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// The storage of ``item``: `Unmanaged` rather than `unowned(unsafe)`, so that its address
    /// can be read without retaining the item (``itemAddress``), as ``UIView``'s
    /// `superviewReference`.
    nonisolated(unsafe) private var itemReference: Unmanaged<AnyObject>?

    /// The address of ``item``, for a cache hint: read without retaining it, a write that would
    /// wait for the item's line.
    nonisolated var itemAddress: UnsafeRawPointer? {
        itemReference.map { UnsafeRawPointer($0.toOpaque()) }
    }

    /// Whether the item is a layout guide rather than a view, known from the start: reading
    /// ``view`` then casts nothing at run time. The engine reads it for each variable a solve
    /// changes, and the casts (`swift_dynamicCastClass`) were 1% of a 10,000-row form's first
    /// layout in time (`perf`).
    let placesGuide: Bool

    /// The item as HostKit lays it out: a view or a guide.
    var layoutItem: (any LayoutItem)? {
        guard let item else { return nil }
        return placesGuide ? unsafeDowncast(item, to: UILayoutGuide.self) : unsafeDowncast(item, to: UIView.self)
    }

    /// The view these variables place: the item itself, or a guide's owning view.
    var view: UIView? {
        guard let item else { return nil }
        if placesGuide { return unsafeDowncast(item, to: UILayoutGuide.self).owningView }
        return unsafeDowncast(item, to: UIView.self)
    }

    /// How many solver constraints of the tree's engine mention these variables. `Int32`, as
    /// ``userReferences``: with ``placesGuide`` the node stays 72 bytes, the allocator's 80-byte
    /// size (with two `Int`s it took the 96-byte size).
    var references: Int32 = 0

    /// How many of those come from ``NSLayoutConstraint``s.
    var userReferences: Int32 = 0

    /// Appends the terms of an attribute: `left`/`leading` is `minX`, `right`/`trailing` is
    /// `minX + width`, `centerX` is `minX + width/2`, and the same vertically.
    func appendTerms(for attribute: NSLayoutConstraint.Attribute, scale: Double, to terms: inout [Term]) {
        switch attribute {
        case .left, .leading: terms.append(Term(minX, coefficient: scale))
        case .right, .trailing:
            terms.append(Term(minX, coefficient: scale))
            terms.append(Term(width, coefficient: scale))
        case .top: terms.append(Term(minY, coefficient: scale))
        case .bottom:
            terms.append(Term(minY, coefficient: scale))
            terms.append(Term(height, coefficient: scale))
        case .centerX:
            terms.append(Term(minX, coefficient: scale))
            terms.append(Term(width, coefficient: scale / 2))
        case .centerY:
            terms.append(Term(minY, coefficient: scale))
            terms.append(Term(height, coefficient: scale / 2))
        case .width: terms.append(Term(width, coefficient: scale))
        case .height: terms.append(Term(height, coefficient: scale))
        case .notAnAttribute: break
        }
    }

    /// Asks the processor to load the four variables of the node at `node` into its caches,
    /// ahead of reading their values: a hint (``prefetch(at:bytes:)``).
    ///
    /// The node is read through its address, borrowed: a reference to it, even one that is not
    /// kept, was retained around the hints, a write that waits for the node's line if it is
    /// still on its way.
    @inline(__always)
    nonisolated static func prefetchVariables(ofNodeAt node: UnsafeRawPointer) {
        let (x, y, w, h) = Unmanaged<LayoutNode>.fromOpaque(node)._withUnsafeGuaranteedRef {
            (address(of: $0.minX), address(of: $0.minY), address(of: $0.width), address(of: $0.height))
        }
        prefetch(at: x, bytes: Variable.instanceByteCount)
        prefetch(at: y, bytes: Variable.instanceByteCount)
        prefetch(at: w, bytes: Variable.instanceByteCount)
        prefetch(at: h, bytes: Variable.instanceByteCount)
    }

    /// The bytes of a node a walk reads: its 72 (the header, 16; the four variables, 32; the
    /// item, 8; ``placesGuide``, the two counts).
    static let bytes = 72

    /// How many terms ``appendTerms(for:scale:to:)`` appends for an attribute.
    static func termCount(for attribute: NSLayoutConstraint.Attribute) -> Int {
        switch attribute {
        case .left, .leading, .top, .width, .height: 1
        case .right, .trailing, .bottom, .centerX, .centerY: 2
        case .notAnAttribute: 0
        }
    }

    /// `UIView:name.minX`, for a variable of this node.
    func label(of variable: Variable) -> String? {
        guard variable === minX || variable === minY || variable === width || variable === height else {
            return nil
        }
        let owner: String =
            if let view = item as? UIView { view.debugLabel } else if let guide = item as? UILayoutGuide {
                guide.debugLabel
            } else { "?" }
        return "\(owner).\(variable.name)"
    }
}

/// One solver constraint kept by a ``LayoutEngine``, with what it stands for.
///
/// The solver's constraints are immutable; this record holds the current constant so the
/// constraint can be re-created, with it and perhaps a new priority, when it has to leave the
/// solver (an unsatisfiable constant, a priority change).
@MainActor
final class EngineConstraint {
    /// What the constraint stands for, for diagnostics.
    enum Kind {
        case user
        case rootSize
        case autoresizing
        case hugging
        case compressionResistance
        case safeArea
        case contentLayoutGuide
        case contentSize
        case frameLayoutGuide
    }

    let kind: Kind
    /// The slot of the constraint's record in the solver (``Solver/addNewConstraint(_:)``),
    /// `-1` while the constraint is out of it. Declared next to ``kind``, the 1-byte field, in
    /// the room its alignment leaves: 56 bytes, the allocator's 64-byte size, where a 1-byte
    /// flag after ``constraint`` made 57 and the 80-byte size (1.2 MB over the 77,000 records
    /// of a 10,000-row form).
    var solverSlot: Int32 = -1
    /// Whether the constraint is in the solver.
    var isInSolver: Bool { solverSlot >= 0 }
    let first: LayoutNode
    let second: LayoutNode?
    /// The constant of the expression (`lhs - rhs`), as the solver takes it: the current one,
    /// which ``Solver/setConstant(_:of:)`` may have moved away from ``constraint``'s.
    private(set) var constant: Double
    /// The solver constraint: the terms, relation and priority are read from it, not kept
    /// twice (a record is one of about 90,000 in a 10,000-row form).
    private(set) var constraint: Constraint

    var terms: [Term] { constraint.expression.terms }
    var relation: Relation { constraint.relation }
    var priority: Priority { constraint.priority }

    init(
        _ kind: Kind, first: LayoutNode, second: LayoutNode?, terms: [Term], constant: Double,
        relation: Relation, priority: Priority
    ) {
        self.kind = kind
        self.first = first
        self.second = second
        self.constant = constant
        constraint = Constraint(Expression(terms, constant: constant), relation, priority: priority)
    }

    /// Records a new constant; the caller tells the solver.
    func recordConstant(_ value: Double) {
        constant = value
    }

    /// Re-creates the solver constraint with the current constant and a priority (it must be
    /// out of the solver).
    func rebuild(priority: Priority? = nil) {
        constraint = Constraint(
            Expression(terms, constant: constant), relation, priority: priority ?? self.priority)
    }

    /// The ``NSLayoutConstraint`` a `.user` record stands for, looked up where it is installed:
    /// on its first item's view or one of that view's ancestors. Only diagnostics ask, so the
    /// record keeps no reference to it — a weak one cost a side table per constraint (1.6 MB
    /// of a 10,000-row form's peak, massif) and a weak store per addition.
    var userConstraint: NSLayoutConstraint? {
        guard kind == .user else { return nil }
        var view = first.view
        while let candidate = view {
            for constraint in candidate.constraints where constraint.engineConstraint === self { return constraint }
            view = candidate.superview
        }
        return nil
    }

    /// A user constraint's own description, else `<Kind expression relation 0 @priority>` with
    /// items' names for the variables.
    var debugDescription: String {
        if let user = userConstraint { return user.description }
        let kindText: String =
            switch kind {
            case .user: "NSLayoutConstraint"
            case .rootSize: "RootSizeConstraint"
            case .autoresizing: "AutoresizingMaskConstraint"
            case .hugging: "ContentHuggingConstraint"
            case .compressionResistance: "CompressionResistanceConstraint"
            case .safeArea: "SafeAreaConstraint"
            case .contentLayoutGuide: "ContentLayoutGuideConstraint"
            case .contentSize: "ContentSizeConstraint"
            case .frameLayoutGuide: "FrameLayoutGuideConstraint"
            }
        var parts: [String] = []
        for term in terms {
            let name = first.label(of: term.variable) ?? second?.label(of: term.variable) ?? term.variable.name
            parts.append(term.coefficient == 1 ? name : "\(term.coefficient.compactDoubleText)*\(name)")
        }
        var text = parts.joined(separator: " + ")
        if constant != 0 { text += " + \(constant.compactDoubleText)" }
        let suffix = priority.isRequired ? "" : " @\(priority)"
        return "<\(kindText) \(text) \(relation) 0\(suffix)>"
    }
}
