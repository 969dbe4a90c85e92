#!/usr/bin/env python3
"""Compare ConstraintSolver's `solver-benchmark` with kiwisolver on the same workloads.

Issue 2, item 7. The script
  1. creates a git-ignored venv at Benchmarks/.venv and installs kiwisolver 1.5.1 (pinned,
     KIWISOLVER_VERSION) from PyPI into it (once; later runs reuse it while its version matches),
  2. runs the workloads rows, chain and churn in Python with kiwisolver, each (workload, n) in
     a process of its own so that its peak memory is its own,
  3. builds `solver-benchmark` in release (what `swift run -c release solver-benchmark` runs in
     Benchmarks/, the benchmarks' own package)
     and runs it the same way, one process per (workload, n),
  4. prints a table: workload, n, metric, swift, kiwisolver, ratio swift/kiwi, and the target
     the issue sets where it sets one.

Both sides measure alike: `build_ms` is creating the variables and constraints, adding them and
the first updateVariables(); `op_us` is the op loop's time (k = 0...999) divided by its 1000
operations; each is the median over the repetitions (at least 5), each repetition with a fresh
solver. (The loop's mean, not the median of single operations: a few operations cost far more
than the rest, and a median would hide them; see Benchmarks/README.md.) `peak_mb` is the
process's VmHWM (peak resident memory) in MiB. Python's cyclic garbage collector is paused in
the timed regions, as `timeit` does.

Usage:
  python3 Benchmarks/kiwisolver_compare.py                      # all workloads, n = 100 1000
  python3 Benchmarks/kiwisolver_compare.py --workload chain --n 1000
  python3 Benchmarks/kiwisolver_compare.py --swift-only-chain-10000
  python3 Benchmarks/kiwisolver_compare.py --rounds 3               # steadier on a busy machine
"""

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
# The benchmarks' own package (Benchmarks/Package.swift), which depends on the root by path.
PACKAGE = BENCHMARKS
VENV = os.path.join(BENCHMARKS, ".venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")

WORKLOADS = ["rows", "chain", "churn"]
DEFAULT_SIZES = [100, 1000]
# Operations per repetition: k = 0...999, as the issue defines the op loop.
OPERATIONS = 1000
# The fewest repetitions the issue accepts for a median.
MIN_REPETITIONS = 5
# kiwi takes about 90 s and 3.5 GB to build chain(10000), so that size is Swift only.
CHAIN_10000 = 10000


# ---------------------------------------------------------------------------------------------
# The workloads in kiwisolver (run inside the venv with --kiwi-worker)
# ---------------------------------------------------------------------------------------------

def near(a, b):
    """Whether two values agree to within 1e-6 times their magnitude (as the Swift checks)."""
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


class Rows:
    """rows(N): per row lx == 20, lw >= 10, lw == 100 (medium), fx == lx + lw + 8,
    fx + fw == W - 20, fw >= 50, fw == 300 (weak); W a strong edit suggested 800 first."""

    def __init__(self, kiwi, n):
        s = self.solver = kiwi.Solver()
        W = self.W = kiwi.Variable("W")
        s.addEditVariable(W, "strong")
        s.suggestValue(W, 800)
        self.suggested = 800.0
        self.rows = []
        for i in range(n):
            lx, lw = kiwi.Variable(f"lx{i}"), kiwi.Variable(f"lw{i}")
            fx, fw = kiwi.Variable(f"fx{i}"), kiwi.Variable(f"fw{i}")
            s.addConstraint(lx == 20)
            s.addConstraint(lw >= 10)
            s.addConstraint((lw == 100) | "medium")
            s.addConstraint(fx == lx + lw + 8)
            s.addConstraint(fx + fw == W - 20)
            s.addConstraint(fw >= 50)
            s.addConstraint((fw == 300) | "weak")
            self.rows.append((lx, lw, fx, fw))
        s.updateVariables()

    def operate(self, k):
        self.suggested = float(300 + (k * 37) % 1000)
        self.solver.suggestValue(self.W, self.suggested)
        self.solver.updateVariables()

    def mismatch(self):
        w = self.suggested
        fx = 20.0 + 100 + 8
        if not near(self.W.value(), w):
            return f"W = {self.W.value()}, expected {w}"
        for i, (lx, lw, x, fw) in enumerate(self.rows):
            for name, v, e in (("lx", lx, 20), ("lw", lw, 100), ("fx", x, fx), ("fw", fw, w - 20 - fx)):
                if not near(v.value(), e):
                    return f"{name}[{i}] = {v.value()}, expected {e}"
        return None


