// layout-benchmark: HostKit's layout benchmark of issue 3, one JSON line per size.
// Run it in release: `swift run -c release layout-benchmark` (N = 10, 100, 1000), or
// `swift run -c release layout-benchmark --n 1000 --repetitions 7`. See FormWorkload.swift
// for what is measured.

import BenchmarkSupport
import Foundation
import HostKit

let usage = """
    usage: layout-benchmark [--workload W]... [--n N]... [--large] [--repetitions R] [--ops K]
      --n N            form rows (repeatable; default: 10, 100 and 1000)
      --large          10000 rows as well, after the sizes --n gives or the default ones
                       (issue 13's large screen: seconds per repetition, so not in the default run)
      --repetitions R  repetitions per size, the median is reported (default and minimum: 5)
      --ops K          keyboard inset changes per repetition (default: 200)
      --workload W     form (HostKit), form-solver (the same constraints on the bare solver, to
                       tell HostKit's cost from the solver's) or form-solver-user-first (the
                       same, the views' constraints added before HostKit's own); repeatable (default: form)
    """

var sizes: [Int] = []
var repetitions = 5
var operations = 200
var workloads: [String] = []
var large = false
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    if flag == "--help" || flag == "-h" {
        print(usage)
        exit(0)
    }
    if flag == "--large" {
        large = true
        continue
    }
    if flag == "--workload" {
        guard let name = arguments.first, ["form", "form-solver", "form-solver-user-first"].contains(name) else {
            printError("layout-benchmark: --workload needs form, form-solver or form-solver-user-first\n\(usage)")
            exit(2)
        }
        workloads.append(name)
        arguments.removeFirst()
        continue
    }
    guard ["--n", "--repetitions", "--ops"].contains(flag) else {
        printError("layout-benchmark: unknown option \(flag)\n\(usage)")
        exit(2)
    }
    guard let text = arguments.first, let value = Int(text), value > 0 else {
        printError("layout-benchmark: \(flag) needs a positive number\n\(usage)")
        exit(2)
    }
    arguments.removeFirst()
    switch flag {
    case "--n": sizes.append(value)
    case "--repetitions": repetitions = max(value, 5)
    default: operations = value // --ops
    }
}
if sizes.isEmpty { sizes = [10, 100, 1000] }
if large, !sizes.contains(10_000) { sizes.append(10_000) }
if workloads.isEmpty { workloads = ["form"] }

MainActor.assumeIsolated {
    for workload in workloads {
        for n in sizes {
            let result =
                workload == "form"
                ? FormBenchmark.measure(n: n, repetitions: repetitions, operations: operations)
                : SolverFormBenchmark.measure(
                    n: n, repetitions: repetitions, operations: operations,
                    userFirst: workload == "form-solver-user-first")
            switch result {
            case .success(let line): printLine(line)
            case .failure(let failure):
                printError("layout-benchmark: \(failure)")
                exit(1)
            }
        }
    }
}
