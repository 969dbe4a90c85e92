import Foundation

extension SVGRenderer {
    /// The keyboard's fill: dark grey at 60 % opacity, so the content under it stays readable.
    public static let keyboardColor = UIColor(white: 0.2, alpha: 0.6)

    /// The overlays that show a window's keyboard and first responder, in window (screen)
    /// coordinates: the keyboard's frame while it is on screen (labelled with its height, or
    /// "floating keyboard"), and a dashed system-blue outline around the first responder.
    public static func overlays(for window: UIWindow) -> [SVGOverlay] {
        var overlays: [SVGOverlay] = []
        let keyboard = window.keyboard
        if keyboard.isVisible {
            let label = keyboard.isFloating ? "floating keyboard" : "keyboard \(keyboard.frame.height.compactText)"
            overlays.append(SVGOverlay(rect: keyboard.frame, label: label, fill: keyboardColor))
        }
        if let responder = window.firstResponder {
            overlays.append(
                SVGOverlay(
                    rect: responder.convert(responder.bounds, to: window), label: "first responder",
                    fill: .clear, stroke: .systemBlue, isDashed: true))
        }
        return overlays
    }

    /// Renders a window with its keyboard and first responder drawn over it (see
    /// ``overlays(for:)``), after this renderer's own overlays. A hidden window renders empty,
    /// as it shows nothing.
    public func render(window: UIWindow) -> String {
        var renderer = self
        renderer.overlays += Self.overlays(for: window)
        return renderer.render(window)
    }
}