class Chain:
    """chain(N): the strong edit `right` first, suggested 108N - 8; left[0] == 0; per view
    width[i] >= 10, width[i] == 100 (weak), left[i+1] == left[i] + width[i] + 8; finally
    right == left[N-1] + width[N-1]."""

    def __init__(self, kiwi, n):
        s = self.solver = kiwi.Solver()
        self.n = n
        right = self.right = kiwi.Variable("right")
        self.suggested = float(108 * n - 8)
        s.addEditVariable(right, "strong")
        s.suggestValue(right, self.suggested)
        left = self.left = [kiwi.Variable(f"left{i}") for i in range(n)]
        width = self.width = [kiwi.Variable(f"width{i}") for i in range(n)]
        self.churned = None
        s.addConstraint(left[0] == 0)
        for i in range(n):
            s.addConstraint(width[i] >= 10)
            preferred = (width[i] == 100) | "weak"
            s.addConstraint(preferred)
            if i == n // 2:
                self.churned = preferred
            if i + 1 < n:
                s.addConstraint(left[i + 1] == left[i] + width[i] + 8)
        s.addConstraint(right == left[n - 1] + width[n - 1])
        s.updateVariables()

    def operate(self, k):
        self.suggested = float(108 * self.n - 8 + ((k * 37) % 201 - 100) * 10)
        self.solver.suggestValue(self.right, self.suggested)
        self.solver.updateVariables()

    def mismatch(self):
        n = self.n
        expected_right = max(self.suggested, 18.0 * n - 8)
        if not near(self.right.value(), expected_right):
            return f"right = {self.right.value()}, expected {expected_right}"
        error = 0.0
        for i in range(n):
            w = self.width[i].value()
            if w < 10 - 1e-6:
                return f"width[{i}] = {w} < 10"
            error += abs(w - 100)
            end = self.left[i].value() + w
            nxt = self.left[i + 1].value() - 8 if i + 1 < n else self.right.value()
            if not near(end, nxt):
                return f"the chain breaks after view {i}"
        if abs(error - abs(expected_right - (108 * n - 8))) > 1e-6 * n * 100:
            return f"total width error {error}"
        return None


class Churn(Chain):
    """churn(N): chain(N), the operation removes and re-adds width[N/2] == 100 (weak)."""

    def operate(self, k):
        self.solver.removeConstraint(self.churned)
        self.solver.addConstraint(self.churned)

    def mismatch(self):
        self.solver.updateVariables()
        return super().mismatch()


def peak_mb():
    """The process's peak resident memory (VmHWM) in MiB, as the Swift side reads it."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def kiwi_worker(workload, n, repetitions):
    """Measures one kiwisolver workload and prints one JSON line, like solver-benchmark."""
    import kiwisolver as kiwi

    system_type = {"rows": Rows, "chain": Chain, "churn": Churn}[workload]
    builds, operations = [], []
    clock = time.perf_counter_ns
    for _ in range(repetitions):
        gc.collect()
        gc.disable()
        start = clock()
        system = system_type(kiwi, n)
        builds.append((clock() - start) / 1e6)
        gc.enable()
        detail = system.mismatch()
        if detail:
            sys.exit(f"kiwisolver {workload}({n}): wrong solution after the build: {detail}")
        gc.disable()
        start = clock()
        for k in range(OPERATIONS):
            system.operate(k)
        operations.append((clock() - start) / 1e3 / OPERATIONS)
        gc.enable()
        detail = system.mismatch()
        if detail:
            sys.exit(f"kiwisolver {workload}({n}): wrong solution after the op loop: {detail}")
        del system
    print(json.dumps({
        "workload": workload, "n": n,
        "build_ms": round(statistics.median(builds), 3),
        "op_us": round(statistics.median(operations), 3),
        "peak_mb": None if peak_mb() is None else round(peak_mb(), 1),
    }), flush=True)


# ---------------------------------------------------------------------------------------------
# The driver
# ---------------------------------------------------------------------------------------------

def run(command, **kwargs):
    print("+ " + " ".join(command), file=sys.stderr, flush=True)
    return subprocess.run(command, check=True, **kwargs)


# The kiwisolver release the comparison is made against, pinned so that a later release cannot
# change the numbers (or the API) under the same command.
KIWISOLVER_VERSION = "1.5.1"


def ensure_venv():
    """Creates Benchmarks/.venv with kiwisolver KIWISOLVER_VERSION unless it is there already."""
    if not os.path.exists(VENV_PYTHON):
        run([sys.executable, "-m", "venv", VENV])
    probe = subprocess.run(
        [VENV_PYTHON, "-c", "import kiwisolver; print(kiwisolver.__version__)"], capture_output=True, text=True)
    if probe.returncode != 0 or probe.stdout.strip() != KIWISOLVER_VERSION:
        run([VENV_PYTHON, "-m", "pip", "install", "--quiet", "kiwisolver==" + KIWISOLVER_VERSION])
    version = subprocess.run(
        [VENV_PYTHON, "-c", "import kiwisolver; print(kiwisolver.__version__)"],
        check=True, capture_output=True, text=True).stdout.strip()
    return version


def build_swift():
    """Builds solver-benchmark in release and returns the path of the executable."""
    run(["swift", "build", "-c", "release", "--product", "solver-benchmark"], cwd=PACKAGE)
    bin_path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"],
        cwd=PACKAGE, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "solver-benchmark")


def measure(command):
    """Runs one benchmark process and returns its JSON result."""
    print("+ " + " ".join(command), file=sys.stderr, flush=True)
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    lines = [line for line in output.splitlines() if line.startswith("{")]
    if len(lines) != 1:
        sys.exit(f"expected one JSON line from {' '.join(command)}, got:\n{output}")
    return json.loads(lines[0])


def median_result(runs):
    """Each metric's median over the rounds (None stays None)."""
    result = dict(runs[0])
    for metric in ("build_ms", "op_us", "peak_mb"):
        values = [run[metric] for run in runs if run[metric] is not None]
        result[metric] = statistics.median(values) if values else None
    return result


