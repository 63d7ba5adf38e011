/**
 * Every route the service registers, sent hostile input through `inject`: bad path parameters and query strings,
 * bad bodies (malformed, wrong type, wrong shape, too large), and every kind of bad bearer token. No answer may be a
 * 5xx, every 4xx is `{ message, code }` without a stack or a path, the log never holds a credential, and the
 * service still answers a good request afterwards. Routes come from the app (onRoute), not from a list kept here.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { exportJWK, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, CLIENT_SECRET, PORTAL_ORIGIN } from '../../test/helpers/test-app.ts';
import { ephemeralSigningKey } from '../auth/signing-key.ts';
import { API_AUDIENCE, EMBED_AUDIENCE, TokenService } from '../auth/tokens.ts';
import { defect, first, OUTSIDE_SECRET, probeAll, startAudit } from './audit-harness.ts';
import type { Audit, AuditedRoute, Probe } from './audit-harness.ts';

let audit: Audit;
let api: string;
let embed: string;
/** Credentials and cookies sent during the barrage: none may reach the log. */
const sentSecrets = new Set<string>([CLIENT_SECRET, 'cookie-secret-value-4711', 'WRONG-secret-value-0815']);

beforeAll(async () => {
  audit = await startAudit();
  api = await audit.apiToken();
  embed = await audit.embedToken();
  sentSecrets.add(api).add(embed);
});
afterAll(async () => audit.close());

/** Values that must never reach a path, SQL or a page unchecked (raw URL text: some are deliberately not encoded). */
const HOSTILE_SEGMENTS = [
  '..',
  '%2e%2e',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2foutside-secret.txt',
  '..%5c..%5coutside-secret.txt',
  '%00',
  'a%00b',
  '%ff',
  '%',
  'x'.repeat(5000),
  "'%20OR%20'1'%3D'1",
  '%22%3B%20DROP%20TABLE%20devices%3B%20--',
  encodeURIComponent("fabrikam') OR 1=1 --"),
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('Ä😀\u202e\u0000\uffff'),
  '-1',
  '0',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
];

/** Values for the wildcard of the frame build's static files. */
const HOSTILE_FILES = [
  '../outside-secret.txt',
  '..%2foutside-secret.txt',
  '%2e%2e/outside-secret.txt',
  '%2e%2e%2foutside-secret.txt',
  'assets/..%2f..%2foutside-secret.txt',
  'assets%2f..%2f..%2foutside-secret.txt',
  '....//outside-secret.txt',
  '%252e%252e%252foutside-secret.txt',
  'index.html',
  'assets/app.js%00.png',
  '.%00./outside-secret.txt',
];

const HOSTILE_QUERIES = [
  'reportId=a&reportId=b&groupId=c&groupId=d',
  'a[]=1&a[]=2&a[x]=3',
  '__proto__[polluted]=1&constructor[prototype][polluted]=1',
  `q=${'x'.repeat(8000)}`,
  '%ff=1&x=%ff',
  `reportId=${encodeURIComponent("' OR 1=1 --")}`,
];

/** Where a route's parameters get sensible values when another parameter is the hostile one. */
function validParams(audit: Audit): Record<string, string> {
  const { catalogue } = audit;
  return {
    workspaceId: first(catalogue.workspaces, 'workspace'),
    reportId: first(catalogue.reports, 'report').id,
    datasetId: first(catalogue.datasets, 'dataset'),
    dashboardId: first(catalogue.dashboards, 'dashboard'),
    tileId: first(catalogue.tiles, 'tile'),
    pageNumber: '1',
    '*': 'assets/app.js',
  };
}

/** The route's URL with `values` for its parameters (raw URL text), the others valid. */
function fill(route: AuditedRoute, values: Record<string, string>): string {
  const valid = validParams(audit);
  return route.url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? valid[name] ?? 'x')
    .replace(/\*$/, values['*'] ?? valid['*'] ?? '');
}

function paramNames(route: AuditedRoute): string[] {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  return route.url.endsWith('*') ? [...names, '*'] : names;
}

function authHeader(route: AuditedRoute): Record<string, string> {
  if (route.auth === 'api') return { authorization: `Bearer ${api}` };
  if (route.auth === 'embed') return { authorization: `Bearer ${embed}` };
  return {};
}

const hasBody = (route: AuditedRoute): boolean => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

