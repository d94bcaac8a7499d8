#!/usr/bin/env python3
"""Writes the recorded-session fixtures (JSONL, schemas/recording.md) beside this script.

The files are the fixtures and are committed; this script only documents how they were
made and regenerates them byte for byte. Pointer samples come every ~16 ms (alternating
16 and 17 ms, like a 60 Hz touch stream), with a little vertical drift as a finger has.
Coordinates for the hero card come from `morph export hero-card --progress 1`; the tests
check that each tap still lands where it was meant to.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def number(value):
    value = round(float(value), 4)
    return int(value) if value == int(value) else value


def header(component, configuration=None, viewport=(390, 844), environment=None):
    env = {"reduceMotion": False, "dynamicType": "L", "colorScheme": "light"}
    env.update(environment or {})
    return {"format": "morph.recording", "version": 1, "component": component,
            "configuration": configuration or {}, "environment": env,
            "viewport": [viewport[0], viewport[1]], "frameRate": 60}


class Session:
    def __init__(self, head):
        self.lines = [head]

    def event(self, t, kind, **fields):
        line = {"t": number(t), "kind": kind}
        for key, value in fields.items():
            line[key] = number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value
        self.lines.append(line)

    def drag(self, t, pointer, points):
        """points: [(x, y)], one every ~16 ms; returns the time of the pointerUp."""
        step = [0.016, 0.017]
        self.event(t, "pointerDown", pointer=pointer, x=points[0][0], y=points[0][1])
        for index, (x, y) in enumerate(points[1:-1]):
            t += step[index % 2]
            self.event(t, "pointerMove", pointer=pointer, x=x, y=y)
        t += 0.016
        self.event(t, "pointerUp", pointer=pointer, x=points[-1][0], y=points[-1][1])
        return t

    def drag_then_rest(self, t, pointer, points, rest):
        """points as for drag, every one a move after the down; the pointer then rests `rest`
        seconds sending nothing (as a browser reports a resting pointer) and lifts there."""
        step = [0.016, 0.017]
        self.event(t, "pointerDown", pointer=pointer, x=points[0][0], y=points[0][1])
        for index, (x, y) in enumerate(points[1:]):
            t += step[index % 2]
            self.event(t, "pointerMove", pointer=pointer, x=x, y=y)
        t += rest
        self.event(t, "pointerUp", pointer=pointer, x=points[-1][0], y=points[-1][1])
        return t

    def tap(self, t, x, y, pointer=1):
        """What a touch client sends: the pointer stream, then the tap it ended in."""
        self.event(t, "pointerDown", pointer=pointer, x=x, y=y)
        self.event(t + 0.083, "pointerUp", pointer=pointer, x=x, y=y)
        self.event(t + 0.083, "tap", x=x, y=y)

    def press(self, t, x, y, pointer=1, hold=0.083, to=None):
        """A press as a pointer-only client sends it: down, one move if it goes `to`
        somewhere else, up. MorphKit recognises the gesture (no `tap` event)."""
        self.event(t, "pointerDown", pointer=pointer, x=x, y=y)
        end = to or (x, y)
        if to:
            self.event(t + hold / 2, "pointerMove", pointer=pointer, x=end[0], y=end[1])
        self.event(t + hold, "pointerUp", pointer=pointer, x=end[0], y=end[1])

    def write(self, name):
        with open(os.path.join(HERE, name + ".jsonl"), "w") as file:
            for line in self.lines:
                file.write(json.dumps(line, separators=(",", ":")) + "\n")


def path(start, end, count, drift=0.0):
    """`count` samples from start to end (inclusive), eased so the finger speeds up then slows."""
    (x0, y0), (x1, y1) = start, end
    out = []
    for index in range(count):
        s = index / (count - 1)
        out.append((x0 + (x1 - x0) * s, y0 + (y1 - y0) * s + drift * s * (1 - s)))
    return out


def hold(point, count):
    return [point] * count


def curtain(name, build, folds=4):
    session = Session(header("curtain", {"folds": folds}))
    build(session)
    session.write(name)


def flick(s):
    # ~2000 pt/s leftward from the trailing handle: predicted end far left of 100.
    s.drag(0.2, 1, path((372, 420), (150, 426), 8, drift=4))


def slow_drag(s):
    # ~130 pt/s, then the finger rests before lifting: predicted end ~250, springs back.
    s.drag(0.2, 1, path((380, 400), (250, 404), 60, drift=6) + hold((250, 404), 6))


def hold_then_lift(s):
    # ~2000 pt/s leftward to x = 200, then the finger rests 0.5 s and lifts there: a device's
    # rest leaves no velocity, so the predicted end is 200 and it springs back (lifted at
    # once, the same drag would predict ~-200 and reveal).
    s.drag_then_rest(0.2, 1, path((372, 420), (200, 424), 6, drift=3), rest=0.5)


def slow_release(s):
    # ~130 pt/s to x = 140, lifted while still moving: predicted ~107, just right of 100,
    # springs back.
    s.drag(0.2, 1, path((380, 400), (140, 404), 112, drift=6))


def rubber_band(s):
    # Past the 44 pt stop to x = 10, held there, lifted still: the drag point sits at
    # rubberClamp(44, 10, 1e6) while held; the release (predicted 10) reveals.
    s.drag(0.2, 1, path((376, 300), (10, 320), 40, drift=10) + hold((10, 320), 24))


def reveal_then_close(s):
    up = s.drag(0.2, 1, path((372, 420), (150, 426), 8, drift=4))
    # Once settled, the handle is the leading 44 pt: drag it back to the right quickly.
    s.drag(up + 1.4, 2, path((20, 500), (300, 496), 12, drift=-3))


def set_folds(s):
    s.event(0.1, "set", key="folds", value=6)
    up_points = path((378, 380), (210, 390), 20, drift=5) + hold((210, 390), 4)
    t = 0.3
    s.event(t, "pointerDown", pointer=1, x=up_points[0][0], y=up_points[0][1])
    for index, (x, y) in enumerate(up_points[1:-1]):
        t += [0.016, 0.017][index % 2]
        s.event(t, "pointerMove", pointer=1, x=x, y=y)
        if index == 9:
            s.event(t, "set", key="folds", value=2)  # mid-drag
    t += 0.016
    s.event(t, "pointerUp", pointer=1, x=up_points[-1][0], y=up_points[-1][1])
    s.event(t + 0.1, "set", key="folds", value=8)  # while springing back


def container(name, build, configuration=None, environment=None):
    session = Session(header("morph-container", configuration, viewport=(400, 440), environment=environment))
    build(session)
    session.write(name)


def double_tap(s):
    # The card is centred: collapsed 30...370 x 172...268. The second tap comes mid-flight.
    s.tap(0.2, 200, 220)
    s.tap(0.42, 205, 230)


def scrub(s):
    t = 0.2
    for index in range(40):
        s.event(t, "scrub", progress=min(1.0, index / 30))
        t += [0.016, 0.017][index % 2]
    s.tap(t, 200, 220)  # ignored while the override is set
    t += 0.3
    for index in range(20):
        s.event(t, "scrub", progress=1 - index / 40)
        t += [0.016, 0.017][index % 2]
    s.event(t, "scrub", progress=None)


def reduce_motion(s):
    s.event(0.1, "environment", reduceMotion=True)
    s.tap(0.3, 200, 220)      # jumps open
    s.tap(0.8, 200, 220)      # jumps closed
    s.event(1.1, "environment", reduceMotion=False)
    s.tap(1.3, 200, 220)      # animates open


def pointer_open_close(s):
    # Pointer events only. The card is centred: collapsed 30...370 x 172...268.
    s.press(0.2, 200, 220)                      # a tap: opens
    # Once it has settled open:
    s.press(2.0, 200, 220, to=(200, 240))       # moved 20 pt, past the 10 pt slop: no tap
    s.press(2.4, 200, 220, hold=0.7)            # held 0.7 s, past 0.5 s: no tap
    s.press(3.4, 204, 226, to=(210, 232))       # moved 8.5 pt, within the slop: closes


def hero(name, build):
    session = Session(header("hero-card"))
    build(session)
    session.write(name)


def open_close(s):
    # iPhone 15's safe area (59 pt on top) moves the demo down by 59 pt.
    s.tap(0.2, 195, 200)      # the collapsed card (20...370 x 136...356)
    s.tap(1.4, 195, 600)      # the expanded card's body: must not close
    s.tap(1.8, 150, 200)      # where the collapsed card was: must not close either
    s.tap(2.3, 336, 170)      # the close button's touch target (316.8...356 x 150.1...189.4)


def pointer_hero_open_close(s):
    # Pointer events only, against the Buttons' rules (no slop, no time limit).
    s.press(0.2, 195, 200, hold=0.9)           # a long press on the collapsed card: opens
    s.press(2.4, 195, 600)                      # the expanded card's body: nothing
    s.press(3.0, 336, 170, to=(330, 239))       # the close button, slid to 50 pt below it: still on
                                                # it (70 pt tolerance), so it closes


curtain("curtain-flick-reveals", flick)
curtain("curtain-slow-drag-springs-back", slow_drag)
curtain("curtain-rubber-band-release", rubber_band)
curtain("curtain-hold-then-lift-springs-back", hold_then_lift)
curtain("curtain-slow-release-springs-back", slow_release)
curtain("curtain-reveal-then-close", reveal_then_close)
curtain("curtain-set-folds", set_folds)
container("container-double-tap", double_tap)
container("container-scrub", scrub)
container("container-reduce-motion", reduce_motion, configuration={"dampingFraction": 0.82})
hero("hero-open-close", open_close)
container("container-pointer-open-close", pointer_open_close)
hero("hero-pointer-open-close", pointer_hero_open_close)
