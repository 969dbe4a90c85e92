internal import CPrefetch

/// Asks the processor to load the first cache line of `object` (its header and first stored
/// properties) into its caches, ahead of a read a few iterations later. A hint: nothing is
/// read, and nothing changes but time (see the `CPrefetch` module).
@inline(__always)
func prefetch(_ object: AnyObject) {
    cprefetch_read(address(of: object))
}

/// Asks the processor to load the cache lines that hold the first `bytes` bytes of an object at
/// `start`, at most 128, ahead of a read of fields beyond its first line. An object's address is
/// aligned to 16 bytes, not to a 64-byte line, so 128 bytes may span three lines: those of its
/// bytes 0, 64 and `bytes − 1` (the same line twice costs a hint). A hint, as ``prefetch(_:)``.
///
/// An address, not the object: handed an object to load several lines of, the compiler
/// retained it around the hints, a write to a line that is not in the cache yet, which waits
/// for it (see ``address(of:)``).
@inline(__always)
func prefetch(at start: UnsafeRawPointer, bytes: Int) {
    cprefetch_read(start)
    if bytes > 64 { cprefetch_read(start + 64) }
    cprefetch_read(start + (bytes - 1))
}

/// The address of `object`, for ``prefetch(at:bytes:)``: taken in an expression of its own, the
/// object need not be retained past it.
@inline(__always)
func address(of object: AnyObject) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
}
