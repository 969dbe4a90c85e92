import Foundation
import HostKit
import Testing

@Suite("Safe areas")
@MainActor
struct SafeAreaTests {
    /// An iPhone X-class portrait root: 375×812, top 44 (sensor housing), bottom 34 (home indicator).
    private func notchedRoot(_ recorder: LogRecorder? = nil) -> UIView {
        let root = rootView(width: 375, height: 812, recorder: recorder)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        return root
    }

    @Test func theRootTakesItsSourceAndTheGuideFollows() {
        let root = notchedRoot()
        let guide = root.safeAreaLayoutGuide
        root.layoutIfNeeded()
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(guide.layoutFrame == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34))
    }

    @Test func subviewsGetThePartOfTheirBoundsTheInsetsCover() {
        let root = notchedRoot()
        let fill = UIView(frame: root.bounds)
        let inset = UIView(frame: CGRect(x: 20, y: 20, width: 375 - 40, height: 812 - 40))
        let middle = UIView(frame: CGRect(x: 0, y: 300, width: 375, height: 100))
        let top = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 30))
        root.addSubview(fill)
        root.addSubview(inset)
        root.addSubview(middle)
        root.addSubview(top)
        let grandchild = UIView(frame: CGRect(x: 0, y: 10, width: 100, height: 100))
        inset.addSubview(grandchild)
        root.layoutIfNeeded()
        #expect(fill.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(inset.safeAreaInsets == UIEdgeInsets(top: 44 - 20, left: 0, bottom: 34 - 20, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        #expect(top.safeAreaInsets == UIEdgeInsets(top: 30, left: 0, bottom: 0, right: 0)) // clamped to its height
        #expect(grandchild.safeAreaInsets == UIEdgeInsets(top: (44 - 20) - 10, left: 0, bottom: 0, right: 0))
    }

    @Test func constraintsToTheGuideFollowInsetChangesIncrementally() throws {
        let root = notchedRoot()
        let box = constrainedView("box")
        root.addSubview(box)
        box.pinEdges(to: root.safeAreaLayoutGuide)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34))
        let before = try #require(root.layoutStatistics)
        root.rootSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34 + 300, right: 0) // a keyboard inset
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34 - 300))
        let after = try #require(root.layoutStatistics)
        #expect(after.additions == before.additions && after.removals == before.removals)
    }

    @Test func theHookIsCalledOncePerChangeAndTriggersLayout() {
        final class Recording: UIView {
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
        root.rootSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(child.events == ["safeArea {20, 0, 0, 0}", "layout"])
    }

    @Test func additionalInsetsAddToTheInheritedOnes() {
        let root = notchedRoot()
        let controllerView = UIView(frame: root.bounds)
        let child = UIView(frame: controllerView.bounds)
        root.addSubview(controllerView)
        controllerView.addSubview(child)
        controllerView.additionalSafeAreaContribution = UIEdgeInsets(top: 0, left: 0, bottom: 100, right: 0)
        root.layoutIfNeeded()
        #expect(controllerView.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34 + 100, right: 0))
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34 + 100, right: 0))
    }

    @Test func aChangeDeepInTheTreeReachesItsSubtreeOnly() {
        let root = notchedRoot()
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 187, height: 812))
        let right = UIView(frame: CGRect(x: 187, y: 0, width: 188, height: 812))
        let leftChild = UIView(frame: left.bounds)
        let rightChild = UIView(frame: right.bounds)
        root.addSubview(left)
        root.addSubview(right)
        left.addSubview(leftChild)
        right.addSubview(rightChild)
        root.layoutIfNeeded()
        right.additionalSafeAreaContribution = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 10)
        root.layoutIfNeeded()
        #expect(rightChild.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 10))
        #expect(leftChild.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        right.additionalSafeAreaContribution = .zero
        root.layoutIfNeeded()
        #expect(rightChild.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    }

    @Test func nonFiniteInsetsAreRefused() {
        let recorder = LogRecorder()
        let root = notchedRoot(recorder)
        root.rootSafeAreaInsets = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        root.additionalSafeAreaContribution = UIEdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0)
        #expect(root.rootSafeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(root.additionalSafeAreaContribution == .zero)
        #expect(recorder.messages(atLeast: .error).count == 2)
    }

    @Test func aScrollViewThatAdjustsDoesNotPassTheSafeAreaToItsContent() {
        let root = notchedRoot()
        let scroll = UIScrollView(frame: root.bounds)
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 2000))
        root.addSubview(scroll)
        scroll.addSubview(content)
        scroll.contentSize = content.frame.size
        scroll.contentInsetAdjustmentBehavior = .always
        root.layoutIfNeeded()
        #expect(scroll.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(content.safeAreaInsets == .zero)

        // .never: the content gets the part of it under the insets, at the current offset.
        scroll.contentInsetAdjustmentBehavior = .never
        root.layoutIfNeeded()
        #expect(content.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 2000 - (812 - 34), right: 0))
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        root.layoutIfNeeded()
        #expect(
            content.safeAreaInsets == UIEdgeInsets(top: 100 + 44, left: 0, bottom: 2000 - (100 + 812 - 34), right: 0))
    }
}
