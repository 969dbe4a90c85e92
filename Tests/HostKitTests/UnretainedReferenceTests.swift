import Foundation
import HostKit
import Testing

/// Holds an object weakly, to tell whether it is gone.
private final class Watch<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

/// The references UIKit does not retain: a view's superview, a constraint's items and the view
/// it is installed on, an animation record's views. HostKit holds them without `weak` (which
/// would make every view's reference counting slow) and clears them when the object goes;
/// these tests pin down that they still behave as weak references: they keep nothing alive,
/// and they read `nil`, never a freed object, once it is gone.
@Suite("References that do not retain")
@MainActor
struct UnretainedReferenceTests {
    /// A layout item that is neither a view nor a guide: constraints may name it, activation
    /// refuses it.
    private final class NotAView: LayoutItem {}

    @Test func aSubviewThatOutlivesItsSuperviewHasNoSuperview() {
        let child = UIView()
        var parent: UIView? = UIView()
        parent?.addSubview(child)
        let watch = Watch(parent!)
        #expect(child.superview === parent)
        parent = nil
        #expect(watch.object == nil) // the subview did not keep its superview alive
        #expect(child.superview == nil)
        // And it can join another tree.
        let other = UIView()
        other.addSubview(child)
        #expect(child.superview === other)
        #expect(other.subviews.count == 1)
    }

    @Test func aConstraintKeepsNeitherItsItemsNorItsViewAlive() {
        let constraint: NSLayoutConstraint
        let watches: (root: Watch<UIView>, a: Watch<UIView>, b: Watch<UIView>)
        do {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let a = UIView()
            let b = UIView()
            root.addSubview(a)
            root.addSubview(b)
            constraint = a.widthAnchor.constraint(equalTo: b.widthAnchor)
            constraint.isActive = true
            #expect(constraint.firstItem === a && constraint.secondItem === b)
            #expect(root.constraints.contains { $0 === constraint })
            #expect(constraint.isActive)
            watches = (Watch(root), Watch(a), Watch(b))
        }
        #expect(watches.root.object == nil && watches.a.object == nil && watches.b.object == nil)
        // The constraint outlives them: its items read nil, and it is no longer installed.
        #expect(constraint.firstItem == nil)
        #expect(constraint.secondItem == nil)
        #expect(!constraint.isActive)
        #expect("\(constraint)".contains("nil.width"))
    }

    @Test func aConstraintToAGuideReadsNilOnceTheGuideIsGone() {
        let view = UIView()
        var guide: UILayoutGuide? = UILayoutGuide()
        view.addLayoutGuide(guide!)
        let constraint = view.widthAnchor.constraint(equalTo: guide!.widthAnchor)
        #expect(constraint.secondItem === guide)
        let watch = Watch(guide!)
        view.removeLayoutGuide(guide!)
        guide = nil
        #expect(watch.object == nil)
        #expect(constraint.firstItem === view)
        #expect(constraint.secondItem == nil)
    }

    @Test func anItemThatIsNotAViewOrAGuideIsHeldWeaklyAndRefused() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = LogRecorder()
        view.logSink = recorder.sink
        var item: NotAView? = NotAView()
        let constraint = NSLayoutConstraint(
            item: item!, attribute: .width, relatedBy: .equal, toItem: view, attribute: .width, multiplier: 1,
            constant: 0)
        #expect(constraint.firstItem === item)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(recorder.contains("not a HostKit item", atLeast: .error))
        let watch = Watch(item!)
        item = nil
        #expect(watch.object == nil)
        #expect(constraint.firstItem == nil)
        #expect(constraint.secondItem === view)
    }

    @Test func anAnimationRecordKeepsItsViewsLabelButNotTheView() throws {
        let (window, _) = makeWindow()
        window.makeKeyAndVisible()
        var box: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        box?.name = "box"
        window.addSubview(box!)
        UIView.animate(withDuration: 0.25) { box?.frame = CGRect(x: 0, y: 0, width: 20, height: 10) }
        let change = try #require(window.animationLog.last?.changes.first)
        #expect(change.view === box)
        let watch = Watch(box!)
        box?.removeFromSuperview()
        box = nil
        #expect(watch.object == nil)
        let after = try #require(window.animationLog.last?.changes.first)
        #expect(after.view == nil)
        #expect(after.viewLabel == "UIView:box")
        #expect(after.to == .rect(CGRect(x: 0, y: 0, width: 20, height: 10)))
    }
}

