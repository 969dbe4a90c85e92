import ConstraintSolver
import Foundation

/// The solver constraints HostKit derives from one view's state (its own, not the
/// ``NSLayoutConstraint``s installed on it).
///
/// What most views have (autoresizing, intrinsic sizes) is stored inline; what only a root or
/// a scroll view has lives in a box created when first set (copied on write, so the struct
/// keeps value semantics). Inline, those five arrays took 40 of a view's bytes, and a
/// 10,000-row form has 20,000 views that have none of them.
struct ViewEngineRecords {
    /// A translating view's x, width, y, height (see ``AutoresizingRule``).
    var autoresizing: [EngineConstraint] = []
    /// Hugging and compression resistance, when the axis has an intrinsic metric.
    var intrinsicWidth: IntrinsicSizeConstraints?
    var intrinsicHeight: IntrinsicSizeConstraints?
    private var rare: Rare?

    private final class Rare {
        var rootSize: [EngineConstraint] = []
        var safeArea: [EngineConstraint] = []
        var contentGuide: [EngineConstraint] = []
        var contentSize: [EngineConstraint] = []
        var frameGuide: [EngineConstraint] = []

        func copy() -> Rare {
            let copy = Rare()
            (copy.rootSize, copy.safeArea, copy.contentGuide) = (rootSize, safeArea, contentGuide)
            (copy.contentSize, copy.frameGuide) = (contentSize, frameGuide)
            return copy
        }
    }

    /// Sets one of the rare arrays: creates the box unless the value is empty and there is
    /// none, and copies it if another value shares it.
    private mutating func setRare(
        _ property: ReferenceWritableKeyPath<Rare, [EngineConstraint]>, _ value: [EngineConstraint]
    ) {
        if rare == nil {
            guard !value.isEmpty else { return }
            rare = Rare()
        } else if !isKnownUniquelyReferenced(&rare) {
            rare = rare?.copy()
        }
        rare?[keyPath: property] = value
    }

    /// A root's `minX == 0, minY == 0, width == frame.width, height == frame.height`.
    var rootSize: [EngineConstraint] {
        get { rare?.rootSize ?? [] }
        set { setRare(\.rootSize, newValue) }
    }
    /// The safe-area guide's left, top, width, height.
    var safeArea: [EngineConstraint] {
        get { rare?.safeArea ?? [] }
        set { setRare(\.safeArea, newValue) }
    }
    /// A scroll view's content guide origin pins (x, y).
    var contentGuide: [EngineConstraint] {
        get { rare?.contentGuide ?? [] }
        set { setRare(\.contentGuide, newValue) }
    }
    /// A scroll view's content guide size at the lowest priority: `contentSize` when nothing
    /// else sizes the guide.
    var contentSize: [EngineConstraint] {
        get { rare?.contentSize ?? [] }
        set { setRare(\.contentSize, newValue) }
    }
    /// A scroll view's frame guide pins (x, y, width, height).
    var frameGuide: [EngineConstraint] {
        get { rare?.frameGuide ?? [] }
        set { setRare(\.frameGuide, newValue) }
    }

    var all: [EngineConstraint] {
        rootSize + autoresizing + (intrinsicWidth?.both ?? []) + (intrinsicHeight?.both ?? []) + safeArea
            + contentGuide + contentSize + frameGuide
    }
}

/// A view's content hugging and compression resistance on one axis: `size <= metric` and
/// `size >= metric`, the pair UIKit keeps as one `NSContentSizeLayoutConstraint`.
///
/// Two stored references rather than an array: a form has one pair or two per view, and an
/// array of two was an allocation each (1.4 MB of a 10,000-row form's peak, massif).
struct IntrinsicSizeConstraints {
    let hugging: EngineConstraint
    let compressionResistance: EngineConstraint

    /// Hugging, then compression resistance: the order they join the solver in (the second
    /// directly after the first shares its row, see ``Solver/addConstraint(_:)``).
    var both: [EngineConstraint] { [hugging, compressionResistance] }

    /// The record at `index` of ``both``, `0` or `1`.
    subscript(index: Int) -> EngineConstraint { index == 0 ? hugging : compressionResistance }
}