/** A body of the route's schema, every value its default (typebox's Value.Create), or {} without a schema. */
function baseBody(route: AuditedRoute): Record<string, unknown> {
  const schema = route.schema['body'] as TSchema | undefined;
  if (schema === undefined) return {};
  try {
    const value = Value.Create(schema) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function topLevelProperties(route: AuditedRoute): string[] {
  const schema = route.schema['body'] as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.properties ?? {});
}

const WRONG_VALUES: readonly unknown[] = [
  12345,
  -1,
  1e308,
  'a string',
  '',
  true,
  null,
  [],
  {},
  [null],
  'x'.repeat(100_000),
  Array.from({ length: 5000 }, (_, i) => i),
  { __proto__: { polluted: true }, nested: { deeper: ['x'] } },
  "fabrikam' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '\u0000\u202e😀',
];

function json(route: AuditedRoute, payload: string, extra: Record<string, string> = {}): InjectOptions {
  return {
    method: route.method as HTTPMethods,
    url: fill(route, {}),
    headers: { ...authHeader(route), 'content-type': 'application/json', ...extra },
    payload,
  };
}

function bodyProbes(route: AuditedRoute): [string, InjectOptions][] {
  const name = `${route.method} ${route.url}`;
  const limit = route.bodyLimit ?? 2 * 1024 * 1024;
  const raw: [string, string, string][] = [
    ['malformed JSON', 'application/json', '{"reportId":'],
    ['JSON with a trailing comma', 'application/json', '{"a":1,}'],
    ['JSON null', 'application/json', 'null'],
    ['a JSON array', 'application/json', '[]'],
    ['a JSON string', 'application/json', '"text"'],
    ['a JSON number', 'application/json', '42'],
    ['an empty object', 'application/json', '{}'],
    ['an empty body', 'application/json', ''],
    ['a __proto__ key', 'application/json', '{"__proto__":{"polluted":true}}'],
    ['a constructor.prototype key', 'application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
    ['deeply nested arrays', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['a lone surrogate', 'application/json', '{"name":"\\ud800"}'],
    ['plain text', 'text/plain', 'hello'],
    ['XML', 'application/xml', '<a><b/></a>'],
    [
      'multipart',
      'multipart/form-data; boundary=x',
      '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    ],
    ['a form', 'application/x-www-form-urlencoded', 'a=1&a=2&b[c]=%ff'],
    ['a charset the parser does not know', 'application/json; charset=utf-7', '{}'],
    ['no content type', '', '{}'],
    ['a body over the limit', 'application/json', `"${'x'.repeat(limit)}"`],
  ];
  const probes: [string, InjectOptions][] = raw.map(([what, type, payload]) => [
    `${name} with ${what}`,
    {
      method: route.method as HTTPMethods,
      url: fill(route, {}),
      headers: { ...authHeader(route), ...(type === '' ? {} : { 'content-type': type }) },
      payload,
    },
  ]);
  const base = baseBody(route);
  probes.push([`${name} with its schema's defaults`, json(route, JSON.stringify(base))]);
  probes.push([`${name} with an extra field`, json(route, JSON.stringify({ ...base, extra: 'x' }))]);
  for (const property of topLevelProperties(route)) {
    const { [property]: _dropped, ...without } = base;
    probes.push([`${name} without ${property}`, json(route, JSON.stringify(without))]);
    WRONG_VALUES.forEach((value, i) =>
      probes.push([
        `${name} with ${property} = wrong value #${i}`,
        json(route, JSON.stringify({ ...base, [property]: value })),
      ]),
    );
  }
  return probes;
}

/** Hostile names and values inside a visual query: they must be refused or bound, never spliced into SQL. */
function queryProbes(route: AuditedRoute, idField: 'reportId' | 'datasetId'): [string, InjectOptions][] {
  const id =
    idField === 'reportId'
      ? first(audit.catalogue.reports, 'report').id
      : first(audit.catalogue.datasets, 'dataset');
  const column = (table: string, name: string) => ({ column: { table, column: name } });
  const strings = [
    "Devices' OR 1=1 --",
    'Devices"; DROP TABLE devices; --',
    'database_name',
    'devices',
    '\u0000',
    '😀',
    'x'.repeat(100),
  ];
  const queries: unknown[] = [
    ...strings.map((s) => ({ select: [column(s, 'Manufacturer')] })),
    ...strings.map((s) => ({ select: [column('Devices', s)] })),
    ...strings.map((s) => ({ select: [{ measure: { table: 'Meter readings', measure: s } }] })),
  ];
  // Values are bound as parameters: an injection would find rows, a bound value finds no manufacturer by that name.
  const bound: unknown[] = strings.map((s) => ({
    select: [column('Devices', 'Manufacturer')],
    filters: [
      {
        $schema: 'http://powerbi.com/product/schema#basic',
        target: { table: 'Devices', column: 'Manufacturer' },
        operator: 'In',
        values: [s, 1, null, true],
        filterType: 1,
      },
    ],
  }));
  queries.push(
    {
      select: [column('Devices', 'Manufacturer')],
      filters: [
        { filterType: 0, target: { table: 'Devices', column: 'Manufacturer' }, logicalOperator: 'Or' },
      ],
    },
    {
      select: [column('Devices', 'Manufacturer')],
      filters: [
        {
          $schema: 'http://powerbi.com/product/schema#advanced',
          target: { table: 'Devices', column: 'Install date' },
          logicalOperator: 'And',
          conditions: [{ operator: 'GreaterThan', value: '99999-99-99' }],
          filterType: 0,
        },
      ],
    },
    { select: [column('Devices', 'Manufacturer')], filters: [{ filterType: 999 }, null, 'x', []] },
    {
      select: [column('Devices', 'Manufacturer')],
      orderBy: [{ field: column('Devices', "x' --"), direction: 1 }],
    },
    { select: [column('Devices', 'Manufacturer')], top: 0 },
    { select: [column('Devices', 'Manufacturer')], top: 1e12 },
    { select: [] },
    { select: Array.from({ length: 51 }, () => column('Devices', 'Manufacturer')) },
    // 100 filters of 1,000 values: each within its limit, 100,000 bound values in all (15 s before the cap).
    {
      select: [column('Devices', 'Manufacturer')],
      filters: Array.from({ length: 100 }, () => ({
        target: { table: 'Devices', column: 'Manufacturer' },
        operator: 'NotIn',
        values: Array.from({ length: 1000 }, (_, i) => `v${i}`),
        filterType: 1,
      })),
    },
  );
  const probe = (what: string) => (query: unknown, i: number) =>
    [
      `${route.method} ${route.url} with ${what} #${i}`,
      json(route, JSON.stringify({ [idField]: id, query })),
    ] as [string, InjectOptions];
  return [...queries.map(probe('a refused query')), ...bound.map(probe('a bound hostile value'))];
}

function findingsOf(probes: readonly Probe[]): string[] {
  const secrets = [OUTSIDE_SECRET, audit.fleet.dir];
  return probes.flatMap((probe) => defect(probe, secrets) ?? []);
}

describe('every registered route under hostile input', () => {
  it('records the routes of every part of the service from the app itself', () => {
    const urls = new Set(audit.routes.map((r) => r.url));
    for (const url of [
      '/oauth/token',
      '/v1/embed-tokens',
      '/v1/workspaces/:workspaceId/reports/:reportId',
      '/frame-api/query',
      '/frame-api/export',
      '/frame-api/reports/:reportId/user-state',
      '/frame-api/create/quick-create',
      '/frame-api/qna/interpret',
      '/frame-api/paginated-reports/:reportId/export',
      '/frame-api/dashboards/:dashboardId/tiles/:tileId/data',
      '/reportEmbed',
      '/healthz',
      '/*',
    ])
      expect(urls).toContain(url);
    expect(
      audit.routes.filter((r) => r.url.startsWith('/v1/workspaces')).every((r) => r.auth === 'api'),
    ).toBe(true);
    expect(audit.routes.filter((r) => r.url.startsWith('/frame-api/')).every((r) => r.auth === 'embed')).toBe(
      true,
    );
  });

  it('answers hostile path parameters and query strings with a 4xx in the error shape, never a 5xx', async () => {
    const requests: [string, InjectOptions][] = [];
    for (const route of audit.routes) {
      const headers = authHeader(route);
      const method = route.method as HTTPMethods;
      const payload = hasBody(route) ? JSON.stringify(baseBody(route)) : undefined;
      const send = (url: string): InjectOptions => ({
        method,
        url,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      for (const name of paramNames(route)) {
        for (const value of name === '*' ? [...HOSTILE_FILES, ...HOSTILE_SEGMENTS] : HOSTILE_SEGMENTS)
          requests.push([
            `${route.method} ${route.url} with ${name} = ${value.slice(0, 60)}`,
            send(fill(route, { [name]: value })),
          ]);
      }
      for (const query of HOSTILE_QUERIES)
        requests.push([
          `${route.method} ${route.url}?${query.slice(0, 60)}`,
          send(`${fill(route, {})}?${query}`),
        ]);
      // Methods the route does not take.
      for (const other of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'] as const)
        if (!audit.routes.some((r) => r.url === route.url && r.method === other))
          requests.push([`${other} ${route.url}`, { method: other, url: fill(route, {}), headers }]);
    }
    const probes = await probeAll(audit.app, requests);
    expect(findingsOf(probes)).toEqual([]);
    // Nothing outside the frame build is ever served, however the path is spelt.
    expect(probes.filter((p) => p.response.body.includes(OUTSIDE_SECRET)).map((p) => p.label)).toEqual([]);
  });

  it('answers hostile bodies (malformed, wrong types, missing, extra, oversized) with a 4xx in the error shape', async () => {
    const requests = audit.routes.filter(hasBody).flatMap(bodyProbes);
    expect(requests.length).toBeGreaterThan(100);
    const probes = await probeAll(audit.app, requests);
    expect(findingsOf(probes)).toEqual([]);
    // A body over a route's limit is 413 PAYLOAD_TOO_LARGE on every route that takes a body.
    const tooLarge = probes.filter((p) => p.label.endsWith('a body over the limit'));
    expect(tooLarge.length).toBe(audit.routes.filter(hasBody).length);
    for (const probe of tooLarge) {
      expect({ label: probe.label, status: probe.response.statusCode }).toEqual({
        label: probe.label,
        status: 413,
      });
      expect(probe.response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('refuses SQL metacharacters, unknown names and malformed filters inside visual queries with 400 INVALID_QUERY or VALIDATION_ERROR', async () => {
    const routes = audit.routes.filter(
      (r) => r.method === 'POST' && /^\/frame-api\/(create\/)?(query|export)$/.test(r.url),
    );
    expect(routes.map((r) => r.url).sort()).toEqual([
      '/frame-api/create/query',
      '/frame-api/export',
      '/frame-api/query',
    ]);
    const requests = routes.flatMap((route) =>
      queryProbes(route, route.url.startsWith('/frame-api/create') ? 'datasetId' : 'reportId'),
    );
    const probes = await probeAll(audit.app, requests);
    expect(findingsOf(probes)).toEqual([]);
    for (const probe of probes) {
      const { label, response } = probe;
      if (label.includes('a refused query')) {
        expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
        expect(['INVALID_QUERY', 'VALIDATION_ERROR']).toContain((response.json() as { code: string }).code);
      } else {
        expect({ label, status: response.statusCode }).toEqual({ label, status: 200 });
        // JSON rows, or CSV lines after the header: none.
        const rows = String(response.headers['content-type']).startsWith('text/csv')
          ? response.body
              .split('\r\n')
              .filter((line) => line !== '')
              .slice(1)
          : (response.json() as { rows: unknown[] }).rows;
        expect({ label, rows }).toEqual({ label, rows: [] });
      }
    }
  });
});

describe('the batch of visual queries under hostile input', () => {
  it('refuses each hostile query of a batch in its own line (400 INVALID_QUERY) or the malformed batch whole, and binds hostile values', async () => {
    const single = audit.routes.find((r) => r.method === 'POST' && r.url === '/frame-api/query');
    const batch = audit.routes.find((r) => r.method === 'POST' && r.url === '/frame-api/queries');
    if (single === undefined || batch === undefined) throw new Error('the query routes are not registered');
    // Each probe's query alone in a batch, then beside a query that is answered.
    const requests = queryProbes(single, 'reportId').map(([label, request]): [string, InjectOptions] => {
      const { reportId, query } = JSON.parse(String(request.payload)) as { reportId: string; query: unknown };
      const fine = { select: [{ column: { table: 'Devices', column: 'Manufacturer' } }] };
      return [label, json(batch, JSON.stringify({ reportId, queries: [query, fine] }))];
    });
    const probes = await probeAll(audit.app, requests);
    expect(findingsOf(probes)).toEqual([]);
    for (const { label, response } of probes) {
      if (response.statusCode !== 200) {
        // A query the schema refuses (no select, 51 columns, top 0) fails the batch before any line.
        expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
        expect((response.json() as { code: string }).code).toBe('VALIDATION_ERROR');
        expect(label).toContain('a refused query');
        continue;
      }
      const lines = response.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { index: number; answer?: { rows: unknown[] }; error?: object });
      const probed = lines.find((line) => line.index === 0);
      const fine = lines.find((line) => line.index === 1);
      expect({ label, fine: (fine?.answer?.rows.length ?? 0) > 0 }).toEqual({ label, fine: true });
      if (label.includes('a refused query'))
        expect({ label, error: probed?.error }).toEqual({
          label,
          error: expect.objectContaining({ status: 400, code: 'INVALID_QUERY' }),
        });
      else expect({ label, rows: probed?.answer?.rows }).toEqual({ label, rows: [] });
    }
  });
});

describe('numbers no column holds', () => {
  it('refuses a filter value beyond BIGINT (1e308, 2^63, "9223372036854775808") on an integer or decimal column or a measure with 400 INVALID_QUERY, on every query route and in a batch line', async () => {
    const reportId = first(audit.catalogue.reports, 'report').id;
    const datasetId = first(audit.catalogue.datasets, 'dataset');
    const manufacturer = { column: { table: 'Devices', column: 'Manufacturer' } };
    const targets = [
      { table: 'Devices', column: 'Monthly duty cycle' },
      { table: 'Service alerts', column: 'Hours to close' },
      { table: 'Calendar', column: 'Year' },
      { table: 'Service alerts', measure: 'Alerts' },
      { table: 'Devices', measure: 'Average duty cycle' },
    ];
    const queries = targets.flatMap((target) =>
      [1e308, -1e308, 2 ** 63, '9223372036854775808'].map((value) => ({
        select: [manufacturer, { measure: { table: 'Service alerts', measure: 'Alerts' } }],
        filters: [
          {
            $schema: 'http://powerbi.com/product/schema#advanced',
            target,
            logicalOperator: 'And',
            conditions: [{ operator: 'LessThan', value }],
            filterType: 0,
          },
        ],
      })),
    );
    const requests: [string, InjectOptions][] = queries.flatMap((query, i) =>
      (
        [
          ['/frame-api/query', { reportId, query }],
          ['/frame-api/export', { reportId, query, exportDataType: 1 }],
          ['/frame-api/create/query', { datasetId, query }],
        ] as const
      ).map(([url, payload]): [string, InjectOptions] => [
        `POST ${url} #${i}`,
        {
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${embed}`, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        },
      ]),
    );
    const probes = await probeAll(audit.app, requests);
    expect(findingsOf(probes)).toEqual([]);
    for (const { label, response } of probes) {
      expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
      expect((response.json() as { code: string }).code).toBe('INVALID_QUERY');
    }
    const batch = await audit.app.inject({
      method: 'POST',
      url: '/frame-api/queries',
      headers: { authorization: `Bearer ${embed}` },
      payload: { reportId, queries: queries.slice(0, 32) },
    });
    const lines = batch.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { error?: { status: number; code: string } });
    expect(lines.map((line) => line.error?.code)).toEqual(queries.slice(0, 32).map(() => 'INVALID_QUERY'));
    // Q&A reads numbers out of the question and filters with them through the same query layer.
    const questions = ['devices with more than 9223372036854775808 pages', 'total pages over 1e400'].map(
      (question): [string, InjectOptions] => [
        `Q&A: ${question}`,
        {
          method: 'POST',
          url: '/frame-api/qna/interpret',
          headers: { authorization: `Bearer ${embed}` },
          payload: { datasetIds: [datasetId], question },
        },
      ],
    );
    expect(findingsOf(await probeAll(audit.app, questions))).toEqual([]);
  });
});

describe('language tags', () => {
  it('answers a tag Intl refuses (de-x, de-1996-1996, zh-min-nan) as its primary language on every route that takes one, never a 5xx', async () => {
    const routes = audit.routes.filter(
      (r) =>
        (r.schema['querystring'] as { properties?: Record<string, unknown> } | undefined)?.properties?.[
          'language'
        ] !== undefined,
    );
    expect(routes.length).toBeGreaterThan(5);
    const refusedByIntl = [
      'de-x',
      'en-a',
      'de-1',
      'de-u',
      'de-de-de',
      'de-1996-1996',
      'de-u-12',
      'zh-min-nan',
    ];
    const requests: [string, InjectOptions][] = [];
    for (const route of routes) {
      const payload = hasBody(route) ? JSON.stringify(baseBody(route)) : undefined;
      for (const tag of [...refusedByIntl, 'de-CH', 'ja-JP-u-nu-hanidec', 'zz'])
        requests.push([
          `${route.method} ${route.url}?language=${tag}`,
          {
            method: route.method as HTTPMethods,
            url: `${fill(route, {})}?language=${tag}`,
            headers: {
              ...authHeader(route),
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload }),
          },
        ]);
    }
    const probes = await probeAll(audit.app, requests);
    expect(findingsOf(probes)).toEqual([]);
    // Taken: a GET answers as the route does (a tile of another dashboard is 404), never a 400 for the tag.
    for (const { label, request, response } of probes)
      if (request.method === 'GET')
        expect({ label, refused: response.statusCode === 400 }).toEqual({ label, refused: false });
    // The report list in a tag Intl refuses is the list of its primary language, names and order.
    const workspace = first(audit.catalogue.workspaces, 'workspace');
    const list = async (query: string) =>
      (
        await audit.app.inject({
          url: `/v1/workspaces/${workspace}/reports${query}`,
          headers: { authorization: `Bearer ${api}` },
        })
      ).json() as unknown;
    expect(await list('?language=de-1')).toEqual(await list('?language=de'));
    expect(await list('?language=de')).not.toEqual(await list(''));
  });
});

describe('names of new content', () => {
  it('refuses blank names and names with control characters or bidirectional overrides, on save-as and create', async () => {
    const token = await audit.embedToken();
    const reportId = first(audit.catalogue.reports, 'report').id;
    const datasetId = first(audit.catalogue.datasets, 'dataset');
    const definition = (
      (
        await audit.app.inject({
          url: `/frame-api/reports/${reportId}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as {
        report: { definition: unknown };
      }
    ).report.definition;
    const routes: [string, (name: string) => Record<string, unknown>][] = [
      [`/frame-api/reports/${reportId}/save-as`, (name) => ({ name })],
      ['/frame-api/create/reports', (name) => ({ name, datasetId, definition })],
    ];
    for (const [url, body] of routes) {
      for (const name of ['   ', 'a\u0000b', 'two\nlines', 'invoice\u202egnp.exe', 'x\u2066y']) {
        const res = await audit.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}` },
          payload: body(name),
        });
        expect({ url, name, status: res.statusCode }).toEqual({ url, name, status: 400 });
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      const res = await audit.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: body('  Überblick 😀 '),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as { report: { name: string } }).report.name).toBe('Überblick 😀');
    }
  });
});

describe('bearer tokens on every route that needs one', () => {
  /** A token with `claims`, signed as the test says (by default, right as the service signs its own). */
  async function forge(
    kind: 'api' | 'embed',
    options: {
      claims?: JWTPayload;
      header?: Record<string, unknown>;
      sign?: (jwt: SignJWT) => Promise<string>;
      issuer?: string;
      iat?: number;
      lifetime?: number;
    } = {},
  ): Promise<string> {
    const now = Math.floor(audit.clock.now / 1000);
    const iat = options.iat ?? now;
    const grant =
      kind === 'embed'
        ? {
            reports: audit.catalogue.reports,
            permissions: 7,
            databaseNames: ['fabrikam'],
            origins: [PORTAL_ORIGIN],
          }
        : { client_id: CLIENT_ID, scope: 'analytics.api' };
    const jwt = new SignJWT({ ...grant, ...options.claims })
      .setProtectedHeader({
        alg: 'ES256',
        typ: kind === 'embed' ? 'embed+jwt' : 'at+jwt',
        kid: audit.key.kid,
        ...options.header,
      } as { alg: string })
      .setIssuer(options.issuer ?? audit.config.publicUrl)
      .setAudience(kind === 'embed' ? EMBED_AUDIENCE : API_AUDIENCE)
      .setSubject(CLIENT_ID)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + (options.lifetime ?? 600))
      .setJti(`forged-${Math.random()}`);
    return options.sign === undefined ? jwt.sign(audit.key.privateKey) : options.sign(jwt);
  }

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  async function badTokens(kind: 'api' | 'embed'): Promise<[string, string | undefined, string[]][]> {
    const other = await ephemeralSigningKey();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = audit.key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const publicJwk = JSON.stringify(await exportJWK(audit.key.publicKey));
    const good = kind === 'embed' ? embed : api;
    const [header, payload] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const invalid = ['INVALID_TOKEN'];
    const issuerService = new TokenService({ key: audit.key, issuer: 'http://evil.example' });
    const otherKeyService = new TokenService({ key: other, issuer: audit.config.publicUrl });
    const wrongIssuer =
      kind === 'embed'
        ? (
            await issuerService.issueEmbedToken(
              CLIENT_ID,
              { reports: audit.catalogue.reports, permissions: 7, databaseNames: ['fabrikam'], origins: [] },
              10,
            )
          ).token
        : (await issuerService.issueApiToken(CLIENT_ID)).token;
    const otherKey =
      kind === 'embed'
        ? (
            await otherKeyService.issueEmbedToken(
              CLIENT_ID,
              { reports: audit.catalogue.reports, permissions: 7, databaseNames: ['fabrikam'], origins: [] },
              10,
            )
          ).token
        : (await otherKeyService.issueApiToken(CLIENT_ID)).token;
    return [
      ['no Authorization header', undefined, ['UNAUTHENTICATED']],
      ['an empty Bearer', 'Bearer ', ['UNAUTHENTICATED']],
      [
        'Basic client credentials',
        `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
        ['UNAUTHENTICATED'],
      ],
      ['a token with a space and more', `Bearer ${good} extra`, ['UNAUTHENTICATED']],
      ['two Bearer tokens', `Bearer ${good}, Bearer ${good}`, ['UNAUTHENTICATED']],
      ['a token that is not a JWT', 'Bearer not-a-jwt', invalid],
      ['three dots of nothing', 'Bearer ..', ['UNAUTHENTICATED', 'INVALID_TOKEN']],
      ['a 10,000-character token', `Bearer ${'a'.repeat(10_000)}`, invalid],
      ['the token of the other audience', `Bearer ${kind === 'embed' ? api : embed}`, invalid],
      [
        'an expired token',
        `Bearer ${await forge(kind, { iat: Math.floor(audit.clock.now / 1000) - 3600, lifetime: 600 })}`,
        ['TokenExpired'],
      ],
      [
        'a token not valid yet',
        `Bearer ${await forge(kind, { iat: Math.floor(audit.clock.now / 1000) + 3600 })}`,
        invalid,
      ],
      ['a token of another issuer', `Bearer ${wrongIssuer}`, invalid],
      ['a token signed with another key', `Bearer ${otherKey}`, invalid],
      [
        'a token signed with another key, claiming our kid',
        `Bearer ${await forge(kind, { sign: (jwt) => jwt.sign(other.privateKey) })}`,
        invalid,
      ],
      [
        'an unsigned token (alg none)',
        `Bearer ${b64({ alg: 'none', typ: kind === 'embed' ? 'embed+jwt' : 'at+jwt' })}.${payload}.`,
        invalid,
      ],
      [
        'alg none with the real signature',
        `Bearer ${b64({ alg: 'none', typ: kind === 'embed' ? 'embed+jwt' : 'at+jwt' })}.${payload}.${good.split('.')[2]}`,
        invalid,
      ],
      [
        'HS256 keyed with the public key PEM',
        `Bearer ${await forge(kind, { header: { alg: 'HS256' }, sign: (jwt) => jwt.sign(new TextEncoder().encode(publicPem)) })}`,
        invalid,
      ],
      [
        'HS256 keyed with the public JWK',
        `Bearer ${await forge(kind, { header: { alg: 'HS256' }, sign: (jwt) => jwt.sign(new TextEncoder().encode(publicJwk)) })}`,
        invalid,
      ],
      [
        'RS256 with an RSA key of its own',
        `Bearer ${await forge(kind, { header: { alg: 'RS256' }, sign: (jwt) => jwt.sign(rsa.privateKey) })}`,
        invalid,
      ],
      ['a token with typ JWT', `Bearer ${await forge(kind, { header: { typ: 'JWT' } })}`, invalid],
      [
        'a payload changed under a valid signature',
        `Bearer ${header}.${b64({ ...claims, databaseNames: ['contoso', 'fabrikam'], exp: 9_999_999_999 })}.${good.split('.')[2]}`,
        invalid,
      ],
      [
        'a header with an embedded jwk',
        `Bearer ${await forge(kind, { header: { jwk: await exportJWK(other.publicKey) }, sign: (jwt) => jwt.sign(other.privateKey) })}`,
        invalid,
      ],
      [
        'a header with a jku',
        `Bearer ${await forge(kind, { header: { jku: 'http://evil.example/jwks' }, sign: (jwt) => jwt.sign(other.privateKey) })}`,
        invalid,
      ],
      ...(kind === 'embed'
        ? ([
            [
              'an embed grant without accounts',
              `Bearer ${await forge(kind, { claims: { databaseNames: [] } })}`,
              invalid,
            ],
            [
              'an embed grant whose accounts are not strings',
              `Bearer ${await forge(kind, { claims: { databaseNames: [{ $ne: '' }] } })}`,
              invalid,
            ],
            [
              'an embed grant naming nothing',
              `Bearer ${await forge(kind, { claims: { reports: [] } })}`,
              invalid,
            ],
            [
              'an embed grant with permissions out of range',
              `Bearer ${await forge(kind, { claims: { permissions: 255 } })}`,
              invalid,
            ],
          ] as [string, string, string[]][])
        : []),
    ];
  }

  it('refuses missing, malformed, expired, foreign and forged tokens with 401 and a WWW-Authenticate challenge', async () => {
    const requests: [string, InjectOptions, string[]][] = [];
    for (const kind of ['api', 'embed'] as const) {
      const tokens = await badTokens(kind);
      for (const route of audit.routes.filter((r) => r.auth === kind)) {
        const payload = hasBody(route) ? JSON.stringify(baseBody(route)) : undefined;
        for (const [what, authorization, codes] of tokens) {
          for (const value of authorization === undefined ? [] : [authorization])
            sentSecrets.add(value.replace(/^\w+ /, ''));
          requests.push([
            `${route.method} ${route.url} with ${what}`,
            {
              method: route.method as HTTPMethods,
              url: fill(route, {}),
              headers: {
                ...(authorization === undefined ? {} : { authorization }),
                ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
                cookie: 'session=cookie-secret-value-4711',
              },
              ...(payload === undefined ? {} : { payload }),
            },
            codes,
          ]);
        }
      }
    }
    const probes = await probeAll(
      audit.app,
      requests.map(([label, request]) => [label, request] as const),
    );
    expect(findingsOf(probes)).toEqual([]);
    const wrong = probes.flatMap((probe, i) => {
      const codes = requests[i]?.[2] ?? [];
      const { statusCode, headers } = probe.response;
      const code =
        probe.request.method === 'HEAD' ? codes[0] : (probe.response.json() as { code: string }).code;
      return statusCode === 401 &&
        codes.includes(code ?? '') &&
        String(headers['www-authenticate']).startsWith('Bearer realm=')
        ? []
        : [`${probe.label} → ${statusCode} ${probe.response.body.slice(0, 120)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('refuses wrong client credentials at the token endpoint with 401 invalid_client, however they are sent', async () => {
    const form = (body: string, headers: Record<string, string> = {}): InjectOptions => ({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });
    const wrong = 'WRONG-secret-value-0815';
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const probes = await probeAll(audit.app, [
      [
        'a wrong secret in the form',
        form(`grant_type=client_credentials&client_id=${CLIENT_ID}&client_secret=${wrong}`),
      ],
      [
        'a wrong secret by Basic',
        form('grant_type=client_credentials', { authorization: basic(CLIENT_ID, wrong) }),
      ],
      [
        'a wrong client id',
        form(`grant_type=client_credentials&client_id=someone&client_secret=${CLIENT_SECRET}`),
      ],
      [
        'a secret that is a prefix of the right one',
        form(
          `grant_type=client_credentials&client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET.slice(0, 5)}`,
        ),
      ],
      ['no credentials', form('grant_type=client_credentials')],
    ]);
    expect(findingsOf(probes)).toEqual([]);
    for (const probe of probes) {
      expect({ label: probe.label, status: probe.response.statusCode }).toEqual({
        label: probe.label,
        status: 401,
      });
      expect(probe.response.json()).toMatchObject({ code: 'INVALID_CLIENT', error: 'invalid_client' });
    }
  });
});

describe('after the barrage', () => {
  it('still answers a good query with fabrikam rows', async () => {
    const res = await audit.app.inject({
      method: 'POST',
      url: '/frame-api/query',
      headers: { authorization: `Bearer ${await audit.embedToken()}` },
      payload: {
        reportId: first(audit.catalogue.reports, 'report').id,
        query: { select: [{ column: { table: 'Devices', column: 'Manufacturer' } }] },
      },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    expect((await audit.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('logged no access token, embed token, client secret or cookie it was sent', () => {
    const text = audit.logs.text();
    expect(text.length).toBeGreaterThan(10_000);
    const leaked = [...sentSecrets].filter((secret) => secret.length >= 8 && text.includes(secret));
    expect(leaked.map((s) => s.slice(0, 40))).toEqual([]);
    // No JWT at all: a header and a payload, base64url JSON objects.
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);
  });
});
