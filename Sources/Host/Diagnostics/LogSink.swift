import Foundation

/// How serious a ``LogMessage`` is.
public enum LogLevel: Int, Comparable, Sendable, CustomStringConvertible {
    /// Detail useful only while debugging HostKit itself.
    case debug
    /// Something worth knowing that needs no action.
    case info
    /// Probably a mistake in the caller's layout, which HostKit worked around.
    case warning
    /// Bad input that HostKit refused (the state was left as it was), or a layout it could
    /// not satisfy. UIKit raises an exception or logs a console error in these cases.
    case error

    /// Whether `lhs` is less serious than `rhs`: debug < info < warning < error.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name in lower case, as messages print it: `warning`.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// One diagnostic written to a ``LogSink``.
public struct LogMessage: Hashable, Sendable, CustomStringConvertible {
    /// How serious it is.
    public var level: LogLevel
    /// The text, possibly several lines long (Auto Layout's conflict reports are).
    public var text: String

    /// Creates a message.
    public init(level: LogLevel, text: String) {
        self.level = level
        self.text = text
    }

    /// `[HostKit] level: text`.
    public var description: String { "[HostKit] \(level): \(text)" }
}

/// Where HostKit writes its diagnostics: refused input, unsatisfiable constraints, layout
/// passes that do not settle.
///
/// A sink is a value wrapping a closure, set per view tree with ``UIView/logSink`` (a view uses
/// the nearest sink set on itself or an ancestor). There is no process-wide sink to change:
/// ``standardError`` is only the default value.
///
/// ```swift
/// let recorder = LogRecorder()
/// root.logSink = recorder.sink
/// ```
public struct LogSink: Sendable {
    private let handler: @MainActor @Sendable (LogMessage) -> Void

    /// Creates a sink that passes each message to `handler`, on the main actor.
    public init(_ handler: @escaping @MainActor @Sendable (LogMessage) -> Void) {
        self.handler = handler
    }

    /// Writes a message.
    @MainActor
    public func log(_ message: LogMessage) {
        handler(message)
    }

    /// Writes a message with a level and a text.
    @MainActor
    public func log(_ level: LogLevel, _ text: String) {
        handler(LogMessage(level: level, text: text))
    }

    /// The default sink: prints each message to standard error as `[HostKit] level: text`.
    public static let standardError = LogSink { message in
        FileHandle.standardError.write(Data((message.description + "\n").utf8))
    }

    /// A sink that drops every message.
    public static let discard = LogSink { _ in }
}

/// A log sink that keeps the messages it receives, for tests and for inspecting a layout.
///
/// ```swift
/// let recorder = LogRecorder()
/// root.logSink = recorder.sink
/// // ... lay out ...
/// recorder.messages(atLeast: .warning)   // what went wrong
/// ```
@MainActor
public final class LogRecorder {
    /// Every message received, oldest first.
    public private(set) var messages: [LogMessage] = []

    /// Creates an empty recorder.
    public init() {}

    /// A sink that appends to ``messages``. The recorder is held weakly.
    public var sink: LogSink {
        LogSink { [weak self] message in self?.messages.append(message) }
    }

    /// The messages of at least the given level, oldest first.
    public func messages(atLeast level: LogLevel) -> [LogMessage] {
        messages.filter { $0.level >= level }
    }

    /// Whether some message of at least `level` contains `text`.
    public func contains(_ text: String, atLeast level: LogLevel = .debug) -> Bool {
        messages.contains { $0.level >= level && $0.text.contains(text) }
    }

    /// Forgets every message.
    public func removeAll() {
        messages.removeAll()
    }
}
