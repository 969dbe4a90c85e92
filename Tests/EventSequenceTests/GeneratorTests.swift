import Foundation
import HostKit
import ScrollingContentEventSequences
import Testing

/// The generator, the printer and the minimizer behind the random sequences.
@Suite("Event sequence generator")
@MainActor
struct GeneratorTests {
    @Test("the same seed gives the same sequence; different seeds give different ones")
    func sameSeedSameSequence() {
        let seeds: [UInt64] = Array(1...200)
        for seed in seeds {
            #expect(EventSequenceGenerator.sequence(seed: seed) == EventSequenceGenerator.sequence(seed: seed))
        }
        let codes = Set(seeds.map { EventSequenceGenerator.sequence(seed: $0).swiftCode })
        #expect(codes.count == seeds.count)
    }

    /// What the generator assumed of a screen on the stack, replayed from the steps.
    struct Model {
        var rows: [Row]
        var dismissMode: DismissMode
    }

    @Test(
        "every step names a row, a screen and a keyboard feature that exist when it runs",
        arguments: RandomEventSequenceTests.seeds)
    func stepsNameWhatExists(seed: UInt64) {
        let sequence = EventSequenceGenerator.sequence(seed: seed)
        #expect((1...EventSequenceGenerator.maximumSteps).contains(sequence.steps.count))
        var stack = [Model(rows: sequence.root.rows, dismissMode: sequence.root.keyboardDismissMode)]
        for (index, step) in sequence.steps.enumerated() {
            let top = stack[stack.count - 1]
            switch step {
            case .focus(let row):
                #expect(top.rows.indices.contains(row) && top.rows[row].isField, "step \(index)")
            case .setRowHeight(let row, let height):
                #expect(top.rows.indices.contains(row) && height >= 0, "step \(index)")
            case .undock, .dock:
                #expect(sequence.device.hasFloatingKeyboard, "step \(index)")
            case .interactiveDismissal(let steps):
                #expect(top.dismissMode == .interactive && steps >= 1, "step \(index)")
            case .rotate(let orientation):
                #expect(sequence.device.orientations.contains(orientation), "step \(index)")
            case .push(let spec, _):
                #expect(sequence.navigation, "step \(index)")
                stack.append(Model(rows: spec.rows, dismissMode: spec.keyboardDismissMode))
            case .pop:
                #expect(sequence.navigation && stack.count > 1, "step \(index)")
                if stack.count > 1 { stack.removeLast() }
            case .replaceContent(let rows):
                #expect(rows.contains { $0.isField }, "step \(index)")
                stack[stack.count - 1].rows = rows
            case .resign, .advance, .settle, .autoFill, .connectHardwareKeyboard, .disconnectHardwareKeyboard,
                .swapPolicy, .scroll:
                break
            }
        }
    }

