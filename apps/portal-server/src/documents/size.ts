import { setImmediate as nextTurn } from 'node:timers/promises';
import { renderReport, type RenderInput } from './index.ts';

/**
 * The size in bytes of a report as it would be downloaded now, by generating it and counting (nothing is kept).
 * With `yieldToIo`, it waits a turn of the event loop after each chunk (about 64 KB), so that measuring in the
 * background does not hold up requests: generation itself never waits for I/O.
 *
 * @example await measureReport({ kind: findReportKind('device-inventory')!, account, language: 'en', format: 'csv' })
 */
export async function measureReport(
  input: RenderInput,
  options: { yieldToIo?: boolean } = {},
): Promise<number> {
  let bytes = 0;
  for await (const chunk of renderReport(input).body as AsyncIterable<string | Buffer>) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (options.yieldToIo === true) await nextTurn();
  }
  return bytes;
}
