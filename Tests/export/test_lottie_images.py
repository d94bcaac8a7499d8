"""`morph export --component FILE --format lottie --recording REC`: a component file's pictures
as Lottie image layers over embedded PNG assets.

The bottom sheet example (Examples/components/bottom-sheet.json) draws its map picture with
`fill` (the picture overflows its frame) and corner radius 12 (a group clip), inside a sheet that
moves. Its recording `sheet-flick-up-to-large` is exported to Lottie and replayed by
`morph replay` at the same rate, so frame i of the file and frame i of the replay are one state.
Truths:
* the asset's bytes are the PNG file's own bytes, and its size is the PNG header's;
* the layer's position and scale, read by the `lottie` package, put the picture's corners on the
  op's rect through the enclosing groups' transforms (from the replay's display lists), and its
  mask's vertices on the clip's; within the export's stated tolerance, 0.25 pt (keyframes are
  kept only where the motion needs them, schemas/export.md), on every frame;
* rlottie draws frames (rising, near the medium detent, in flight to large, at rest) that match
  cairo (`morph replay --format png --scale 1`): over the whole frame, away from the sheet's
  shadow (rlottie draws no layer effects), mean <= 2.5/255 and at most 2 % of pixels off by more
  than 32/255 (glyph antialiasing differs between rasterizers); over the visible picture (its
  rect within its clip, 2 px in from the rounded edge) mean <= 3/255 and at most 2.5 % off by more
  than 32/255 (both shrink the same PNG to 73 %, rlottie bilinear and cairo with its good filter,
  which differ on the map's one-pixel streets; measured 1.12-1.27 mean, 1.67-1.83 %).
"""

from __future__ import annotations

import base64
import json
import struct
import tempfile
import unittest
from pathlib import Path

import jsonschema_rs
from lottie.objects import Animation
from rlottie_python import LottieAnimation

from test_lottie_export import REPO, SCHEMA, decode_png, morph, path_points

COMPONENT = REPO / "Examples" / "components" / "bottom-sheet.json"
RECORDING = REPO / "Examples" / "components" / "recordings" / "sheet-flick-up-to-large.jsonl"
PICTURE = REPO / "Examples" / "components" / "images" / "nearby-map.png"
FPS = 20
FRAMES = (12, 20, 27, 51)
TOLERANCE = 0.25 + 0.001  # pt: the stated tolerance, plus the printed numbers' rounding


def export(fps: int) -> dict:
    return json.loads(morph("export", "--component", str(COMPONENT), "--format", "lottie", "--recording",
                            str(RECORDING), "--fps", str(fps), "--no-shadows"))


def multiply(m: list, n: list) -> list:
    """m after n, both [a, b, c, d, tx, ty]."""
    a, b, c, d, tx, ty = m
    return [a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3], b * n[2] + d * n[3],
            a * n[4] + c * n[5] + tx, b * n[4] + d * n[5] + ty]


