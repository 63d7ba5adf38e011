import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { batchedDestination } from './batched-destination.ts';

function sinkAndProcess() {
  const chunks: string[] = [];
  const process = new EventEmitter();
  return { chunks, sink: { write: (chunk: string) => chunks.push(chunk) }, process };
}

describe('the batched log destination', () => {
  it('writes the lines of one turn of the event loop as one chunk, in order, when the turn ends', async () => {
    const { chunks, sink, process } = sinkAndProcess();
    const destination = batchedDestination(sink, process);
    destination.write('one\n');
    destination.write('two\n');
    destination.write('three\n');
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual(['one\ntwo\nthree\n']);
    destination.write('four\n');
    await nextTurn();
    expect(chunks).toEqual(['one\ntwo\nthree\n', 'four\n']);
  });

  it('writes nothing for a turn without lines', async () => {
    const { chunks, sink, process } = sinkAndProcess();
    batchedDestination(sink, process);
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual([]);
  });

  it('writes what is pending at once on flushSync, and when the process exits', async () => {
    const { chunks, sink, process } = sinkAndProcess();
    const destination = batchedDestination(sink, process);
    destination.write('a\n');
    destination.flushSync();
    expect(chunks).toEqual(['a\n']);
    destination.write('b\n');
    process.emit('exit', 0);
    expect(chunks).toEqual(['a\n', 'b\n']);
    await nextTurn();
    expect(chunks).toEqual(['a\n', 'b\n']);
  });

  it("writes what is pending when pino's logger.flush is called", () => {
    const { chunks, sink, process } = sinkAndProcess();
    const logger = pino({ level: 'info' }, batchedDestination(sink, process));
    logger.info('before a shutdown');
    let flushed = false;
    logger.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    expect(chunks.join('')).toContain('before a shutdown');
  });

  it('carries every line of a pino logger, each one whole', async () => {
    const { chunks, sink, process } = sinkAndProcess();
    const logger = pino({ level: 'info' }, batchedDestination(sink, process));
    for (let i = 0; i < 100; i += 1) logger.info({ i }, 'request completed');
    await nextTurn();
    expect(chunks).toHaveLength(1);
    const lines = (chunks[0] ?? '').trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { i: number }).i)).toEqual([...Array(100).keys()]);
  });
});