/// The constraint solver of one view tree, kept in step with the tree incrementally.
///
/// It belongs to the root of the tree (the window, for a tree on screen) and is created the first
/// time the tree needs it (its first layout). Adding a subtree moves the subtree's constraints
/// into it; removing one takes them out. A changed constant, inset or size is a
/// `Solver.setConstant` call — nothing is rebuilt.
///
/// An unsatisfiable required constraint is reported as Auto Layout does and left out of the
/// solver; layout goes on with the others. A constraint broken that way is tried again (without
/// a second report) at the next layout pass after a required constraint left the solver, and
/// when its own constant changes: the conflict may be gone. The common case is a subtree with
/// constraints of its own added to a laid-out tree, then told to stop translating its
/// autoresizing mask — its frame's constraints conflict with its own until they are removed.
@MainActor
final class LayoutEngine {
    /// Keeps each variable's slot in the variable (``LayoutNode``'s are read near their node);
    /// every engine is a main-actor object, as that requires.
    let solver = Solver(keepingSlotsInVariables: true)
    /// The tree's root view. Not retained, and not `weak` either, for the reason
    /// ``UIView/unretainedSuperview`` gives (the root is retained by every walk up its tree);
    /// the root clears it when it goes (`deinit`), and ``discard(subtree:)`` when the root
    /// joins another tree and this engine is dropped.
    nonisolated(unsafe) unowned(unsafe) var root: UIView?
    /// Something changed in the solver since the last `updateVariables()`.
    var needsSolve = true
    /// The records the solver refused (broken constraints), oldest first.
    @exclusivity(unchecked) // no run-time check: see UIView.subviews
    private var brokenRecords: [EngineConstraint] = []
    /// A required record left the solver since the last ``retryBrokenConstraints()``.
    private var mayRetryBrokenRecords = false
    /// What the engine did so far.
    var statistics = LayoutStatistics()

    /// The lists of an earlier layout pass, emptied, kept for their room: each pass of a
    /// keyboard change grew them anew (three allocations). A pass takes them and gives them
    /// back; a pass started inside another (from a notification it sends) finds none and makes
    /// its own.
    var spareChanges = LayoutChanges()
    /// Every view of the tree has its frame marked for reading: true from the registration of
    /// the whole tree (its first layout) until the solve after it, which then need not mark
    /// the views of the variables it changed. On a 10,000-row form's first layout that marking
    /// read 80,000 variables, their nodes and their views, each cold, to find every view
    /// marked already.
    private var everyFrameIsMarked = false
    init(root: UIView) {
        self.root = root
    }

    var logSink: LogSink { root?.logSink ?? .standardError }

    // MARK: Adding and removing

    /// Adds each record in turn. A loop rather than `forEach(add)`: the method reference passed
    /// as a closure checked at every call that it ran on the main actor, about 220 instructions
    /// each, three times per view on a first layout (callgrind).
    func add(_ records: [EngineConstraint]) {
        for record in records { add(record) }
    }

    /// Adds a view's hugging, then its compression resistance, on one axis (none without a
    /// metric).
    func add(_ pair: IntrinsicSizeConstraints?) {
        guard let pair else { return }
        add(pair.hugging)
        add(pair.compressionResistance)
    }

    /// Adds a record; on failure it is reported and left out of the solver.
    ///
    /// The frame of a view it names is read again at the next layout if no record named the
    /// view before: a view that nothing positioned kept its frame, and now the solver places
    /// it, even where its new variables solve to the `0` they started from (so that no change
    /// is reported). A view the solver placed already is read again if the solve reports its
    /// variables changed, as after any other change.
    func add(_ record: EngineConstraint) {
        countReferences(of: record)
        install(record)
    }

    /// Counts a record's references to the nodes it names (the first marks the view's frame,
    /// ``reference(_:)``), the first half of ``add(_:)``.
    private func countReferences(of record: EngineConstraint) {
        reference(record.first)
        if let second = record.second { reference(second) }
        if record.kind == .user {
            record.first.userReferences += 1
            record.second?.userReferences += 1
        }
    }

    /// Removes a record. The frames of the views it named are read again at the next layout:
    /// a variable no constraint mentions any more reads `0` without being reported changed,
    /// even while other records name the view's other variables.
    func remove(_ record: EngineConstraint) {
        dereference(record.first)
        if let second = record.second { dereference(second) }
        if record.kind == .user {
            record.first.userReferences -= 1
            record.second?.userReferences -= 1
        }
        uninstall(record)
        forgetBroken(record)
    }

