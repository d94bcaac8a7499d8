"""Server-rendered curtain tiles over morph.v1 against a real morphd.

Run with the rest of the integration suite (from the repository root):

    python3 -m unittest discover -s Tests/integration -v

A curtain session opts into tiles at scale 2 and is dragged. Every binary message is parsed
(the MTIL header of schemas/protocol.md) and its PNG decoded with the tests' own small
reader (Tests/support/png_decode.py: zlib + PNG filters, no Pillow); the tiles are
assembled into the layer and compared
with `morph render` of the same frame's display list cut down to the effect group. The
motion-set test runs morphd with `--tile-codec png` (every set lossless, so every set is
compared); the refinement test runs the default (JPEG while moving) and checks that a held
drag ends with every tile PNG and the assembled layer equal to `morph render`. Every wait
is bounded; no test asserts on speed.
"""

import asyncio
import json
import os
import struct
import subprocess
import tempfile
import unittest

from test_morphd import Morphd, MorphdTestCase, check_schema, send, STEP
from morph_fixtures import executable  # on sys.path once test_morphd is imported
from png_decode import decode_png

VIEWPORT = [390, 844]
SCALE = 2
TILE = 128  # protocol.md, "Raster tiles": the layer is cut into 128 px tiles
LOWERED_TILE = 2 * TILE  # protocol.md, "Lowered scale while moving": a lowered set's tiles
HEADER = struct.Struct("<4sBBHIIHHHHHHBB2x")
PNG, JPEG, WEBP = 0, 1, 2
# Same renderer on both sides, so pixels should agree exactly; allow 2/255 per channel on at
# most 0.1% of the layer's pixels for float differences between the two processes.
TOLERANCE, OUTLIER_SHARE = 2, 0.001


def run(coroutine):
    # A debug build renders a tile set in ~1.5 s; the drag waits for a few of them.
    return asyncio.run(asyncio.wait_for(coroutine, timeout=120))


def parse_header(message):
    magic, version, flags, length, seq, index, x, y, w, h, lw, lh, scale, codec = HEADER.unpack_from(message)
    return {"magic": magic, "version": version, "flags": flags, "length": length, "seq": seq, "index": index,
            "x": x, "y": y, "w": w, "h": h, "lw": lw, "lh": lh, "scale": scale, "codec": codec}


def effect_only(list_):
    """The display list reduced to its curtain group's content on a transparent background,
    the group's own transform, clip, opacity and shadow removed (the page applies those)."""
    ops = list_["ops"]
    start = next(i for i, op in enumerate(ops) if op["op"] == "push" and "effect" in op)
    depth, end = 0, None
    for i in range(start, len(ops)):
        depth += 1 if ops[i]["op"] == "push" else -1 if ops[i]["op"] == "pop" else 0
        if depth == 0:
            end = i
            break
    group = {"op": "push", "id": ops[start]["id"], "effect": ops[start]["effect"]}
    return dict(list_, background=[0, 0, 0, 0], ops=[group] + ops[start + 1:end + 1])


