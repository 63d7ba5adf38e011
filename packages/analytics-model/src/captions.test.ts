import { describe, expect, it } from 'vitest';
import {
  cultureFor,
  delocalizeDefinition,
  fieldCaption,
  localizeDataset,
  localizeDefinition,
  relabelAnswer,
  reportCaptions,
  reportName,
} from './captions.ts';
import type { Culture } from './captions.ts';
import type { ReportDefinition } from './content-types.ts';
import type { QueryAnswer } from './query-types.ts';
import { dataset, definition } from './test-sample.ts';

const sample: ReportDefinition = {
  ...definition,
  bookmarks: [{ name: 'hp', displayName: 'HP printers', state: 'x' }],
};

const german: Culture = {
  language: 'de',
  datasetId: 'fleet',
  model: {
    name: 'Druckerflotte',
    tables: {
      Devices: {
        caption: 'Geräte',
        columns: { Site: 'Standort', Model: 'Modell' },
        measures: { Printers: 'Drucker' },
        hierarchies: { Place: { caption: 'Ort', levels: { Site: 'Standort' } } },
      },
      'Meter readings': { measures: { 'Total pages': 'Seiten gesamt' } },
    },
  },
  reports: {
    r1: {
      name: 'Flottenübersicht',
      pages: { overview: { caption: 'Übersicht', visuals: { 'by-site': 'Nach Standort' } } },
      bookmarks: { hp: 'HP-Drucker' },
    },
  },
};
const japanese: Culture = { ...german, language: 'ja', reports: {}, model: {} };

describe('cultureFor', () => {
  it('picks the same tag, else the same primary language, and nothing for English or an unknown language', () => {
    const swiss = { ...german, language: 'de-CH' };
    expect(cultureFor([german, swiss], 'de-CH')).toBe(swiss);
    expect(cultureFor([german, swiss], 'de-AT')).toBe(german);
    expect(cultureFor([swiss], 'de')).toBe(swiss);
    expect(cultureFor([german, japanese], 'JA')).toBe(japanese);
    expect(cultureFor([german], 'en')).toBeUndefined();
    expect(cultureFor([german], 'xx')).toBeUndefined();
    expect(cultureFor([german], '')).toBeUndefined();
    expect(cultureFor([german], undefined)).toBeUndefined();
  });
});

describe('localizeDataset', () => {
  it('shows translated display names and keeps every name, and the default where a translation is missing', () => {
    const shown = localizeDataset(dataset, german);
    const devices = shown.tables.find((t) => t.name === 'Devices');
    expect(shown.name).toBe('Druckerflotte');
    expect(devices?.displayName).toBe('Geräte');
    expect(devices?.columns.find((c) => c.name === 'Site')?.displayName).toBe('Standort');
    expect(devices?.columns.find((c) => c.name === 'Installed')?.displayName).toBe('Installed');
    expect(devices?.measures.find((m) => m.name === 'Printers')?.displayName).toBe('Drucker');
    expect(shown.tables.map((t) => t.name)).toEqual(dataset.tables.map((t) => t.name));
    expect(shown.tables[1]?.displayName).toBe(dataset.tables[1]?.displayName);
  });

  it('leaves another dataset and a missing culture as they are', () => {
    expect(localizeDataset(dataset, undefined)).toBe(dataset);
    expect(localizeDataset({ ...dataset, id: 'other' }, german).tables).toBe(dataset.tables);
  });
});

describe('reportCaptions and localizeDefinition', () => {
  it('translates page names, visual titles and bookmarks, keeping page and visual names stable', () => {
    const captions = reportCaptions(german, 'r1', sample, sample);
    const shown = localizeDefinition(sample, captions);
    expect(shown.pages.map((p) => [p.name, p.displayName])).toEqual([
      ['overview', 'Übersicht'],
      ['second', 'Second'],
    ]);
    expect(shown.pages[0]?.visuals.map((v) => [v.name, v.title])).toEqual([
      ['by-site', 'Nach Standort'],
      ['site-slicer', 'site-slicer'],
      ['share', 'share'],
    ]);
    expect(shown.bookmarks[0]?.displayName).toBe('HP-Drucker');
    expect(shown.pages[0]?.filters).toBe(sample.pages[0]?.filters);
  });

  it('keeps a caption someone changed and saved as they typed it', () => {
    const overview = sample.pages[0];
    if (overview === undefined) throw new Error('sample has no page');
    const renamed: ReportDefinition = {
      ...sample,
      pages: [{ ...overview, displayName: 'My overview' }, ...sample.pages.slice(1)],
    };
    const shown = localizeDefinition(renamed, reportCaptions(german, 'r1', renamed, sample));
    expect(shown.pages[0]?.displayName).toBe('My overview');
    expect(shown.pages[0]?.visuals[0]?.title).toBe('Nach Standort');
  });

  it('shows the defaults for another report, a report without a sample, or no culture', () => {
    for (const captions of [
      reportCaptions(german, 'copy', sample, sample),
      reportCaptions(german, 'r1', sample, undefined),
      reportCaptions(undefined, 'r1', sample, sample),
    ]) {
      expect(captions.language).toBe('');
      expect(localizeDefinition(sample, captions)).toBe(sample);
    }
  });
});

