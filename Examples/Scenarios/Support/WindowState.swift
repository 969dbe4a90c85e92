import Foundation
import HostKit
import ScrollingContent

/// What the viewer draws of a window at one moment: the visible views with their geometry and
/// colours, the keyboard, the safe area and the first responder — what ``SVGRenderer`` reads
/// from the live window, kept as data so the viewer's page can draw it at any time.
///
/// Geometry is in points, rounded to 1/100 pt: a view's `frame` is in its superview's
/// coordinates and its bounds origin (a scroll view's content offset) moves its subviews, as
/// in UIKit. Two states are equal when the screen would look the same.
public struct WindowState: Sendable, Equatable, Encodable {
    /// One visible view.
    public struct View: Sendable, Equatable, Encodable {
        /// What kind of view it is, for drawing.
        public enum Kind: String, Sendable, Encodable {
            /// The window.
            case window
            /// A plain view.
            case view
            /// A scroll view (``scroll`` is set).
            case scrollView
            /// A text field (drawn with its text or placeholder).
            case textField
            /// A navigation bar (drawn with its title).
            case navigationBar
        }

        /// A scroll view's content: its size and the insets the visible area is measured with.
        public struct Scroll: Sendable, Equatable, Encodable {
            /// `contentSize`: width, height.
            public var contentSize: [Double]
            /// `adjustedContentInset`: top, left, bottom, right.
            public var adjustedContentInset: [Double]
            /// Whether it is a ``ScrollingContentScrollView``: one whose visible area a manager
            /// keeps clear of the keyboard.
            public var isManaged: Bool

            enum CodingKeys: String, CodingKey {
                case contentSize = "cs"
                case adjustedContentInset = "ai"
                case isManaged = "m"
            }
        }

        /// Stable across the moments of a recording (see ``ViewIdentities``).
        public var id: Int
        /// The superview's id; `nil` for the window.
        public var parent: Int?
        /// `name`, else `accessibilityIdentifier`, else "Owner.view" for a view controller's
        /// root view ("Owner.view (Title)" when the controller has a title), else the class name.
        public var name: String
        /// How to draw it.
        public var kind: Kind
        /// `frame` in the superview: x, y, width, height.
        public var frame: [Double]
        /// `bounds.origin` (a scroll view's `contentOffset`): x, y.
        public var boundsOrigin: [Double]
        /// The background colour as `#rrggbb`, or `nil` for none (clear).
        public var background: String?
        /// The background's opacity, when below 1.
        public var backgroundAlpha: Double?
        /// Whether it clips its subviews.
        public var clipsToBounds: Bool
        /// A text field's text, a navigation bar's title.
        public var text: String?
        /// A text field's placeholder, shown when it has no text.
        public var placeholder: String?
        /// A scroll view's content.
        public var scroll: Scroll?

        enum CodingKeys: String, CodingKey {
            case id
            case parent = "p"
            case name = "n"
            case kind = "k"
            case frame = "f"
            case boundsOrigin = "b"
            case background = "bg"
            case
                backgroundAlpha = "ba"
            case clipsToBounds = "clip"
            case text = "txt"
            case placeholder = "ph"
            case scroll = "sv"
        }
    }

    /// The keyboard: where it is, or where it went when it left.
    public struct Keyboard: Sendable, Equatable, Encodable {
        /// The frame in window coordinates: x, y, width, height. A hidden keyboard's frame is
        /// just below the window, as tall as it was when it left.
        public var frame: [Double]
        /// Whether it is on screen.
        public var isVisible: Bool
        /// Whether it floats (an undocked iPad keyboard).
        public var isFloating: Bool

        enum CodingKeys: String, CodingKey {
            case frame = "f"
            case isVisible = "on"
            case isFloating = "float"
        }
    }

    /// The interface orientation (`portrait`, `landscapeLeft`…).
    public var orientation: String
    /// The window's size: width, height.
    public var size: [Double]
    /// The window's safe-area insets: top, left, bottom, right.
    public var safeAreaInsets: [Double]
    /// The keyboard.
    public var keyboard: Keyboard
    /// The first responder's id, if it is a visible view.
    public var firstResponder: Int?
    /// The visible views, parents before their subviews, subviews back to front.
    public var views: [View]

    enum CodingKeys: String, CodingKey {
        case orientation = "o"
        case size = "sz"
        case safeAreaInsets = "sa"
        case keyboard = "kb"
        case firstResponder = "fr"
        case views = "v"
    }

