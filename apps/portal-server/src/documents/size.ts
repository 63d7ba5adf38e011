import { renderReport, type RenderInput } from './index.ts';

/**
 * The size in bytes of a report as it would be downloaded now, by generating it and counting (nothing is kept).
 *
 * @example await measureReport({ kind: findReportKind('device-inventory')!, account, language: 'en', format: 'csv' })
 */
export async function measureReport(input: RenderInput): Promise<number> {
  let bytes = 0;
  for await (const chunk of renderReport(input).body as AsyncIterable<string | Buffer>) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  }
  return bytes;
}
