import Foundation
import HostKit
import Testing

@Suite("Geometry: frame, bounds, center, convert")
@MainActor
struct GeometryTests {
    @Test func frameIsDerivedFromCenterAndBounds() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 10 + 100 / 2, y: 20 + 50 / 2))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frame == CGRect(x: 100 - 50, y: 100 - 25, width: 100, height: 50))
    }

    @Test func changingTheBoundsSizeKeepsTheCenter() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.bounds = CGRect(x: 0, y: 0, width: 200, height: 50)
        let center: CGFloat = 10 + 100 / 2
        #expect(view.frame == CGRect(x: center - 200 / 2, y: 20, width: 200, height: 50))
    }

    @Test func settingTheFrameKeepsTheBoundsOrigin() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.bounds.origin = CGPoint(x: 0, y: 30)
        view.frame = CGRect(x: 5, y: 5, width: 50, height: 60)
        #expect(view.bounds == CGRect(x: 0, y: 30, width: 50, height: 60))
    }

    @Test func convertsPointsBetweenNestedViewsIncludingScrollOffsets() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 20, width: 375, height: 647))
        let content = UIView(frame: CGRect(x: 10, y: 100, width: 300, height: 1000))
        let other = UIView(frame: CGRect(x: 50, y: 50, width: 10, height: 10))
        root.addSubview(scroll)
        scroll.addSubview(content)
        root.addSubview(other)
        scroll.contentOffset = CGPoint(x: 0, y: 80)

        // content (0, 0) is at scroll content (10, 100); the scroll view shows content y 80 at
        // its top, which is root y 20.
        let inRoot = content.convert(CGPoint.zero, to: root)
        #expect(inRoot == CGPoint(x: 10, y: 20 + 100 - 80))
        #expect(content.convert(CGPoint.zero, to: nil) == inRoot)
        #expect(root.convert(inRoot, to: content) == .zero)
        #expect(content.convert(CGPoint(x: 5, y: 5), to: other) == CGPoint(x: 10 + 5 - 50, y: 40 + 5 - 50))
        #expect(other.convert(CGPoint(x: 10 + 5 - 50, y: 40 + 5 - 50), to: content) == CGPoint(x: 5, y: 5))
        #expect(
            content.convert(CGRect(x: 0, y: 0, width: 20, height: 30), from: other)
                == CGRect(x: 50 - 10, y: 50 - 40, width: 20, height: 30))
        #expect(scroll.convert(CGPoint(x: 0, y: 80), from: nil) == CGPoint(x: 0, y: 80 - 20 + 80))
    }

    @Test func convertsBetweenTreesThroughTheRootsFrames() {
        let a = UIView(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        let b = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
        let inner = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        a.addSubview(inner)
        #expect(inner.convert(CGPoint.zero, to: b) == CGPoint(x: 100 + 5 - 0, y: 0 + 5 - 200))
    }

    @Test func refusesNonFiniteFramesAndKeepsTheOldOne() {
        let recorder = LogRecorder()
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        view.logSink = recorder.sink
        view.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        view.frame = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        view.center = CGPoint(x: 0, y: CGFloat.nan)
        view.bounds = CGRect(x: 0, y: 0, width: 10, height: -CGFloat.infinity)
        #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(recorder.messages(atLeast: .error).count == 4)
        #expect(recorder.contains("NaN or infinite", atLeast: .error))
    }

    @Test("a finite frame whose far edge is not finite is refused: its centre would overflow")
    func refusesAFrameWhoseFarEdgeOverflows() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        root.addSubview(view)
        view.frame = CGRect(x: 1e308, y: 0, width: 1e308, height: 10)
        view.frame = CGRect(
            x: 0, y: CGFloat.greatestFiniteMagnitude, width: 10, height: CGFloat.greatestFiniteMagnitude)
        #expect(view.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center.x.isFinite && view.center.y.isFinite)
        #expect(recorder.messages(atLeast: .error).count == 2)
        // At creation the frame is replaced by .zero, as for any refused frame.
        let made = UIView(frame: CGRect(x: 1e308, y: 0, width: 1e308, height: 10))
        root.addSubview(made)
        #expect(made.frame == .zero)
        #expect(recorder.messages(atLeast: .error).count == 3)
    }

    @Test func refusesNegativeSizes() {
        let recorder = LogRecorder()
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        view.logSink = recorder.sink
        view.frame = CGRect(x: 0, y: 0, width: -10, height: 10)
        view.bounds = CGRect(x: 0, y: 0, width: 10, height: -1)
        #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(recorder.messages(atLeast: .error).count == 2)
        #expect(recorder.contains("negative size", atLeast: .error))
    }

    @Test func aBadFrameGivenAtCreationIsReportedThroughTheTreesSink() {
        let recorder = LogRecorder()
        let root = rootView(width: 375, height: 667, recorder: recorder)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: -10, height: 10))
        view.name = "bad"
        #expect(view.frame == .zero)
        // Nowhere to report it yet: it waits for the tree the view joins.
        #expect(recorder.messages.isEmpty)
        root.addSubview(view)
        #expect(recorder.messages.count == 1)
        #expect(recorder.messages.first?.level == .error)
        #expect(
            recorder.messages.first?.text
                == "UIView.init(frame: (0 0; -10 10)): a negative size (standardize the rectangle first); using .zero instead"
        )
        // Once only.
        view.removeFromSuperview()
        root.addSubview(view)
        root.layoutIfNeeded()
        #expect(recorder.messages.count == 1)
    }

    @Test func aBadFrameGivenAtCreationIsReportedToASinkSetOnTheView() {
        let recorder = LogRecorder()
        let scroll = UIScrollView(frame: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        #expect(scroll.frame == .zero)
        scroll.logSink = recorder.sink
        #expect(recorder.messages(atLeast: .error).count == 1)
        #expect(recorder.contains("a NaN or infinite value; using .zero instead", atLeast: .error))
        scroll.layoutIfNeeded()
        #expect(recorder.messages(atLeast: .error).count == 1)
    }

    @Test func aNegativeSolvedSizeIsLaidOutAsZero() {
        let recorder = LogRecorder()
        let root = rootView(width: 300, height: 400, recorder: recorder)
        let a = constrainedView("a")
        root.addSubview(a)
        // Each constraint is acceptable; together they solve to a width of 300 − 400 = −100.
        NSLayoutConstraint.activate([
            a.widthAnchor.constraint(equalTo: root.widthAnchor, constant: -400),
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        // The origin is the solver's (x 10); the width is clamped to 0, as a frame cannot be
        // negative.
        #expect(a.frame == CGRect(x: 10, y: 0, width: 0, height: 20))
        #expect(a.bounds.size == CGSize(width: 0, height: 20))
        #expect(recorder.messages.count == 1)
        #expect(recorder.messages.first?.level == .warning)
        #expect(recorder.contains("UIView:a: the constraints give the negative size {-100, 20}; laid out as {0, 20}"))
        // The root grows to 450: the width is 450 − 400 = 50 again, with no new warning.
        root.frame = CGRect(x: 0, y: 0, width: 450, height: 400)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 50, height: 20))
        #expect(recorder.messages.count == 1)
    }

    @Test func edgeInsetsInsetRectangles() {
        let rect = CGRect(x: 0, y: 0, width: 375, height: 812)
        let insets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        #expect(rect.inset(by: insets) == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34))
        #expect(rect.inset(by: .zero) == rect)
        // Insets larger than the rectangle give a negative height (not standardized).
        let overInset = rect.inset(by: UIEdgeInsets(top: 500, left: 0, bottom: 400, right: 0))
        let expectedHeight: CGFloat = 812 - 500 - 400
        #expect(overInset.size.height == expectedHeight)
        #expect(insets.description == "{44, 0, 34, 0}")
    }
}
