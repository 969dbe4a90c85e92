import Foundation

/// The command line of the example executables and of `scrolling-demo`.
///
/// ```
/// swift run scrolling-demo                    # the sign-up scenario
/// swift run scrolling-demo --all              # every example
/// swift run scrolling-demo --example SequenceExample --output /tmp/pictures
/// ```
///
/// It prints each example's timeline as it runs, then writes the pictures, each example's
/// viewer (`CodeExample.html`) and `index.html` (to `snapshots/` by default) and says which
/// page to open. A folder that cannot be written is
/// reported with a non-zero exit status, after the timeline was printed; an unknown example
/// name lists the valid ones.
public enum ExampleCommand {
    /// The result of parsing the arguments.
    public enum Parsed: Equatable {
        /// Run these examples, in order, and write their pictures under `output`.
        case run(examples: [String], output: String)
        /// Print the usage (`--help`, `-h`).
        case help
        /// Bad arguments: the message says which, and lists the examples for an unknown name.
        case error(String)
    }

    /// Every example, in the order `--all` runs them.
    @MainActor
    public static let examples: [any Example.Type] = [
        CodeExample.self, ManagerExample.self, SequenceExample.self, ReassignExample.self, OutletExample.self,
        ScrollAnchorExample.self,
    ]

    /// Parses `arguments` (without the program name); `defaults` are run when none is named.
    public static func parse(_ arguments: [String], defaults: [String], known: [String]) -> Parsed {
        var selected: [String] = []
        var output = "snapshots"
        var all = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                return .help
            case "--all":
                all = true
            case "--output", "--example":
                guard index + 1 < arguments.count else { return .error("\(argument) needs a value") }
                index += 1
                if argument == "--output" { output = arguments[index] } else { selected.append(arguments[index]) }
            default:
                if argument.hasPrefix("-") { return .error("unknown option \(argument)") }
                selected.append(argument)
            }
            index += 1
        }
        if let unknown = selected.first(where: { !known.contains($0) }) {
            return .error("unknown example \"\(unknown)\"; the examples are: \(known.joined(separator: ", "))")
        }
        if output.isEmpty { return .error("--output needs a folder") }
        return .run(examples: all ? known : (selected.isEmpty ? defaults : selected), output: output)
    }

    /// What the command says once the files are written: where they are, and which page to
    /// open — the first example's viewer, named as the user named the folder
    /// ("open snapshots/CodeExample.html").
    @MainActor
    static func summary(of recordings: [ScenarioRecording], output: String) -> String {
        let folder = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        func path(_ file: String) -> String { folder == "/" ? "/" + file : folder + "/" + file }
        let pictures = recordings.reduce(0) { $0 + $1.frames.count }
        let pages = recordings.map { path(ViewerPage.fileName(for: $0.example)) }
        guard let first = pages.first else {
            return "Nothing was run; \(path("index.html")) lists the examples run before."
        }
        let others = pages.count > 1 ? "; the other examples' pages are next to it" : ""
        return """
            Wrote \(pictures) pictures, \(pages.count == 1 ? "the timeline and the viewer" : "the timelines and the viewers") to \(folder)/.
            Open \(first) in a browser to play the screen moment by moment, with the timeline beside it\(others)
            (\(path("index.html")) links every example's viewer and shows the pictures).
            """
    }

    /// Runs the command and exits: `0` on success, `1` if the pictures could not be written,
    /// `2` for bad arguments.
    @MainActor
    public static func main(
        program: String, defaults: [String], arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Never {
        let known = examples.map { $0.name }
        let usage =
            "usage: \(program) [--all | --example NAME ...] [--output FOLDER]\nexamples: \(known.joined(separator: ", "))"
        switch parse(arguments, defaults: defaults, known: known) {
        case .help:
            print(usage)
            exit(0)
        case .error(let message):
            FileHandle.standardError.write(Data("\(program): \(message)\n\(usage)\n".utf8))
            exit(2)
        case .run(let names, let output):
            var recordings: [ScenarioRecording] = []
            for name in names {
                guard let example = examples.first(where: { $0.name == name }) else { continue }
                print("\n=== \(example.name): \(example.summary)")
                let recording = ScenarioRecording(example: example.name)
                recording.onLine = { print($0) }
                do {
                    _ = try example.run(recording)
                } catch {
                    FileHandle.standardError.write(Data("\(program): \(example.name) failed: \(error)\n".utf8))
                    exit(1)
                }
                recordings.append(recording)
            }
            let folder = URL(fileURLWithPath: output, isDirectory: true)
            do {
                _ = try ExampleOutput.write(recordings, to: folder)
                print("\n" + summary(of: recordings, output: output))
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
                exit(1)
            }
        }
    }
}
