"""Server tiles of a curtain effect layer that holds a picture, against a real morphd.

No example has a picture inside a curtain's effect layer, so the test builds one: the curtain
as a file (Sources/MorphKit/BuiltIn/curtain.json) renamed `curtain-picture`, with the bottom sheet's
map (Examples/components/images/nearby-map.png) as an `image` node among the foreground
layer's children (`fill`, corner radius 12), served by `morphd --components DIR`. A session
opts into PNG tiles at scale 2 and the curtain is dragged and held; the tiles are assembled
into the layer and compared with `morph render --from-display-list` of the same frame's effect
group (with the picture beside the list), at the tile tests' tolerance (test_tiles.py). The
reference drawn without the picture differs from it, so the picture is really in the layer.
"""

import json
import os
import shutil
import subprocess
import tempfile

from test_morphd import ROOT, Morphd
from morph_fixtures import executable
from png_decode import decode_png
import test_tiles  # the module, not its TileTests: a bound name would run those tests here again
from test_tiles import OUTLIER_SHARE, SCALE, TILE, TOLERANCE, VIEWPORT, assemble, effect_only, run, send

NAME = "curtain-picture"
PICTURE = {"type": "image", "id": "map", "source": "images/nearby-map.png", "frame": "rect(left, y9 + 64, width, 120)",
           "contentMode": "fill", "cornerRadius": 12}


def reference_layer(list_, bounds, pictures, scale=SCALE):
    """`morph render` of the effect group, the list's pictures beside it, cut to the bounds."""
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(pictures, os.path.join(folder, "images"))
        source, target = os.path.join(folder, "list.json"), os.path.join(folder, "out.png")
        with open(source, "w") as handle:
            json.dump(effect_only(list_), handle)
        subprocess.run([str(executable("morph")), "render", "--from-display-list", source, "--scale", str(scale),
                        "--out", target], check=True, timeout=60)
        with open(target, "rb") as handle:
            width, height, pixels = decode_png(handle.read())
    x0, y0 = round(bounds[0] * scale), round(bounds[1] * scale)
    w, h = round(bounds[2] * scale), round(bounds[3] * scale)
    layer = bytearray(w * h * 4)
    for row in range(h):
        start = ((y0 + row) * width + x0) * 4
        layer[row * w * 4:(row + 1) * w * 4] = pixels[start:start + w * 4]
    return w, h, layer


class TilePictureTests(test_tiles.TileTests):
    test_dragged_curtain_streams_dirty_tiles_that_match_morph_render = None
    test_tiles_message_is_validated = None

    @classmethod
    def setUpClass(cls):
        executable("morph")
        cls.components = tempfile.mkdtemp(prefix="morphd-tile-pictures-")
        cls.pictures = os.path.join(ROOT, "Examples", "components", "images")
        shutil.copytree(cls.pictures, os.path.join(cls.components, "images"))
        with open(os.path.join(ROOT, "Sources", "MorphKit", "BuiltIn", "curtain.json")) as handle:
            component = json.load(handle)
        component["name"] = NAME
        foreground = next(node for node in component["scene"]["children"] if node["id"] == "foreground")
        layer = next(node for node in foreground["children"] if node["type"] == "effect")
        layer["children"].append(PICTURE)
        with open(os.path.join(cls.components, NAME + ".json"), "w") as handle:
            json.dump(component, handle)
        cls.server = Morphd("--components", cls.components, "--tile-codec", "png", "--tile-fallback", "off")

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.components, ignore_errors=True)

    def test_a_picture_inside_the_effect_layer_is_in_the_tiles(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "hello", "protocol": "morph.v1"})
                await send(ws, {"type": "open", "component": NAME, "viewport": VIEWPORT})
                await send(ws, {"type": "tiles", "enabled": True, "scale": SCALE})
                state = {"frames": {}, "tiles": [], "sets": []}
                await self.collect(ws, state, lambda done: True)
                await self.drag_from_the_edge(ws)
                # Held still: follow the layer set by set (the timer changes tiles under the still
                # fold) until a set belongs to a frame this client received (latest-wins slot).
                held = {"layer": None}

                def layer_with_its_frame(done):
                    if done["layer"] is None:
                        held["layer"] = None
                        return False
                    width, height = round(done["layer"][2] * SCALE), round(done["layer"][3] * SCALE)
                    tiles = state["sets"][-1][1]
                    if len(tiles) == -(-width // TILE) * -(-height // TILE):
                        held["layer"] = assemble(tiles, width, height)
                    elif held["layer"] is not None:
                        assemble(tiles, width, height, held["layer"])
                    held["done"], held["size"] = done, (width, height)
                    return held["layer"] is not None and done["seq"] in state["frames"]

                await self.collect(ws, state, layer_with_its_frame)
                return state, held

        state, held = run(scenario())
        done, (width, height) = held["done"], held["size"]
        frame = state["frames"][done["seq"]]
        self.assertTrue(any(op["op"] == "image" and op["id"].startswith("map") for op in frame["ops"]), "the frame draws the map")
        rw, rh, reference = reference_layer(frame, done["layer"], self.pictures)
        self.assertEqual((rw, rh), (width, height))
        outliers = sum(1 for a, b in zip(held["layer"], reference) if abs(a - b) > TOLERANCE)
        print(f"\ntiles of seq {done['seq']} with the picture: {outliers} channel values off by > {TOLERANCE}")
        self.assertLessEqual(outliers, OUTLIER_SHARE * width * height, "the tiles differ from morph render")
        # Not vacuous: the same frame without its picture is a different layer.
        without = dict(frame, ops=[op for op in frame["ops"] if not (op["op"] == "image" and op["id"].startswith("map"))])
        _, _, bare = reference_layer(without, done["layer"], self.pictures)
        changed = sum(1 for a, b in zip(bare, reference) if abs(a - b) > TOLERANCE)
        self.assertGreater(changed, 50 * 50 * 4, "the picture changes the layer")
