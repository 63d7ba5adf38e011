/**
 * Names an administrator stores (account, customer, catalog report names) may hold markup. Through the real
 * downloadReport route they reach the generated HTML report and the DOCX as text only: escaped, never as elements.
 */
import { strFromU8, unzipSync } from 'fflate';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, grantMembership } from '../../src/db/accounts.ts';
import type { Database } from '../../src/db/database.ts';
import { catalogReports } from '../../src/db/schema.ts';
import { startFakeAuthority } from '../helpers/fake-authority.ts';
import type { FakeAuthority } from '../helpers/fake-authority.ts';
import { SAMPLE_USERS, seededApp } from '../helpers/seeded-app.ts';
import type { SeededApp } from '../helpers/seeded-app.ts';
import { openMigratedPglite } from '../helpers/test-app.ts';

const HOSTILE = {
  databaseName: 'tailspin_markup',
  accountName: '<script>alert("account")</script> & Co',
  customerName: `O'Brien <img src=x onerror=alert(1)>`,
};
const REPORT_NAME = '<b onmouseover=alert(2)>Inventory</b>';

let database: Database;
let authority: FakeAuthority;
let s: SeededApp;

beforeAll(async () => {
  database = await openMigratedPglite();
  authority = await startFakeAuthority();
  s = await seededApp(database, authority);
  await createAccount(database.db, HOSTILE);
  await grantMembership(database.db, HOSTILE.databaseName, 'email', SAMPLE_USERS.alice.email);
  await database.db
    .update(catalogReports)
    .set({ name: REPORT_NAME })
    .where(inArray(catalogReports.kind, ['device-inventory', 'fleet-summary']));
});
afterAll(async () => {
  await s?.close();
  await authority?.close();
  await database?.close();
});

async function download(format: 'html' | 'docx') {
  const authorization = await s.bearer('alice');
  const token = await s.app.inject({ url: '/api/reports/downloadAccessToken', headers: { authorization } });
  return s.app.inject({
    method: 'POST',
    url: '/api/reports/downloadReport',
    headers: { authorization },
    payload: {
      accessToken: token.json<{ accessToken: string }>().accessToken,
      path: format === 'docx' ? 'Fleet/Office reports' : 'Fleet/Inventory',
      databaseName: HOSTILE.databaseName,
      accountName: HOSTILE.accountName,
      report: `${REPORT_NAME}.${format}`,
      format,
      language: 'en',
    },
  });
}

describe('stored names with markup', () => {
  it('are listed back as the same text by the accounts route', async () => {
    const res = await s.app.inject({
      url: '/api/customers/customerAccounts',
      headers: { authorization: await s.bearer('alice') },
    });
    expect(res.json()).toContainEqual(HOSTILE);
  });

  it('appear in the generated HTML report as escaped text, with no element of theirs', async () => {
    const res = await download('html');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b onmouseover');
    expect(html).toContain('&lt;script&gt;alert(&quot;account&quot;)&lt;/script&gt; &amp; Co');
    expect(html).toContain('O&apos;Brien &lt;img src=x onerror=alert(1)&gt;');
    // The report name only names the file: one quoted parameter and its percent-encoded twin, nothing more.
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(
      /^inline; filename="[^"\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&'*+^`|-]+$/,
    );
    expect(html).not.toContain('onmouseover=alert(2)>');
  });

  it('appear in the DOCX as text runs, escaped in the document XML', async () => {
    const res = await download('docx');
    expect(res.statusCode).toBe(200);
    const xml = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml'] ?? new Uint8Array());
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<img');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    expect(text).toContain('&lt;script&gt;alert(&quot;account&quot;)&lt;/script&gt; &amp; Co');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
