import type { ReportContext } from '../context.ts';
import { escapeMarkup as esc } from '../escape.ts';
import type { Cell, Column } from '../model.ts';
import { describeParameters } from '../parameters.ts';
import { machineValue } from '../values.ts';

/**
 * The XML of a tabular report, streamed element by element. One shape for every kind (see the README):
 *
 * ```xml
 * <report kind="device-inventory" account="contoso_emea" language="de" generatedAt="2024-07-01T08:00:00Z" title="Geräteinventar">
 *   <account databaseName="contoso_emea" accountName="Contoso EMEA" customerName="Contoso Ltd"/>
 *   <period startDate="2022-07-02" endDate="2024-06-30"/>
 *   <parameters><parameter name="months" label="Zeitraum (Monate)" value="12"/></parameters>
 *   <columns><column name="deviceId" type="text" label="Geräte-ID"/>…</columns>
 *   <rows>
 *     <row><deviceId>contoso_emea-0001A</deviceId><installDate>2021-03-04</installDate>…</row>
 *   </rows>
 * </report>
 * ```
 *
 * Element names are the English column keys in every language; labels are localised attributes. A value that is
 * absent (`null`, such as the `retiredDate` of a printer in service) has no element. Values are in machine form.
 */
export function* xmlLines(
  columns: readonly Column[],
  rows: Iterable<readonly Cell[]>,
  context: ReportContext,
): Generator<string> {
  const { account, messages, period } = context;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<report kind="${esc(context.kindId)}" account="${esc(account.databaseName)}" language="${context.language}" generatedAt="${esc(context.generatedAt)}" title="${esc(context.title)}">\n`;
  yield `  <account databaseName="${esc(account.databaseName)}" accountName="${esc(account.accountName)}" customerName="${esc(account.customerName)}"/>\n`;
  yield `  <period startDate="${esc(period.startDate)}" endDate="${esc(period.endDate)}"/>\n`;
  yield '  <parameters>';
  for (const [name, label] of describeParameters(context.parameters, messages, context.language)) {
    const value = context.parameters.get(name) ?? '';
    yield `<parameter name="${name}" label="${esc(label)}" value="${esc(value)}"/>`;
  }
  yield '</parameters>\n  <columns>';
  for (const c of columns) {
    yield `<column name="${c.key}" type="${c.type}" label="${esc(messages.columns[c.key])}"/>`;
  }
  yield '</columns>\n  <rows>\n';
  const open = columns.map((c) => `<${c.key}>`);
  const close = columns.map((c) => `</${c.key}>`);
  for (const row of rows) {
    let line = '    <row>';
    for (let i = 0; i < columns.length; i++) {
      const value = row[i] ?? null;
      if (value !== null) line += `${open[i] ?? ''}${esc(machineValue(value))}${close[i] ?? ''}`;
    }
    yield `${line}</row>\n`;
  }
  yield '  </rows>\n</report>\n';
}