    /// Counts a record that names the node. Only the first one marks the view's frame for
    /// reading: marking it for every record touched the view and its superview again for each
    /// of its records, cold in a large tree, 1.6% of a 10,000-row form's first layout's
    /// instructions (callgrind). Later ones need not: the frame was read from the solver since,
    /// a variable not in the solver read as `0`, and a variable a new record moves from there
    /// is reported changed. (A removal does mark the view: a variable that leaves the solver
    /// drops to `0` unreported.)
    private func reference(_ node: LayoutNode) {
        if node.references == 0 { node.view?.markFrameNeedsRead() }
        node.references += 1
    }

    private func dereference(_ node: LayoutNode) {
        node.references -= 1
        node.view?.markFrameNeedsRead()
    }

    // MARK: Solving

    /// Solves, and marks the views whose variables (or whose guides' variables) changed for
    /// reading back at this layout pass: the only frames that can have moved, besides those
    /// below a view that moved (the layout walk follows those).
    func solve() {
        var changedCount = 0
        if everyFrameIsMarked {
            everyFrameIsMarked = false
            changedCount = solver.updateValues()
        } else {
            solver.updateVariables { variable in
                changedCount += 1
                (variable.owner as? LayoutNode)?.view?.markFrameNeedsRead()
            }
        }
        statistics.solves += 1
        statistics.changedVariables += changedCount
        needsSolve = false
    }

    /// Tries the broken records again if a required record left the solver since the last
    /// try; those that still conflict stay out, unreported (they were reported when broken).
    /// Called at the start of each layout pass.
    func retryBrokenConstraints() {
        guard mayRetryBrokenRecords else { return }
        mayRetryBrokenRecords = false
        guard !brokenRecords.isEmpty else { return }
        for record in brokenRecords where !record.isInSolver {
            record.rebuild()
            do {
                record.solverSlot = try solver.addNewConstraint(record.constraint)
                statistics.additions += 1
                needsSolve = true
            } catch {
                // Still in conflict: it stays broken.
            }
        }
        brokenRecords.removeAll { $0.isInSolver }
    }

    private func forgetBroken(_ record: EngineConstraint) {
        guard !brokenRecords.isEmpty else { return }
        brokenRecords.removeAll { $0 === record }
    }

    /// Changes the expression constant of a record in place (`Solver.setConstant`).
    func setConstant(_ constant: Double, for record: EngineConstraint) {
        guard constant != record.constant else { return }
        let old = record.constant
        record.recordConstant(constant)
        guard record.isInSolver else {
            // A broken constraint gets another chance with its new constant.
            record.rebuild()
            install(record)
            return
        }
        do {
            try solver.setConstant(constant, for: record.constraint, slot: record.solverSlot)
            statistics.constantChanges += 1
            needsSolve = true
        } catch {
            // The solver kept the old constant; Auto Layout breaks the constraint instead.
            report(
                error, for: record,
                note: "(its constant changed from \(old.compactDoubleText) to \(constant.compactDoubleText))")
            uninstall(record)
            record.rebuild()
            brokenRecords.append(record)
        }
    }

    /// Re-adds a record at another priority (the solver's constraints are immutable).
    func changePriority(of record: EngineConstraint, to priority: Priority) {
        uninstall(record)
        record.rebuild(priority: priority)
        install(record)
    }

    /// Replaces a record by another standing for the same thing (a changed coefficient).
    func replace(_ old: EngineConstraint, with new: EngineConstraint) {
        remove(old)
        add(new)
    }

    /// Adds the record's constraint to the solver. The record says whether it is there
    /// already, so the solver does not check (``Solver/addNewConstraint(_:)``).
    private func install(_ record: EngineConstraint) {
        guard !record.isInSolver else {
            logSink.log(.error, "HostKit added \(record.debugDescription) twice; it is in the solver already")
            return
        }
        do {
            record.solverSlot = try solver.addNewConstraint(record.constraint)
            statistics.additions += 1
            needsSolve = true
            forgetBroken(record)
        } catch {
            report(error, for: record, note: nil)
            if !brokenRecords.contains(where: { $0 === record }) { brokenRecords.append(record) }
        }
    }

