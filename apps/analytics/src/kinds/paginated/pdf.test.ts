import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pageCount } from './pagination.ts';
import { renderPdf, type PdfSource } from './pdf.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { sheetColumns } from './definition.ts';
import { fill, sheetFor } from './sheet.ts';
import type { ReportLine } from '@portico/analytics-model';

/** A string drawn on a page: where it starts (x from the left, y of its baseline from the top) and its text. */
interface Drawn {
  readonly x: number;
  readonly y: number;
  readonly font: string;
  readonly text: string;
}

/** WinAnsi bytes 0x80–0x9F this test writes, back to Unicode. */
const FROM_WIN_ANSI = new Map([
  [0x80, '€'],
  [0x85, '…'],
  [0x95, '•'],
]);

/** Reads a PDF literal string starting at `source[start]` (the `(`); answers its text and the index after it. */
function literal(source: string, start: number): [string, number] {
  let text = '';
  let i = start + 1;
  for (let depth = 1; i < source.length; i += 1) {
    const c = source[i] ?? '';
    if (c === '\\') {
      const octal = /^[0-7]{1,3}/.exec(source.slice(i + 1, i + 4))?.[0];
      const code = octal === undefined ? (source[i + 1] ?? '').charCodeAt(0) : parseInt(octal, 8);
      text += FROM_WIN_ANSI.get(code) ?? String.fromCharCode(code);
      i += octal === undefined ? 1 : octal.length;
    } else if (c === '(') {
      depth += 1;
      text += c;
    } else if (c === ')') {
      depth -= 1;
      if (depth === 0) break;
      text += c;
    } else text += c;
  }
  return [text, i + 1];
}

/**
 * The strings of each page, as a reader positions them: every content stream inflated, its text objects' `Tf`,
 * `Tm`, `Td` and `Tj` operators followed. The pages' own transform (pdfkit's y-down space) is assumed, as
 * `renderPdf` writes it.
 */
function readPages(pdf: Buffer): Drawn[][] {
  const pages: Drawn[][] = [];
  const raw = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match !== null; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!content.includes(' cm')) continue;
    const drawn: Drawn[] = [];
    let font = '';
    let lineX = 0;
    let y = 0;
    const tokens: string[] = [];
    for (let i = 0; i < content.length;) {
      const c = content[i] ?? '';
      if (/\s/.test(c)) {
        i += 1;
      } else if (c === '(') {
        const [text, next] = literal(content, i);
        tokens.push(`(${text}`);
        i = next;
      } else {
        const word = /^[^\s()]+/.exec(content.slice(i))?.[0] ?? c;
        i += word.length;
        const operands = tokens.splice(0);
        const n = (k: number) => Number(operands[operands.length - k]);
        if (word === 'Tf') font = `${operands.at(-2)} ${operands.at(-1)}`;
        else if (word === 'Tm') [lineX, y] = [n(2), n(1)];
        else if (word === 'Td') lineX += n(2);
        else if (word === 'Tj') drawn.push({ x: lineX, y, font, text: (operands[0] ?? '').slice(1) });
        else tokens.push(...operands, word);
      }
    }
    pages.push(drawn);
  }
  return pages;
}

/** A page's strings as text lines, top to bottom, each line's strings left to right. */
const linesOf = (page: readonly Drawn[]): string[] => {
  const rows = new Map<number, Drawn[]>();
  for (const d of page) rows.set(d.y, [...(rows.get(d.y) ?? []), d]);
  return [...rows]
    .sort(([a], [b]) => a - b)
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((d) => d.text)
        .join(' | '),
    );
};

const report = DEVICE_ALERTS_REPORT;
const layout = report.layout;
/** The columns the sheet draws (the code is the CSV's): the PDF's columns, and the cells of the lines it is given. */
const drawn = sheetColumns(report.columns);

const detail = (i: number, description = `Toner low on printer ${i}`): ReportLine => ({
  kind: 'detail',
  label: '',
  cells: ['2024-03-04T10:11:12Z', 'Warning', description, 'Closed', '2024-03-05T11:00:00Z', i * 1.25],
});

