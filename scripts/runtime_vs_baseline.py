#!/usr/bin/env python3
"""What serves and checks components, this checkout against an older commit (issue 29: moving
the seeds from Swift to their files must leave `morph check` and morphd no worse).

Builds release `morph` and `morphd` here and at BASELINE (default a30a3a3, the last commit
with the Swift seed components; kept under `.build/definition-baseline/` as
`scripts/definition_vs_baseline.py` keeps its `morph-bench`), then runs each measurement on
the two binaries alternately, RUNS pairs (the first of each pair alternating too), and prints
min / median / max of new / baseline:

- `morph check --jobs 1` over the fixtures once under callgrind: instructions (the repeatable
  figure on a busy machine);

each binary checks the fixtures of its own commit (the recordings are the same; a baseline
that a fidelity fix changed since is the new one's), so both replay and compare every frame;
- `morph check --jobs 2` over COPIES copies of the fixtures' recordings with their baselines
  (13 recordings each; 20 copies by default, so startup is a small part): wall seconds;
- 500 driven sessions asking for frame deltas, and one session with 2000 viewers asking for
  deltas (`bench/loadgen` against a fresh morphd each run, as `make bench-load` does): the
  median viewer's frames per second, p99 latency and server CPU per delivered frame;
- with `--control`, each load step again with this build against a copy of itself: the spread
  of a ratio when nothing changed (on a shared VM a set's median moves by several per cent).

The tile bench compares the same two morphd binaries itself:
`bench/tile_bench.py --baseline .build/definition-baseline/morphd-COMMIT`.

usage: scripts/runtime_vs_baseline.py [--baseline COMMIT] [--runs K] [--duration S]
       [--no-check] [--no-load] [--control]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
from definition_vs_baseline import ROOT, baseline_binaries, build, callgrind_total, run, stripped  # noqa: E402
from load_bench import LOADGEN, measure, start_morphd  # noqa: E402

FIXTURES = os.path.join(ROOT, "Tests", "MorphKitTests", "__Fixtures__", "recordings")


def fixture_copies(fixtures, folder, copies):
    """`copies` subfolders of `folder`, each holding `fixtures`' recordings and baselines."""
    for index in range(copies):
        shutil.copytree(fixtures, os.path.join(folder, f"copy-{index:02}"))
    return folder


