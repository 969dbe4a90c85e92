import Foundation
import HostKit
import ScrollingContentExamples
import Testing

/// The interactive viewer: what the recording films, and the page written for each example —
/// written, linked from the index, self-contained, small, and carrying every moment. (Whether
/// its script draws those moments is checked in a browser by `Scripts/check-viewer.sh`.)
@MainActor
@Suite struct ViewerPageTests {
    /// Every example, run once, written to a fresh folder.
    private static func writeAll() throws -> (folder: URL, recordings: [ScenarioRecording]) {
        var recordings: [ScenarioRecording] = []
        for example in ExampleCommand.examples {
            let recording = ScenarioRecording(example: example.name)
            _ = try example.run(recording)
            recordings.append(recording)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString)")
        _ = try ExampleOutput.write(recordings, to: folder)
        return (folder, recordings)
    }

    /// The JSON the page's script reads.
    private static func embeddedData(in html: String) throws -> [String: Any] {
        let opening = "<script type=\"application/json\" id=\"viewer-data\">"
        let start = try #require(html.range(of: opening))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func everyExampleGetsASelfContainedPageThatTheIndexLinks() throws {
        let (folder, recordings) = try Self.writeAll()
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        for recording in recordings {
            let file = folder.appendingPathComponent(ViewerPage.fileName(for: recording.example))
            let html = try String(contentsOf: file, encoding: .utf8)
            #expect(index.contains("href=\"\(recording.example).html\""), "index.html links \(recording.example)")
            // Nothing loaded from elsewhere: no URL with a scheme, no src, links only to files
            // next to it (the index).
            #expect(!html.contains("http://") && !html.contains("https://"), "\(recording.example): a URL")
            #expect(!html.contains(" src="), "\(recording.example): an external resource")
            #expect(!html.contains("<link"), "\(recording.example): a linked style sheet")
            #expect(!html.contains("@import") && !html.contains("url(http") && !html.contains("@font-face"))
            let hrefs = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            for href in hrefs {
                #expect(!href.contains(":") && !href.hasPrefix("/"), "\(recording.example): href \(href)")
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(href)).path),
                    "\(recording.example): \(href) is not in the folder")
            }
            // Small enough to open at once.
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            #expect(size < 2_000_000, "\(recording.example): \(size) bytes")
            // The script stamps its state here once it has drawn.
            #expect(html.contains("<main id=\"viewer\" data-viewer-ready=\"0\">"))
        }
    }

    @Test func thePageCarriesEveryMomentAndEveryEntryOfTheTimeline() throws {
        let (folder, recordings) = try Self.writeAll()
        defer { try? FileManager.default.removeItem(at: folder) }
        for recording in recordings {
            let html = try String(
                contentsOf: folder.appendingPathComponent(ViewerPage.fileName(for: recording.example)),
                encoding: .utf8)
            let data = try Self.embeddedData(in: html)
            let moments = try #require(data["moments"] as? [[String: Any]])
            let entries = try #require(data["entries"] as? [[String: Any]])
            #expect(data["example"] as? String == recording.example)
            #expect(!recording.moments.isEmpty, "\(recording.example) filmed nothing")
            #expect(moments.count == recording.moments.count)
            // The same times; to 1e-9 s because Foundation's JSONSerialization on Linux may
            // read a double's last digits differently from how JSONEncoder wrote them.
            let times = moments.map { $0["t"] as? Double ?? -1 }
            #expect(zip(times, recording.moments).allSatisfy { abs($0 - $1.time) < 1e-9 })
            for moment in moments {
                let state = try #require(moment["s"] as? [String: Any])
                let views = try #require(state["v"] as? [[String: Any]])
                #expect(!views.isEmpty && state["kb"] != nil && state["sz"] != nil)
            }
            // Every line of the timeline but the blank ones, each pointing at the moment that
            // shows it: the last one filmed at or before its time.
            #expect(entries.count == recording.lines.filter { !$0.isEmpty }.count)
            #expect(entries.count == recording.entries.count)
            for entry in recording.entries {
                guard let index = entry.moment else {
                    // Only what happened before the window was first filmed.
                    #expect(entry.time <= recording.moments[0].time, "\(recording.example): \(entry.text)")
                    continue
                }
                #expect(recording.moments[index].time <= entry.time + 1e-9, "\(recording.example): \(entry.text)")
                if index + 1 < recording.moments.count {
                    #expect(
                        recording.moments[index + 1].time >= entry.time - 1e-9, "\(recording.example): \(entry.text)")
                }
            }
            // Every picture is also a moment, as drawn.
            for frame in recording.frames {
                #expect(
                    recording.moments.contains { $0.time <= frame.time + 1e-9 }, "\(recording.example): \(frame.title)")
            }
            // moments.txt: one line per moment.
            let list = try String(
                contentsOf: folder.appendingPathComponent("\(recording.example)/moments.txt"), encoding: .utf8)
            #expect(list.split(separator: "\n").count == recording.moments.count)
        }
    }

    @Test func codeExampleIsFilmedAtEveryChangeOfTheKeyboardAndTheRotation() throws {
        let recording = ScenarioRecording(example: CodeExample.name)
        _ = try CodeExample.run(recording)
        func keyboard(at time: TimeInterval) -> WindowState.Keyboard? {
            recording.moments.last { $0.time <= time + 1e-9 }?.state.keyboard
        }
        // The first focus, AutoFill's hide and its two shows (216 pt, then 260 pt), the
        // rotation's hide and its landscape show, the way back, the end.
        #expect(keyboard(at: 0)?.isVisible == true)
        #expect(keyboard(at: 0)?.frame == [0, 407, 375, 260])
        #expect(keyboard(at: 1.2)?.isVisible == false)
        #expect(keyboard(at: 1.25)?.frame == [0, 451, 375, 216])
        #expect(keyboard(at: 1.3)?.frame == [0, 407, 375, 260])
        #expect(keyboard(at: 1.9)?.isVisible == false)
        #expect(recording.moments.last { $0.time <= 1.9 }?.state.orientation == "landscapeLeft")
        #expect(keyboard(at: 2.5)?.frame == [0, 175, 667, 200])
        #expect(keyboard(at: 4)?.isVisible == false)
        // The first responder is named; the inset animation is recorded for the viewer.
        let up = try #require(recording.moments.first { $0.time >= 0.6 && $0.state.firstResponder != nil })
        #expect(up.state.views.first { $0.id == up.state.firstResponder }?.name == "password")
        let applied = try #require(recording.moments.first { abs($0.time - 0.1) < 1e-9 })
        #expect(applied.animations.contains { $0.isSpring && $0.duration == 0.5 && $0.changesInsets })
        // A moment is kept only when the screen changed.
        for (earlier, later) in zip(recording.moments, recording.moments.dropFirst()) {
            #expect(earlier.state != later.state)
            #expect(earlier.time <= later.time)
        }
    }

    /// SequenceExample's three screens are one class; their titles ("Step 1"…) tell their root
    /// views apart while a push shows two of them.
    @Test func rootViewsOfOneControllerClassAreNamedByTheirTitles() throws {
        let recording = ScenarioRecording(example: SequenceExample.name)
        _ = try SequenceExample.run(recording)
        let rootNames = recording.moments.map { moment in
            moment.state.views.map(\.name).filter { $0.hasPrefix("StepViewController.view") }
        }
        #expect(
            rootNames.contains {
                $0.contains("StepViewController.view (Step 1)") && $0.contains("StepViewController.view (Step 2)")
            })
        #expect(rootNames.allSatisfy { Set($0).count == $0.count })
        #expect(recording.moments.last?.state.views.contains { $0.name == "StepViewController.view (Step 3)" } == true)
    }

    @Test func advancingStepByStepEndsWhereOneAdvanceWould() throws {
        let recording = ScenarioRecording(example: "steps")
        recording.scheduler.schedule(after: 0.3) {}
        recording.scheduler.schedule(after: 0.5 + ManualScheduler.timeTolerance / 2) {}
        try recording.advance(by: 0.5)
        #expect(recording.scheduler.now == 0.5 + ManualScheduler.timeTolerance / 2)
        #expect(recording.scheduler.pendingWorkCount == 0)
        try recording.advance(by: 0.25)
        #expect(abs(recording.scheduler.now - 0.75) < 1e-9)
        #expect(throws: SchedulerError.invalidDuration(-1)) { try recording.advance(by: -1) }
    }

    /// The demo says which page to open, in the folder's own words.
    @Test func theDemoNamesTheViewerPageToOpen() throws {
        let demo = try #require(ExampleCommandTests.executable(named: "scrolling-demo"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExampleCommandTests.run(demo, ["--output", folder.path])
        #expect(result.status == 0)
        #expect(result.output.contains("Open \(folder.path)/CodeExample.html in a browser"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("CodeExample.html").path))
    }
}
