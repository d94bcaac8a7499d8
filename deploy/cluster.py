#!/usr/bin/env python3
"""nginx and several morphd on loopback, as `make cluster` runs them.

    python3 deploy/cluster.py [--port 8080] [--instances 3] [--morphd .build/release/morphd]
                              [--record-dir DIR] [--state .build/cluster]

morphd instance i listens on 127.0.0.1:(port + i), all sharing one --record-dir (by default
the folder a lone morphd records into: morph/recordings under $XDG_DATA_HOME, else under
~/.local/share; never inside the checkout); nginx
listens on 127.0.0.1:port with deploy/nginx.conf rendered for them. Runs in the foreground;
Ctrl-C (or SIGTERM) stops every process it started. Tests/integration/test_cluster.py uses
`render_nginx_config` and `Nginx` from here, so the test runs the configuration that ships.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

DEPLOY = Path(__file__).resolve().parent
REPO = DEPLOY.parent
TEMPLATE = DEPLOY / "nginx.conf"
# Passive health check: one failed connect takes a morphd out for this long.
MAX_FAILS, FAIL_TIMEOUT = 1, "10s"


def render_nginx_config(listen_port: int, upstream_ports: list[int], prefix: Path,
                        fail_timeout: str = FAIL_TIMEOUT) -> str:
    """deploy/nginx.conf with its placeholders filled in for loopback ports."""
    servers = "\n".join(
        f"        server 127.0.0.1:{port} max_fails={MAX_FAILS} fail_timeout={fail_timeout};"
        for port in upstream_ports)
    text = TEMPLATE.read_text()
    for key, value in {"@PREFIX@": str(prefix), "@LISTEN@": f"127.0.0.1:{listen_port}",
                       "@SERVERS@": servers}.items():
        text = text.replace(key, value)
    return text


def wait_for_port(port: int, process: subprocess.Popen, what: str, timeout: float = 30.0) -> None:
    """Returns once something accepts on 127.0.0.1:port; fails if `process` exits first."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start listening on port {port}")
        time.sleep(0.05)


def nginx_binary() -> str:
    """Debian's nginx (`make deps` installs it); a missing one is an error, never a skip."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not found:
        raise RuntimeError("nginx is not installed (make deps installs Debian's)")
    return found


class Nginx:
    """nginx in the foreground with a rendered config under `prefix` (logs, pid, temp)."""

    def __init__(self, listen_port: int, upstream_ports: list[int], prefix: Path, fail_timeout: str = FAIL_TIMEOUT):
        self.port, self.upstream_ports, self.prefix = listen_port, upstream_ports, prefix
        self.fail_timeout = fail_timeout
        self.process: subprocess.Popen | None = None

    def start(self) -> "Nginx":
        (self.prefix / "temp").mkdir(parents=True, exist_ok=True)
        config = self.prefix / "nginx.conf"
        config.write_text(render_nginx_config(self.port, self.upstream_ports, self.prefix, self.fail_timeout))
        binary = nginx_binary()
        # -e: the error log before the config is read (the default path may not be writable).
        command = [binary, "-p", str(self.prefix), "-c", str(config), "-e", str(self.prefix / "error.log")]
        check = subprocess.run([*command, "-t"], capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(f"nginx rejected {config}:\n{check.stderr}")
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        wait_for_port(self.port, self.process, "nginx")
        return self

    def error_log(self) -> str:
        path = self.prefix / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        stop_process(self.process)


def stop_process(process: subprocess.Popen | None) -> None:
    """SIGTERM (morphd and nginx both stop cleanly on it), then SIGKILL after 10 s."""
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def interrupt(*_: object) -> None:
    raise KeyboardInterrupt


def default_record_dir() -> str:
    """morphd's own default (`--record-dir` in `morphd --help`): a relative XDG_DATA_HOME is
    ignored, as the XDG specification says."""
    data = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data):
        data = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(data, "morph", "recordings")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8080, help="nginx's port; morphd i gets port + i")
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--morphd", default=str(REPO / ".build/release/morphd"))
    parser.add_argument("--record-dir", default=default_record_dir(),
                        help="shared by every morphd (default: morphd's own, %(default)s)")
    parser.add_argument("--max-clients", type=int, default=1000, help="per morphd")
    parser.add_argument("--state", default=str(REPO / ".build/cluster"), help="nginx's config, logs and temp")
    options = parser.parse_args()

    state = Path(options.state).resolve()
    state.mkdir(parents=True, exist_ok=True)
    os.makedirs(options.record_dir, exist_ok=True)
    ports = [options.port + index for index in range(1, options.instances + 1)]
    processes: list[subprocess.Popen] = []
    nginx: Nginx | None = None
    # The children run in their own sessions, so Ctrl-C reaches only this script, which then
    # stops them in order; SIGTERM does the same.
    signal.signal(signal.SIGTERM, interrupt)
    try:
        for index, port in enumerate(ports, start=1):
            log = open(state / f"morphd-{index}.log", "wb")
            process = subprocess.Popen(
                [options.morphd, "--host", "127.0.0.1", "--port", str(port), "--record-dir", options.record_dir,
                 "--max-clients", str(options.max_clients), "--web-root", str(REPO / "web-preview")],
                cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            processes.append(process)
            wait_for_port(port, process, f"morphd {index}")
        nginx = Nginx(options.port, ports, state).start()
        print(f"cluster: {len(ports)} morphd on 127.0.0.1:{ports[0]}-{ports[-1]} behind nginx; "
              f"recordings in {options.record_dir}; logs in {state}")
        print(f"cluster: open http://127.0.0.1:{options.port}/   (Ctrl-C stops all)", flush=True)
        # A morphd that dies is what the cluster is for: nginx routes around it; say so once.
        reported: set[int] = set()
        while nginx.process.poll() is None and any(process.poll() is None for process in processes):
            for index, process in enumerate(processes, start=1):
                if process.poll() is not None and index not in reported:
                    reported.add(index)
                    print(f"cluster: morphd {index} exited ({process.returncode}); its sessions are gone, "
                          "nginx sends new ones to the others", file=sys.stderr)
            time.sleep(0.5)
        print("cluster: nginx or every morphd exited; stopping", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ncluster: stopping")
        return 0
    finally:
        if nginx:
            nginx.stop()
        for process in processes:
            stop_process(process)


if __name__ == "__main__":
    sys.exit(main())
