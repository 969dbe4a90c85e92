import Foundation
import HostKit
import ScrollingContent
import Testing

@Suite("Scroll anchors")
@MainActor
struct ScrollAnchorTests {
    @Test func theNamedUnitPointsAreSwiftUIs() {
        // SwiftUI's definitions: x runs leading (0) → trailing (1), y top (0) → bottom (1).
        #expect(UnitPoint.zero == UnitPoint(x: 0, y: 0))
        #expect(UnitPoint.center == UnitPoint(x: 0.5, y: 0.5))
        #expect(UnitPoint.leading == UnitPoint(x: 0, y: 0.5))
        #expect(UnitPoint.trailing == UnitPoint(x: 1, y: 0.5))
        #expect(UnitPoint.top == UnitPoint(x: 0.5, y: 0))
        #expect(UnitPoint.bottom == UnitPoint(x: 0.5, y: 1))
        #expect(UnitPoint.topLeading == UnitPoint(x: 0, y: 0))
        #expect(UnitPoint.topTrailing == UnitPoint(x: 1, y: 0))
        #expect(UnitPoint.bottomLeading == UnitPoint(x: 0, y: 1))
        #expect(UnitPoint.bottomTrailing == UnitPoint(x: 1, y: 1))
        #expect(UnitPoint.center.isFinite)
        #expect(!UnitPoint(x: .nan, y: 0).isFinite)
        #expect(!UnitPoint(x: 0, y: .infinity).isFinite)
    }

    @Test func markingAViewStoresAnyHashable() {
        enum Section: Hashable { case contact, payment }
        let view = UIView()
        #expect(view.scrollAnchorID == nil)
        #expect(view.setScrollAnchor(Section.payment) === view)
        #expect(view.scrollAnchorID == AnyHashable(Section.payment))
        #expect(view.scrollAnchorID != AnyHashable(Section.contact))
        // Identifiers of different types never match, even with the same description.
        view.setScrollAnchor(1)
        #expect(view.scrollAnchorID == AnyHashable(1))
        #expect(view.scrollAnchorID != AnyHashable("1"))
        view.scrollAnchorID = nil
        #expect(view.scrollAnchorID == nil)
    }

    @Test func theLookupIsDepthFirstAndIncludesTheRoot() {
        let recorder = LogRecorder()
        let root = UIView()
        root.logSink = recorder.sink
        let a = UIView()
        let a1 = UIView()
        let a2 = UIView()
        let b = UIView()
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(a1)
        a.addSubview(a2)
        a2.setScrollAnchor("deep")
        b.setScrollAnchor("shallow")
        root.setScrollAnchor("root")

        #expect(root.scrollAnchorView(withID: "deep") === a2)
        #expect(root.scrollAnchorView(withID: "shallow") === b)
        #expect(root.scrollAnchorView(withID: "root") === root)
        #expect(root.scrollAnchorView(withID: "missing") == nil)
        // The search stays below the receiver.
        #expect(a.scrollAnchorView(withID: "shallow") == nil)
        #expect(recorder.messages.isEmpty)
    }

    @Test func aDuplicateIdentifierIsReportedOnceAndTheFirstMatchWins() throws {
        let recorder = LogRecorder()
        let root = UIView()
        root.name = "root"
        root.logSink = recorder.sink
        let a = UIView()
        let a1 = UIView()
        let b = UIView()
        a.name = "a"
        a1.name = "a1"
        b.name = "b"
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(a1)
        // Three views carry the identifier: a's subview comes before b in depth-first order.
        a1.setScrollAnchor("twin")
        b.setScrollAnchor("twin")
        root.setScrollAnchor("twin")

        #expect(
            root.scrollAnchorViews(withID: "twin").map(ObjectIdentifier.init)
                == [root, a1, b].map(ObjectIdentifier.init))
        #expect(recorder.messages.isEmpty, "scrollAnchorViews(withID:) logs nothing")

        #expect(a.scrollAnchorView(withID: "twin") === a1)
        #expect(recorder.messages.isEmpty, "below a the identifier is unique")

        #expect(root.scrollAnchorView(withID: "twin") === root)
        let warnings = recorder.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        let text = try #require(warnings.first).text
        #expect(text.contains("3 views"))
        #expect(text.contains("UIView:root") && text.contains("UIView:a1") && text.contains("UIView:b"))
    }

    @Test func theEnclosingScrollViewIsTheInnermostAncestor() {
        let outer = UIScrollView()
        let inner = UIScrollView()
        let plain = UIView()
        let leaf = UIView()
        let loose = UIView()
        outer.addSubview(plain)
        plain.addSubview(inner)
        inner.addSubview(leaf)
        #expect(leaf.enclosingScrollView === inner)
        #expect(inner.enclosingScrollView === outer, "a scroll view is not its own enclosing scroll view")
        #expect(plain.enclosingScrollView === outer)
        #expect(outer.enclosingScrollView == nil)
        #expect(loose.enclosingScrollView == nil)
    }
}