    /// Reads `window` as it is now; `identities` names its views.
    @MainActor
    public init(_ window: UIWindow, identities: ViewIdentities) {
        orientation = "\(window.orientation)"
        size = [window.bounds.width, window.bounds.height].map(Self.rounded)
        safeAreaInsets = Self.numbers(window.safeAreaInsets)
        let keyboard = window.keyboard
        self.keyboard = Keyboard(
            frame: Self.numbers(keyboard.frame), isVisible: keyboard.isVisible,
            isFloating: keyboard.isFloating)
        var views: [View] = []
        Self.collect(window, parent: nil, identities: identities, into: &views)
        self.views = views
        let responder = window.firstResponder.map { identities.id(of: $0) }
        firstResponder = views.contains { $0.id == responder } ? responder : nil
    }

    /// Appends `view` and its visible subtree (hidden views and their subviews are left out,
    /// as they are not drawn).
    @MainActor
    private static func collect(_ view: UIView, parent: Int?, identities: ViewIdentities, into views: inout [View]) {
        guard !view.isHidden else { return }
        let id = identities.id(of: view)
        var background: String?
        var alpha: Double?
        if let color = view.backgroundColor {
            var opacity: CGFloat = 1
            color.getRed(nil, green: nil, blue: nil, alpha: &opacity)
            if opacity > 0 {
                background = color.hexString
                if opacity < 1 { alpha = rounded(opacity) }
            }
        }
        let kind: View.Kind
        var text: String?
        var placeholder: String?
        var scroll: View.Scroll?
        switch view {
        case is UIWindow:
            kind = .window
        case let field as UITextField:
            kind = .textField
            text = field.text.flatMap { $0.isEmpty ? nil : $0 }
            placeholder = field.placeholder
        case let bar as UINavigationBar:
            kind = .navigationBar
            text = bar.title
        case let scrollView as UIScrollView:
            kind = .scrollView
            scroll = View.Scroll(
                contentSize: [scrollView.contentSize.width, scrollView.contentSize.height].map(rounded),
                adjustedContentInset: numbers(scrollView.adjustedContentInset),
                isManaged: scrollView is ScrollingContentScrollView)
        default:
            kind = .view
        }
        views.append(
            View(
                id: id, parent: parent, name: name(of: view), kind: kind,
                frame: numbers(view.frame), boundsOrigin: [view.bounds.minX, view.bounds.minY].map(rounded),
                background: background, backgroundAlpha: alpha, clipsToBounds: view.clipsToBounds,
                text: text, placeholder: placeholder, scroll: scroll))
        for subview in view.subviews { collect(subview, parent: id, identities: identities, into: &views) }
    }

    /// The label a person knows the view by: its name, else "SignUpViewController.view" for a
    /// view controller's root view — with the controller's title, "StepViewController.view
    /// (Step 2)", so that two screens of one class pushed on a navigation controller are told
    /// apart — else its class.
    @MainActor
    static func name(of view: UIView) -> String {
        if let name = view.name ?? view.accessibilityIdentifier { return name }
        if let owner = view.next as? UIViewController {
            let title = owner.title.flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""
            return "\(type(of: owner)).view\(title)"
        }
        return "\(type(of: view))"
    }

    private static func rounded(_ value: CGFloat) -> Double {
        (Double(value) * 100).rounded() / 100
    }

    private static func numbers(_ rect: CGRect) -> [Double] {
        [rect.minX, rect.minY, rect.width, rect.height].map(rounded)
    }

    private static func numbers(_ insets: UIEdgeInsets) -> [Double] {
        [insets.top, insets.left, insets.bottom, insets.right].map(rounded)
    }
}

/// Gives each view a number that stays the same across the moments of a recording, so the
/// viewer can follow a view from one moment to the next (and animate its moves).
///
/// Views are held weakly: a view that is freed keeps its number, and a new view that happens
/// to get the freed one's address gets a new number.
@MainActor
public final class ViewIdentities {
    private struct Entry {
        weak var view: UIView?
        var id: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var nextID = 1

    /// Creates an empty table.
    public init() {}

    /// The number of `view`, given on first sight.
    public func id(of view: UIView) -> Int {
        let key = ObjectIdentifier(view)
        if let entry = entries[key], entry.view === view { return entry.id }
        let id = nextID
        nextID += 1
        entries[key] = Entry(view: view, id: id)
        return id
    }
}
