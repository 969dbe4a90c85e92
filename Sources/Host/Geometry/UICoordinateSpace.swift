import Foundation

/// A coordinate space points and rectangles can be converted between (`UICoordinateSpace`):
/// every ``UIView``, and a screen's ``UIScreen/coordinateSpace``, in which keyboard frames are
/// given.
@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    /// The space's rectangle in its own coordinates.
    var bounds: CGRect { get }
    /// `point`, given in this space, in `coordinateSpace`.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// `point`, given in `coordinateSpace`, in this space.
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// `rect`, given in this space, in `coordinateSpace`.
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    /// `rect`, given in `coordinateSpace`, in this space.
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

// Each method passes a view on as `UIView?`: with a plain `UIView` argument, overload
// resolution would pick the `any UICoordinateSpace` method again and recurse forever.
extension UIView: UICoordinateSpace {
    /// `point` in `coordinateSpace`: another view, or a screen's space (window coordinates).
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, to: Optional(view)) }
        return convert(point, to: nil)
    }

    /// `point`, given in `coordinateSpace` (another view, or a screen's space), in this view.
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, from: Optional(view)) }
        return convert(point, from: nil)
    }

    /// `rect` in `coordinateSpace`: another view, or a screen's space (window coordinates).
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, to: Optional(view)) }
        return convert(rect, to: nil)
    }

    /// `rect`, given in `coordinateSpace` (another view, or a screen's space), in this view.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, from: Optional(view)) }
        return convert(rect, from: nil)
    }
}
