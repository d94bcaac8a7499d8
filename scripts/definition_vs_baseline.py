#!/usr/bin/env python3
"""The seeds' frame build through the component-file runtime against the Swift components of
an older commit (issue 29: the file path must be no slower than the Swift one it replaces).

Builds `morph-bench` in release mode here and at BASELINE (default a30a3a3, the last commit
with the Swift seed components) in a worktree under `.build/definition-baseline/`, whose
binary is kept, so a second run builds only this checkout. Then, per seed:

- callgrind K instructions per frame, this checkout's `file` side and the baseline's `swift`
  side: `morph-bench definition-profile N NAME SIDE` (stripped copies: valgrind cannot read
  the toolchain's debug info), SWIFT_DETERMINISTIC_HASHING=1, (count(12) - count(2)) / 210
  frames (21 frames a pass);
- wall-clock µs per frame of the same command, (time(N) - time(N/10)) / (0.9 N * 21), the two
  binaries run alternately, min / median / max of the ratios new file / baseline swift.

- callgrind K instructions per tick of morphd's work on *moving* frames: `morph-bench
  frames-profile N COMPONENT` plays a fixture recording at 60 Hz, building, encoding and
  diffing each frame, (count(12) - count(2)) / (10 * frames a pass). The fixed poses above find
  every kept part; this is the figure the server's CPU follows. The baseline reads its own
  commit's fixtures, extracted where its binary looks for them. Then the same with this
  checkout running the baseline's own component files (`frames-profile N COMPONENT FILE`):
  the files have grown since (fidelity fixes), and on the same files the frames are the
  baseline's, byte for byte, so that ratio is the runtime's alone.

This checkout is always run with `file` and the baseline with `swift`, so the script keeps
working once the Swift seeds are gone. The bottom sheet (a file only) is measured on its own.

usage: scripts/definition_vs_baseline.py [--baseline COMMIT] [--runs K] [--passes N]
       [--no-callgrind] [--no-wall] [--no-moving] [--names a,b]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = ["morph-container", "hero-card", "curtain"]
FILE_ONLY = ["bottom-sheet"]
FRAMES_PER_PASS = 21
NICE = ["nice", "-n", "10"]


def run(command, cwd=ROOT, **kwargs):
    return subprocess.run(command, cwd=cwd, check=True, **kwargs)


def build(directory, products=("morph-bench",)):
    """Builds the release `products` in `directory`; returns the folder they are in."""
    for product in products:
        run(NICE + ["swift", "build", "-c", "release", "--product", product], cwd=directory)
    out = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=directory, check=True, capture_output=True, text=True
    ).stdout.strip()
    return out


def baseline_binaries(commit, products=("morph-bench",)):
    """The baseline's release `products`, built once per commit and kept under .build/;
    returns their paths (in the order asked) and the resolved commit."""
    resolved = run(["git", "rev-parse", "--verify", commit + "^{commit}"], capture_output=True, text=True).stdout.strip()
    cache = os.path.join(ROOT, ".build", "definition-baseline")
    binaries = [os.path.join(cache, f"{product}-{resolved[:12]}") for product in products]
    missing = [product for product, binary in zip(products, binaries) if not os.path.exists(binary)]
    if not missing:
        return binaries, resolved
    os.makedirs(cache, exist_ok=True)
    tree = os.path.join(cache, f"tree-{resolved[:12]}")
    if os.path.isdir(tree) and not os.path.exists(os.path.join(tree, ".git")):
        shutil.rmtree(tree)  # only the fixtures `baseline_fixtures` extracted
    if not os.path.isdir(tree):
        run(["git", "worktree", "add", "--detach", tree, resolved])
    try:
        folder = build(tree, missing)
        for product in missing:
            binary = os.path.join(cache, f"{product}-{resolved[:12]}")
            shutil.copy2(os.path.join(folder, product), binary + ".tmp")
            os.replace(binary + ".tmp", binary)
    finally:
        # The binaries are what is kept; the worktree and its build folder go.
        run(["git", "worktree", "remove", "--force", tree])
    return binaries, resolved


def stripped(binary, directory, name):
    copy = os.path.join(directory, name)
    shutil.copy2(binary, copy)
    run(["objcopy", "--strip-debug", copy])
    return copy


def callgrind_total(command, out):
    """The instructions callgrind counts running `command` (a stripped binary first)."""
    subprocess.run(
        NICE + ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + command,
        check=True, capture_output=True, env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
    with open(out) as f:
        for line in f:
            match = re.match(r"^(?:summary|totals):\s+(\d+)", line)
            if match:
                return int(match.group(1))
    raise RuntimeError(f"no total in {out}")


def k_per_frame(binary, case, arguments, frames_per_pass, directory):
    """K instructions a frame of `morph-bench CASE N ARGUMENTS...`: (count(12) - count(2)) /
    (10 * frames_per_pass), so the start-up both runs share cancels out."""
    def total(passes):
        out = os.path.join(directory, f"callgrind-{os.path.basename(binary)}-{case}-{'-'.join(map(os.path.basename, arguments))}-{passes}.out")
        return callgrind_total([binary, case, str(passes), *arguments], out)
    return (total(12) - total(2)) / (10 * frames_per_pass) / 1000


def seconds(binary, name, side, passes):
    start = time.perf_counter()
    subprocess.run(NICE + [binary, "definition-profile", str(passes), name, side], check=True, capture_output=True)
    return time.perf_counter() - start


def us_per_frame(binary, name, side, passes):
    small = max(1, passes // 10)
    return (seconds(binary, name, side, passes) - seconds(binary, name, side, small)) / (
        (passes - small) * FRAMES_PER_PASS) * 1e6


MOVING = [("morph-container", "container"), ("hero-card", "hero"), ("curtain", "curtain")]
FIXTURES = "Tests/MorphKitTests/__Fixtures__/recordings"


def baseline_fixtures(resolved):
    """Extracts the baseline's fixture recordings where its `morph-bench` looks for them (the
    source tree it was built in, by `#filePath`, which `baseline_binaries` removed)."""
    tree = os.path.join(ROOT, ".build", "definition-baseline", f"tree-{resolved[:12]}")
    if os.path.isdir(os.path.join(tree, FIXTURES)):
        return
    os.makedirs(tree, exist_ok=True)
    archive = subprocess.run(["git", "archive", resolved, FIXTURES], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)


def moving_frames_per_pass(binary, label):
    printed = subprocess.run([binary, "frames-profile", "1", label], check=True, capture_output=True, text=True).stdout
    match = re.search(r"built (\d+) frames", printed)
    if not match or int(match.group(1)) == 0:
        raise RuntimeError(f"{binary} frames-profile {label} built no frames: {printed.strip()}")
    return int(match.group(1))


def k_per_moving_frame(binary, label, directory, file=None):
    extra = [file] if file else []
    return k_per_frame(binary, "frames-profile", [label, *extra], moving_frames_per_pass(binary, label), directory)


def baseline_component_file(resolved, name, directory):
    """The built-in file `name` as the baseline shipped it, beside its Swift component."""
    path = os.path.join(directory, f"{name}-{resolved[:12]}.json")
    with open(path, "wb") as f:
        f.write(run(["git", "show", f"{resolved}:Sources/MorphKit/BuiltIn/{name}.json"], capture_output=True).stdout)
    return path


def spread(values, fmt):
    ordered = sorted(values)
    return " / ".join(fmt.format(v) for v in (ordered[0], statistics.median(ordered), ordered[-1]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="a30a3a3")
    parser.add_argument("--runs", type=int, default=7, help="wall-clock pairs per seed")
    parser.add_argument("--passes", type=int, default=3000, help="passes of 21 frames per timed run")
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--no-wall", action="store_true")
    parser.add_argument("--no-moving", action="store_true", help="skip the moving frames per tick")
    parser.add_argument("--names", default=",".join(SEEDS + FILE_ONLY))
    args = parser.parse_args()
    names = [n for n in args.names.split(",") if n]

    new = os.path.join(build(ROOT), "morph-bench")
    (base,), resolved = baseline_binaries(args.baseline)
    head = run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True).stdout.strip()
    print(f"new: {head}{' (modified)' if dirty else ''}; baseline: {resolved[:7]} (its Swift components)")

    if not (args.no_callgrind and args.no_moving):
        with tempfile.TemporaryDirectory(prefix="morph-definition-") as directory:
            new_copy = stripped(new, directory, "new")
            base_copy = stripped(base, directory, "base")
            if not args.no_callgrind:
                print("callgrind K instructions per frame: new file | baseline swift | ratio")
                swift_ks = {}
                for name in names:
                    file_k = k_per_frame(new_copy, "definition-profile", [name, "file"], FRAMES_PER_PASS, directory)
                    if name in SEEDS:
                        swift_k = k_per_frame(base_copy, "definition-profile", [name, "swift"], FRAMES_PER_PASS,
                                              directory)
                        swift_ks[name] = swift_k
                        print(f"  {name:16} {file_k:7.1f} | {swift_k:7.1f} | {file_k / swift_k:.3f}", flush=True)
                    else:
                        print(f"  {name:16} {file_k:7.1f} | (file only)", flush=True)
                # As below for moving frames: the baseline's own files through today's runtime,
                # so this ratio is the runtime's alone.
                print("  the same, today's runtime building the baseline's own files: new | baseline | ratio")
                for name in [n for n in names if n in SEEDS]:
                    file = baseline_component_file(resolved, name, directory)
                    file_k = k_per_frame(new_copy, "definition-profile", [name, "file", file], FRAMES_PER_PASS,
                                         directory)
                    swift_k = swift_ks[name]
                    print(f"  {name:16} {file_k:7.1f} | {swift_k:7.1f} | {file_k / swift_k:.3f}", flush=True)
            if not args.no_moving:
                baseline_fixtures(resolved)
                print("callgrind K instructions per tick, moving frames (build, encode, deltas): new | baseline | ratio")
                for name, label in [(n, l) for n, l in MOVING if n in names]:
                    new_k = k_per_moving_frame(new_copy, label, directory)
                    base_k = k_per_moving_frame(base_copy, label, directory)
                    print(f"  {name:16} {new_k:7.1f} | {base_k:7.1f} | {new_k / base_k:.3f}", flush=True)
                # The files have grown since the baseline (fidelity: the curtain's truncating
                # stack and effect frame); the baseline's own files through today's runtime
                # draw the baseline's frames, so this ratio is the runtime's alone.
                print("  the same, today's runtime running the baseline's own files: new | baseline | ratio")
                for name, label in [(n, l) for n, l in MOVING if n in names]:
                    file = baseline_component_file(resolved, name, directory)
                    new_k = k_per_moving_frame(new_copy, label, directory, file)
                    base_k = k_per_moving_frame(base_copy, label, directory)
                    print(f"  {name:16} {new_k:7.1f} | {base_k:7.1f} | {new_k / base_k:.3f}", flush=True)

    if not args.no_wall:
        print(f"wall clock µs per frame ({args.runs} alternating pairs, {args.passes} passes): "
              "new file | baseline swift | ratio, min / median / max")
        for name in [n for n in names if n in SEEDS]:
            files, swifts, ratios = [], [], []
            for run_index in range(args.runs):
                # Each pair's order swapped, so a machine getting busier hits both alike.
                if run_index % 2 == 0:
                    f = us_per_frame(new, name, "file", args.passes)
                    s = us_per_frame(base, name, "swift", args.passes)
                else:
                    s = us_per_frame(base, name, "swift", args.passes)
                    f = us_per_frame(new, name, "file", args.passes)
                files.append(f)
                swifts.append(s)
                ratios.append(f / s)
            print(f"  {name:16} {spread(files, '{:.2f}')} | {spread(swifts, '{:.2f}')} | {spread(ratios, '{:.3f}')}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
