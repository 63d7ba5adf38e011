import { describe, expect, it } from 'vitest';
import { formatValue, yearlessFormat } from './format.ts';

/**
 * Power BI's documented outputs of custom and named format strings (the "Custom format strings" and "Supported
 * custom format syntax" pages), in en-US unless a locale is given: [value, format, expected, locale?].
 */
const NUMBERS: readonly (readonly [number, string, string, string?])[] = [
  [1234.5678, '0', '1235'],
  [1234.5678, '0.0', '1234.6'],
  [1234.5678, '0.00', '1234.57'],
  [0.5, '0', '1'],
  [7, '000', '007'],
  [1234.5678, '#,0', '1,235'],
  [1234.5678, '#,##0', '1,235'],
  [1234.5678, '#,##0.00', '1,234.57'],
  [1234567.891, '#,0.0', '1,234,567.9'],
  [0.5, '#.##', '.5'],
  [1.5, '#.##', '1.5'],
  [0.256, '0%', '26%'],
  [0.256, '0.0%', '25.6%'],
  [1.5, '0%', '150%'],
  [59.37, '0.0"%"', '59.4%'],
  [59.37, '0.0\\%', '59.4%'],
  [59.37, '0 "%"', '59 %'],
  [1234567, '#,0,', '1,235'],
  [1234567, '#,0.0,,"M"', '1.2M'],
  [1234.5, '$#,0', '$1,235'],
  [1234.5, '$#,0.00', '$1,234.50'],
  [-1234.5, '$#,0.00', '-$1,234.50'],
  [-1234.5, '#,0', '-1,235'],
  [-0.4, '0', '0'],
  [1234.5, '#,0;(#,0)', '1,235'],
  [-1234.5, '#,0;(#,0)', '(1,235)'],
  [0, '#,0;(#,0);"none"', 'none'],
  [-5, '0;;"zero"', '-5'],
  [12, '0 "units"', '12 units'],
  [12, '0\\ \\p\\c\\s', '12 pcs'],
  [2024, '0', '2024'],
  [2024, 'yyyy', '2024'],
  [1234.5678, 'General Number', '1234.5678'],
  [1234.5678, 'General', '1234.5678'],
  [1234.5678, 'Fixed', '1234.57'],
  [1234.5678, 'Standard', '1,234.57'],
  [0.1234, 'Percent', '12.34%'],
  [1234.5678, 'Scientific', '1.23E+03'],
  [0.000123, '0.00E+00', '1.23E-04'],
  [1, 'Yes/No', 'Yes'],
  [0, 'On/Off', 'Off'],
  [1234.5678, '#,0.00', '1.234,57', 'de'],
  // French groups with a narrow no-break space, Russian and Polish with a no-break space.
  [1234.5678, '#,0.00', '1\u202f234,57', 'fr'],
  [1234.5678, '#,0.00', '1\u00a0234,57', 'ru'],
  [1234.5678, '#,0.00', '1\u00a0234,57', 'pl'],
  [12345.678, '#,0.00', '12\u00a0345,68', 'pl'],
  [1234.5678, '#,0.00', '1.234,57', 'es'],
  [12345.678, '#,0.00', '12.345,68', 'es'],
  [1234.5678, '#,0.00', '1,234.57', 'ja'],
  [0.256, '0.0%', '25,6%', 'de'],
  [59.37, '0.0"%"', '59,4%', 'de'],
  [7585653, '#,0', '7.585.653', 'de'],
  [2024, '0', '2024', 'de'],
];

