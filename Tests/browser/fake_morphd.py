"""A scripted morph.v1 peer for browser tests of the page's live mode, until morphd is
there (and afterwards, for cases morphd cannot be pushed into on demand). It answers as
protocol.md says and records every message the page sends."""

from __future__ import annotations

import asyncio
import json
import threading
import time

from websockets.asyncio.server import serve

from harness import free_port


class FakeMorphd:
    def __init__(self, frame_list: dict, components=("morph-container", "hero-card", "curtain")):
        self.frame_list = frame_list
        self.components = list(components)
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}/"
        self.received: list[dict] = []
        self.subprotocols: list[str | None] = []
        self.seq = 0
        self.started = time.monotonic()
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> "FakeMorphd":
        self.thread.start()
        if not self.ready.wait(10):
            raise TimeoutError("fake morphd did not start")
        return self

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self._stop.set_result, None)
        self.thread.join(10)

    def of_type(self, kind: str) -> list[dict]:
        return [m for m in self.received if m.get("type") == kind]

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        self._stop = self.loop.create_future()
        async with serve(self._handle, "127.0.0.1", self.port, subprotocols=["morph.v1"]):
            self.ready.set()
            await self._stop

    def _frame(self, session: str, state: str) -> dict:
        self.seq += 1
        return {"type": "frame", "session": session, "seq": self.seq,
                "serverTime": time.monotonic() - self.started, "state": state,
                "dropped": 0, "list": self.frame_list}

    async def _handle(self, ws) -> None:
        self.subprotocols.append(ws.subprotocol)
        send = lambda m: ws.send(json.dumps(m))
        async for text in ws:
            message = json.loads(text)
            self.received.append(message)
            kind = message.get("type")
            if kind == "hello":
                await send({"type": "welcome", "protocol": "morph.v1", "server": "morphd/fake",
                            "components": self.components, "fps": 60})
            elif kind in ("open", "join", "replay"):
                session = message.get("session", "s1" if kind == "open" else "s2")
                await send({"type": "session", "session": session,
                            "component": message.get("component", "curtain"),
                            "configuration": {"folds": 4}, "viewport": [390, 844],
                            "environment": message.get("environment", {}), "state": "closed"})
                await send(self._frame(session, "closed"))
            elif kind == "input":
                if message["event"]["kind"] == "tap":
                    await send(self._frame("s1", "opening"))
            elif kind == "ping":
                await send({"type": "pong", "id": message["id"], "t": message.get("t", 0),
                            "serverTime": time.monotonic() - self.started})
            elif kind == "record":
                state = "started" if message["action"] == "start" else "stopped"
                await send({"type": "recording", "state": state, "name": "demo.jsonl"})
            elif kind == "recordings":
                await send({"type": "recordings",
                            "items": [{"name": "demo.jsonl", "component": "curtain", "bytes": 2048}]})
            else:
                await send({"type": "error", "code": "unknown-type", "message": kind or "",
                            "request": kind or ""})
