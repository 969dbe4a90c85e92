// swift-tools-version: 6.2
//
// ScrollingContent: keyboard-, rotation- and navigation-aware scrolling content for UIKit apps,
// tested headlessly on a UIKit stand-in (HostKit) laid out by a Cassowary constraint solver.
// Four layers, each a folder under Sources/ (see README.md, "Module map"):
//   Sources/Layout  → ConstraintSolver
//   Sources/Host    → HostKit (headless UIKit: views, Auto Layout on the solver, scroll views,
//                     view controllers, navigation, windows, keyboard, virtual time)
//   Sources/Plugins → ScrollingPlugins (policies that decide)
//   Sources/Manager → ScrollingContent (the manager, the base host and the scroll view, which act)
// and Sources/LayoutTesting → ConstraintSolverTesting (seeded random systems, the standard
// workloads and their digests, shared by the solver's tests and benchmarks). Fuzzing/ holds the
// randomized event sequences (no product), run by the suite and by `scrolling-event-fuzz`.
// No package dependencies: the toolchain (Foundation, Dispatch, Swift Testing) only.
//
// A dependent sees library products only. The examples' demo is an executable target of this
// package (`swift run scrolling-demo`), not a product; the benchmarks are a package of their own
// in Benchmarks/, which depends on this one by path.
//
// One source, two platforms: ScrollingPlugins and ScrollingContent import UIKit where it exists
// (an iOS app) and HostKit everywhere else, from the same files; they depend on HostKit only
// where UIKit is absent.
//
// Tools version 6.2: the code uses Swift 6.2's isolated conformances (`TimelineRecorder`'s
// `@MainActor CustomStringConvertible`).

import PackageDescription

/// The platforms without UIKit's views, where HostKit stands in for it (watchOS has a UIKit
/// module, but no `UIView`). The seam files test the same thing: `canImport(UIKit) && !os(watchOS)`.
let platformsWithoutUIKit: [Platform] = [.linux, .macOS, .windows, .android, .wasi, .openbsd, .watchOS]

let package = Package(
    name: "ScrollingContent",
    // iOS 15: the oldest release with everything the manager uses — the window's
    // `keyboardLayoutGuide` (iOS 15) tells a screen pushed while the keyboard stays up where the
    // keyboard is. macOS 13 is for running HostKit and the tests on a Mac.
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "ScrollingContent", targets: ["ScrollingContent"]),
        .library(name: "ScrollingPlugins", targets: ["ScrollingPlugins"]),
        .library(name: "HostKit", targets: ["HostKit"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "ConstraintSolverTesting", targets: ["ConstraintSolverTesting"]),
    ],
    targets: [
        // A C shim with one inline function, a cache hint Swift cannot spell (see its header).
        .target(name: "CPrefetch", path: "Sources/Prefetch"),
        .target(name: "ConstraintSolver", dependencies: ["CPrefetch"], path: "Sources/Layout"),
        .target(name: "ConstraintSolverTesting", dependencies: ["ConstraintSolver"], path: "Sources/LayoutTesting"),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver", "ConstraintSolverTesting"]),
        .target(name: "HostKit", dependencies: ["ConstraintSolver", "CPrefetch"], path: "Sources/Host"),
        .testTarget(name: "HostKitTests", dependencies: ["HostKit", "ConstraintSolver"]),
        .target(
            name: "ScrollingPlugins",
            dependencies: [.target(name: "HostKit", condition: .when(platforms: platformsWithoutUIKit))],
            path: "Sources/Plugins"
        ),
        .testTarget(name: "ScrollingPluginsTests", dependencies: ["ScrollingPlugins"]),
        .target(
            name: "ScrollingContent",
            dependencies: [
                .target(name: "HostKit", condition: .when(platforms: platformsWithoutUIKit)), "ScrollingPlugins",
            ],
            path: "Sources/Manager"
        ),
        .testTarget(name: "ScrollingContentTests", dependencies: ["ScrollingContent"]),
        // The examples: their code and scripted scenarios in one library target (no product),
        // run by the demo and checked by the tests. Names that a dependent's own targets are
        // unlikely to have: a target name must be unique in a whole package graph.
        .target(
            name: "ScrollingContentExamples", dependencies: ["ScrollingContent", "HostKit"], path: "Examples/Scenarios"),
        .executableTarget(
            name: "scrolling-demo", dependencies: ["ScrollingContentExamples"], path: "Examples/ScrollingDemo"),
        // Randomized event sequences (issue 14): the seeded generator, the runner that checks the
        // invariants after each step, and the minimizer — shared by the suite (a fixed set of
        // seeds) and the long-run executable (`swift run -c release scrolling-event-fuzz
        // --seeds 100000`). No product, `package` access only: nothing of it is API.
        .target(
            name: "ScrollingContentEventSequences",
            dependencies: ["ScrollingContent", "HostKit", "ConstraintSolverTesting"],
            path: "Fuzzing/EventSequences"
        ),
        .executableTarget(
            name: "scrolling-event-fuzz", dependencies: ["ScrollingContentEventSequences"], path: "Fuzzing/EventFuzz"),
        // The suite's seeds, the generator's and the minimizer's own tests, and scenario tests
        // pasted from failures; it runs the executable to compare runs in two processes.
        .testTarget(
            name: "ScrollingContentEventSequenceTests",
            dependencies: ["ScrollingContentEventSequences", "ScrollingContent", "HostKit", "scrolling-event-fuzz"],
            path: "Tests/EventSequenceTests"
        ),
        // The tests also run the scrolling-demo executable to check its exit status.
        .testTarget(
            name: "ScrollingContentExamplesTests",
            dependencies: ["ScrollingContentExamples", "ScrollingContent", "HostKit", "scrolling-demo"],
            path: "Tests/ExamplesTests"
        ),
    ]
)

// Strict settings for every target, applied in one place (as swift-log does): Swift 6 language
// mode with complete concurrency checking, `any` spelled out for existentials, and imports that
// must name the module whose members a file uses. Not the C shim, which has no Swift.
for target in package.targets where target.name != "CPrefetch" {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableExperimentalFeature("StrictConcurrency"))
    target.swiftSettings = settings
}
package.swiftLanguageModes = [.v6]
