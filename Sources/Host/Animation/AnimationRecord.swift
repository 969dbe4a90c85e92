import Foundation

/// One animation block as a window's ``UIWindow/animationLog`` records it: its parameters, when
/// it ran, and what it changed.
///
/// HostKit applies changes at once (the block runs synchronously); the record is how a test
/// asserts "this inset change was animated over 0.5 s" or "this happened without animation".
public struct AnimationRecord: Sendable, CustomStringConvertible {
    /// How the animation is timed.
    public enum Timing: Hashable, Sendable, CustomStringConvertible {
        /// A timing curve (`animate(withDuration:delay:options:…)`).
        case curve(UIView.AnimationCurve)
        /// A spring (`animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`).
        case spring(dampingRatio: CGFloat, initialVelocity: CGFloat)

        public var description: String {
            switch self {
            case .curve(let curve): "\(curve)"
            case .spring(let damping, let velocity): "spring(damping: \(damping), velocity: \(velocity))"
            }
        }
    }

    /// The virtual time (the window's ``UIWindow/scheduler``) at which the block ran.
    public var time: TimeInterval
    /// The duration asked for, in seconds.
    public var duration: TimeInterval
    /// The delay asked for, in seconds.
    public var delay: TimeInterval
    /// The curve or spring.
    public var timing: Timing
    /// The options given.
    public var options: UIView.AnimationOptions
    /// Whether the changes were animated: `false` inside ``UIView/performWithoutAnimation(_:)``
    /// (the record of `performWithoutAnimation` itself has a duration of 0).
    public var animationsEnabled: Bool
    /// What changed in the window during the block, in the order first changed; a property
    /// changed twice appears once, from its first old value to its last new value.
    public var changes: [AnimationChange]

    /// Whether the block changed `property` of `view`.
    @MainActor
    public func changed(_ view: UIView, _ property: AnimationChange.Property) -> Bool {
        changes.contains { $0.view === view && $0.property == property }
    }

    /// The change of `property` of `view`, if the block made one.
    @MainActor
    public func change(of view: UIView, _ property: AnimationChange.Property) -> AnimationChange? {
        changes.first { $0.view === view && $0.property == property }
    }

    /// `0.25s easeInOut delay 0 at 1.0: [UIView:box.frame (0 0; 10 10) → (0 0; 20 20)]`.
    public var description: String {
        let state = animationsEnabled ? "" : " (without animation)"
        return "\(duration)s \(timing) delay \(delay) at \(time)\(state): \(changes)"
    }
}

/// A property of a view that an animation block changed.
public struct AnimationChange: Sendable, CustomStringConvertible {
    /// Which property.
    public enum Property: Hashable, Sendable, CustomStringConvertible {
        /// ``UIView/frame`` (set, or moved by a layout pass run in the block).
        case frame
        /// ``UIView/bounds`` (its size, or its origin on a plain view).
        case bounds
        /// ``UIView/center``.
        case center
        /// ``UIScrollView/contentOffset``.
        case contentOffset
        /// ``UIScrollView/contentInset``.
        case contentInset
        /// The `additionalSafeAreaInsets` of the view controller whose root view this is.
        case additionalSafeAreaInsets

        public var description: String {
            switch self {
            case .frame: "frame"
            case .bounds: "bounds"
            case .center: "center"
            case .contentOffset: "contentOffset"
            case .contentInset: "contentInset"
            case .additionalSafeAreaInsets: "additionalSafeAreaInsets"
            }
        }
    }

    /// A value before or after the change.
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        /// A rectangle: a frame or bounds.
        case rect(CGRect)
        /// A point: a centre or content offset.
        case point(CGPoint)
        /// Insets: content insets or additional safe-area insets.
        case insets(UIEdgeInsets)

        /// Which case a value is, stored beside its numbers (see ``AnimationChange``).
        enum Kind: UInt8, Sendable {
            case rect, point, insets
        }

        /// A value's numbers: a rectangle's origin and size, a point's coordinates (then two
        /// zeros), insets' top, left, bottom and right.
        typealias Numbers = (CGFloat, CGFloat, CGFloat, CGFloat)

        var packed: (Numbers, Kind) {
            switch self {
            case .rect(let r): ((r.origin.x, r.origin.y, r.size.width, r.size.height), .rect)
            case .point(let p): ((p.x, p.y, 0, 0), .point)
            case .insets(let i): ((i.top, i.left, i.bottom, i.right), .insets)
            }
        }

        init(packed n: Numbers, kind: Kind) {
            switch kind {
            case .rect: self = .rect(CGRect(x: n.0, y: n.1, width: n.2, height: n.3))
            case .point: self = .point(CGPoint(x: n.0, y: n.1))
            case .insets: self = .insets(UIEdgeInsets(top: n.0, left: n.1, bottom: n.2, right: n.3))
            }
        }

        /// The value as diagnostics print it: `(0 0; 10 10)`, `{0, 0}`, `{20, 0, 0, 0}`.
        public var description: String {
            switch self {
            case .rect(let rect): rect.compactText
            case .point(let point): point.compactText
            case .insets(let insets): insets.description
            }
        }
    }

    /// The view, or `nil` once it is gone (it is not retained).
    public var view: UIView? { node.item as? UIView }
    /// The view's node, through which the view is held without a `weak` reference (see
    /// ``LayoutNode/item``): a first layout records every view of the screen.
    private let node: LayoutNode
    /// The view's ``UIView/debugLabel`` when it changed.
    public var viewLabel: String { UIView.debugLabel(of: viewType, named: viewName) }
    // The label's parts, spelled only when it is read: spelling it for every change cost a
    // keyboard show 6,700 instructions, 3% (callgrind), for a label that diagnostics and the
    // timeline read rarely. 104 bytes a change with the class beside the name, where the
    // label alone made 96.
    private let viewType: UIView.Type
    private let viewName: String?
    /// The value before the block.
    public var from: Value {
        get { Value(packed: fromNumbers, kind: fromKind) }
        set { (fromNumbers, fromKind) = newValue.packed }
    }
    /// The value after the block.
    public var to: Value {
        get { Value(packed: toNumbers, kind: toKind) }
        set { (toNumbers, toKind) = newValue.packed }
    }
    // The values are stored as their four numbers and a 1-byte kind each, the kinds next to
    // the property: 96 bytes a change, where two `Value`s (33 bytes, 40 with their padding)
    // made 112. A first layout records every view it places (20,000 changes on a 10,000-row
    // form, in a list grown to 49,152 entries while the pass runs: 0.8 MB).
    private var fromNumbers: Value.Numbers
    private var toNumbers: Value.Numbers
    private var fromKind: Value.Kind
    private var toKind: Value.Kind
    /// The property.
    public var property: Property

    /// Whether this is the change of `property` of `view` (by its node, which the change keeps
    /// alive: a view freed since cannot pass for another at the same address).
    @MainActor
    func isChange(of property: Property, of view: UIView) -> Bool {
        node === view.node && self.property == property
    }

    @MainActor
    init(view: UIView, property: Property, from: Value, to: Value) {
        node = view.node
        viewType = type(of: view)
        viewName = view.debugName
        self.property = property
        (fromNumbers, fromKind) = from.packed
        (toNumbers, toKind) = to.packed
    }

    /// `UIView:box.frame (0 0; 10 10) → (0 0; 20 20)`.
    public var description: String { "\(viewLabel).\(property) \(from) → \(to)" }
}