    private func uninstall(_ record: EngineConstraint) {
        guard record.isInSolver else { return }
        let slot = record.solverSlot
        record.solverSlot = -1
        needsSolve = true
        if record.priority.isRequired { mayRetryBrokenRecords = true }
        do {
            try solver.removeConstraint(record.constraint, slot: slot)
            statistics.removals += 1
        } catch {
            logSink.log(.error, "HostKit lost track of \(record.debugDescription): \(error)")
        }
    }

    // MARK: User constraints

    func addUserConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.engineConstraint == nil, let record = constraint.makeEngineConstraint() else { return }
        constraint.engineConstraint = record
        add(record)
    }

    // MARK: Subtrees

    /// Adds every constraint of a subtree: first HostKit's required constraints (a root's
    /// size, autoresizing, the safe-area guide, a scroll view's content and frame guide pins),
    /// then the views' intrinsic sizes, then the constraints installed on its views, then a
    /// scroll view's content size.
    ///
    /// The order decides which constraint Auto Layout breaks when the tree's constraints
    /// conflict from the start: the solver refuses whichever required constraint comes last,
    /// and that must be the user's, as in UIKit. Were HostKit's own added last, a user's
    /// `a.width == root.width` plus `a.width == 100` would break the root's size constraint
    /// and every view pinned to the root would get a width of 100. The optional constraints
    /// can never be refused, so they go where the solver is fastest:
    /// - The intrinsic sizes join before the constraints that place the views. A view's size is
    ///   then defined (lazily, see the solver's `Tableau`) before those constraints mention it,
    ///   and they mention it as it stands. Joining after them, the size's definition was
    ///   substituted into each of their rows: 90,000 substitutions in a 10,000-row form's first
    ///   layout, 7.5% of its instructions (callgrind). After HostKit's required constraints, not
    ///   before: first of all, they made each later keyboard change on the layout benchmark's
    ///   form cost about ten times more; here a keyboard show costs what it did with the
    ///   intrinsic sizes last (241 k instructions, callgrind). A layout with one solution gets
    ///   the same one in any of these orders; only an ambiguous layout may settle on another of
    ///   its solutions (Auto Layout promises none of them either).
    /// - A scroll view's content size, a hint, joins last.
    ///
    /// The records are made first, in one walk of the subtree that lists them in the order
    /// they join, counts each one's references to its nodes (see
    /// ``add(listed:prefetchingFrom:)``) and counts them for the solver as it goes
    /// (``Solver/Reservation``), and the solver told what is coming
    /// (``Solver/reserveCapacity(newVariables:for:)``), so that its
    /// tables grow once, to their size, on a first layout: grown by doubling they held up to
    /// twice the room and left their outgrown copies behind (9 MB of a 10,000-row form's 119 MB
    /// peak). One walk rather than one per kind of record: each walk touched every view again,
    /// cold in a large tree (eight walks of a 10,000-row form's 20,000 views; one walk saved
    /// 1.4% of its first layout's instructions and 1.6% of its misses in a 1 MiB cache,
    /// callgrind).
    func register(subtree top: UIView, asRoot: Bool) {
        var own: [EngineConstraint?] = []
        var intrinsic: [EngineConstraint?] = []
        var user: [EngineConstraint?] = []
        var contentSize: [EngineConstraint?] = []
        // Each list's reservation counts its records as the walk makes or finds them, in the
        // cache (see `Solver.Reservation`).
        var reservations = [Solver.Reservation](repeating: Solver.Reservation(notingVariables: true), count: 4)
        var nodeCount = 0
        top.forEachInSubtree { view in
            view.engine = self
            view.markFrameNeedsRead()
            let counted = (own.count, intrinsic.count, contentSize.count)
            makeRequiredOwnConstraints(of: view, isRoot: asRoot && view === top, listingIn: &own)
            makeIntrinsicSizeConstraints(of: view, listingIn: &intrinsic)
            // A subtree joining an engine has no records yet (`LayoutEngine.discard(subtree:)`
            // forgot those of its old engine).
            for constraint in view.constraints {
                if constraint.engineConstraint == nil {
                    constraint.engineConstraint = constraint.makeEngineConstraint()
                }
                if let record = constraint.engineConstraint {
                    user.append(record)
                    count(record, in: &reservations[2])
                }
            }
            makeContentSizeConstraints(of: view, listingIn: &contentSize)
            for case let record? in own[counted.0...] { count(record, in: &reservations[0]) }
            for case let record? in intrinsic[counted.1...] { count(record, in: &reservations[1]) }
            for case let record? in contentSize[counted.2...] { count(record, in: &reservations[3]) }
            nodeCount += view.nodeCount
        }
        solver.reserveCapacity(newVariables: 4 * nodeCount, for: reservations)
        add(listed: &own, prefetchingFrom: &reservations[0])
        add(listed: &intrinsic, prefetchingFrom: &reservations[1])
        add(listed: &user, prefetchingFrom: &reservations[2])
        add(listed: &contentSize, prefetchingFrom: &reservations[3])
        needsSolve = true
        // The walk marked every view; nothing clears a mark before the next solve (only the
        // layout walk after a solve reads frames).
        if asRoot, top === root { everyFrameIsMarked = true }
    }

    /// Adds the records of a list in order, and empties it. Each record leaves the list as it is
    /// added, while it is in the cache: letting go of the whole list afterwards touched each of
    /// a 10,000-row form's 110,000 records again, cold. And the solver's tables grow
    /// meanwhile, and can reuse the list's room.
    ///
    /// The walk of ``register(subtree:asRoot:)`` counted each record's references to its nodes
    /// already, so a record only joins the solver here. The walk has the nodes in the cache (a
    /// view's own records name its nodes; a user record's nodes were just read for its terms);
    /// counted here, each record read them again, cold in a large tree. Counting in the walk
    /// made a 10,000-row form's first layout 3% to 5% faster (two runs of 20 rounds,
    /// `compare_builds.py`) for the same instructions (callgrind).
    ///
    /// The variables are not in the cache any more either: `reservation`, which counted the
    /// list in this order, noted where they are, and each record's are loaded ahead. Its notes
    /// go with the list.
    private func add(listed list: inout [EngineConstraint?], prefetchingFrom reservation: inout Solver.Reservation) {
        for index in list.indices {
            if index % Self.prefetchBatch == 0 {
                let ahead = index + Self.prefetchDistance
                reservation.prefetchVariables(ofConstraints: ahead..<ahead + Self.prefetchBatch)
            }
            if let record = list[index].take() { install(record) }
        }
        list = []
        reservation = Solver.Reservation()
    }

    /// How many records ahead of their addition ``add(listed:prefetchingFrom:)`` has their
    /// variables loaded into the cache (``Solver/Reservation/prefetchVariables(ofConstraints:)``),
    /// and how many at a time. An addition takes about a microsecond on a 10,000-row form, ten
    /// times a load from memory, so a record or two ahead would do if every addition took that
    /// long; some take a tenth of it. Between 4 and 64 records ahead measured alike on that
    /// form (8 processes each); 16 is in the middle of that range. Eight at a time, the
    /// reservation's blocks, so that seven additions in eight make no call.
    private static let prefetchDistance = 16
    private static let prefetchBatch = 8

    /// Counts a record the walk of ``register(subtree:asRoot:)`` lists: its references to its
    /// nodes (``add(listed:prefetchingFrom:)`` says why there) and what it needs of the
    /// solver's room, and notes where its variables are.
    private func count(_ record: EngineConstraint, in reservation: inout Solver.Reservation) {
        countReferences(of: record)
        solver.count(new: record.constraint, in: &reservation)
    }

    /// Takes every constraint of a subtree out of this engine (the subtree is being removed).
    func unregister(subtree top: UIView) {
        top.forEachInSubtree { view in
            for constraint in view.constraints {
                if let record = constraint.engineConstraint {
                    remove(record)
                    constraint.engineConstraint = nil
                }
            }
            for record in view.engineRecords.all { remove(record) }
            view.engineRecords = ViewEngineRecords()
            view.engine = nil
        }
    }

    /// Forgets the engine of a subtree that is its own tree (it is joining another tree):
    /// nothing is removed one by one, the old solver is simply dropped.
    static func discard(subtree top: UIView) {
        if let engine = top.engine, engine.root === top { engine.root = nil }
        top.forEachInSubtree { view in
            for constraint in view.constraints { constraint.engineConstraint = nil }
            view.engineRecords = ViewEngineRecords()
            view.engine = nil
            view.forEachNode { node in
                node.references = 0
                node.userReferences = 0
            }
        }
    }

    /// Makes the required constraints a view's state implies: a root's size or a translating
    /// view's autoresizing, its safe-area guide, a scroll view's content-guide origin and frame
    /// guide. They join the solver later, in the order they are appended to `list`.
    private func makeRequiredOwnConstraints(of view: UIView, isRoot: Bool, listingIn list: inout [EngineConstraint?]) {
        if isRoot {
            view.engineRecords.rootSize = Self.rootSizeConstraints(for: view)
            Self.list(view.engineRecords.rootSize, in: &list)
        } else if view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview {
            view.engineRecords.autoresizing = AutoresizingRule.constraints(for: view, in: superview)
            Self.list(view.engineRecords.autoresizing, in: &list)
        }
        if let guide = view.storedSafeAreaLayoutGuide {
            view.engineRecords.safeArea = Self.safeAreaConstraints(for: view, guide: guide)
            Self.list(view.engineRecords.safeArea, in: &list)
        }
        if let scrollView = view as? UIScrollView {
            if let guide = scrollView.storedContentLayoutGuide {
                scrollView.engineRecords.contentGuide = Self.contentGuideConstraints(scrollView, guide).pins
                Self.list(scrollView.engineRecords.contentGuide, in: &list)
            }
            if let guide = scrollView.storedFrameLayoutGuide {
                scrollView.engineRecords.frameGuide = Self.frameGuideConstraints(scrollView, guide)
                Self.list(scrollView.engineRecords.frameGuide, in: &list)
            }
        }
    }

    /// Makes the optional constraints of a view's intrinsic size. They join the solver later,
    /// in the order they are appended to `list`.
    private func makeIntrinsicSizeConstraints(of view: UIView, listingIn list: inout [EngineConstraint?]) {
        let size = view.validatedIntrinsicContentSize()
        let width = Self.intrinsicConstraints(for: view, axis: .horizontal, metric: size.width)
        let height = Self.intrinsicConstraints(for: view, axis: .vertical, metric: size.height)
        view.engineRecords.intrinsicWidth = width
        view.engineRecords.intrinsicHeight = height
        if let width { Self.list(width, in: &list) }
        if let height { Self.list(height, in: &list) }
    }

    /// Makes the optional constraints of a scroll view's content size. They join the solver
    /// later, in the order they are appended to `list`.
    private func makeContentSizeConstraints(of view: UIView, listingIn list: inout [EngineConstraint?]) {
        if let scrollView = view as? UIScrollView, let guide = scrollView.storedContentLayoutGuide {
            scrollView.engineRecords.contentSize = Self.contentGuideConstraints(scrollView, guide).size
            Self.list(scrollView.engineRecords.contentSize, in: &list)
        }
    }

    private static func list(_ records: [EngineConstraint], in list: inout [EngineConstraint?]) {
        for record in records { list.append(record) }
    }

    private static func list(_ pair: IntrinsicSizeConstraints, in list: inout [EngineConstraint?]) {
        list.append(pair.hugging)
        list.append(pair.compressionResistance)
    }

    // MARK: Constraints derived from state

    static func rootSizeConstraints(for view: UIView) -> [EngineConstraint] {
        let n = view.node
        let size = view.bounds.size
        func pin(_ variable: Variable, _ value: Double) -> EngineConstraint {
            EngineConstraint(
                .rootSize, first: n, second: nil, terms: [Term(variable)], constant: -value,
                relation: .equal, priority: .required)
        }
        return [pin(n.minX, 0), pin(n.minY, 0), pin(n.width, size.width), pin(n.height, size.height)]
    }

    /// `size <= metric` at the hugging priority and `size >= metric` at the compression
    /// resistance priority; none for an axis without a metric.
    static func intrinsicConstraints(for view: UIView, axis: NSLayoutConstraint.Axis, metric: CGFloat)
        -> IntrinsicSizeConstraints?
    {
        guard metric >= 0 else { return nil }
        let variable = axis == .horizontal ? view.node.width : view.node.height
        let hugging = view.contentHuggingPriority(for: axis).solverPriority
        let compression = view.contentCompressionResistancePriority(for: axis).solverPriority
        // One array for both: the two expressions are the same, which is also what lets the
        // solver give the pair one row (``Solver/addConstraint(_:)``).
        let terms = [Term(variable)]
        return IntrinsicSizeConstraints(
            hugging: EngineConstraint(
                .hugging, first: view.node, second: nil, terms: terms,
                constant: -metric, relation: .lessThanOrEqual, priority: hugging),
            compressionResistance: EngineConstraint(
                .compressionResistance, first: view.node, second: nil, terms: terms,
                constant: -metric, relation: .greaterThanOrEqual, priority: compression))
    }

    /// The guide is the view's rectangle inset by the safe-area insets.
    static func safeAreaConstraints(for view: UIView, guide: UILayoutGuide) -> [EngineConstraint] {
        let g = guide.node
        let v = view.node
        let constants = Self.safeAreaConstants(view.safeAreaInsets)
        func make(_ terms: [Term], _ constant: Double) -> EngineConstraint {
            EngineConstraint(
                .safeArea, first: g, second: v, terms: terms, constant: constant,
                relation: .equal, priority: .required)
        }
        return [
            make([Term(g.minX), Term(v.minX, coefficient: -1)], constants[0]),
            make([Term(g.minY), Term(v.minY, coefficient: -1)], constants[1]),
            make([Term(g.width), Term(v.width, coefficient: -1)], constants[2]),
            make([Term(g.height), Term(v.height, coefficient: -1)], constants[3]),
        ]
    }

    /// The expression constants of the four safe-area guide constraints for some insets.
    static func safeAreaConstants(_ insets: UIEdgeInsets) -> [Double] {
        [-insets.left, -insets.top, insets.left + insets.right, insets.top + insets.bottom]
    }

    /// A scroll view's content guide: its origin pinned to the scroll view's (content origin
    /// in layout space), its size held at `contentSize` at the lowest priority.
    static func contentGuideConstraints(_ scrollView: UIScrollView, _ guide: UILayoutGuide)
        -> (pins: [EngineConstraint], size: [EngineConstraint])
    {
        let g = guide.node
        let s = scrollView.node
        func pin(_ a: Variable, _ b: Variable) -> EngineConstraint {
            EngineConstraint(
                .contentLayoutGuide, first: g, second: s,
                terms: [Term(a), Term(b, coefficient: -1)], constant: 0, relation: .equal, priority: .required)
        }
        func hint(_ a: Variable, _ value: Double) -> EngineConstraint {
            EngineConstraint(
                .contentSize, first: g, second: nil, terms: [Term(a)], constant: -value,
                relation: .equal, priority: UIScrollView.contentSizeHintPriority.solverPriority)
        }
        return (
            [pin(g.minX, s.minX), pin(g.minY, s.minY)],
            [hint(g.width, scrollView.contentSizeHint.width), hint(g.height, scrollView.contentSizeHint.height)]
        )
    }

    /// A scroll view's frame guide: equal to the scroll view's rectangle in layout space.
    static func frameGuideConstraints(_ scrollView: UIScrollView, _ guide: UILayoutGuide) -> [EngineConstraint] {
        let g = guide.node
        let s = scrollView.node
        func pin(_ a: Variable, _ b: Variable) -> EngineConstraint {
            EngineConstraint(
                .frameLayoutGuide, first: g, second: s,
                terms: [Term(a), Term(b, coefficient: -1)], constant: 0, relation: .equal, priority: .required)
        }
        return [pin(g.minX, s.minX), pin(g.minY, s.minY), pin(g.width, s.width), pin(g.height, s.height)]
    }

    func addContentGuideConstraints(_ scrollView: UIScrollView, _ guide: UILayoutGuide) {
        let (pins, size) = Self.contentGuideConstraints(scrollView, guide)
        scrollView.engineRecords.contentGuide = pins
        scrollView.engineRecords.contentSize = size
        add(pins)
        add(size)
    }

    func addFrameGuideConstraints(_ scrollView: UIScrollView, _ guide: UILayoutGuide) {
        scrollView.engineRecords.frameGuide = Self.frameGuideConstraints(scrollView, guide)
        add(scrollView.engineRecords.frameGuide)
    }

    // MARK: Values

    /// A node's rectangle in layout space as of the last `updateVariables()`, snapped.
    func layoutRect(of node: LayoutNode) -> CGRect {
        CGRect(
            x: snapped(solver.value(of: node.minX)), y: snapped(solver.value(of: node.minY)),
            width: snapped(solver.value(of: node.width)), height: snapped(solver.value(of: node.height)))
    }

    // MARK: Reporting

    /// Reports a solver error the way Auto Layout does.
    private func report(_ error: any Error, for record: EngineConstraint, note: String?) {
        let suffix = note.map { " " + $0 } ?? ""
        guard let solverError = error as? SolverError else {
            logSink.log(.error, "\(record.debugDescription)\(suffix): \(error)")
            return
        }
        switch solverError {
        case .unsatisfiableConstraint(_, let conflicts):
            let known = recordsByConstraint()
            var lines = conflicts.map { known[ObjectIdentifier($0)]?.debugDescription ?? $0.description }
            lines.append(record.debugDescription)
            let list = lines.map { "    \"\($0)\"" }.joined(separator: ",\n")
            logSink.log(
                .error,
                """
                Unable to simultaneously satisfy constraints.
                \tProbably at least one of the constraints in the following list is one you don't want.
                (
                \(list)
                )

                Will attempt to recover by breaking constraint\(suffix)
                \(record.debugDescription)
                """)
        default:
            logSink.log(.error, "\(record.debugDescription)\(suffix) was not added to the layout: \(solverError)")
        }
    }

    /// Every record of the tree, by its solver constraint (only built to describe a conflict).
    private func recordsByConstraint() -> [ObjectIdentifier: EngineConstraint] {
        var map: [ObjectIdentifier: EngineConstraint] = [:]
        root?.forEachInSubtree { view in
            for record in view.engineRecords.all { map[ObjectIdentifier(record.constraint)] = record }
            for constraint in view.constraints {
                if let record = constraint.engineConstraint { map[ObjectIdentifier(record.constraint)] = record }
            }
        }
        return map
    }
}

