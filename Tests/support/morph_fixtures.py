"""Fixtures shared by the integration tests (Tests/integration) and the browser tests
(Tests/browser): the built executables, free loopback ports, and a morphd process.

Both suites put this folder on `sys.path` and import from here, so there is one answer to
"which morphd runs" and one way to start and stop it.

- `executable("morphd")` is `.build/debug/morphd`, or `$MORPHD` when set (`$MORPH` for
  `morph`). A missing build, or one older than any file under `Sources/` or
  `Package.swift`, is rebuilt with `swift build --product <name>` once per test process; if
  that fails the test fails (a stale binary is never run). An executable named in the
  environment is used as it is, but must exist.
- `MorphdProcess` starts morphd on 127.0.0.1 (a port the kernel picks unless one is pinned),
  waits for its "serving" line, keeps its output in `artifacts/morphd/<name>.log`, and
  stops it with SIGTERM (then SIGKILL) so no server outlives its test. Its XDG_DATA_HOME is
  `artifacts/morphd/data`, so one started without --record-dir records there.

Nothing here skips: a missing tool raises, so the test that needed it fails.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "artifacts"
BUILD_DIR = REPO / ".build" / "debug"
# What `swift build` turns into the executables; a newer file means the build is stale.
SOURCE_ROOTS = (REPO / "Sources", REPO / "Package.swift")
SOURCE_SUFFIXES = {".swift", ".c", ".h", ".modulemap"}
BUILD_TIMEOUT = 1200.0  # a cold debug build on two busy cores takes minutes

_lock = threading.Lock()
_verified: dict[str, Path] = {}


def free_port() -> int:
    """A loopback TCP port that was free a moment ago (for a server that must be restarted
    on the same port; otherwise let the server pick with --port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def newest_source_time() -> float:
    """The newest modification time among the files `swift build` compiles."""
    newest = 0.0
    for root in SOURCE_ROOTS:
        if root.is_file():
            newest = max(newest, root.stat().st_mtime)
            continue
        for folder, _, files in os.walk(root):
            for name in files:
                if os.path.splitext(name)[1] in SOURCE_SUFFIXES:
                    newest = max(newest, os.stat(os.path.join(folder, name)).st_mtime)
    return newest


def executable(product: str) -> Path:
    """The path of a built product that is at least as new as the sources.

    Raises FileNotFoundError for a missing `$MORPHD`/`$MORPH` override and RuntimeError when
    the build cannot be brought up to date."""
    with _lock:
        if product in _verified:
            return _verified[product]
        variable = product.upper().replace("-", "_")
        override = os.environ.get(variable)
        if override:
            path = Path(override)
            if not (path.is_file() and os.access(path, os.X_OK)):
                raise FileNotFoundError(f"${variable}={override} is not an executable file")
        else:
            path = BUILD_DIR / product
            if not path.is_file() or path.stat().st_mtime < newest_source_time():
                why = "missing" if not path.is_file() else "older than the sources"
                build = subprocess.run(["swift", "build", "--product", product], cwd=REPO,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                       timeout=BUILD_TIMEOUT)
                if build.returncode != 0 or not path.is_file():
                    tail = build.stdout.decode(errors="replace")[-2000:]
                    raise RuntimeError(f"{path} is {why} and `swift build --product {product}` failed "
                                       f"(exit {build.returncode}); refusing to test a stale binary:\n{tail}")
        _verified[product] = path
        return path


class MorphdProcess:
    """One morphd on 127.0.0.1. `arguments` are passed after --host/--port; `port` pins a port
    (a restart on the same port), else morphd binds port 0 and reports the one it got."""

    SERVING = re.compile(r"morphd: serving http://[^:]+:(\d+)/")

    def __init__(self, *arguments: str, port: int | None = None, name: str = "morphd",
                 timeout: float = 30.0, environment: dict[str, str] | None = None):
        self.arguments, self.name, self.timeout = list(arguments), name, timeout
        # A server started without --record-dir records into the user's data folder; a test's
        # goes under artifacts/ instead, never into the home folder of whoever runs the tests.
        self.environment = {**os.environ, "XDG_DATA_HOME": str(ARTIFACTS / "morphd" / "data"), **(environment or {})}
        self.requested_port = port
        self.port: int | None = None
        self.process: subprocess.Popen | None = None
        self.log_path = ARTIFACTS / "morphd" / f"{name}.log"

    @property
    def url(self) -> str:
        """The WebSocket URL."""
        return f"ws://127.0.0.1:{self.port}/"

    @property
    def base_url(self) -> str:
        """The HTTP URL of the page."""
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "MorphdProcess":
        binary = executable("morphd")
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        command = [str(binary), "--host", "127.0.0.1", "--port", str(self.requested_port or 0), *self.arguments]
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                                            env=self.environment)
        deadline = time.monotonic() + self.timeout
        while True:
            found = self.SERVING.search(self.log())
            if found:
                self.port = int(found.group(1))
                return self
            if self.process.poll() is not None or time.monotonic() > deadline:
                output = self.log()
                self.stop()
                raise RuntimeError(f"morphd did not start ({' '.join(command)}):\n{output}")
            time.sleep(0.02)

    def log(self) -> str:
        """Everything the server has written so far."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # morphd shuts down cleanly on SIGTERM
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def rss_kb(self) -> int:
        """Resident memory of the server process."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0
