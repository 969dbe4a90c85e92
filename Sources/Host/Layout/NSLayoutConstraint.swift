import ConstraintSolver
import Foundation

/// A linear relation between two layout attributes (`NSLayoutConstraint`):
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`.
///
/// Create constraints with the anchors (`a.topAnchor.constraint(equalTo: b.bottomAnchor,
/// constant: 8)`) or with the full initializer, then activate them. An active constraint is
/// installed on the nearest common ancestor of its items' views and kept in the tree's
/// solver; changing ``constant`` updates the solver in place, without rebuilding anything.
///
/// As in UIKit, a constraint between an *edge* (leading, trailing, left, right, top, bottom)
/// of a ``UIScrollView`` and a view inside that scroll view refers to the scroll view's content
/// area, its ``UIScrollView/contentLayoutGuide``; widths, heights and centres refer to its frame.
///
/// Bad input is reported through the items' ``UIView/logSink`` and refused: an invalid pairing
/// of attributes, a non-finite multiplier or constant, a negative size (a width or height
/// related to a negative constant), a priority outside 1…1000, items with no common ancestor.
@MainActor
open class NSLayoutConstraint: NSObject {
    /// The part of a layout item a constraint relates (`NSLayoutConstraint.Attribute`).
    public enum Attribute: Sendable, CustomStringConvertible {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        /// No attribute: the second item of a constraint to a constant.
        case notAnAttribute

        var axis: Axis? {
            switch self {
            case .left, .right, .leading, .trailing, .centerX, .width: .horizontal
            case .top, .bottom, .centerY, .height: .vertical
            case .notAnAttribute: nil
            }
        }

        var isDimension: Bool { self == .width || self == .height }

        /// Leading, trailing, left, right, top or bottom.
        var isEdge: Bool {
            switch self {
            case .left, .right, .leading, .trailing, .top, .bottom: true
            default: false
            }
        }

        /// The attribute's name as UIKit prints it (`top`, `width`…).
        public var description: String {
            switch self {
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .notAnAttribute: "notAnAttribute"
            }
        }
    }

    /// How the two sides relate (`NSLayoutConstraint.Relation`).
    public enum Relation: Sendable, CustomStringConvertible {
        case lessThanOrEqual, equal, greaterThanOrEqual

        /// The relation as an operator: `<=`, `==` or `>=`.
        public var description: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }

        var solverRelation: ConstraintSolver.Relation {
            switch self {
            case .lessThanOrEqual: .lessThanOrEqual
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        }
    }

    /// An axis, for content hugging and compression resistance (`NSLayoutConstraint.Axis`).
    public enum Axis: Sendable {
        case horizontal, vertical
    }

    /// The first item (not retained, as in UIKit; `nil` once it is gone).
    public var firstItem: AnyObject? { firstLayoutItem }
    /// The first item as HostKit lays it out.
    var firstLayoutItem: (any LayoutItem)? { firstItemReference.item }

    // The stored properties are declared in an order without gaps (1-byte attributes and
    // relation next to the 4-byte priority), and the rare strings are boxed (``notes``): 96
    // bytes, the allocator's 112-byte size, where the order of reading took 136 and the
    // 144-byte size (50,000 constraints in a 10,000-row form: 1.6 MB).
    private let firstItemReference: ItemReference
    private let secondItemReference: ItemReference
    /// The attribute of the first item.
    public let firstAttribute: Attribute
    /// How the first side relates to the second.
    public let relation: Relation
    /// The second item, or `nil` for a constraint to a constant (not retained, as the first).
    public var secondItem: AnyObject? { secondLayoutItem }
    /// The second item as HostKit lays it out.
    var secondLayoutItem: (any LayoutItem)? { secondItemReference.item }
    /// The attribute of the second item (``Attribute/notAnAttribute`` without one).
    public let secondAttribute: Attribute

    /// The priority, `.required` by default. Values outside 1…1000 are refused; changing an
    /// active constraint between required and optional is refused too (UIKit raises).
    @exclusivity(unchecked) // no run-time check: see UIView.subviews
    public var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if !priority.isValid {
                log(.error, "\(self): priority \(priority) is outside 1...1000; the priority stays \(oldValue)")
                priority = oldValue
                return
            }
            if isActive && priority.isRequired != oldValue.isRequired {
                log(
                    .error,
                    "\(self): changing the priority of an active constraint between required and optional is not supported (deactivate it first); the priority stays \(oldValue)"
                )
                priority = oldValue
                return
            }
            if let record = engineConstraint, let engine = installedOn?.engine {
                engine.changePriority(of: record, to: priority.solverPriority)
            }
            installedOn?.markTreeNeedsLayout()
        }
    }

    /// The factor applied to the second attribute.
    public let multiplier: CGFloat
    /// Why the constraint cannot be activated, found when it was created.
    var invalidReason: String? { notes?.invalidReason }

    /// The strings few constraints have, in a box made when one is set: an ``identifier`` and
    /// an ``invalidReason``. Stored inline they took 32 of the 120 bytes of every constraint;
    /// boxed, a constraint takes 96, the allocator's 112-byte size instead of 128 (0.8 MB of
    /// the 50,000 constraints of a 10,000-row form).
    private var notes: Notes?

    private final class Notes {
        var identifier: String?
        var invalidReason: String?
    }

    /// Sets one of the ``notes``, making the box unless the value is `nil` and there is none.
    private func setNote(_ property: ReferenceWritableKeyPath<Notes, String?>, to value: String?) {
        if let notes {
            notes[keyPath: property] = value
        } else if value != nil {
            let box = Notes()
            box[keyPath: property] = value
            notes = box
        }
    }

    /// A width or height related to a constant (its ``constant`` is a size, so it cannot be
    /// negative).
    private var isSizeToConstant: Bool { secondAttribute == .notAnAttribute && firstAttribute.isDimension }

    /// The constant added to the second side. Changing it on an active constraint updates the
    /// solver in place (`Solver.setConstant`). A NaN or infinite value is refused and reported,
    /// and so is a negative value on a width or height related to a constant (a negative size).
    @exclusivity(unchecked) // no run-time check: see UIView.subviews
    public var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            guard constant.isFinite else {
                log(.error, "\(self): constant \(constant) is not finite; the constant stays \(oldValue.compactText)")
                constant = oldValue
                return
            }
            if isSizeToConstant, constant < 0 {
                log(
                    .error,
                    "\(self): constant \(constant.compactText) would make a negative \(firstAttribute); the constant stays \(oldValue.compactText)"
                )
                constant = oldValue
                return
            }
            if let record = engineConstraint, let engine = installedOn?.engine {
                engine.setConstant(-Double(constant), for: record)
            }
            installedOn?.markTreeNeedsLayout()
        }
    }

    /// A name for diagnostics (`nil` by default).
    public var identifier: String? {
        get { notes?.identifier }
        set { setNote(\.identifier, to: newValue) }
    }

    /// Whether the constraint takes part in layout. Setting `true` installs it on the nearest
    /// common ancestor of its items' views (refused and reported when there is none); setting
    /// `false` removes it. A constraint Auto Layout had to break stays active, as in UIKit.
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue { activate() } else { deactivate() }
        }
    }

    // MARK: Engine state

    /// The view the constraint is installed on while active. Not retained, and not `weak`
    /// (see ``LayoutNode/item``): the view clears it when it goes (`UIView.deinit`), as it
    /// holds every constraint installed on it.
    nonisolated(unsafe) unowned(unsafe) var installedOn: UIView?
    /// The constraint's record in the tree's engine, while the tree has one.
    var engineConstraint: EngineConstraint?
    /// The solver variables of each side, fixed at activation (a scroll view's edge may mean
    /// its content layout guide).
    var firstNode: LayoutNode?
    var secondNode: LayoutNode?

    // MARK: Creating

    /// Creates a constraint `item.attribute relation multiplier × toItem.attribute + constant`
    /// (`NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`).
    ///
    /// Invalid combinations, which UIKit rejects with an exception, are accepted here but
    /// refused (and reported) when the constraint is activated: an edge or centre related to a
    /// constant, positions of different axes (a width and a height may be related: an aspect
    /// ratio), a position related to a size, a second item
    /// without an attribute or an attribute without a second item, a non-finite multiplier or
    /// constant, a width or height related to a negative constant (a negative size; UIKit
    /// accepts it and lays the view out with a negative size).
    ///
    /// An item that is neither a ``UIView`` nor a ``UILayoutGuide`` is refused when the
    /// constraint is activated.
    public convenience init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
        toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        let first = view1 as? any LayoutItem
        let second = view2 as? any LayoutItem
        self.init(
            layoutItem: first, attribute: attr1, relatedBy: relation, toLayoutItem: second, attribute: attr2,
            multiplier: multiplier, constant: c)
        if first == nil {
            setNote(\.invalidReason, to: "the first item \(type(of: view1)) is not a view or a layout guide")
        } else if let view2, second == nil {
            setNote(\.invalidReason, to: "the second item \(type(of: view2)) is not a view or a layout guide")
        }
    }

    /// The designated initializer, from HostKit's items (the anchors use it).
    init(
        layoutItem item: (any LayoutItem)?, attribute: Attribute, relatedBy relation: Relation,
        toLayoutItem toItem: (any LayoutItem)?, attribute secondAttribute: Attribute, multiplier: CGFloat,
        constant: CGFloat
    ) {
        firstItemReference = ItemReference(item)
        firstAttribute = attribute
        self.relation = relation
        secondItemReference = ItemReference(toItem)
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        super.init()
        if let reason = Self.invalidReason(attribute, toItem, secondAttribute, multiplier, constant) {
            setNote(\.invalidReason, to: reason)
        }
    }

    private static func invalidReason(
        _ first: Attribute, _ second: (any LayoutItem)?, _ secondAttribute: Attribute,
        _ multiplier: CGFloat, _ constant: CGFloat
    ) -> String? {
        if first == .notAnAttribute { return "the first attribute cannot be notAnAttribute" }
        if !multiplier.isFinite { return "the multiplier \(multiplier) is not finite" }
        if !constant.isFinite { return "the constant \(constant) is not finite" }
        if second == nil {
            if secondAttribute != .notAnAttribute { return "a second attribute needs a second item" }
            if !first.isDimension { return "a \(first) cannot be related to a constant (only a width or height can)" }
            if constant < 0 { return "a \(first) cannot be the negative size \(constant.compactText)" }
            return nil
        }
        if secondAttribute == .notAnAttribute { return "a second item needs a second attribute" }
        // Sizes may cross axes (an aspect ratio: width = 2 × height); positions may not.
        if first.axis != secondAttribute.axis, !(first.isDimension && secondAttribute.isDimension) {
            return "\(first) and \(secondAttribute) are on different axes"
        }
        if first.isDimension != secondAttribute.isDimension {
            return "a \(first) cannot be related to a \(secondAttribute) (a position and a size)"
        }
        return nil
    }

    // MARK: Activating

    /// Activates each constraint (`NSLayoutConstraint.activate(_:)`).
    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for index in constraints.indices {
            prefetchActivation(ahead: index, in: constraints)
            constraints[index].activate()
        }
    }

    /// Asks the processor to load what activating a constraint reads, for constraints some
    /// places after `index` in `constraints`: the constraint 12 places ahead (all 96 bytes of
    /// it), the nodes of its items 8 ahead, the items 4 ahead (a view's first 128 bytes,
    /// ``UIView/layoutPassBytes``, which hold what finding the common ancestor reads). Each
    /// stage reads the addresses the one before it loaded, four activations earlier: an
    /// activation takes about 300 ns on a long screen, a load from memory about 100. A hint:
    /// the activations are the same without it.
    ///
    /// A screen's constraints are made first and activated together. On a long screen the first
    /// are out of the cache by then, with their nodes and items, and each activation waited for
    /// the constraint, then its nodes, then its views: with the hints, making and activating a
    /// 10,000-row form's views and 50,000 constraints (`layout-benchmark`'s `Form.init`) took
    /// 10% less time, its first layout 2% less, and a 1,000-row form's the same
    /// (`Benchmarks/README.md`, fortieth round).
    @inline(__always)
    private static func prefetchActivation(ahead index: Int, in constraints: [NSLayoutConstraint]) {
        let count = constraints.count
        if index + 12 < count {
            prefetch(at: address(of: constraints[index + 12]), bytes: 96)
        }
        if index + 8 < count {
            let (first, second) = constraints[index + 8].nodeAddresses
            if let first { prefetch(at: first, bytes: LayoutNode.bytes) }
            if let second { prefetch(at: second, bytes: LayoutNode.bytes) }
        }
        if index + 4 < count {
            let (first, second) = constraints[index + 4].itemAddresses
            if let first { prefetch(at: first, bytes: UIView.layoutPassBytes) }
            if let second { prefetch(at: second, bytes: UIView.layoutPassBytes) }
        }
    }

    /// The addresses of the items' nodes, for ``prefetchActivation(ahead:in:)``. A property
    /// read of the array's element: read in the loop into a local constant, the constraint was
    /// retained around the hints.
    private var nodeAddresses: (UnsafeRawPointer?, UnsafeRawPointer?) {
        (firstItemReference.nodeAddress, secondItemReference.nodeAddress)
    }

    /// The addresses of the items, for ``prefetchActivation(ahead:in:)`` (see ``nodeAddresses``).
    private var itemAddresses: (UnsafeRawPointer?, UnsafeRawPointer?) {
        (firstItemReference.itemAddress, secondItemReference.itemAddress)
    }

    /// Deactivates each constraint (`NSLayoutConstraint.deactivate(_:)`).
    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    private func activate() {
        guard installedOn == nil else { return }
        guard let ancestor = validatedViews(caller: "activate") else { return }
        install(on: ancestor)
    }

    /// Checks the constraint can be installed and returns the nearest common ancestor of its
    /// items' views; reports and returns `nil` otherwise.
    func validatedViews(caller: String) -> UIView? {
        if let invalidReason {
            log(.error, "\(self): cannot \(caller): \(invalidReason)")
            return nil
        }
        guard let firstView = placedView(firstItemReference, "first", caller: caller) else { return nil }
        guard secondAttribute != .notAnAttribute else { return firstView }
        guard let secondView = placedView(secondItemReference, "second", caller: caller) else { return nil }
        guard let ancestor = UIView.nearestCommonAncestor(firstView, secondView) else {
            log(
                .error,
                "\(self): cannot \(caller): \(firstView.debugLabel) and \(secondView.debugLabel) have no common ancestor; the constraint was not installed"
            )
            return nil
        }
        return ancestor
    }

    /// The view whose tree an item is in (``validatedViews(caller:)``); reports and returns
    /// `nil` for an item that is gone or cannot be placed. `ordinal`: "first" or "second".
    ///
    /// The view is read from the item's node, without casting the item: the casts here and in
    /// ``install(on:)`` were 1.4 M in five builds of a 10,000-row form
    /// (`swift_dynamicCastClass`, callgrind), 1.0 M of them gone now.
    private func placedView(_ reference: ItemReference, _ ordinal: String, caller: String) -> UIView? {
        switch reference.placement {
        case .view(let view):
            return view
        case .gone:
            log(.error, "\(self): cannot \(caller): the \(ordinal) item no longer exists")
            return nil
        case .unplaced(let item):
            log(
                .error,
                "\(self): cannot \(caller): \(LayoutItems.label(of: item)) is a layout guide not added to a view, or not a HostKit item"
            )
            return nil
        }
    }

    /// Installs the constraint on a view of its tree and adds it to the tree's engine.
    func install(on view: UIView) {
        // The keyboard guide joins the solver when a constraint first names it.
        firstItemReference.keyboardLayoutGuide?.placeIfNeeded()
        secondItemReference.keyboardLayoutGuide?.placeIfNeeded()
        firstNode = resolvedNode(for: firstItemReference, attribute: firstAttribute, other: secondItemReference)
        secondNode =
            secondAttribute == .notAnAttribute
            ? nil : resolvedNode(for: secondItemReference, attribute: secondAttribute, other: firstItemReference)
        installedOn = view
        view.constraints.append(self)
        view.engine?.addUserConstraint(self)
        view.markTreeNeedsLayout()
    }

    /// A scroll view's edge related to a view inside it means its content layout guide.
    ///
    /// The items are read through their references' nodes: casting each item to find its node
    /// (`LayoutItems.node(of:)`) was 2 of an activation's casts.
    private func resolvedNode(for item: ItemReference, attribute: Attribute, other: ItemReference) -> LayoutNode? {
        guard case .node(let node) = item, let object = node.item else { return nil }
        if attribute.isEdge, !node.placesGuide, let scrollView = object as? UIScrollView,
            case .view(let otherView) = other.placement, otherView !== scrollView,
            otherView.isDescendant(of: scrollView)
        {
            return scrollView.contentLayoutGuide.node
        }
        return node
    }

    func deactivate() {
        guard let view = installedOn else { return }
        // Out of the engine first, while the view still lists it: a diagnostic about the
        // removal finds the constraint there (``EngineConstraint/userConstraint``).
        if let record = engineConstraint {
            view.engine?.remove(record)
            engineConstraint = nil
        }
        if let index = position(in: view.constraints) {
            view.constraints.remove(at: index)
        }
        installedOn = nil
        firstNode = nil
        secondNode = nil
        view.markTreeNeedsLayout()
    }

    /// Where this constraint is in `list` (a view's ``UIView/constraints``, where it appears at
    /// most once), searched from the end: the constraints deactivated most often are the latest
    /// installed (a keyboard's held content height, on a content view that holds the
    /// constraints of a thousand rows). A plain loop, because a closure given to
    /// `firstIndex(where:)` here paid a main-actor check per element.
    private func position(in list: [NSLayoutConstraint]) -> Int? {
        var index = list.endIndex
        while index > list.startIndex {
            index -= 1
            if list[index] === self { return index }
        }
        return nil
    }

    /// The solver record of this constraint: `first − multiplier·second − constant ⋈ 0`.
    func makeEngineConstraint() -> EngineConstraint? {
        guard let firstNode else { return nil }
        // Allocated once, at its size: a constraint's terms are kept as long as it is active,
        // and an array grown by its second item's terms was re-allocated, with room to spare.
        var terms: [Term] = []
        terms.reserveCapacity(
            LayoutNode.termCount(for: firstAttribute)
                + (secondNode == nil ? 0 : LayoutNode.termCount(for: secondAttribute)))
        firstNode.appendTerms(for: firstAttribute, scale: 1, to: &terms)
        if let secondNode {
            secondNode.appendTerms(for: secondAttribute, scale: -Double(multiplier), to: &terms)
        }
        return EngineConstraint(
            .user, first: firstNode, second: secondNode, terms: terms,
            constant: -Double(constant), relation: relation.solverRelation,
            priority: priority.solverPriority)
    }

    private func log(_ level: LogLevel, _ text: String) {
        let view =
            installedOn ?? firstLayoutItem.flatMap(LayoutItems.view(of:))
            ?? secondLayoutItem.flatMap(LayoutItems.view(of:))
        (view?.logSink ?? .standardError).log(level, text)
    }

    // MARK: Description

    /// `<NSLayoutConstraint 'id' UIView:a.top == UIView:b.bottom + 8 @750>`: the items' names stand
    /// in for UIKit's addresses, so descriptions are stable across runs. Read it on the main
    /// actor, as every HostKit object.
    public nonisolated override var description: String {
        MainActor.assumeIsolated { mainActorDescription }
    }

    private var mainActorDescription: String {
        var text = "<NSLayoutConstraint "
        if let identifier { text += "'\(identifier)' " }
        text += "\(LayoutItems.label(of: firstLayoutItem)).\(firstAttribute) \(relation) "
        var right: [String] = []
        if secondAttribute != .notAnAttribute {
            let item = "\(LayoutItems.label(of: secondLayoutItem)).\(secondAttribute)"
            right.append(multiplier == 1 ? item : "\(multiplier.compactText)*\(item)")
        }
        if constant != 0 || right.isEmpty {
            if right.isEmpty {
                right.append(constant.compactText)
            } else {
                right.append(constant < 0 ? "- \((-constant).compactText)" : "+ \(constant.compactText)")
            }
        }
        text += right.joined(separator: " ")
        if !priority.isRequired { text += " @\(priority)" }
        return text + ">"
    }
}

