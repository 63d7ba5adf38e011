import { BasicFilter } from '@portico/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBookmarkState } from '@portico/analytics-model';
import { SAMPLE_REPORTS } from '../../src/models/built-in.ts';
import { createTestApp, embedToken, REPORTS } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let fabrikam: string;
let tailspin: string;
beforeAll(async () => {
  t = await createTestApp();
  fabrikam = await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam'] }] });
  tailspin = await embedToken(t.app, { identities: [{ databaseNames: ['tailspin'] }] });
});
afterAll(async () => t.close());

const url = (reportId: string = REPORTS.fleetOverview) => `/frame-api/reports/${reportId}/user-state`;
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const state = encodeBookmarkState({
  version: 1,
  reportFilters: [new BasicFilter({ table: 'Devices', column: 'Site' }, 'In', ['Berlin']).toJSON()],
});

describe('persistent filters (user state)', () => {
  it('keeps what a viewer saved and gives it back on the next load, until reset', async () => {
    expect((await t.app.inject({ url: url(), headers: as(fabrikam) })).json()).toEqual({
      state: null,
      savedAt: null,
    });
    const put = await t.app.inject({ method: 'PUT', url: url(), headers: as(fabrikam), payload: { state } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ state });
    // A new token for the same viewer (same client and accounts) finds it.
    const again = await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam'] }] });
    expect((await t.app.inject({ url: url(), headers: as(again) })).json()).toMatchObject({ state });
    const reset = await t.app.inject({ method: 'DELETE', url: url(), headers: as(fabrikam) });
    expect(reset.json()).toEqual({ state: null, savedAt: null });
    expect((await t.app.inject({ url: url(), headers: as(again) })).json()).toMatchObject({ state: null });
  });

  it("never hands one account's saved filter values to a viewer of another account", async () => {
    await t.app.inject({ method: 'PUT', url: url(), headers: as(fabrikam), payload: { state } });
    expect((await t.app.inject({ url: url(), headers: as(tailspin) })).json()).toMatchObject({ state: null });
    await t.app.inject({ method: 'DELETE', url: url(), headers: as(fabrikam) });
  });

  it('refuses a state that is not ours (400), a report the token does not name (403), and no token (401)', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: as(fabrikam),
      payload: { state: 'not-a-state' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const missing = await t.app.inject({ method: 'PUT', url: url(), headers: as(fabrikam), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ url: url(REPORTS.supplies), headers: as(fabrikam) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: url() })).statusCode).toBe(401);
  });

  it('refuses a state whose parts are not the shapes the frame applies (400), and takes every sample bookmark', async () => {
    // Each of these loaded into the frame throws while applying it ([...5] is not iterable), failing the report's
    // load for every viewer who shares the state (all of an account's viewers when the host names none).
    const broken = [
      { version: 1, reportFilters: {} },
      { version: 1, reportFilters: [5] },
      { version: 1, reportFilters: 'x' },
      { version: 1, pageFilters: { overview: 5 } },
      { version: 1, pageFilters: [] },
      { version: 1, visualFilters: { overview: { card: {} } } },
      { version: 1, visualFilters: { overview: 5 } },
      { version: 1, hiddenVisuals: { overview: 'card' } },
      { version: 1, hiddenVisuals: { overview: [5] } },
      { version: 1, activePage: 5 },
    ];
    for (const value of broken) {
      const res = await t.app.inject({
        method: 'PUT',
        url: url(),
        headers: as(fabrikam),
        payload: { state: encodeBookmarkState(value as never) },
      });
      expect({ value, status: res.statusCode }).toEqual({ value, status: 400 });
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    const samples = SAMPLE_REPORTS.flatMap((report) =>
      report.definition.bookmarks.flatMap((bookmark) =>
        bookmark.state === undefined ? [] : [{ reportId: report.id, state: bookmark.state }],
      ),
    );
    expect(samples.length).toBeGreaterThan(3);
    const all = await embedToken(t.app, { reports: SAMPLE_REPORTS.map((r) => ({ id: r.id })) });
    for (const sample of samples) {
      const res = await t.app.inject({
        method: 'PUT',
        url: url(sample.reportId),
        headers: as(all),
        payload: { state: sample.state },
      });
      expect({ sample: sample.state.slice(0, 20), status: res.statusCode }).toEqual({
        sample: sample.state.slice(0, 20),
        status: 200,
      });
    }
  });
});
