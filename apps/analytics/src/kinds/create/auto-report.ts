/**
 * The automatic report quick create shows over a new dataset: per table, a table visual of every column (in the
 * supplied order), then for each numeric column a card of its sum and, when the table has a text column, a bar chart
 * of that sum by the first text column. Pure: no Node imports.
 */
import { authoringWording } from '@portico/analytics-model';
import type { Dataset, FieldRef, ReportDefinition, ReportPage, ReportVisual } from '@portico/analytics-model';

const PAGE_WIDTH = 1280;
const GAP = 16;
const CARD = { width: 296, height: 120 };
const BAR = { width: 616, height: 300 };
const TABLE_HEIGHT = 320;

const layout = (x: number, y: number, width: number, height: number, z: number) => ({
  x,
  y,
  z,
  width,
  height,
  displayState: { mode: 0 as const },
});

/**
 * `autoReport(dataset).pages[0].visuals.map((v) => v.type)` → `['tableEx', 'card', 'clusteredBarChart', …]`; the
 * bar charts' titles in `language` (`Summe von Pages nach Site`).
 */
export function autoReport(dataset: Pick<Dataset, 'tables'>, language?: string): ReportDefinition {
  const words = authoringWording(language);
  const pages = dataset.tables.map((table, t): ReportPage => {
    const visuals: ReportVisual[] = [];
    const rowNumber = table.columns[0];
    const columnRef = (column: string): FieldRef => ({ column: { table: table.name, column } });
    visuals.push({
      name: `table-${t}`,
      type: 'tableEx',
      title: table.displayName,
      layout: layout(GAP, GAP, PAGE_WIDTH - 2 * GAP, TABLE_HEIGHT, 0),
      dataRoles: { values: table.columns.map((c) => columnRef(c.name)) },
      filters: [],
      formatting: {},
      ...(rowNumber === undefined
        ? {}
        : { sort: { field: columnRef(rowNumber.name), direction: 'Ascending' as const } }),
    });
    const category = table.columns.find((c) => c.dataType === 'string');
    let y = GAP * 2 + TABLE_HEIGHT;
    table.measures.forEach((measure, m) => {
      const value: FieldRef = { measure: { table: table.name, measure: measure.name } };
      visuals.push({
        name: `card-${t}-${m}`,
        type: 'card',
        title: measure.displayName,
        layout: layout(GAP, y, CARD.width, CARD.height, m * 2 + 1),
        dataRoles: { values: [value] },
        filters: [],
        formatting: {},
      });
      if (category !== undefined) {
        visuals.push({
          name: `bar-${t}-${m}`,
          type: 'clusteredBarChart',
          title: words.titleBy(measure.displayName, category.displayName),
          layout: layout(GAP * 2 + CARD.width, y, BAR.width, BAR.height, m * 2 + 2),
          dataRoles: { category: [columnRef(category.name)], values: [value] },
          filters: [],
          formatting: {},
          sort: { field: value, direction: 'Descending' },
          top: 1_000,
        });
      }
      y += (category === undefined ? CARD.height : BAR.height) + GAP;
    });
    return {
      name: `page-${t + 1}`,
      displayName: table.displayName.slice(0, 200),
      width: PAGE_WIDTH,
      height: Math.max(720, y),
      displayOption: 1,
      visibility: 0,
      filters: [],
      visuals,
    };
  });
  return { pages, filters: [], bookmarks: [] };
}
