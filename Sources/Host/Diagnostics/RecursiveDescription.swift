import Foundation

extension UIView {
    /// A text dump of the subtree, one line per view, as UIKit's private `recursiveDescription`
    /// prints it: stable across runs (names instead of addresses), so it suits golden tests.
    ///
    /// Each line is indented by `"   | "` per depth and reads
    /// `<Class:name; frame = (x y; w h); …>` with, when they apply: `hidden`,
    /// `safeAreaInsets = {top, left, bottom, right}` when not zero, and for scroll views
    /// `contentOffset`, `contentSize` and `adjustedContentInset`. Values are as of the last
    /// layout.
    ///
    /// ```
    /// <UIView:root; frame = (0 0; 375 667); safeAreaInsets = {20, 0, 0, 0}>
    ///    | <UIScrollView:scroll; frame = (0 0; 375 667); safeAreaInsets = {20, 0, 0, 0}; contentOffset = {0, -20}; contentSize = {375, 647}; adjustedContentInset = {20, 0, 0, 0}>
    ///    |    | <UIView:content; frame = (0 0; 375 647)>
    /// ```
    public func recursiveDescription() -> String {
        var lines: [String] = []
        appendDescription(depth: 0, to: &lines)
        return lines.joined(separator: "\n")
    }

    private func appendDescription(depth: Int, to lines: inout [String]) {
        lines.append(String(repeating: "   | ", count: depth) + "<" + descriptionFields.joined(separator: "; ") + ">")
        for subview in subviews { subview.appendDescription(depth: depth + 1, to: &lines) }
    }

    /// The fields of one line of ``recursiveDescription()``.
    var descriptionFields: [String] {
        var fields = [debugLabel, "frame = \(frame.compactText)"]
        if isHidden { fields.append("hidden") }
        if safeAreaInsets != .zero { fields.append("safeAreaInsets = \(safeAreaInsets)") }
        if let scrollView = self as? UIScrollView {
            fields.append("contentOffset = \(scrollView.contentOffset.compactText)")
            fields.append("contentSize = \(scrollView.contentSize.compactText)")
            fields.append("adjustedContentInset = \(scrollView.adjustedContentInset)")
        }
        return fields
    }
}