extension UIView {
    /// The deepest view that is an ancestor of (or equal to) both views; `nil` if they are in
    /// different trees.
    static func nearestCommonAncestor(_ a: UIView, _ b: UIView) -> UIView? {
        // The usual cases first, from the two parents alone: one view, a view and its parent,
        // two siblings. Measuring both depths walked both chains to the root through weak
        // references, each step about 200 instructions: checking a constraint before
        // activation cost 2,300 (callgrind, a 10,000-row form).
        if a === b { return a }
        let parentOfA = a.superview
        if parentOfA === b { return b }
        let parentOfB = b.superview
        if parentOfB === a { return a }
        if let parentOfA, parentOfA === parentOfB { return parentOfA }
        var x = a
        var y = b
        var dx = a.depth
        var dy = b.depth
        while dx > dy, let parent = x.superview {
            x = parent
            dx -= 1
        }
        while dy > dx, let parent = y.superview {
            y = parent
            dy -= 1
        }
        while x !== y {
            guard let px = x.superview, let py = y.superview else { return nil }
            x = px
            y = py
        }
        return x
    }
}

/// How a constraint holds one of its items: without retaining it, as UIKit does, and reading
/// `nil` once the item is gone.
///
/// A view or guide is held through its ``LayoutNode``, whose ``LayoutNode/item`` the item
/// clears when it goes; a `weak` reference would give each of the thousands of views a side
/// table and make all their reference counting slow. Only an item of another type, which
/// activation refuses, is held weakly.
@MainActor
private enum ItemReference {
    case none
    case node(LayoutNode)
    case other(WeakItem)

