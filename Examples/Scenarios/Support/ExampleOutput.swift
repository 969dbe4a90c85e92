import Foundation
import ScrollingContent

/// Writes recordings to a folder: per example its interactive viewer (`CodeExample.html`, see
/// ``ViewerPage``) and a subfolder with its pictures, its timeline, a list of its pictures
/// (`frames.txt`) and a list of its moments (`moments.txt`); and an `index.html` that links
/// every example's viewer and shows its pictures, in order, with its timeline — those of
/// earlier runs too, so running one example after `--all` keeps the others in the index.
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

    /// The name of the list of pictures in each example's folder: a line per picture, its
    /// file name, time (seconds) and title separated by tabs.
    public static let framesFileName = "frames.txt"
    /// The name of the timeline in each example's folder.
    public static let timelineFileName = "timeline.txt"
    /// The name of the list of moments in each example's folder: a line per moment the
    /// viewer draws, its time (seconds), the keyboard (its height in points, `hidden` or
    /// `floating`), the first responder's name (or `none`) and the orientation, separated by
    /// tabs — what the viewer's page says it drew at that time (`Scripts/check-viewer.sh`
    /// compares the two).
    public static let momentsFileName = "moments.txt"

    /// Writes `recordings` under `folder` (created if needed), then the index of every
    /// example folder found there, and returns the index's path.
    @MainActor
    public static func write(_ recordings: [ScenarioRecording], to folder: URL) throws(WriteError) -> URL {
        try createDirectory(folder)
        for recording in recordings {
            let subfolder = folder.appendingPathComponent(recording.example, isDirectory: true)
            try createDirectory(subfolder)
            for frame in recording.frames {
                try writeText(frame.svg, to: subfolder.appendingPathComponent(frame.fileName))
            }
            try writeText(
                recording.lines.joined(separator: "\n") + "\n",
                to: subfolder.appendingPathComponent(timelineFileName))
            let list = recording.frames.map { frame in
                [frame.fileName, String(frame.time), frame.title].map(oneField).joined(separator: "\t") + "\n"
            }
            try writeText(list.joined(), to: subfolder.appendingPathComponent(framesFileName))
            try writeText(momentList(recording), to: subfolder.appendingPathComponent(momentsFileName))
            let summary = ExampleCommand.examples.first { $0.name == recording.example }?.summary ?? recording.example
            try writeText(
                ViewerPage.html(for: recording, summary: summary),
                to: folder.appendingPathComponent(ViewerPage.fileName(for: recording.example)))
        }
        let index = folder.appendingPathComponent("index.html")
        try writeText(html(for: indexEntries(in: folder)), to: index)
        return index
    }

    /// The lines of `moments.txt` for a recording.
    @MainActor
    static func momentList(_ recording: ScenarioRecording) -> String {
        recording.moments.map { moment in
            let state = moment.state
            let keyboard =
                !state.keyboard.isVisible
                ? "hidden"
                : state.keyboard.isFloating ? "floating" : CGFloat(state.keyboard.frame[3]).compactText
            let responder = state.firstResponder.flatMap { id in state.views.first { $0.id == id }?.name } ?? "none"
            return [String(format: "%.3f", moment.time), keyboard, responder, state.orientation].map(oneField)
                .joined(separator: "\t") + "\n"
        }.joined()
    }

    /// What the index shows of one example folder.
    struct IndexEntry {
        struct Picture {
            var fileName: String
            var time: TimeInterval?
            var title: String
        }

        var example: String
        var pictures: [Picture]
        var timeline: String
        /// The viewer page's file name, if the folder has one.
        var viewer: String?
    }

    /// The example folders present in `folder`, in the order of ``ExampleCommand/examples``
    /// (other folders are not the examples' and are left out). A folder written before the
    /// list of pictures existed shows its SVG files by name.
    @MainActor
    static func indexEntries(in folder: URL) -> [IndexEntry] {
        let files = FileManager.default
        return ExampleCommand.examples.map { $0.name }.compactMap { example in
            let subfolder = folder.appendingPathComponent(example, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: subfolder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return nil
            }
            let timeline =
                (try? String(contentsOf: subfolder.appendingPathComponent(timelineFileName), encoding: .utf8)) ?? ""
            let pictures: [IndexEntry.Picture]
            if let list = try? String(contentsOf: subfolder.appendingPathComponent(framesFileName), encoding: .utf8) {
                pictures = list.split(separator: "\n").compactMap { line in
                    let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(
                        String.init)
                    guard fields.count == 3, !fields[0].isEmpty else { return nil }
                    return IndexEntry.Picture(fileName: fields[0], time: TimeInterval(fields[1]), title: fields[2])
                }
            } else {
                let names = (try? files.contentsOfDirectory(atPath: subfolder.path)) ?? []
                pictures = names.filter { $0.hasSuffix(".svg") }.sorted().map {
                    IndexEntry.Picture(fileName: $0, time: nil, title: String($0.dropLast(4)))
                }
            }
            let viewer = ViewerPage.fileName(for: example)
            let hasViewer = files.fileExists(atPath: folder.appendingPathComponent(viewer).path)
            return IndexEntry(
                example: example, pictures: pictures, timeline: timeline, viewer: hasViewer ? viewer : nil)
        }
    }

    /// A value on one line of the list of pictures: no tabs or line breaks.
    private static func oneField(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
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

    private static func html(for entries: [IndexEntry]) -> String {
        let links = entries.compactMap { entry in
            entry.viewer.map { "<a href=\"\(escape($0))\">\(escape(entry.example))</a>" }
        }
        let viewers = links.isEmpty ? "" : "<p class=\"viewers\">Viewers: \(links.joined(separator: " · "))</p>\n"
        var body = ""
        for entry in entries {
            body += "<section>\n<h2>\(escape(entry.example))</h2>\n"
            if let viewer = entry.viewer {
                body +=
                    "<p class=\"viewer\"><a href=\"\(escape(viewer))\">Open the interactive viewer</a>: every moment, with the timeline.</p>\n"
            }
            body += "<div class=\"frames\">\n"
            for picture in entry.pictures {
                body +=
                    "<figure><img src=\"\(escape(entry.example))/\(escape(picture.fileName))\" alt=\"\(escape(picture.title))\">"
                let time = picture.time.map { String(format: "%.3f s", $0) + " — " } ?? ""
                body += "<figcaption>\(escape(time))\(escape(picture.title))</figcaption></figure>\n"
            }
            body +=
                "</div>\n<details><summary>Timeline</summary><pre>\(escape(entry.timeline))</pre></details>\n</section>\n"
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
            .viewer a, .viewers a { font-weight: 600; }
            </style></head><body>
            <h1>ScrollingContent examples</h1>
            <p>Each example runs on a virtual clock; the pictures show the window at its key moments
            (orange: safe areas, dark: the keyboard) and the timeline says what happened and why.
            Each example's interactive viewer draws the window at every moment, with a slider over
            virtual time.</p>
            \(viewers)\(body)</body></html>

            """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
