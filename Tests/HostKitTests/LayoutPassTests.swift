import Foundation
import HostKit
import Testing

/// Records `layoutSubviews` calls into a shared journal.
@MainActor
final class JournalView: UIView {
    var journal: Journal
    var onLayout: ((JournalView) -> Void)?

    init(_ name: String, journal: Journal, frame: CGRect = .zero) {
        self.journal = journal
        super.init(frame: frame)
        self.name = name
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        journal.entries.append(name ?? "?")
        onLayout?(self)
    }
}

@MainActor
final class Journal {
    var entries: [String] = []
}

@Suite("The layout pass")
@MainActor
struct LayoutPassTests {
    @Test func nothingIsLaidOutUntilLayoutIfNeeded() {
        let root = rootView(width: 375, height: 667)
        let box = constrainedView("box")
        root.addSubview(box)
        box.pinEdges(to: root)
        #expect(box.frame == .zero)
        #expect(root.treeNeedsLayoutPass)
        box.layoutIfNeeded() // any view lays out its whole tree
        #expect(box.frame == root.bounds)
        #expect(!root.treeNeedsLayoutPass)
    }

    @Test func layoutSubviewsRunsTopDownOnViewsThatNeedIt() {
        let journal = Journal()
        let root = JournalView("root", journal: journal, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = JournalView("a", journal: journal, frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let b = JournalView("b", journal: journal, frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let c = JournalView("c", journal: journal, frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        root.addSubview(a)
        a.addSubview(b)
        root.addSubview(c)
        root.layoutIfNeeded()
        #expect(journal.entries == ["root", "a", "b", "c"])

        journal.entries = []
        root.layoutIfNeeded()
        #expect(journal.entries.isEmpty)

        b.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(journal.entries == ["b"])

        // A size change lays out the view whose bounds changed; a move does not.
        journal.entries = []
        c.frame = CGRect(x: 60, y: 0, width: 40, height: 50)
        b.center = CGPoint(x: 20, y: 20)
        root.layoutIfNeeded()
        #expect(journal.entries == ["c"])
    }

    @Test func changesMadeInLayoutSubviewsGetAnotherPass() {
        let journal = Journal()
        let root = JournalView("root", journal: journal, frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let child = constrainedView("child")
        root.addSubview(child)
        let width = child.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([
            width,
            child.heightAnchor.constraint(equalToConstant: 10),
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        // Manual layout on top of Auto Layout: half the root's width.
        root.onLayout = { view in width.constant = view.bounds.width / 2 }
        root.layoutIfNeeded()
        #expect(child.frame.width == 300.0 / 2)
    }

    @Test func aLayoutThatNeverSettlesIsReportedAndStops() {
        let recorder = LogRecorder()
        let journal = Journal()
        let root = JournalView("root", journal: journal, frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        root.logSink = recorder.sink
        root.onLayout = { view in view.setNeedsLayout() } // a feedback loop
        root.layoutIfNeeded()
        #expect(journal.entries.count == UIView.maximumLayoutPasses)
        #expect(recorder.contains("did not settle", atLeast: .warning))
    }

    @Test func aRootResizeRebuildsNothing() throws {
        let root = rootView(width: 375, height: 667)
        let header = constrainedView("header")
        let body = constrainedView("body")
        // A translating view that stretches with the root, and two constrained ones.
        let banner = UIView(frame: CGRect(x: 0, y: 600, width: 375, height: 67))
        banner.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        root.addSubview(header)
        root.addSubview(body)
        root.addSubview(banner)
        NSLayoutConstraint.activate([
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            header.topAnchor.constraint(equalTo: root.topAnchor),
            header.heightAnchor.constraint(equalToConstant: 44),
            body.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            body.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            body.topAnchor.constraint(equalTo: header.bottomAnchor),
            body.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        root.layoutIfNeeded()
        let before = try #require(root.layoutStatistics)
        // Wider only: the root's width constant is the one thing that changes.
        root.frame = CGRect(x: 0, y: 0, width: 667, height: 667)
        root.layoutIfNeeded()
        let after = try #require(root.layoutStatistics)
        #expect(after.additions == before.additions)
        #expect(after.removals == before.removals)
        #expect(after.constantChanges == before.constantChanges + 1)
        #expect(after.solverConstraints == before.solverConstraints)
        #expect(after.solves == before.solves + 1)
        // And the new width reaches every view: header 667, body 667 − 2 × 16, banner 667 (its
        // width takes the whole change, its top margin none since only the width changed).
        #expect(header.frame == CGRect(x: 0, y: 0, width: 667, height: 44))
        #expect(body.frame == CGRect(x: 16, y: 44, width: 667 - 32, height: 667 - 44))
        #expect(banner.frame == CGRect(x: 0, y: 600, width: 667, height: 67))
    }

    @Test func logSinksAreInheritedFromTheNearestAncestor() {
        let rootRecorder = LogRecorder()
        let childRecorder = LogRecorder()
        let root = rootView(width: 100, height: 100, recorder: rootRecorder)
        let parent = UIView()
        let child = UIView()
        root.addSubview(parent)
        parent.addSubview(child)
        child.frame = CGRect(x: 0, y: 0, width: -1, height: 0)
        #expect(rootRecorder.messages.count == 1)
        parent.logSink = childRecorder.sink
        child.frame = CGRect(x: 0, y: 0, width: -1, height: 0)
        #expect(rootRecorder.messages.count == 1)
        #expect(childRecorder.messages.count == 1)
        #expect(childRecorder.messages.first?.level == .error)
        #expect(childRecorder.messages.first?.description.hasPrefix("[HostKit] error: UIView.frame") == true)
    }
}
