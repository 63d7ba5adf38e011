import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { growthRule, watchNativeMemory } from './native-memory.ts';

const MB = 1024 * 1024;

describe('growthRule', () => {
  it('asks for a collection once the resident memory has grown by the growth over the lowest seen', () => {
    const rule = growthRule(64 * MB);
    expect([300, 280, 320, 344].map((mb) => rule.check(mb * MB))).toEqual([
      'wait',
      'wait',
      'wait',
      'collect',
    ]);
  });

  it('measures the next growth from where the memory settled after the collection', () => {
    const rule = growthRule(64 * MB);
    for (const mb of [300, 370]) rule.check(mb * MB);
    // The check after the collection sets the floor (310), whatever it was before.
    expect([310, 360, 373, 374].map((mb) => rule.check(mb * MB))).toEqual([
      'wait',
      'wait',
      'wait',
      'collect',
    ]);
  });

  it('costs one collection per growth when a collection returns nothing (a working set that grew)', () => {
    const rule = growthRule(64 * MB);
    const decisions = [100, 170, 170, 180, 200, 240, 250].map((mb) => rule.check(mb * MB));
    expect(decisions.filter((d) => d === 'collect')).toHaveLength(2);
    expect(decisions).toEqual(['wait', 'collect', 'wait', 'wait', 'wait', 'collect', 'wait']);
  });
});

describe('watchNativeMemory', () => {
  it('does nothing when the growth is 0', () => {
    const watch = watchNativeMemory({ growthMb: 0, onCollect: () => expect.unreachable() });
    expect(watch.active).toBe(false);
    watch.stop();
  });

  it('has V8 run a major collection in this process when the memory grows past the growth', async () => {
    let majors = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry.detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
          majors += 1;
    });
    observer.observe({ entryTypes: ['gc'] });
    const collected: number[] = [];
    // A growth of 1 byte: the second check collects whatever the process does.
    const watch = watchNativeMemory({
      growthMb: 1 / MB,
      intervalMs: 5,
      onCollect: (rss) => collected.push(rss),
    });
    const held: Buffer[] = [];
    for (let i = 0; i < 40 && collected.length === 0; i += 1) {
      held.push(Buffer.alloc(2 * MB, 1));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(watch.active).toBe(true);
    watch.stop();
    for (let i = 0; i < 100 && majors === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    observer.disconnect();
    expect(collected.length).toBeGreaterThan(0);
    expect(held.length).toBeGreaterThan(0);
    expect(majors).toBeGreaterThan(0);
  });
});
