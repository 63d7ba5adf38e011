/**
 * The paginated-report routes through real HTTP (`app.inject`) on the test fleet: listing with the /rdlEmbed URL,
 * pages and page counts under parameters, stable 4xx codes, the token's grant, row-level security against every
 * parameter, and the PDF and CSV exports.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ALERTS_REPORT_ID } from '../../../src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../../src/kinds/paginated/samples/invoice.ts';
import { CONTENT_LANGUAGES } from '@portico/analytics-model';
import type { PageAnswer, ParameterValue } from '@portico/analytics-model';
import { apiToken, createTestApp, PORTAL_ORIGIN, REPORTS, WORKSPACE_ID } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { servicesOf } from '../../../src/services.ts';
import { listedValues } from '../../../src/kinds/paginated/values.ts';
import { fleetModelIn } from '../../helpers/fleet-model.ts';

let t: TestApp;
const ALL = ['contoso_emea', 'contoso_us', 'fabrikam', 'northwind', 'tailspin'];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function mint(databaseNames: string[], body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/embed-tokens',
    headers: { authorization: `Bearer ${await apiToken(t.app)}` },
    payload: {
      paginatedReports: [{ id: INVOICE_REPORT_ID }, { id: DEVICE_ALERTS_REPORT_ID }],
      permissions: 'View',
      identities: [{ databaseNames }],
      allowedOrigins: [PORTAL_ORIGIN],
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

/** `?language=…` as given (a test of a malformed one passes it encoded), or nothing. */
const inLanguage = (language?: string) => (language === undefined ? '' : `?language=${language}`);

