import { generateAccount } from '@portico/fleet-data';
import { text } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { textStream } from '../../src/documents/formats/chunks.ts';
import { renderReport } from '../../src/documents/index.ts';
import { END_DATE, kind, NOW, render, renderText } from './helpers.ts';

// The largest sample account: about 87,600 daily readings, some 4 MB of CSV and 12 MB of HTML.
const BIG = { databaseName: 'contoso_emea', accountName: 'Contoso EMEA', customerName: 'Contoso Ltd' };

describe('report streaming', () => {
  it('delivers the first chunk of a large report long before the rows are all generated', async () => {
    const readings = generateAccount(BIG.databaseName, { endDate: END_DATE }).meterReadingCount();
    const { body } = renderReport({
      kind: kind('daily-meter-readings'),
      account: BIG,
      language: 'en',
      format: 'csv',
      now: NOW,
      endDate: END_DATE,
    });
    const chunks: number[] = [];
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk.length);
      if (chunks.length === 1) {
        // The first ~64 KB hold about 1,600 of the rows: everything else is still to be made.
        expect(chunk.length).toBeLessThan(256 * 1024);
      }
    }
    const total = chunks.reduce((a, b) => a + b, 0);
    expect(chunks.length).toBeGreaterThan(readings / 2_000);
    expect(Math.max(...chunks)).toBeLessThan(256 * 1024);
    expect(total).toBeGreaterThan(3_000_000);
  });

  it('hands out the first chunk when only about a chunk of rows has been generated', async () => {
    let generated = 0;
    function* lines() {
      for (let i = 0; i < 100_000; i++) {
        generated += 1;
        yield `row ${i},${'x'.repeat(40)}\r\n`;
      }
    }
    const stream = textStream(lines());
    for await (const _chunk of stream) break;
    // ~64 KB of 50-byte lines is ~1,300 rows, plus at most one chunk the stream buffered ahead.
    expect(generated).toBeLessThan(5_000);
  });

  it('stops generating when the reader stops reading (back-pressure)', async () => {
    const { body } = renderReport({
      kind: kind('daily-meter-readings'),
      account: BIG,
      language: 'de',
      format: 'html',
      now: NOW,
      endDate: END_DATE,
    });
    let read = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > 200_000) break;
    }
    expect(body.destroyed).toBe(true);
    expect(read).toBeLessThan(1_000_000);
  });

  it('keeps the retained heap bounded while a large report is read through', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { body } = render('daily-meter-readings', 'xml', { account: BIG });
    gc();
    const before = process.memoryUsage().heapUsed;
    let retained = 0;
    let total = 0;
    let chunks = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      total += chunk.length;
      chunks += 1;
      if (chunks % 25 === 0) {
        gc();
        retained = Math.max(retained, process.memoryUsage().heapUsed - before);
      }
    }
    // About 16 MB of XML pass through; what stays alive at any time is a few chunks, not the document.
    expect(total).toBeGreaterThan(15_000_000);
    expect(retained).toBeLessThan(4 * 1024 * 1024);
  });

  it('produces byte-identical output for the same now and end date', async () => {
    for (const format of ['csv', 'xml', 'html'] as const) {
      const first = await renderText('service-alert-history', format, { language: 'fr' });
      expect(await renderText('service-alert-history', format, { language: 'fr' })).toBe(first);
    }
  });

  it('takes the day before now as the end of the data when no end date is given', async () => {
    const { body } = renderReport({
      kind: kind('device-inventory'),
      account: BIG,
      language: 'en',
      format: 'xml',
      now: NOW,
    });
    expect(await text(body)).toContain('endDate="2024-06-30"');
  });

  it('ends the stream with the error when generation fails midway, rather than a truncated document', async () => {
    function* failing() {
      yield 'header\r\n';
      throw new Error('generator broke');
    }
    await expect(text(textStream(failing()))).rejects.toThrow('generator broke');
  });

  it('refuses an account name fleet-data cannot generate with a typed error', () => {
    expect(() => render('device-inventory', 'csv', { account: { ...BIG, databaseName: '' } })).toThrow(
      expect.objectContaining({ code: 'INVALID_ACCOUNT' }),
    );
  });
});
