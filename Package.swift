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
// No package dependencies: the toolchain (Foundation, Dispatch, Swift Testing) only.
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
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .executable(name: "solver-benchmark", targets: ["SolverBenchmark"]),
        .library(name: "HostKit", targets: ["HostKit"]),
        .executable(name: "layout-benchmark", targets: ["LayoutBenchmark"]),
        .library(name: "ScrollingPlugins", targets: ["ScrollingPlugins"]),
        .library(name: "ScrollingContent", targets: ["ScrollingContent"]),
        .executable(name: "scrolling-demo", targets: ["ScrollingDemo"]),
        .executable(name: "CodeExample", targets: ["CodeExample"]),
        .executable(name: "ManagerExample", targets: ["ManagerExample"]),
        .executable(name: "SequenceExample", targets: ["SequenceExample"]),
        .executable(name: "ReassignExample", targets: ["ReassignExample"]),
        .executable(name: "OutletExample", targets: ["OutletExample"]),
        .executable(name: "ScrollAnchorExample", targets: ["ScrollAnchorExample"]),
        .executable(name: "manager-benchmark", targets: ["ManagerBenchmark"]),
    ],
    targets: [
        .target(name: "ConstraintSolver", path: "Sources/Layout"),
        // The tests run the benchmark executable in child processes to check that two
        // processes (with different hash seeds) produce bit-identical solutions.
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver", "SolverBenchmark"]),
        // What the benchmark executables share (median, peak memory, unbuffered output).
        .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
        .executableTarget(
            name: "SolverBenchmark",
            dependencies: ["ConstraintSolver", "BenchmarkSupport"],
            path: "Benchmarks/SolverBenchmark"
        ),
        .target(name: "HostKit", dependencies: ["ConstraintSolver"], path: "Sources/Host"),
        .testTarget(name: "HostKitTests", dependencies: ["HostKit"]),
        .executableTarget(
            name: "LayoutBenchmark",
            dependencies: ["HostKit", "ConstraintSolver", "BenchmarkSupport"],
            path: "Benchmarks/LayoutBenchmark"
        ),
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
        // The examples: their code and scripted scenarios in one library, shared by the thin
        // executables, the demo and the tests that check each scenario's outcomes.
        .target(name: "ExampleScenarios", dependencies: ["ScrollingContent", "HostKit"], path: "Examples/Scenarios"),
        .executableTarget(name: "ScrollingDemo", dependencies: ["ExampleScenarios"], path: "Examples/ScrollingDemo"),
        .executableTarget(name: "CodeExample", dependencies: ["ExampleScenarios"], path: "Examples/CodeExample"),
        .executableTarget(name: "ManagerExample", dependencies: ["ExampleScenarios"], path: "Examples/ManagerExample"),
        .executableTarget(name: "SequenceExample", dependencies: ["ExampleScenarios"], path: "Examples/SequenceExample"),
        .executableTarget(name: "ReassignExample", dependencies: ["ExampleScenarios"], path: "Examples/ReassignExample"),
        .executableTarget(name: "OutletExample", dependencies: ["ExampleScenarios"], path: "Examples/OutletExample"),
        .executableTarget(name: "ScrollAnchorExample", dependencies: ["ExampleScenarios"], path: "Examples/ScrollAnchorExample"),
        // The tests also run the scrolling-demo executable to check its exit status.
        .testTarget(name: "ExamplesTests", dependencies: ["ExampleScenarios", "ScrollingContent", "HostKit", "ScrollingDemo"]),
        .executableTarget(
            name: "ManagerBenchmark",
            dependencies: ["ScrollingContent", "HostKit", "BenchmarkSupport"],
            path: "Benchmarks/ManagerBenchmark"
        ),
    ]
)

// Strict settings for every target, applied in one place (as swift-log does): Swift 6 language
// mode with complete concurrency checking, `any` spelled out for existentials, and imports that
// must name the module whose members a file uses.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableExperimentalFeature("StrictConcurrency"))
    target.swiftSettings = settings
}
package.swiftLanguageModes = [.v6]