/** A source of `bodyLines` lines: a site, a printer under it, then its alerts; `gate` holds back later batches. */
function source(bodyLines: number, gate?: Promise<void>, language = 'en'): PdfSource & { read: number } {
  const sheet = sheetFor(language);
  const body: { line: ReportLine; context: string }[] = [
    { line: { kind: 'group', label: 'Berlin (HQ)', cells: [] }, context: 'Berlin (HQ)' },
    { line: { kind: 'subgroup', label: 'SN-1 · M404dn', cells: [] }, context: 'Berlin (HQ)' },
  ];
  for (let i = 1; body.length < bodyLines; i += 1) body.push({ line: detail(i), context: 'Berlin (HQ)' });
  const result = {
    report,
    name: report.name,
    columns: drawn.map((c, i) => ({ ...c, title: report.columnTitles(sheet)[i] ?? c.title })),
    sheet,
    pageLabel: (page: number) =>
      fill(sheet.words.pageOf, { page: String(page), pages: String(result.pageCount) }),
    continuedLabel: (group: string) => fill(sheet.words.continued, { group }),
    header: {
      title: 'Device alerts by site',
      lines: ['Accounts: fabrikam', 'From 2024-03-01 to 2024-06-30', 'Severity: all'],
    },
    totals: [
      { kind: 'total', label: 'Total', cells: [null, null, null, null, null, 4321.5] },
      { kind: 'note', label: 'Critical 0 • Warning 3', cells: [] },
    ] satisfies ReportLine[],
    pageCount: pageCount(layout, bodyLines),
    read: 0,
    async *batches(size: (batch: number) => number) {
      for (let i = 0, n = 0; i < body.length; i += size(n), n += 1) {
        if (i > 0 && gate) await gate;
        result.read = i + size(n);
        yield body.slice(i, i + size(n));
      }
    },
  };
  return result;
}

