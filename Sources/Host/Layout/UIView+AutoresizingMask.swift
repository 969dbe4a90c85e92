import ConstraintSolver
import Foundation

/// Which parts of a view's frame stretch when its superview's bounds change size
/// (`UIView.AutoresizingMask`). Only used while the view's
/// ``UIView/translatesAutoresizingMaskIntoConstraints`` is `true`.
///
/// On each axis the flexible parts among {leading margin, size, trailing margin} share a
/// change of the superview's size in proportion to their current lengths (UIKit's rule; when
/// those lengths add up to zero they share it equally). With no flexible part the view keeps
/// its frame.
extension UIView {
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The bits of the mask, one per flexible part (as UIKit's).
        public let rawValue: UInt

        /// Creates a mask from its bits.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// The distance to the superview's left edge stretches.
        public static let flexibleLeftMargin = UIView.AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches.
        public static let flexibleWidth = UIView.AutoresizingMask(rawValue: 1 << 1)
        /// The distance to the superview's right edge stretches.
        public static let flexibleRightMargin = UIView.AutoresizingMask(rawValue: 1 << 2)
        /// The distance to the superview's top edge stretches.
        public static let flexibleTopMargin = UIView.AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches.
        public static let flexibleHeight = UIView.AutoresizingMask(rawValue: 1 << 4)
        /// The distance to the superview's bottom edge stretches.
        public static let flexibleBottomMargin = UIView.AutoresizingMask(rawValue: 1 << 5)
    }
}

/// The linear constraints that hold a translating view's frame.
///
/// Per axis, with the frame captured against a superview size `B` and the superview's solved
/// size `S`, the flexible parts take shares `k` of the change `S − B`:
/// `minX − superview.minX = L + kL·(S − B)` and `width = W + kW·(S − B)`.
/// Because the shares are proportional to the lengths, lengths keep their ratios, so the rule
/// composes: two resizes equal one.
@MainActor
enum AutoresizingRule {
    /// The shares of the leading margin and of the size in a change of the superview's length.
    static func shares(
        lead: Double, size: Double, trail: Double, flexibleLead: Bool, flexibleSize: Bool,
        flexibleTrail: Bool
    ) -> (lead: Double, size: Double) {
        let count = [flexibleLead, flexibleSize, flexibleTrail].filter { $0 }.count
        guard count > 0 else { return (0, 0) }
        let total = (flexibleLead ? lead : 0) + (flexibleSize ? size : 0) + (flexibleTrail ? trail : 0)
        if total > 0, lead >= 0 || !flexibleLead, size >= 0 || !flexibleSize, trail >= 0 || !flexibleTrail {
            return (flexibleLead ? lead / total : 0, flexibleSize ? size / total : 0)
        }
        let equal = 1 / Double(count)
        return (flexibleLead ? equal : 0, flexibleSize ? equal : 0)
    }

    /// The four constraints (x position, width, y position, height) for `view` in `superview`.
    static func constraints(for view: UIView, in superview: UIView) -> [EngineConstraint] {
        let frame = view.frame
        let size = superview.bounds.size
        let mask = view.autoresizingMask
        let x = shares(
            lead: frame.minX, size: frame.width, trail: size.width - frame.maxX,
            flexibleLead: mask.contains(.flexibleLeftMargin), flexibleSize: mask.contains(.flexibleWidth),
            flexibleTrail: mask.contains(.flexibleRightMargin))
        let y = shares(
            lead: frame.minY, size: frame.height, trail: size.height - frame.maxY,
            flexibleLead: mask.contains(.flexibleTopMargin), flexibleSize: mask.contains(.flexibleHeight),
            flexibleTrail: mask.contains(.flexibleBottomMargin))
        let v = view.node
        let s = superview.node
        func make(_ terms: [Term], value: Double, share: Double, reference: Double, superSize: Variable)
            -> EngineConstraint
        {
            // terms − share·S == value − share·B
            let all = share == 0 ? terms : terms + [Term(superSize, coefficient: -share)]
            return EngineConstraint(
                .autoresizing, first: v, second: s, terms: all,
                constant: -(value - share * reference), relation: .equal, priority: .required)
        }
        return [
            make(
                [Term(v.minX), Term(s.minX, coefficient: -1)], value: frame.minX, share: x.lead,
                reference: size.width, superSize: s.width),
            make([Term(v.width)], value: frame.width, share: x.size, reference: size.width, superSize: s.width),
            make(
                [Term(v.minY), Term(s.minY, coefficient: -1)], value: frame.minY, share: y.lead,
                reference: size.height, superSize: s.height),
            make([Term(v.height)], value: frame.height, share: y.size, reference: size.height, superSize: s.height),
        ]
    }
}
