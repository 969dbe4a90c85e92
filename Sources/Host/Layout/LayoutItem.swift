import Foundation

/// Something Auto Layout can position: a ``View`` or a ``LayoutGuide``.
///
/// The items of a ``LayoutConstraint`` (UIKit types them `Any`). Only HostKit's views and
/// layout guides can be laid out; a constraint naming another conforming type is refused when
/// it is activated.
@MainActor
public protocol LayoutItem: AnyObject {
    /// The left edge (HostKit has no right-to-left layout).
    var leadingAnchor: LayoutXAxisAnchor { get }
    /// The right edge.
    var trailingAnchor: LayoutXAxisAnchor { get }
    /// The left edge.
    var leftAnchor: LayoutXAxisAnchor { get }
    /// The right edge.
    var rightAnchor: LayoutXAxisAnchor { get }
    /// The top edge.
    var topAnchor: LayoutYAxisAnchor { get }
    /// The bottom edge.
    var bottomAnchor: LayoutYAxisAnchor { get }
    /// The horizontal centre.
    var centerXAnchor: LayoutXAxisAnchor { get }
    /// The vertical centre.
    var centerYAnchor: LayoutYAxisAnchor { get }
    /// The width.
    var widthAnchor: LayoutDimension { get }
    /// The height.
    var heightAnchor: LayoutDimension { get }
}

extension LayoutItem {
    /// The left edge (HostKit has no right-to-left layout).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The right edge.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
}

/// The solver side of a layout item, and the view it belongs to.
@MainActor
enum LayoutItems {
    /// The item's solver variables, or `nil` for a type HostKit cannot lay out.
    static func node(of item: any LayoutItem) -> LayoutNode? {
        if let view = item as? View { return view.node }
        if let guide = item as? LayoutGuide { return guide.node }
        return nil
    }

    /// The view whose tree the item is in: the view itself, or a guide's owning view.
    static func view(of item: any LayoutItem) -> View? {
        if let view = item as? View { return view }
        if let guide = item as? LayoutGuide { return guide.owningView }
        return nil
    }

    /// `View:name`, `View:name.guideIdentifier`, as diagnostics print items.
    static func label(of item: (any LayoutItem)?) -> String {
        guard let item else { return "nil" }
        if let view = item as? View { return view.debugLabel }
        if let guide = item as? LayoutGuide { return guide.debugLabel }
        return String(describing: type(of: item))
    }
}
