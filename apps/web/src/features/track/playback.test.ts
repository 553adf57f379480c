import { describe, expect, it } from 'vitest';
import { Playback, type PlaybackSnapshot, stepDelay, type Timers } from './playback';

/** Timers run by hand: `advance` fires whatever is due. */
class FakeTimers implements Timers {
  now = 0;
  private next = 1;
  readonly pending = new Map<number, { at: number; fn: () => void; ms: number }>();
  readonly delays: number[] = [];

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn, ms });
    this.delays.push(ms);
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = end;
  }
}

function setup(count: number, marker = true) {
  const timers = new FakeTimers();
  const steps: number[] = [];
  const states: PlaybackSnapshot[] = [];
  const hasMarker = { value: marker };
  const playback = new Playback({
    hasMarker: () => hasMarker.value,
    onStep: (i) => steps.push(i),
    onChange: (s) => states.push(s),
    timers,
  });
  playback.load(count);
  steps.length = 0;
  return { playback, timers, steps, states, hasMarker };
}

describe('stepDelay', () => {
  it('follows speed × 100 / multiplier + 10 ms with one point a step', () => {
    expect(stepDelay(1)).toBe(110);
    expect(stepDelay(0.5)).toBe(210);
    expect(stepDelay(16)).toBe(16.25);
  });
});

describe('Playback', () => {
  it('starts idle at the first point', () => {
    const { playback } = setup(10);
    expect(playback.snapshot).toEqual({ state: 'idle', index: 0, count: 10, multiplier: 1 });
  });

  it('plays one point a step at the step delay, pauses and resumes', () => {
    const { playback, timers, steps } = setup(100);
    expect(playback.play()).toBeUndefined();
    expect(playback.snapshot.state).toBe('playing');
    timers.advance(110 * 3);
    expect(steps).toEqual([1, 2, 3]);
    playback.pause();
    expect(playback.snapshot.state).toBe('paused');
    timers.advance(10_000);
    expect(playback.snapshot.index).toBe(3);
    playback.toggle();
    timers.advance(110);
    expect(playback.snapshot.index).toBe(4);
  });

  it('finishes at the last point: back to the start, playing cleared', () => {
    const { playback, timers, steps } = setup(4);
    playback.play();
    timers.advance(110 * 3);
    expect(playback.snapshot).toMatchObject({ state: 'playing', index: 3 });
    timers.advance(110);
    expect(playback.snapshot).toMatchObject({ state: 'finished', index: 0 });
    expect(steps).toEqual([1, 2, 3, 0]);
    expect(timers.pending.size).toBe(0);
    // playing again starts over
    playback.play();
    expect(playback.snapshot.state).toBe('playing');
    timers.advance(110);
    expect(playback.snapshot.index).toBe(1);
  });

  it('refuses to play without a car marker or without a track', () => {
    const noMarker = setup(10, false);
    expect(noMarker.playback.play()).toBe('noMarker');
    expect(noMarker.playback.snapshot.state).toBe('idle');
    expect(noMarker.timers.pending.size).toBe(0);
    noMarker.hasMarker.value = true;
    expect(noMarker.playback.play()).toBeUndefined();

    const empty = setup(1);
    expect(empty.playback.play()).toBe('noTrack');
    expect(empty.playback.snapshot.state).toBe('idle');
  });

  it('restarts the timer when the speed changes while playing', () => {
    const { playback, timers } = setup(1000);
    playback.play();
    timers.advance(100); // 10 ms before the next step at 1×
    playback.setMultiplier(16);
    expect(timers.pending.size).toBe(1);
    expect(timers.delays[timers.delays.length - 1]).toBe(16.25);
    timers.advance(16.25);
    expect(playback.snapshot.index).toBe(1);
    timers.advance(16.25 * 10);
    expect(playback.snapshot.index).toBe(11);
    expect(playback.snapshot.multiplier).toBe(16);
  });

  it('keeps the speed of a paused playback without starting a timer', () => {
    const { playback, timers } = setup(100);
    playback.setMultiplier(4);
    expect(timers.pending.size).toBe(0);
    expect(() => playback.setMultiplier(3)).toThrow(RangeError);
    playback.play();
    expect(timers.delays[timers.delays.length - 1]).toBe(35);
  });

  it('jumps 20 points back and forward, kept between 0 and the last point', () => {
    const { playback, steps } = setup(50);
    playback.jump(20);
    expect(playback.snapshot.index).toBe(20);
    playback.jump(20);
    playback.jump(20);
    expect(playback.snapshot.index).toBe(49);
    playback.jump(-20);
    expect(playback.snapshot.index).toBe(29);
    playback.jump(-100);
    expect(playback.snapshot.index).toBe(0);
    playback.jump();
    expect(playback.snapshot.index).toBe(20);
    playback.seek(-5);
    playback.seek(1e9);
    expect(playback.snapshot.index).toBe(49);
    expect(steps).toEqual([20, 40, 49, 29, 0, 20, 0, 49]);
  });

  it('goes on playing from where a jump or a click puts it', () => {
    const { playback, timers } = setup(100);
    playback.play();
    playback.seek(60);
    timers.advance(110);
    expect(playback.snapshot).toMatchObject({ state: 'playing', index: 61 });
  });

  it('takes a seek after finishing as paused there', () => {
    const { playback, timers } = setup(3);
    playback.play();
    timers.advance(110 * 3);
    expect(playback.snapshot.state).toBe('finished');
    playback.seek(1);
    expect(playback.snapshot).toMatchObject({ state: 'paused', index: 1 });
  });

  it('loads a new track idle at its start and stops the timer; dispose stops it for good', () => {
    const { playback, timers } = setup(100);
    playback.play();
    timers.advance(220);
    playback.load(30);
    expect(playback.snapshot).toMatchObject({ state: 'idle', index: 0, count: 30 });
    expect(timers.pending.size).toBe(0);
    playback.play();
    playback.dispose();
    expect(timers.pending.size).toBe(0);
    expect(playback.snapshot.state).toBe('paused');
  });
});
