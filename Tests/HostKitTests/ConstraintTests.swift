import Foundation
import HostKit
import Testing

@Suite("Auto Layout: constraints, anchors, activation, the engine")
@MainActor
struct ConstraintTests {
    @Test func anchorsPositionAView() {
        let root = rootView(width: 375, height: 667)
        let box = constrainedView("box")
        root.addSubview(box)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            box.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            box.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 100, width: 375 - 20 - 20, height: 667.0 / 2))
    }

    @Test func centersAndNestedViews() {
        let root = rootView(width: 400, height: 600)
        let outer = constrainedView("outer")
        let inner = constrainedView("inner")
        root.addSubview(outer)
        outer.addSubview(inner)
        NSLayoutConstraint.activate([
            outer.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            outer.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: 10),
            outer.widthAnchor.constraint(equalToConstant: 200),
            outer.heightAnchor.constraint(equalToConstant: 100),
            inner.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 110),
            inner.rightAnchor.constraint(equalTo: outer.rightAnchor),
            inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 5),
            inner.bottomAnchor.constraint(equalTo: outer.bottomAnchor, constant: -5),
        ])
        root.layoutIfNeeded()
        let outerX: CGFloat = (400 - 200) / 2
        let outerY: CGFloat = (600 - 100) / 2 + 10
        #expect(outer.frame == CGRect(x: outerX, y: outerY, width: 200, height: 100))
        // inner's frame is in outer's coordinates.
        #expect(inner.frame == CGRect(x: 110 - outerX, y: 5, width: outerX + 200 - 110, height: 100 - 5 - 5))
    }

    @Test func strictPrioritiesDecide() {
        let root = rootView(width: 375, height: 667)
        let box = constrainedView("box")
        root.addSubview(box)
        let wide = box.widthAnchor.constraint(equalToConstant: 300)
        wide.priority = .defaultLow
        let narrow = box.widthAnchor.constraint(lessThanOrEqualToConstant: 100)
        narrow.priority = .defaultHigh
        NSLayoutConstraint.activate([
            wide, narrow,
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)
        // Swapping priorities re-adds the constraints at their new levels.
        narrow.priority = .defaultLow - 1
        root.layoutIfNeeded()
        #expect(box.frame.width == 300)
    }

    @Test func theFullInitializerAndItsReadableProperties() {
        let root = rootView(width: 375, height: 667)
        let box = constrainedView("box")
        root.addSubview(box)
        let constraint = NSLayoutConstraint(
            item: box, attribute: .width, relatedBy: .equal, toItem: root,
            attribute: .width, multiplier: 0.5, constant: 10)
        constraint.identifier = "half"
        #expect(constraint.firstItem === box)
        #expect(constraint.secondItem === root)
        #expect(constraint.firstAttribute == .width)
        #expect(constraint.secondAttribute == .width)
        #expect(constraint.relation == .equal)
        #expect(constraint.multiplier == 0.5)
        #expect(constraint.constant == 10)
        #expect(constraint.priority == .required)
        #expect(!constraint.isActive)
        #expect(constraint.description == "<NSLayoutConstraint 'half' UIView:box.width == 0.5*UIView:root.width + 10>")
        constraint.isActive = true
        NSLayoutConstraint.activate([
            box.heightAnchor.constraint(equalToConstant: 10),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(box.frame.width == 375 * 0.5 + 10)
    }

    /// Activation installs a constraint on its items' nearest common ancestor, for every
    /// relation of two views either way round (found from the parents alone for one view, a
    /// view and its parent, and siblings, and by walking up otherwise) and for a single item;
    /// deactivation takes it off that view.
    @Test func activationInstallsOnTheNearestCommonAncestor() {
        let root = rootView(width: 375, height: 667)
        let left = constrainedView("left")
        let right = constrainedView("right")
        let a = constrainedView("a")
        let b = constrainedView("b")
        let c = constrainedView("c")
        root.addSubview(left)
        root.addSubview(right)
        left.addSubview(a)
        left.addSubview(b)
        right.addSubview(c)
        let cases: [(NSLayoutConstraint, UIView)] = [
            (a.heightAnchor.constraint(equalToConstant: 10), a), // one item
            (a.widthAnchor.constraint(equalTo: a.heightAnchor), a), // one view
            (a.leadingAnchor.constraint(equalTo: left.leadingAnchor), left), // view, parent
            (left.trailingAnchor.constraint(equalTo: a.trailingAnchor), left), // parent, view
            (b.topAnchor.constraint(equalTo: a.bottomAnchor), left), // siblings
            (a.topAnchor.constraint(equalTo: root.topAnchor), root), // view, grandparent
            (root.bottomAnchor.constraint(equalTo: b.bottomAnchor), root), // grandparent, view
            (c.widthAnchor.constraint(equalTo: a.widthAnchor), root), // cousins
            (left.widthAnchor.constraint(equalTo: c.widthAnchor), root), // uncle, nephew
        ]
        NSLayoutConstraint.activate(cases.map(\.0))
        for (constraint, expected) in cases {
            #expect(expected.constraints.contains { $0 === constraint }, "\(constraint)")
            let holders = [root, left, right, a, b, c].filter { $0.constraints.contains { $0 === constraint } }
            #expect(holders.count == 1, "\(constraint) is installed on \(holders.count) views")
        }
        let siblings = cases[4].0
        siblings.isActive = false
        #expect(!left.constraints.contains { $0 === siblings })
    }

    @Test func constraintsBetweenUnrelatedViewsAreReportedAndNotInstalled() {
        let recorder = LogRecorder()
        let a = rootView(width: 10, height: 10, recorder: recorder)
        let b = rootView(width: 10, height: 10, recorder: recorder)
        let constraint = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(a.constraints.isEmpty && b.constraints.isEmpty)
        #expect(recorder.contains("have no common ancestor", atLeast: .error))
    }

    /// Numbers beyond the solver's range (`Solver.largestConstant`, 1e15, and
    /// `Solver.largestCoefficient`, 1e8) are refused by the solver with a typed error; the
    /// engine logs it and breaks the constraint, as Auto Layout breaks one it cannot satisfy,
    /// and lays out the rest.
    @Test func numbersBeyondTheSolversRangeAreLoggedAndBroken() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let width = box.widthAnchor.constraint(equalToConstant: 200)
        let hugeConstant = box.heightAnchor.constraint(equalToConstant: 1e300)
        let hugeMultiplier = box.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 1e9)
        let weakHeight = box.heightAnchor.constraint(equalToConstant: 50)
        weakHeight.priority = .defaultLow
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            width, hugeConstant, hugeMultiplier, weakHeight,
        ])
        root.layoutIfNeeded()
        #expect(recorder.messages(atLeast: .error).count == 2)
        #expect(recorder.contains("out of range"))
        #expect(box.frame == CGRect(x: 20, y: 100, width: 200, height: 50))
        // An active constraint's constant moved out of range: logged, the constraint broken.
        width.constant = 1e20
        root.layoutIfNeeded()
        #expect(recorder.messages(atLeast: .error).count == 3)
        #expect(box.frame.origin == CGPoint(x: 20, y: 100))
        #expect(box.frame.height == 50)
    }

    @Test func invalidPairingsAreRefusedOnActivation() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let crossAxis = NSLayoutConstraint(
            item: box, attribute: .top, relatedBy: .equal, toItem: root,
            attribute: .leading, multiplier: 1, constant: 0)
        let positionToSize = NSLayoutConstraint(
            item: box, attribute: .top, relatedBy: .equal, toItem: root,
            attribute: .height, multiplier: 1, constant: 0)
        let edgeToConstant = NSLayoutConstraint(
            item: box, attribute: .leading, relatedBy: .equal, toItem: nil,
            attribute: .notAnAttribute, multiplier: 1, constant: 10)
        let nanConstant = box.widthAnchor.constraint(equalToConstant: .nan)
        let infiniteMultiplier = box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: .infinity)
        NSLayoutConstraint.activate([crossAxis, positionToSize, edgeToConstant, nanConstant, infiniteMultiplier])
        #expect(![crossAxis, positionToSize, edgeToConstant, nanConstant, infiniteMultiplier].contains { $0.isActive })
        #expect(root.constraints.isEmpty && box.constraints.isEmpty)
        #expect(recorder.messages(atLeast: .error).count == 5)
        #expect(recorder.contains("different axes"))
        #expect(recorder.contains("cannot be related to a constant"))
        #expect(recorder.contains("not finite"))
    }

    @Test func anAspectRatioRelatesAWidthToAHeight() throws {
        // UIKit accepts a width related to a height (NSLayoutDimension to NSLayoutDimension):
        // a box 300 wide and half as tall.
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 300),
            box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 0, width: 300, height: 150))
        #expect(recorder.messages(atLeast: .error).isEmpty)
    }

    @Test func nonFiniteConstantsAndBadPrioritiesAreRefused() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        width.isActive = true
        width.constant = .nan
        width.constant = -.infinity
        #expect(width.constant == 100)
        width.priority = UILayoutPriority(0)
        width.priority = UILayoutPriority(1001)
        #expect(width.priority == .required)
        // Required to optional on an active constraint: UIKit raises; HostKit refuses.
        width.priority = .defaultHigh
        #expect(width.priority == .required)
        #expect(recorder.messages(atLeast: .error).count == 5)
        // An inactive constraint may change between required and optional.
        width.isActive = false
        width.priority = .defaultHigh
        #expect(width.priority == .defaultHigh)
    }

    @Test func aNegativeSizeConstantIsRefused() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        // Created with a negative size: refused at activation, not installed.
        let negative = box.widthAnchor.constraint(equalToConstant: -10)
        negative.isActive = true
        #expect(!negative.isActive)
        #expect(box.constraints.isEmpty)
        #expect(recorder.contains("a width cannot be the negative size -10", atLeast: .error))
        let full = NSLayoutConstraint(
            item: box, attribute: .height, relatedBy: .lessThanOrEqual, toItem: nil,
            attribute: .notAnAttribute, multiplier: 1, constant: -1)
        box.addConstraint(full)
        #expect(!full.isActive)
        #expect(recorder.messages(atLeast: .error).count == 2)
        // An active size given a negative constant keeps its constant.
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([
            width, box.heightAnchor.constraint(equalToConstant: 20),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        width.constant = -10
        #expect(width.constant == 100)
        #expect(recorder.contains("would make a negative width; the constant stays 100", atLeast: .error))
        #expect(recorder.messages(atLeast: .error).count == 3)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 0, width: 100, height: 20))
        // A negative constant between two dimensions is an offset, not a size: accepted.
        let relative = box.widthAnchor.constraint(equalTo: root.widthAnchor, constant: -10)
        #expect(relative.constant == -10)
        width.constant = 0
        #expect(width.constant == 0)
        #expect(recorder.messages(atLeast: .error).count == 3)
    }

    @Test func inequalitiesWithAMultiplier() {
        let root = rootView(width: 375, height: 667)
        let a = constrainedView("a")
        let b = constrainedView("b")
        root.addSubview(a)
        root.addSubview(b)
        let atLeast = a.widthAnchor.constraint(greaterThanOrEqualTo: root.widthAnchor, multiplier: 0.5, constant: 10)
        let atMost = b.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.25, constant: -5)
        #expect(atLeast.relation == .greaterThanOrEqual && atLeast.multiplier == 0.5 && atLeast.constant == 10)
        #expect(atMost.relation == .lessThanOrEqual && atMost.multiplier == 0.25 && atMost.constant == -5)
        #expect(atLeast.secondItem === root && atLeast.secondAttribute == .width)
        // Weak wishes pulling against the bounds: a wants 0 wide, b wants 1000.
        let narrow = a.widthAnchor.constraint(equalToConstant: 0)
        narrow.priority = .defaultLow
        let wide = b.widthAnchor.constraint(equalToConstant: 1000)
        wide.priority = .defaultLow
        NSLayoutConstraint.activate([
            atLeast, atMost, narrow, wide,
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10),
            b.leadingAnchor.constraint(equalTo: root.leadingAnchor), b.topAnchor.constraint(equalTo: a.bottomAnchor),
            b.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        // a stops at its lower bound 0.5 × 375 + 10 = 197.5; b at its upper bound
        // 0.25 × 375 − 5 = 88.75.
        #expect(a.frame.width == CGFloat(0.5 * 375 + 10))
        #expect(b.frame.width == CGFloat(0.25 * 375 - 5))
        #expect(atLeast.description == "<NSLayoutConstraint UIView:a.width >= 0.5*UIView:root.width + 10>")
        #expect(atMost.description == "<NSLayoutConstraint UIView:b.width <= 0.25*UIView:root.width - 5>")
    }

    @Test func addConstraintsAndRemoveConstraints() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let constraints = [
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            box.widthAnchor.constraint(equalToConstant: 100),
            box.heightAnchor.constraint(equalToConstant: 50),
        ]
        root.addConstraints(constraints)
        // Installed on the receiver, in order, and active.
        #expect(root.constraints.count == 4)
        #expect(zip(root.constraints, constraints).allSatisfy { $0 === $1 })
        #expect(constraints.allSatisfy { $0.isActive })
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 30, width: 100, height: 50))
        // Removing two of them leaves the other two installed.
        root.removeConstraints(Array(constraints[2...]))
        #expect(root.constraints.count == 2)
        #expect(constraints[0].isActive && constraints[1].isActive)
        #expect(!constraints[2].isActive && !constraints[3].isActive)
        root.removeConstraints(Array(constraints[..<2]))
        #expect(root.constraints.isEmpty)
        #expect(recorder.messages.isEmpty)
    }

    @Test func removingAConstraintTwiceIsReportedAndChangesNothing() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        box.addConstraint(width)
        #expect(width.isActive)
        root.layoutIfNeeded()
        let before = root.layoutStatistics
        box.removeConstraint(width)
        #expect(recorder.messages.isEmpty)
        // The second removal: a warning naming the constraint, nothing else changes.
        box.removeConstraint(width)
        #expect(!width.isActive)
        #expect(box.constraints.isEmpty)
        #expect(recorder.messages.count == 1)
        #expect(recorder.messages.first?.level == .warning)
        #expect(recorder.contains("\(width) is not installed (already removed?)", atLeast: .warning))
        #expect(root.layoutStatistics?.removals == (before?.removals ?? 0) + 1)
        // Removing one from a view it is not installed on: a warning too, and it stays put.
        let other = box.heightAnchor.constraint(equalToConstant: 50)
        box.addConstraint(other)
        root.removeConstraint(other)
        #expect(other.isActive)
        #expect(box.constraints.count == 1)
        #expect(recorder.contains("\(other) is installed on UIView:box, not on UIView:root", atLeast: .warning))
    }

    @Test func addConstraintRefusesItemsOutsideTheReceiver() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let a = constrainedView("a")
        let b = constrainedView("b")
        root.addSubview(a)
        root.addSubview(b)
        let constraint = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        a.addConstraint(constraint)
        #expect(!constraint.isActive)
        #expect(recorder.contains("is not in the subtree", atLeast: .error))
        root.addConstraint(constraint)
        #expect(constraint.isActive)
    }

    @Test func changingAConstantIsIncremental() throws {
        let root = rootView(width: 375, height: 667)
        let box = constrainedView("box")
        root.addSubview(box)
        let height = box.heightAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([
            height,
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let before = try #require(root.layoutStatistics)
        height.constant = 250
        root.layoutIfNeeded()
        let after = try #require(root.layoutStatistics)
        #expect(box.frame.height == 250)
        #expect(after.additions == before.additions)
        #expect(after.removals == before.removals)
        #expect(after.constantChanges == before.constantChanges + 1)
        #expect(after.solverConstraints == before.solverConstraints)
    }

    @Test func unsatisfiableConstraintsAreReportedLikeAutoLayoutAndLayoutGoesOn() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        let first = box.widthAnchor.constraint(equalToConstant: 100)
        first.identifier = "first"
        let second = box.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "second"
        NSLayoutConstraint.activate([
            first,
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        second.isActive = true
        root.layoutIfNeeded()
        #expect(second.isActive) // broken, but still active as in UIKit
        #expect(box.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        let report = recorder.messages(atLeast: .error).map(\.text).joined()
        #expect(report.contains("Unable to simultaneously satisfy constraints."))
        #expect(report.contains("<NSLayoutConstraint 'first' UIView:box.width == 100>"))
        #expect(
            report.contains(
                "Will attempt to recover by breaking constraint\n<NSLayoutConstraint 'second' UIView:box.width == 200>")
        )
        // Once the conflict is gone, the broken constraint gets another chance.
        first.isActive = false
        second.constant = 150
        root.layoutIfNeeded()
        #expect(box.frame.width == 150)
    }

    @Test func aSubtreeKeepsItsOwnConstraintsAndLosesThoseToTheOutside() {
        let root = rootView(width: 375, height: 667)
        let container = constrainedView("container")
        let child = constrainedView("child")
        container.addSubview(child)
        // Constraints inside the detached subtree: installed on container.
        let inside = [
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            child.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
            child.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
            child.heightAnchor.constraint(equalToConstant: 40),
        ]
        NSLayoutConstraint.activate(inside)
        root.addSubview(container)
        let outside = container.pinEdges(to: root, inset: 20)
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 10, y: 10, width: (375.0 - 40) / 2, height: 40))

        container.removeFromSuperview()
        #expect(outside.allSatisfy { !$0.isActive })
        #expect(inside.allSatisfy { $0.isActive })
        #expect(root.constraints.isEmpty)

        // Into another tree: the subtree's constraints come along.
        let other = rootView(width: 200, height: 200)
        other.addSubview(container)
        container.pinEdges(to: other)
        other.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 10, y: 10, width: 200.0 / 2, height: 40))
        // The other root's size (4), the container's edges (4), the subtree's own (4).
        #expect(other.layoutStatistics?.solverConstraints == 4 + 4 + 4)
    }

    @Test func aScrollViewsEdgesMeanItsContentForViewsInsideIt() {
        let root = rootView(width: 375, height: 667)
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        let content = constrainedView("content")
        root.addSubview(scroll)
        scroll.addSubview(content)
        scroll.pinEdges(to: root)
        content.pinEdges(to: scroll, inset: 10) // edges: the content area
        NSLayoutConstraint.activate([
            content.widthAnchor.constraint(equalTo: scroll.widthAnchor, constant: -20), // width: the frame
            content.heightAnchor.constraint(equalToConstant: 1000),
        ])
        root.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 10, y: 10, width: 375 - 20, height: 1000))
        #expect(scroll.contentSize == CGSize(width: 10 + (375 - 20) + 10, height: 10 + 1000 + 10))
    }

    @Test func userLayoutGuides() {
        let root = rootView(width: 300, height: 300)
        let guide = UILayoutGuide()
        guide.identifier = "middle"
        root.addLayoutGuide(guide)
        let box = constrainedView("box")
        root.addSubview(box)
        NSLayoutConstraint.activate([
            guide.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 100),
            guide.widthAnchor.constraint(equalToConstant: 100),
            guide.topAnchor.constraint(equalTo: root.topAnchor),
            guide.heightAnchor.constraint(equalTo: root.heightAnchor),
            box.centerXAnchor.constraint(equalTo: guide.centerXAnchor),
            box.centerYAnchor.constraint(equalTo: guide.centerYAnchor),
            box.widthAnchor.constraint(equalToConstant: 20),
            box.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(guide.layoutFrame == CGRect(x: 100, y: 0, width: 100, height: 300))
        #expect(box.frame == CGRect(x: 100 + 50 - 10, y: 150 - 10, width: 20, height: 20))
        root.removeLayoutGuide(guide)
        #expect(root.constraints.filter { $0.firstItem === guide || $0.secondItem === guide }.isEmpty)
        #expect(guide.owningView == nil)
    }

    @Test func aGuideNotAddedToAViewCannotBeConstrained() {
        let recorder = LogRecorder()
        let root = rootView(width: 300, height: 300, recorder: recorder)
        let guide = UILayoutGuide()
        let constraint = guide.widthAnchor.constraint(equalTo: root.widthAnchor)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(recorder.contains("not added to a view", atLeast: .error))
    }

    /// An item that is gone by the time its constraint is activated: the constraint is refused
    /// and reported, first item or second, and installed nowhere.
    @Test func aConstraintWhoseItemIsGoneIsRefused() {
        let recorder = LogRecorder()
        let root = rootView(width: 300, height: 300, recorder: recorder)
        let box = constrainedView("box")
        root.addSubview(box)
        var gone: UIView? = constrainedView("gone")
        // Made while both items live; a constraint does not retain its items.
        let toGone = box.widthAnchor.constraint(equalTo: gone!.widthAnchor)
        let fromGone = gone!.heightAnchor.constraint(equalTo: box.heightAnchor)
        gone = nil
        toGone.isActive = true
        #expect(!toGone.isActive)
        #expect(recorder.contains("the second item no longer exists", atLeast: .error))
        fromGone.isActive = true
        #expect(!fromGone.isActive)
        #expect(recorder.contains("the first item no longer exists", atLeast: .error))
        #expect(box.constraints.isEmpty)
        #expect(root.constraints.isEmpty)
    }

    /// A scroll view's edge related to a view inside it means the scroll view's content (its
    /// content layout guide), as in UIKit; its size is still its frame's. A 300 × 1000 view
    /// pinned by its four edges to a 300 × 300 scroll view's edges makes a content size of
    /// 300 × 1000: related to the frame, the bottom pin and the height could not both hold.
    @Test func aScrollViewsEdgesRelatedToAViewInsideItMeanItsContent() {
        let recorder = LogRecorder()
        let root = rootView(width: 300, height: 300, recorder: recorder)
        let scroll = UIScrollView(frame: root.bounds)
        root.addSubview(scroll)
        let content = constrainedView("content")
        scroll.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: scroll.topAnchor),
            content.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
            content.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
            content.trailingAnchor.constraint(equalTo: scroll.trailingAnchor),
            content.widthAnchor.constraint(equalTo: scroll.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 1000),
        ])
        root.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 0, y: 0, width: 300, height: 1000))
        #expect(scroll.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 300, height: 1000))
        #expect(scroll.contentSize == CGSize(width: 300, height: 1000))
        #expect(scroll.frame == CGRect(x: 0, y: 0, width: 300, height: 300))
        #expect(!recorder.contains("Unable to simultaneously satisfy", atLeast: .error))
    }

    @Test func ambiguity() {
        let root = rootView(width: 300, height: 300)
        let fixed = constrainedView("fixed")
        let loose = constrainedView("loose")
        root.addSubview(fixed)
        root.addSubview(loose)
        fixed.pinEdges(to: root)
        NSLayoutConstraint.activate([
            loose.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            loose.widthAnchor.constraint(equalToConstant: 10),
            loose.heightAnchor.constraint(equalToConstant: 10),
            // no vertical position: ambiguous
            loose.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(!fixed.hasAmbiguousLayout)
        #expect(loose.hasAmbiguousLayout)
        #expect(root.viewsWithAmbiguousLayout().map(\.name) == ["loose"])
    }
}

/// `NSLayoutConstraint.activate(_:)` loads what an activation reads a few constraints ahead of
/// it (cache hints, through each constraint's items and their nodes). The hints change nothing:
/// a list activated at once and the same constraints activated one by one give the same
/// constraints active, the same frames and the same reports, whatever the items are, here
/// mixed through a list long enough for every stage of the look-ahead to meet each kind.
@Suite("Auto Layout: activating a list")
@MainActor
struct ActivationListTests {
    /// A layout item that is neither a view nor a guide.
    private final class NotAView: LayoutItem {}

    /// A screen of eight stacked rows in a scroll view, and a list of constraints that places
    /// them among constraints activation refuses.
    @MainActor
    private struct Scene {
        let recorder = LogRecorder()
        let root: UIView
        let scrollView: UIScrollView
        let content: UIView
        let rows: [UIView]
        let guide = UILayoutGuide()
        let foreignItem = NotAView()
        let constraints: [NSLayoutConstraint]
        /// Which of ``constraints`` activation accepts.
        let acceptable: [Bool]

        init() {
            root = rootView(width: 375, height: 667, recorder: recorder)
            scrollView = UIScrollView()
            scrollView.name = "scroll"
            scrollView.translatesAutoresizingMaskIntoConstraints = false
            content = constrainedView("content")
            rows = (0..<8).map { constrainedView("row\($0)") }
            root.addSubview(scrollView)
            scrollView.addSubview(content)
            for row in rows { content.addSubview(row) }
            root.addLayoutGuide(guide)
            let gone = UIView() // made, named in a constraint, and gone before the activation
            let looseGuide = UILayoutGuide() // never added to a view
            var list: [(NSLayoutConstraint, Bool)] = [
                (scrollView.leadingAnchor.constraint(equalTo: root.leadingAnchor), true),
                (scrollView.trailingAnchor.constraint(equalTo: root.trailingAnchor), true),
                (scrollView.topAnchor.constraint(equalTo: root.topAnchor), true),
                (scrollView.bottomAnchor.constraint(equalTo: root.bottomAnchor), true),
                // A scroll view's edges, for a view inside it: its content layout guide's.
                (content.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor), true),
                (content.topAnchor.constraint(equalTo: scrollView.topAnchor), true),
                (content.widthAnchor.constraint(equalTo: scrollView.widthAnchor), true),
                (guide.topAnchor.constraint(equalTo: root.topAnchor, constant: 7), true),
            ]
            for (index, row) in rows.enumerated() {
                let above = index == 0 ? content.topAnchor : rows[index - 1].bottomAnchor
                list += [
                    (row.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 10), true),
                    (row.topAnchor.constraint(equalTo: above, constant: 5), true),
                    (row.widthAnchor.constraint(equalToConstant: 100), true),
                    (row.heightAnchor.constraint(equalToConstant: 20), true),
                ]
                switch index {
                case 1: list.append((row.widthAnchor.constraint(equalTo: gone.widthAnchor), false))
                case 3: list.append((row.leadingAnchor.constraint(equalTo: looseGuide.leadingAnchor), false))
                case 5:
                    let foreign = NSLayoutConstraint(
                        item: foreignItem, attribute: .width, relatedBy: .equal, toItem: row, attribute: .width,
                        multiplier: 1, constant: 0)
                    list.append((foreign, false))
                case 6:
                    // A guide's edge, 1,000 points off the stack: at a low priority it loses to
                    // the stack, silently.
                    let pin = row.centerYAnchor.constraint(equalTo: guide.topAnchor, constant: 1000)
                    pin.priority = .defaultLow
                    list.append((pin, true))
                default: break
                }
            }
            list.append((content.bottomAnchor.constraint(equalTo: rows[7].bottomAnchor, constant: 5), true))
            list.append((content.bottomAnchor.constraint(equalTo: scrollView.bottomAnchor), true))
            constraints = list.map(\.0)
            acceptable = list.map(\.1)
        }

        var views: [UIView] { [scrollView, content] + rows }
    }

    @Test func aListActivatesAsItsConstraintsOneByOne() {
        let listed = Scene()
        NSLayoutConstraint.activate(listed.constraints)
        listed.root.layoutIfNeeded()
        let single = Scene()
        for constraint in single.constraints { constraint.isActive = true }
        single.root.layoutIfNeeded()

        #expect(listed.constraints.map(\.isActive) == single.constraints.map(\.isActive))
        #expect(listed.views.map(\.frame) == single.views.map(\.frame))
        #expect(listed.recorder.messages == single.recorder.messages)

        // What activation itself promises: the refused constraints are inactive and reported.
        #expect(listed.constraints.map(\.isActive) == listed.acceptable)
        #expect(listed.recorder.contains("no longer exists", atLeast: .error))
        #expect(listed.recorder.contains("not added to a view", atLeast: .error))
        #expect(listed.recorder.contains("not a HostKit item", atLeast: .error))
        // And the geometry: the rows stack 5 points apart from the content's top, 20 tall.
        for (index, row) in listed.rows.enumerated() {
            #expect(row.frame == CGRect(x: 10, y: 5 + CGFloat(index) * 25, width: 100, height: 20))
        }
        #expect(listed.content.frame == CGRect(x: 0, y: 0, width: 375, height: 5 + 8 * 25))
    }
}
