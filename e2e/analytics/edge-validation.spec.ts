/**
 * Validation at the frame's edge, in Chromium against the real service, driven by `@portico/embed` from another
 * origin: each call that once resolved with a body Power BI refuses now rejects with 400 and the `IError[]` saying
 * what is wrong, leaves the report as it was, and — for filters — raises `error` to the host. A valid call after
 * each still works.
 */
import { expect, test, type Page } from '@playwright/test';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';
import { OTHER_HOST, REPORTS } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

const hosts = reportHosts();

const BOGUS = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Devices', column: 'Site' },
  operator: 'Bogus',
  values: [1],
  filterType: 1,
};
const BOGUS_JSON = JSON.stringify(BOGUS);
const SITE = `new sdk.models.BasicFilter({ table: 'Devices', column: 'Site' }, 'In', ['Berlin']).toJSON()`;

const lastError = (p: Page) =>
  p.evaluate(() => window.analyticsHost.events.filter((e) => e.name === 'error').at(-1)?.detail);

/** How `call` settled, and what `read` returned before and after it. */
async function attempt(p: Page, call: string, read: string) {
  const before = await settle(p, `return ${read};`);
  const errorsBefore = await eventCount(p, 'error');
  const result = await settle(p, call);
  const after = await settle(p, `return ${read};`);
  return { result, before, after, errorsRaised: (await eventCount(p, 'error')) - errorsBefore };
}

/** Every visual of the overview has settled, and none shows an error. */
async function noVisualFailed(p: Page): Promise<void> {
  const frame = frameOf(p);
  await poll(() => frame.locator('section[data-visual][data-status="loading"]').count()).toBe(0);
  expect(await frame.locator('section[data-visual][data-status="error"]').count()).toBe(0);
}

const PAGE = `report.page('overview')`;
const VISUAL = `(await ${PAGE}.getVisualByName('top-models'))`;
const SLICER = `(await ${PAGE}.getVisualByName('site'))`;

