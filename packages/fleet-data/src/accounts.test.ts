import { describe, expect, it } from 'vitest';
import { accountProfile, SAMPLE_ACCOUNTS, SAMPLE_MEMBERSHIPS } from './accounts.ts';

describe('sample accounts', () => {
  it('have unique, non-empty database names', () => {
    const names = SAMPLE_ACCOUNTS.map((account) => account.databaseName);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('cover the display cases the portal must handle', () => {
    const byName = new Map(SAMPLE_ACCOUNTS.map((account) => [account.databaseName, account]));
    expect(byName.get('contoso_emea')?.customerName).toBe(byName.get('contoso_us')?.customerName);
    expect(byName.get('northwind')?.customerName).toBe('northwind');
    expect(byName.get('tailspin')?.customerName).toBe('');
    expect(byName.get('tailspin')?.accountName).toBe('Tailspin Toys');
  });

  it('name an IANA-style time zone and a known region', () => {
    for (const account of SAMPLE_ACCOUNTS) {
      expect(account.timeZone).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
      expect(['EMEA', 'Americas', 'APAC']).toContain(account.region);
    }
  });
});

describe('sample memberships', () => {
  const known = new Set(SAMPLE_ACCOUNTS.map((account) => account.databaseName));

  it('refer only to sample accounts, once per user', () => {
    for (const membership of SAMPLE_MEMBERSHIPS) {
      expect(new Set(membership.databaseNames).size).toBe(membership.databaseNames.length);
      for (const name of membership.databaseNames) expect(known.has(name)).toBe(true);
    }
    const emails = SAMPLE_MEMBERSHIPS.map((membership) => membership.email);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('give tailspin no members and carol three accounts', () => {
    expect(SAMPLE_MEMBERSHIPS.flatMap((membership) => membership.databaseNames)).not.toContain('tailspin');
    const carol = SAMPLE_MEMBERSHIPS.find((membership) => membership.email === 'carol@contoso.example');
    expect(carol?.databaseNames).toEqual(['contoso_emea', 'fabrikam', 'northwind']);
  });
});

describe('accountProfile', () => {
  it('derives a plain account for a database name outside the sample', () => {
    const { account, defaultDeviceCount } = accountProfile('acme_corp');
    expect(account).toMatchObject({ databaseName: 'acme_corp', accountName: 'acme_corp', customerName: '' });
    expect(defaultDeviceCount).toBeGreaterThanOrEqual(40);
    expect(defaultDeviceCount).toBeLessThanOrEqual(120);
    expect(accountProfile('acme_corp')).toEqual(accountProfile('acme_corp'));
  });

  it('refuses an empty database name', () => {
    expect(() => accountProfile('')).toThrow(RangeError);
  });
});