def reference_layer(list_, bounds, scale=SCALE):
    """`morph render` of the effect group at `scale`, cut to the effect's bounds in pixels."""
    with tempfile.TemporaryDirectory() as folder:
        source, target = os.path.join(folder, "list.json"), os.path.join(folder, "out.png")
        with open(source, "w") as handle:
            json.dump(effect_only(list_), handle)
        subprocess.run([str(executable("morph")), "render", "--from-display-list", source, "--scale", str(scale), "--out", target],
                       check=True, timeout=60)
        with open(target, "rb") as handle:
            width, height, pixels = decode_png(handle.read())
    x0, y0 = round(bounds[0] * scale), round(bounds[1] * scale)
    w, h = -(-int(bounds[2] * scale) // 1), -(-int(bounds[3] * scale) // 1)
    layer = bytearray(w * h * 4)
    for row in range(h):
        start = ((y0 + row) * width + x0) * 4
        layer[row * w * 4:(row + 1) * w * 4] = pixels[start:start + w * 4]
    return w, h, layer


def assemble(tiles, width, height, layer=None):
    """PNG tiles (header, payload) drawn into a straight RGBA layer of width × height."""
    layer = layer if layer is not None else bytearray(width * height * 4)
    for header, payload in tiles:
        w, h, pixels = decode_png(payload)
        for row in range(h):
            start = ((header["y"] + row) * width + header["x"]) * 4
            layer[start:start + w * 4] = pixels[row * w * 4:(row + 1) * w * 4]
    return layer


def place(newest, header, payload):
    """Keeps the pieces a page shows of tile `header["index"]`: a tile may come in parts (opaque
    columns as JPEG, a band as PNG), each drawn at its own rectangle over the pieces it overlaps."""
    x0, x1 = header["x"], header["x"] + header["w"]
    kept = [(h, p) for h, p in newest.get(header["index"], []) if h["x"] + h["w"] <= x0 or h["x"] >= x1]
    newest[header["index"]] = kept + [(header, payload)]


def dirty_tiles(width, height, old, new):
    columns, rows = -(-width // TILE), -(-height // TILE)
    dirty = set()
    for row in range(rows):
        for column in range(columns):
            x, w = column * TILE * 4, min(TILE, width - column * TILE) * 4
            for y in range(row * TILE, min(height, (row + 1) * TILE)):
                if old[y * width * 4 + x: y * width * 4 + x + w] != new[y * width * 4 + x: y * width * 4 + x + w]:
                    dirty.add(row * columns + column)
                    break
    return dirty


def has_comparable_pair(state) -> bool:
    """Whether two consecutive renders with a layer (`rendered` one apart) both show a frame
    the client received, so their dirty tiles can be checked against morph render."""
    layered = [done for done, _ in state["sets"] if done["layer"] is not None]
    return any(b["rendered"] == a["rendered"] + 1 and a["seq"] in state["frames"] and b["seq"] in state["frames"]
               for a, b in zip(layered, layered[1:]))


class TileTests(MorphdTestCase):
    CODEC = "png"
    # Every set at the scale asked for: the motion sets are compared at 2x.
    FALLBACK = "off"

    @classmethod
    def setUpClass(cls):
        executable("morph")  # built (or rebuilt) before the server starts
        cls.server = Morphd("--tile-codec", cls.CODEC, "--tile-fallback", cls.FALLBACK)

    def connect(self):
        # No client keepalive: on a loaded machine a 20 s pong deadline fails the test for a
        # reason it does not check (tiles arrive through the same socket either way).
        return super().connect(max_size=None, ping_interval=None)

    async def next_message(self, ws):
        message = await asyncio.wait_for(ws.recv(), STEP)
        if isinstance(message, bytes):
            return message
        parsed = json.loads(message)
        check_schema(parsed)
        return parsed

    async def open_curtain_with_tiles(self, ws):
        """Opens a curtain session and subscribes to its tiles; returns the empty collect state."""
        await send(ws, {"type": "hello", "protocol": "morph.v1"})
        await send(ws, {"type": "open", "component": "curtain", "viewport": VIEWPORT})
        await send(ws, {"type": "tiles", "enabled": True, "scale": SCALE})
        return {"frames": {}, "tiles": [], "sets": []}

    async def drag_from_the_edge(self, ws):
        """Presses on the trailing handle and drags 144 pt left in 12 steps, without releasing."""
        x, y = VIEWPORT[0] - 20, VIEWPORT[1] / 2
        await send(ws, {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": x, "y": y}})
        for step in range(1, 13):
            await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1,
                                                       "x": x - 12 * step, "y": y}})
            await asyncio.sleep(0.15 if step % 4 == 0 else 0.03)
        return x, y

    async def collect(self, ws, state, until):
        """Reads messages into `state` (frames by seq, tile sets) until `until(done)` holds."""
        while True:
            message = await self.next_message(ws)
            if isinstance(message, bytes):
                header = parse_header(message)
                self.assertEqual((header["magic"], header["version"], header["length"]), (b"MTIL", 2, 32))
                self.assertIn(header["codec"], (PNG, JPEG, WEBP))
                self.assertEqual(header["length"] % 4, 0)
                state["tiles"].append((header, message[header["length"]:]))
            elif message["type"] == "frame":
                state["frames"][message["seq"]] = message["list"]
            elif message["type"] == "tiles-done":
                tiles, state["tiles"] = state["tiles"], []
                state["sets"].append((message, tiles))
                if until(message):
                    return message

    def test_dragged_curtain_streams_dirty_tiles_that_match_morph_render(self):
        async def scenario():
            async with self.connect() as ws:
                state = await self.open_curtain_with_tiles(ws)
                # Resting: the effect is off, said once with no tiles and no layer.
                first = await self.collect(ws, state, lambda done: True)
                self.assertEqual((first["layer"], first["tiles"], state["sets"][0][1]), (None, 0, []))
                x, y = await self.drag_from_the_edge(ws)
                # Held still mid-drag: wait for the set of the last frame, and for two consecutive
                # renders whose frames this client received (the spinner changes tiles 8 times a
                # second under the still fold; a loaded client's latest-wins slot may skip the
                # frames of the drag's own sets).
                await asyncio.sleep(0.5)
                last_seq = max(state["frames"]) if state["frames"] else 0
                await self.collect(ws, state, lambda done: done["layer"] is not None and done["seq"] >= last_seq
                                   and has_comparable_pair(state))
                # Released near the edge: springs back closed, the effect turns off.
                await send(ws, {"type": "input", "event": {"kind": "pointerUp", "pointer": 1, "x": x - 144, "y": y}})
                return state, await self.collect(ws, state, lambda done: done["layer"] is None)

        state, off = run(scenario())
        self.assertEqual(off["tiles"], 0)
        sets = [(done, tiles) for done, tiles in state["sets"] if done["layer"] is not None]
        self.assertGreaterEqual(len(sets), 2, "a drag must stream more than one tile set")
        layer, previous = None, None
        compared = 0
        for done, tiles in sets:
            self.assertEqual(done["tiles"], len(tiles), "tiles-done counts the tiles before it")
            self.assertEqual(done["scale"], SCALE)
            self.assertGreaterEqual(done["rendered"], 1)
            bounds = done["layer"]
            width, height = round(bounds[2] * SCALE), round(bounds[3] * SCALE)
            if layer is None:
                layer = bytearray(width * height * 4)
                self.assertEqual(len(tiles), -(-width // TILE) * -(-height // TILE), "a new viewer gets every tile")
            for header, png in tiles:
                self.assertEqual((header["seq"], header["scale"], header["lw"], header["lh"]),
                                 (done["seq"], SCALE, width, height))
                self.assertEqual((header["x"] % TILE, header["y"] % TILE), (0, 0))
                self.assertEqual(header["index"], (header["y"] // TILE) * -(-width // TILE) + header["x"] // TILE)
                w, h, pixels = decode_png(png)
                self.assertEqual((w, h), (header["w"], header["h"]))
                for row in range(h):
                    start = ((header["y"] + row) * width + header["x"]) * 4
                    layer[start:start + w * 4] = pixels[row * w * 4:(row + 1) * w * 4]
            if done["seq"] not in state["frames"] or compared >= 3:
                previous = None
                continue
            rw, rh, reference = reference_layer(state["frames"][done["seq"]], bounds)
            self.assertEqual((rw, rh), (width, height))
            outliers = sum(1 for a, b in zip(layer, reference) if abs(a - b) > TOLERANCE)
            self.assertLessEqual(outliers, OUTLIER_SHARE * width * height,
                                 "assembled tiles of seq %d differ from morph render" % done["seq"])
            if previous is not None and done["rendered"] == previous[0]["rendered"] + 1:
                expected = dirty_tiles(width, height, previous[1], reference)
                self.assertEqual({header["index"] for header, _ in tiles}, expected,
                                 "the tiles sent are exactly the tiles that changed")
                compared += 1
            previous = (done, reference)
        self.assertGreaterEqual(compared, 1, "no two consecutive tile sets were compared")

    def test_tiles_message_is_validated(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "tiles", "enabled": True, "scale": 4})
                error = await self.next_message(ws)
                await send(ws, {"type": "tiles", "enabled": "yes"})
                return error, await self.next_message(ws)

        for error in run(scenario()):
            self.assertEqual((error["type"], error["code"], error["request"]), ("error", "bad-message", "tiles"))


class TileRefinementTests(TileTests):
    """The default codec: JPEG for opaque tiles while moving, PNG once the drag rests."""

    CODEC = "jpeg"

    # Inherited tests compare every motion set pixel by pixel, which lossy sets cannot pass.
    test_dragged_curtain_streams_dirty_tiles_that_match_morph_render = None
    test_tiles_message_is_validated = None

    def test_a_held_drag_ends_with_png_tiles_equal_to_morph_render(self):
        async def scenario():
            async with self.connect() as ws:
                state = await self.open_curtain_with_tiles(ws)
                await self.collect(ws, state, lambda done: True)
                x, y = await self.drag_from_the_edge(ws)
                # Held still: sets until every tile's newest copy is PNG after some were JPEG.
                newest, seen = {}, set()

                def refined(done):
                    for header, payload in state["sets"][-1][1]:
                        place(newest, header, payload)
                        seen.add(header["codec"])
                    # The set's own frame must have arrived: a viewer's frame slot is latest-wins,
                    # and a later frame may already differ (the spinner turns under a held drag).
                    return (done["layer"] is not None and JPEG in seen
                            and all(h["codec"] == PNG for pieces in newest.values() for h, _ in pieces)
                            and done["seq"] in state["frames"])

                await self.collect(ws, state, refined)
                return state

        state = run(scenario())
        sets = [(done, tiles) for done, tiles in state["sets"] if done["layer"] is not None]
        lossy = [header for _, tiles in sets for header, _ in tiles if header["codec"] != PNG]
        self.assertTrue(lossy and all(header["codec"] == JPEG for header in lossy), "the drag sent JPEG tiles")
        # Newest pieces and codecs per tile, in arrival order: the layer the page shows.
        newest = {}
        for done, tiles in sets:
            self.assertEqual(done["lossy"], sum(1 for header, _ in tiles if header["codec"] != PNG))
            for header, payload in tiles:
                place(newest, header, payload)
        final = sets[-1][0]
        bounds = final["layer"]
        width, height = round(bounds[2] * SCALE), round(bounds[3] * SCALE)
        self.assertEqual(len(newest), -(-width // TILE) * -(-height // TILE))
        pieces = [piece for tile in newest.values() for piece in tile]
        self.assertTrue(all(header["codec"] == PNG for header, _ in pieces), "every tile ends as PNG")
        layer = assemble(pieces, width, height)
        # Compared with the very frame the refined set belongs to (the scenario waited for it).
        rw, rh, reference = reference_layer(state["frames"][final["seq"]], bounds)
        self.assertEqual((rw, rh), (width, height))
        outliers = sum(1 for a, b in zip(layer, reference) if abs(a - b) > TOLERANCE)
        self.assertLessEqual(outliers, OUTLIER_SHARE * width * height, "refined tiles differ from morph render")


class TileFallbackTests(TileTests):
    """`--tile-fallback always`: while the curtain moves, sets at 1x of the 2x asked for; at rest
    the whole layer at 2x. PNG throughout, so every set can be compared with `morph render`."""

    FALLBACK = "always"

    test_dragged_curtain_streams_dirty_tiles_that_match_morph_render = None
    test_tiles_message_is_validated = None

    def test_a_moving_curtain_goes_out_at_half_scale_and_rests_at_full_scale(self):
        async def scenario():
            async with self.connect() as ws:
                state = await self.open_curtain_with_tiles(ws)
                await self.collect(ws, state, lambda done: True)
                await self.drag_from_the_edge(ws)
                # Held still: lowered sets, then the full-scale layer once the drag rests. The
                # full-scale layer is followed set by set (the timer changes a few tiles under the
                # still fold) until one belongs to a frame this client received: a viewer's frame
                # slot is latest-wins, and a pause of 50 ms mid-drag restores full scale too, so
                # only the exact frame of a set is a valid reference.
                full = {"layer": None}

                def full_scale_layer_with_its_frame(done):
                    if done["layer"] is None:
                        return False
                    tiles = state["sets"][-1][1]
                    if done["scale"] != SCALE:
                        full["layer"] = None
                        return False
                    width, height = round(done["layer"][2] * SCALE), round(done["layer"][3] * SCALE)
                    if len(tiles) == -(-width // TILE) * -(-height // TILE):
                        full["layer"], full["size"], full["restored"] = assemble(tiles, width, height), (width, height), done
                    elif full["layer"] is not None:
                        assemble(tiles, width, height, full["layer"])
                    full["done"] = done
                    return full["layer"] is not None and done["seq"] in state["frames"]

                await self.collect(ws, state, full_scale_layer_with_its_frame)
                return state, full

        state, full = run(scenario())
        sets = [(done, tiles) for done, tiles in state["sets"] if done["layer"] is not None]
        lowered = [(done, tiles) for done, tiles in sets if done["scale"] == 1]
        self.assertTrue(lowered, "the drag sent sets at 1x")
        compared = 0
        for done, tiles in lowered:
            self.assertEqual(done["fullScale"], SCALE)
            bounds = done["layer"]
            width, height = round(bounds[2]), round(bounds[3])
            for header, _ in tiles:
                self.assertEqual((header["scale"], header["lw"], header["lh"]), (1, width, height))
                self.assertTrue(header["flags"] & 2, "every tile of a lowered set is flagged lowered")
            # The first lowered set is the whole 1x layer (a new scale), in 256 px tiles; compare it
            # with morph render.
            whole = len(tiles) == -(-width // LOWERED_TILE) * -(-height // LOWERED_TILE)
            if compared == 0 and whole and done["seq"] in state["frames"]:
                rw, rh, reference = reference_layer(state["frames"][done["seq"]], bounds, scale=1)
                self.assertEqual((rw, rh), (width, height))
                layer = assemble(tiles, width, height)
                outliers = sum(1 for a, b in zip(layer, reference) if abs(a - b) > TOLERANCE)
                self.assertLessEqual(outliers, OUTLIER_SHARE * width * height, "the 1x set differs from morph render --scale 1")
                compared += 1
        self.assertEqual(compared, 1, "no whole 1x set to compare")
        # The set that restored full scale went out whole, lossless and not flagged lowered.
        restored = full["restored"]
        restored_tiles = next(tiles for done, tiles in sets if done is restored)
        width, height = full["size"]
        self.assertEqual((restored["scale"], restored["fullScale"], restored["lossy"]), (SCALE, SCALE, 0))
        for header, _ in restored_tiles:
            self.assertEqual((header["scale"], header["lw"], header["lh"], header["codec"]), (SCALE, width, height, PNG))
            self.assertFalse(header["flags"] & 2)
        final = full["done"]
        rw, rh, reference = reference_layer(state["frames"][final["seq"]], final["layer"])
        self.assertEqual((rw, rh), (width, height))
        outliers = sum(1 for a, b in zip(full["layer"], reference) if abs(a - b) > TOLERANCE)
        self.assertLessEqual(outliers, OUTLIER_SHARE * width * height,
                             "the full-scale tiles of seq %d differ from morph render" % final["seq"])


class TileAckTests(TileTests):
    """Acknowledged sets (`tiles` with `ack`, protocol.md): one set in flight per viewer, the
    newest one next, carrying every tile the sets it replaced changed."""

    # The inherited scenarios never ack: they run in TileTests.
    test_dragged_curtain_streams_dirty_tiles_that_match_morph_render = None
    test_tiles_message_is_validated = None

    async def open_curtain_with_acked_tiles(self, ws):
        await send(ws, {"type": "hello", "protocol": "morph.v1"})
        await send(ws, {"type": "open", "component": "curtain", "viewport": VIEWPORT})
        await send(ws, {"type": "tiles", "enabled": True, "scale": SCALE, "ack": True})
        return {"frames": {}, "tiles": [], "sets": []}

    async def quiet(self, ws, state, seconds):
        """Reads for `seconds`; returns the tile messages and `tiles-done`s that came."""
        came = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while (left := deadline - loop.time()) > 0:
            try:
                message = await asyncio.wait_for(ws.recv(), left)
            except asyncio.TimeoutError:
                break
            if isinstance(message, bytes):
                came.append("tile")
                continue
            parsed = json.loads(message)
            check_schema(parsed)
            if parsed["type"] == "frame":
                state["frames"][parsed["seq"]] = parsed["list"]
            else:
                came.append(parsed["type"])
        return came

    def test_no_second_set_before_an_ack_and_the_newest_set_misses_no_tile(self):
        async def scenario():
            async with self.connect() as ws:
                state = await self.open_curtain_with_acked_tiles(ws)
                first = await self.collect(ws, state, lambda done: True)
                await send(ws, {"type": "tiles-ack", "seq": first["seq"]})
                x, y = VIEWPORT[0] - 20, VIEWPORT[1] / 2
                await send(ws, {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": x, "y": y}})
                await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1, "x": x - 40, "y": y}})
                layer = await self.collect(ws, state, lambda done: done["layer"] is not None)
                # Dragged on without an ack: frames keep coming, tiles do not.
                unacked = []
                for step in range(1, 11):
                    await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1,
                                                               "x": x - 40 - 10 * step, "y": y}})
                    unacked += await self.quiet(ws, state, 0.1)
                unacked += await self.quiet(ws, state, 0.5)
                # The ack brings one set, the newest, cut against the set acked.
                await send(ws, {"type": "tiles-ack", "seq": layer["seq"]})
                merged = await self.collect(ws, state, lambda done: True)
                return state, layer, unacked, merged

        state, layer, unacked, merged = run(scenario())
        self.assertEqual(unacked, [], "a set came before the last one was acked")
        self.assertIsNotNone(merged["layer"])
        # A set of a newer frame than `layer`'s (the ServerCore tests pin which exactly), and of
        # a frame the viewer holds, since a frame goes out before its tiles. The resting
        # curtain's spinner steps eight times a second, so that frame may be newer than the
        # newest before the ack.
        self.assertGreater(merged["seq"], layer["seq"])
        self.assertIn(merged["seq"], state["frames"])
        self.assertEqual(merged["layer"], layer["layer"])
        # The first layer set whole, then the merged set over it: the picture of the merged
        # set's frame, as morph render draws it. A tile changed only by a replaced set and not
        # sent would be stale here.
        sets = {done["seq"]: tiles for done, tiles in state["sets"]}
        width, height = round(layer["layer"][2] * SCALE), round(layer["layer"][3] * SCALE)
        picture = assemble(sets[merged["seq"]], width, height, assemble(sets[layer["seq"]], width, height))
        self.assertIn(merged["seq"], state["frames"], "the merged set's frame never reached this client")
        rw, rh, reference = reference_layer(state["frames"][merged["seq"]], merged["layer"])
        self.assertEqual((rw, rh), (width, height))
        outliers = sum(1 for a, b in zip(picture, reference) if abs(a - b) > TOLERANCE)
        self.assertLessEqual(outliers, OUTLIER_SHARE * width * height, "the merged picture differs from morph render")

    def test_acks_are_validated_and_a_stale_ack_changes_nothing(self):
        async def scenario():
            async with self.connect() as ws:
                answers = []
                for bad in ({"type": "tiles-ack"}, {"type": "tiles-ack", "seq": -1},
                            {"type": "tiles-ack", "seq": 2 ** 32}, {"type": "tiles", "enabled": True, "ack": 1}):
                    await send(ws, bad)
                    answers.append(await self.next_message(ws))
                # Without tiles on, an ack is a stale one: no answer, the connection stays usable.
                await send(ws, {"type": "tiles-ack", "seq": 5})
                await send(ws, {"type": "ping", "id": 1})
                answers.append(await self.next_message(ws))
                return answers

        *errors, pong = run(scenario())
        for error, request in zip(errors, ("tiles-ack", "tiles-ack", "tiles-ack", "tiles")):
            self.assertEqual((error["type"], error["code"], error["request"]), ("error", "bad-message", request))
        self.assertEqual(pong["type"], "pong")

    def test_a_viewer_that_never_acks_costs_bounded_memory(self):
        async def scenario():
            async with self.connect() as ws:
                state = await self.open_curtain_with_acked_tiles(ws)
                await self.collect(ws, state, lambda done: True)
                before = self.server.rss_kb()
                came = []
                # Three seconds of dragging back and forth, never acking.
                x, y = VIEWPORT[0] - 20, VIEWPORT[1] / 2
                await send(ws, {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": x, "y": y}})
                for step in range(60):
                    offset = 12 * (step % 20) if (step // 20) % 2 == 0 else 12 * (20 - step % 20)
                    await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1,
                                                               "x": x - offset, "y": y}})
                    came += await self.quiet(ws, state, 0.05)
                came += await self.quiet(ws, state, 1.0)
                return came, before, self.server.rss_kb(), len(state["frames"])

        came, before, after, frames = run(scenario())
        self.assertGreater(frames, 20, "the drag built too few frames")
        self.assertEqual(came, [], "tiles came to a viewer that never acked")
        # One waiting set (shared with the stream) and the stream's own layers; not a queue.
        self.assertLess(after - before, 64 * 1024, f"RSS grew from {before} to {after} KiB")


if __name__ == "__main__":
    unittest.main()
