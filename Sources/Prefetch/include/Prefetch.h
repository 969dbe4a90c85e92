// A cache hint for the constraint solver and HostKit, which Swift has no spelling of.
//
// `Solver.Reservation` notes where the variables of a batch of constraints are while the caller
// builds the batch; `prefetchVariables(ofConstraints:)` hands those addresses to this function a
// few constraints ahead of their addition. HostKit's `prefetch(_:)` hands it a subview a few
// ahead in a layout pass's walks. A prefetch loads nothing into a register and cannot fault, so
// an address whose object is gone costs nothing but the hint.

#ifndef CPREFETCH_PREFETCH_H
#define CPREFETCH_PREFETCH_H

/// Asks the processor to bring the cache line at `address` into every level of its caches, for
/// reading. `static inline`: Swift imports it and inlines it as a single instruction
/// (`prefetcht0` on x86-64, `prfm pldl1keep` on arm64).
static inline __attribute__((always_inline)) void cprefetch_read(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
