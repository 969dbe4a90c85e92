internal import CPrefetch

/// Asks the processor to load the first cache line of `object` (its header and first stored
/// properties) into its caches, ahead of a read a few iterations later. A hint: nothing is
/// read, and nothing changes but time (see the `CPrefetch` module).
@inline(__always)
func prefetch(_ object: AnyObject) {
    cprefetch_read(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
}
