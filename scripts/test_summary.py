#!/usr/bin/env python3
"""Runs a test command, counts its tests and skips, and refuses skips under CI.

    test_summary.py run SUITE -- COMMAND...   run COMMAND, echo its output, record the counts
    test_summary.py report SUITE...            print every suite's counts and the total
    test_summary.py reset                      forget earlier runs

Counts come from the runners' own summaries: XCTest's `Executed N tests, with K tests
skipped`, Swift Testing's `Test run with N tests` and one `Test x() skipped` line per skip,
Python unittest's `Ran N tests` and `OK (skipped=K)`, and node --test's `# tests N` and
`# skip K`. A command whose output has none of these fails (it did not run what we think).

With CI set (and not "0"), `run` exits 1 when the command skipped any test even if it passed,
and `report` exits 1 when any suite skipped a test or did not report: a skipped test in CI
is a test that did not run. Records live in artifacts/test-summary/.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

RECORDS = Path(__file__).resolve().parent.parent / "artifacts" / "test-summary"

XCTEST = re.compile(r"Executed (\d+) tests?, with (\d+) tests? skipped and (\d+) failures?")
SWIFT_TESTING_RUN = re.compile(r"Test run with (\d+) tests?")
# "➜ Test b() skipped." / "➜ Test b() skipped: "why"" (and a whole suite: "➜ Suite S skipped.")
SWIFT_TESTING_SKIP = re.compile(r"^\S+ (?:Test|Suite) (?!Case ')(\S.*?) skipped(?:\.|: .*)$")
UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in ")
UNITTEST_RESULT = re.compile(r"^(?:OK|FAILED) ?\((.*)\)\s*$")
UNITTEST_SKIP_LINE = re.compile(r"^(\S+) \((.+?)\)(?: \.\.\.)? skipped (.*)$")
NODE = re.compile(r"^# (tests|skip|skipped|todo) (\d+)\s*$")


def in_ci():
    value = os.environ.get("CI", "")
    return value not in ("", "0", "false")


def parse(lines):
    """{'tests': N, 'skipped': K, 'skips': [names]} from a runner's output, or None."""
    tests = skipped = 0
    found = False
    skips = []
    last_xctest = None
    for line in lines:
        match = XCTEST.search(line)
        if match:
            last_xctest = match  # per-suite lines come first; the last is "All tests"
            continue
        match = SWIFT_TESTING_RUN.search(line)
        if match:
            tests += int(match.group(1))
            found = True
            continue
        match = SWIFT_TESTING_SKIP.search(line)
        if match:
            skipped += 1
            skips.append(match.group(1))
            continue
        if "Test Case '" in line and "' skipped" in line:
            skips.append(line.split("'")[1])
            continue
        match = UNITTEST_RAN.search(line)
        if match:
            tests += int(match.group(1))
            found = True
            continue
        match = UNITTEST_RESULT.search(line)
        if match:
            for part in match.group(1).split(","):
                key, _, value = part.strip().partition("=")
                if key in ("skipped", "expected failures") and value.isdigit():
                    skipped += int(value)
            continue
        match = UNITTEST_SKIP_LINE.search(line)
        if match:
            skips.append(f"{match.group(2)}: {match.group(3)}")
            continue
        match = NODE.search(line)
        if match:
            found = True
            if match.group(1) == "tests":
                tests += int(match.group(2))
            else:
                skipped += int(match.group(2))
    if last_xctest:
        found = True
        tests += int(last_xctest.group(1))
        skipped += int(last_xctest.group(2))
    return {"tests": tests, "skipped": skipped, "skips": skips} if found else None


def run(suite, command):
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines = []
    for raw in process.stdout:
        text = raw.decode("utf-8", errors="replace")
        sys.stdout.write(text)
        sys.stdout.flush()
        lines.append(text.rstrip("\n"))
    status = process.wait()
    counts = parse(lines)
    RECORDS.mkdir(parents=True, exist_ok=True)
    if counts is None:
        print(f"test_summary: {suite}: no test summary in the output of {' '.join(command)}", file=sys.stderr)
        return status or 1
    counts["status"] = status
    (RECORDS / f"{suite}.json").write_text(json.dumps(counts))
    print(f"test_summary: {suite}: {counts['tests']} tests, {counts['skipped']} skipped")
    if counts["skipped"] and in_ci():
        print(f"test_summary: {suite}: {counts['skipped']} test(s) skipped under CI, which fails the run:",
              file=sys.stderr)
        for name in counts["skips"]:
            print(f"  skipped: {name}", file=sys.stderr)
        return status or 1
    return status


def report(suites):
    total_tests = total_skipped = 0
    problems = []
    for suite in suites:
        path = RECORDS / f"{suite}.json"
        if not path.exists():
            problems.append(f"{suite} did not report")
            print(f"  {suite:<10} no record")
            continue
        counts = json.loads(path.read_text())
        total_tests += counts["tests"]
        total_skipped += counts["skipped"]
        print(f"  {suite:<10} {counts['tests']:>6} tests {counts['skipped']:>4} skipped")
        if counts["skipped"]:
            problems.append(f"{suite} skipped {counts['skipped']}")
    print(f"  {'total':<10} {total_tests:>6} tests {total_skipped:>4} skipped")
    if problems and in_ci():
        print(f"test_summary: failing under CI: {'; '.join(problems)}", file=sys.stderr)
        return 1
    return 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    if argv[0] == "run" and len(argv) >= 4 and argv[2] == "--":
        return run(argv[1], argv[3:])
    if argv[0] == "report" and len(argv) >= 2:
        return report(argv[1:])
    if argv[0] == "reset" and len(argv) == 1:
        for path in RECORDS.glob("*.json"):
            path.unlink()
        return 0
    print(f"test_summary: bad arguments {' '.join(argv)}\n\n{__doc__.strip()}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
