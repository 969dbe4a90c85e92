import Foundation

/// Writes a line to standard error.
public func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Writes a line to standard output at once (unbuffered, so each result shows as soon as it is
/// measured, also through a pipe).
public func printLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