    final class WeakItem {
        weak var item: (any LayoutItem)?
        init(_ item: any LayoutItem) { self.item = item }
    }

    init(_ item: (any LayoutItem)?) {
        guard let item else {
            self = .none
            return
        }
        if let node = LayoutItems.node(of: item) {
            self = .node(node)
        } else {
            self = .other(WeakItem(item))
        }
    }

    var item: (any LayoutItem)? {
        switch self {
        case .none: nil
        case .node(let node): node.layoutItem
        case .other(let box): box.item
        }
    }

    /// The address of the item's node, for a cache hint (``NSLayoutConstraint/activate(_:)``):
    /// read from the case's payload without retaining the node, a write that would wait for a
    /// line the hint has not brought yet.
    var nodeAddress: UnsafeRawPointer? {
        guard case .node(let node) = self else { return nil }
        return address(of: node)
    }

    /// The address of the item a node places, for a cache hint (``NSLayoutConstraint/activate(_:)``),
    /// read without retaining it (``LayoutNode/itemAddress``).
    var itemAddress: UnsafeRawPointer? {
        guard case .node(let node) = self else { return nil }
        return node.itemAddress
    }

    /// Where the item stands for activation: the view whose tree it is in (a guide's owning
    /// view), or why there is none. Read from the node, without casting the item.
    enum Placement {
        case view(UIView)
        /// There is no item, or it is gone.
        case gone
        /// A layout guide not added to a view, or an item of a type HostKit cannot lay out.
        case unplaced(any LayoutItem)
    }

    var placement: Placement {
        switch self {
        case .none: return .gone
        case .node(let node):
            if let view = node.view { return .view(view) }
            guard let item = node.layoutItem else { return .gone }
            return .unplaced(item)
        case .other(let box):
            guard let item = box.item else { return .gone }
            return .unplaced(item)
        }
    }

    /// The item if it is a keyboard layout guide: cast only when the node places a guide.
    var keyboardLayoutGuide: UIKeyboardLayoutGuide? {
        guard case .node(let node) = self, node.placesGuide else { return nil }
        return node.item as? UIKeyboardLayoutGuide
    }
}