def fmt(value):
    if value is None:
        return "—"
    return f"{value:.3f}" if value < 100 else f"{value:.1f}"


# Targets of issue 2, item 7: ratio swift/kiwi ≤ 1.0 for build and op on rows and chain at
# N = 100 and 1000 and on churn at N = 1000; rows(1000) op ≤ 1 ms; chain(10000) build ≤ 10 s
# and peak memory ≤ 1 GB.
def target(workload, n, metric, swift, kiwi):
    """The issue's target for one cell and whether it is met, or ('', '')."""
    checks = []
    if metric in ("build_ms", "op_us") and kiwi is not None and (
            (workload in ("rows", "chain") and n in (100, 1000)) or (workload == "churn" and n == 1000)):
        checks.append(("ratio ≤ 1.0", swift <= kiwi))
    if workload == "rows" and n == 1000 and metric == "op_us":
        checks.append(("≤ 1000 µs", swift <= 1000))
    if workload == "chain" and n == CHAIN_10000 and metric == "build_ms":
        checks.append(("≤ 10 s", swift <= 10_000))
    if workload == "chain" and n == CHAIN_10000 and metric == "peak_mb":
        checks.append(("≤ 1 GB", swift is not None and swift * 2**20 <= 1e9))
    if not checks:
        return "", ""
    return ", ".join(c[0] for c in checks), "ok" if all(c[1] for c in checks) else "MISSED"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workload", nargs="+", choices=WORKLOADS, default=WORKLOADS,
                        help="workloads to run (default: all three)")
    parser.add_argument("--n", nargs="+", type=int, default=DEFAULT_SIZES,
                        help="system sizes (default: 100 1000)")
    parser.add_argument("--repetitions", type=int, default=MIN_REPETITIONS,
                        help=f"repetitions per median, at least {MIN_REPETITIONS} (default: {MIN_REPETITIONS})")
    parser.add_argument("--rounds", type=int, default=1,
                        help="processes per side and (workload, n), alternating; the table shows "
                             "the median over them (default: 1)")
    parser.add_argument("--swift-only-chain-10000", action="store_true",
                        help="also build chain at n = 10000, Swift only, for build time and peak memory "
                             "(no op loop; kiwi needs about 90 s and 3.5 GB to build it)")
    parser.add_argument("--kiwi-worker", nargs=2, metavar=("WORKLOAD", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repetitions < MIN_REPETITIONS:
        parser.error(f"--repetitions must be at least {MIN_REPETITIONS}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if any(n < 1 for n in args.n):
        parser.error("--n takes positive integers")

    if args.kiwi_worker:
        workload, n = args.kiwi_worker
        kiwi_worker(workload, int(n), args.repetitions)
        return

    kiwi_version = ensure_venv()
    swift_benchmark = build_swift()
    cases = [(w, n, True) for w in args.workload for n in args.n]
    if args.swift_only_chain_10000:
        cases.append(("chain", CHAIN_10000, False))

    results = []
    for workload, n, with_kiwi in cases:
        # chain(10000) is about build time and peak memory: its op loop alone would take a
        # quarter of an hour, and would raise the peak above the build's.
        build_only = ["--build-only"] if n == CHAIN_10000 and not with_kiwi else []
        swift_runs, kiwi_runs = [], []
        # Rounds alternate the two sides, so that a slow spell of the shared machine does not
        # fall on one side only; each metric is then the median over the rounds.
        for _ in range(args.rounds):
            swift_runs.append(measure([swift_benchmark, "--workload", workload, "--n", str(n),
                                       "--repetitions", str(args.repetitions)] + build_only))
            if with_kiwi:
                kiwi_runs.append(measure([VENV_PYTHON, os.path.abspath(__file__), "--kiwi-worker",
                                          workload, str(n), "--repetitions", str(args.repetitions)]))
        results.append((workload, n, median_result(swift_runs), median_result(kiwi_runs) if with_kiwi else None))

    print(f"\nkiwisolver {kiwi_version}, Python {sys.version.split()[0]}; medians of "
          f"{args.repetitions} repetitions per process; {args.rounds} process(es) per side and "
          f"(workload, n), median over them.\n")
    header = ["workload", "n", "metric", "swift", "kiwisolver", "swift/kiwi", "target", "met"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(" --- " for _ in header) + "|")
    for workload, n, swift, kiwi in results:
        for metric in ("build_ms", "op_us", "peak_mb"):
            s = swift[metric]
            k = kiwi[metric] if kiwi else None
            ratio = f"{s / k:.2f}" if s is not None and k else "—"
            goal, met = target(workload, n, metric, s, k)
            print(f"| {workload} | {n} | {metric} | {fmt(s)} | {fmt(k)} | {ratio} | {goal} | {met} |")


if __name__ == "__main__":
    main()
