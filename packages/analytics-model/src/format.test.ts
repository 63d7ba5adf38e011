import { describe, expect, it } from 'vitest';
import {
  compactNumber,
  formatCell,
  formatDate,
  formatValue,
  isPercentFormat,
  percentTicksFormat,
} from './format.ts';

describe('format strings', () => {
  it('write numbers with grouping, decimals and percent as the string asks', () => {
    expect(formatValue(1234.5, '#,0')).toBe('1,235');
    expect(formatValue(1234.5, '#,0.0')).toBe('1,234.5');
    expect(formatValue(0.256, '0.0%')).toBe('25.6%');
    expect(formatValue(1234, undefined)).toBe('1,234');
    expect(formatValue(1.25, undefined)).toBe('1.25');
  });

  it('write blanks and booleans as Power BI shows them', () => {
    expect(formatValue(null, '#,0')).toBe('(Blank)');
    expect(formatValue(undefined)).toBe('(Blank)');
    expect(formatValue(true)).toBe('True');
  });

  it('write ISO dates with the model’s date format strings and leave other text alone', () => {
    expect(formatDate('2024-03-01', 'MMM yyyy')).toBe('Mar 2024');
    expect(formatDate('2024-12-31', 'dd MMMM yyyy')).toBe('31 December 2024');
    expect(formatDate('2024-03-01', 'yyyy-MM-dd')).toBe('2024-03-01');
    expect(formatDate('Berlin', 'MMM yyyy')).toBe('Berlin');
    expect(formatValue('2024-03-01', 'MMM yyyy')).toBe('Mar 2024');
  });

  it('shorten large axis numbers', () => {
    expect(compactNumber(1234)).toBe('1.2K');
    expect(compactNumber(3_400_000)).toBe('3.4M');
  });
});

describe('percent formats', () => {
  it('are the formats that write a number multiplied by 100 with a percent sign', () => {
    expect(isPercentFormat('0%')).toBe(true);
    expect(isPercentFormat('0.0%')).toBe(true);
    expect(isPercentFormat('#,0.00 %')).toBe(true);
    expect(isPercentFormat('Percent')).toBe(true);
    expect(isPercentFormat(' percent ')).toBe(true);
  });

  it('include a format of sections whose positive section is a percent', () => {
    expect(isPercentFormat('0%;-0%')).toBe(true);
    expect(isPercentFormat('0.0%;(0.0%);"none"')).toBe(true);
    // A percent only for negatives: the positive numbers, the axis' labels, are not multiplied.
    expect(isPercentFormat('0;-0%')).toBe(false);
  });

  it('leave out a quoted or escaped percent sign, which is literal text after a number already in percent', () => {
    expect(isPercentFormat('0.0"%"')).toBe(false);
    expect(isPercentFormat('0.0\\%')).toBe(false);
    expect(isPercentFormat('0" % of total"')).toBe(false);
    expect(formatValue(59.37, '0.0"%"')).toBe('59.4%');
    expect(formatValue(59.37, '0.0\\%')).toBe('59.4%');
  });

  it('leave out formats without a percent, a percent without digits, and no format', () => {
    expect(isPercentFormat('#,0')).toBe(false);
    expect(isPercentFormat('0.0 "h"')).toBe(false);
    expect(isPercentFormat('0.0‰')).toBe(false);
    expect(isPercentFormat('Fixed')).toBe(false);
    expect(isPercentFormat('"%"')).toBe(false);
    expect(isPercentFormat('MMM yyyy')).toBe(false);
    expect(isPercentFormat('')).toBe(false);
    expect(isPercentFormat(undefined)).toBe(false);
  });

  it('agree with what formatValue writes: half is 50 exactly where the format is a percent', () => {
    for (const format of ['0%', '0.0%', 'Percent', '0%;-0%', '0"%"', '0\\%', '0;-0%', '#,0', '0.00']) {
      const written = formatValue(0.5, format);
      expect(isPercentFormat(format), `${format} writes ${written}`).toBe(written.startsWith('50'));
    }
  });
});

