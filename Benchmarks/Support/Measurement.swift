// What the three benchmark executables share: the median they report and the peak memory they
// read from /proc (their output helpers are in Output.swift).
import Foundation

/// The median of a list (the mean of the two middle values for an even count); `0` for an
/// empty one.
public func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Resets the process's peak resident set size (`VmHWM`) to its current resident size, so that
/// the next ``peakResidentMegabytes(thenReset:)`` reports the peak of what runs in between.
///
/// Writing `5` to `/proc/self/clear_refs` does this (Linux 4.0 and later, see proc(5)). Where
/// it fails (not Linux, an older kernel, a read-only /proc) it is ignored: the peak is then the
/// process-wide one, which after several workloads includes the earlier ones.
public func resetPeakResidentMemory() {
    // A plain write(2): Foundation's string encoding would load data of its own (megabytes)
    // into the very peak being measured.
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return }
    _ = write(descriptor, "5", 1)
    close(descriptor)
}

/// The process's peak resident set size (`VmHWM` in `/proc/self/status`, in kB) in MiB, or
/// `nil` where the file or the field is missing (not Linux).
///
/// A high-water mark since the last ``resetPeakResidentMemory()``, or since the process
/// started where resetting fails; it includes what the process held when it was reset (the
/// runtime, memory the allocator kept from earlier workloads). With `thenReset` the mark is
/// reset after reading, so that the next call reports the peak since this one.
public func peakResidentMegabytes(thenReset: Bool = false) -> Double? {
    defer { if thenReset { resetPeakResidentMemory() } }
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2, let kilobytes = Double(fields[1]) else { return nil }
        return kilobytes / 1024
    }
    return nil
}
