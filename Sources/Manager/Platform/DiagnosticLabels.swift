extension UIView {
    /// How ScrollingContent's diagnostics name the view (see ``PlatformDiagnostics/label(of:)``).
    var diagnosticLabel: String { PlatformDiagnostics.label(of: self) }
}

extension UIViewController {
    /// How ScrollingContent's diagnostics name a view controller: its class, and its title if
    /// it has one.
    var diagnosticLabel: String {
        let type = String(describing: Swift.type(of: self))
        guard let title, !title.isEmpty else { return type }
        return "\(type):\(title)"
    }
}
