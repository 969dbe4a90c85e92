import Foundation

/// Something Auto Layout can position: a ``UIView`` or a ``UILayoutGuide``.
///
/// HostKit's own protocol (UIKit declares the anchors on each class and types a constraint's
/// items `AnyObject`). Only HostKit's views and layout guides can be laid out; a constraint
/// naming another conforming type is refused when it is activated.
@MainActor
public protocol LayoutItem: AnyObject {
    /// The left edge (HostKit has no right-to-left layout).
    var leadingAnchor: NSLayoutXAxisAnchor { get }
    /// The right edge.
    var trailingAnchor: NSLayoutXAxisAnchor { get }
    /// The left edge.
    var leftAnchor: NSLayoutXAxisAnchor { get }
    /// The right edge.
    var rightAnchor: NSLayoutXAxisAnchor { get }
    /// The top edge.
    var topAnchor: NSLayoutYAxisAnchor { get }
    /// The bottom edge.
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    /// The horizontal centre.
    var centerXAnchor: NSLayoutXAxisAnchor { get }
    /// The vertical centre.
    var centerYAnchor: NSLayoutYAxisAnchor { get }
    /// The width.
    var widthAnchor: NSLayoutDimension { get }
    /// The height.
    var heightAnchor: NSLayoutDimension { get }
}

extension LayoutItem {
    /// The left edge (HostKit has no right-to-left layout).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The right edge.
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

/// The solver side of a layout item, and the view it belongs to.
@MainActor
enum LayoutItems {
    /// The item's solver variables, or `nil` for a type HostKit cannot lay out.
    static func node(of item: any LayoutItem) -> LayoutNode? {
        if let view = item as? UIView { return view.node }
        if let guide = item as? UILayoutGuide { return guide.node }
        return nil
    }

    /// The view whose tree the item is in: the view itself, or a guide's owning view.
    static func view(of item: any LayoutItem) -> UIView? {
        if let view = item as? UIView { return view }
        if let guide = item as? UILayoutGuide { return guide.owningView }
        return nil
    }

    /// `UIView:name`, `UIView:name.guideIdentifier`, as diagnostics print items.
    static func label(of item: (any LayoutItem)?) -> String {
        guard let item else { return "nil" }
        if let view = item as? UIView { return view.debugLabel }
        if let guide = item as? UILayoutGuide { return guide.debugLabel }
        return String(describing: type(of: item))
    }
}
