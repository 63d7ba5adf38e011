import { describe, expect, it } from 'vitest';
import { invoiceNumber } from './invoice.ts';

describe('invoiceNumber', () => {
  it('writes the account id in capitals with hyphens, never its internal underscore', () => {
    expect(invoiceNumber('contoso_emea', '2026-10')).toBe('INV-CONTOSO-EMEA-202610');
    expect(invoiceNumber('fabrikam', '2024-06')).toBe('INV-FABRIKAM-202406');
    expect(invoiceNumber('contoso_emea', '2026-10')).not.toContain('_');
  });

  it('is the same for an account and month every time, and differs between accounts and months', () => {
    const accounts = ['contoso_emea', 'contoso_us', 'fabrikam', 'northwind', 'tailspin'];
    const numbers = accounts.flatMap((a) => ['2026-09', '2026-10'].map((m) => invoiceNumber(a, m)));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(invoiceNumber('contoso_us', '2026-09')).toBe(invoiceNumber('contoso_us', '2026-09'));
    for (const number of numbers) expect(number).toMatch(/^INV-[A-Z0-9]+(-[A-Z0-9]+)*-\d{6}$/);
  });
});
