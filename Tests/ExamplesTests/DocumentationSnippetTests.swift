import Foundation
import Testing

/// Keeps the DocC catalogs' code honest: every ```` ```swift ```` block of every page in
/// `Sources/*/*.docc` appears, less its `import` lines, in a Swift file under `Tests/`, where it
/// compiles and runs: a test the article quotes as it is, or a block of a
/// `…DocumentationSnippets.swift` file followed by checks of what its comments promise. Lines are
/// compared without their indentation and blank lines are skipped, so a snippet may sit inside a
/// test function; nothing else may differ.
@Suite struct DocumentationSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The files below `folder` (relative to the package root) whose names satisfy `isIncluded`,
    /// in path order.
    static func files(under folder: String, where isIncluded: (URL) -> Bool) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter(isIncluded).sorted { $0.path < $1.path }
    }

    /// The lines that are compared: trimmed, without blank lines and `import` lines.
    static func significantLines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// The ```` ```swift ```` blocks of a Markdown text.
    static func swiftBlocks(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    /// Whether `needle` occurs as a contiguous run of `haystack`.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    @Test func everyCatalogCodeBlockIsCompiledByATest() throws {
        let pages = Self.files(under: "Sources") { $0.pathExtension == "md" && $0.path.contains(".docc/") }
        let catalogs = Set(pages.map { $0.deletingLastPathComponent().lastPathComponent })
        // The four library modules' catalogs.
        #expect(
            catalogs.isSuperset(of: [
                "ScrollingContent.docc", "ScrollingPlugins.docc", "HostKit.docc",
                "ConstraintSolver.docc",
            ]))
        let mirrors = try Self.files(under: "Tests") { $0.pathExtension == "swift" }
            .map { Self.significantLines(try String(contentsOf: $0, encoding: .utf8)) }
        #expect(!mirrors.isEmpty)
        var blocks = 0
        for page in pages {
            for block in Self.swiftBlocks(in: try String(contentsOf: page, encoding: .utf8)) {
                blocks += 1
                let lines = Self.significantLines(block)
                #expect(
                    mirrors.contains { Self.contains($0, lines) },
                    "\(page.lastPathComponent): this block is in no Swift file under Tests/:\n\(block)")
            }
        }
        #expect(blocks > 0)
    }
}
