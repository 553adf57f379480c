import {
  clampPlaybackIndex,
  DEFAULT_PLAYBACK_MULTIPLIER,
  PLAYBACK_JUMP_POINTS,
  PLAYBACK_MULTIPLIERS,
  playbackStepDelay,
} from '@fleet/domain';

/**
 * Route playback (spec core sections 2, 4 and 9): idle, then playing or paused, then finished.
 * Finishing puts the position back at the start and clears the playing flag; playing is refused
 * without a car marker; a new speed while playing restarts the timer; the position stays between 0
 * and the last point. The loop runs on timers outside React: each step calls `onStep`, which moves
 * the marker directly.
 */
export type PlaybackState = 'idle' | 'playing' | 'paused' | 'finished';

export interface PlaybackSnapshot {
  readonly state: PlaybackState;
  readonly index: number;
  readonly count: number;
  readonly multiplier: number;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The `speed` of the step delay formula (speed × 100 / multiplier + 10 ms): one track point a step.
 * At 1× a step is 110 ms, at 16× 16.25 ms — about one display frame.
 */
export const PLAYBACK_STEP_SPEED = 1;

/** Milliseconds between two steps at a multiplier. */
export function stepDelay(multiplier: number): number {
  return playbackStepDelay(PLAYBACK_STEP_SPEED, multiplier);
}

export type PlayRefusal = 'noMarker' | 'noTrack';

export interface PlaybackOptions {
  /** Whether the car marker is on the map; without it playing is refused. */
  hasMarker: () => boolean;
  /** Every change of position (each step, jump, seek, reset). */
  onStep?: (index: number) => void;
  /** Every change at all (state, position, speed). */
  onChange?: (snapshot: PlaybackSnapshot) => void;
  timers?: Timers;
}

export class Playback {
  private state: PlaybackState = 'idle';
  private index = 0;
  private count = 0;
  private multiplier: number = DEFAULT_PLAYBACK_MULTIPLIER;
  private timer: unknown;
  private readonly timers: Timers;

  constructor(private readonly options: PlaybackOptions) {
    this.timers = options.timers ?? browserTimers;
  }

  get snapshot(): PlaybackSnapshot {
    return { state: this.state, index: this.index, count: this.count, multiplier: this.multiplier };
  }

  /** A new track: idle at its first point, speed kept. */
  load(count: number): void {
    this.stopTimer();
    this.count = Math.max(0, Math.trunc(count));
    this.state = 'idle';
    this.index = 0;
    this.emit(true);
  }

  /** Starts or resumes; from finished it starts over. Returns why it refused, or undefined. */
  play(): PlayRefusal | undefined {
    if (this.count < 2) return 'noTrack';
    if (!this.options.hasMarker()) return 'noMarker';
    if (this.state === 'playing') return undefined;
    if (this.state === 'finished' || this.index >= this.count - 1) {
      this.index = 0;
      this.options.onStep?.(0);
    }
    this.state = 'playing';
    this.schedule();
    this.emit(false);
    return undefined;
  }

  pause(): void {
    if (this.state !== 'playing') return;
    this.stopTimer();
    this.state = 'paused';
    this.emit(false);
  }

  toggle(): PlayRefusal | undefined {
    if (this.state === 'playing') {
      this.pause();
      return undefined;
    }
    return this.play();
  }

  /** Moves by `delta` points (the buttons move by 20); playing goes on from there. */
  jump(delta: number = PLAYBACK_JUMP_POINTS): void {
    this.seek(this.index + delta);
  }

  /** Moves to a point (the slider, a click on the track), kept between 0 and the last point. */
  seek(index: number): void {
    if (this.count === 0) return;
    const next = clampPlaybackIndex(index, this.count);
    if (this.state === 'finished') this.state = 'paused';
    if (next === this.index) {
      this.emit(false);
      return;
    }
    this.index = next;
    this.emit(true);
  }

  setMultiplier(multiplier: number): void {
    if (!PLAYBACK_MULTIPLIERS.includes(multiplier as (typeof PLAYBACK_MULTIPLIERS)[number])) {
      throw new RangeError(`playback multiplier must be one of ${PLAYBACK_MULTIPLIERS.join(', ')}`);
    }
    this.multiplier = multiplier;
    if (this.state === 'playing') {
      this.stopTimer();
      this.schedule();
    }
    this.emit(false);
  }

  /** Stops the timer for good (the page leaves). */
  dispose(): void {
    this.stopTimer();
    if (this.state === 'playing') this.state = 'paused';
  }

  private schedule(): void {
    this.timer = this.timers.setTimeout(() => this.tick(), stepDelay(this.multiplier));
  }

  private tick(): void {
    this.timer = undefined;
    if (this.state !== 'playing') return;
    if (this.index >= this.count - 1) {
      this.finish();
      return;
    }
    this.index += 1;
    this.emit(true);
    this.schedule();
  }

  private finish(): void {
    this.state = 'finished';
    this.index = 0;
    this.emit(true);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private emit(moved: boolean): void {
    if (moved) this.options.onStep?.(this.index);
    this.options.onChange?.(this.snapshot);
  }
}
