/**
 * Paginated report of about 100k rows: "Device alerts by site" over two years of one account whose fleet is scaled
 * (fleet-data `scale`) until its service alerts number the target. Through the analytics service over real HTTP
 * (embed token, parameters, counting, paging, streaming), it measures the time to the first page (median of 5), to the last page,
 * and to the whole PDF and CSV exports (read to the end), beside a plain SQL scan of the same rows (the same joins,
 * filters and order, every row read into JavaScript) as the baseline. Prints medians, the ratio of PDF export to
 * the scan, the peak RSS growth during a PDF export, the PDF writer alone on as many lines of the report's shape
 * held in memory (no database, no HTTP), and the load average at start and end (the machine is shared).
 *
 *   node --import tsx bench/paginated.ts [rows=100000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { listValue } from '@duckdb/node-api';
import { generateAccount } from '@portico/fleet-data';
import { BENCH_SECRET, median, serviceOn, time } from '../apps/analytics/bench/service.ts';
import { openFleetDatabase } from '../apps/analytics/src/data/fleet-database.ts';
import { sheetColumns } from '../apps/analytics/src/kinds/paginated/definition.ts';
import { pageCount } from '../apps/analytics/src/kinds/paginated/pagination.ts';
import { renderPdf, type PdfSource } from '../apps/analytics/src/kinds/paginated/pdf.ts';
import { sheetFor } from '../apps/analytics/src/kinds/paginated/sheet.ts';
import {
  DEVICE_ALERTS_REPORT,
  DEVICE_ALERTS_REPORT_ID,
} from '../apps/analytics/src/kinds/paginated/samples/device-alerts.ts';
import type { PageAnswer, ReportLine } from '@portico/analytics-model';

const TARGET = Number(process.argv[2] ?? 100_000);
const ACCOUNT = 'contoso_emea';
const END_DATE = '2024-06-30';

const ms = (value: number) => `${value.toFixed(0)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

/**
 * `count` body lines shaped like the report's (a site heading every 400 lines, a printer every 8, alerts under it),
 * as a PDF source read from memory: the writer's own cost, without the database and HTTP.
 */
function linesInMemory(count: number): PdfSource {
  const lines: { line: ReportLine; context: string }[] = [];
  for (let i = 0; lines.length < count; i += 1) {
    const site = `Site ${Math.floor(i / 400)}`;
    if (i % 400 === 0) lines.push({ line: { kind: 'group', label: site, cells: [] }, context: site });
    if (i % 8 === 0) {
      const label = `CE-${100_000 + i} · LaserJet Pro M404dn · Floor ${i % 5}`;
      lines.push({ line: { kind: 'subgroup', label, cells: [] }, context: site });
    }
    const closed = i % 3 !== 0;
    // The cells the sheet draws (the code is the CSV's alone).
    const cells = [
      '2024-03-04T10:11:12Z',
      i % 7 === 0 ? 'Critical' : 'Warning',
      `Toner cartridge low on the printer at desk ${i % 41}, replace within the week`,
      closed ? 'Closed' : 'Open',
      closed ? '2024-03-05T11:00:00Z' : null,
      closed ? (i % 97) * 1.25 : null,
    ];
    lines.push({ line: { kind: 'detail', label: '', cells }, context: site });
  }
  lines.length = count;
  const { layout } = DEVICE_ALERTS_REPORT;
  const sheet = sheetFor('en');
  return {
    report: DEVICE_ALERTS_REPORT,
    name: DEVICE_ALERTS_REPORT.name,
    columns: sheetColumns(DEVICE_ALERTS_REPORT.columns),
    sheet,
    pageLabel: (page) => `Page ${page} of ${pageCount(layout, count)}`,
    continuedLabel: (group) => `${group} (continued)`,
    header: { title: DEVICE_ALERTS_REPORT.name, lines: ['Accounts: …', 'From … to …', 'Severity: all'] },
    totals: [
      { kind: 'total', label: 'Total', cells: [null, null, null, null, null, 12_345.5] },
      { kind: 'note', label: 'By severity: …', cells: [] },
    ],
    pageCount: pageCount(layout, count),
    async *batches(size: (batch: number) => number) {
      for (let i = 0, n = 0; i < lines.length; i += size(n), n += 1) yield lines.slice(i, i + size(n));
    },
  };
}

console.info(`load average (1, 5, 15 min) at start: ${load()}`);

