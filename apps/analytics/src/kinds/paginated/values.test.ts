import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES, cultureFor, localizeDataset } from '@portico/analytics-model';
import type { ReportLine } from '@portico/analytics-model';
import { BUILT_IN_MODELS, PRINT_FLEET_DATASET } from '../../models/built-in.ts';
import { INVOICE_REPORT } from './samples/invoice.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { cellRooms } from './pdf.ts';
import { sheetFor } from './sheet.ts';
import { captionedLine, listedValues, valueCaptions } from './values.ts';

const modelIn = (language: string) =>
  localizeDataset(
    PRINT_FLEET_DATASET,
    cultureFor(
      BUILT_IN_MODELS.cultures.filter((c) => c.datasetId === PRINT_FLEET_DATASET.id),
      language,
    ),
  );

const alert: ReportLine = {
  kind: 'detail',
  label: '',
  cells: ['2026-09-18T16:56:00Z', 'PAPER_JAM', 'warning', 'Paper jam', 'Closed', null, 3.5],
};

describe('captionedLine', () => {
  it("shows severity, description and status by the German model's captions and keeps the code as stored", () => {
    const shown = captionedLine(alert, DEVICE_ALERTS_REPORT.columns, valueCaptions(modelIn('de-AT')));
    expect(shown.cells).toEqual([
      '2026-09-18T16:56:00Z',
      'PAPER_JAM',
      'Warnung',
      'Papierstau',
      'Geschlossen',
      null,
      3.5,
    ]);
    expect(alert.cells[2]).toBe('warning');
  });

  it("uses the model's own captions in English and its cultures' in Japanese", () => {
    const english = captionedLine(alert, DEVICE_ALERTS_REPORT.columns, valueCaptions(modelIn('en')));
    expect(english.cells.slice(1, 5)).toEqual(['PAPER_JAM', 'Warning', 'Paper jam', 'Closed']);
    const japanese = captionedLine(alert, DEVICE_ALERTS_REPORT.columns, valueCaptions(modelIn('ja')));
    expect(japanese.cells.slice(2, 5)).toEqual(['警告', '紙詰まり', '解決済み']);
  });

  it('shows a value the model does not list, and every value without a model, as stored', () => {
    const odd: ReportLine = { ...alert, cells: [null, 'NEW_CODE', 'urgent', 'Smoke', 'Open', null, null] };
    const german = captionedLine(odd, DEVICE_ALERTS_REPORT.columns, valueCaptions(modelIn('de')));
    expect(german.cells.slice(1, 5)).toEqual(['NEW_CODE', 'urgent', 'Smoke', 'Offen']);
    expect(captionedLine(alert, DEVICE_ALERTS_REPORT.columns, valueCaptions(undefined))).toBe(alert);
    const heading: ReportLine = { kind: 'group', label: 'Fabrikam - Berlin', cells: [] };
    expect(captionedLine(heading, DEVICE_ALERTS_REPORT.columns, valueCaptions(modelIn('de')))).toBe(heading);
  });

  it("lists the model's values in their natural order: critical, warning, info", () => {
    const severities = listedValues(modelIn('de'), { table: 'Service alerts', column: 'Severity' });
    expect([...(severities?.entries() ?? [])]).toEqual([
      ['critical', 'Kritisch'],
      ['warning', 'Warnung'],
      ['info', 'Info'],
    ]);
  });
});

describe('the samples’ value links', () => {
  it("name, in every sample report, a column of the report's model that lists its values", () => {
    const broken: string[] = [];
    for (const report of [INVOICE_REPORT, DEVICE_ALERTS_REPORT]) {
      expect(report.datasetId).toBe(PRINT_FLEET_DATASET.id);
      for (const column of report.columns) {
        if (column.values === undefined) continue;
        if (listedValues(PRINT_FLEET_DATASET, column.values) === undefined)
          broken.push(`${report.name} › ${column.title}: ${column.values.table}.${column.values.column}`);
      }
    }
    expect(broken).toEqual([]);
    expect(DEVICE_ALERTS_REPORT.columns.filter((c) => c.values).map((c) => c.title)).toEqual([
      'Severity',
      'Description',
      'Status',
    ]);
  });
});

describe('the alerts sheet’s cells in the PDF’s fonts', () => {
  it('fit severity, status, times and hours uncut in every language; only some long descriptions and codes are cut', () => {
    const cut: string[] = [];
    const descriptions: string[] = [];
    const columns = DEVICE_ALERTS_REPORT.columns;
    for (const language of CONTENT_LANGUAGES) {
      const model = modelIn(language);
      const sheet = sheetFor(language);
      const rooms = cellRooms(columns, language);
      columns.forEach((column, index) => {
        const { room, width } = rooms[index] ?? { room: 0, width: () => Infinity };
        const texts = column.values
          ? [...(listedValues(model, column.values)?.values() ?? [])]
          : column.format === 'datetime'
            ? [sheet.format('2026-12-28T23:58:00Z', 'datetime')]
            : column.format === 'hours'
              ? [sheet.format(8888.8, 'hours')]
              : [];
        for (const text of texts)
          if (width(text) > room)
            (column.title === 'Description' ? descriptions : cut).push(
              `${language} ${column.title}: ${text}`,
            );
      });
    }
    expect(cut).toEqual([]);
    // A description wider than its column is cut with an ellipsis (the page's tooltip names it whole): 18 of the
    // 140 at these widths, and no more.
    const listed = listedValues(PRINT_FLEET_DATASET, { table: 'Service alerts', column: 'Description' });
    const all = CONTENT_LANGUAGES.length * (listed?.size ?? 0);
    expect(all).toBeGreaterThan(100);
    // The codes, as stored in every language: the three longest (FIRMWARE_UPDATE_AVAILABLE, MAINTENANCE_KIT_DUE, WASTE_TONER_FULL) are cut.
    const rooms = cellRooms(columns, 'en');
    const codes = [
      ...(listedValues(PRINT_FLEET_DATASET, { table: 'Service alerts', column: 'Code' })?.keys() ?? []),
    ];
    expect(codes.length).toBe(12);
    expect(
      codes.filter((code) => (rooms[1]?.width(code) ?? Infinity) > (rooms[1]?.room ?? 0)).length,
    ).toBeLessThanOrEqual(3);
    expect(descriptions.length).toBeLessThanOrEqual(18);
  });
});
