"""Several morphd behind a real nginx (deploy/nginx.conf, rendered by deploy/cluster.py):
sessions placed by hashing their id, joins that find them, an instance killed with SIGKILL,
and recordings shared through one folder.

    python3 -m unittest Tests/integration/test_cluster.py -v

Each test starts three morphd (ports picked by the kernel, one shared --record-dir) and
Debian's nginx on a free loopback port (Tests/support/cluster_fixture.py); a missing nginx
fails the test. Where a session lives is found by asking every morphd directly (`join`
answers `session` only where it is).
Every wait is bounded; no test asserts on speed.
"""

import asyncio
import http.client
import json
import random
import string
import sys
import unittest
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from cluster_fixture import LoopbackCluster  # noqa: E402

STEP = 10.0  # seconds any single wait may take before the test fails
ALPHABET = string.ascii_lowercase + string.digits
COMPONENT = "morph-container"


def fixed_ids(count: int, seed: int) -> list[str]:
    """Session ids as the page proposes them (16 lowercase letters and digits), but fixed."""
    generator = random.Random(seed)
    return ["".join(generator.choice(ALPHABET) for _ in range(16)) for _ in range(count)]


async def answer(ws, types: set[str]) -> dict:
    """The next message whose type is in `types` (frames and the like are skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), STEP))
        if message["type"] in types:
            return message


class ClusterTests(unittest.IsolatedAsyncioTestCase):
    def setUp(self):
        self.cluster = LoopbackCluster(f"cluster-{self._testMethodName}").start()
        self.addCleanup(self.cluster.stop)
        self.instances, self.nginx = self.cluster.instances, self.cluster.nginx
        self.sockets = []

    async def asyncSetUp(self):
        # unittest runs the loop in debug mode, which logs every slow step of 300 sessions.
        asyncio.get_running_loop().set_debug(False)

    async def asyncTearDown(self):
        for ws in self.sockets:
            await ws.close()

    def routed(self, session: str) -> str:
        return self.cluster.routed(session)

    async def viewer(self, url: str):
        ws = await connect(url, subprotocols=["morph.v1"], open_timeout=STEP, max_size=None)
        self.sockets.append(ws)
        return ws

    async def open_routed(self, session: str):
        """A viewer that opens `session` through nginx; the proposal must be taken."""
        ws = await self.viewer(self.routed(session))
        await ws.send(json.dumps({"type": "open", "component": COMPONENT, "session": session}))
        reply = await answer(ws, {"session", "error"})
        self.assertEqual((reply["type"], reply.get("session")), ("session", session))
        return ws

    async def open_many(self, sessions: list[str]) -> list:
        gate = asyncio.Semaphore(50)

        async def one(session):
            async with gate:
                return await self.open_routed(session)
        return await asyncio.gather(*(one(session) for session in sessions))

    async def test_sessions_spread_over_the_instances_and_every_join_finds_its_session(self):
        sessions = fixed_ids(300, seed=13)
        await self.open_many(sessions)
        found = await self.cluster.placement(sessions)
        self.assertTrue(all(len(where) == 1 for where in found.values()),
                        [session for session, where in found.items() if len(where) != 1])
        counts = [sum(where == [index] for where in found.values()) for index in range(3)]
        print(f"\n  300 sessions over three morphd: {counts}", file=sys.stderr)
        for count in counts:
            self.assertTrue(50 <= count <= 150, f"sessions per instance {counts}: none may hold > 1/2 or < 1/6")

        gate = asyncio.Semaphore(50)

        async def join(session):
            async with gate:
                ws = await self.viewer(self.routed(session))
                await ws.send(json.dumps({"type": "join", "session": session}))
                reply = await answer(ws, {"session", "error"})
                self.assertEqual((reply["type"], reply.get("session")), ("session", session))
                frame = await answer(ws, {"frame"})
                self.assertEqual(frame["session"], session)
                await ws.close()
        await asyncio.gather(*(join(session) for session in sessions))

    async def test_the_page_is_served_by_morphd_through_nginx(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.nginx.port, timeout=STEP)
        connection.request("GET", "/", headers={"Host": f"127.0.0.1:{self.nginx.port}"})
        response = connection.getresponse()
        body = response.read().decode()
        connection.close()
        self.assertEqual(response.status, 200)
        self.assertIn('<canvas id="canvas"', body)
        # The page's own origin may open a WebSocket through nginx (morphd's OriginPolicy).
        ws = await connect(self.routed(fixed_ids(1, seed=5)[0]), subprotocols=["morph.v1"], open_timeout=STEP,
                           additional_headers={"Origin": f"http://127.0.0.1:{self.nginx.port}"})
        self.sockets.append(ws)
        await ws.send(json.dumps({"type": "hello", "protocol": "morph.v1", "client": "cluster test"}))
        self.assertEqual((await answer(ws, {"welcome"}))["protocol"], "morph.v1")

    async def test_a_killed_instance_drops_only_its_viewers_and_new_sessions_open_elsewhere(self):
        sessions = fixed_ids(30, seed=21)
        viewers = dict(zip(sessions, await self.open_many(sessions)))
        found = await self.cluster.placement(sessions)
        counts = [sum(where == [index] for where in found.values()) for index in range(3)]
        victim = counts.index(max(counts))
        doomed = [session for session in sessions if found[session] == [victim]]
        survivors = [session for session in sessions if found[session] != [victim]]

        self.instances[victim].process.kill()  # SIGKILL: no close frame, no goodbye
        self.instances[victim].process.wait(STEP)

        for session in doomed:
            ws = viewers[session]
            with self.assertRaises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), STEP)
            self.assertEqual(ws.close_code, 1006, f"viewer of {session} on the killed instance")
        for number, session in enumerate(survivors):
            ws = viewers[session]
            await ws.send(json.dumps({"type": "ping", "id": number}))
            pong = await answer(ws, {"pong", "error"})
            self.assertEqual((pong["type"], pong["id"]), ("pong", number), f"viewer of {session} noticed")
            self.assertIsNone(ws.close_code)

        # What the page does after a 1006: a fresh session through nginx. Ids that hashed to
        # the dead instance open too: one refused connect takes it out (passive health
        # check) and their requests move along the ring.
        fresh = fixed_ids(20, seed=34)
        await self.open_many(doomed + fresh)
        refused = self.nginx.error_log().count("connect() failed (111")
        self.assertGreaterEqual(refused, 1)
        self.assertIn("upstream server temporarily disabled", self.nginx.error_log())
        # While it is out, nginx does not try it again: joins of those ids go straight to
        # where they now live.
        for session in doomed:
            ws = await self.viewer(self.routed(session))
            await ws.send(json.dumps({"type": "join", "session": session}))
            self.assertEqual((await answer(ws, {"session", "error"})).get("session"), session)
        self.assertEqual(self.nginx.error_log().count("connect() failed (111"), refused)
        live = [index for index in range(3) if index != victim]
        moved = await self.cluster.placement(doomed + fresh, live)
        self.assertTrue(all(len(where) == 1 for where in moved.values()), moved)

    async def test_a_recording_made_on_one_instance_replays_from_another(self):
        session = fixed_ids(1, seed=55)[0]
        ws = await self.open_routed(session)
        [home] = (await self.cluster.placement([session]))[session]
        await ws.send(json.dumps({"type": "record", "action": "start"}))
        self.assertEqual((await answer(ws, {"recording"}))["state"], "started")
        await ws.send(json.dumps({"type": "input", "event": {"kind": "tap", "x": 195, "y": 300}}))
        await ws.send(json.dumps({"type": "record", "action": "stop"}))
        stopped = await answer(ws, {"recording"})
        self.assertEqual(stopped["state"], "stopped")
        # Any client may list the names: they carry a token of their own, never the session id.
        self.assertNotIn(session, stopped["name"])

        other = self.instances[(home + 1) % 3]
        replayer = await self.viewer(other.url)
        await replayer.send(json.dumps({"type": "recordings"}))
        listed = await answer(replayer, {"recordings"})
        self.assertIn((stopped["name"], COMPONENT), [(item["name"], item["component"]) for item in listed["items"]])
        proposal = fixed_ids(1, seed=89)[0]
        await replayer.send(json.dumps({"type": "replay", "name": stopped["name"], "session": proposal}))
        replayed = await answer(replayer, {"session", "error"})
        self.assertEqual((replayed["type"], replayed["session"], replayed["component"]), ("session", proposal, COMPONENT))
        frame = await answer(replayer, {"frame"})
        self.assertEqual(frame["session"], proposal)


if __name__ == "__main__":
    unittest.main()
