// manager-benchmark: ScrollingContentManager's benchmarks of issue 5 ("Performance"), one JSON
// line per workload. Run it in release: `swift run -c release manager-benchmark`.
// `Arguments.usage` lists the options; Workload.swift says what one operation is, and
// Benchmarks/README.md explains the numbers.

import BenchmarkSupport
import Foundation

switch Arguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let error):
    printError("manager-benchmark: \(error.message)\n\(Arguments.usage)")
    exit(2)
case .success(.help):
    print(Arguments.usage)
case .success(.benchmark(let workloads, let rows, let repetitions, let operations)):
    MainActor.assumeIsolated {
        let bench = Bench(repetitions: repetitions, operations: operations)
        for workload in workloads {
            for size in workload == .rowsKeyboard ? rows : [Workload.defaultRows] {
                do {
                    printLine(try bench.measure(workload, rows: size).jsonLine)
                } catch {
                    printError("manager-benchmark: \(workload.rawValue)(\(workload.size(rows: size))): \(error)")
                    exit(1)
                }
            }
        }
    }
}