const DATES: readonly (readonly [string, string, string, string?])[] = [
  ['2026-03-01', 'yyyy-MM-dd', '2026-03-01'],
  ['2026-03-01', 'yy', '26'],
  ['2026-03-01', 'MMM yyyy', 'Mar 2026'],
  ['2026-03-01', 'MMMM yyyy', 'March 2026'],
  ['2026-03-01', 'M/d/yyyy', '3/1/2026'],
  ['2026-03-01', 'ddd dd MMM', 'Sun 01 Mar'],
  ['2026-03-01', 'dddd, MMMM d, yyyy', 'Sunday, March 1, 2026'],
  ['2026-11-08T09:05:07Z', 'yyyy-MM-dd HH:mm', '2026-11-08 09:05'],
  ['2026-11-08T21:05:07Z', 'HH:mm:ss', '21:05:07'],
  ['2026-11-08T21:05:07Z', 'H:mm', '21:05'],
  ['2026-11-08T21:05:07Z', 'h:mm tt', '9:05 PM'],
  ['2026-11-08T00:30:00Z', 'hh:mm tt', '12:30 AM'],
  ['2026-11-08T21:05:07Z', '"opened" d MMM \\a\\t HH:mm', 'opened 8 Nov at 21:05'],
  ['2026-03-01', 'Short Date', '3/1/26'],
  ['2026-03-01', 'Long Date', 'Sunday, March 1, 2026'],
  ['2026-03-01', 'Medium Date', 'Mar 1, 2026'],
  ['2026-11-08T21:05:07Z', 'Short Time', '9:05 PM'],
  ['2026-11-08T21:05:07Z', 'Long Time', '9:05:07 PM'],
  ['2026-03-01', 'General Date', '3/1/26'],
  ['2026-03-01', 'MMMM yyyy', 'März 2026', 'de'],
  ['2026-03-01', 'MMM yyyy', 'März 2026', 'de'],
  ['2026-03-01', 'dddd, d. MMMM yyyy', 'Sonntag, 1. März 2026', 'de'],
  ['2026-03-01', 'dd.MM.yyyy', '01.03.2026', 'de'],
  ['2026-03-01', 'Short Date', '01.03.26', 'de'],
  ['2026-03-01', 'MMMM yyyy', 'marzo de 2026', 'es'],
  ['2026-03-01', 'ddd d MMM', 'dim. 1 mars', 'fr'],
  ['2026-03-01', 'MMM yyyy', '2026年3月', 'ja'],
  ['2026-11-08T21:05:07Z', 'tt h:mm', '午後9:05', 'ja'],
  ['2026-03-01', 'MMMM yyyy', 'marzec 2026', 'pl'],
  ['2026-03-01', 'd MMMM yyyy', '1 marca 2026', 'pl'],
  ['2026-03-01', 'MMMM yyyy', 'март 2026', 'ru'],
  ['2026-03-01', 'd MMMM yyyy', '1 марта 2026', 'ru'],
  ['2026-03-01', 'dddd', 'воскресенье', 'ru'],
];

/**
 * The common date shapes of the model's format strings in each of the seven languages, as a native reader expects
 * them on a chart's axis and in its tooltip (`format/date-shapes.ts`): English exactly as the format string writes
 * it, every other language in its own order, month form and punctuation. [value, format, locale, expected].
 */
