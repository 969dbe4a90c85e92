import Foundation

/// An attribute of a view or layout guide that makes constraints (`NSLayoutAnchor`).
///
/// As in UIKit, the subclasses keep the axes apart at compile time: an
/// ``NSLayoutXAxisAnchor`` relates only to another x-axis anchor, an ``NSLayoutYAxisAnchor``
/// to a y-axis anchor, an ``NSLayoutDimension`` to a dimension or a constant. Constraints are
/// returned inactive; activate them.
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    /// The view or layout guide.
    let item: any LayoutItem
    /// The attribute of the item.
    let attribute: NSLayoutConstraint.Attribute

    init(item: any LayoutItem, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: 1, constant: constant)
    }

    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    func make(
        _ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat,
        constant: CGFloat
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(
            layoutItem: item, attribute: attribute, relatedBy: relation, toLayoutItem: anchor?.item,
            attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}

/// A horizontal position: leading, trailing, left, right or centerX (`NSLayoutXAxisAnchor`).
@MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// A vertical position: top, bottom or centerY (`NSLayoutYAxisAnchor`).
@MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// A width or height (`NSLayoutDimension`): relates to another dimension with a multiplier,
/// or to a constant.
@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// `self == constant`.
    public func constraint(equalToConstant constant: CGFloat) -> NSLayoutConstraint {
        make(.equal, nil, multiplier: 1, constant: constant)
    }

    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self == multiplier × anchor + constant`.
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier × anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier × anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}
