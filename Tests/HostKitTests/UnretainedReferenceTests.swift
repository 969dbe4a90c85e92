import Foundation
import HostKit
import Testing

/// The references UIKit does not retain: a view's superview, a constraint's items and the view
/// it is installed on, an animation record's views. HostKit holds them without `weak` (which
/// would make every view's reference counting slow) and clears them when the object goes;
/// these tests pin down that they still behave as weak references: they keep nothing alive,
/// and they read `nil`, never a freed object, once it is gone.
@Suite("References that do not retain")
@MainActor
struct UnretainedReferenceTests {
    /// Holds an object weakly, to tell whether it is gone.
    private final class Watch<Object: AnyObject> {
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

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
