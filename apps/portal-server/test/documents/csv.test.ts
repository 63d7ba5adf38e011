import { generateAccount } from '@portico/fleet-data';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '../../src/documents/formats/csv.ts';
import { ACCOUNT, END_DATE, parseCsv, renderText } from './helpers.ts';

const data = generateAccount(ACCOUNT.databaseName, { endDate: END_DATE });

describe('CSV reports', () => {
  it('start with a UTF-8 byte-order mark and a row of localised column headers', async () => {
    const csv = await renderText('device-inventory', 'csv', { language: 'de' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header] = parseCsv(csv.slice(1));
    expect(header).toEqual([
      'Geräte-ID',
      'Seriennummer',
      'Hersteller',
      'Modell',
      'Farbe',
      'Standort',
      'Aufstellort',
      'Installationsdatum',
      'Außer Betrieb seit',
      'Empfohlenes Monatsvolumen',
    ]);
  });

  it('hold one record per device, with fields that read back exactly', async () => {
    const records = parseCsv((await renderText('device-inventory', 'csv')).slice(1));
    expect(records).toHaveLength(data.devices.length + 1);
    const first = data.devices[0];
    expect(records[1]).toEqual([
      first?.deviceId,
      first?.serialNumber,
      first?.manufacturer,
      first?.model,
      String(first?.isColour),
      first?.site,
      first?.location,
      first?.installDate,
      first?.retiredDate ?? '',
      String(first?.monthlyDutyCycle),
    ]);
  });

  it('end every record with CRLF and keep machine values (ISO dates, plain integers) in every language', async () => {
    const csv = await renderText('daily-meter-readings', 'csv', { language: 'de' });
    const lines = csv.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(data.meterReadingCount() + 2);
    expect(lines[1]).toMatch(/^tailspin-[^,]+,\d{4}-\d{2}-\d{2},\d+,\d+,\d+,\d+$/);
  });

  it('quote fields exactly as csv-stringify does for commas, quotes and line breaks', () => {
    const hostile = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\r\nlf', '', ' padded '];
    const ours = hostile.map(csvField).join(',');
    const theirs = stringify([hostile], { record_delimiter: '' });
    expect(ours).toBe(theirs);
    expect(parseCsv(ours)[0]).toEqual(hostile);
  });

  it('defuse text that a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('Tower 1, Floor 2')).toBe('"Tower 1, Floor 2"');
  });

  it('filter alert history by the severity parameter', async () => {
    const records = parseCsv(
      (await renderText('service-alert-history', 'csv', { parameters: { severity: 'critical' } })).slice(1),
    );
    const critical = [...data.serviceAlerts()].filter((a) => a.severity === 'critical');
    expect(records).toHaveLength(critical.length + 1);
    expect(records.slice(1).every((r) => r[2] === 'critical')).toBe(true);
  });

  it('sum monthly page volume per device over the requested number of months', async () => {
    const records = parseCsv(
      (await renderText('monthly-page-volume', 'csv', { parameters: { months: '3' } })).slice(1),
    );
    const months = new Set(records.slice(1).map((r) => r[1]));
    expect([...months].sort()).toEqual(['2024-04', '2024-05', '2024-06']);
    const device = data.devices.find((d) => d.retiredDate === null)?.deviceId;
    const june = [...data.meterReadings()]
      .filter((r) => r.deviceId === device && r.date.startsWith('2024-06'))
      .reduce((sum, r) => sum + r.monoPages + r.colourPages, 0);
    expect(records.find((r) => r[0] === device && r[1] === '2024-06')?.[4]).toBe(String(june));
  });
});
