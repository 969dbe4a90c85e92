// The diagnostics seam: where ScrollingContent's warnings and errors go, and how a view is
// named in them.
//
// On iOS, the unified log (`os.Logger`, subsystem "ScrollingContent"); without UIKit, HostKit's
// log sinks — the manager's `logSink` when set, else the sink of the view the problem is about
// (its window's), so that tests capture what they cause. The timeline records the manager's
// warnings on both platforms.

#if canImport(UIKit) && !os(watchOS)
    import Foundation
    import UIKit
    import os

    /// Where diagnostics go: the unified log.
    @MainActor
    struct PlatformDiagnostics {
        private static let logger = Logger(subsystem: "ScrollingContent", category: "ScrollingContent")

        /// Creates the diagnostics. `view`, if given, is where reports go once the view they are
        /// about is gone (unused on iOS: the unified log is always there).
        init(remembering view: UIView? = nil) {}

        /// Reports `text` at `level`; `view` is what it is about (unused on iOS).
        func report(_ level: DiagnosticLevel, _ text: String, about view: UIView?) {
            switch level {
            case .warning: Self.logger.warning("\(text, privacy: .public)")
            case .error: Self.logger.error("\(text, privacy: .public)")
            }
        }

        /// How diagnostics name a view: its class, and its accessibility identifier if it has one.
        static func label(of view: UIView?) -> String {
            guard let view else { return "nil" }
            let type = String(describing: Swift.type(of: view))
            guard let identifier = view.accessibilityIdentifier, !identifier.isEmpty else { return type }
            return "\(type):\(identifier)"
        }
    }
#else
    import Foundation

    /// Where diagnostics go: HostKit's log sinks.
    @MainActor
    struct PlatformDiagnostics {
        /// The sink that takes every report when set (``ScrollingContentManager/logSink``).
        var sink: LogSink?
        /// Where reports go when the view they are about is gone: the sink of the view given at
        /// creation, as it was then.
        private let fallback: LogSink?

        /// Creates the diagnostics. `view`, if given, lends its log sink (as it is now) for the
        /// reports made once the view they are about is gone.
        init(remembering view: UIView? = nil) {
            fallback = view?.logSink
        }

        /// Reports `text` at `level` to ``sink``, else to the log sink of `view` (its window's),
        /// else to the remembered sink, else to standard error.
        func report(_ level: DiagnosticLevel, _ text: String, about view: UIView?) {
            let target = sink ?? view?.logSink ?? fallback ?? .standardError
            switch level {
            case .warning: target.log(.warning, text)
            case .error: target.log(.error, text)
            }
        }

        /// How diagnostics name a view: HostKit's `debugLabel` (its class, and its name or
        /// accessibility identifier).
        static func label(of view: UIView?) -> String {
            view?.debugLabel ?? "nil"
        }
    }

    extension ScrollingContentManager {
        /// Where the manager writes its warnings (a refused content view, a content size its
        /// constraints leave undefined, a malformed keyboard notification). `nil` by default: the
        /// host's root view's sink, which is its window's once the view is in one — and
        /// `LogSink.standardError` before that, while the view loads. Set it to hear of those too.
        /// (HostKit only: on iOS the manager writes to the unified log.)
        public var logSink: LogSink? {
            get { diagnostics.sink }
            set { diagnostics.sink = newValue }
        }
    }
#endif

/// How serious a diagnostic is.
enum DiagnosticLevel {
    /// Something the caller may want to fix; the request was handled as well as it could be.
    case warning
    /// Bad input that was refused; nothing changed.
    case error
}
