import ExampleScenarios
import Foundation
import Testing

/// The command line of the examples and `scrolling-demo`: its arguments, its bad input.
@MainActor
@Suite struct ExampleCommandTests {
    let known = ExampleCommand.examples.map { $0.name }

    @Test func defaultsAllAndNamedExamples() {
        #expect(ExampleCommand.parse([], defaults: ["CodeExample"], known: known) == .run(examples: ["CodeExample"], output: "snapshots"))
        #expect(ExampleCommand.parse(["--all"], defaults: ["CodeExample"], known: known) == .run(examples: known, output: "snapshots"))
        #expect(ExampleCommand.parse(["--example", "SequenceExample", "--output", "/tmp/x"], defaults: [], known: known)
                == .run(examples: ["SequenceExample"], output: "/tmp/x"))
    }

    @Test func anUnknownExampleListsTheValidOnes() throws {
        guard case .error(let message) = ExampleCommand.parse(["--example", "NoSuchExample"], defaults: [], known: known) else {
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

    @Test func writesPicturesTimelinesAndAnIndex() throws {
        let recording = ScenarioRecording(example: "CodeExample")
        _ = try CodeExample.run(recording)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try ExampleOutput.write([recording], to: folder)
        let html = try String(contentsOf: index, encoding: .utf8)
        for frame in recording.frames {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("CodeExample/\(frame.fileName)").path))
            #expect(html.contains(frame.fileName))
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("CodeExample/timeline.txt").path))
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
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