function page(
  token: string,
  reportId: string,
  n: number,
  parameterValues?: ParameterValue[],
  language?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/frame-api/paginated-reports/${reportId}/pages/${n}${inLanguage(language)}`,
    headers: { authorization: `Bearer ${token}` },
    payload: parameterValues === undefined ? {} : { parameterValues },
  });
}

function exportAs(
  token: string,
  reportId: string,
  format: string,
  parameterValues: ParameterValue[] = [],
  language?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/frame-api/paginated-reports/${reportId}/export${inLanguage(language)}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { format, parameterValues },
  });
}

/** The cells of an invoice detail line: serial, model, then pages, prices and amounts. */
type Invoiced = [string, string, number, number, number, number, number, number, number];

const csvRows = (body: string) =>
  body
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

/** A CSV's records as fields, quoted fields (a location with a comma) read whole. */
const csvRecords = (body: string): string[][] =>
  [...body.matchAll(/((?:"(?:[^"]|"")*"|[^,\r\n]*)(?:,(?:"(?:[^"]|"")*"|[^,\r\n]*))*)\r\n/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field = '']) =>
      field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field,
    ),
  );

describe('the REST API for the portal', () => {
  it('lists the two samples with their /rdlEmbed URLs', async () => {
    const res = await t.app.inject({
      url: `/v1/workspaces/${WORKSPACE_ID}/paginated-reports`,
      headers: { authorization: `Bearer ${await apiToken(t.app)}` },
    });
    expect(res.statusCode).toBe(200);
    const { value } = res.json() as { value: { id: string; embedUrl: string }[] };
    expect(value.map((r) => r.id).sort()).toEqual([DEVICE_ALERTS_REPORT_ID, INVOICE_REPORT_ID].sort());
    const invoice = value.find((r) => r.id === INVOICE_REPORT_ID);
    expect(invoice?.embedUrl).toBe(
      `${servicesOf(t.app).config.publicUrl}/rdlEmbed?reportId=${INVOICE_REPORT_ID}&groupId=${WORKSPACE_ID}`,
    );
  });

  it('answers one report, 404 for another workspace or id, 401 without a token', async () => {
    const auth = { authorization: `Bearer ${await apiToken(t.app)}` };
    const one = await t.app.inject({
      url: `/v1/workspaces/${WORKSPACE_ID}/paginated-reports/${DEVICE_ALERTS_REPORT_ID}`,
      headers: auth,
    });
    expect(one.json()).toMatchObject({ id: DEVICE_ALERTS_REPORT_ID, name: 'Device alerts by site' });
    const missing = await t.app.inject({
      url: `/v1/workspaces/${WORKSPACE_ID}/paginated-reports/nope`,
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const workspace = await t.app.inject({ url: '/v1/workspaces/nope/paginated-reports', headers: auth });
    expect(workspace.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/v1/workspaces/${WORKSPACE_ID}/paginated-reports` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('documents the routes in OpenAPI', async () => {
    const res = await t.app.inject({ url: '/v1/openapi.json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/v1/workspaces/{workspaceId}/paginated-reports');
    expect(paths).toContain('/v1/workspaces/{workspaceId}/paginated-reports/{reportId}');
  });

  it('mints embed tokens for paginated reports and refuses unknown ones', async () => {
    await mint(['fabrikam']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/embed-tokens',
      headers: { authorization: `Bearer ${await apiToken(t.app)}` },
      payload: {
        paginatedReports: [{ id: 'no-such-report' }],
        permissions: 'View',
        identities: [{ databaseNames: ['fabrikam'] }],
        allowedOrigins: [PORTAL_ORIGIN],
      },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('pages', () => {
  it('answers page 1 with the header block, the defaults and the page count', async () => {
    const res = await page(await mint(['fabrikam']), INVOICE_REPORT_ID, 1);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PageAnswer;
    expect(answer.pageNumber).toBe(1);
    expect(answer.pageCount).toBeGreaterThanOrEqual(1);
    expect(answer.header?.title).toBe('Invoice INV-FABRIKAM-202406');
    const values = Object.fromEntries(answer.parameters.map((p) => [p.name, p.values]));
    expect(values).toEqual({
      Account: ['fabrikam'],
      Month: ['2024-06'],
      Site: [],
      MonoPrice: ['0.008'],
      ColourPrice: ['0.045'],
    });
    expect(answer.parameters[0]?.validValues).toEqual([{ value: 'fabrikam', label: 'Fabrikam' }]);
  });

  it('numbers an invoice without the account id’s internal underscore', async () => {
    const res = await page(await mint(['contoso_emea']), INVOICE_REPORT_ID, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PageAnswer).header?.title).toMatch(/^Invoice INV-CONTOSO-EMEA-\d{6}$/);
  });

  it('prices each device as its pages times the unit price and totals them', async () => {
    const token = await mint(['fabrikam']);
    const params = [
      { name: 'Month', value: '2024-05' },
      { name: 'MonoPrice', value: '0.01' },
      { name: 'ColourPrice', value: '0.1' },
    ];
    const answer = (await page(token, INVOICE_REPORT_ID, 1, params)).json() as PageAnswer;
    const { rows } = await servicesOf(t.app).engine.query(
      `SELECT sum(mono_pages)::BIGINT, sum(colour_pages)::BIGINT FROM meter_readings
       WHERE database_name = 'fabrikam' AND date BETWEEN DATE '2024-05-01' AND DATE '2024-05-31'`,
    );
    const [mono, colour] = rows[0] as [number, number];
    const details = answer.lines.filter((l) => l.kind === 'detail');
    expect(details.length).toBeGreaterThan(0);
    for (const line of details) {
      const [, , m, mp, ma, c, cp, ca, total] = line.cells as unknown as Invoiced;
      expect(mp).toBe(0.01);
      expect(cp).toBe(0.1);
      expect(ma).toBeCloseTo(Math.round(m * 0.01 * 100) / 100, 2);
      expect(ca).toBeCloseTo(Math.round(c * 0.1 * 100) / 100, 2);
      expect(total).toBeCloseTo(ma + ca, 2);
    }
    const total = answer.lines.find((l) => l.kind === 'total');
    expect(total?.cells[2]).toBe(mono);
    expect(total?.cells[5]).toBe(colour);
  });

  it('changes the page count with the parameters, and the pages together hold every line once', async () => {
    const token = await mint(ALL);
    const all = (await page(token, DEVICE_ALERTS_REPORT_ID, 1)).json() as PageAnswer;
    const one = (
      await page(token, DEVICE_ALERTS_REPORT_ID, 1, [{ name: 'Accounts', value: 'tailspin' }])
    ).json() as PageAnswer;
    expect(all.pageCount).toBeGreaterThan(one.pageCount);
    let lines = 0;
    for (let n = 1; n <= all.pageCount; n += 1) {
      const answer = (await page(token, DEVICE_ALERTS_REPORT_ID, n)).json() as PageAnswer;
      // The header block: its title, its lines and the two lines of column titles under them.
      expect(answer.lines.length + (answer.header ? answer.header.lines.length + 3 : 0)).toBe(
        n < all.pageCount ? all.linesPerPage : all.lineCount - (all.pageCount - 1) * all.linesPerPage,
      );
      if (n > 1 && answer.lines[0]?.kind !== 'group') expect(answer.continued).toMatch(/ - /);
      lines += answer.lines.length;
    }
    expect(lines + 6).toBe(all.lineCount);
  });

  it('names each alert once on the page and in the PDF, by its description under "Alert", never its code beside it', async () => {
    const token = await mint(ALL);
    const params = [{ name: 'From', value: '2024-03-03' }];
    for (const language of ['en', 'de']) {
      // The code's captions that no description has ("Toner low", "Network offline"; "Paper jam" is both).
      const model = fleetModelIn(language);
      const descriptions = new Set(
        listedValues(model, { table: 'Service alerts', column: 'Description' })?.values() ?? [],
      );
      const codes = [...(listedValues(model, { table: 'Service alerts', column: 'Code' }) ?? [])];
      expect(codes.length).toBeGreaterThan(10);
      const codeOnly = codes.flatMap(([raw, caption]) =>
        descriptions.has(caption) ? [raw] : [raw, caption],
      );
      const res = await page(token, DEVICE_ALERTS_REPORT_ID, 1, params, language);
      const answer = res.json() as PageAnswer;
      expect(answer.columns.map((c) => c.title)[2]).toBe(language === 'en' ? 'Alert' : 'Meldung');
      const details = answer.lines.filter((l) => l.kind === 'detail');
      expect(details.length).toBeGreaterThan(10);
      for (const line of details) {
        expect(line.cells).toHaveLength(answer.columns.length);
        // The alert's column holds its description; no cell holds its code, raw or captioned.
        expect(descriptions, String(line.cells[2])).toContain(line.cells[2]);
        for (const cell of line.cells) expect(codeOnly, language).not.toContain(cell);
        expect(line.cells.filter((c) => typeof c === 'string' && descriptions.has(c))).toHaveLength(1);
      }
      const pdf = pdfText(
        (await exportAs(token, DEVICE_ALERTS_REPORT_ID, 'PDF', params, language)).rawPayload,
      ).split('\n');
      expect(pdf).toContain(language === 'en' ? 'Alert' : 'Meldung');
      expect(pdf).toContain(String(details[0]?.cells[2]));
      expect(pdf.filter((text) => codeOnly.includes(text))).toEqual([]);
    }
  });

  it('keeps each alert’s raw code in the CSV with its description, one record per alert', async () => {
    const token = await mint(ALL);
    const params = [{ name: 'From', value: '2024-03-03' }];
    const [header, ...records] = csvRecords(
      (await exportAs(token, DEVICE_ALERTS_REPORT_ID, 'CSV', params)).body,
    );
    const code = header?.indexOf('Code') ?? -1;
    const description = header?.indexOf('Description') ?? -1;
    expect(code).toBeGreaterThanOrEqual(0);
    const pairs = new Set(records.map((r) => `${r[code] ?? ''} ${r[description] ?? ''}`));
    expect(pairs).toContain('PAPER_JAM Paper jam');
    expect(pairs).toContain('NETWORK_OFFLINE Device offline: not reachable on the network');
    expect([...pairs].some((p) => /^TONER_LOW (Black|Cyan|Magenta|Yellow) toner low$/.test(p))).toBe(true);
    for (const record of records) {
      expect(record).toHaveLength(header?.length ?? 0);
      expect(record[code]).toMatch(/^[A-Z_]+$/);
    }
    // As many records as the pages have alerts.
    const first = (await page(token, DEVICE_ALERTS_REPORT_ID, 1, params)).json() as PageAnswer;
    let alerts = 0;
    for (let n = 1; n <= first.pageCount; n += 1)
      alerts += ((await page(token, DEVICE_ALERTS_REPORT_ID, n, params)).json() as PageAnswer).lines.filter(
        (l) => l.kind === 'detail',
      ).length;
    expect(records).toHaveLength(alerts);
  });

  it('takes repeated names as the values of a multi-value parameter', async () => {
    const token = await mint(ALL);
    const answer = (
      await page(token, DEVICE_ALERTS_REPORT_ID, 1, [
        { name: 'Severity', value: 'critical' },
        { name: 'Severity', value: 'info' },
      ])
    ).json() as PageAnswer;
    expect(answer.parameters.find((p) => p.name === 'Severity')?.values).toEqual(['critical', 'info']);
    // The sheet shows the model's captions for the values (English here).
    const severities = new Set(answer.lines.filter((l) => l.kind === 'detail').map((l) => l.cells[1]));
    expect(severities.size).toBeGreaterThan(0);
    expect([...severities].every((s) => s === 'Critical' || s === 'Info')).toBe(true);
  });

  it.each([
    [[{ name: 'Colour', value: 'x' }], 'UNKNOWN_PARAMETER', /no parameter 'Colour'/],
    [[{ name: 'From', value: '2024-02-30' }], 'INVALID_PARAMETER', /'From'.*not a date/],
    [
      [
        { name: 'From', value: '2024-06-01' },
        { name: 'To', value: '2024-05-01' },
      ],
      'INVALID_PARAMETER',
      /'To'.*before From/,
    ],
    [[{ name: 'Status', value: 'Lost' }], 'INVALID_PARAMETER', /'Status'.*valid values/],
    [[{ name: 'Severity', value: '' }], 'INVALID_PARAMETER', /at least one/],
    [[{ name: 'Site', value: 'Atlantis' }], 'INVALID_PARAMETER', /'Site'/],
  ])('refuses %j with 400 %s', async (values, code, message) => {
    const res = await page(await mint(ALL), DEVICE_ALERTS_REPORT_ID, 1, values);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect((res.json() as { message: string }).message).toMatch(message);
  });

  it('answers 400 PAGE_OUT_OF_RANGE past the last page and VALIDATION_ERROR for page 0', async () => {
    const token = await mint(['fabrikam']);
    const past = await page(token, INVOICE_REPORT_ID, 999);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'PAGE_OUT_OF_RANGE' });
    const zero = await page(token, INVOICE_REPORT_ID, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('refuses a token that does not name the report (403), none (401) and an expired one (401 TokenExpired)', async () => {
    const reportOnly = await t.app.inject({
      method: 'POST',
      url: '/v1/embed-tokens',
      headers: { authorization: `Bearer ${await apiToken(t.app)}` },
      payload: {
        reports: [{ id: REPORTS.fleetOverview }],
        paginatedReports: [{ id: INVOICE_REPORT_ID }],
        permissions: 'View',
        identities: [{ databaseNames: ['fabrikam'] }],
        allowedOrigins: [PORTAL_ORIGIN],
      },
    });
    const token = (reportOnly.json() as { token: string }).token;
    const other = await page(token, DEVICE_ALERTS_REPORT_ID, 1);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    const none = await t.app.inject({
      method: 'POST',
      url: `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/pages/1`,
      payload: {},
    });
    expect(none.statusCode).toBe(401);
    const started = t.clock.now;
    t.clock.now += 2 * 3600 * 1000;
    try {
      const expired = await page(token, INVOICE_REPORT_ID, 1);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'TokenExpired' });
    } finally {
      t.clock.now = started;
    }
  });
});

describe('row-level security', () => {
  it('keeps a fabrikam token from contoso rows by any parameter', async () => {
    const token = await mint(['fabrikam']);
    const attempts: ParameterValue[][] = [
      [{ name: 'Account', value: 'contoso_emea' }],
      [{ name: 'Account', value: "fabrikam' OR 1=1 --" }],
    ];
    for (const values of attempts) {
      const res = await page(token, INVOICE_REPORT_ID, 1, values);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    }
    const accounts = await page(token, DEVICE_ALERTS_REPORT_ID, 1, [
      { name: 'Accounts', value: 'fabrikam' },
      { name: 'Accounts', value: 'contoso_emea' },
    ]);
    expect(accounts.statusCode).toBe(400);
    const contosoSite = (
      await servicesOf(t.app).engine.query(
        `SELECT site FROM devices WHERE database_name = 'contoso_emea' AND site NOT IN
         (SELECT site FROM devices WHERE database_name = 'fabrikam') LIMIT 1`,
      )
    ).rows[0]?.[0];
    const site = await page(token, DEVICE_ALERTS_REPORT_ID, 1, [
      { name: 'Site', value: String(contosoSite) },
    ]);
    expect(site.statusCode).toBe(400);
    const csv = await exportAs(token, DEVICE_ALERTS_REPORT_ID, 'CSV', [
      { name: 'From', value: '2024-01-01' },
    ]);
    const rows = csvRows(csv.body).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['Fabrikam']));
  });
});

describe('exports', () => {
  it('streams a PDF with one page per report page, as an attachment', async () => {
    const token = await mint(ALL);
    const first = (await page(token, DEVICE_ALERTS_REPORT_ID, 1)).json() as PageAnswer;
    expect(first.pageCount).toBeGreaterThan(1);
    const res = await exportAs(token, DEVICE_ALERTS_REPORT_ID, 'PDF');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Device alerts by site.pdf"; filename*=UTF-8''Device%20alerts%20by%20site.pdf`,
    );
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(first.pageCount);
    expect(res.headers['x-page-count']).toBe(String(first.pageCount));
  });

  it('streams a CSV holding the detail lines of every page, in order', async () => {
    const token = await mint(ALL);
    const first = (await page(token, DEVICE_ALERTS_REPORT_ID, 1)).json() as PageAnswer;
    const opened: string[] = [];
    for (let n = 1; n <= first.pageCount; n += 1) {
      const answer = (await page(token, DEVICE_ALERTS_REPORT_ID, n)).json() as PageAnswer;
      for (const line of answer.lines) if (line.kind === 'detail') opened.push(String(line.cells[0]));
    }
    const res = await exportAs(token, DEVICE_ALERTS_REPORT_ID, 'CSV');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Device alerts by site.csv"/);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Account',
      'Site',
      'Serial number',
      'Model',
      'Location',
      'Opened (UTC)',
      'Code',
      'Severity',
      'Description',
      'Status',
      'Closed (UTC)',
      'Hours',
    ]);
    expect(rows.length).toBe(opened.length);
    const csvOpened = res.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => /\d{4}-\d{2}-\d{2}T[\d:]+Z/.exec(line)?.[0]);
    expect(csvOpened).toEqual(opened);
  });

  it('refuses an unknown format with 400', async () => {
    const res = await exportAs(await mint(['fabrikam']), INVOICE_REPORT_ID, 'XLSX');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('a page in the viewer’s language', () => {
  it('names the report, its parameter panel and its sheet in the language', async () => {
    const token = await mint(['fabrikam']);
    const res = await page(token, DEVICE_ALERTS_REPORT_ID, 1, undefined, 'ja');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PageAnswer;
    expect(answer.name).toBe('拠点別デバイスアラート');
    expect(answer.parameters.map((p) => p.prompt)).toEqual([
      'アカウント',
      '発生日（開始）',
      '発生日（終了）',
      '拠点',
      '重大度',
      'ステータス',
    ]);
    expect(answer.parameters.find((p) => p.name === 'Site')?.allLabel).toBe('すべての拠点');
    expect(answer.header?.title).toBe('拠点別デバイスアラート');
    expect(answer.columns.map((c) => c.title)[0]).toBe('発生日時 (UTC)');
    expect(answer.locale).toBe('ja-JP');
    expect(answer.footer).toMatch(/^1 \/ \d+ ページ$/);
    const bad = await page(token, DEVICE_ALERTS_REPORT_ID, 1, undefined, '%22%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('the sheet and its PDF in German, through real HTTP', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const post = async (path: string, token: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const invoice = [{ name: 'Month', value: '2024-06' }];

  it('writes the invoice page in German: titles, header block, numbers and amounts in de-DE', async () => {
    const token = await mint(['fabrikam']);
    const res = await post(`/frame-api/paginated-reports/${INVOICE_REPORT_ID}/pages/1?language=de`, token, {
      parameterValues: invoice,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as PageAnswer;
    expect(answer.locale).toBe('de-DE');
    expect(answer.columns.map((c) => c.title)).toContain('Seriennummer');
    expect(answer.header?.title).toBe('Rechnung INV-FABRIKAM-202406');
    expect(answer.header?.lines[1]).toMatch(/Abrechnungszeitraum 01\.06\.2024 bis 30\.06\.2024$/);
    expect(spaced(answer.header?.lines[3] ?? '')).toBe(
      'Währung EUR (Euro) – Seitenpreise: S/W 0,008 €, Farbe 0,045 €',
    );
    // The prices and amounts are euros: the report says so once, and its money and rate columns are in it (the
    // frame writes them with formatCell(value, format, locale, currency)).
    expect(answer.currency).toBe('EUR');
    expect(answer.columns.map((c) => c.format)).toEqual([
      'text',
      'text',
      'integer',
      'rate',
      'money',
      'integer',
      'rate',
      'money',
      'money',
    ]);
    expect(answer.columns.filter((c) => 'currency' in c)).toEqual([]);
    expect(answer.footer).toMatch(/^Seite 1 von \d+$/);
    const subtotal = answer.lines.find((l) => l.kind === 'subtotal');
    if (subtotal !== undefined) expect(subtotal.label).toMatch(/^Zwischensumme /);
  });

  it('exports the PDF in the language the export names, and the file under its German name', async () => {
    const token = await mint(['fabrikam']);
    const res = await post(`/frame-api/paginated-reports/${INVOICE_REPORT_ID}/export?language=de`, token, {
      format: 'PDF',
      parameterValues: invoice,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Monatliche Seitenabrechnung.pdf')}`,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = spaced(pdfText(pdf));
    expect(text).toContain('Monatliche Seitenabrechnung');
    expect(text).toContain('Rechnung INV-FABRIKAM-202406');
    expect(text).toContain('Währung EUR (Euro) – Seitenpreise: S/W 0,008 €, Farbe 0,045 €');
    expect(text).toContain('Seriennummer');
    expect(text).toMatch(/Seite 1 von \d+/);
    expect(text).toMatch(/Rechnungsbetrag: [\d.]+,\d\d €/);
    // Every unit price and amount of the lines is in euros: 0,008 €, 28,41 €.
    expect(text).toMatch(/\n0,008 €\n[\d.]+,\d\d €\n/);
    const english = await post(`/frame-api/paginated-reports/${INVOICE_REPORT_ID}/export`, token, {
      format: 'PDF',
      parameterValues: invoice,
    });
    const englishText = pdfText(Buffer.from(await english.arrayBuffer()));
    expect(englishText).toContain('Currency EUR (Euro) - unit prices per page: mono €0.008, colour €0.045');
    expect(englishText).toMatch(/\n€0\.008\n€[\d,]+\.\d\d\n/);
    expect(englishText).toMatch(/Amount due: €[\d,]+\.\d\d\n/);
    const bad = await post(
      `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/export?language=de%22%3E`,
      token,
      {
        format: 'PDF',
        parameterValues: invoice,
      },
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('keeps the CSV raw in any language: English column names, unformatted numbers', async () => {
    const token = await mint(['fabrikam']);
    const res = await post(`/frame-api/paginated-reports/${INVOICE_REPORT_ID}/export?language=de`, token, {
      format: 'CSV',
      parameterValues: invoice,
    });
    const [header, first] = csvRows(await res.text());
    expect(header?.slice(0, 3)).toEqual(['Site', 'Serial number', 'Model']);
    expect(first?.[3]).toMatch(/^\d+$/);
    expect(first?.[4]).toBe('0.008');
    // The amounts stay numbers; the currency they are in is the last column of every record.
    expect(header?.at(-1)).toBe('Currency');
    expect(first?.at(-1)).toBe('EUR');
    expect(first).toHaveLength(header?.length ?? 0);
  });

  it('shows the alerts’ severity, description and status by the model’s German captions, and the CSV raw', async () => {
    const token = await mint(['fabrikam']);
    const defaults = (await (
      await post(`/frame-api/paginated-reports/${DEVICE_ALERTS_REPORT_ID}/pages/1`, token, {})
    ).json()) as PageAnswer;
    // A year back from the data's last day (the default is its last 90 days).
    const to = defaults.parameters.find((p) => p.name === 'To')?.values[0] ?? '';
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const parameterValues = [
      { name: 'From', value: from },
      { name: 'Severity', value: 'warning' },
      { name: 'Severity', value: 'critical' },
      { name: 'Status', value: 'Closed' },
    ];
    const res = await post(
      `/frame-api/paginated-reports/${DEVICE_ALERTS_REPORT_ID}/pages/1?language=de`,
      token,
      {
        parameterValues,
      },
    );
    const answer = (await res.json()) as PageAnswer;
    expect(res.status, JSON.stringify(answer)).toBe(200);
    // The panel labels the severities as the cells show them (the model's captions), in their natural order.
    expect(answer.parameters.find((p) => p.name === 'Severity')?.validValues).toEqual([
      { value: 'critical', label: 'Kritisch' },
      { value: 'warning', label: 'Warnung' },
      { value: 'info', label: 'Info' },
    ]);
    // The header names the chosen severities in their natural order, not as they were sent.
    expect(answer.header?.lines[2]).toBe('Schweregrad: Kritisch, Warnung – Status: Geschlossen');
    const details = answer.lines.filter((l) => l.kind === 'detail');
    expect(details.length).toBeGreaterThan(0);
    const severities = new Set(details.map((l) => l.cells[1]));
    expect(severities).toContain('Warnung');
    expect([...severities].every((s) => s === 'Warnung' || s === 'Kritisch')).toBe(true);
    expect(new Set(details.map((l) => l.cells[3]))).toEqual(new Set(['Geschlossen']));
    // The alert by its description's German caption; no stored code anywhere on the sheet.
    expect(details.some((l) => l.cells.some((c) => typeof c === 'string' && /^[A-Z_]+$/.test(c)))).toBe(
      false,
    );
    expect(details.map((l) => l.cells[2])).toContain('Papierstau');
    expect(
      details.some((l) => /Toner|Papier|Klappe|Trommel|Gerät|Fehler|Wartung/.test(String(l.cells[2]))),
    ).toBe(true);

    const pdf = await post(
      `/frame-api/paginated-reports/${DEVICE_ALERTS_REPORT_ID}/export?language=de`,
      token,
      {
        format: 'PDF',
        parameterValues,
      },
    );
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Warnung');
    expect(text).toContain('Geschlossen');
    expect(text).not.toContain('warning');
    expect(text).not.toContain('PAPER_JAM');

    const csv = await post(
      `/frame-api/paginated-reports/${DEVICE_ALERTS_REPORT_ID}/export?language=de`,
      token,
      {
        format: 'CSV',
        parameterValues,
      },
    );
    const records = (await csv.text()).split('\r\n').slice(1, -1);
    expect(records.length).toBeGreaterThanOrEqual(details.length);
    // Severity, description, status, closed: raw between the code and the closing time.
    const raw = records.map((r) => /,[A-Z_]+,(\w+),.*,(\w+),\d{4}-\d\d-\d\dT/.exec(r)?.slice(1, 3));
    expect(new Set(raw.map((r) => r?.[0]))).toContain('warning');
    expect(new Set(raw.map((r) => r?.[1]))).toEqual(new Set(['Closed']));
    expect(records.join('\n')).not.toMatch(/Warnung|Kritisch|Geschlossen|Papierstau/);
    expect(records.join('\n')).toContain(',PAPER_JAM,');
  });

  it('embeds a font with the glyphs of a Japanese or Russian PDF', async () => {
    const token = await mint(['fabrikam']);
    for (const language of ['ja', 'ru']) {
      const res = await post(
        `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/export?language=${language}`,
        token,
        {
          format: 'PDF',
          parameterValues: invoice,
        },
      );
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
      expect(pdf).toMatch(/\/FontFile[23]? /);
      expect(pdf).toContain('/ToUnicode');
      expect(pdf).not.toContain('/BaseFont /Helvetica');
    }
  });

  it('names the attachment in every language with nothing but RFC 8187 attr-chars and %XX in filename*', async () => {
    const token = await mint(['fabrikam']);
    const names = new Set<string>();
    for (const language of CONTENT_LANGUAGES) {
      const res = await post(
        `/frame-api/paginated-reports/${DEVICE_ALERTS_REPORT_ID}/export?language=${language}`,
        token,
        { format: 'CSV', parameterValues: [] },
      );
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const header = res.headers.get('content-disposition') ?? '';
      expect(header).toMatch(/^attachment; filename="Device alerts by site\.csv"; filename\*=UTF-8''/);
      const value = header.slice(header.indexOf("''") + 2);
      expect(value, language).toMatch(/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/);
      names.add(decodeURIComponent(value));
    }
    expect(names).toContain('Gerätemeldungen nach Standort.csv');
    expect(names.size).toBe(CONTENT_LANGUAGES.length);
  });
});

/** `text` with its no-break and narrow no-break spaces (Intl's, around a currency sign) as plain spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** The text of a PDF's literal strings (Helvetica, WinAnsi), every content stream inflated. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    try {
      const content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
      for (const string of content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g))
        text += `${Buffer.from(
          (string[1] ?? '').replace(/\\([0-7]{1,3}|.)/g, (_, c: string) =>
            /^[0-7]+$/.test(c) ? String.fromCharCode(parseInt(c, 8)) : c,
          ),
          'latin1',
        ).toString('latin1')}\n`;
    } catch {
      // Not a compressed stream (a font file, an image).
    }
  }
  // Node's TextDecoder reads 'windows-1252' as Latin-1 (0x80 stays U+0080): the bytes the sheets print, by hand.
  return text.replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_HIGH[c.charCodeAt(0)] ?? c);
}

/** The WinAnsi bytes 0x80–0x9F the sheets print (Windows-1252), as Unicode. */
const WIN_ANSI_HIGH: Readonly<Record<number, string>> = { 0x80: '€', 0x85: '…', 0x96: '–', 0x97: '—' };