test.describe('filters the frame refuses', () => {
  let p: Page;
  test.beforeAll(async () => {
    p = await hosts.opened();
  });

  test('report.setFilters with operator Bogus rejects with 400, keeps the filters and raises error', async () => {
    const run = await attempt(p, `await report.setFilters([${BOGUS_JSON}]);`, 'await report.getFilters()');
    expect(run.result).toMatchObject({
      ok: false,
      statusCode: 400,
      body: [{ message: "operator must be In, NotIn or All; got 'Bogus'", path: '0', keyword: 'dataset' }],
    });
    expect(run.after).toEqual(run.before);
    expect(run.errorsRaised).toBe(1);
    expect(await lastError(p)).toMatchObject({
      message: 'invalidFilters',
      errorCode: 'Invalid parameters',
      detailedMessage: "0: operator must be In, NotIn or All; got 'Bogus'",
    });
    await noVisualFailed(p);
  });

  test('report.updateFilters(Add, …) with the same filter rejects the same way', async () => {
    const run = await attempt(
      p,
      `await report.updateFilters(sdk.models.FiltersOperations.Add, [${BOGUS_JSON}]);`,
      'await report.getFilters()',
    );
    expect(run.result).toMatchObject({
      ok: false,
      statusCode: 400,
      body: [{ path: 'filters.0', keyword: 'dataset' }],
    });
    expect(run.after).toEqual(run.before);
    expect(run.errorsRaised).toBe(1);
  });

  test('page.setFilters([{ foo: 1 }]) rejects with the models validator’s error and keeps the page’s filters', async () => {
    const run = await attempt(p, `await ${PAGE}.setFilters([{ foo: 1 }]);`, `await ${PAGE}.getFilters()`);
    expect(run.result).toMatchObject({
      ok: false,
      statusCode: 400,
      body: [{ message: 'input property is invalid', path: '0', keyword: 'invalid' }],
    });
    expect(run.after).toEqual(run.before);
    expect((run.after as { value: unknown[] }).value).not.toContainEqual({ foo: 1 });
    expect(run.errorsRaised).toBe(1);
  });

  test('visual.setFilters with a bogus filter rejects and keeps the visual’s filters', async () => {
    const run = await attempt(
      p,
      `await ${VISUAL}.setFilters([${BOGUS_JSON}]);`,
      `await ${VISUAL}.getFilters()`,
    );
    expect(run.result).toMatchObject({ ok: false, statusCode: 400, body: [{ path: '0' }] });
    expect(run.after).toEqual(run.before);
    expect(run.errorsRaised).toBe(1);
  });

  test('visual.setSlicerState with a bogus filter rejects and keeps the slicer’s selection', async () => {
    const run = await attempt(
      p,
      `await ${SLICER}.setSlicerState({ filters: [${BOGUS_JSON}] });`,
      `await ${SLICER}.getSlicerState()`,
    );
    expect(run.result).toMatchObject({ ok: false, statusCode: 400, body: [{ path: 'filters.0' }] });
    expect(run.after).toEqual(run.before);
    expect(run.errorsRaised).toBe(1);
  });

  test('a BasicFilter on Devices.Colour, a column the dataset lacks, rejects with a message naming it', async () => {
    const run = await attempt(
      p,
      `await report.setFilters([new sdk.models.BasicFilter({ table: 'Devices', column: 'Colour' }, 'In', ['Red']).toJSON()]);`,
      'await report.getFilters()',
    );
    expect(run.result).toMatchObject({ ok: false, statusCode: 400 });
    const body = (run.result as { body: { message: string; path: string }[] }).body;
    expect(body).toHaveLength(1);
    expect(body[0]?.message).toMatch(
      /^Devices\.Colour is not a column of the dataset \(columns of Devices: .*'Site'/,
    );
    expect(run.after).toEqual(run.before);
    expect(run.errorsRaised).toBe(1);
    expect(JSON.stringify(await lastError(p))).toContain('Devices.Colour');
    await noVisualFailed(p);
  });

  test('a valid filter still applies after the refusals', async () => {
    const applied = await eventCount(p, 'filtersApplied');
    expect((await settle(p, `await report.setFilters([${SITE}]);`)).ok).toBe(true);
    expect(await settle(p, 'return (await report.getFilters()).length;')).toMatchObject({ value: 1 });
    await poll(() => eventCount(p, 'filtersApplied')).toBe(applied + 1);
    expect((await settle(p, 'await report.removeFilters();')).ok).toBe(true);
    await noVisualFailed(p);
  });
});

test.describe('other bodies the frame refuses', () => {
  let p: Page;
  test.beforeAll(async () => {
    p = await hosts.opened();
  });

  test('visual.exportData(7) rejects with the models validator’s error and exports nothing', async () => {
    const exported = await eventCount(p, 'exportDataCompleted');
    const result = await settle(p, `return await ${VISUAL}.exportData(7);`);
    expect(result).toMatchObject({
      ok: false,
      statusCode: 400,
      body: [{ message: 'exportDataType property is invalid', path: 'exportDataType', keyword: 'invalid' }],
    });
    expect(await eventCount(p, 'exportDataCompleted')).toBe(exported);
  });

  test('visual.exportData(0, -1) rejects: rows must be a whole number from 1 to 30000', async () => {
    for (const rows of [-1, 0, 30_001]) {
      expect(await settle(p, `return await ${VISUAL}.exportData(0, ${rows});`)).toMatchObject({
        ok: false,
        statusCode: 400,
        body: [{ message: 'rows must be a whole number from 1 to 30000', path: 'rows', keyword: 'range' }],
      });
    }
    const two = await settle(p, `return (await ${VISUAL}.exportData(0, 2)).data;`);
    expect(
      String((two as { value: unknown }).value)
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(3);
    expect(await eventCount(p, 'error')).toBe(0);
  });

  test("applyTheme({ themeJson: 'x' }) rejects and keeps the theme", async () => {
    const run = await attempt(p, `await report.applyTheme({ themeJson: 'x' });`, 'await report.getTheme()');
    expect(run.result).toMatchObject({
      ok: false,
      statusCode: 400,
      body: [{ message: 'themeJson must be an object', path: 'themeJson', keyword: 'type' }],
    });
    expect(run.after).toEqual(run.before);
    expect(run.errorsRaised).toBe(0);
  });

  test("setAccessToken('garbage') rejects, and the token in use keeps answering data calls", async () => {
    const result = await settle(p, `await report.setAccessToken('garbage');`);
    expect(result).toMatchObject({
      ok: false,
      statusCode: 400,
      body: [
        {
          message: 'accessToken must be a token of three base64url parts (header.payload.signature)',
          path: 'accessToken',
          keyword: 'format',
        },
      ],
    });
    const data = await settle(p, `return (await ${VISUAL}.exportData(0, 1)).data;`);
    expect(data).toMatchObject({ ok: true });
    expect(String((data as { value: unknown }).value)).toContain('Model');
    expect(await eventCount(p, 'error')).toBe(0);
    // A real token from the service is still taken.
    const token = await hosts.stack.embedToken({
      reportId: REPORTS.fleetOverview,
      databaseNames: ['fabrikam'],
    });
    expect((await settle(p, `await report.setAccessToken(${JSON.stringify(token)});`)).ok).toBe(true);
  });

  test('setAccessToken with a token for another origin rejects with 403, and the token in use keeps answering', async () => {
    const elsewhere = await hosts.stack.embedToken({
      reportId: REPORTS.fleetOverview,
      databaseNames: ['fabrikam'],
      allowedOrigins: [OTHER_HOST],
    });
    const errorsBefore = await eventCount(p, 'error');
    const result = await settle(p, `await report.setAccessToken(${JSON.stringify(elsewhere)});`);
    expect(result).toMatchObject({
      ok: false,
      statusCode: 403,
      body: { message: 'notAuthorized', errorCode: 'PowerBINotAuthorizedException' },
    });
    expect(String((result as { body: { detailedMessage: string } }).body.detailedMessage)).toMatch(
      /^The new access token does not allow embedding from http:\/\/localhost:\d+\.$/,
    );
    const data = await settle(p, `return (await ${VISUAL}.exportData(0, 1)).data;`);
    expect(data).toMatchObject({ ok: true });
    expect(await eventCount(p, 'error')).toBe(errorsBefore);
  });
});
