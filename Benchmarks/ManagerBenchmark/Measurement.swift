import BenchmarkSupport
import Dispatch
import Foundation
import HostKit

/// The result of benchmarking one workload: one JSON line of the output.
///
/// Every operation of a phase does the same work (the same field shows the same keyboard, the
/// same rotation runs), so a phase's cost is the median of its single operations: on a shared
/// machine a preempted operation then moves nothing. `mean_us` keeps the loop's mean as well,
/// outliers included, so nothing is hidden.
struct Measurement {
    var workload: Workload
    var n: Int
    /// Median over the repetitions of the time to build and show the screen.
    var buildMilliseconds: Double
    /// One operation of either phase, the two weighted equally: median over the repetitions of
    /// the mean of the two phases' medians.
    var operationMicroseconds: Double
    /// Medians over the repetitions of each phase's median operation.
    var firstPhaseMicroseconds: Double
    var secondPhaseMicroseconds: Double
    /// Median over the repetitions of the mean operation of the loop (both phases, outliers
    /// included).
    var meanMicroseconds: Double
    /// Median over the repetitions of the mean time, per operation, of running the clock until
    /// idle after it (not part of the operation).
    var settleMicroseconds: Double
    /// The process's peak resident memory so far, in MiB, or `nil` where it cannot be read.
    var peakMegabytes: Double?

    /// `{"workload": "signup-keyboard", "n": 5, "build_ms": …, "op_us": …, "show_us": …,
    /// "hide_us": …, "mean_us": …, "settle_us": …, "peak_mb": …}`.
    var jsonLine: String {
        func format(_ value: Double) -> String { String(format: "%.3f", value) }
        let peak = peakMegabytes.map { String(format: "%.1f", $0) } ?? "null"
        let (first, second) = workload.phaseNames
        return "{\"workload\": \"\(workload.rawValue)\", \"n\": \(n), \"build_ms\": \(format(buildMilliseconds)), "
            + "\"op_us\": \(format(operationMicroseconds)), \"\(first)\": \(format(firstPhaseMicroseconds)), "
            + "\"\(second)\": \(format(secondPhaseMicroseconds)), \"mean_us\": \(format(meanMicroseconds)), "
            + "\"settle_us\": \(format(settleMicroseconds)), \"peak_mb\": \(peak)}"
    }
}

/// Why a benchmark run stopped.
enum BenchmarkFailure: Error, CustomStringConvertible {
    /// The layout differs from the geometry worked out by hand (or a warning was logged).
    case wrongLayout(String)
    /// A call the workload relies on was refused (a field did not take focus, …).
    case refused(String)
    /// The manual clock refused to advance or never went idle.
    case scheduler(String)

    var description: String {
        switch self {
        case .wrongLayout(let detail): "wrong layout \(detail)"
        case .refused(let detail): "refused: \(detail)"
        case .scheduler(let detail): "scheduler: \(detail)"
        }
    }
}

/// Times workloads as issue 5 asks: medians over at least 5 repetitions, each on a fresh screen.
@MainActor
struct Bench {
    /// The fewest repetitions the issue accepts for a median.
    nonisolated static let minimumRepetitions = 5

    var repetitions = Bench.minimumRepetitions
    /// Operations per repetition (even); `nil` for the workload's default.
    var operations: Int?

    /// Benchmarks `workload` (`rows` is the rows form's size).
    ///
    /// Per repetition: time the build; set up untimed; then per operation time the operation
    /// alone (wall time from `DispatchTime`, monotonic), check the geometry (untimed), time the
    /// settling, check again (untimed). See ``Measurement`` for what is reported.
    func measure(_ workload: Workload, rows: Int) throws(BenchmarkFailure) -> Measurement {
        let count = Self.evenCount(operations ?? workload.defaultOperations)
        var builds: [Double] = []
        var operations: [Double] = []
        var firsts: [Double] = []
        var seconds: [Double] = []
        var means: [Double] = []
        var settles: [Double] = []
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            let stage = try workload.makeStage(rows: rows)
            builds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            if let detail = stage.mismatch(keyboardUp: false, focused: nil) {
                throw .wrongLayout("after the build: \(detail)")
            }
            try workload.prepare(stage)

            // Microseconds of each operation, per phase.
            var phases: [[Double]] = [[], []]
            phases[0].reserveCapacity(count / 2)
            phases[1].reserveCapacity(count / 2)
            var settleNanoseconds: UInt64 = 0
            for k in 0..<count {
                let offsetBefore = stage.scrollView.contentOffset
                let operationStart = DispatchTime.now().uptimeNanoseconds
                try workload.operate(k, on: stage)
                phases[k % 2].append(Double(DispatchTime.now().uptimeNanoseconds - operationStart) / 1e3)
                if let detail = workload.mismatch(after: k, on: stage, offsetBefore: offsetBefore, settled: false) {
                    throw .wrongLayout(detail)
                }
                let offsetAfter = stage.scrollView.contentOffset
                let settleStart = DispatchTime.now().uptimeNanoseconds
                try stage.settle()
                settleNanoseconds += DispatchTime.now().uptimeNanoseconds - settleStart
                if let detail = workload.mismatch(after: k, on: stage, offsetBefore: offsetAfter, settled: true) {
                    throw .wrongLayout(detail)
                }
            }
            let first = median(phases[0])
            let second = median(phases[1])
            firsts.append(first)
            seconds.append(second)
            operations.append((first + second) / 2)
            means.append((phases[0].reduce(0, +) + phases[1].reduce(0, +)) / Double(count))
            settles.append(Double(settleNanoseconds) / 1e3 / Double(count))
        }
        return Measurement(
            workload: workload, n: workload.size(rows: rows), buildMilliseconds: median(builds),
            operationMicroseconds: median(operations), firstPhaseMicroseconds: median(firsts),
            secondPhaseMicroseconds: median(seconds), meanMicroseconds: median(means),
            settleMicroseconds: median(settles), peakMegabytes: peakResidentMegabytes(thenReset: true))
    }

    /// `count` rounded up to an even number, so the loop ends in the phase it began with.
    static func evenCount(_ count: Int) -> Int { count + count % 2 }
}
