#!/usr/bin/env python3
"""Runs make targets in lanes: the targets of one lane one after another, the lanes side by
side, so a 2-core machine keeps both cores busy (`make test`).

    run_suites.py [--logs DIR] [--nice N,N,...] "lint test-swift" "test-browser" "test-server" ...

Each target runs as `make --no-print-directory TARGET NO_PREREQS=1` (the caller has already
run deps and the build once) with its output in DIR/TARGET.log (default
artifacts/test-logs); a finished target's whole log is printed at once, so lanes never
interleave. Every target runs even after another failed; at the end a table gives each
target's result and wall time, and the exit status is 1 if any failed. --nice gives each lane
its niceness in order (missing ones run at 0): CPU-bound work yields to suites that drive
real-time input (pointer flicks, animations), whose timing a saturated CPU would distort.
"""
import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


class Lanes:
    def __init__(self, logs: Path):
        self.logs = logs
        self.niceness: dict[str, int] = {}
        self.print_lock = threading.Lock()
        self.results: list[tuple[str, int, float]] = []

    def run_target(self, target: str) -> None:
        log_path = self.logs / f"{target}.log"
        start = time.monotonic()
        with open(log_path, "wb") as log:
            command = ["make", "--no-print-directory", target, "NO_PREREQS=1"]
            if self.niceness.get(target):
                command = ["nice", "-n", str(self.niceness[target]), *command]
            status = subprocess.call(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
        seconds = time.monotonic() - start
        verdict = "passed" if status == 0 else f"FAILED (exit {status})"
        with self.print_lock:
            self.results.append((target, status, seconds))
            sys.stdout.write(f"\n==> {target} ({log_path.relative_to(REPO)})\n")
            sys.stdout.write(log_path.read_text(errors="replace"))
            sys.stdout.write(f"==> {target}: {verdict} in {seconds:.0f} s\n")
            sys.stdout.flush()

    def run_lane(self, targets: list[str]) -> None:
        for target in targets:
            self.run_target(target)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=Path, default=REPO / "artifacts" / "test-logs")
    parser.add_argument("--nice", default="", help="each lane's niceness, comma-separated (default 0)")
    parser.add_argument("lanes", nargs="+", help="space-separated make targets, run in order")
    args = parser.parse_args()
    args.logs.mkdir(parents=True, exist_ok=True)
    lanes = Lanes(args.logs)
    for lane, niceness in zip(args.lanes, [int(n) for n in args.nice.split(",") if n]):
        lanes.niceness.update({target: niceness for target in lane.split()})
    start = time.monotonic()
    threads = [threading.Thread(target=lanes.run_lane, args=(lane.split(),)) for lane in args.lanes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"\nrun_suites: wall time per target ({len(args.lanes)} lanes side by side)")
    for target, status, seconds in lanes.results:
        print(f"  {target:<14} {seconds:6.0f} s  {'ok' if status == 0 else 'FAILED'}")
    print(f"  {'all lanes':<14} {time.monotonic() - start:6.0f} s")
    failed = [target for target, status, _ in lanes.results if status != 0]
    if failed:
        print(f"run_suites: failed: {' '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