/// Counters of what a tree's layout engine has done since it was created: evidence that
/// updates are incremental (a constant change is one `setConstant`, not a removal and an
/// addition), for diagnostics, tests and benchmarks.
package struct LayoutStatistics: Equatable, Sendable {
    /// Constraints added to the solver.
    package var additions = 0
    /// Constraints removed from the solver.
    package var removals = 0
    /// Constants changed in place.
    package var constantChanges = 0
    /// `updateVariables()` calls.
    package var solves = 0
    /// Variables the solves reported changed, in total.
    package var changedVariables = 0
    /// Layout passes (one ``UIView/layoutIfNeeded()`` repeats its pass while `layoutSubviews()`
    /// or a hook changes the layout).
    package var layoutPasses = 0
    /// Views the layout passes visited to bring their frame, safe area or scroll geometry up to
    /// date (the walk reaches them through the branches that lead to a change).
    package var viewsVisited = 0
    /// Frames read back from the solver.
    package var framesRead = 0
    /// Constraints in the solver now.
    package var solverConstraints = 0
    /// Times the solver rebuilt its tableau from its records: its undo of a change whose
    /// numbers overflowed, a full solve. A screen's ordinary numbers never take that path.
    package var solverRebuilds = 0
    /// Simplex pivots the solver has made: what a change cost it, whatever the views.
    package var solverPivots = 0
    /// Rows of the solver's tableau rewritten by a substitution or a constant shift: with
    /// ``solverPivots``, what the solver's additions and changes cost it.
    package var solverRowUpdates = 0
    /// What the solver's tables hold and have room for (a first layout sizes them once:
    /// ``LayoutEngine/register(subtree:asRoot:)``); `nil` until read from an engine.
    package var solverStorage: Solver.StorageFigures?
}

extension UIView {
    /// What the engine of this view's tree has done, or `nil` before the tree's first layout.
    package var layoutStatistics: LayoutStatistics? {
        guard let engine = root.engine else { return nil }
        var statistics = engine.statistics
        statistics.solverConstraints = engine.solver.constraintCount
        statistics.solverRebuilds = engine.solver.rebuildCount
        statistics.solverPivots = engine.solver.pivotCount
        statistics.solverRowUpdates = engine.solver.rowUpdateCount
        statistics.solverStorage = engine.solver.storage
        return statistics
    }
}
