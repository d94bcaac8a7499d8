#!/usr/bin/env python3
"""`python3 -m unittest` with the time each test and each class took, printed just before the
runner's own closing lines ("Ran N tests in T", "OK"/"FAILED"), which stay as they are for
scripts/test_summary.py.

    unittest_timed.py discover -s Tests/browser -v      (any `python3 -m unittest` arguments)

A test's time runs from the end of the test before it, so a class's setUpClass (a server, a
browser) counts towards its first test and the class's total. UNITTEST_SLOWEST (default 10)
is how many of the slowest tests are listed.
"""
import os
import sys
import time
import unittest


class TimedResult(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.last_stop = time.monotonic()
        self.durations: list[tuple[float, str, str]] = []

    def stopTest(self, test):
        super().stopTest(test)
        now = time.monotonic()
        self.durations.append((now - self.last_stop, type(test).__qualname__, test.id()))
        self.last_stop = now

    def printErrors(self):
        super().printErrors()
        if not self.durations:
            return
        classes: dict[str, float] = {}
        for seconds, _, test_id in self.durations:
            key = test_id.rsplit(".", 1)[0]
            classes[key] = classes.get(key, 0.0) + seconds
        self.stream.writeln(self.separator2)
        self.stream.writeln("Time per class (setUpClass counts towards its first test):")
        for key, seconds in sorted(classes.items(), key=lambda item: -item[1]):
            self.stream.writeln(f"  {seconds:8.2f} s  {key}")
        slowest = int(os.environ.get("UNITTEST_SLOWEST", "10"))
        self.stream.writeln(f"Slowest {min(slowest, len(self.durations))} tests:")
        for seconds, _, test_id in sorted(self.durations, reverse=True)[:slowest]:
            self.stream.writeln(f"  {seconds:8.2f} s  {test_id}")


class TimedRunner(unittest.TextTestRunner):
    resultclass = TimedResult


if __name__ == "__main__":
    sys.argv[0] = "python3 -m unittest"
    sys.path[0] = ""  # as `python3 -m unittest`: modules named on the command line come from the cwd
    unittest.main(module=None, testRunner=TimedRunner)
