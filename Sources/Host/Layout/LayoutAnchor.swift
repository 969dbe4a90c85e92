import Foundation

/// An attribute of a layout item that creates constraints (`NSLayoutAnchor`).
///
/// The three conforming types keep the axes apart at compile time: a
/// ``LayoutXAxisAnchor`` relates only to another x-axis anchor, a ``LayoutYAxisAnchor`` to a
/// y-axis anchor, a ``LayoutDimension`` to a dimension or a constant. Constraints are
/// returned inactive, as in UIKit.
@MainActor
public protocol LayoutAnchor {
    /// The view or layout guide.
    var item: any LayoutItem { get }
    /// The attribute of the item.
    var attribute: LayoutConstraint.Attribute { get }
}

extension LayoutAnchor {
    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: Self, constant: CGFloat = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: 1, constant: constant)
    }

    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: Self, constant: CGFloat = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: Self, constant: CGFloat = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    func make(_ relation: LayoutConstraint.Relation, _ anchor: Self?, multiplier: CGFloat, constant: CGFloat)
        -> LayoutConstraint
    {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
                         attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}

/// A horizontal position: leading, trailing, left, right or centerX (`NSLayoutXAxisAnchor`).
public struct LayoutXAxisAnchor: LayoutAnchor {
    /// The view or layout guide.
    public let item: any LayoutItem
    /// The attribute of the item.
    public let attribute: LayoutConstraint.Attribute
}

/// A vertical position: top, bottom or centerY (`NSLayoutYAxisAnchor`).
public struct LayoutYAxisAnchor: LayoutAnchor {
    /// The view or layout guide.
    public let item: any LayoutItem
    /// The attribute of the item.
    public let attribute: LayoutConstraint.Attribute
}

/// A width or height (`NSLayoutDimension`): relates to another dimension with a multiplier,
/// or to a constant.
public struct LayoutDimension: LayoutAnchor {
    /// The view or layout guide.
    public let item: any LayoutItem
    /// The attribute of the item.
    public let attribute: LayoutConstraint.Attribute

    /// `self == constant`.
    public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint {
        make(.equal, nil, multiplier: 1, constant: constant)
    }

    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self == multiplier × anchor + constant`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier: CGFloat, constant: CGFloat = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier × anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> LayoutConstraint
    {
        make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier × anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> LayoutConstraint
    {
        make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}