def check_seconds(morph, folder):
    start = time.perf_counter()
    result = subprocess.run([morph, "check", "--jobs", "2", folder], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{morph} check failed:\n{result.stdout[-1500:]}{result.stderr[-1500:]}")
    return elapsed


def fixtures_at(commit, folder):
    """The fixtures' recordings and baselines as `commit` has them, under `folder`."""
    relative = os.path.relpath(FIXTURES, ROOT)
    archive = subprocess.run(["git", "archive", commit, relative], cwd=ROOT, check=True, capture_output=True).stdout
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    return os.path.join(folder, relative)


def check_instructions(morph, fixtures):
    with tempfile.TemporaryDirectory(prefix="runtime-vs-baseline-callgrind-") as folder:
        copy = stripped(morph, folder, "morph")
        return callgrind_total([copy, "check", "--jobs", "1", fixtures], os.path.join(folder, "callgrind.out"))


def load(morphd, records, arguments):
    report = measure(start_morphd(records, morphd=Path(morphd)), *arguments)
    return report["fps_median"], report["latency_p99_ms"], report["server_cpu_us_per_frame"]


def alternating(measure_new, measure_old, runs):
    """`runs` pairs (new, old), the one measured first alternating from pair to pair: the
    machine's speed drifts by more than the difference measured, and a pair always run in
    the same order puts the drift on one side."""
    pairs = []
    for index in range(runs):
        if index % 2 == 0:
            new = measure_new()
            pairs.append((new, measure_old()))
        else:
            old = measure_old()
            pairs.append((measure_new(), old))
    return pairs


def spread(ratios):
    return f"{min(ratios):.3f} / {statistics.median(ratios):.3f} / {max(ratios):.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="a30a3a3")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--copies", type=int, default=20, help="copies of the fixtures `morph check` goes over")
    parser.add_argument("--duration", type=float, default=3.0, help="measured seconds per load step")
    parser.add_argument("--no-check", action="store_true")
    parser.add_argument("--no-load", action="store_true")
    parser.add_argument("--control", action="store_true",
                        help="also run each load step's pairs with this build against a copy of itself: the "
                             "spread a ratio shows with nothing changed")
    args = parser.parse_args()

    folder = build(ROOT, ("morph", "morphd"))
    new_morph, new_morphd = os.path.join(folder, "morph"), os.path.join(folder, "morphd")
    (old_morph, old_morphd), resolved = baseline_binaries(args.baseline, ("morph", "morphd"))
    head = run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"new: {head}; baseline: {resolved[:7]}; {args.runs} alternating runs; ratios new / baseline, min / median / max")

    if not args.no_check:
        with tempfile.TemporaryDirectory(prefix="runtime-vs-baseline-check-") as folder:
            old_fixtures = fixtures_at(resolved, os.path.join(folder, "baseline"))
            new, old = check_instructions(new_morph, FIXTURES), check_instructions(old_morph, old_fixtures)
            print(f"- morph check --jobs 1 over the {len(os.listdir(FIXTURES)) // 3} fixtures, callgrind instructions: "
                  f"new {new / 1e6:.1f} M, baseline {old / 1e6:.1f} M, ratio {new / old:.3f}")
            new_copies = fixture_copies(FIXTURES, os.path.join(folder, "new"), args.copies)
            old_copies = fixture_copies(old_fixtures, os.path.join(folder, "old"), args.copies)
            pairs = alternating(lambda: check_seconds(new_morph, new_copies),
                                lambda: check_seconds(old_morph, old_copies), args.runs)
        recordings = args.copies * sum(1 for name in os.listdir(FIXTURES) if name.endswith(".jsonl"))
        print(f"- morph check --jobs 2 over {recordings} recordings, seconds: new "
              f"{min(n for n, _ in pairs):.2f}–{max(n for n, _ in pairs):.2f}, baseline "
              f"{min(o for _, o in pairs):.2f}–{max(o for _, o in pairs):.2f}; ratio {spread([n / o for n, o in pairs])}")

    if not args.no_load:
        if not LOADGEN.is_file():
            raise SystemExit(f"{LOADGEN} is missing (make loadgen builds it)")
        steps = [("500 sessions, deltas", ["--sessions", "500", "--deltas"]),
                 ("2000 viewers, deltas", ["--viewers", "2000", "--deltas"])]
        with tempfile.TemporaryDirectory(prefix="runtime-vs-baseline-") as records:
            for name, arguments in steps:
                arguments = arguments + ["--duration", str(args.duration)]
                pairs = alternating(lambda: load(new_morphd, records, arguments),
                                    lambda: load(old_morphd, records, arguments), args.runs)
                fields = ["fps (median viewer)", "p99 ms", "server CPU µs/frame"]
                parts = []
                for index, field in enumerate(fields):
                    ratios = [n[index] / o[index] for n, o in pairs if o[index] > 0]
                    parts.append(f"{field} new {statistics.median(n[index] for n, _ in pairs):.1f} "
                                 f"baseline {statistics.median(o[index] for _, o in pairs):.1f}, ratio {spread(ratios)}")
                print(f"- {name}: " + "; ".join(parts))
                if args.control:
                    control = shutil.copy(new_morphd, os.path.join(records, "morphd-control"))
                    pairs = alternating(lambda: load(new_morphd, records, arguments),
                                        lambda: load(control, records, arguments), args.runs)
                    ratios = [n[2] / o[2] for n, o in pairs if o[2] > 0]
                    print(f"- {name}, control (this build against a copy of itself): server CPU µs/frame "
                          f"ratio {spread(ratios)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
