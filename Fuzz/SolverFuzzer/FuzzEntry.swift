// A libFuzzer target for ConstraintSolver: Scripts/fuzz-solver.sh builds it (with the solver's
// sources as they are) and runs it. It calls only the solver's public API, as an app would.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libFuzzer's entry point: one input is one session (see ``FuzzSession``). A failed check
/// prints the session's calls and traps, which libFuzzer reports as a crash and saves the
/// input for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolver(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    var session = FuzzSession()
    session.run(&input)
    return 0
}

/// Writes to the standard error, unbuffered, so the text is out before the trap.
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let written = write(2, rest.baseAddress, rest.count)
            if written <= 0 { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}
