import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_SECRET,
  WORKSPACE_ID,
  REPORTS,
  createTestApp,
  embedToken,
} from '../../apps/analytics/test/helpers/test-app.ts';
import type { TestApp } from '../../apps/analytics/test/helpers/test-app.ts';
import type { Database } from '../../apps/portal-server/src/db/database.ts';
import { startFakeAuthority } from '../../apps/portal-server/test/helpers/fake-authority.ts';
import type { FakeAuthority } from '../../apps/portal-server/test/helpers/fake-authority.ts';
import {
  EXPECTED_ACCOUNTS,
  SAMPLE_USERS,
  seededApp,
} from '../../apps/portal-server/test/helpers/seeded-app.ts';
import type { SeededApp } from '../../apps/portal-server/test/helpers/seeded-app.ts';
import { openMigratedPglite } from '../../apps/portal-server/test/helpers/test-app.ts';

// The portal server asks the real analytics service, over real HTTP, for the reports and for embed tokens whose
// row-level security is exactly the caller's accounts.
describe('the portal server and the analytics service together', () => {
  let analytics: TestApp;
  let authority: FakeAuthority;
  let database: Database;
  let portal: SeededApp;
  /** A copy of a report that a Fabrikam session saved (save-as) in the shared workspace. */
  let fabrikamCopy: string;

  beforeAll(async () => {
    analytics = await createTestApp();
    const saved = await analytics.app.inject({
      method: 'POST',
      url: `/frame-api/reports/${REPORTS.supplies}/save-as`,
      headers: {
        authorization: `Bearer ${await embedToken(analytics.app, {
          reports: [{ id: REPORTS.supplies }],
          permissions: 'Create',
          identities: [{ databaseNames: ['fabrikam'] }],
        })}`,
      },
      payload: { name: 'Fabrikam supplies plan' },
    });
    fabrikamCopy = saved.json<{ report: { id: string } }>().report.id;
    await analytics.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = analytics.app.server.address() as AddressInfo;
    authority = await startFakeAuthority();
    database = await openMigratedPglite();
    portal = await seededApp(database, authority, {
      env: {
        PORTAL_ENABLE_EMBEDDED_REPORTS: 'true',
        PORTAL_ANALYTICS_URL: `http://127.0.0.1:${port}`,
        ANALYTICS_CLIENT_SECRET: CLIENT_SECRET,
      },
    });
  });
  afterAll(async () => {
    await portal?.close();
    await database?.close();
    await authority?.close();
    await analytics?.close();
  });

  it('lists the analytics reports to a member and none to someone without an account', async () => {
    const res = await portal.app.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
      headers: { authorization: await portal.bearer('carol') },
    });
    expect(res.statusCode).toBe(200);
    const reports = res.json<{ workspaceId: string; reportId: string; reportName: string }[]>();
    expect(reports).toContainEqual({
      workspaceId: WORKSPACE_ID,
      reportId: REPORTS.fleetOverview,
      reportName: expect.any(String),
    });
    const none = await portal.app.inject({
      url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
      headers: { authorization: await portal.bearer('mallory') },
    });
    expect(none.json()).toEqual([]);
  });

  it('mints a token the analytics service reads back as exactly the caller’s accounts, the caller as viewer and the portal’s origin', async () => {
    for (const user of ['alice', 'bob', 'carol'] as const) {
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
        headers: { authorization: await portal.bearer(user) },
        payload: { workspaceId: WORKSPACE_ID, reportId: REPORTS.fleetOverview },
      });
      expect(res.statusCode).toBe(200);
      const info = res.json<{ embedReport: { embedUrl: string }[]; embedToken: { token: string } }>();
      expect(info.embedReport[0]?.embedUrl).toContain(`reportId=${REPORTS.fleetOverview}`);
      const session = await analytics.app.inject({
        url: '/frame-api/session',
        headers: { authorization: `Bearer ${info.embedToken.token}` },
      });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({
        databaseNames: [...EXPECTED_ACCOUNTS[user]].sort(),
        allowedOrigins: ['http://localhost:4400'],
      });
      // The viewer is the user, so the service keeps each user's persistent filters apart.
      expect(decodeJwt(info.embedToken.token)['viewer']).toBe(SAMPLE_USERS[user].sub);
    }
  });

  it('answers 403 for a report the analytics service does not have, as for one not granted', async () => {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
      headers: { authorization: await portal.bearer('alice') },
      payload: { workspaceId: WORKSPACE_ID, reportId: '00000000-0000-0000-0000-000000000000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'REPORT_NOT_GRANTED' });
  });

  it('shows a copy one customer saved to that customer’s members only, and refuses it to the others', async () => {
    const listed = async (user: 'alice' | 'bob' | 'carol') =>
      (
        await portal.app.inject({
          url: '/api/embedpbi/GetPbiReportsInfoForUserAsync',
          headers: { authorization: await portal.bearer(user) },
        })
      )
        .json<{ reportId: string }[]>()
        .map((report) => report.reportId);
    expect(await listed('bob')).toContain(fabrikamCopy);
    expect(await listed('carol')).toContain(fabrikamCopy);
    expect(await listed('alice')).not.toContain(fabrikamCopy);
    expect(await listed('alice')).toContain(REPORTS.supplies);
    const open = async (user: 'alice' | 'carol') =>
      portal.app.inject({
        method: 'POST',
        url: '/api/embedpbi/GetPbiEmbedInfoForUserAsync',
        headers: { authorization: await portal.bearer(user) },
        payload: { workspaceId: WORKSPACE_ID, reportId: fabrikamCopy },
      });
    const refused = await open('alice');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REPORT_NOT_GRANTED' });
    // Carol belongs to Fabrikam too: she opens the copy on Fabrikam's rows only.
    const carol = await open('carol');
    expect(carol.statusCode).toBe(200);
    const session = await analytics.app.inject({
      url: '/frame-api/session',
      headers: {
        authorization: `Bearer ${carol.json<{ embedToken: { token: string } }>().embedToken.token}`,
      },
    });
    expect(session.json()).toMatchObject({ databaseNames: ['fabrikam'] });
  });
});
