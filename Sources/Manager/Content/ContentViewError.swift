/// Why a content view was refused. The manager keeps its previous content view.
public enum ContentViewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `contentView` was set to `nil`; a manager always has the view it was given.
    case noContentView
    /// The content view cannot be the manager's own scroll view or a view inside it.
    case insideScrollView
    /// The content view contains the host's root view (the window, say).
    case containsRootView
    /// The content view is in another view tree than the host's.
    case notInHostViewTree
    /// The host has been released.
    case hostReleased

    public var description: String {
        switch self {
        case .noContentView: "the content view cannot be nil"
        case .insideScrollView: "the content view cannot be the scroll view or a view inside it"
        case .containsRootView: "the content view cannot contain the host's root view"
        case .notInHostViewTree: "the content view is in another view tree than the host's root view"
        case .hostReleased: "the host has been released"
        }
    }
}
