#!/usr/bin/env python3
"""Writes the bottom sheet's and the pager's recorded sessions (JSONL, schemas/recording.md) beside this script.

The files are committed; this script documents how they were made and regenerates them byte
for byte. Pointer samples come every ~16 ms (alternating 16 and 17 ms, like a 60 Hz touch
stream). Geometry at 390 x 844: the Show sheet button's centre is (195, 278); the medium
detent puts the sheet's top at y = 422, the large one at y = 69 (the preset's 59 pt safe area
top, plus 10). The pager's card is (20, 131, 350, 422); its taps land at (195, 330). Its three
dots are 8 pt circles centred at (179, 581), (195, 581) and (211, 581).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = {"format": "morph.recording", "version": 1, "component": "bottom-sheet", "configuration": {},
          "environment": {"reduceMotion": False, "dynamicType": "L", "colorScheme": "light"},
          "viewport": [390, 844], "frameRate": 60}


def number(value):
    value = round(float(value), 4)
    return int(value) if value == int(value) else value


PAGER = dict(HEADER, component="pager")


class Session:
    def __init__(self, colorScheme="light", header=HEADER):
        header = json.loads(json.dumps(header))
        header["environment"]["colorScheme"] = colorScheme
        self.lines = [header]

    def event(self, t, kind, **fields):
        line = {"t": number(t), "kind": kind}
        line.update({key: number(value) if key in ("x", "y") else value for key, value in fields.items()})
        self.lines.append(line)

    def press(self, t, x, y, pointer=1):
        self.event(t, "pointerDown", pointer=pointer, x=x, y=y)
        self.event(t + 0.083, "pointerUp", pointer=pointer, x=x, y=y)

    def drag(self, t, start, end, count, hold=0, pointer=1, rest=None):
        """`count` samples from start to end, then `hold` still ones; returns the up time. With
        `rest`, the up comes `rest` s after the last sample, nothing between (a resting pointer,
        as a browser reports it)."""
        points = [(start[0] + (end[0] - start[0]) * i / (count - 1), start[1] + (end[1] - start[1]) * i / (count - 1))
                  for i in range(count)] + [end] * hold
        times = [t]
        for index in range(len(points) - 2):
            times.append(times[-1] + (0.016, 0.017)[index % 2])
        times.append(times[-1] + (0.016 if rest is None else rest))
        kinds = ["pointerDown"] + ["pointerMove"] * (len(points) - 2) + ["pointerUp"]
        for when, kind, (x, y) in zip(times, kinds, points):
            self.event(when, kind, pointer=pointer, x=x, y=y)
        return times[-1]

    def write(self, name):
        with open(os.path.join(HERE, name + ".jsonl"), "w") as file:
            for line in self.lines:
                file.write(json.dumps(line, separators=(",", ":")) + "\n")


# Open to medium, then a fast upward flick: the predicted end lies past the large detent.
s = Session()
s.press(0.2, 195, 278)
up = s.drag(1.2, (195, 440), (195, 200), 10)
s.event(up + 1.2, "environment", reduceMotion=False)
s.write("sheet-flick-up-to-large")

# Open, then a fast downward flick from medium: predicted above nothing, the sheet closes.
s = Session()
s.press(0.2, 195, 278)
up = s.drag(1.2, (195, 440), (195, 600), 7)
s.event(up + 1.0, "environment", reduceMotion=False)
s.write("sheet-flick-down-dismisses")

# Open, then a slow drag 100 pt down held still before release: no velocity, back to medium.
s = Session()
s.press(0.2, 195, 278)
up = s.drag(1.2, (195, 440), (195, 540), 40, hold=12)
s.event(up + 1.0, "environment", reduceMotion=False)
s.write("sheet-slow-drag-returns-to-medium")

# Open, then a fast drag 120 pt down from medium, the finger resting 0.5 s before lifting: a
# device's rest leaves no velocity, so the predicted end is where the finger is and the sheet
# returns to medium (lifted at once, the same drag would dismiss it).
s = Session()
s.press(0.2, 195, 278)
up = s.drag(1.2, (195, 440), (195, 560), 7, hold=1, rest=0.5)
s.event(up + 1.0, "environment", reduceMotion=False)
s.write("sheet-hold-then-lift-returns-to-medium")

# Open, then a slow drag 80 pt down (~100 pt/s) lifted while still moving: predicted ~25 pt
# further, nearest medium.
s = Session()
s.press(0.2, 195, 278)
up = s.drag(1.2, (195, 440), (195, 520), 49)
s.event(up + 1.0, "environment", reduceMotion=False)
s.write("sheet-slow-release-returns-to-medium")

# Open, then a tap on the dimmed backdrop above the sheet dismisses it.
s = Session()
s.press(0.2, 195, 278)
s.press(1.2, 195, 150)
s.event(2.2, "environment", reduceMotion=False)
s.write("sheet-backdrop-tap-dismisses")

# Open, then a slow drag 150 pt up from medium (0.42 of the way to large) held still before
# release: the presenting view shrinks with the sheet's position while it is dragged, then
# grows back as the sheet springs home to medium (no velocity: the nearest detent).
s = Session()
s.press(0.2, 195, 278)
up = s.drag(1.2, (195, 440), (195, 290), 46, hold=12)
s.event(up + 1.0, "environment", reduceMotion=False)
s.write("sheet-drag-between-detents")

# The upward flick in dark appearance: at the large detent the presenting view is pushed
# back over black with a light wash, and the grabber takes the dark tertiary label colour.
s = Session(colorScheme="dark")
s.press(0.2, 195, 278)
up = s.drag(1.2, (195, 440), (195, 200), 10)
s.event(up + 1.2, "environment", reduceMotion=False)
s.write("sheet-dark-flick-up-to-large")

# The pager: three taps on the card go to the second page, the third, then back to the first.
s = Session(header=PAGER)
s.press(0.2, 195, 330)
s.press(1.2, 195, 330)
s.press(2.2, 195, 330)
s.event(3.4, "environment", reduceMotion=False)
s.write("pager-tap-through")

# The pager on its second page; a page inserted before the others keeps every other page's
# node ids (pages.Harbor walk.…) while their positions move one page on, the current page
# number stays (the card now shows Harbor walk); a later tap goes on from there.
s = Session(header=PAGER)
s.press(0.2, 195, 330)
s.event(1.2, "set", key="pages", value=json.dumps([
    {"title": "Packing list", "symbol": "waveform"},
    {"title": "Harbor walk", "symbol": "sailboat.fill"},
    {"title": "Lunch at the market", "symbol": "fork.knife"},
    {"title": "Sunset viewpoint", "symbol": "sun.horizon.fill"}]))
s.press(1.8, 195, 330)
s.event(3.0, "environment", reduceMotion=False)
s.write("pager-insert-before-keeps-ids")

# The pager's dots: a tap on the third dot springs from the first page to the third (the event
# names every dot, dots.*.dot, and its effect reads the dot's index), then one on the second
# dot back to the second page.
s = Session(header=PAGER)
s.press(0.2, 211, 581)
s.press(1.4, 195, 581)
s.event(2.6, "environment", reduceMotion=False)
s.write("pager-tap-dots")

# The brand card (set in the file's own font, fonts/DejaVuSans.ttf): a tap on the card at
# (135, 269) widens it with a spring, its paragraph rewrapping in DejaVu Sans on every frame;
# a second tap narrows it again.
s = Session(header=dict(HEADER, component="brand-card"))
s.press(0.2, 135, 269)
s.press(1.4, 135, 269)
s.event(2.6, "environment", reduceMotion=False)
s.write("brand-card-widen-and-narrow")

# The brand card's paragraph at 19 pt (a set event), then widened by a tap: the larger text
# rewraps in DejaVu Sans as the card grows.
s = Session(header=dict(HEADER, component="brand-card"))
s.event(0.2, "set", key="size", value=19)
s.press(0.6, 135, 269)
s.event(1.8, "environment", reduceMotion=False)
s.write("brand-card-larger-text-widens")
