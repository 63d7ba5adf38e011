import { describe, expect, it } from 'vitest';
import type { ResolvedParameter } from '@portico/analytics-model';
import { parameterSummary } from './PaginatedView.tsx';

const parameter = (
  name: string,
  type: ResolvedParameter['type'],
  values: string[],
  extra: Partial<ResolvedParameter> = {},
): ResolvedParameter => ({ name, prompt: name, type, multiValue: false, nullable: false, values, ...extra });

const parameters = [
  parameter('Account', 'String', ['contoso_emea'], {
    validValues: [{ value: 'contoso_emea', label: 'Contoso EMEA' }],
  }),
  parameter('Month', 'Month', ['2026-10']),
  parameter('From', 'Date', ['2026-08-29']),
  parameter('Price', 'Decimal', ['0.008']),
  parameter('Site', 'String', [], { nullable: true }),
];

describe('the paginated parameter summary', () => {
  it('writes months, dates and decimals as the sheet does in its language, and labels chosen values', () => {
    expect(parameterSummary(parameters, '(Alle)', 'de')).toBe(
      'Account: Contoso EMEA · Month: Oktober 2026 · From: 29.08.2026 · Price: 0,008 · Site: (Alle)',
    );
    expect(parameterSummary(parameters, '(All)', 'en-US')).toBe(
      'Account: Contoso EMEA · Month: October 2026 · From: 2026-08-29 · Price: 0.008 · Site: (All)',
    );
  });

  it('leaves a value that is not of its type as it came', () => {
    expect(parameterSummary([parameter('From', 'Date', ['soon'])], '(All)', 'de')).toBe('From: soon');
  });
});
