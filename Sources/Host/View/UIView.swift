import ConstraintSolver
import Foundation

/// A rectangle in a view tree, laid out by Auto Layout (`UIView`).
///
/// Names and semantics follow UIKit: a view has a ``frame`` in its ``superview``'s coordinate
/// space and ``bounds`` in its own, ``subviews`` drawn in order, constraints positioned by a
/// constraint solver (one per tree), a safe area, and overridable hooks such as
/// ``layoutSubviews()``. Everything happens on the main actor and nothing is laid out until
/// ``layoutIfNeeded()`` is called — by you, or by the window at the next turn of its scheduler.
///
/// Subclass it as you would `UIView`; overrides of the `open` hooks must call `super`.
///
/// Bad input never traps: a non-finite or negative-size frame, adding a view to its own
/// descendant, a constraint between unrelated views… are reported through ``logSink`` and
/// leave the view as it was.
@MainActor
open class UIView: UIResponder, LayoutItem {
    /// The value of an axis of ``intrinsicContentSize`` that has no natural size
    /// (`UIView.noIntrinsicMetric`, -1 as in UIKit: any negative value means "none").
    public static let noIntrinsicMetric: CGFloat = -1

    /// The target size asking ``systemLayoutSizeFitting(_:)`` for the smallest size the
    /// constraints allow (`UIView.layoutFittingCompressedSize`).
    public static let layoutFittingCompressedSize = CGSize.zero

    /// The target size asking ``systemLayoutSizeFitting(_:)`` for the largest size the
    /// constraints allow (`UIView.layoutFittingExpandedSize`).
    ///
    /// 10,000,000 points per axis: far beyond any screen, so every real layout reaches its own
    /// limits first, and still exact in the solver's `Double` arithmetic.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    // MARK: Storage read by every walk of the tree

    // Declared first: a class's stored properties are laid out in the order of their
    // declarations, so the flags, the links of the tree, the node, the controller and the
    // geometry, which a layout pass reads for each view it visits, fill the object's first 128
    // bytes, two cache lines. Declared with their sections, they were spread over five: after a
    // 10,000-row form's first solve, reading its 20,000 frames back took 16% less time with
    // them here, and calling `layoutSubviews()` on its views 18% less (`Benchmarks/README.md`,
    // thirty-sixth round).

    /// The bytes of a view that a layout pass reads (see above), which its walks and
    /// `NSLayoutConstraint.activate(_:)` load ahead of a visit.
    static let layoutPassBytes = 128

    // The flags, one byte each, declared together so that they share the padding of one
    // 16-byte stretch of the object instead of each rounding a field up to 8 bytes.

    /// Whether the view is hidden; hidden views are still laid out but not drawn in snapshots.
    public var isHidden = false

    /// Whether the view takes touches (`UIView.isUserInteractionEnabled`); `true` by default.
    /// HostKit has no touch input: it is only stored.
    public var isUserInteractionEnabled = true

    /// Whether snapshots clip the subviews to the bounds; `false` by default, `true` for
    /// scroll views (as UIKit).
    public var clipsToBounds = false

    /// `setNeedsLayout()` was called or the bounds size changed since the last `layoutSubviews()`.
    var needsLayoutFlag = true {
        didSet { if needsLayoutFlag { superview?.markDescendantNeedsLayout() } }
    }

    /// Some view below this one needs `layoutSubviews()`: the layout pass visits only the
    /// branches that lead to one (set on every ancestor of a flagged view).
    var descendantNeedsLayout = false

    /// Something this view's safe area (or its subviews') depends on changed outside the
    /// solver: root or additional insets, the bounds origin, a scroll view's adjustment.
    var safeAreaInputsChanged = false {
        didSet { if safeAreaInputsChanged { superview?.markDescendantSafeAreaInputsChanged() } }
    }

    /// Some view below this one has ``safeAreaInputsChanged``.
    var descendantSafeAreaInputsChanged = false

    /// The frame must be read from the solver at the next layout: a variable of the view (or of
    /// a guide it owns) changed in the last solve, its first constraint came or a constraint on
    /// it went, the view joined the tree, or its frame was set by hand. See
    /// ``markFrameNeedsRead()``.
    var frameNeedsRead = false

