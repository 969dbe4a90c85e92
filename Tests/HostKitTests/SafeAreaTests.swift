import Foundation
import HostKit
import Testing

@Suite("Safe areas")
@MainActor
struct SafeAreaTests {
    /// An iPhone X-class portrait root: 375×812, top 44 (sensor housing), bottom 34 (home indicator).
    private func notchedRoot(_ recorder: LogRecorder? = nil) -> View {
        let root = rootView(width: 375, height: 812, recorder: recorder)
        root.rootSafeAreaInsets = EdgeInsets(top: 44, bottom: 34)
        return root
    }

    @Test func theRootTakesItsSourceAndTheGuideFollows() {
        let root = notchedRoot()
        let guide = root.safeAreaLayoutGuide
        root.layoutIfNeeded()
        #expect(root.safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        #expect(guide.layoutFrame == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34))
    }

    @Test func subviewsGetThePartOfTheirBoundsTheInsetsCover() {
        let root = notchedRoot()
        let fill = View(frame: root.bounds)
        let inset = View(frame: CGRect(x: 20, y: 20, width: 375 - 40, height: 812 - 40))
        let middle = View(frame: CGRect(x: 0, y: 300, width: 375, height: 100))
        let top = View(frame: CGRect(x: 0, y: 0, width: 375, height: 30))
        root.addSubview(fill)
        root.addSubview(inset)
        root.addSubview(middle)
        root.addSubview(top)
        let grandchild = View(frame: CGRect(x: 0, y: 10, width: 100, height: 100))
        inset.addSubview(grandchild)
        root.layoutIfNeeded()
        #expect(fill.safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        #expect(inset.safeAreaInsets == EdgeInsets(top: 44 - 20, bottom: 34 - 20))
        #expect(middle.safeAreaInsets == .zero)
        #expect(top.safeAreaInsets == EdgeInsets(top: 30))  // clamped to its height
        #expect(grandchild.safeAreaInsets == EdgeInsets(top: (44 - 20) - 10))
    }

    @Test func constraintsToTheGuideFollowInsetChangesIncrementally() throws {
        let root = notchedRoot()
        let box = constrainedView("box")
        root.addSubview(box)
        box.pinEdges(to: root.safeAreaLayoutGuide)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34))
        let before = try #require(root.layoutStatistics)
        root.rootSafeAreaInsets = EdgeInsets(top: 44, bottom: 34 + 300)  // a keyboard inset
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34 - 300))
        let after = try #require(root.layoutStatistics)
        #expect(after.additions == before.additions && after.removals == before.removals)
    }

    @Test func theHookIsCalledOncePerChangeAndTriggersLayout() {
        final class Recording: View {
            var events: [String] = []
            override func safeAreaInsetsDidChange() {
                super.safeAreaInsetsDidChange()
                events.append("safeArea \(safeAreaInsets)")
            }
            override func layoutSubviews() {
                super.layoutSubviews()
                events.append("layout")
            }
        }
        let root = notchedRoot()
        let child = Recording(frame: root.bounds)
        root.addSubview(child)
        root.layoutIfNeeded()
        #expect(child.events == ["safeArea {44, 0, 34, 0}", "layout"])
        child.events = []
        root.layoutIfNeeded()
        #expect(child.events.isEmpty)
        root.rootSafeAreaInsets = EdgeInsets(top: 20)
        root.layoutIfNeeded()
        #expect(child.events == ["safeArea {20, 0, 0, 0}", "layout"])
    }

    @Test func additionalInsetsAddToTheInheritedOnes() {
        let root = notchedRoot()
        let controllerView = View(frame: root.bounds)
        let child = View(frame: controllerView.bounds)
        root.addSubview(controllerView)
        controllerView.addSubview(child)
        controllerView.additionalSafeAreaContribution = EdgeInsets(bottom: 100)
        root.layoutIfNeeded()
        #expect(controllerView.safeAreaInsets == EdgeInsets(top: 44, bottom: 34 + 100))
        #expect(child.safeAreaInsets == EdgeInsets(top: 44, bottom: 34 + 100))
    }

    @Test func aChangeDeepInTheTreeReachesItsSubtreeOnly() {
        let root = notchedRoot()
        let left = View(frame: CGRect(x: 0, y: 0, width: 187, height: 812))
        let right = View(frame: CGRect(x: 187, y: 0, width: 188, height: 812))
        let leftChild = View(frame: left.bounds)
        let rightChild = View(frame: right.bounds)
        root.addSubview(left)
        root.addSubview(right)
        left.addSubview(leftChild)
        right.addSubview(rightChild)
        root.layoutIfNeeded()
        right.additionalSafeAreaContribution = EdgeInsets(right: 10)
        root.layoutIfNeeded()
        #expect(rightChild.safeAreaInsets == EdgeInsets(top: 44, bottom: 34, right: 10))
        #expect(leftChild.safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        right.additionalSafeAreaContribution = .zero
        root.layoutIfNeeded()
        #expect(rightChild.safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
    }

    @Test func nonFiniteInsetsAreRefused() {
        let recorder = LogRecorder()
        let root = notchedRoot(recorder)
        root.rootSafeAreaInsets = EdgeInsets(top: .nan)
        root.additionalSafeAreaContribution = EdgeInsets(left: .infinity)
        #expect(root.rootSafeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        #expect(root.additionalSafeAreaContribution == .zero)
        #expect(recorder.messages(atLeast: .error).count == 2)
    }

    @Test func aScrollViewThatAdjustsDoesNotPassTheSafeAreaToItsContent() {
        let root = notchedRoot()
        let scroll = ScrollView(frame: root.bounds)
        let content = View(frame: CGRect(x: 0, y: 0, width: 375, height: 2000))
        root.addSubview(scroll)
        scroll.addSubview(content)
        scroll.contentSize = content.frame.size
        scroll.contentInsetAdjustmentBehavior = .always
        root.layoutIfNeeded()
        #expect(scroll.safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        #expect(content.safeAreaInsets == .zero)

        // .never: the content gets the part of it under the insets, at the current offset.
        scroll.contentInsetAdjustmentBehavior = .never
        root.layoutIfNeeded()
        #expect(content.safeAreaInsets == EdgeInsets(top: 44, bottom: 2000 - (812 - 34)))
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        root.layoutIfNeeded()
        #expect(content.safeAreaInsets == EdgeInsets(top: 100 + 44, bottom: 2000 - (100 + 812 - 34)))
    }
}
