import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollWhileVisible, type Visibility } from './poll.ts';

function page(initially: boolean) {
  let visible = initially;
  const listeners = new Set<() => void>();
  const v: Visibility = { visible: () => visible, onChange: (l) => (listeners.add(l), () => listeners.delete(l)) };
  return {
    v,
    set(next: boolean) {
      visible = next;
      for (const l of listeners) l();
    },
    listeners,
  };
}

describe('pollWhileVisible', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs now and then every period while visible, and not after stop', async () => {
    const p = page(true);
    const task = vi.fn(async () => {});
    const stop = pollWhileVisible(task, 1000, p.v);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(4);
    expect(p.listeners.size).toBe(0);
  });

  it('makes no request while the tab is hidden and one at once when it comes back', async () => {
    const p = page(false);
    const task = vi.fn(async () => {});
    const stop = pollWhileVisible(task, 1000, p.v);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
    p.set(true);
    expect(task).toHaveBeenCalledTimes(1);
    p.set(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never starts a run while the last one is still waiting for its answer, and survives a failure', async () => {
    const p = page(true);
    let finish: () => void = () => {};
    const task = vi.fn(
      () =>
        new Promise<void>(
          (resolve, reject) => (finish = task.mock.calls.length === 1 ? () => reject(new Error('down')) : resolve),
        ),
    );
    const stop = pollWhileVisible(task, 1000, p.v);
    await vi.advanceTimersByTimeAsync(4000);
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
  });
});
