#!/usr/bin/env python3
r"""Runs the benchmarks of two builds side by side and prints the medians and their ratios.

usage: compare_builds.py BEFORE AFTER [--build] [--rounds N] [--benchmark NAME [ARG...]]...

  python3 Benchmarks/compare_builds.py ../before . --build --rounds 7 \
      --benchmark solver-benchmark --benchmark layout-benchmark --n 100 --n 1000

BEFORE and AFTER are each either a checkout of the repository or a release build folder
holding the benchmark executables. For a checkout, the benchmarks' package is found the way
its layout has it: `Benchmarks/Package.swift` where the benchmarks have a package of their own,
the root `Package.swift` in a checkout from before that; the executables are then in that
package's `.build/release`. With --build, each checkout's benchmarks are first built in
release (`swift build -c release --product NAME`, one build at a time), so that a tree and
its binaries cannot disagree; without it, they must have been built already.

Each round runs every benchmark once from each build, alternating which goes first, so that
the machine's load falls on both alike; the figure kept is the median over the rounds of each
run's own median (the benchmarks already print medians). Prints a Markdown table: one row per
JSON line and timing field (and peak_mb), with the before and after figures and after/before.

A benchmark's arguments are everything after its NAME up to the next --benchmark, --rounds or
--build, so they may be options (`--benchmark layout-benchmark --n 1000 --n 10000 --ops 20`).
Without --benchmark: manager-benchmark, layout-benchmark and solver-benchmark with their default
arguments, 5 rounds.
"""
import json
import os
import statistics
import subprocess
import sys

OWN_OPTIONS = ("--benchmark", "--rounds", "--build")
TIMING_FIELDS = ("build_ms", "op_us", "show_us", "hide_us", "landscape_us", "portrait_us", "mean_us", "peak_mb")


def benchmark_package(checkout):
    """The folder of the package that declares the benchmarks in a checkout, or None."""
    nested = os.path.join(checkout, "Benchmarks")
    if os.path.isfile(os.path.join(nested, "Package.swift")):
        return nested
    if os.path.isfile(os.path.join(checkout, "Package.swift")):
        return checkout
    return None


def resolve(path, names, build):
    """The folder holding the executables `names` for BEFORE or AFTER, built first if asked."""
    package = benchmark_package(path)
    if package is None:
        if build:
            sys.exit("--build needs a checkout, and %s has no Package.swift" % path)
        folder = path
    else:
        if build:
            for name in names:
                print("building %s in %s" % (name, package), file=sys.stderr)
                subprocess.run(["swift", "build", "-c", "release", "--package-path", package, "--product", name],
                               check=True, stdout=subprocess.DEVNULL)
        folder = os.path.join(package, ".build", "release")
    missing = [n for n in names if not os.access(os.path.join(folder, n), os.X_OK)]
    if missing:
        sys.exit("%s: no executable %s (build them in release, or pass --build)" % (folder, ", ".join(missing)))
    return folder


def run(binary, args):
    out = subprocess.run([binary] + args, check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        if not line.startswith("{"):
            continue
        row = json.loads(line)
        key = (row.get("workload"), row.get("n"))
        rows[key] = row
    return rows


def main():
    argv = sys.argv[1:]
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        sys.exit(__doc__)
    before, after = argv[0], argv[1]
    rounds, benchmarks, build, i = 5, [], False, 2
    while i < len(argv):
        if argv[i] == "--rounds":
            rounds = int(argv[i + 1])
            i += 2
        elif argv[i] == "--build":
            build = True
            i += 1
        elif argv[i] == "--benchmark":
            j = i + 2
            # The benchmark's own arguments (`--workload chain --n 1000`) run up to the next option
            # of this script's.
            while j < len(argv) and argv[j] not in OWN_OPTIONS:
                j += 1
            benchmarks.append((argv[i + 1], argv[i + 2:j]))
            i = j
        else:
            sys.exit("unknown option %s\n%s" % (argv[i], __doc__))
    if not benchmarks:
        benchmarks = [("manager-benchmark", []), ("layout-benchmark", []), ("solver-benchmark", [])]
    names = sorted({name for name, _ in benchmarks})
    before, after = resolve(before, names, build), resolve(after, names, build)

    samples = {}  # (benchmark, workload, n, field) -> {"before": [...], "after": [...]}
    for r in range(rounds):
        for name, args in benchmarks:
            order = [("before", before), ("after", after)]
            if r % 2:
                order.reverse()
            for label, folder in order:
                for (workload, n), row in run(os.path.join(folder, name), args).items():
                    for field in TIMING_FIELDS:
                        if row.get(field) is not None:
                            samples.setdefault((name, workload, n, field), {"before": [], "after": []})[label].append(row[field])

    print("| benchmark | workload | n | field | before | after | after/before |")
    print("|---|---|---|---|---|---|---|")
    for (name, workload, n, field), values in samples.items():
        b, a = statistics.median(values["before"]), statistics.median(values["after"])
        ratio = a / b if b else float("nan")
        print("| %s | %s | %s | %s | %.3f | %.3f | %.2f |" % (name, workload, n, field, b, a, ratio))
    print("\n(%d rounds, each benchmark run once per build per round, alternating which runs first;"
          " before: %s, after: %s)" % (rounds, before, after))


if __name__ == "__main__":
    main()
