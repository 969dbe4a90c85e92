#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and under ThreadSanitizer:
#
#   Scripts/sanitize.sh              # both, one after the other
#   Scripts/sanitize.sh address      # one of them (address or thread)
#
# Each sanitizer builds in a scratch path of its own (.build-asan, .build-tsan; git-ignored),
# so neither throws away the other's build nor the ordinary .build. The tests run as
# `swift test` runs them (Swift Testing and XCTest); the suite's own process launches (the
# determinism test runs the test binary again, the examples' test runs scrolling-demo) run
# instrumented too. A sanitizer's report fails the run: ASan aborts the process at its first
# report (and its LeakSanitizer reports leaks at exit: a reference cycle shows as a group of
# indirect leaks), TSan reports every race it sees and makes the process exit with status 66.
#
# Slow (a full build and run per sanitizer) and not run by CI; on a shared machine run it
# with `nice -n 19`. Exits non-zero if either run fails, after running both.
set -uo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
[[ ${#sanitizers[@]} -eq 0 ]] && sanitizers=(address thread)

status=0
for sanitizer in "${sanitizers[@]}"; do
    case $sanitizer in
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        *) echo "usage: $0 [address|thread]..." >&2; exit 2 ;;
    esac
    echo "== swift test --sanitize=$sanitizer --scratch-path $scratch"
    # Swift's own crash handler would run inside the sanitizer's report and garble it. ASan's
    # LeakSanitizer reports leaks at exit; the toolchain's own (Foundation, XCTest) are
    # suppressed, with their reasons, in Scripts/lsan-suppressions.txt.
    if SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=1" \
        swift test --sanitize="$sanitizer" --scratch-path "$scratch"; then
        echo "== $sanitizer: passed"
    else
        echo "== $sanitizer: FAILED" >&2
        status=1
    fi
done
exit $status
