import Foundation

/// Writes recordings to a folder: per example a subfolder with its pictures and its timeline,
/// and an `index.html` that shows every example's pictures in order with its timeline.
public enum ExampleOutput {
    /// Why the pictures could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// What failed: creating a folder or writing a file.
        public enum Operation: String, Sendable {
            /// Creating a folder.
            case create
            /// Writing a file.
            case write
        }

        /// The folder or file that failed.
        public var path: String
        /// The underlying reason, as the system words it ("Not a directory").
        public var reason: String
        /// What failed; ``Operation/write`` by default.
        public var operation: Operation = .write

        /// "cannot create /dev/null/pictures: Not a directory", or "cannot write …".
        public var description: String { "cannot \(operation.rawValue) \(path): \(reason)" }
    }

    /// Writes `recordings` under `folder` (created if needed) and returns the index's path.
    @MainActor
    public static func write(_ recordings: [ScenarioRecording], to folder: URL) throws(WriteError) -> URL {
        try createDirectory(folder)
        for recording in recordings {
            let subfolder = folder.appendingPathComponent(recording.example, isDirectory: true)
            try createDirectory(subfolder)
            for frame in recording.frames {
                try writeText(frame.svg, to: subfolder.appendingPathComponent(frame.fileName))
            }
            try writeText(recording.lines.joined(separator: "\n") + "\n",
                          to: subfolder.appendingPathComponent("timeline.txt"))
        }
        let index = folder.appendingPathComponent("index.html")
        try writeText(html(for: recordings), to: index)
        return index
    }

    private static func createDirectory(_ url: URL) throws(WriteError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: url.path, reason: reason(for: error), operation: .create)
        }
    }

    private static func writeText(_ text: String, to url: URL) throws(WriteError) {
        do {
            try text.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            throw WriteError(path: url.path, reason: reason(for: error), operation: .write)
        }
    }

    /// The system's words for why a file operation failed: the POSIX error under Foundation's
    /// (`Not a directory`), rather than the whole error with its user info.
    static func reason(for error: any Error) -> String {
        var current: NSError? = error as NSError
        while let ns = current {
            if ns.domain == NSPOSIXErrorDomain, let text = strerror(Int32(ns.code)) {
                return String(cString: text)
            }
            current = (ns.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        }
        return (error as NSError).localizedDescription
    }

    @MainActor
    private static func html(for recordings: [ScenarioRecording]) -> String {
        var body = ""
        for recording in recordings {
            body += "<section>\n<h2>\(escape(recording.example))</h2>\n<div class=\"frames\">\n"
            for frame in recording.frames {
                body += "<figure><img src=\"\(escape(recording.example))/\(escape(frame.fileName))\" alt=\"\(escape(frame.title))\">"
                body += "<figcaption>\(String(format: "%.3f s", frame.time)) — \(escape(frame.title))</figcaption></figure>\n"
            }
            body += "</div>\n<details><summary>Timeline</summary><pre>\(escape(recording.lines.joined(separator: "\n")))</pre></details>\n</section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>ScrollingContent examples</title>
            <style>
            body { font-family: -apple-system, Helvetica, sans-serif; margin: 2em; }
            .frames { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
            figure { margin: 0; } figure img { max-height: 520px; border: 1px solid #ccc; }
            figcaption { font-size: 0.85em; color: #444; max-width: 360px; }
            pre { font-size: 0.8em; background: #f6f6f6; padding: 1em; overflow-x: auto; }
            </style></head><body>
            <h1>ScrollingContent examples</h1>
            <p>Each example runs on a virtual clock; the pictures show the window at its key moments
            (orange: safe areas, dark: the keyboard) and the timeline says what happened and why.</p>
            \(body)</body></html>

            """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
