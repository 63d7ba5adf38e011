// The built-in content lives in apps/analytics/models/print-fleet/. When it moved there from TypeScript constants, a
// test compared the loaded files with the constants (equal, key order included; commit f291058). What stays is this
// structural check of the same content.
import { describe, expect, it } from 'vitest';
import { decodeBookmarkState, modelIndex, resolveField } from '@portico/analytics-model';
import {
  BUILT_IN_MODELS,
  FLEET_WORKSPACE_ID,
  PRINT_FLEET_DATASET,
  SAMPLE_REPORTS,
} from '../../src/models/built-in.ts';
import { BUILT_IN_MODELS_DIR, loadModelFolder } from '../../src/models/load-models.ts';

describe('the built-in model folder', () => {
  it('holds one workspace, the Print fleet model, its four sample reports and their captions in six languages', () => {
    expect(BUILT_IN_MODELS.files).toEqual([
      'cultures/de.culture.yaml',
      'cultures/es.culture.yaml',
      'cultures/fr.culture.yaml',
      'cultures/ja.culture.yaml',
      'cultures/pl.culture.yaml',
      'cultures/ru.culture.yaml',
      'print-fleet.model.yaml',
      'reports/1-fleet-overview.report.yaml',
      'reports/2-page-volume.report.yaml',
      'reports/3-supplies.report.yaml',
      'reports/4-service-alerts.report.yaml',
    ]);
    expect(BUILT_IN_MODELS.workspaces).toEqual([
      {
        id: 'fa8dbfbf-2e19-46f7-8218-4e0182da0407',
        name: 'Fleet analytics',
        description: 'Reports on the print fleets of the customer accounts.',
      },
    ]);
    expect(PRINT_FLEET_DATASET).toMatchObject({
      id: '48c27e37-dbbd-4a5c-a6fc-79023eff1af4',
      workspaceId: FLEET_WORKSPACE_ID,
      name: 'Print fleet',
    });
    expect(SAMPLE_REPORTS.map((r) => [r.id, r.name, r.datasetId, r.workspaceId])).toEqual([
      ['c7f8789d-083c-4944-a9ce-49d0b3594f03', 'Fleet overview', PRINT_FLEET_DATASET.id, FLEET_WORKSPACE_ID],
      ['c4f98efd-b03d-4dba-a998-aef9ee3d0a0f', 'Page volume', PRINT_FLEET_DATASET.id, FLEET_WORKSPACE_ID],
      ['2896a285-1323-4c4f-9e2c-7c724e74e758', 'Supplies', PRINT_FLEET_DATASET.id, FLEET_WORKSPACE_ID],
      ['08618b31-6c19-432d-ad09-35294579d0c4', 'Service alerts', PRINT_FLEET_DATASET.id, FLEET_WORKSPACE_ID],
    ]);
  });

  it('reads the model as the query layer knows it: seven tables over the fleet tables, each secured by database_name', () => {
    const tables = PRINT_FLEET_DATASET.tables;
    expect(
      tables.map((t) => [t.name, t.source, t.columns.length, t.measures.length, t.hierarchies.length]),
    ).toEqual([
      ['Accounts', 'accounts', 5, 1, 0],
      ['Devices', 'devices', 13, 2, 2],
      ['Calendar', 'calendar', 12, 1, 1],
      ['Meter readings', 'meter_readings', 8, 8, 0],
      ['Supply levels', 'supply_levels', 5, 3, 0],
      ['Supply replacements', 'supply_replacements', 5, 3, 0],
      ['Service alerts', 'service_alerts', 12, 5, 0],
    ]);
    for (const table of tables) expect(table.rlsColumn).toBe('database_name');
    expect(PRINT_FLEET_DATASET.relationships).toHaveLength(9);
    const calendar = tables.find((t) => t.name === 'Calendar');
    expect(calendar?.columns.find((c) => c.name === 'Month name')).toEqual({
      name: 'Month name',
      displayName: 'Month name',
      source: 'month_name',
      dataType: 'string',
      sortBy: 'Month number',
      values: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map(
        (m) => ({
          value: m,
          caption: m,
        }),
      ),
    });
    const meters = tables.find((t) => t.name === 'Meter readings');
    expect(meters?.measures.find((m) => m.name === 'Colour share')).toEqual({
      name: 'Colour share',
      displayName: 'Colour share',
      ratio: { numerator: 'Total colour pages', denominator: 'Total pages' },
      format: '0.0%',
    });
    expect(meters?.measures.find((m) => m.name === 'Average daily pages')).toEqual({
      name: 'Average daily pages',
      displayName: 'Average daily pages',
      aggregation: 'avg',
      column: 'Pages',
      format: '#,0.0',
      description: 'Pages per device and day.',
    });
  });

  it('keeps every report definition whole: pages, visuals, filters and decodable bookmarks whose fields all resolve', () => {
    const shape = SAMPLE_REPORTS.map((r) => ({
      pages: r.definition.pages.map((p) => [p.name, p.visuals.length, p.filters.length]),
      bookmarks: r.definition.bookmarks.map((b) => b.name),
    }));
    expect(shape[0]).toEqual({
      pages: [
        // The overview's 12-month window sits on its period visuals, not the page (counts of now are not windowed).
        ['overview', 8, 0],
        ['devices', 4, 0],
        ['sites', 2, 0],
      ],
      bookmarks: ['colour-printers', 'hp-fleet'],
    });
    const index = modelIndex(PRINT_FLEET_DATASET);
    for (const report of SAMPLE_REPORTS) {
      for (const bookmark of report.definition.bookmarks) {
        if (bookmark.state !== undefined) expect(decodeBookmarkState(bookmark.state)?.version).toBe(1);
      }
      for (const visual of report.definition.pages.flatMap((p) => p.visuals)) {
        for (const field of Object.values(visual.dataRoles).flat())
          expect(() => resolveField(index, field)).not.toThrow();
      }
    }
  });

  it('loads the same content again from the same files', () => {
    expect(loadModelFolder(BUILT_IN_MODELS_DIR)).toStrictEqual(BUILT_IN_MODELS);
  });
});