const SHAPES: readonly (readonly [string, string, string, string])[] = [
  ['2025-11-01', 'yyyy', 'en-US', '2025'],
  ['2025-11-01', 'yyyy', 'de', '2025'],
  ['2025-11-01', 'yyyy', 'ja', '2025年'],
  ['2025-11-01', 'yyyy', 'ru', '2025'],
  ['2025-11-01', 'MMM yyyy', 'en-US', 'Nov 2025'],
  ['2025-11-01', 'MMM yyyy', 'de', 'Nov. 2025'],
  ['2025-11-01', 'MMM yyyy', 'es', 'nov 2025'],
  ['2025-11-01', 'MMM yyyy', 'fr', 'nov. 2025'],
  ['2025-11-01', 'MMM yyyy', 'ja', '2025年11月'],
  ['2025-11-01', 'MMM yyyy', 'pl', 'lis 2025'],
  ['2025-11-01', 'MMM yyyy', 'ru', 'нояб. 2025'],
  ['2025-05-01', 'MMM yyyy', 'de', 'Mai 2025'],
  ['2025-11-01', 'MMMM yyyy', 'en-US', 'November 2025'],
  ['2025-11-01', 'MMMM yyyy', 'de', 'November 2025'],
  ['2025-11-01', 'MMMM yyyy', 'es', 'noviembre de 2025'],
  ['2025-11-01', 'MMMM yyyy', 'fr', 'novembre 2025'],
  ['2025-11-01', 'MMMM yyyy', 'ja', '2025年11月'],
  ['2025-11-01', 'MMMM yyyy', 'pl', 'listopad 2025'],
  ['2025-11-01', 'MMMM yyyy', 'ru', 'ноябрь 2025'],
  ['2024-11-24', 'd MMM yyyy', 'en-US', '24 Nov 2024'],
  ['2024-11-24', 'd MMM yyyy', 'de', '24. Nov. 2024'],
  ['2024-11-24', 'd MMM yyyy', 'es', '24 nov 2024'],
  ['2024-11-24', 'd MMM yyyy', 'fr', '24 nov. 2024'],
  ['2024-11-24', 'd MMM yyyy', 'ja', '2024年11月24日'],
  ['2024-11-24', 'd MMM yyyy', 'pl', '24 lis 2024'],
  ['2024-11-24', 'd MMM yyyy', 'ru', '24 нояб. 2024'],
  ['2024-11-24', 'd MMMM yyyy', 'en-US', '24 November 2024'],
  ['2024-11-24', 'd MMMM yyyy', 'de', '24. November 2024'],
  ['2024-11-24', 'd MMMM yyyy', 'es', '24 de noviembre de 2024'],
  ['2024-11-24', 'd MMMM yyyy', 'fr', '24 novembre 2024'],
  ['2024-11-24', 'd MMMM yyyy', 'ja', '2024年11月24日'],
  ['2024-11-24', 'd MMMM yyyy', 'pl', '24 listopada 2024'],
  ['2024-11-24', 'd MMMM yyyy', 'ru', '24 ноября 2024'],
  ['2024-11-24', 'MMM d', 'en-US', 'Nov 24'],
  ['2024-11-24', 'MMM d', 'de', '24. Nov.'],
  ['2024-11-24', 'MMM d', 'es', '24 nov'],
  ['2024-11-24', 'MMM d', 'fr', '24 nov.'],
  ['2024-11-24', 'MMM d', 'ja', '11月24日'],
  ['2024-11-24', 'MMM d', 'pl', '24 lis'],
  ['2024-11-24', 'MMM d', 'ru', '24 нояб.'],
  ['2024-11-24', 'yyyy-MM-dd', 'en-US', '2024-11-24'],
  ['2024-11-24', 'yyyy-MM-dd', 'de', '24.11.2024'],
  ['2024-11-24', 'yyyy-MM-dd', 'es', '24/11/2024'],
  ['2024-11-24', 'yyyy-MM-dd', 'fr', '24/11/2024'],
  ['2024-11-24', 'yyyy-MM-dd', 'ja', '2024/11/24'],
  ['2024-11-24', 'yyyy-MM-dd', 'pl', '24.11.2024'],
  ['2024-11-24', 'yyyy-MM-dd', 'ru', '24.11.2024'],
  ['2024-11-24T09:05:00Z', 'dd/MM/yyyy HH:mm', 'ja', '2024/11/24 09:05'],
  ['2024-11-24T09:05:00Z', 'yyyy-MM-dd HH:mm', 'de-AT', '24.11.2024 09:05'],
  ['2024-11-24', 'M/d/yyyy', 'en-US', '11/24/2024'],
  ['2024-11-24', 'dd.MM.yyyy', 'en-US', '24.11.2024'],
  // A language the table of numeric orders does not list keeps the numeric format as written.
  ['2024-11-24', 'dd/MM/yyyy', 'it', '24/11/2024'],
  // Quoted text stays where the author put it; the day and month beside it read as the language writes them.
  ['2024-11-24', '"week of" d MMM', 'de', 'week of 24. Nov.'],
];

/**
 * Formats that are no common shape, with a weekday, a day, a month or a day period: each run of them is written in
 * the language's order, words and punctuation (`format/date-runs.ts`); English exactly as the format string writes
 * it. Monday 25 November 2024, 21:05. [format, locale, expected].
 */
const RUNS: readonly (readonly [string, string, string])[] = [
  ['ddd d MMM', 'en-US', 'Mon 25 Nov'],
  ['ddd d MMM', 'de', 'Mo., 25. Nov.'],
  ['ddd d MMM', 'es', 'lun, 25 nov'],
  ['ddd d MMM', 'fr', 'lun. 25 nov.'],
  ['ddd d MMM', 'ja', '11月25日(月)'],
  ['ddd d MMM', 'pl', 'pon., 25 lis'],
  ['ddd d MMM', 'ru', 'пн, 25 нояб.'],
  ['dddd, d. MMMM yyyy', 'en-US', 'Monday, 25. November 2024'],
  ['dddd, d. MMMM yyyy', 'ja', '2024年11月25日月曜日'],
  ['dddd, d. MMMM yyyy', 'es', 'lunes, 25 de noviembre de 2024'],
  ['dddd, d. MMMM yyyy', 'ru', 'понедельник, 25 ноября 2024'],
  ['ddd d MMM HH:mm', 'en-US', 'Mon 25 Nov 21:05'],
  ['ddd d MMM HH:mm', 'de', 'Mo., 25. Nov., 21:05'],
  ['ddd d MMM HH:mm', 'ja', '11月25日(月) 21:05'],
  ['MM-dd', 'en-US', '11-25'],
  ['MM-dd', 'de', '25.11.'],
  ['MM-dd', 'fr', '25/11'],
  ['MM-dd', 'ja', '11/25'],
  ['MMM', 'de', 'Nov'],
  ['MMM', 'ja', '11月'],
  ['MMM', 'ru', 'нояб.'],
  ['tt h:mm', 'en-US', 'PM 9:05'],
  ['tt h:mm', 'es', '9:05 p. m.'],
  ['"week of" d MMM', 'ja', 'week of 11月25日'],
  // A clock alone reads the same everywhere; numeric dates keep the language's numeric order (as paginated sheets).
  ['HH:mm', 'ja', '21:05'],
  ['dd.MM.yyyy HH:mm', 'de', '25.11.2024 21:05'],
  ['yyyy-MM-dd HH:mm', 'ru', '25.11.2024 21:05'],
  // An order spelled out with unquoted characters is read as written.
  ['yyyy年M月d日', 'de', '2024年11月25日'],
];

