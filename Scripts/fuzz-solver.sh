#!/usr/bin/env bash
# Fuzzes ConstraintSolver with libFuzzer: Scripts/fuzz-solver.sh [seconds] [seed]
#
#   Scripts/fuzz-solver.sh            # 60 s, a seed of libFuzzer's choosing
#   Scripts/fuzz-solver.sh 30 1       # what CI runs (.ci/run): 30 s, seed 1
#   Scripts/fuzz-solver.sh 3600 7     # a long run
#   .build/fuzz/solver-fuzzer .build/fuzz/artifacts/crash-…   # replay one saved input
#   SOLVER_FUZZ_TRACE=1 .build/fuzz/solver-fuzzer -timeout=5 .build/fuzz/artifacts/timeout-…
#                                     # print each call as it is made (an input that hangs)
#
# The target (Fuzz/SolverFuzzer) decodes each input into a session of solver calls (add,
# remove, edit variables, suggestions, constant changes, remove-then-add, reset, a constraint
# with its opposite inequality right after it, a reservation of room) with numbers
# that include NaN, ±∞, ±1e308 and 1e-9, and checks the solver's contract after every call
# (see FuzzSession.swift): no trap, every required constraint holds, a refusal is the typed
# error the contract names and changes nothing, remove-then-add gives the solution back. It
# needs nothing but the Swift toolchain (libFuzzer and ASan come with it). It is compiled here
# from the solver's sources as they are (Sources/Layout, as the ConstraintSolver module, then
# the target against its public API), so it cannot drift from them; it is rebuilt whenever a
# source is newer than the binary. Both are built with -sanitize=fuzzer (coverage and
# libFuzzer's main) and address (ASan: the solver uses unsafe buffers and unchecked
# exclusivity in its hot paths).
#
# The corpus grows in .build/fuzz/corpus across runs; a failing input is saved in
# .build/fuzz/artifacts/ (once fixed, copy it to Fuzz/SolverFuzzer/Regressions under a name
# that says what it found, and every run replays it first) and the script exits non-zero, after the target has printed the calls
# that failed. libFuzzer prints `cov:` (edges covered), `ft:` (features), `corp:` and `exec/s`
# as it goes, and the totals at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
seed=${2:-0}  # 0: libFuzzer picks one (and prints it)
[[ $seconds =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ ]] || { echo "usage: $0 [seconds] [seed]" >&2; exit 2; }

out=.build/fuzz
binary=$out/solver-fuzzer
mkdir -p "$out/module" "$out/corpus" "$out/artifacts"

mapfile -t solver_sources < <(find Sources/Layout -name '*.swift' | LC_ALL=C sort)
mapfile -t fuzz_sources < <(find Fuzz/SolverFuzzer -name '*.swift' | LC_ALL=C sort)

# The package's settings (Package.swift): Swift 6 mode, complete concurrency checking,
# ExistentialAny, MemberImportVisibility; release optimisation, as the solver ships.
flags=(-O -swift-version 6 -strict-concurrency=complete
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -sanitize=fuzzer,address -parse-as-library)

if [[ ! -x $binary ]] || [[ -n $(find "${solver_sources[@]}" "${fuzz_sources[@]}" Sources/Prefetch "$0" -newer "$binary" | head -1) ]]; then
    echo "== building $binary"
    # The solver has `package` members (counters for its tests); the target, built as another
    # package, sees its public API only.
    # The solver imports CPrefetch, a C module of one inline function (its header only).
    swiftc "${flags[@]}" -module-name ConstraintSolver -package-name ConstraintSolver -whole-module-optimization \
        -I Sources/Prefetch/include -c "${solver_sources[@]}" \
        -emit-module -emit-module-path "$out/module/ConstraintSolver.swiftmodule" -o "$out/ConstraintSolver.o"
    # Linked with the toolchain's lld: the system's gold prints a warning for each of ASan's
    # local symbols.
    swiftc "${flags[@]}" -module-name SolverFuzzer -I "$out/module" -I Sources/Prefetch/include \
        "${fuzz_sources[@]}" "$out/ConstraintSolver.o" \
        -use-ld=lld -o "$binary"
fi

echo "== fuzzing for ${seconds} s (seed ${seed})"
# -max_len: 64 operations of a few bytes each (an addition takes up to 14) fit in 512 bytes.
# -timeout: one input runs in well under a millisecond; 10 s means a hang.
# SWIFT_BACKTRACE: Swift's own crash handler reads memory that ASan guards and dies in ASan's
# report; without it, libFuzzer saves the input and prints the trap's stack.
# Fuzz/SolverFuzzer/Regressions: inputs that once failed (one file each, named for the bug),
# run first as a read-only second corpus: a bug that comes back fails before any fuzzing,
# whatever the run finds. libFuzzer also mutates them, so they seed the search.
SWIFT_BACKTRACE=enable=no "$binary" "$out/corpus" Fuzz/SolverFuzzer/Regressions -max_total_time="$seconds" -seed="$seed" -max_len=512 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/artifacts/"
