import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectGarbageWhenIdle, GROWTH_WORTH_COLLECTING, IDLE_AFTER_MS } from './idle-collection.ts';

describe('collectGarbageWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setUp = (heap: { used: number }) => {
    const server = new EventEmitter() as unknown as Server;
    const collect = vi.fn(() => {
      heap.used = 0;
    });
    const collector = collectGarbageWhenIdle(server, collect, () => heap.used);
    return { server, collect, collector };
  };

  it('collects once the requests stop, not while they keep coming', () => {
    const heap = { used: GROWTH_WORTH_COLLECTING };
    const { server, collect, collector } = setUp(heap);
    for (let request = 0; request < 5; request++) {
      vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
      server.emit('request');
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_AFTER_MS);
    // Twice: the second gives the emptied pages back.
    expect(collect).toHaveBeenCalledTimes(2);
    collector.stop();
  });

  it('leaves a heap that has not grown enough since the last collection', () => {
    const heap = { used: GROWTH_WORTH_COLLECTING };
    const { server, collect, collector } = setUp(heap);
    vi.advanceTimersByTime(IDLE_AFTER_MS);
    expect(collect).toHaveBeenCalledTimes(2);
    heap.used = GROWTH_WORTH_COLLECTING - 1;
    server.emit('request');
    vi.advanceTimersByTime(IDLE_AFTER_MS);
    expect(collect).toHaveBeenCalledTimes(2);
    // Work that is not a request (the catalogue load) restarts the countdown too.
    heap.used = GROWTH_WORTH_COLLECTING;
    collector.workDone();
    vi.advanceTimersByTime(IDLE_AFTER_MS);
    expect(collect).toHaveBeenCalledTimes(4);
    collector.stop();
    server.emit('request');
    vi.advanceTimersByTime(IDLE_AFTER_MS);
    expect(collect).toHaveBeenCalledTimes(4);
  });

  it('does nothing without V8’s gc (a start without --expose-gc)', () => {
    const server = new EventEmitter() as unknown as Server;
    const collector = collectGarbageWhenIdle(server, undefined);
    expect(server.listenerCount('request')).toBe(0);
    collector.stop();
  });
});