async function bytesOf(doc: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Helvetica's width of `text` at 8 pt, as pdfkit measures it. */
function widthOf(text: string, font = 'Helvetica'): number {
  return new PDFDocument({ autoFirstPage: false }).font(font).fontSize(8).widthOfString(text);
}

describe('PDF export', () => {
  it('writes the report’s fixed pages with their text in reading order', async () => {
    const run = source(120);
    const pdf = await bytesOf(renderPdf(run));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(run.pageCount);
    const pages = readPages(pdf).map(linesOf);
    expect(pages).toHaveLength(3);
    const titles = report.columnTitles(sheetFor('en')).join(' | ');
    // Page 1 opens with the header block (its title names the report once, no page header above it), the column
    // titles directly above the first lines.
    expect(pages[0]?.slice(0, 9)).toEqual([
      'Device alerts by site',
      'Accounts: fabrikam',
      'From 2024-03-01 to 2024-06-30',
      'Severity: all',
      titles,
      'Berlin (HQ)',
      'SN-1 · M404dn',
      '2024-03-04 10:11 | Warning | Toner low on printer 1 | Closed | 2024-03-05 11:00 | 1.3',
      '2024-03-04 10:11 | Warning | Toner low on printer 2 | Closed | 2024-03-05 11:00 | 2.5',
    ]);
    expect(pages[0]?.at(-1)).toBe(`Device alerts by site | Page 1 of 3`);
    // The titles in bold, though the row above them (for titles on two lines) was empty.
    const drawn = readPages(pdf);
    expect(drawn[0]?.find((d) => d.text === 'Opened (UTC)')?.font).toBe('/PB 8');
    expect(drawn[1]?.find((d) => d.text === 'Opened (UTC)')?.font).toBe('/PB 8');
    // Page 1's title stands where the report's name heads page 2, in the same face.
    const heading = (page: readonly Drawn[] | undefined) =>
      page?.filter((d) => d.text === 'Device alerts by site' && d.font === '/PB 11').map((d) => d.y);
    expect(heading(drawn[0])).toEqual(heading(drawn[1]));
    expect(heading(drawn[0])).toHaveLength(1);
    // 52 lines a page, the two lines of column titles included: page 1 holds 46 body lines, the last one alert 44.
    expect(pages[0]?.at(-2)).toContain(' printer 44 |');
    expect(pages[1]?.slice(0, 3)).toEqual(['Device alerts by site', 'Berlin (HQ) (continued)', titles]);
    expect(pages[1]?.[3]).toContain(' printer 45 |');
    expect(pages[2]?.slice(-3)).toEqual([
      'Total | 4,321.5',
      'Critical 0 • Warning 3',
      'Device alerts by site | Page 3 of 3',
    ]);
  });

  it('right-aligns numbers to their column and cuts long text with an ellipsis inside its column', async () => {
    const run = source(4);
    const long =
      'Fuser unit overheated (code 0x3F) while printing a long job — replace the fuser, then check the fan';
    const special = 'Café (Ü) € 100\\200';
    const lines = [detail(7, long), detail(8, special)];
    const pdf = await bytesOf(
      renderPdf({
        ...run,
        async *batches() {
          yield [...lines.map((line) => ({ line, context: 'Berlin (HQ)' }))];
        },
        pageCount: pageCount(layout, 2),
      }),
    );
    const [page] = readPages(pdf);
    const margin = 36;
    const width = 595.28 - 2 * margin;
    const left = (index: number) =>
      margin + drawn.slice(0, index).reduce((sum, c) => sum + c.width * width, 0);
    const hours = page?.find((d) => d.text === '8.8');
    expect(hours).toBeDefined();
    const hoursRight = left(drawn.length) - 2;
    expect((hours?.x ?? 0) + widthOf('8.8')).toBeCloseTo(hoursRight, 1);
    const cut = page?.find((d) => d.text.startsWith('Fuser unit'));
    expect(cut?.text.endsWith('…')).toBe(true);
    expect(long.startsWith(cut?.text.slice(0, -1) ?? 'x')).toBe(true);
    expect(cut?.x).toBeCloseTo(left(2) + 2, 1);
    expect(widthOf(cut?.text ?? '')).toBeLessThanOrEqual((drawn[2]?.width ?? 0) * width - 4 + 0.01);
    expect(page?.some((d) => d.text === special)).toBe(true);
  });

  it('writes a money column’s amounts in the report’s currency, French and German spaces included', async () => {
    const written: Record<string, string[]> = {};
    for (const language of ['en', 'de', 'fr']) {
      const run = source(4, undefined, language);
      // The hours column as an amount in euros, with room for a four-figure amount (taken from the description).
      const extra = 0.15 - (drawn[5]?.width ?? 0);
      const columns = run.columns.map((c, i) =>
        i === 5
          ? { ...c, format: 'money' as const, width: 0.15 }
          : i === 2
            ? { ...c, width: c.width - extra }
            : c,
      );
      const line = detail(1000);
      const pdf = await bytesOf(
        renderPdf({
          ...run,
          report: { ...report, currency: 'EUR' },
          columns,
          async *batches() {
            yield [{ line, context: 'Berlin (HQ)' }];
          },
          pageCount: pageCount(layout, 1),
        }),
      );
      written[language] = (readPages(pdf)[0] ?? []).map((d) => d.text).filter((t) => t.includes('250'));
    }
    // 1000 × 1.25 as euros: the narrow no-break space of French grouping is a no-break space, never '?'.
    expect(written).toEqual({
      en: ['€1,250.00'],
      de: ['1.250,00\u00a0€'],
      fr: ['1\u00a0250,00\u00a0€'],
    });
  });

  it('sets a font once for a run of lines in it, not once per line or cell', async () => {
    const pdf = await bytesOf(renderPdf(source(200)));
    const pages = readPages(pdf);
    // Page 2: the page header (bold title, oblique "continued", bold titles), the footer, then 52 detail lines.
    const page = pages[1] ?? [];
    expect(page.length).toBeGreaterThan(52 * 6);
    const raw = pdf.toString('latin1');
    const contents = [...raw.matchAll(/stream\r?\n/g)]
      .map((m) => {
        try {
          return inflateSync(pdf.subarray(m.index + m[0].length, raw.indexOf('endstream', m.index))).toString(
            'latin1',
          );
        } catch {
          return '';
        }
      })
      .filter((c) => c.includes(' cm'));
    expect(contents[1]?.match(/ Tf\b/g)?.length).toBeLessThanOrEqual(5);
    expect(contents[1]?.match(/\bBT\b/g)?.length).toBe(52 + 4);
  });

  it('streams: bytes arrive while later lines are still to be read', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const run = source(52 * 150, gate);
    const doc = renderPdf(run);
    const first = await new Promise<number>((resolve, reject) => {
      doc.once('data', () => resolve(run.read));
      doc.once('error', reject);
      setTimeout(() => reject(new Error('no bytes before the later batches')), 10_000);
    });
    expect(first).toBeLessThan(52 * 150);
    release();
    const rest = await bytesOf(doc);
    expect(rest.length).toBeGreaterThan(0);
  });
});
