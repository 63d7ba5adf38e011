import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES } from '@portico/analytics-model';
import type { ReportLine } from '@portico/analytics-model';
import { PRINT_FLEET_DATASET } from '../../models/built-in.ts';
import { INVOICE_REPORT } from './samples/invoice.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { cellRooms } from './pdf.ts';
import { sheetFor } from './sheet.ts';
import { sheetColumns } from './definition.ts';
import { NARROW_ALERTS_COLUMNS } from '../../../test/helpers/narrow-alerts.ts';
import { captionedLine, cellWrapping, listedValues, valueCaptions, wrappedLine } from './values.ts';
import { fleetModelIn as modelIn } from '../../../test/helpers/fleet-model.ts';

const alert: ReportLine = {
  kind: 'detail',
  label: '',
  cells: ['2026-09-18T16:56:00Z', 'PAPER_JAM', 'warning', 'Paper jam', 'Closed', null, 3.5],
};

describe('captionedLine', () => {
  it("shows severity, description and status by the German model's captions, the code (the CSV's) raw", () => {
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
    expect(english.cells.slice(2, 5)).toEqual(['Warning', 'Paper jam', 'Closed']);
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
  it.each([
    ['the report’s', DEVICE_ALERTS_REPORT.columns],
    ['a narrow alert column’s', NARROW_ALERTS_COLUMNS],
  ])(
    'fit severity, status, times and hours uncut in every language; descriptions wrap, every line fits (%s)',
    (_, columns) => {
      const cut: string[] = [];
      const wrapped: string[] = [];
      const drawn = sheetColumns(columns);
      for (const language of CONTENT_LANGUAGES) {
        const model = modelIn(language);
        const sheet = sheetFor(language);
        const rooms = cellRooms(drawn, language);
        const wrapping = cellWrapping(columns, language, model, valueCaptions(model));
        columns.forEach((column, index) => {
          // The CSV's own columns are not drawn (the code); the others by their place on the sheet.
          if (column.csvOnly === true) return;
          const { room, width } = rooms[drawn.indexOf(column)] ?? { room: 0, width: () => Infinity };
          const texts = column.values
            ? [...(listedValues(model, column.values)?.values() ?? [])]
            : column.format === 'datetime'
              ? [sheet.format('2026-12-28T23:58:00Z', 'datetime')]
              : column.format === 'hours'
                ? [sheet.format(8888.8, 'hours')]
                : [];
          for (const text of texts) {
            const lines = column.wrap === true ? wrapping.lines(index, text) : [text];
            if (lines.length > 1) wrapped.push(`${language} ${column.title}: ${text}`);
            // Each line fits, and together they are the whole text.
            for (const line of lines)
              if (width(line) > room) cut.push(`${language} ${column.title}: ${line}`);
            expect(lines.join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
          }
        });
      }
      expect(cut).toEqual([]);
      expect(wrapped).not.toContain('en Description: Paper jam');
      // In the room the code column had, every description fits its line; narrower, the long ones wrap.
      if (columns === NARROW_ALERTS_COLUMNS)
        expect(wrapped.some((w) => w.startsWith('en Description: Device offline'))).toBe(true);
    },
  );

  it('plan a continuation line for each value whose caption needs one, and split the caption across them', () => {
    const model = modelIn('en');
    const wrapping = cellWrapping(NARROW_ALERTS_COLUMNS, 'en', model, valueCaptions(model));
    const description = 'Device offline: not reachable on the network';
    const raw = [...(listedValues(model, { table: 'Service alerts', column: 'Description' }) ?? [])].find(
      ([, caption]) => caption === description,
    )?.[0];
    expect(raw).toBeDefined();
    expect(wrapping.wraps.get(3)?.[0]).toContain(raw);
    // Only the description wraps: the code is not drawn.
    expect([...wrapping.wraps.keys()]).toEqual([3]);
    const detail: ReportLine = {
      kind: 'detail',
      label: '',
      cells: ['2026-09-18T16:56:00Z', 'NETWORK_OFFLINE', 'Critical', description, 'Closed', null, 3.5],
    };
    const continuation: ReportLine = {
      kind: 'continuation',
      label: '1',
      cells: [null, null, null, description, null, null, null],
    };
    const first = wrappedLine(detail, wrapping);
    const second = wrappedLine(continuation, wrapping);
    expect(second.label).toBe('');
    expect(second.cells[1]).toBeNull();
    expect(`${String(first.cells[3])} ${String(second.cells[3])}`).toBe(description);
    expect(first.cells[1]).toBe('NETWORK_OFFLINE');
  });
});