describe('a percent axis', () => {
  it('writes its ticks in the format without decimals, from the section positive numbers take', () => {
    expect(percentTicksFormat('0.0%')).toBe('0%');
    expect(percentTicksFormat('Percent')).toBe('0%');
    expect(percentTicksFormat('#,0.00 %;(#,0.00 %)')).toBe('#,0" "%');
    expect(formatValue(0.256, percentTicksFormat('0.0%;-0.0%'))).toBe('26%');
  });

  it('keeps quoted and escaped text whole, a ; or a . inside it included', () => {
    expect(percentTicksFormat('0.0% "a;b."')).toBe('0%" a;b."');
    expect(formatValue(0.5, percentTicksFormat('0.0% "a;b."'))).toBe('50% a;b.');
    expect(formatValue(0.5, percentTicksFormat('\\"0.0%\\"'))).toBe('"50%"');
  });
});

describe('paginated cells', () => {
  it('write numbers through their cell format’s string', () => {
    expect(formatCell(1234.5, 'money')).toBe('1,234.50');
    expect(formatCell(-1234567.891, 'money')).toBe('-1,234,567.89');
    expect(formatCell(1234.5, 'integer')).toBe('1,235');
    expect(formatCell(0.123456, 'rate')).toBe('0.1235');
    expect(formatCell(12345.67, 'rate')).toBe('12345.6700');
    expect(formatCell(1234.56, 'hours')).toBe('1,234.6');
    expect(formatCell(-0, 'money')).toBe('0.00');
    expect(formatCell(42, 'text')).toBe('42');
  });

  it('write a date-time to the minute, blanks as nothing and text as it is', () => {
    expect(formatCell('2024-06-07T22:42:21Z', 'datetime')).toBe('2024-06-07 22:42');
    expect(formatCell(null, 'money')).toBe('');
    expect(formatCell('Berlin', 'text')).toBe('Berlin');
    expect(formatCell('soon', 'datetime')).toBe('soon');
  });

  it('write numbers, amounts and dates in the viewer’s language', () => {
    expect(formatCell(3551, 'integer', 'de')).toBe('3.551');
    expect(formatCell(0.008, 'rate', 'de')).toBe('0,0080');
    expect(formatCell(1234.5, 'money', 'de-DE')).toBe('1.234,50');
    expect(formatCell(1234.5, 'money', 'fr').replace(/\s/g, ' ')).toBe('1 234,50');
    expect(formatCell('2026-09-18T16:56:00Z', 'datetime', 'de')).toBe('18.09.2026 16:56');
    expect(formatCell('2026-09-18T16:56:00Z', 'datetime', 'ja')).toBe('2026/09/18 16:56');
    expect(formatCell('2026-09-18T16:56:00Z', 'datetime', 'ru')).toBe('18.09.2026 16:56');
    expect(formatCell('2026-10-01', 'date', 'es')).toBe('01/10/2026');
    expect(formatCell('2026-10-01', 'date', 'en-US')).toBe('2026-10-01');
    expect(formatCell('2026-10-01', 'date', 'pt')).toBe('2026-10-01');
  });

  it('write amounts and unit prices of a column with a currency as that currency in the viewer’s language', () => {
    const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(formatCell(193.85, 'money', 'en-US', 'EUR')).toBe('€193.85');
    expect(formatCell(1234.5, 'money', 'en-US', 'EUR')).toBe('€1,234.50');
    expect(spaces(formatCell(1234.5, 'money', 'de-DE', 'EUR'))).toBe('1.234,50 €');
    expect(spaces(formatCell(1234.5, 'money', 'fr', 'EUR'))).toBe('1 234,50 €');
    expect(formatCell(-0, 'money', 'en-US', 'EUR')).toBe('€0.00');
    // Unit prices keep the decimals they have (the invoice's prices go to 0.00001), at least two.
    expect(formatCell(0.008, 'rate', 'en-US', 'EUR')).toBe('€0.008');
    expect(formatCell(0.00125, 'rate', 'en-US', 'EUR')).toBe('€0.00125');
    expect(formatCell(1, 'rate', 'en-US', 'EUR')).toBe('€1.00');
    expect(spaces(formatCell(0.045, 'rate', 'de', 'EUR'))).toBe('0,045 €');
    // Other formats and blanks ignore it.
    expect(formatCell(3551, 'integer', 'en-US', 'EUR')).toBe('3,551');
    expect(formatCell(null, 'money', 'en-US', 'EUR')).toBe('');
  });
});
