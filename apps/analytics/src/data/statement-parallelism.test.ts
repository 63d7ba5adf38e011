import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatementParallelism } from './statement-parallelism.ts';

let applied: number[];
const apply = async (threads: number): Promise<void> => {
  applied.push(threads);
};

beforeEach(() => {
  applied = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("DuckDB's threads per statement under load", () => {
  it('goes to one thread per statement once when statements queue, however often they do', async () => {
    const parallelism = new StatementParallelism({ threads: 4, connections: 8, apply });
    parallelism.saturated();
    parallelism.saturated();
    parallelism.saturated();
    await parallelism.settled();
    expect(applied).toEqual([1]);
    expect(parallelism.threads).toBe(1);
  });

  it('gives DuckDB its threads back once the queue has stayed empty for the settling time', async () => {
    const parallelism = new StatementParallelism({ threads: 4, connections: 8, apply, settleMs: 500 });
    parallelism.saturated();
    parallelism.drained();
    await vi.advanceTimersByTimeAsync(499);
    expect(parallelism.threads).toBe(1);
    parallelism.drained();
    await vi.advanceTimersByTimeAsync(1);
    await parallelism.settled();
    expect(applied).toEqual([1, 4]);
    expect(parallelism.threads).toBe(4);
  });

  it('keeps one thread per statement when statements queue again before the settling time is over', async () => {
    const parallelism = new StatementParallelism({ threads: 2, connections: 8, apply, settleMs: 500 });
    parallelism.saturated();
    parallelism.drained();
    await vi.advanceTimersByTimeAsync(400);
    parallelism.saturated();
    await vi.advanceTimersByTimeAsync(400);
    await parallelism.settled();
    expect(applied).toEqual([1]);
    parallelism.drained();
    await vi.advanceTimersByTimeAsync(500);
    await parallelism.settled();
    expect(applied).toEqual([1, 2]);
  });

  it('never changes a setting of one thread, one the connections could not keep busy, nor one asked to stay fixed', async () => {
    const single = new StatementParallelism({ threads: 1, connections: 8, apply });
    const fewConnections = new StatementParallelism({ threads: 4, connections: 2, apply });
    const fixed = new StatementParallelism({ threads: 4, connections: 8, apply, fixed: true });
    for (const parallelism of [single, fewConnections, fixed]) {
      parallelism.saturated();
      parallelism.drained();
    }
    await vi.advanceTimersByTimeAsync(5000);
    expect(applied).toEqual([]);
    expect(single.adaptive).toBe(false);
    expect(fewConnections.adaptive).toBe(false);
    expect(fixed.adaptive).toBe(false);
  });

  it('applies only the latest wish when the load changes while a setting is being applied', async () => {
    let release: () => void = () => undefined;
    const slow = (threads: number): Promise<void> => {
      applied.push(threads);
      return threads === 1 ? new Promise((resolve) => (release = resolve)) : Promise.resolve();
    };
    const parallelism = new StatementParallelism({ threads: 4, connections: 8, apply: slow, settleMs: 10 });
    parallelism.saturated();
    parallelism.drained();
    await vi.advanceTimersByTimeAsync(10);
    parallelism.saturated();
    release();
    await parallelism.settled();
    expect(applied).toEqual([1]);
    expect(parallelism.threads).toBe(1);
  });

  it('reports a setting DuckDB refused and keeps the one it has, asking again when statements next queue', async () => {
    const errors: unknown[] = [];
    let refuse = true;
    const flaky = async (threads: number): Promise<void> => {
      applied.push(threads);
      if (refuse) throw new Error('connection closed');
    };
    const parallelism = new StatementParallelism({
      threads: 4,
      connections: 8,
      apply: flaky,
      onError: (error) => errors.push(error),
    });
    parallelism.saturated();
    await parallelism.settled();
    expect(parallelism.threads).toBe(4);
    expect(errors).toHaveLength(1);
    refuse = false;
    parallelism.saturated();
    await parallelism.settled();
    expect(parallelism.threads).toBe(1);
  });

  it('leaves the setting as it is once stopped', async () => {
    const parallelism = new StatementParallelism({ threads: 4, connections: 8, apply, settleMs: 10 });
    parallelism.saturated();
    parallelism.drained();
    parallelism.stop();
    parallelism.saturated();
    parallelism.drained();
    await vi.advanceTimersByTimeAsync(100);
    await parallelism.settled();
    expect(applied).toEqual([1]);
  });
});