describe('delocalizeDefinition', () => {
  it('puts untouched captions back to their defaults and keeps what the user changed', () => {
    const captions = reportCaptions(german, 'r1', sample, sample);
    const shown = localizeDefinition(sample, captions);
    const page = shown.pages[0];
    if (page === undefined) throw new Error('no page');
    const edited: ReportDefinition = {
      ...shown,
      pages: [
        { ...page, visuals: page.visuals.map((v, i) => (i === 0 ? v : { ...v, title: 'Eigener Titel' })) },
        ...shown.pages.slice(1),
      ],
    };
    const stored = delocalizeDefinition(edited, sample, captions);
    expect(stored.pages[0]?.displayName).toBe('Overview');
    expect(stored.pages[0]?.visuals.map((v) => v.title)).toEqual([
      'by-site',
      'Eigener Titel',
      'Eigener Titel',
    ]);
    expect(stored.bookmarks[0]?.displayName).toBe('HP printers');
  });
});

describe('reportName', () => {
  it("names a sample report in the culture's language, but never a copy or a renamed report", () => {
    expect(reportName(german, 'r1', 'Fleet overview', 'Fleet overview')).toBe('Flottenübersicht');
    expect(reportName(german, 'r1', 'My fleet', 'Fleet overview')).toBe('My fleet');
    expect(reportName(german, 'copy', 'Fleet overview (copy)')).toBe('Fleet overview (copy)');
    expect(reportName(undefined, 'r1', 'Fleet overview', 'Fleet overview')).toBe('Fleet overview');
  });
});

describe('fieldCaption and relabelAnswer', () => {
  const shown = localizeDataset(dataset, german);

  it('names columns, measures and hierarchy levels as the localized dataset does', () => {
    expect(fieldCaption(shown, { column: { table: 'Devices', column: 'Site' } })).toBe('Standort');
    expect(fieldCaption(shown, { measure: { table: 'Meter readings', measure: 'Total pages' } })).toBe(
      'Seiten gesamt',
    );
    expect(fieldCaption(shown, { column: { table: 'Devices', column: 'Nope' } })).toBe('Nope');
    expect(fieldCaption(undefined, { measure: { table: 'T', measure: 'M' } }, 'Fallback')).toBe('Fallback');
  });

  it("relabels an answer's columns and leaves its rows alone", () => {
    const answer: QueryAnswer = {
      columns: [
        {
          field: { column: { table: 'Devices', column: 'Site' } },
          kind: 'column',
          queryName: 'Devices.Site',
          displayName: 'Site',
          dataType: 'string',
        },
        {
          field: { aggregation: { table: 'Meter readings', column: 'Pages', function: 'Sum' } },
          kind: 'measure',
          queryName: 'Sum(Meter readings.Pages)',
          displayName: 'Sum of Pages',
          dataType: 'integer',
        },
      ],
      rows: [['Berlin', 3]],
      truncated: false,
    };
    const relabelled = relabelAnswer(answer, shown);
    expect(relabelled.columns.map((c) => c.displayName)).toEqual(['Standort', 'Sum of Pages']);
    expect(relabelled.rows).toBe(answer.rows);
    expect(relabelAnswer(answer, dataset)).toBe(answer);
    // With the viewer's language the implicit sum is worded in it too, over the localized column's caption.
    expect(relabelAnswer(answer, shown, 'de-DE').columns.map((c) => c.displayName)).toEqual([
      'Standort',
      `Summe von ${fieldCaption(shown, { column: { table: 'Meter readings', column: 'Pages' } })}`,
    ]);
    expect(relabelAnswer(answer, dataset, 'en')).toBe(answer);
  });
});
