import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES } from '@portico/analytics-model';
import type { ReportLine } from '@portico/analytics-model';
import { sheetColumns, sheetLine } from '../definition.ts';
import { sheetFor } from '../sheet.ts';
import { captionedLine, valueCaptions } from '../values.ts';
import { DEVICE_ALERTS_REPORT } from './device-alerts.ts';
import { DEVICE_ALERTS_TEXT } from './device-alerts-text.ts';
import { fleetModelIn as modelIn } from '../../../../test/helpers/fleet-model.ts';

/** A detail line as the line stream gives it: the raw values of every column, the CSV's code among them. */
const jam: ReportLine = {
  kind: 'detail',
  label: '',
  cells: ['2026-09-18T16:56:00Z', 'PAPER_JAM', 'warning', 'Paper jam', 'Closed', null, 3.5],
};

describe('the alerts sheet', () => {
  it('names each alert once, by its description under "Alert", and never shows its code beside it', () => {
    const drawn = sheetColumns(DEVICE_ALERTS_REPORT.columns);
    // No drawn column holds the code, by caption or raw: "Paper jam | Warning | Paper jam" said it twice.
    expect(drawn.map((c) => c.title)).not.toContain('Code');
    expect(drawn.map((c) => c.values?.column)).not.toContain('Code');
    expect(drawn.filter((c) => c.values?.column === 'Description')).toHaveLength(1);
    expect(DEVICE_ALERTS_TEXT.en.columns).toEqual([
      'Opened (UTC)',
      'Severity',
      'Alert',
      'Status',
      'Closed (UTC)',
      'Hours',
    ]);
    // The alert takes the room the code had: the drawn columns fill the sheet.
    expect(drawn.reduce((sum, c) => sum + c.width, 0)).toBeCloseTo(1, 6);
    for (const language of CONTENT_LANGUAGES) {
      const titles = DEVICE_ALERTS_REPORT.columnTitles(sheetFor(language));
      expect(titles, language).toHaveLength(drawn.length);
    }
  });

  it('draws a paper jam as its description alone, in the viewer’s language, the code left out', () => {
    const { columns } = DEVICE_ALERTS_REPORT;
    const shown = (language: string) =>
      sheetLine(captionedLine(jam, columns, valueCaptions(modelIn(language))), columns).cells;
    expect(shown('en')).toEqual(['2026-09-18T16:56:00Z', 'Warning', 'Paper jam', 'Closed', null, 3.5]);
    expect(shown('de')).toEqual(['2026-09-18T16:56:00Z', 'Warnung', 'Papierstau', 'Geschlossen', null, 3.5]);
    // Lines without cells (headings) and a report without CSV-only columns are left as they are.
    const heading: ReportLine = { kind: 'group', label: 'Fabrikam - Berlin', cells: [] };
    expect(sheetLine(heading, columns)).toBe(heading);
    const all = columns.map((c) => ({ ...c, csvOnly: false }));
    expect(sheetLine(jam, all)).toBe(jam);
  });

  it('keeps the raw code in the CSV, under its stable English name, the columns as they were', () => {
    const code = DEVICE_ALERTS_REPORT.columns.findIndex((c) => c.title === 'Code');
    expect(DEVICE_ALERTS_REPORT.columns[code]?.csvOnly).toBe(true);
    // The line stream still carries it (the CSV's records are its raw cells): PAPER_JAM, not a caption.
    expect(DEVICE_ALERTS_REPORT.columns[code]?.values).toBeUndefined();
    expect(jam.cells[code]).toBe('PAPER_JAM');
    // The CSV's columns are the ones it always had, in the same order.
    expect([
      ...DEVICE_ALERTS_REPORT.groupColumns,
      ...DEVICE_ALERTS_REPORT.columns.map((c) => c.title),
    ]).toEqual([
      'Account',
      'Site',
      'Serial number',
      'Model',
      'Location',
      'Opened (UTC)',
      'Code',
      'Severity',
      'Description',
      'Status',
      'Closed (UTC)',
      'Hours',
    ]);
  });
});
