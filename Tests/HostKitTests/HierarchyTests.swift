import Foundation
import HostKit
import Testing

@Suite("UIView tree")
@MainActor
struct HierarchyTests {
    private func named(_ name: String) -> UIView {
        let view = UIView()
        view.name = name
        return view
    }

    @Test func addsInsertsAndRemovesSubviews() {
        let root = named("root")
        let a = named("a")
        let b = named("b")
        let c = named("c")
        let d = named("d")
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        root.insertSubview(d, belowSubview: b)
        #expect(root.subviews.map(\.name) == ["c", "a", "d", "b"])
        root.insertSubview(c, aboveSubview: b)
        #expect(root.subviews.map(\.name) == ["a", "d", "b", "c"])
        root.bringSubviewToFront(a)
        root.sendSubviewToBack(b)
        #expect(root.subviews.map(\.name) == ["b", "d", "c", "a"])
        d.removeFromSuperview()
        #expect(d.superview == nil)
        #expect(root.subviews.map(\.name) == ["b", "c", "a"])
        d.removeFromSuperview() // no superview: nothing happens
        #expect(root.subviews.count == 3)
    }

    @Test func addingAViewElsewhereMovesIt() {
        let root = named("root")
        let a = named("a")
        let b = named("b")
        let child = named("child")
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(child)
        b.addSubview(child)
        #expect(a.subviews.isEmpty)
        #expect(b.subviews.map(\.name) == ["child"])
        #expect(child.superview === b)
    }

    @Test func descendantsAndTags() {
        let root = named("root")
        let a = named("a")
        let b = named("b")
        root.addSubview(a)
        a.addSubview(b)
        b.tag = 7
        #expect(b.isDescendant(of: root))
        #expect(b.isDescendant(of: b))
        #expect(!root.isDescendant(of: b))
        #expect(root.viewWithTag(7) === b)
        #expect(root.viewWithTag(8) == nil)
    }

    @Test func refusesToAddAViewToItself() {
        let recorder = LogRecorder()
        let root = named("root")
        let a = named("a")
        root.logSink = recorder.sink
        root.addSubview(a)
        a.addSubview(a)
        #expect(a.superview === root)
        #expect(a.subviews.isEmpty)
        #expect(recorder.contains("cannot add a view to itself", atLeast: .error))
    }

    @Test func refusesToAddAViewToItsOwnDescendant() {
        let recorder = LogRecorder()
        let top = named("top")
        let root = named("root")
        let a = named("a")
        let b = named("b")
        top.logSink = recorder.sink
        top.addSubview(root)
        root.addSubview(a)
        a.addSubview(b)
        b.addSubview(root)
        #expect(root.superview === top)
        #expect(b.subviews.isEmpty)
        #expect(top.subviews.map(\.name) == ["root"])
        #expect(recorder.contains("would make a cycle", atLeast: .error))
    }

    @Test func clampsAnOutOfRangeIndexWithAWarning() {
        let recorder = LogRecorder()
        let root = named("root")
        let a = named("a")
        let b = named("b")
        root.logSink = recorder.sink
        root.addSubview(a)
        root.insertSubview(b, at: 5)
        #expect(root.subviews.map(\.name) == ["a", "b"])
        #expect(recorder.contains("clamped", atLeast: .warning))
    }

    @Test func refusesASiblingThatIsNotASubview() {
        let recorder = LogRecorder()
        let root = named("root")
        let a = named("a")
        let stranger = named("stranger")
        root.logSink = recorder.sink
        root.insertSubview(a, belowSubview: stranger)
        #expect(root.subviews.isEmpty)
        #expect(a.superview == nil)
        #expect(recorder.contains("is not a subview", atLeast: .error))
    }

    @Test func callsTheHierarchyHooksInUIKitOrder() {
        final class Recording: UIView {
            var events: [String] = []
            override func willMove(toSuperview newSuperview: UIView?) {
                super.willMove(toSuperview: newSuperview)
                events.append("willMove(\(newSuperview?.name ?? "nil"))")
            }
            override func didMoveToSuperview() {
                super.didMoveToSuperview()
                events.append("didMove(\(superview?.name ?? "nil"))")
            }
            override func didAddSubview(_ subview: UIView) {
                super.didAddSubview(subview)
                events.append("didAdd(\(subview.name ?? ""))")
            }
            override func willRemoveSubview(_ subview: UIView) {
                super.willRemoveSubview(subview)
                events.append("willRemove(\(subview.name ?? ""))")
            }
        }
        let parent = Recording()
        let child = Recording()
        parent.name = "parent"
        child.name = "child"
        parent.addSubview(child)
        child.removeFromSuperview()
        #expect(parent.events == ["didAdd(child)", "willRemove(child)"])
        #expect(child.events == ["willMove(parent)", "didMove(parent)", "willMove(nil)", "didMove(nil)"])
    }
}