    /// The suite's seeds cover what issue 14 lists: every kind of step, every device, the three
    /// host kinds (subclass, composed, inside a navigation controller) and every built-in policy.
    @Test("the suite's seeds cover every step, device, host kind and policy")
    func seedsCoverEverything() {
        let sequences = RandomEventSequenceTests.seeds.map(EventSequenceGenerator.sequence(seed:))
        var steps = Set<String>()
        var screens: [ScreenSpec] = []
        for sequence in sequences {
            screens.append(sequence.root)
            for step in sequence.steps {
                // The step's name: its code up to the first parenthesis.
                steps.insert(String(step.swiftCode.prefix { $0 != "(" }))
                if case .push(let spec, _) = step { screens.append(spec) }
            }
        }
        #expect(
            steps == [
                ".focus", ".resign", ".advance", ".settle", ".rotate", ".autoFill", ".undock", ".dock",
                ".interactiveDismissal", ".connectHardwareKeyboard", ".disconnectHardwareKeyboard", ".push",
                ".pop", ".setRowHeight", ".replaceContent", ".swapPolicy", ".scroll",
            ])
        #expect(Set(sequences.map(\.device.rawValue)) == Set(Device.allCases.map(\.rawValue)))
        #expect(Set(screens.map(\.kind.rawValue)) == Set(HostKind.allCases.map(\.rawValue)))
        #expect(Set(sequences.map(\.navigation)) == [false, true])
        let policies = screens.map(\.policies)
        #expect(Set(policies.map(\.overlap.rawValue)) == Set(Policies.Overlap.allCases.map(\.rawValue)))
        #expect(Set(policies.map(\.insets.rawValue)) == Set(Policies.Insets.allCases.map(\.rawValue)))
        #expect(Set(policies.map(\.resize.rawValue)) == Set(Policies.Resize.allCases.map(\.rawValue)))
        #expect(Set(policies.map(\.filter.rawValue)) == Set(Policies.Filter.allCases.map(\.rawValue)))
        #expect(Set(policies.map(\.visibility.rawValue)) == Set(Policies.Visibility.allCases.map(\.rawValue)))
        #expect(Set(policies.map(\.rotationAnchor.rawValue)) == Set(Policies.RotationAnchor.allCases.map(\.rawValue)))
        #expect(Set(policies.map(\.animation.rawValue)) == Set(Policies.Animation.allCases.map(\.rawValue)))
    }

    @Test("a sequence prints as the Swift code that builds it, defaults left out")
    func swiftCode() {
        let sequence = EventSequence(
            seed: 7, device: .iPadPro11, orientation: .landscapeLeft, navigation: true,
            root: ScreenSpec(
                kind: .composed, rows: [.field(height: 34, accessory: 44), .block(0.5)],
                policies: Policies(overlap: .intersection), visibilityScrollMargin: 8, focusOnAppear: 0),
            steps: [
                .focus(row: 0), .advance(0.05), .undock(.acrossBottom(covering: 100)),
                .push(ScreenSpec(rows: [.block(20)]), animated: false), .swapPolicy(.insets(.contentInset)),
            ])
        let expected = """
            EventSequence(
                seed: 7,
                device: .iPadPro11,
                orientation: .landscapeLeft,
                navigation: true,
                root: ScreenSpec(kind: .composed, rows: [.field(height: 34, accessory: 44), .block(0.5)], policies: Policies(overlap: .intersection), visibilityScrollMargin: 8, focusOnAppear: 0),
                steps: [
                    .focus(row: 0),
                    .advance(0.05),
                    .undock(.acrossBottom(covering: 100)),
                    .push(ScreenSpec(rows: [.block(20)]), animated: false),
                    .swapPolicy(.insets(.contentInset)),
                ])
            """
        #expect(sequence.swiftCode == expected)
        // The printed code, pasted, builds the same sequence.
        let pasted = EventSequence(
            seed: 7,
            device: .iPadPro11,
            orientation: .landscapeLeft,
            navigation: true,
            root: ScreenSpec(
                kind: .composed, rows: [.field(height: 34, accessory: 44), .block(0.5)],
                policies: Policies(overlap: .intersection), visibilityScrollMargin: 8, focusOnAppear: 0),
            steps: [
                .focus(row: 0),
                .advance(0.05),
                .undock(.acrossBottom(covering: 100)),
                .push(ScreenSpec(rows: [.block(20)]), animated: false),
                .swapPolicy(.insets(.contentInset)),
            ])
        #expect(pasted == sequence)
    }

    @Test("the minimizer keeps only the steps the failure needs and puts the screen's settings back to their defaults")
    func minimizer() {
        // A "failure" that needs an AutoFill followed, later, by a rotation to landscape-left,
        // among 30 steps that do not matter, on a screen whose settings do not matter either.
        var steps = Array(repeating: EventStep.advance(0), count: 30)
        steps[7] = .autoFill
        steps[12] = .rotate(.landscapeRight)
        steps[21] = .rotate(.landscapeLeft)
        let rows: [Row] = [.field(height: 34, accessory: 0)]
        let sequence = EventSequence(
            device: .iPhoneX,
            root: ScreenSpec(
                kind: .composed, rows: rows, policies: Policies(filter: .immediate),
                contentInset: UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0),
                keyboardDismissMode: .onDrag),
            steps: steps)
        func fails(_ candidate: EventSequence) -> Bool {
            guard let autoFill = candidate.steps.firstIndex(of: .autoFill) else { return false }
            return candidate.steps[autoFill...].contains(.rotate(.landscapeLeft))
        }
        #expect(fails(sequence))
        let minimized = EventSequenceMinimizer.minimize(sequence, while: fails)
        #expect(minimized.steps == [.autoFill, .rotate(.landscapeLeft)])
        #expect(minimized.root == ScreenSpec(rows: rows))
    }

    @Test("two processes (two hash seeds) end every sequence in the same geometry")
    func sameGeometryInTwoProcesses() throws {
        let fuzz = try #require(Self.executable(named: "scrolling-event-fuzz"))
        let arguments = ["--seeds", "20", "--minimize", "0", "--quiet"]
        let first = try Self.run(fuzz, arguments)
        let second = try Self.run(fuzz, arguments)
        let digest = try #require(Self.digest(in: first.output))
        #expect(Self.digest(in: second.output) == digest)
        // 0: every sequence passed, 1: some failed (the suite reports which); never a crash.
        #expect([0, 1].contains(first.status))
        #expect(second.status == first.status)
    }

    /// The `"digest"` of the executable's summary line.
    static func digest(in output: String) -> String? {
        guard let range = output.range(of: "\"digest\":\"") else { return nil }
        return String(output[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The executable `name` built next to the test bundle (Linux: found from `/proc/self/exe`).
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

    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