/** Formats without their year, for axes too narrow for whole dates: [format, expected]. */
const YEARLESS: readonly (readonly [string, string | undefined])[] = [
  ['d MMM yyyy', 'd MMM'],
  ['dd MMMM yyyy', 'dd MMMM'],
  ['MMM d, yyyy', 'MMM d'],
  ['yyyy-MM-dd', 'MM-dd'],
  ['dd.MM.yyyy', 'dd.MM'],
  ['MMM yyyy', 'MMM'],
  // A ; inside quotes is text, not the end of the section.
  ['"W;" d MMM yyyy', '"W;" d MMM'],
  ['dddd, d. MMMM yyyy', 'dddd, d. MMMM'],
  ['yyyy', undefined],
  ['MMMM', undefined],
  ['#,0', undefined],
];

describe('format strings against Power BI’s documented outputs', () => {
  const rows = (table: readonly (readonly [number | string, string, string, string?])[]) =>
    table.map(([value, format, expected, locale = 'en-US']) => ({ value, format, expected, locale }));

  it.each(rows(NUMBERS))(
    'write $value with $format as $expected ($locale)',
    ({ value, format, expected, locale }) => {
      expect(formatValue(value, format, locale)).toBe(expected);
    },
  );

  it.each(rows(DATES))(
    'write $value with $format as $expected ($locale)',
    ({ value, format, expected, locale }) => {
      expect(formatValue(value, format, locale)).toBe(expected);
    },
  );

  it.each(SHAPES.map(([value, format, locale, expected]) => ({ value, format, locale, expected })))(
    'write $value with the shape $format as $expected ($locale)',
    ({ value, format, locale, expected }) => {
      expect(formatValue(value, format, locale)).toBe(expected);
    },
  );

  it.each(RUNS.map(([format, locale, expected]) => ({ format, locale, expected })))(
    'write Monday 25 November 2024 21:05 with $format as $expected ($locale)',
    ({ format, locale, expected }) => {
      expect(formatValue('2024-11-25T21:05:00Z', format, locale)).toBe(expected);
    },
  );

  it.each(YEARLESS.map(([format, expected]) => ({ format, expected })))(
    'drop the year of $format for a narrow axis as $expected',
    ({ format, expected }) => {
      expect(yearlessFormat(format)).toBe(expected);
    },
  );

  it('write a yearless day on a Japanese axis without the year, 9月19日 instead of 2026年9月19日', () => {
    const format = yearlessFormat('d MMM yyyy') ?? '';
    expect(formatValue('2026-09-19', format, 'ja')).toBe('9月19日');
    expect(formatValue('2026-09-19', format, 'de')).toBe('19. Sept.');
    expect(formatValue('2026-09-19', format, 'en-US')).toBe('19 Sep');
  });

  it('leave text that is no date alone, and write blanks and booleans as Power BI does', () => {
    expect(formatValue('Berlin', 'MMM yyyy')).toBe('Berlin');
    expect(formatValue('critical', '#,0')).toBe('critical');
    expect(formatValue(null, '#,0', 'de')).toBe('(Blank)');
    expect(formatValue(true, 'Yes/No')).toBe('Yes');
    expect(formatValue(false)).toBe('False');
  });

  it('write numbers without a format grouped in the locale, with their decimals', () => {
    expect(formatValue(7585653)).toBe('7,585,653');
    expect(formatValue(7585653, undefined, 'de')).toBe('7.585.653');
    expect(formatValue(1.25, undefined, 'fr')).toBe('1,25');
  });
});
