import Foundation
import HostKit
import Testing

/// A conflict already present when a tree is first laid out: Auto Layout breaks the user's
/// constraint, never the ones HostKit derives from the views' state (a root's size, a
/// translating view's autoresizing, the safe-area guide); and a constraint broken that way
/// comes back once HostKit's constraint is gone.
@Suite("Conflicts with HostKit's own constraints")
@MainActor
struct FirstLayoutConflictTests {
    /// The constraint named after "Will attempt to recover by breaking constraint" in each
    /// conflict report: the last line of the report.
    private func brokenConstraints(_ recorder: LogRecorder) -> [String] {
        recorder.messages(atLeast: .error)
            .filter { $0.text.contains("Will attempt to recover by breaking constraint") }
            .compactMap { $0.text.split(separator: "\n").last.map(String.init) }
    }

    @Test func aConflictWithTheRootSizeBreaksTheUsersConstraint() {
        let recorder = LogRecorder()
        let root = rootView(width: 300, height: 400, recorder: recorder)
        let a = constrainedView("a")
        let b = constrainedView("b")
        root.addSubview(a)
        root.addSubview(b)
        let wide = a.widthAnchor.constraint(equalTo: root.widthAnchor)
        let narrow = a.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([
            wide, narrow,
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10),
        ])
        b.pinEdges(to: root)
        root.layoutIfNeeded()
        // The root keeps its 300 × 400 (its size constraint holds): b, pinned to its edges, is
        // 300 × 400, and a follows the root's width (a.width == root.width stays), not 100.
        #expect(root.frame == CGRect(x: 0, y: 0, width: 300, height: 400))
        #expect(b.frame == CGRect(x: 0, y: 0, width: 300, height: 400))
        #expect(a.frame == CGRect(x: 0, y: 0, width: 300, height: 10))
        #expect(brokenConstraints(recorder) == [narrow.description])
        #expect(narrow.description == "<NSLayoutConstraint UIView:a.width == 100>")
        // Both stay active, as in UIKit: Auto Layout breaks a constraint, it does not remove it.
        #expect(wide.isActive && narrow.isActive)
    }

    @Test func aConflictWithTheSafeAreaGuideBreaksTheUsersConstraint() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        let a = constrainedView("a")
        root.addSubview(a)
        let offset = a.topAnchor.constraint(equalTo: root.topAnchor, constant: 50)
        NSLayoutConstraint.activate([
            a.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            offset,
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.widthAnchor.constraint(equalToConstant: 100),
            a.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        // The guide is the root's bounds inset by the 44 pt top inset: y 44, height 667 − 44.
        // a.top == guide.top puts a at 44; the broken a.top == root.top + 50 is ignored.
        #expect(root.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 44, width: 375, height: 667 - 44))
        #expect(a.frame == CGRect(x: 0, y: 44, width: 100, height: 100))
        #expect(a.frame.minY == root.safeAreaLayoutGuide.layoutFrame.minY)
        #expect(brokenConstraints(recorder) == [offset.description])
        #expect(offset.description == "<NSLayoutConstraint UIView:a.top == UIView:root.top + 50>")
    }

    @Test func aConflictWithAutoresizingBreaksTheUsersConstraint() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        // Translating (the default for a view made in code): its frame is held as set.
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 60))
        v.name = "v"
        root.addSubview(v)
        let width = v.widthAnchor.constraint(equalToConstant: 120)
        width.isActive = true
        root.layoutIfNeeded()
        // The autoresizing constraints hold the frame as set (empty mask: fixed), 50 wide.
        #expect(v.frame == CGRect(x: 10, y: 20, width: 50, height: 60))
        #expect(brokenConstraints(recorder) == [width.description])
        #expect(width.description == "<NSLayoutConstraint UIView:v.width == 120>")
    }

    @Test func aConstraintBrokenByAutoresizingIsRestoredWhenTheViewStopsTranslating() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        root.layoutIfNeeded()
        // A container made in code (translating, frame .zero) whose height its child defines,
        // added to a tree that is already laid out, and only then told to stop translating —
        // the usual order (ScrollingContent's manager installs a content view this way).
        let container = UIView()
        container.name = "container"
        let child = constrainedView("child")
        container.addSubview(child)
        NSLayoutConstraint.activate([
            child.topAnchor.constraint(equalTo: container.topAnchor),
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            child.heightAnchor.constraint(equalToConstant: 100),
            container.bottomAnchor.constraint(equalTo: child.bottomAnchor),
        ])
        root.addSubview(container)
        // Its autoresizing constraints hold it at 0 × 0 and come first: one of its own
        // constraints is broken for now.
        #expect(brokenConstraints(recorder).count == 1)
        container.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            container.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            container.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            container.widthAnchor.constraint(equalTo: root.widthAnchor),
        ])
        root.layoutIfNeeded()
        // The autoresizing constraints are gone, so the broken one is back: the container is
        // as tall as its child, 100, and spans the root's 375.
        #expect(container.frame == CGRect(x: 0, y: 10, width: 375, height: 100))
        #expect(child.frame == CGRect(x: 0, y: 0, width: 375, height: 100))
        // Reported once, when it was broken; not again when it came back.
        #expect(brokenConstraints(recorder).count == 1)
    }
}