    /// Some view below this one has ``frameNeedsRead``: the layout pass visits only the
    /// branches that lead to one.
    var descendantFrameNeedsRead = false

    /// On a root: something in the tree changed since the last layout pass.
    var treeNeedsLayout = true

    /// The view is already listed for a `safeAreaInsetsDidChange()` call in this pass.
    var pendingNotification = false

    /// The next layout pass calls `safeAreaInsetsDidChange()` (and the controller's
    /// `viewSafeAreaInsetsDidChange()`) even if the insets did not change: a view controller's
    /// root view about to appear for the first time.
    var forcesSafeAreaNotification = false

    /// Whether Auto Layout keeps the frame you set, resizing it with ``autoresizingMask`` when
    /// the superview's size changes (`true` by default for views created in code, as UIKit).
    ///
    /// Set it to `false` for a view positioned by constraints; its frame then comes from the
    /// solver only, and a frame set by hand is overwritten at the next layout.
    @exclusivity(unchecked) // no run-time check: see subviews
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            guard oldValue != translatesAutoresizingMaskIntoConstraints else { return }
            autoresizingDidChange()
        }
    }

    /// The storage of ``superview``: not retained, and not `weak` either, for the reason
    /// ``LayoutNode/item`` gives (a weak reference makes every retain and release of the
    /// superview slow). A view clears it in its subviews when it goes (`deinit`), as UIKit
    /// does, so it never dangles.
    ///
    /// `Unmanaged` rather than `unowned(unsafe)`: reading an `unowned(unsafe)` optional into a
    /// variable retains the view and releases it at the next step, so every walk up the tree
    /// paid a retain and a release per ancestor (and the slow ones of a view with a side table,
    /// such as a window or a focused field). The walks up the tree (``root``,
    /// ``isDescendant(of:)``, `convert`) read it without either.
    nonisolated(unsafe) var superviewReference: Unmanaged<UIView>?

    // Exclusivity. The properties marked `@exclusivity(unchecked)` here and in LayoutEngine,
    // NSLayoutConstraint, UILayoutGuide, UIScrollView and AnimationTransaction are read or
    // written for every view or constraint of a first layout (UIScrollView's, at every pass).
    // Most are public properties of open classes, which other modules can reach, so the
    // compiler checked each access at run time: 4% of the instructions of a 10,000-row form's
    // first layout (`layout-benchmark`, callgrind). No check can fail: HostKit runs on the main
    // actor, and no access to them stays open across a call that could reach them again (each
    // is a read, a store, or an in-place change of an array, a dictionary or a struct that
    // calls out to nothing). The whole test suite passed with the checks on.
    // (`-enforce-exclusivity=unchecked` would do the same for the module, but `unsafeFlags`
    // keep a package from being used as a dependency.)
    /// The subviews, back to front.
    @exclusivity(unchecked)
    public internal(set) var subviews: [UIView] = []

    /// The solver variables of this view, in the tree's layout space.
    let node: LayoutNode

    /// The view controller whose root view this is (UIKit's private view delegate), set by
    /// ``UIViewController`` when it loads or replaces its view.
    weak var owningViewController: UIViewController?

    /// Where the view's top-left corner was in layout space at the last layout.
    var layoutOrigin = CGPoint.zero

    // Geometry storage (UIKit stores center and bounds; frame is derived).
    var storedCenter: CGPoint
    var storedBounds: CGRect

    // MARK: Identity

    /// A name for diagnostics, descriptions and snapshots (HostKit's own; `nil` by default).
    public var name: String? {
        get { rareState?.name }
        set { setRareState(\.name, to: newValue, isDefault: newValue == nil) }
    }

    /// An identifier for finding the view in tests and descriptions
    /// (`UIAccessibilityIdentification`); used as the label when ``name`` is `nil`.
    public var accessibilityIdentifier: String? {
        get { rareState?.accessibilityIdentifier }
        set { setRareState(\.accessibilityIdentifier, to: newValue, isDefault: newValue == nil) }
    }

    /// An integer to find the view with ``viewWithTag(_:)``; `0` by default.
    public var tag: Int {
        get { rareState?.tag ?? 0 }
        set { setRareState(\.tag, to: newValue, isDefault: newValue == 0) }
    }

    /// An identifier marking the view as a target of programmatic scrolling; `nil` by default.
    ///
    /// HostKit only stores it (like ``tag``, but any `Hashable`): ScrollingContent's
    /// `ScrollReader` finds the view by it and scrolls its enclosing scroll view to it — the
    /// counterpart of SwiftUI's `.id(_:)` and of the DoorDash article's `.scrollAnchor(_:)`.
    /// Kept on the view itself, so that marking a view adds nothing to the tree (the article
    /// needs a background view per target).
    public var scrollAnchorID: AnyHashable? {
        get { rareState?.scrollAnchorID }
        set {
            setRareState(\.scrollAnchorID, to: newValue, isDefault: newValue == nil)
        }
    }

    /// The colour snapshots fill the view with; `nil` (transparent) by default.
    public var backgroundColor: UIColor? {
        get { rareState?.backgroundColor }
        set { setRareState(\.backgroundColor, to: newValue, isDefault: newValue == nil) }
    }

    // MARK: Tree

    /// The view this one is a subview of, or `nil` for the root of a tree.
    ///
    /// Read-only, as in UIKit: `addSubview(_:)`, `insertSubview(_:at:)` and
    /// `removeFromSuperview()` change it. (Get-only in the declaration too, so that the
    /// symbol graph and `Scripts/uikit-surface.py` see no setter.)
    public var superview: UIView? { unretainedSuperview }

    /// ``superview``, set without retaining.
    var unretainedSuperview: UIView? {
        get { superviewReference?.takeUnretainedValue() }
        set { superviewReference = newValue.map(Unmanaged.passUnretained) }
    }

    /// The sink set on this view (``logSink`` looks up the tree for one).
    var ownLogSink: LogSink? {
        get { rareState?.ownLogSink }
        set {
            setRareState(\.ownLogSink, to: newValue, isDefault: newValue == nil)
        }
    }

    /// A diagnostic from before the view had anywhere to report it (a bad frame given to
    /// ``init(frame:)``), written to ``logSink`` at the first chance (see
    /// ``deliverPendingDiagnostic()``).
    var pendingDiagnostic: LogMessage? {
        get { rareState?.pendingDiagnostic }
        set {
            setRareState(\.pendingDiagnostic, to: newValue, isDefault: newValue == nil)
        }
    }

    /// What few views have, out of line (see ``RareState``); `nil` until one of it is set.
    private var rareState: RareState?

    /// Sets one property of the rare state, creating the box unless the value is the
    /// default and there is no box yet.
    private func setRareState<Value>(
        _ property: ReferenceWritableKeyPath<RareState, Value>, to value: Value, isDefault: Bool
    ) {
        if let rareState {
            rareState[keyPath: property] = value
        } else if !isDefault {
            let state = RareState()
            state[keyPath: property] = value
            rareState = state
        }
    }

    /// The state only some views have: a name, an accessibility identifier, a tag, a background
    /// colour, an anchor for programmatic scrolling, a sink of their own, a diagnostic from
    /// their initialiser, a root's or a view controller's insets.
    ///
    /// Kept in a box allocated when first set: stored in every view, these took 168 of the
    /// 536 bytes of a text field, and a form of 10,000 rows has 20,000 views none of which has
    /// any of it (3.7 MB of its peak, massif, and the allocator's rounding).
    private final class RareState {
        var name: String?
        var accessibilityIdentifier: String?
        var tag = 0
        var backgroundColor: UIColor?
        var scrollAnchorID: AnyHashable?
        var ownLogSink: LogSink?
        var pendingDiagnostic: LogMessage?
        var rootSafeAreaInsets = UIEdgeInsets.zero
        var additionalSafeAreaContribution = UIEdgeInsets.zero
    }

    // MARK: Auto Layout

    /// The solver of the tree, once the tree has been laid out (shared by every view of it).
    var engine: LayoutEngine?

    /// The solver constraints HostKit derives from this view's state.
    @exclusivity(unchecked) // no run-time check: see subviews
    var engineRecords = ViewEngineRecords()

    /// The constraints installed on this view, in the order they were installed.
    ///
    /// A constraint is installed on the nearest common ancestor of its items' views when it is
    /// activated (or on the view it was added to with ``addConstraint(_:)``).
    @exclusivity(unchecked) // no run-time check: see subviews
    public internal(set) var constraints: [NSLayoutConstraint] = []

    /// The layout guides added with ``addLayoutGuide(_:)``, in order (the safe-area guide is
    /// not listed).
    @exclusivity(unchecked) // no run-time check: see subviews
    public internal(set) var layoutGuides: [UILayoutGuide] = []

    var storedSafeAreaLayoutGuide: UILayoutGuide?

    /// How the view resizes when its superview's bounds change, while
    /// ``translatesAutoresizingMaskIntoConstraints`` is `true`; empty (fixed frame) by default.
    public var autoresizingMask: UIView.AutoresizingMask = [] {
        didSet {
            guard oldValue != autoresizingMask else { return }
            autoresizingDidChange()
        }
    }

    var contentPriorities = ContentPriorities()

    // MARK: Safe area

    /// The insets of the safe area: the part of the bounds not covered by bars, the sensor
    /// housing, the home indicator or the keyboard inset, as of the last layout.
    ///
    /// A root view gets them from its source (the window and its view controller);
    /// a subview gets the part of its bounds that its superview's insets cover, plus any
    /// additional insets of its own view controller. Subviews of a scroll view that already
    /// adjusts its content for the safe area get no insets on that axis.
    @exclusivity(unchecked) // no run-time check: see subviews
    public internal(set) var safeAreaInsets = UIEdgeInsets.zero

    /// A root's insets from its source (see ``rootSafeAreaInsets``).
    var storedRootSafeAreaInsets: UIEdgeInsets {
        get { rareState?.rootSafeAreaInsets ?? .zero }
        set {
            setRareState(\.rootSafeAreaInsets, to: newValue, isDefault: newValue == .zero)
        }
    }

    /// The additional insets of the view controller whose root view this is (see
    /// ``additionalSafeAreaContribution``).
    var storedAdditionalSafeAreaContribution: UIEdgeInsets {
        get { rareState?.additionalSafeAreaContribution ?? .zero }
        set {
            setRareState(\.additionalSafeAreaContribution, to: newValue, isDefault: newValue == .zero)
        }
    }

    // MARK: Initialisers

    /// Creates a view with a frame (`.zero` by default).
    ///
    /// A non-finite frame or a negative size is replaced by `.zero` and reported as an error
    /// through ``logSink`` as soon as the view has somewhere to report it: when a sink is set
    /// on it, when it is added to a superview (the tree's sink), or at its first layout as a
    /// root (``LogSink/standardError`` unless a sink was set). A new view has no sink yet, so
    /// reporting at once would bypass the sink a test or an app sets on the tree.
    public init(frame: CGRect) {
        var frame = frame
        var diagnostic: LogMessage?
        if let problem = UIView.problem(withFrame: frame) {
            diagnostic = LogMessage(
                level: .error, text: "UIView.init(frame: \(frame.compactText)): \(problem); using .zero instead")
            frame = .zero
        }
        storedCenter = CGPoint(x: frame.midX, y: frame.midY)
        storedBounds = CGRect(origin: .zero, size: frame.size)
        node = LayoutNode(placesGuide: false)
        super.init()
        if let diagnostic { pendingDiagnostic = diagnostic }
        node.item = self
    }

    /// Clears the references to this view that do not retain it (see ``LayoutNode/item``):
    /// its node's item, its subviews' superview, the view its installed constraints are
    /// installed on, its guides' owning view and its engine's root. They read `nil` from now
    /// on, as weak references would. (``UIScrollView`` clears the two guides it keeps outside
    /// ``layoutGuides``.)
    deinit {
        node.item = nil
        for subview in subviews { subview.superviewReference = nil }
        for constraint in constraints { constraint.installedOn = nil }
        for guide in layoutGuides { guide.unretainedOwningView = nil }
        storedSafeAreaLayoutGuide?.unretainedOwningView = nil
        if let engine, engine.root === self { engine.root = nil }
    }

    /// Creates a view with a `.zero` frame (`UIView()`).
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// HostKit loads no nibs or storyboards, so there is nothing to decode: returns `nil`.
    /// Declared because UIKit requires it of every view subclass that adds a designated
    /// initializer, so code written for UIKit compiles here unchanged.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Overridable hooks

    /// Lays out the subviews (`UIView.layoutSubviews()`). Auto Layout has already positioned
    /// them when this is called; override it to adjust frames by hand. Call `super`.
    ///
    /// Called top-down by ``layoutIfNeeded()`` for every view that needs layout: after
    /// ``setNeedsLayout()``, when its bounds size changed, or when its safe area changed.
    open func layoutSubviews() {}

    /// The natural size of the content, per axis; ``noIntrinsicMetric`` (the default) for an
    /// axis without one. Call ``invalidateIntrinsicContentSize()`` when it changes.
    ///
    /// Auto Layout holds each axis that has a metric with two constraints: `size <= metric` at
    /// the content hugging priority and `size >= metric` at the compression resistance priority.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Called after ``safeAreaInsets`` changed during a layout pass. Call `super`.
    open func safeAreaInsetsDidChange() {}

    /// Called before the view moves to a new superview (`nil` when it is removed). Call `super`.
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Called after the view moved to a new superview or was removed. Call `super`.
    open func didMoveToSuperview() {}

    /// Called after a subview was added. Call `super`.
    open func didAddSubview(_ subview: UIView) {}

    /// Called before a subview is removed. Call `super`.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Calls ``safeAreaInsetsDidChange()``, then — on a view controller's root view — the
    /// controller's `viewSafeAreaInsetsDidChange()`.
    func notifySafeAreaInsetsDidChange() {
        safeAreaInsetsDidChange()
        owningViewController?.rootViewSafeAreaInsetsDidChange()
    }

    // MARK: Windows, view controllers, responders

    /// Called on this view and each of its descendants, parents first, before the subtree
    /// enters a window, leaves it (`nil`) or moves to another; ``window`` is still the old
    /// window. Call `super`.
    open func willMove(toWindow newWindow: UIWindow?) {}

    /// Called on this view and each of its descendants, parents first, after the subtree
    /// entered, left or changed windows; ``window`` is the new window. Call `super`.
    open func didMoveToWindow() {}

    /// Asks to become the window's first responder (`UIResponder.becomeFirstResponder()`).
    ///
    /// Returns `false` when ``UIResponder/canBecomeFirstResponder`` is `false`, when the view is
    /// not in a window (reported through ``logSink``), or when the current first responder
    /// refuses to resign. A ``UITextField`` that becomes first responder presents the window's
    /// keyboard. Call `super` when overriding.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        becomeFirstResponderInWindow()
    }

    /// Gives up first-responder status (`UIResponder.resignFirstResponder()`); returns whether
    /// the view is no longer the first responder. When no other view takes over, the keyboard
    /// hides. Call `super` when overriding.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        resignFirstResponderInWindow()
    }

    /// Whether this view is its window's first responder (`UIResponder.isFirstResponder`).
    open override var isFirstResponder: Bool {
        guard let window else { return false }
        return window.firstResponder === self
    }

    /// Applies a changed ``UIResponder/inputAccessoryView`` while this view is the first
    /// responder (`UIResponder.reloadInputViews()`): the keyboard takes its new height. Does
    /// nothing otherwise. Call `super` when overriding.
    open override func reloadInputViews() {
        guard let window, window.firstResponder === self else { return }
        window.firstResponderInputViewsDidChange()
    }

    /// The view controller whose root view this is, else the superview (`UIResponder.next`).
    open override var next: UIResponder? {
        owningViewController ?? superview
    }

    /// Called on a root when its tree needs a layout pass; a ``UIWindow`` schedules one for the
    /// next turn of its scheduler.
    func rootNeedsLayoutPass() {}

    /// Called on a root after a layout pass; a ``UIWindow`` cancels the turn it had scheduled.
    func rootDidFinishLayoutPass() {}
}

/// The content hugging and compression resistance priorities of a view, per axis.
struct ContentPriorities {
    var huggingHorizontal = UILayoutPriority.defaultLow
    var huggingVertical = UILayoutPriority.defaultLow
    var compressionHorizontal = UILayoutPriority.defaultHigh
    var compressionVertical = UILayoutPriority.defaultHigh
}
