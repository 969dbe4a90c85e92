import ConstraintSolver
import Foundation
import HostKit
import Testing

/// The incremental layout pass (issue 13): after a change, a tree laid out again holds exactly
/// the frames a fresh layout of the same tree gives, and the pass does work only where frames
/// moved. Both are checked on seeded random trees, by counts of work (``LayoutStatistics``),
/// never by time.
@Suite("The incremental layout pass")
@MainActor
struct IncrementalLayoutTests {
    @Test(arguments: 0..<24)
    func aChangedTreeHasTheFramesOfAFreshLayout(seed: UInt64) throws {
        var random = TestRandom(seed: seed)
        var spec = TreeSpec.random(using: &random)
        let live = spec.build()
        live.root.layoutIfNeeded()
        for step in 0..<8 {
            let before = live.absoluteFrames()
            let insetsBefore = live.views.map(\.safeAreaInsets)
            let statisticsBefore = try #require(live.root.layoutStatistics)
            let kind = spec.applyRandomChange(to: live, using: &random)
            live.root.layoutIfNeeded()
            let statisticsAfter = try #require(live.root.layoutStatistics)

            let fresh = spec.build()
            fresh.root.layoutIfNeeded()
            #expect(live.root.frame == fresh.root.frame)
            for i in spec.nodes.indices {
                #expect(live.views[i].frame == fresh.views[i].frame, "seed \(seed), step \(step), view \(i)")
                #expect(
                    live.views[i].safeAreaInsets == fresh.views[i].safeAreaInsets,
                    "seed \(seed), step \(step) \(kind), view \(i) parent \(spec.nodes[i].parent) frame \(live.views[i].frame)"
                )
            }

            // Frames are read only where the solve moved something: a view whose rectangle in
            // the root's space changed, or a child of one whose origin moved (its frame is the
            // difference of the two origins), or a view whose safe area changed (its safe-area
            // guide's variables moved). With whole-point constants every value is exact, so
            // "changed" is exact too. The root may be read as well.
            let after = live.absoluteFrames()
            let insetsAfter = live.views.map(\.safeAreaInsets)
            var allowed = 0
            for i in spec.nodes.indices {
                let parent = spec.nodes[i].parent
                let parentMoved = parent >= 0 && before[parent].origin != after[parent].origin
                if before[i] != after[i] || parentMoved || insetsBefore[i] != insetsAfter[i] { allowed += 1 }
            }
            // A pass solves again when the new frames move a safe area that constraints use,
            // and each solve reads what it moved.
            let solves = statisticsAfter.solves - statisticsBefore.solves
            #expect(
                statisticsAfter.framesRead - statisticsBefore.framesRead <= (allowed + 1) * max(solves, 1),
                "seed \(seed), step \(step) \(kind): \(statisticsAfter.framesRead - statisticsBefore.framesRead) frames read in \(solves) solves, \(allowed) views moved"
            )
        }
    }

    @Test(arguments: 0..<12)
    func aChangeThatMovesNoFrameVisitsNoView(seed: UInt64) throws {
        var random = TestRandom(seed: seed)
        let spec = TreeSpec.random(using: &random)
        let live = spec.build()
        live.root.layoutIfNeeded()
        let frames = live.views.map(\.frame)
        // Every node's optional height (priority 250) loses to its required minimum when it
        // asks for less: moving it anywhere below the minimum moves nothing.
        var changed = 0
        for (i, node) in spec.nodes.enumerated() where node.preferredHeight < node.minimumHeight {
            let before = try #require(live.root.layoutStatistics)
            let old = live.preferredHeights[i].constant
            let below = CGFloat(node.minimumHeight - 1 - random.int(in: 0...3))
            live.preferredHeights[i].constant = below == old ? below - 1 : below
            live.root.layoutIfNeeded()
            let after = try #require(live.root.layoutStatistics)
            #expect(after.constantChanges == before.constantChanges + 1)
            #expect(after.viewsVisited == before.viewsVisited, "seed \(seed), view \(i)")
            #expect(after.framesRead == before.framesRead, "seed \(seed), view \(i)")
            #expect(after.changedVariables == before.changedVariables, "seed \(seed), view \(i)")
            changed += 1
        }
        #expect(live.views.map(\.frame) == frames)
        #expect(changed > 0, "seed \(seed) made no losing optional height")
    }

    @Test func aSafeAreaChangeOverALongFormVisitsAFewViews() throws {
        // 200 stacked rows in a scroll view: a 300 pt bottom safe-area change (a keyboard)
        // moves the scroll view's insets and nothing inside its content.
        let (root, scroll, content) = longForm(rows: 200)
        root.layoutIfNeeded()
        let contentHeight: CGFloat = 20 + 200 * 34 + 199 * 8 + 20
        #expect(content.frame == CGRect(x: 0, y: 0, width: 375, height: contentHeight))

        for up in [true, false, true, false] {
            let before = try #require(root.layoutStatistics)
            let bottom: CGFloat = up ? 334 : 34
            root.additionalSafeAreaContribution = UIEdgeInsets(top: 44, left: 0, bottom: bottom, right: 0)
            root.layoutIfNeeded()
            let after = try #require(root.layoutStatistics)
            #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 44, left: 0, bottom: bottom, right: 0))
            #expect(content.frame == CGRect(x: 0, y: 0, width: 375, height: contentHeight))
            // The root, the scroll view and its content view at most: not the 200 rows.
            #expect(after.viewsVisited - before.viewsVisited <= 3)
            #expect(after.framesRead - before.framesRead <= 3)
        }
    }

    /// A first layout tells the solver what is coming (`Solver.reserveCapacity`), so its
    /// tables are sized once, to what the layout holds, not doubled up to twice that: the room
    /// left is the solver's allowance for an artificial variable (two rows, two symbols) and
    /// the allocator's rounding (one entry).
    @Test func aFirstLayoutSizesTheSolverOnce() throws {
        let (root, _, _) = longForm(rows: 300)
        root.layoutIfNeeded()
        let storage = try #require(root.layoutStatistics?.solverStorage)
        // 300 rows, 4 user constraints and 4 variables each, at least.
        #expect(storage.records >= 1_200)
        #expect(storage.variables >= 1_200)
        #expect(storage.rowCapacity <= storage.rows + 3)
        #expect(storage.symbolCapacity <= storage.symbols + 3)
        #expect(storage.recordCapacity <= storage.records + 1)
        #expect(storage.variableCapacity <= storage.variables + 1)
    }

    /// A first layout joins the views' intrinsic sizes to the solver before the constraints
    /// that place the views, so that those mention each size as it stands: no size's
    /// definition is substituted into their rows afterwards. What is left is one rewrite per
    /// row: the label's centring mentions its field's top before the chain defines it. (With
    /// the sizes joining last, each row cost nine.)
    @Test func aFirstLayoutRewritesOneTableauRowPerLabelledRow() throws {
        var updates: [Int] = []
        for rows in [100, 200] {
            let (root, fields) = labelledForm(rows: rows)
            root.layoutIfNeeded()
            // Row i's field is 20 + i · (34 + 8) from the content's top.
            let last = try #require(fields.last)
            #expect(last.frame.minY == 20 + CGFloat(rows - 1) * 42)
            #expect(last.frame.height == 34)
            updates.append(try #require(root.layoutStatistics).solverRowUpdates)
        }
        #expect(updates[1] - updates[0] <= 100)
    }

    /// Only a view's first constraint marks its frame for reading when it comes; every
    /// constraint does when it goes. A variable that leaves the solver reads 0 without being
    /// reported changed, even while other constraints still place the view, so the frame is
    /// read again and gets what a fresh layout of the constraints left gives.
    @Test func aConstraintThatComesOrGoesOnAPlacedViewGivesTheFrameOfAFreshLayout() throws {
        let root = rootView(width: 375, height: 812)
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        let top = box.topAnchor.constraint(equalTo: root.topAnchor, constant: 30)
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        let height = box.heightAnchor.constraint(equalToConstant: 50)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20), top, width, height,
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 30, width: 100, height: 50))

        // Goes: nothing mentions the height any more; the other three still place the box.
        height.isActive = false
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 30, width: 100, height: 0))
        // Goes: the top as well.
        top.isActive = false
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 0, width: 100, height: 0))

        // Comes, on a view the solver places already: a new variable moved from 0 is reported.
        box.heightAnchor.constraint(equalToConstant: 80).isActive = true
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 0, width: 100, height: 80))
        // Comes and goes: another width for a variable in the solver.
        width.isActive = false
        box.widthAnchor.constraint(equalToConstant: 140).isActive = true
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 0, width: 140, height: 80))
        // Comes, solving a variable new to the solver to the 0 it read before: nothing moves.
        let before = try #require(root.layoutStatistics)
        box.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 0, width: 140, height: 80))
        let after = try #require(root.layoutStatistics)
        #expect(after.framesRead == before.framesRead)
    }

    /// A scroll view filling `root` (autoresizing) and a content view in it, with the
    /// constraints (not active yet) that pin the content to the content layout guide and make
    /// it as wide as the frame, as ScrollingContentViewController builds its screen.
    private func scrollingContent(
        in root: UIView
    ) -> (scroll: UIScrollView, content: UIView, constraints: [NSLayoutConstraint]) {
        let scroll = UIScrollView(frame: root.bounds)
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let content = constrainedView("content")
        root.addSubview(scroll)
        scroll.addSubview(content)
        let constraints = [
            content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ]
        return (scroll, content, constraints)
    }

    /// `rows` rows of a label (intrinsic size 80 × 21) centred on a text field (intrinsic
    /// height 34) to its right, stacked 8 apart in a content view in a scroll view, as
    /// `layout-benchmark` builds its form; not laid out yet.
    private func labelledForm(rows: Int) -> (root: UIView, fields: [UIView]) {
        let root = rootView(width: 375, height: 812)
        let (_, content, pins) = scrollingContent(in: root)
        var constraints = pins
        var fields: [UIView] = []
        for i in 0..<rows {
            let label = IntrinsicView("label \(i)", size: CGSize(width: 80, height: 21))
            let field = IntrinsicView("field \(i)", size: CGSize(width: UIView.noIntrinsicMetric, height: 34))
            content.addSubview(label)
            content.addSubview(field)
            constraints += [
                label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
                label.centerYAnchor.constraint(equalTo: field.centerYAnchor),
                field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
                field.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
                fields.last.map { field.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 8) }
                    ?? field.topAnchor.constraint(equalTo: content.topAnchor, constant: 20),
            ]
            fields.append(field)
        }
        if let last = fields.last {
            constraints.append(last.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -20))
        }
        NSLayoutConstraint.activate(constraints)
        return (root, fields)
    }

    /// `rows` stacked rows of 34 pt, 8 apart and 20 from the content's edges, in a scroll
    /// view filling a 375 × 812 root with safe-area insets 44 and 34, built as
    /// ScrollingContentViewController builds its screen; not laid out yet.
    private func longForm(rows: Int) -> (root: UIView, scroll: UIScrollView, content: UIView) {
        let root = rootView(width: 375, height: 812)
        root.additionalSafeAreaContribution = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        let (scroll, content, pins) = scrollingContent(in: root)
        var constraints = pins
        var previous: UIView?
        for i in 0..<rows {
            let row = constrainedView("row \(i)")
            content.addSubview(row)
            constraints += [
                row.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 20),
                row.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -20),
                row.heightAnchor.constraint(equalToConstant: 34),
                previous.map { row.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 8) }
                    ?? row.topAnchor.constraint(equalTo: content.topAnchor, constant: 20),
            ]
            previous = row
        }
        if let previous {
            constraints.append(previous.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -20))
        }
        NSLayoutConstraint.activate(constraints)
        return (root, scroll, content)
    }
}

