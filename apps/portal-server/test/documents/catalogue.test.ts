import { describe, expect, it } from 'vitest';
import {
  findReportKind,
  REPORT_KINDS,
  REPORT_LANGUAGES,
  renderReport,
  ReportDocumentError,
  type ReportFormat,
} from '../../src/documents/index.ts';
import { messagesFor } from '../../src/documents/i18n/messages.ts';
import { ACCOUNT, kind, parseCsv, render, renderText } from './helpers.ts';

const errorCode = (action: () => unknown): string | undefined => {
  try {
    action();
  } catch (error) {
    return error instanceof ReportDocumentError ? error.code : `not a ReportDocumentError: ${String(error)}`;
  }
  return undefined;
};

describe('the report catalogue', () => {
  it('offers office kinds as DOCX only and the other kinds as CSV, XML and HTML', () => {
    expect(REPORT_KINDS.length).toBeGreaterThanOrEqual(8);
    expect(REPORT_KINDS.filter((k) => k.isOffice).map((k) => k.id)).toEqual([
      'fleet-summary',
      'monthly-usage-statement',
    ]);
    for (const k of REPORT_KINDS) expect(k.formats).toEqual(k.isOffice ? ['docx'] : ['csv', 'xml', 'html']);
  });

  it('refuses a format the kind does not offer with a typed error', () => {
    expect(errorCode(() => render('fleet-summary', 'csv'))).toBe('FORMAT_NOT_OFFERED');
    expect(errorCode(() => render('device-inventory', 'docx'))).toBe('FORMAT_NOT_OFFERED');
    expect(errorCode(() => render('device-inventory', 'pdf' as ReportFormat))).toBe('FORMAT_NOT_OFFERED');
  });

  it('refuses unknown parameters, bad parameter values, a bad end date and an unknown kind', () => {
    expect(errorCode(() => render('device-inventory', 'csv', { parameters: { months: '3' } }))).toBe(
      'UNKNOWN_PARAMETER',
    );
    for (const months of ['0', '25', '1.5', ' 3', '../3', '']) {
      expect(errorCode(() => render('monthly-page-volume', 'csv', { parameters: { months } }))).toBe(
        'INVALID_PARAMETER',
      );
    }
    expect(errorCode(() => render('device-inventory', 'csv', { endDate: '2024-13-45' }))).toBe(
      'INVALID_END_DATE',
    );
    const fake = { ...kind('device-inventory'), id: '../../etc/passwd' };
    expect(findReportKind(fake.id)).toBeUndefined();
    expect(
      errorCode(() => renderReport({ kind: fake, account: ACCOUNT, language: 'en', format: 'csv' })),
    ).toBe('UNKNOWN_REPORT_KIND');
  });

  it('names files with the English base name and the format, safe for a Content-Disposition header', () => {
    for (const k of REPORT_KINDS) {
      for (const format of k.formats) {
        const { fileName } = render(k.id, format, { account: ACCOUNT, language: 'ja' });
        expect(fileName).toBe(`${k.fileBaseName}.${format}`);
        expect(fileName).toMatch(/^[A-Za-z0-9 ._-]+$/);
      }
    }
  });

  it('has a real translation of every text in every language, not a copy of the English', () => {
    const en = messagesFor('en');
    for (const language of REPORT_LANGUAGES.filter((l) => l !== 'en')) {
      const messages = messagesFor(language);
      const titles = Object.entries(messages.titles);
      expect(titles.filter(([id, title]) => title === en.titles[id as keyof typeof en.titles])).toEqual([]);
      for (const k of REPORT_KINDS)
        expect(k.title(language)).toBe(messages.titles[k.id as keyof typeof messages.titles]);
    }
  });

  it('translates the column headers of the same report in ja and de', async () => {
    const header = async (language: 'ja' | 'de') =>
      parseCsv((await renderText('daily-meter-readings', 'csv', { language })).slice(1, 400))[0];
    expect(await header('ja')).toEqual([
      'デバイスID',
      '日付',
      'モノクロ枚数',
      'カラー枚数',
      'モノクロカウンター',
      'カラーカウンター',
    ]);
    expect(await header('de')).toEqual([
      'Geräte-ID',
      'Datum',
      'Schwarzweißseiten',
      'Farbseiten',
      'Zählerstand Schwarzweiß',
      'Zählerstand Farbe',
    ]);
  });
});
