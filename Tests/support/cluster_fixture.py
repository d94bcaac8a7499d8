"""Three real morphd behind Debian's nginx on loopback, for the cluster tests (integration
and browser): deploy/nginx.conf rendered by deploy/cluster.py, morphd from the shared
fixtures (ports picked by the kernel, one shared --record-dir, logs in artifacts/morphd/),
nginx's config and logs in artifacts/cluster/<name>/. A missing nginx fails, never skips.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import tempfile
from pathlib import Path

from websockets.asyncio.client import connect

from morph_fixtures import ARTIFACTS, REPO, MorphdProcess, free_port

sys.path.insert(0, str(REPO / "deploy"))
from cluster import Nginx  # noqa: E402

WAIT = 10.0  # seconds any single answer may take
# How long nginx keeps a failed morphd out: longer than deploy's 10 s, so a test on a busy
# machine finishes inside it and can count nginx's connect attempts.
FAIL_TIMEOUT = "60s"
# The least time between two joins of `placement` on one connection: morphd admits 1000
# messages a second a connection (burst 200) and drops the rest, answering `rate-limited`
# at most once a second (schemas/protocol.md). Joins answered in a tenth of a millisecond
# pass that after 200 or so, and a dropped join is never answered.
JOIN_INTERVAL = 0.001


class LoopbackCluster:
    """`instances` morphd and one nginx; `base_url` is the page through nginx."""

    def __init__(self, name: str, instances: int = 3):
        self.name, self.count = name, instances
        self.records = tempfile.mkdtemp(prefix="morph-cluster-records-")
        self.instances: list[MorphdProcess] = []
        self.nginx: Nginx | None = None

    def start(self) -> "LoopbackCluster":
        try:
            for index in range(1, self.count + 1):
                instance = MorphdProcess("--record-dir", self.records, "--max-clients", "1000",
                                         "--web-root", str(REPO / "web-preview"), name=f"{self.name}-{index}")
                self.instances.append(instance)
                instance.start()
            prefix = ARTIFACTS / "cluster" / self.name
            shutil.rmtree(prefix, ignore_errors=True)
            self.nginx = Nginx(free_port(), [instance.port for instance in self.instances], prefix, FAIL_TIMEOUT)
            self.nginx.start()
        except BaseException:
            self.stop()
            raise
        return self

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.nginx.port}/"

    def routed(self, session: str) -> str:
        """The WebSocket URL of `session` through nginx."""
        return f"ws://127.0.0.1:{self.nginx.port}/?session={session}"

    def stop(self) -> None:
        if self.nginx:
            self.nginx.stop()
        for instance in self.instances:
            instance.stop()
        shutil.rmtree(self.records, ignore_errors=True)

    async def placement(self, sessions: list[str], indexes: list[int] | None = None) -> dict[str, list[int]]:
        """For each session, the indexes of the morphd that hold it, asked directly: `join`
        answers `session` only on the morphd that has it (`unknown-session` elsewhere). The
        joins keep within morphd's message rate (`JOIN_INTERVAL`); one dropped over it fails."""
        found = {session: [] for session in sessions}

        async def ask(index: int) -> None:
            async with connect(self.instances[index].url, subprotocols=["morph.v1"], open_timeout=WAIT,
                               max_size=None) as ws:
                loop = asyncio.get_running_loop()
                for session in sessions:
                    sent = loop.time()
                    await ws.send(json.dumps({"type": "join", "session": session}))
                    while True:
                        reply = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                        if reply.get("code") == "rate-limited":
                            raise AssertionError(f"morphd {index} dropped the join of {session}: {reply['message']}")
                        if reply["type"] == "session" or reply.get("code") == "unknown-session":
                            break
                    if reply["type"] == "session":
                        found[session].append(index)
                    await asyncio.sleep(max(0.0, sent + JOIN_INTERVAL - loop.time()))
        await asyncio.gather(*(ask(index) for index in (indexes if indexes is not None else range(self.count))))
        return found