/// A tiny deterministic generator (SplitMix64), so every seed gives the same tree on every
/// machine; its own arithmetic rather than `Int.random(in:using:)`, whose mapping is a
/// standard-library detail.
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D }

    mutating func next() -> UInt64 {
        // SplitMix64's published constants.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { int(in: 0...(denominator - 1)) < numerator }
}

/// A random tree of constrained views, as data, so that the same tree can be built again
/// fresh after changes. Each node sits in its parent (or the root): a leading inset, a width
/// or a trailing inset, a top inset from the parent (its top or safe-area top) or a gap below
/// its previous sibling, and a height that is at least `minimumHeight` and prefers
/// `preferredHeight` at priority 250. Every constant is a whole number of points, so every
/// frame is exact and comparisons need no tolerance.
struct TreeSpec {
    struct Node {
        var parent: Int
        var leading: Int
        /// A fixed width, or (`nil`) a trailing inset of `trailing`.
        var width: Int?
        var trailing: Int
        var top: Int
        var belowSibling: Bool
        var safeAreaTop: Bool
        var minimumHeight: Int
        var preferredHeight: Int
    }

    var rootSize: CGSize
    var safeArea: UIEdgeInsets
    var nodes: [Node]

    static func random(using random: inout TestRandom) -> TreeSpec {
        let count = random.int(in: 6...40)
        var nodes: [Node] = []
        var lastChild: [Int: Int] = [:]
        // The narrowest each node can be (the root is at least 375 wide): a trailing inset is
        // only used where the view stays at least 10 wide, so no frame has a negative width
        // (a warning, and a size HostKit clamps).
        var narrowest: [Int] = []
        for i in 0..<count {
            let parent = i == 0 ? -1 : random.int(in: -1...(i - 1))
            let hasSibling = lastChild[parent] != nil
            let leading = random.int(in: 0...12)
            let trailing = random.int(in: 0...12)
            let room = (parent < 0 ? 375 : narrowest[parent]) - leading - trailing
            let width: Int? = room < 10 || random.chance(1, in: 2) ? random.int(in: 20...200) : nil
            narrowest.append(width ?? room)
            nodes.append(
                Node(
                    parent: parent, leading: leading, width: width,
                    trailing: trailing, top: random.int(in: 0...16),
                    belowSibling: hasSibling && random.chance(2, in: 3),
                    safeAreaTop: random.chance(1, in: 4), minimumHeight: random.int(in: 10...60),
                    preferredHeight: random.int(in: 0...120)))
            lastChild[parent] = i
        }
        return TreeSpec(
            rootSize: CGSize(width: 375, height: 812),
            safeArea: UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0), nodes: nodes)
    }

    /// The views of one build, indexed as ``nodes``, and the constraints a change edits.
    @MainActor
    final class Built {
        let root: UIView
        var views: [UIView] = []
        var leadings: [NSLayoutConstraint] = []
        var widthsOrTrailings: [NSLayoutConstraint] = []
        var tops: [NSLayoutConstraint] = []
        var preferredHeights: [NSLayoutConstraint] = []

        init(root: UIView) { self.root = root }

        /// Each view's frame in the root's coordinate space.
        func absoluteFrames() -> [CGRect] { views.map { $0.convert($0.bounds, to: root) } }
    }

    @MainActor
    func build() -> Built {
        let root = UIView(frame: CGRect(origin: .zero, size: rootSize))
        root.additionalSafeAreaContribution = safeArea
        let built = Built(root: root)
        var previousChild: [Int: UIView] = [:]
        var constraints: [NSLayoutConstraint] = []
        for node in nodes {
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            let parent = node.parent < 0 ? root : built.views[node.parent]
            parent.addSubview(view)
            let leading = view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: CGFloat(node.leading))
            let horizontal =
                node.width.map { view.widthAnchor.constraint(equalToConstant: CGFloat($0)) }
                ?? view.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -CGFloat(node.trailing))
            let top: NSLayoutConstraint
            if node.belowSibling, let sibling = previousChild[node.parent] {
                top = view.topAnchor.constraint(equalTo: sibling.bottomAnchor, constant: CGFloat(node.top))
            } else if node.safeAreaTop {
                top = view.topAnchor.constraint(
                    equalTo: parent.safeAreaLayoutGuide.topAnchor, constant: CGFloat(node.top))
            } else {
                top = view.topAnchor.constraint(equalTo: parent.topAnchor, constant: CGFloat(node.top))
            }
            let preferred = view.heightAnchor.constraint(equalToConstant: CGFloat(node.preferredHeight))
            preferred.priority = .defaultLow
            constraints += [
                leading, horizontal, top, preferred,
                view.heightAnchor.constraint(greaterThanOrEqualToConstant: CGFloat(node.minimumHeight)),
            ]
            built.views.append(view)
            built.leadings.append(leading)
            built.widthsOrTrailings.append(horizontal)
            built.tops.append(top)
            built.preferredHeights.append(preferred)
            previousChild[node.parent] = view
        }
        NSLayoutConstraint.activate(constraints)
        return built
    }

    /// Changes one thing of the spec, and the same thing on `built`: a constant of a node, the
    /// root's size or its safe area.
    @MainActor @discardableResult
    mutating func applyRandomChange(to built: Built, using random: inout TestRandom) -> String {
        let i = random.int(in: 0...(nodes.count - 1))
        let kind = random.int(in: 0...5)
        defer { _ = kind }
        switch kind {
        case 0:
            nodes[i].leading = random.int(in: 0...nodes[i].leading)
            built.leadings[i].constant = CGFloat(nodes[i].leading)
        case 1:
            if nodes[i].width != nil {
                nodes[i].width = random.int(in: 20...200)
                built.widthsOrTrailings[i].constant = CGFloat(nodes[i].width!)
            } else {
                // Narrower only, so the view and its descendants keep a positive width.
                nodes[i].trailing = random.int(in: 0...nodes[i].trailing)
                built.widthsOrTrailings[i].constant = -CGFloat(nodes[i].trailing)
            }
        case 2:
            nodes[i].top = random.int(in: 0...16)
            built.tops[i].constant = CGFloat(nodes[i].top)
        case 3:
            nodes[i].preferredHeight = random.int(in: 0...120)
            built.preferredHeights[i].constant = CGFloat(nodes[i].preferredHeight)
        case 4:
            rootSize = random.chance(1, in: 2) ? CGSize(width: 375, height: 812) : CGSize(width: 812, height: 375)
            built.root.frame = CGRect(origin: .zero, size: rootSize)
        default:
            safeArea.bottom = random.chance(1, in: 2) ? 34 : 334
            built.root.additionalSafeAreaContribution = safeArea
        }
        return ["leading", "width or trailing", "top", "preferred height", "root size", "safe area"][kind] + " of \(i)"
    }
}
