/**
 * A value read by React at most once an animation frame: the playback steps up to 60 times a
 * second outside React, and only the controls that show the position subscribe, through
 * useSyncExternalStore; however many steps fall in one frame, they re-render once.
 */
export type FrameScheduler = {
  request(callback: () => void): number;
  cancel(handle: number): void;
};

const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class FrameStore<T> {
  private value: T;
  private published: T;
  private frame = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: T,
    private readonly scheduler: FrameScheduler = animationFrames,
  ) {
    this.value = initial;
    this.published = initial;
  }

  set(value: T): void {
    this.value = value;
    if (this.frame !== 0) return;
    this.frame = this.scheduler.request(() => {
      this.frame = 0;
      this.published = this.value;
      for (const listener of this.listeners) listener();
    });
  }

  /** The latest value, published or not (for code outside React). */
  get latest(): T {
    return this.value;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** What React renders: the value of the last frame. */
  readonly getSnapshot = (): T => this.published;

  dispose(): void {
    if (this.frame !== 0) this.scheduler.cancel(this.frame);
    this.frame = 0;
    this.listeners.clear();
  }
}
