import Foundation
import HostKit
import ScrollingPlugins
import Testing

/// ScrollingPlugins' entry points fed NaN, ±∞, the largest finite value and a negative one
/// (issue 14, "Bad input"). The policies are values with no state and no log: each either
/// refuses with a typed error (snapping), maps the bad number to a documented meaning (a
/// filter window that is not a positive time acts at once, a NaN margin counts as 0), or hands
/// back a non-finite answer that the manager refuses where it applies it (see
/// ScrollingContent's "Bad input" tests). Nothing traps.
@Suite("Bad input sweep (ScrollingPlugins)")
struct PluginsBadInputSweepTests {
    static let bad: [CGFloat] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -1]

    /// iPhone SE portrait, 20 pt status bar, 1200 pt of content.
    let geometry = ScrollGeometry(
        contentSize: CGSize(width: 375, height: 1200), boundsSize: CGSize(width: 375, height: 667),
        adjustedContentInset: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))

    @Test(
        "ScrollGeometry: a non-finite offset clamps to NaN and is never legal; a huge or negative one clamps into the range",
        arguments: bad)
    func clampingOffsets(value: CGFloat) {
        let clamped = geometry.clamped(CGPoint(x: 0, y: value))
        switch value {
        case .greatestFiniteMagnitude: #expect(clamped.y == CGFloat(1200 - 667))
        case -1: #expect(clamped.y == CGFloat(-1))
        case .infinity: #expect(clamped.y == CGFloat(1200 - 667))
        case -.infinity: #expect(clamped.y == CGFloat(-20))
        default: #expect(clamped.y.isNaN)
        }
        #expect(geometry.isLegal(CGPoint(x: 0, y: value)) == (value == -1))
    }

    @Test(
        "ScrollGeometry.offset(makingVisible:from:): a non-finite rect leaves the offset (clamped); a huge one goes to the end",
        arguments: bad)
    func makingVisible(value: CGFloat) {
        let offset = geometry.offset(
            makingVisible: CGRect(x: 0, y: value, width: 10, height: 10), from: CGPoint(x: 0, y: 100))
        switch value {
        case .greatestFiniteMagnitude: #expect(offset.y == CGFloat(1200 - 667))
        case -1: #expect(offset.y == CGFloat(-20))
        default: #expect(offset.y == CGFloat(100))
        }
    }

    @Test(
        "ScrollGeometry.expanding(_:byVerticalMargin:): a NaN, infinite or negative margin counts as 0; a huge one shrinks to the room",
        arguments: bad)
    func expandingMargins(value: CGFloat) {
        let rect = CGRect(x: 0, y: 500, width: 10, height: 47)
        let expanded = geometry.expanding(rect, byVerticalMargin: value)
        // The visible height is 647: a huge margin fills it, centred on the rect.
        #expect(expanded == (value == .greatestFiniteMagnitude ? rect.insetBy(dx: 0, dy: -(647 - 47) / 2) : rect))
    }

    @Test(
        "KeyboardOverlap.bottomOverlap: a non-finite keyboard covers nothing; a huge one covers at most the frame",
        arguments: bad)
    func overlaps(value: CGFloat) {
        let frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        let overlap = KeyboardOverlap.bottomOverlap(
            of: frame, keyboard: CGRect(x: 0, y: 407, width: 375, height: value))
        #expect(overlap.isFinite)
        #expect(overlap >= 0 && overlap <= 667)
    }

    @Test(
        "TemporalKeyboardFilter(window:): a window that is not a positive finite time acts at once; a huge one holds",
        arguments: bad)
    func filterWindows(value: CGFloat) {
        let filter = TemporalKeyboardFilter(window: TimeInterval(value))
        let event = KeyboardEvent(kind: .willShow, frameEnd: CGRect(x: 0, y: 407, width: 375, height: 260))
        let due = filter.deadline(afterReceiving: event, at: 3, pendingDeadline: nil)
        #expect(due == (value == .greatestFiniteMagnitude ? 3 + .greatestFiniteMagnitude : 3))
    }

    @Test(
        "KeyboardEventBuffer: an event received at a non-finite time does not trap, and a flush still hands it over",
        arguments: bad)
    func bufferTimes(value: CGFloat) {
        var buffer = KeyboardEventBuffer<Int>()
        let event = KeyboardEvent(kind: .willShow, frameEnd: CGRect(x: 0, y: 407, width: 375, height: 260))
        let action = buffer.receive(event, at: TimeInterval(value), filter: .default)
        switch action {
        case .schedule(let deadline): #expect(deadline >= TimeInterval(value) || deadline.isNaN)
        case .fire, .none, .cancelTimer: break
        }
        // Whatever was held goes out on a flush.
        if case .fire(let batch) = buffer.flush(at: 0) { #expect(batch.event == event) }
        #expect(buffer.pendingEvent == nil)
    }

    @Test(
        "DurationNavigationTransition: a NaN or too large threshold makes nothing a transition; a negative one everything",
        arguments: bad)
    func transitionThresholds(value: CGFloat) {
        let policy = DurationNavigationTransition(threshold: TimeInterval(value))
        let push = KeyboardEvent(
            kind: .willShow, frameEnd: CGRect(x: 0, y: 407, width: 375, height: 260), duration: 0.35)
        // Only a threshold below 0.35 s makes it one: −∞ and −1; NaN compares false.
        let expected = !value.isNaN && value < 0.35
        #expect(policy.isNavigationTransition(push) == expected)
    }

    @Test(
        "UIScrollView.DecelerationRate: a rate outside 0..<1 is invalid (snapping refuses it); a huge velocity glides to the end",
        arguments: bad)
    func decelerationRates(value: CGFloat) {
        #expect(!UIScrollView.DecelerationRate(rawValue: value).isValid)
        let context = SnappingContext(
            geometry: geometry, contentOffset: CGPoint(x: 0, y: 100), velocity: CGPoint(x: 0, y: value),
            decelerationRate: .normal)
        let rest = context.projectedRestOffset()
        switch value {
        case .greatestFiniteMagnitude: #expect(rest == .success(CGPoint(x: 0, y: 1200 - 667)))
        case -1: #expect(rest == .success(CGPoint(x: 0, y: -20))) // 499 pt up from 100: the top
        default: #expect(rest == .failure(.nonFiniteVelocity))
        }
    }
}
