// swift-tools-version: 6.2
//
// The benchmarks of ScrollingContent, a package of their own (as swift-nio and swift-log keep
// theirs), so that a dependent of ScrollingContent sees none of their executables. They depend
// on the root package by path. Run them in release from this folder, for instance:
//   swift run -c release solver-benchmark
// (README.md beside this file explains each, its options and its JSON lines).

import PackageDescription

let package = Package(
    name: "ScrollingContentBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "solver-benchmark", targets: ["SolverBenchmark"]),
        .executable(name: "layout-benchmark", targets: ["LayoutBenchmark"]),
        .executable(name: "manager-benchmark", targets: ["ManagerBenchmark"]),
    ],
    dependencies: [
        // The root package, whatever its folder is called (a path dependency's identity is
        // otherwise the folder's name).
        .package(name: "ScrollingContent", path: "..")
    ],
    targets: [
        // What the benchmark executables share (median, peak memory, unbuffered output).
        .target(name: "BenchmarkSupport", path: "Support"),
        .executableTarget(
            name: "SolverBenchmark",
            dependencies: [
                .product(name: "ConstraintSolver", package: "ScrollingContent"),
                .product(name: "ConstraintSolverTesting", package: "ScrollingContent"),
                "BenchmarkSupport",
            ],
            path: "SolverBenchmark"
        ),
        .executableTarget(
            name: "LayoutBenchmark",
            dependencies: [
                .product(name: "HostKit", package: "ScrollingContent"),
                .product(name: "ConstraintSolver", package: "ScrollingContent"),
                "BenchmarkSupport",
            ],
            path: "LayoutBenchmark"
        ),
        .executableTarget(
            name: "ManagerBenchmark",
            dependencies: [
                .product(name: "ScrollingContent", package: "ScrollingContent"),
                .product(name: "HostKit", package: "ScrollingContent"),
                "BenchmarkSupport",
            ],
            path: "ManagerBenchmark"
        ),
    ]
)

// The root package's strict settings (see ../Package.swift).
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableExperimentalFeature("StrictConcurrency"))
    target.swiftSettings = settings
}
package.swiftLanguageModes = [.v6]
