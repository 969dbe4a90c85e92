#!/usr/bin/env python3
"""Runs the benchmarks of two builds side by side and prints the medians and their ratios.

usage: compare_builds.py BEFORE_BIN AFTER_BIN [--rounds N] [--benchmark NAME [ARG...]]...

BEFORE_BIN and AFTER_BIN are release build folders (`Benchmarks/.build/release` of two checkouts;
`.build/release` of a checkout from before the benchmarks had a package of their own). Each
round runs every benchmark once from each build, alternating which goes first, so that the
machine's load falls on both alike; the figure kept is the median over the rounds of each
run's own median (the benchmarks already print medians). Prints a Markdown table: one row per
JSON line and timing field (and peak_mb), with the before and after figures and after/before.

A benchmark's ARGs run up to the next --benchmark or --rounds, so they may be options:
  --benchmark layout-benchmark --n 1000 --n 10000 --ops 20

Without --benchmark: manager-benchmark, layout-benchmark and solver-benchmark with their
default arguments, 5 rounds.
"""
import json
import statistics
import subprocess
import sys

TIMING_FIELDS = ("build_ms", "op_us", "show_us", "hide_us", "landscape_us", "portrait_us", "mean_us", "peak_mb")


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
    if len(argv) < 2:
        sys.exit(__doc__)
    before, after = argv[0], argv[1]
    rounds, benchmarks, i = 5, [], 2
    while i < len(argv):
        if argv[i] == "--rounds":
            rounds = int(argv[i + 1])
            i += 2
        elif argv[i] == "--benchmark":
            j = i + 2
            # A benchmark's own options (--n, --ops, …) run up to the next option of this script.
            while j < len(argv) and argv[j] not in ("--benchmark", "--rounds"):
                j += 1
            benchmarks.append((argv[i + 1], argv[i + 2:j]))
            i = j
        else:
            sys.exit("unknown option %s\n%s" % (argv[i], __doc__))
    if not benchmarks:
        benchmarks = [("manager-benchmark", []), ("layout-benchmark", []), ("solver-benchmark", [])]

    samples = {}  # (benchmark, workload, n, field) -> {"before": [...], "after": [...]}
    for r in range(rounds):
        for name, args in benchmarks:
            order = [("before", before), ("after", after)]
            if r % 2:
                order.reverse()
            for label, folder in order:
                for (workload, n), row in run("%s/%s" % (folder, name), args).items():
                    for field in TIMING_FIELDS:
                        if row.get(field) is not None:
                            samples.setdefault((name, workload, n, field), {"before": [], "after": []})[label].append(row[field])

    print("| benchmark | workload | n | field | before | after | after/before |")
    print("|---|---|---|---|---|---|---|")
    for (name, workload, n, field), values in samples.items():
        b, a = statistics.median(values["before"]), statistics.median(values["after"])
        ratio = a / b if b else float("nan")
        print("| %s | %s | %s | %s | %.3f | %.3f | %.2f |" % (name, workload, n, field, b, a, ratio))
    print("\n(%d rounds, each benchmark run once per build per round, alternating which runs first)" % rounds)


if __name__ == "__main__":
    main()
