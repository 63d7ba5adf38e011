import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES } from '@portico/analytics-model';
import { cellRooms, columnTitleLines, wrapTitle } from './pdf.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { DEVICE_ALERTS_TEXT } from './samples/device-alerts-text.ts';
import { INVOICE_REPORT } from './samples/invoice.ts';
import { INVOICE_TEXT } from './samples/invoice-text.ts';
import { fill, SHEET_WORDS, sheetFor } from './sheet.ts';
import { sheetColumns } from './definition.ts';

/** Every string of a table as path → text, plural forms included. */
function strings(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(path, value);
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      for (const [p, text] of strings(inner, path === '' ? key : `${path}.${key}`)) found.set(p, text);
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
/** A plural's path without its form: `alerts.few` → `alerts`. */
const entry = (path: string) =>
  PLURAL_FORMS.has(path.split('.').at(-1) ?? '') ? path.replace(/\.\w+$/, '') : path;

const TABLES = { sheet: SHEET_WORDS, invoice: INVOICE_TEXT, 'device alerts': DEVICE_ALERTS_TEXT } as const;

describe('the sheets’ text tables', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`give the ${name} sheet every text in all seven languages, with the placeholders English has`, () => {
      const english = strings(table.en);
      const problems: string[] = [];
      for (const language of CONTENT_LANGUAGES) {
        const texts = strings(table[language]);
        const entries = new Set([...texts.keys()].map(entry));
        for (const [path, text] of english) {
          const key = entry(path);
          if (key !== path) continue;
          const own = texts.get(path);
          if (own === undefined || own.trim() === '') problems.push(`${language}: ${path} missing`);
          else if (placeholders(own).join() !== placeholders(text).join())
            problems.push(`${language}: ${path} has {${placeholders(own).join('}, {')}}`);
        }
        // A plural has the forms the language's plural rules pick, each with {count}.
        for (const key of new Set([...english.keys()].map(entry)))
          if (!english.has(key)) {
            if (!entries.has(key)) problems.push(`${language}: ${key} missing`);
            for (const form of new Intl.PluralRules(language).resolvedOptions().pluralCategories) {
              const text = texts.get(`${key}.${form}`) ?? texts.get(`${key}.other`);
              if (text === undefined || !text.includes('{count}'))
                problems.push(`${language}: ${key}.${form}`);
            }
          }
      }
      expect(problems).toEqual([]);
    });
  }

  it('hold a column title for every column the sheet draws', () => {
    for (const language of CONTENT_LANGUAGES) {
      expect(INVOICE_TEXT[language].columns).toHaveLength(sheetColumns(INVOICE_REPORT.columns).length);
      expect(DEVICE_ALERTS_TEXT[language].columns).toHaveLength(
        sheetColumns(DEVICE_ALERTS_REPORT.columns).length,
      );
    }
  });

  it('fit every column title into its column on at most two lines, in every language, uncut', () => {
    const cut: string[] = [];
    for (const report of [INVOICE_REPORT, DEVICE_ALERTS_REPORT])
      for (const language of CONTENT_LANGUAGES) {
        const sheet = sheetFor(language);
        const titles = report.columnTitles(sheet);
        const columns = sheetColumns(report.columns).map((c, i) => ({ ...c, title: titles[i] ?? '' }));
        columnTitleLines(columns, language).forEach((title, i) => {
          if (!title.fits) cut.push(`${report.name} ${language}: ${titles[i]} → ${title.lines.join(' / ')}`);
        });
      }
    expect(cut).toEqual([]);
  });
});

describe('the invoice’s amounts', () => {
  it('are written in euros in every language, and the widest fit their PDF columns uncut', () => {
    expect(INVOICE_REPORT.currency).toBe('EUR');
    const cut: string[] = [];
    for (const language of CONTENT_LANGUAGES) {
      const sheet = sheetFor(language);
      const rooms = cellRooms(INVOICE_REPORT.columns, language);
      INVOICE_REPORT.columns.forEach((column, index) => {
        if (column.format !== 'money' && column.format !== 'rate') return;
        // A month's total of a large account, and a price per page at the parameter's five decimals.
        const widest = column.format === 'money' ? 123_456.78 : 0.00125;
        const text = sheet.format(widest, column.format, INVOICE_REPORT.currency);
        expect(text).toContain('€');
        const { room, width } = rooms[index] ?? { room: 0, width: () => Infinity };
        if (width(text) > room) cut.push(`${language} ${column.title}: ${text}`);
      });
    }
    expect(cut).toEqual([]);
    expect(sheetFor('en').format(193.85, 'money', 'EUR')).toBe('€193.85');
    expect(sheetFor('de').format(193.85, 'money', 'EUR').replace(/\s/g, ' ')).toBe('193,85 €');
  });
});

describe('wrapTitle', () => {
  const measure = (text: string) => text.length * 5;
  it('keeps a title that fits, and wraps at spaces, zero-width spaces or, lacking both, characters', () => {
    expect(wrapTitle('Total', 40, measure)).toEqual(['Total']);
    expect(wrapTitle('Preis je Seite', 40, measure)).toEqual(['Preis je', 'Seite']);
    expect(wrapTitle('モノクロ\u200b枚数', 25, measure)).toEqual(['モノクロ', '枚数']);
    expect(wrapTitle('モノクロ\u200b枚数', 40, measure)).toEqual(['モノクロ枚数']);
    expect(wrapTitle('Seriennummer', 40, measure)).toEqual(['Seriennu', 'mmer']);
  });
});

describe('sheetFor', () => {
  it('writes numbers, plurals and the shared words in the requested language and locale', () => {
    const german = sheetFor('de-AT');
    expect([german.language, german.locale]).toEqual(['de', 'de-AT']);
    expect(sheetFor('de').number(3551)).toBe('3.551');
    expect(sheetFor('de').format(0.008, 'rate')).toBe('0,0080');
    expect(sheetFor('ja').format('2026-09-18T16:56:00Z', 'datetime')).toBe('2026/09/18 16:56');
    expect(fill(sheetFor('de').words.pageOf, { page: '1', pages: '3' })).toBe('Seite 1 von 3');
    const russian = sheetFor('ru');
    const alerts = DEVICE_ALERTS_TEXT.ru.alerts;
    expect([1, 3, 5, 21].map((n) => russian.plural(alerts, n))).toEqual([
      '1 оповещение',
      '3 оповещения',
      '5 оповещений',
      '21 оповещение',
    ]);
    expect(sheetFor('pt-BR').language).toBe('en');
    expect(sheetFor(undefined).locale).toBe('en-US');
    expect(sheetFor('de-!!').locale).toBe('de-DE');
  });
});
