import { generateAccount } from '@portico/fleet-data';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, END_DATE, HOSTILE_ACCOUNT, renderText } from './helpers.ts';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['row', 'column', 'parameter'].includes(name),
});

interface ParsedReport {
  report: {
    '@kind': string;
    '@account': string;
    '@language': string;
    '@generatedAt': string;
    '@title': string;
    account: Record<string, string>;
    parameters: { parameter?: Record<string, string>[] } | '';
    columns: { column: Record<string, string>[] };
    rows: { row?: Record<string, string>[] } | '';
  };
}

const parse = (xml: string) => parser.parse(xml) as ParsedReport;
const rowsOf = ({ report }: ParsedReport) => (report.rows === '' ? [] : (report.rows.row ?? []));

describe('XML reports', () => {
  it('are well-formed and carry kind, account, language and generation time on the root', async () => {
    const xml = await renderText('device-inventory', 'xml', { language: 'fr' });
    expect(XMLValidator.validate(xml)).toBe(true);
    const { report } = parse(xml);
    expect(report['@kind']).toBe('device-inventory');
    expect(report['@account']).toBe('tailspin');
    expect(report['@language']).toBe('fr');
    expect(report['@generatedAt']).toBe('2024-07-01T08:30:00Z');
    expect(report['@title']).toBe('Inventaire des appareils');
  });

  it('hold one row element per record, named by the English column keys, with localised labels', async () => {
    const data = generateAccount(ACCOUNT.databaseName, { endDate: END_DATE });
    const parsed = parse(await renderText('supply-replacements', 'xml', { language: 'ja' }));
    const replacements = [...data.supplyReplacements()];
    const rows = rowsOf(parsed);
    expect(rows).toHaveLength(replacements.length);
    expect(rows[0]).toEqual({
      deviceId: replacements[0]?.deviceId,
      date: replacements[0]?.date,
      supply: replacements[0]?.supply,
      pagesSinceLastReplacement: String(replacements[0]?.pagesSinceLastReplacement),
    });
    expect(parsed.report.columns.column.map((c) => c['@label'])).toEqual([
      'デバイスID',
      '日付',
      '消耗品',
      '前回交換以降の枚数',
    ]);
  });

  it('list the parameters with their values', async () => {
    const { report } = parse(await renderText('monthly-page-volume', 'xml', { parameters: { months: '6' } }));
    expect(report.parameters).toEqual({
      parameter: [{ '@name': 'months', '@label': 'Period (months)', '@value': '6' }],
    });
  });

  it('omit the element of an absent value instead of writing an empty one', async () => {
    const rows = rowsOf(parse(await renderText('device-inventory', 'xml')));
    expect(rows.some((r) => !('retiredDate' in r))).toBe(true);
    expect(rows.every((r) => r['retiredDate'] !== '')).toBe(true);
  });

  it('escape hostile account names so they read back unchanged', async () => {
    const xml = await renderText('open-service-alerts', 'xml', { account: HOSTILE_ACCOUNT });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parse(xml).report.account).toEqual({
      '@databaseName': 'tailspin',
      '@accountName': HOSTILE_ACCOUNT.accountName,
      '@customerName': HOSTILE_ACCOUNT.customerName,
    });
  });
});
