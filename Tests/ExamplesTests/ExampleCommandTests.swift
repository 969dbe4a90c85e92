import Foundation
import HostKit
import ScrollingContentExamples
import Testing

/// The command line of the examples and `scrolling-demo`: its arguments, its bad input.
@MainActor
@Suite struct ExampleCommandTests {
    let known = ExampleCommand.examples.map { $0.name }

    @Test func defaultsAllAndNamedExamples() {
        #expect(
            ExampleCommand.parse([], defaults: ["CodeExample"], known: known)
                == .run(examples: ["CodeExample"], output: "snapshots"))
        #expect(
            ExampleCommand.parse(["--all"], defaults: ["CodeExample"], known: known)
                == .run(examples: known, output: "snapshots"))
        #expect(
            ExampleCommand.parse(["--example", "SequenceExample", "--output", "/tmp/x"], defaults: [], known: known)
                == .run(examples: ["SequenceExample"], output: "/tmp/x"))
    }

    @Test func anUnknownExampleListsTheValidOnes() throws {
        guard
            case .error(let message) = ExampleCommand.parse(["--example", "NoSuchExample"], defaults: [], known: known)
        else {
            Issue.record("an unknown example was accepted")
            return
        }
        #expect(message.contains("NoSuchExample"))
        for name in known { #expect(message.contains(name)) }
    }

    @Test func optionsWithoutValuesAndUnknownOptionsAreRefused() {
        for arguments in [["--output"], ["--example"], ["--frobnicate"], ["--output", ""]] {
            guard case .error = ExampleCommand.parse(arguments, defaults: [], known: known) else {
                Issue.record("\(arguments) was accepted")
                continue
            }
        }
    }

    @Test func aFolderThatCannotBeCreatedIsAClearError() throws {
        let recording = ScenarioRecording(example: "CodeExample")
        recording.step("nothing to draw")
        // A path below a regular file can never be a folder: the system's reason is ENOTDIR.
        let blocked = URL(fileURLWithPath: "/dev/null/pics", isDirectory: true)
        let error = #expect(throws: ExampleOutput.WriteError.self) { try ExampleOutput.write([recording], to: blocked) }
        #expect(error?.description == "cannot create /dev/null/pics: Not a directory")
        #expect(error?.operation == .create)
    }

    /// A recording named after an example, with one step and one picture of an empty window.
    private func fakeRecording(_ example: String, step: String) -> ScenarioRecording {
        let recording = ScenarioRecording(example: example)
        let window = UIWindow(screen: .iPhoneSE, scheduler: recording.scheduler, logSink: .discard)
        window.makeKeyAndVisible()
        recording.step(step)
        recording.snapshot(window, "\(example) picture")
        return recording
    }

    @Test func theIndexShowsEveryExampleFolderInTheFixedOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // An earlier run wrote SequenceExample; an older one left OutletExample without a list
        // of pictures; a folder that is no example's sits there too.
        _ = try ExampleOutput.write([fakeRecording("SequenceExample", step: "pushing three screens")], to: folder)
        let outlet = folder.appendingPathComponent("OutletExample")
        try FileManager.default.createDirectory(at: outlet, withIntermediateDirectories: true)
        try "<svg/>".write(to: outlet.appendingPathComponent("01-old-run.svg"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)

        // This run writes only CodeExample.
        let index = try ExampleOutput.write([fakeRecording("CodeExample", step: "the sign-up screen")], to: folder)
        let html = try String(contentsOf: index, encoding: .utf8)
        // The fixed order: CodeExample, ManagerExample, SequenceExample, ReassignExample,
        // OutletExample, ScrollAnchorExample — the three present, in that order.
        let headings = html.components(separatedBy: "<h2>").dropFirst().map { $0.components(separatedBy: "</h2>")[0] }
        #expect(headings == ["CodeExample", "SequenceExample", "OutletExample"])
        let known = ExampleCommand.examples.map { $0.name }
        #expect(headings == known.filter { headings.contains($0) }, "the examples' order")
        // Each keeps its pictures (with time and title from the list) and its timeline.
        #expect(html.contains("CodeExample/01-codeexample-picture.svg"))
        #expect(html.contains("SequenceExample/01-sequenceexample-picture.svg"))
        #expect(html.contains("0.000 s — SequenceExample picture"))
        #expect(html.contains("pushing three screens"))
        #expect(html.contains("the sign-up screen"))
        // The old folder's SVG is shown by its name.
        #expect(html.contains("OutletExample/01-old-run.svg"))
        #expect(!html.contains("notes"))
    }

    @Test func writesPicturesTimelinesAndAnIndex() throws {
        let recording = ScenarioRecording(example: "CodeExample")
        _ = try CodeExample.run(recording)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try ExampleOutput.write([recording], to: folder)
        let html = try String(contentsOf: index, encoding: .utf8)
        for frame in recording.frames {
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("CodeExample/\(frame.fileName)").path))
            #expect(html.contains(frame.fileName))
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("CodeExample/timeline.txt").path))
        // The list of pictures: one line per frame, file name, time and title.
        let list = try String(contentsOf: folder.appendingPathComponent("CodeExample/frames.txt"), encoding: .utf8)
        #expect(list.split(separator: "\n").count == recording.frames.count)
        #expect(
            list.split(separator: "\n").first.map(String.init)
                == recording.frames.first.map { "\($0.fileName)\t\($0.time)\t\($0.title)" })
    }

    /// The real executable: the timeline still prints and the exit status is non-zero when the
    /// pictures cannot be written; an unknown example exits with 2 and lists the valid ones.
    @Test func theDemoExecutableReportsBadInputWithItsExitStatus() throws {
        let demo = try #require(Self.executable(named: "scrolling-demo"))
        let blocked = try Self.run(demo, ["--output", "/dev/null/pictures"])
        #expect(blocked.status == 1)
        #expect(blocked.output.contains("The user taps the password field"))
        #expect(blocked.error.contains("cannot create /dev/null/pictures: Not a directory"))

        let unknown = try Self.run(demo, ["--example", "NoSuchExample"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("CodeExample"))
    }

    static func executable(named name: String) -> URL? {
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = here.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
