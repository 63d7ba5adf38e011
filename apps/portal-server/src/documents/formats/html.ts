import { headerPairs, type ReportContext } from '../context.ts';
import { escapeMarkup as esc } from '../escape.ts';
import type { Cell, Column } from '../model.ts';
import { createLocalFormatter, isNumeric } from '../values.ts';

// Inline only: the page is opened from a blob by the SPA, so it must stand alone (no scripts, no external files).
const STYLE = `
:root { color-scheme: light; --teal: #00796b; --line: #d7dde0; --zebra: #f5f8f8; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans", sans-serif; color: #1f2a30; background: #fff; }
header { border-bottom: 3px solid var(--teal); margin-bottom: 16px; padding-bottom: 8px; }
h1 { margin: 0 0 8px; font-size: 22px; color: var(--teal); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; }
dt { font-weight: 600; color: #4b5a61; }
dd { margin: 0; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { position: sticky; top: 0; background: var(--teal); color: #fff; }
tbody tr:nth-child(even) { background: var(--zebra); }
td.n { text-align: right; white-space: nowrap; }
footer { margin-top: 12px; color: #4b5a61; }
@media print { thead th { position: static; } body { padding: 0; } }
`;

/**
 * A standalone, styled HTML page of a tabular report, streamed row by row. Every value, header text and label is
 * escaped; numbers and dates are localised for the page's language (`<html lang>`).
 */
export function* htmlLines(
  columns: readonly Column[],
  rows: Iterable<readonly Cell[]>,
  context: ReportContext,
): Generator<string> {
  const { messages } = context;
  const format = createLocalFormatter(context.language, messages);
  const title = esc(context.title);
  const pairs = headerPairs(context, format)
    .map(([label, value]) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`)
    .join('');
  yield `<!DOCTYPE html>\n<html lang="${context.language}">\n<head>\n<meta charset="utf-8">\n`;
  yield `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="robots" content="noindex">\n`;
  yield `<title>${title} – ${esc(context.account.accountName || context.account.databaseName)}</title>\n`;
  yield `<style>${STYLE}</style>\n</head>\n<body>\n<header><h1>${title}</h1><dl>${pairs}</dl></header>\n<main>\n`;
  const headerCells = columns.map((c) => `<th scope="col">${esc(messages.columns[c.key])}</th>`).join('');
  yield `<table>\n<thead><tr>${headerCells}</tr></thead>\n<tbody>\n`;
  const openCell = columns.map((c) => (isNumeric(c.type) ? '<td class="n">' : '<td>'));
  let count = 0;
  for (const row of rows) {
    let line = '<tr>';
    for (const [i, column] of columns.entries()) {
      line += `${openCell[i] ?? '<td>'}${esc(format(row[i] ?? null, column.type))}</td>`;
    }
    count += 1;
    yield `${line}</tr>\n`;
  }
  yield '</tbody>\n</table>\n';
  if (count === 0) yield `<p>${esc(messages.labels.noRows)}</p>\n`;
  yield `</main>\n<footer>${esc(messages.labels.rows)}: ${esc(format(count, 'integer'))}</footer>\n</body>\n</html>\n`;
}
