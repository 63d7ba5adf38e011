import { describe, expect, it } from 'vitest';
import type { ReportGrant } from '../db/report-grants.ts';
import { entitledAccounts } from './entitlements.ts';

const account = (databaseName: string, reportId: string): ReportGrant => ({
  databaseName,
  group: null,
  reportId,
});
const group = (name: string, reportId: string): ReportGrant => ({
  databaseName: null,
  group: name,
  reportId,
});
const carol = { databaseNames: ['contoso_emea', 'fabrikam', 'northwind'], groups: ['contoso-users'] };
const bob = { databaseNames: ['fabrikam'], groups: ['fabrikam-users'] };

describe('entitledAccounts', () => {
  it('opens a report granted to one of the caller’s accounts on the accounts that have the grant', () => {
    expect(entitledAccounts({ reportId: 'r1' }, carol, [account('fabrikam', 'r1')])).toEqual(['fabrikam']);
    expect(
      entitledAccounts({ reportId: 'r1' }, carol, [account('fabrikam', '*'), account('northwind', 'r1')]),
    ).toEqual(['fabrikam', 'northwind']);
  });

  it('refuses a report granted to nobody the caller is, or to another report only', () => {
    expect(entitledAccounts({ reportId: 'r1' }, bob, [])).toEqual([]);
    expect(entitledAccounts({ reportId: 'r1' }, bob, [account('fabrikam', 'r2')])).toEqual([]);
    expect(entitledAccounts({ reportId: 'r1' }, bob, [group('contoso-users', 'r1')])).toEqual([]);
  });

  it('opens a report granted to one of the caller’s groups on all the caller’s accounts', () => {
    expect(entitledAccounts({ reportId: 'r1' }, carol, [group('contoso-users', '*')])).toEqual(
      carol.databaseNames,
    );
  });

  it('gives a saved copy to the accounts it was saved for, and not to a grant of all reports elsewhere', () => {
    const copy = { reportId: 'c1', createdFor: ['fabrikam'] };
    expect(entitledAccounts(copy, bob, [])).toEqual(['fabrikam']);
    expect(entitledAccounts(copy, carol, [])).toEqual(['fabrikam']);
    const alice = { databaseNames: ['contoso_emea', 'contoso_us'], groups: ['contoso-users'] };
    expect(
      entitledAccounts(copy, alice, [account('contoso_emea', '*'), group('contoso-users', '*')]),
    ).toEqual([]);
    // Only a grant of that very copy shares it.
    expect(entitledAccounts(copy, alice, [account('contoso_emea', 'c1')])).toEqual(['contoso_emea']);
  });

  it('keeps a copy saved for several accounts from a caller who belongs to only some of them', () => {
    const copy = { reportId: 'c2', createdFor: ['contoso_emea', 'fabrikam', 'northwind'] };
    expect(entitledAccounts(copy, bob, [account('fabrikam', '*')])).toEqual([]);
    expect(entitledAccounts(copy, carol, [])).toEqual(['contoso_emea', 'fabrikam', 'northwind']);
  });
});