def apply(m: list, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def picture_op(display_list: dict) -> tuple[dict, list, list]:
    """The map's image op, its groups' transform and its clip in viewport coordinates."""
    stack, clip = [[1, 0, 0, 1, 0, 0]], None
    for op in display_list["ops"]:
        if op["op"] == "push":
            stack.append(multiply(stack[-1], op.get("transform", [1, 0, 0, 1, 0, 0])))
            if op["id"] == "sheet.map":
                clip = [apply(stack[-1], x, y) for x, y in path_points(op["clip"])]
                if len(clip) > 1 and max(abs(clip[-1][k] - clip[0][k]) for k in (0, 1)) < 1e-6:
                    clip.pop()  # a contour that ends on its start: Lottie's closed shape lists it once
        elif op["op"] == "pop":
            stack.pop()
        elif op["op"] == "image" and op["id"] == "sheet.map.image":
            return op, stack[-1], clip
    raise AssertionError("no map picture in the frame")


class LottieImageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.document = export(FPS)
        cls.replay = Path(tempfile.mkdtemp(prefix="morph-lottie-images-"))
        for kind in ("json", "png"):
            morph("replay", str(RECORDING), "--component", str(COMPONENT), "--fps", str(FPS), "--format", kind,
                  "--scale", "1", "--out", str(cls.replay))

    def frame(self, index: int) -> dict:
        return json.loads((self.replay / f"frame-{index:05d}.json").read_text())

    def test_validates_against_the_lottie_schema(self):
        """The 60 fps export whole, through jsonschema-rs (the pure-Python `jsonschema` is slow on
        big files)."""
        document = export(60)
        validator = jsonschema_rs.Draft202012Validator(json.loads(SCHEMA.read_text()))
        self.assertTrue(any(layer["ty"] == 2 for layer in document["layers"]), "an image layer")
        validator.validate(document)
        image = next(layer for layer in document["layers"] if layer["ty"] == 2)
        self.assertTrue(image["hasMask"], "the corner clip is a mask")
        # A broken asset is caught, so the validation is not vacuous.
        document["assets"][0]["w"] = "wide"
        self.assertIsNotNone(next(validator.iter_errors(document), None))

    def pictures(self) -> list:
        """The image assets; the others are precompositions (the pushed-back presenting view's
        clipped children, schemas/export.md, Layers)."""
        return [asset for asset in self.document["assets"] if "layers" not in asset]

    def test_the_asset_is_the_png_file(self):
        png = PICTURE.read_bytes()
        (asset,) = self.pictures()
        prefix = "data:image/png;base64,"
        self.assertTrue(asset["p"].startswith(prefix))
        self.assertEqual(base64.b64decode(asset["p"][len(prefix):]), png)
        self.assertEqual((asset["w"], asset["h"]), struct.unpack(">II", png[16:24]))
        self.assertEqual(asset["e"], 1)
        layers = [layer for layer in self.document["layers"] if layer["ty"] == 2]
        self.assertEqual([layer["refId"] for layer in layers], [asset["id"]])

    def test_the_layer_places_the_picture_on_the_op_rect_and_clip(self):
        (asset,) = self.pictures()
        animation = Animation.load(self.document)
        layer = next(layer for layer in animation.layers if layer.name.endswith("sheet.map.image#image"))
        self.assertEqual(self.document["op"], len(list(self.replay.glob("*.json"))), "one Lottie frame per replay frame")
        first = next(layer["ip"] for layer in self.document["layers"] if layer["ty"] == 2)
        for index in range(first, self.document["op"]):
            with self.subTest(frame=index):
                op, transform, clip = picture_op(self.frame(index))
                x, y, w, h = op["rect"]
                p = layer.transform.position.get_value(index)
                s = layer.transform.scale.get_value(index)
                self.assertEqual(layer.transform.rotation.get_value(index), 0)

                def placed(u: float, v: float) -> tuple[float, float]:
                    return (p[0] + s[0] / 100 * u, p[1] + s[1] / 100 * v)

                for (u, v), (rx, ry) in (((0, 0), (x, y)), ((asset["w"], asset["h"]), (x + w, y + h))):
                    want = apply(transform, rx, ry)
                    got = placed(u, v)
                    self.assertAlmostEqual(got[0], want[0], delta=TOLERANCE)
                    self.assertAlmostEqual(got[1], want[1], delta=TOLERANCE)
                vertices = [placed(v.x, v.y) for v in layer.masks[0].shape.get_value(index).vertices]
                self.assertEqual(len(vertices), len(clip))
                for got, want in zip(vertices, clip):
                    self.assertAlmostEqual(got[0], want[0], delta=TOLERANCE)
                    self.assertAlmostEqual(got[1], want[1], delta=TOLERANCE)

    def test_rlottie_frames_match_cairo(self):
        document = self.document
        width, height = document["w"], document["h"]
        rl = LottieAnimation.from_data(json.dumps(document))
        for index in FRAMES:
            with self.subTest(frame=index):
                bgra = rl.lottie_animation_render(frame_num=index, width=width, height=height)
                w, h, cairo = decode_png((self.replay / f"frame-{index:05d}.png").read_bytes())
                self.assertEqual((w, h), (width, height))
                listed = self.frame(index)
                sheet = next(op for op in listed["ops"] if op["op"] == "push" and op["id"] == "sheet")
                top, shadow = sheet["transform"][5], sheet["shadow"]
                # 3σ, σ = radius (Shadow.gaussianStandardDeviation)
                reach = 3 * shadow["radius"] + abs(shadow["offset"][1]) + 2
                op, transform, clip = picture_op(listed)
                x0, y0 = max(min(c[0] for c in clip), 0), max(min(c[1] for c in clip), 0)
                x1, y1 = min(max(c[0] for c in clip), width), min(max(c[1] for c in clip), height)
                radius = 12 + 2
                whole, picture = [0, 0, 0], [0, 0, 0]  # sum of differences, far pixels, compared
                for y in range(height):
                    if top - reach <= y <= top + 3:
                        continue  # the shadow band above the sheet's edge
                    for x in range(width):
                        i = (y * width + x) * 4
                        a = bgra[i + 3]
                        rgb = (bgra[i + 2], bgra[i + 1], bgra[i]) if a == 255 else tuple(
                            round(c * 255 / a) if a else 0 for c in (bgra[i + 2], bgra[i + 1], bgra[i]))
                        d = [abs(rgb[ch] - cairo[i + ch]) for ch in range(3)]
                        counts = [whole]
                        cx = min(max(x + 0.5, x0 + radius), x1 - radius)
                        cy = min(max(y + 0.5, y0 + radius), y1 - radius)
                        inside = x0 + 2 <= x and x + 1 <= x1 - 2 and y0 + 2 <= y and y + 1 <= y1 - 2
                        if inside and ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) ** 0.5 <= radius - 2:
                            counts.append(picture)
                        for count in counts:
                            count[0] += sum(d)
                            count[1] += max(d) > 32
                            count[2] += 1
                for name, (total, far, compared), mean_bound, share_bound in (
                        ("frame", whole, 2.5, 0.02), ("picture", picture, 3.0, 0.025)):
                    mean, share = total / (3 * compared), far / compared
                    print(f"\nrlottie bottom-sheet frame {index} {name}: {compared} px, mean {mean:.3f}/255, "
                          f"{share:.3%} off by > 32")
                    self.assertLessEqual(mean, mean_bound)
                    self.assertLessEqual(share, share_bound)
                self.assertGreater(whole[2], width * height // 2)
                self.assertGreater(picture[2], 100 * 40, "the picture is on screen")


if __name__ == "__main__":
    unittest.main()