/// A guide's owning view and an engine's root view are not retained either (nor weak: a weak
/// reference gave each such view a side table, and made its reference counting slow).
@Suite("Guides and engines that outlive their view")
@MainActor
struct OwningViewReferenceTests {
    @Test func aGuideThatOutlivesItsViewHasNoOwningView() {
        let guides: (user: UILayoutGuide, safeArea: UILayoutGuide, content: UILayoutGuide, frame: UILayoutGuide)
        let watches: (view: Watch<UIView>, scrollView: Watch<UIScrollView>)
        do {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let scrollView = UIScrollView(frame: view.bounds)
            view.addSubview(scrollView)
            let user = UILayoutGuide()
            view.addLayoutGuide(user)
            guides = (user, view.safeAreaLayoutGuide, scrollView.contentLayoutGuide, scrollView.frameLayoutGuide)
            #expect(guides.user.owningView === view && guides.safeArea.owningView === view)
            #expect(guides.content.owningView === scrollView && guides.frame.owningView === scrollView)
            view.layoutIfNeeded()
            // The safe-area guide is the bounds (no insets); the frame guide the scroll view's bounds.
            #expect(guides.safeArea.layoutFrame == CGRect(x: 0, y: 0, width: 320, height: 480))
            #expect(guides.frame.layoutFrame == CGRect(x: 0, y: 0, width: 320, height: 480))
            watches = (Watch(view), Watch(scrollView))
        }
        // The guides kept neither view alive, and read no view once both are gone.
        #expect(watches.view.object == nil && watches.scrollView.object == nil)
        for guide in [guides.user, guides.safeArea, guides.content, guides.frame] {
            #expect(guide.owningView == nil)
            #expect(guide.layoutFrame == .zero)
        }
    }

    @Test func aWindowsKeyboardGuideOutlivesTheWindow() {
        let guide: UIKeyboardLayoutGuide
        let watch: Watch<UIWindow>
        do {
            let (window, _) = makeWindow()
            guide = window.keyboardLayoutGuide
            #expect(guide.owningView === window)
            watch = Watch(window)
        }
        #expect(watch.object == nil)
        #expect(guide.owningView == nil)
        #expect(guide.layoutFrame == .zero)
    }

    @Test func aSubviewThatOutlivesALaidOutRootJoinsAnotherTree() {
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let grandchild = UIView()
        grandchild.translatesAutoresizingMaskIntoConstraints = false
        child.addSubview(grandchild)
        let width = grandchild.widthAnchor.constraint(equalToConstant: 30)
        NSLayoutConstraint.activate([
            grandchild.leadingAnchor.constraint(equalTo: child.leadingAnchor, constant: 10),
            grandchild.topAnchor.constraint(equalTo: child.topAnchor, constant: 20),
            width,
            grandchild.heightAnchor.constraint(equalToConstant: 40),
        ])
        let watch: Watch<UIView>
        do {
            // The root's engine is the tree's, and names the root as its root.
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            root.addSubview(child)
            root.layoutIfNeeded()
            #expect(grandchild.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
            watch = Watch(root)
        }
        #expect(watch.object == nil)
        #expect(child.superview == nil)
        // The old engine, which the subtree still holds, is dropped as the subtree joins a new
        // tree, and the new tree lays it out.
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        other.layoutIfNeeded()
        other.addSubview(child)
        width.constant = 50
        other.layoutIfNeeded()
        #expect(grandchild.frame == CGRect(x: 10, y: 20, width: 50, height: 40))
    }
}
