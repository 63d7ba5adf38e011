import { AdvancedFilter, BasicFilter, ExportDataType } from '@portico/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBookmarkState } from '@portico/analytics-model';
import type { ReportDefinition } from '@portico/analytics-model';
import { devices, distinct, meters, sumBy } from '../helpers/oracle.ts';
import { col, msr } from '../helpers/query.ts';
import { apiToken, createTestApp, embedToken, REPORTS, WORKSPACE_ID } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  viewer = await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam', 'tailspin'] }] });
});
afterAll(async () => t.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const query = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/frame-api/query',
    headers: as(token),
    payload: { reportId: REPORTS.fleetOverview, ...body },
  });
const exportCsv = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/frame-api/export',
    headers: as(token),
    payload: { reportId: REPORTS.fleetOverview, ...body },
  });

/** RFC 4180 lines of a CSV body (our fields never hold line breaks). */
const csvLines = (body: string) => {
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(0, -2).split('\r\n');
};

describe('reading a report', () => {
  it('gives the definition and the dataset model (without physical names) for a report the token names', async () => {
    const res = await t.app.inject({
      url: `/frame-api/reports/${REPORTS.fleetOverview}`,
      headers: as(viewer),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      report: { name: string; version: number; definition: ReportDefinition };
      dataset: { tables: { columns: object[] }[] };
    };
    expect(body.report).toMatchObject({ name: 'Fleet overview', version: 1, workspaceId: WORKSPACE_ID });
    expect(body.report.definition.pages.map((p) => p.name)).toEqual(['overview', 'devices', 'sites']);
    expect(body.report.definition.pages[0]?.visuals[0]?.filters[0]).toMatchObject({
      $schema: 'http://powerbi.com/product/schema#basic',
      filterType: 1,
    });
    expect(JSON.stringify(body.dataset)).not.toContain('"source"');
    expect(body.dataset.tables.map((table) => table.columns.length).every((n) => n > 0)).toBe(true);
  });

  it('is refused for a report the token does not name (403), and without a valid embed token (401)', async () => {
    expect(
      (await t.app.inject({ url: `/frame-api/reports/${REPORTS.supplies}`, headers: as(viewer) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/frame-api/reports/${REPORTS.fleetOverview}` })).statusCode).toBe(401);
    const api = await t.app.inject({
      url: `/frame-api/reports/${REPORTS.fleetOverview}`,
      headers: as(await apiToken(t.app)),
    });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('tells the frame what its token grants', async () => {
    const session = (await t.app.inject({ url: '/frame-api/session', headers: as(viewer) })).json() as Record<
      string,
      unknown
    >;
    expect(session).toMatchObject({
      permissions: 0,
      allowedOrigins: ['http://localhost:4400'],
      databaseNames: ['fabrikam', 'tailspin'],
    });
    expect(session['reports']).toEqual([
      expect.objectContaining({
        id: REPORTS.fleetOverview,
        embedUrl: expect.stringContaining('/reportEmbed?reportId='),
      }),
    ]);
  });
});

describe('queries', () => {
  it('see only the token’s accounts', async () => {
    const res = await query(viewer, {
      query: { select: [col('Accounts', 'Database name'), msr('Devices', 'Devices')] },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { rows: unknown[][] }).rows).toEqual([
      ['fabrikam', devices(['fabrikam']).length],
      ['tailspin', devices(['tailspin']).length],
    ]);
  });

  it('fail with 401 TokenExpired once the token has expired, and INVALID_TOKEN when it was tampered with', async () => {
    const short = await embedToken(t.app, { lifetimeMinutes: 1 });
    t.clock.now += 2 * 60_000;
    try {
      const expired = await query(short, { query: { select: [col('Devices', 'Model')] } });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'TokenExpired' });
      expect(expired.headers['www-authenticate']).toContain('error="invalid_token"');
    } finally {
      t.clock.now -= 2 * 60_000;
    }
    const tampered = `${viewer.slice(0, -4)}AAAA`;
    expect((await query(tampered, { query: { select: [col('Devices', 'Model')] } })).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('refuse, over real HTTP, a token that was accepted a moment ago once it expires, and its tampered copies', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const post = (token: string) =>
      fetch(`${base}/frame-api/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reportId: REPORTS.fleetOverview,
          query: { select: [col('Devices', 'Model')] },
        }),
      });
    const short = await embedToken(t.app, { lifetimeMinutes: 1 });
    // Accepted twice: the second answer comes from the remembered verification.
    expect((await post(short)).status).toBe(200);
    expect((await post(short)).status).toBe(200);
    const [header, payload, signature] = short.split('.') as [string, string, string];
    const widened = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        databaseNames: ['contoso_emea'],
      }),
    ).toString('base64url');
    const forged = await post(`${header}.${widened}.${signature}`);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    t.clock.now += 60_000;
    try {
      const expired = await post(short);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ code: 'TokenExpired' });
    } finally {
      t.clock.now -= 60_000;
    }
  });

  it('answer a query the same whatever the spacing and key order of its body, and each body with its own query', async () => {
    const select = [col('Accounts', 'Database name'), msr('Devices', 'Devices')];
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/frame-api/query',
        headers: { ...as(viewer), 'content-type': 'application/json' },
        payload,
      });
    const compact = await send(JSON.stringify({ reportId: REPORTS.fleetOverview, query: { select } }));
    const spaced = await send(
      JSON.stringify({ query: { select }, reportId: REPORTS.fleetOverview }, null, 2),
    );
    expect(compact.statusCode).toBe(200);
    expect(spaced.body).toBe(compact.body);
    const top1 = await send(JSON.stringify({ reportId: REPORTS.fleetOverview, query: { select, top: 1 } }));
    expect((top1.json() as { rows: unknown[][] }).rows).toEqual([['fabrikam', devices(['fabrikam']).length]]);
    expect((compact.json() as { rows: unknown[][] }).rows).toHaveLength(2);
  });

  it('carry the security headers on every answer, a query answer and a refusal alike', async () => {
    const answers = [
      await query(viewer, { query: { select: [col('Devices', 'Model')] } }),
      await query('not-a-token', { query: { select: [col('Devices', 'Model')] } }),
    ];
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401]);
  });

  it('answer 400 with a clear message for an unknown column or a malformed body', async () => {
    const unknown = await query(viewer, { query: { select: [col('Devices', 'Colour')] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'INVALID_QUERY',
      message: expect.stringContaining('Devices.Colour is not a column of the dataset'),
    });
    const malformed = await query(viewer, { query: { select: 'everything' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(
      (await query(viewer, { reportId: REPORTS.supplies, query: { select: [col('Devices', 'Model')] } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('exports', () => {
  const select = [col('Devices', 'Model'), msr('Meter readings', 'Total pages')];
  const models = distinct(devices(['fabrikam']).map((d) => d.model));
  const filter = new BasicFilter({ table: 'Devices', column: 'Model' }, 'In', models.slice(0, 2)).toJSON();

  it('give the summarized data as RFC 4180 CSV, honouring the filters and the token’s accounts', async () => {
    const fabrikamOnly = await embedToken(t.app);
    const res = await exportCsv(fabrikamOnly, {
      query: { select, filters: [filter] },
      exportDataType: ExportDataType.Summarized,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Fleet overview.csv"');
    const expected = sumBy(
      meters(['fabrikam']).filter((m) => models.slice(0, 2).includes(m.device.model)),
      (m) => m.device.model,
      (m) => m.pages,
    );
    expect(csvLines(res.body)).toEqual(['Model,Total pages', ...expected.map(([m, p]) => `${m},${p}`)]);
  });

  it('give the underlying rows behind the visual, honouring filters on columns and on measures', async () => {
    const fabrikamOnly = await embedToken(t.app);
    const big = new AdvancedFilter({ table: 'Meter readings', measure: 'Total pages' } as never, 'And', {
      operator: 'GreaterThan',
      value: 0,
    }).toJSON();
    const res = await exportCsv(fabrikamOnly, {
      query: {
        select: [col('Devices', 'Serial number'), msr('Meter readings', 'Total pages')],
        filters: [filter, big],
      },
      exportDataType: ExportDataType.Underlying,
    });
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Serial number,Pages');
    const rows = meters(['fabrikam']).filter((m) => models.slice(0, 2).includes(m.device.model));
    const busy = new Set(
      sumBy(
        rows,
        (m) => m.device.serialNumber,
        (m) => m.pages,
      )
        .filter(([, p]) => p > 0)
        .map(([s]) => s),
    );
    const expected = rows
      .filter((m) => busy.has(m.device.serialNumber))
      .map((m) => [m.device.serialNumber, m.pages] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
      .map(([s, p]) => `${s},${p}`);
    expect(lines.slice(1)).toEqual(expected);
  });

  it('quote fields holding commas as RFC 4180 says', async () => {
    const res = await exportCsv(viewer, { query: { select: [col('Devices', 'Location')], top: 3 } });
    for (const line of csvLines(res.body).slice(1)) expect(line).toMatch(/^"[^"]*, Floor \d+, [^"]*"$/);
  });
});

describe('saving', () => {
  const definitionOf = async (token: string, reportId: string) =>
    (
      (await t.app.inject({ url: `/frame-api/reports/${reportId}`, headers: as(token) })).json() as {
        report: { definition: ReportDefinition; version: number };
      }
    ).report;

  it('needs Edit permission', async () => {
    const { definition } = await definitionOf(viewer, REPORTS.fleetOverview);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/frame-api/reports/${REPORTS.fleetOverview}`,
      headers: as(viewer),
      payload: { definition },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('saving (ReadWrite)'),
    });
  });

  it('adds a version with Edit permission, and refuses a save based on an older version', async () => {
    const editor = await embedToken(t.app, { reports: [{ id: REPORTS.pageVolume }], permissions: 'Edit' });
    const before = await definitionOf(editor, REPORTS.pageVolume);
    const renamed = {
      ...before.definition,
      pages: before.definition.pages.map((p, i) => (i === 0 ? { ...p, displayName: 'Trend (edited)' } : p)),
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/frame-api/reports/${REPORTS.pageVolume}`,
      headers: as(editor),
      payload: { definition: renamed, baseVersion: before.version },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: REPORTS.pageVolume, version: before.version + 1 });
    expect((await definitionOf(editor, REPORTS.pageVolume)).definition.pages[0]?.displayName).toBe(
      'Trend (edited)',
    );
    const versions = (
      await t.app.inject({ url: `/frame-api/reports/${REPORTS.pageVolume}/versions`, headers: as(editor) })
    ).json() as { value: { version: number; source: string }[] };
    expect(versions.value.map((v) => [v.version, v.source])).toEqual([
      [1, 'sample'],
      [2, 'user'],
    ]);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/frame-api/reports/${REPORTS.pageVolume}`,
      headers: as(editor),
      payload: { definition: renamed, baseVersion: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a definition naming what the dataset lacks', async () => {
    const editor = await embedToken(t.app, { reports: [{ id: REPORTS.pageVolume }], permissions: 'Edit' });
    const { definition } = await definitionOf(editor, REPORTS.pageVolume);
    const page = definition.pages[0];
    if (page === undefined) throw new Error('no page');
    const broken = {
      ...definition,
      pages: [
        { ...page, visuals: [{ ...page.visuals[0], dataRoles: { values: [col('Devices', 'Nope')] } }] },
      ],
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/frame-api/reports/${REPORTS.pageVolume}`,
      headers: as(editor),
      payload: { definition: broken },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining(
        'pages[0].visuals[0].dataRoles.values[0]: Devices.Nope is not a column of the dataset',
      ),
    });
  });

  it('refuses to save or save as a definition whose bookmark state the frame could not apply, naming the bookmark', async () => {
    const editor = await embedToken(t.app, { reports: [{ id: REPORTS.pageVolume }], permissions: 7 });
    const before = await definitionOf(editor, REPORTS.pageVolume);
    const { definition } = before;
    // The sample's own bookmarks pass: saving it unchanged is taken.
    const unchanged = await t.app.inject({
      method: 'PUT',
      url: `/frame-api/reports/${REPORTS.pageVolume}`,
      headers: as(editor),
      payload: { definition, baseVersion: before.version },
    });
    expect(unchanged.statusCode).toBe(200);
    const broken = {
      ...definition,
      bookmarks: [
        ...definition.bookmarks,
        {
          name: 'broken',
          displayName: 'Broken',
          state: encodeBookmarkState({ version: 1, pageFilters: { overview: 5 } } as never),
        },
      ],
    };
    const expected = {
      code: 'INVALID_QUERY',
      message: `bookmarks[${definition.bookmarks.length}]: the state of bookmark 'broken' cannot be applied: its pageFilters.overview must be array`,
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/frame-api/reports/${REPORTS.pageVolume}`,
      headers: as(editor),
      payload: { definition: broken },
    });
    expect({ status: saved.statusCode, body: saved.json() as unknown }).toEqual({
      status: 400,
      body: expected,
    });
    const copied = await t.app.inject({
      method: 'POST',
      url: `/frame-api/reports/${REPORTS.pageVolume}/save-as`,
      headers: as(editor),
      payload: { name: 'Broken copy', definition: broken },
    });
    expect({ status: copied.statusCode, body: copied.json() as unknown }).toEqual({
      status: 400,
      body: expected,
    });
    expect((await definitionOf(editor, REPORTS.pageVolume)).version).toBe(before.version + 1);
  });

  it('saves as a new report with Copy or Create permission, and hands back a token that opens it', async () => {
    const view = await t.app.inject({
      method: 'POST',
      url: `/frame-api/reports/${REPORTS.supplies}/save-as`,
      headers: as(await embedToken(t.app, { reports: [{ id: REPORTS.supplies }] })),
      payload: { name: 'x' },
    });
    expect(view.statusCode).toBe(403);
    const creator = await embedToken(t.app, { reports: [{ id: REPORTS.supplies }], permissions: 'Create' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/frame-api/reports/${REPORTS.supplies}/save-as`,
      headers: as(creator),
      payload: { name: 'My supplies' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as {
      report: { id: string; name: string; version: number };
      accessToken: { token: string };
    };
    expect(body.report).toMatchObject({ name: 'My supplies', version: 1 });
    expect(body.report.id).not.toBe(REPORTS.supplies);
    const opened = await t.app.inject({
      url: `/frame-api/reports/${body.report.id}`,
      headers: as(body.accessToken.token),
    });
    expect(opened.statusCode).toBe(200);
    const listed = (
      await t.app.inject({
        url: `/v1/workspaces/${WORKSPACE_ID}/reports`,
        headers: as(await apiToken(t.app)),
      })
    ).json() as { value: { id: string; name: string; createdFor?: string[] }[] };
    expect(listed.value.map((r) => r.name)).toContain('My supplies');
    // The copy belongs to the accounts of the token that saved it; the service's own reports to nobody in particular.
    expect(listed.value.find((r) => r.id === body.report.id)?.createdFor).toEqual(['fabrikam']);
    expect(listed.value.find((r) => r.id === REPORTS.supplies)).not.toHaveProperty('createdFor');
  });

  it('hands back a token that expires no later than the one that saved, however little time that one had left', async () => {
    const creator = await embedToken(t.app, { reports: [{ id: REPORTS.supplies }], permissions: 'Create' });
    const original = expiryOf(creator);
    const start = t.clock.now;
    try {
      // Ten seconds before the original expires.
      t.clock.now = original * 1000 - 10_000;
      const res = await t.app.inject({
        method: 'POST',
        url: `/frame-api/reports/${REPORTS.supplies}/save-as`,
        headers: as(creator),
        payload: { name: 'Last-minute copy' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as { accessToken: { token: string; expiration: string } };
      expect(expiryOf(body.accessToken.token)).toBe(original);
      expect(Date.parse(body.accessToken.expiration)).toBe(original * 1000);
      // So a chain of copies cannot outlive the first token.
      t.clock.now = original * 1000;
      const chained = await t.app.inject({
        method: 'POST',
        url: `/frame-api/reports/${REPORTS.supplies}/save-as`,
        headers: as(body.accessToken.token),
        payload: { name: 'Too late' },
      });
      expect(chained.statusCode).toBe(401);
    } finally {
      t.clock.now = start;
    }
  });
});

/** The `exp` claim (seconds) of a JWT. */
function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
  };
  return payload.exp;
}
