// Offline playback of display lists: a JSON array or JSONL file of lists (or of `frame`
// messages, as a page or morphd may save them). Used to view exports without a server
// and by the browser tests through `?frames=URL`.

import { validateDisplayList } from './protocol.js';

/** Display lists from a JSON array, a single list, or JSONL text. Throws on bad input. */
export function parseFrames(text) {
  const trimmed = text.trim();
  let items;
  if (trimmed.startsWith('[')) items = JSON.parse(trimmed);
  else items = trimmed.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const lists = items.map((item) => (item && item.type === 'frame' ? item.list : item));
  lists.forEach((list, i) => {
    const problems = validateDisplayList(list);
    if (problems.length) throw new Error(`frame ${i}: ${problems.slice(0, 3).join('; ')}`);
  });
  return lists;
}

/**
 * Index of the list to show `elapsed` seconds into playback: the last list whose scene
 * time is at or before the first list's time + elapsed. Lists without advancing time
 * play one per 1/60 s.
 */
export function frameIndexAt(lists, elapsed) {
  if (lists.length === 0) return -1;
  const t0 = lists[0].time;
  const timed = lists[lists.length - 1].time > t0;
  if (!timed) return Math.min(lists.length - 1, Math.floor(elapsed * 60 + 1e-9));
  let index = 0;
  for (let i = 0; i < lists.length; i += 1) {
    if (lists[i].time - t0 <= elapsed + 1e-9) index = i; else break;
  }
  return index;
}

/** Plays lists into `show(list, index)` in real time; loops when `loop` is set. */
export class Player {
  constructor(lists, show, { loop = false, now = () => performance.now() } = {}) {
    this.lists = lists;
    this.show = show;
    this.loop = loop;
    this.now = now;
    this.index = -1;
    this.playing = false;
    this.startedAt = 0;
    this.offset = 0; // seconds already played when paused
  }

  get duration() {
    const n = this.lists.length;
    if (n < 2) return 0;
    const span = this.lists[n - 1].time - this.lists[0].time;
    return span > 0 ? span : (n - 1) / 60;
  }

  seek(index) {
    this.index = Math.max(0, Math.min(this.lists.length - 1, index));
    const t0 = this.lists[0].time;
    this.offset = this.lists[this.lists.length - 1].time > t0 ? this.lists[this.index].time - t0 : this.index / 60;
    this.startedAt = this.now();
    this.show(this.lists[this.index], this.index);
  }

  play() {
    if (this.playing || this.lists.length === 0) return;
    if (this.index >= this.lists.length - 1) this.offset = 0;
    this.playing = true;
    this.startedAt = this.now();
    const step = () => {
      if (!this.playing) return;
      let elapsed = this.offset + (this.now() - this.startedAt) / 1000;
      if (elapsed > this.duration) {
        if (this.loop && this.duration > 0) {
          elapsed %= this.duration;
        } else {
          elapsed = this.duration;
          this.playing = false;
        }
      }
      const index = frameIndexAt(this.lists, elapsed);
      if (index !== this.index) { this.index = index; this.show(this.lists[index], index); }
      if (this.playing) requestAnimationFrame(step);
      else this.offset = elapsed;
    };
    requestAnimationFrame(step);
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.offset += (this.now() - this.startedAt) / 1000;
  }
}