const dir = await mkdtemp(join(tmpdir(), 'paginated-bench-'));
try {
  let atScaleOne = 0;
  for (const _ of generateAccount(ACCOUNT, { endDate: END_DATE }).serviceAlerts()) atScaleOne += 1;
  const scale = TARGET / atScaleOne;
  console.info(`Loading ${ACCOUNT} at fleet-data scale ${scale.toFixed(1)} (service alerts only)…`);
  const file = join(dir, 'fleet.duckdb');
  const loaded = await openFleetDatabase({
    file,
    endDate: END_DATE,
    scale,
    databaseNames: [ACCOUNT],
    facts: ['service_alerts'],
    connections: 1,
  });
  await loaded.engine.close();

  const { config, address, direct, close } = await serviceOn(file, dir, loaded);
  try {
    const post = (path: string, body: unknown, authorization: string) =>
      fetch(`${address}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(body),
      });
    const json = async (res: Response) => {
      if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const basic = `Basic ${Buffer.from(`${config.clientId}:${BENCH_SECRET}`).toString('base64')}`;
    const { access_token: apiToken } = await json(
      await post('/oauth/token', { grant_type: 'client_credentials' }, basic),
    );
    const { token } = await json(
      await post(
        '/v1/embed-tokens',
        {
          paginatedReports: [{ id: DEVICE_ALERTS_REPORT_ID }],
          permissions: 'View',
          identities: [{ databaseNames: [ACCOUNT] }],
          allowedOrigins: ['http://localhost:4400'],
        },
        `Bearer ${String(apiToken)}`,
      ),
    );
    const auth = `Bearer ${String(token)}`;
    const [{ first, last }] = (
      await direct.runAndReadAll(
        `SELECT min(date)::VARCHAR AS first, max(date)::VARCHAR AS last FROM calendar`,
      )
    ).getRowObjectsJson() as [{ first: string; last: string }];
    const parameterValues = [
      { name: 'Accounts', value: ACCOUNT },
      { name: 'From', value: first },
      { name: 'To', value: last },
    ];
    const base = `/frame-api/paginated-reports/${DEVICE_ALERTS_REPORT_ID}`;
    const page = async (n: number) =>
      (await json(await post(`${base}/pages/${n}`, { parameterValues }, auth))) as unknown as PageAnswer;
    /** Reads an export to the end; answers its size in bytes and its first bytes. */
    const exported = async (format: 'PDF' | 'CSV') => {
      const res = await post(`${base}/export`, { format, parameterValues }, auth);
      if (!res.ok || res.body === null) throw new Error(`export ${format}: ${res.status}`);
      let bytes = 0;
      let head = '';
      const reader = res.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        if (head === '') head = Buffer.from(next.value).subarray(0, 8).toString('latin1');
        bytes += next.value.byteLength;
      }
      return { bytes, head };
    };
    const scanSql = `SELECT acc.account_name, d.site, d.serial_number, d.model, d.location, al.*
      FROM (SELECT * FROM service_alerts WHERE list_contains($1, database_name)) al
      JOIN (SELECT * FROM devices WHERE list_contains($1, database_name)) d
        ON d.device_id = al.device_id AND d.database_name = al.database_name
      JOIN (SELECT * FROM accounts WHERE list_contains($1, database_name)) acc ON acc.database_name = d.database_name
      WHERE al.opened_date BETWEEN $2::DATE AND $3::DATE
      ORDER BY acc.account_name, d.site, d.serial_number, al.opened_at, al.alert_id`;
    const scan = async () =>
      (await direct.runAndReadAll(scanSql, [listValue([ACCOUNT]), first, last])).getRowsJson().length;

    const firstPage = await page(1);
    const rows = await scan();
    console.info(
      `Report: ${rows.toLocaleString('en')} alert rows, ${firstPage.lineCount.toLocaleString('en')} lines, ` +
        `${firstPage.pageCount.toLocaleString('en')} pages of ${firstPage.linesPerPage} lines`,
    );
    const warm = performance.now();
    const pdf = await exported('PDF');
    if (pdf.head.startsWith('%PDF-') === false) throw new Error('the export is not a PDF');
    console.info(`first PDF export (cold): ${ms(performance.now() - warm)}`);

    const log = (label: string, values: readonly number[]) =>
      console.info(
        `${label.padEnd(38)} ${ms(median(values))}  (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`,
      );
    const firstPages: number[] = [];
    const lastPages: number[] = [];
    const scans: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      firstPages.push(await time(() => page(1)));
      lastPages.push(await time(() => page(firstPage.pageCount)));
      scans.push(await time(scan));
    }
    log('time to first page (median of 5)', firstPages);
    log('time to last page (median of 5)', lastPages);
    log('plain SQL scan of the rows (median of 5)', scans);
    const pdfs: number[] = [];
    let peak = 0;
    for (let i = 0; i < 3; i += 1) {
      const before = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss - before);
      }, 20);
      pdfs.push(await time(() => exported('PDF')));
      clearInterval(sampler);
      console.info(`  PDF run ${i + 1}: ${ms(pdfs[i] ?? 0)}`);
    }
    log(`full PDF export, ${(pdf.bytes / 1e6).toFixed(1)} MB (median of 3)`, pdfs);
    const csvs: number[] = [];
    for (let i = 0; i < 3; i += 1) csvs.push(await time(() => exported('CSV')));
    log('full CSV export (median of 3)', csvs);
    console.info(`PDF export / SQL scan: ${(median(pdfs) / median(scans)).toFixed(1)}×`);
    console.info(`peak RSS growth during a PDF export: ${(peak / 1024 / 1024).toFixed(0)} MB`);
    const { headerLines, footerLines } = DEVICE_ALERTS_REPORT.layout;
    const bodyLines = firstPage.lineCount - headerLines - footerLines;
    const writer: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      writer.push(
        await time(async () => {
          for await (const chunk of renderPdf(linesInMemory(bodyLines))) void chunk;
        }),
      );
    }
    log(
      `PDF writer alone, ${firstPage.lineCount.toLocaleString('en')} lines in memory (median of 3)`,
      writer,
    );
    console.info(`load average (1, 5, 15 min) at end: ${load()}`);
  } finally {
    await close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
