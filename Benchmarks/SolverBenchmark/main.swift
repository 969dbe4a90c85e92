// solver-benchmark: the ConstraintSolver benchmarks of issue 2, item 7, one JSON line each.
// Run it in release: `swift run -c release solver-benchmark`. `Arguments.usage` lists the
// options; Benchmarks/README.md explains the workloads and the numbers.

import BenchmarkSupport
import ConstraintSolver
import ConstraintSolverTesting
import Foundation

switch Arguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let error):
    printError("solver-benchmark: \(error.message)\n\(Arguments.usage)")
    exit(2)
case .success(.help):
    print(Arguments.usage)
case .success(.digest):
    do {
        for line in try WorkloadDigest.lines() { printLine(line) }
    } catch {
        printError("solver-benchmark: \(error)")
        exit(1)
    }
case .success(.digestRandom):
    for line in DeterminismTrace.lines() { printLine(line) }
case .success(.benchmark(let names, let sizes, let repetitions, let buildOnly)):
    let bench = Bench(repetitions: repetitions, runsOperations: !buildOnly)
    for name in names {
        guard let workload = allSolverWorkloads.first(where: { $0.name == name }) else { continue }
        for n in sizes {
            // Each line's peak_mb is its own (workload, n)'s peak, not that of the earlier ones.
            resetPeakResidentMemory()
            do {
                printLine(try bench.measure(workload, n: n).jsonLine)
            } catch {
                printError("solver-benchmark: \(error)")
                exit(1)
            }
        }
    }
}
