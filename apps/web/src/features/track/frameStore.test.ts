import { describe, expect, it } from 'vitest';
import { type FrameScheduler, FrameStore } from './frameStore';

function manualFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request: (callback) => {
      queue.set(next, callback);
      return next++;
    },
    cancel: (handle) => {
      queue.delete(handle);
    },
  };
  const frame = () => {
    const callbacks = [...queue.values()];
    queue.clear();
    for (const callback of callbacks) callback();
  };
  return { scheduler, frame, pending: () => queue.size };
}

describe('FrameStore', () => {
  it('publishes the last of many values once a frame', () => {
    const frames = manualFrames();
    const store = new FrameStore(0, frames.scheduler);
    let renders = 0;
    store.subscribe(() => renders++);
    for (let i = 1; i <= 5; i++) store.set(i);
    expect(frames.pending()).toBe(1);
    expect(store.getSnapshot()).toBe(0);
    expect(store.latest).toBe(5);
    frames.frame();
    expect(renders).toBe(1);
    expect(store.getSnapshot()).toBe(5);
    store.set(6);
    store.set(7);
    frames.frame();
    expect(renders).toBe(2);
    expect(store.getSnapshot()).toBe(7);
  });

  it('asks for no frame while nothing changes, and stops on dispose', () => {
    const frames = manualFrames();
    const store = new FrameStore('a', frames.scheduler);
    let renders = 0;
    const unsubscribe = store.subscribe(() => renders++);
    frames.frame();
    expect(renders).toBe(0);
    store.set('b');
    store.dispose();
    expect(frames.pending()).toBe(0);
    unsubscribe();
    expect(renders).toBe(0);
  });
});
