import { describe, expect, it } from 'vitest';
import { addDays, lastWholeMonth, ParameterError, resolveParameters } from './parameters.ts';
import type { ParameterContext } from './parameters.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { INVOICE_REPORT } from './samples/invoice.ts';

const context: ParameterContext = {
  accounts: [
    { databaseName: 'fabrikam', name: 'Fabrikam' },
    { databaseName: 'tailspin', name: 'Tailspin' },
  ],
  sites: new Map([
    ['fabrikam', ['Chicago', 'Denver']],
    ['tailspin', ['Osaka']],
  ]),
  firstDate: '2024-03-03',
  lastDate: '2024-06-30',
};

const resolve = (report: typeof INVOICE_REPORT, given: unknown) =>
  resolveParameters(report.parameters, given, context);

function refusal(report: typeof INVOICE_REPORT, given: unknown): ParameterError {
  try {
    resolve(report, given);
  } catch (error) {
    if (error instanceof ParameterError) return error;
    throw error;
  }
  throw new Error('the values were accepted');
}

describe('parameter defaults', () => {
  it('default the invoice to the first account, the last whole month, all sites and the list prices', () => {
    expect(resolve(INVOICE_REPORT, undefined).values).toEqual({
      Account: 'fabrikam',
      Month: '2024-06',
      Site: null,
      MonoPrice: 0.008,
      ColourPrice: 0.045,
    });
  });

  it('default the alert list to every account of the token and the last 90 days of the data', () => {
    expect(resolve(DEVICE_ALERTS_REPORT, []).values).toMatchObject({
      Accounts: ['fabrikam', 'tailspin'],
      From: '2024-04-02',
      To: '2024-06-30',
      Severity: ['critical', 'warning', 'info'],
      Status: 'All',
    });
  });

  it('list the sites of the chosen accounts only', () => {
    const { parameters } = resolve(DEVICE_ALERTS_REPORT, [{ name: 'Accounts', value: 'tailspin' }]);
    expect(parameters.find((p) => p.name === 'Site')?.validValues).toEqual([
      { value: 'Osaka', label: 'Osaka' },
    ]);
  });

  it('list the sites of several accounts in one order as text sorts, whatever their case', () => {
    const sites = new Map([
      ['fabrikam', ['Chicago', 'Denver']],
      ['tailspin', ['Osaka', 'annex B']],
    ]);
    const { parameters } = resolveParameters(DEVICE_ALERTS_REPORT.parameters, [], { ...context, sites });
    expect(parameters.find((p) => p.name === 'Site')?.validValues?.map((v) => v.value)).toEqual([
      'annex B',
      'Chicago',
      'Denver',
      'Osaka',
    ]);
  });

  it('compute whole months and day offsets on the UTC calendar', () => {
    expect(lastWholeMonth('2024-06-29')).toBe('2024-05');
    expect(lastWholeMonth('2024-01-31')).toBe('2024-01');
    expect(lastWholeMonth('2024-01-30')).toBe('2023-12');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('parameter validation', () => {
  it('reads typed values and blanks of nullable parameters', () => {
    const { values } = resolve(INVOICE_REPORT, [
      { name: 'Month', value: '2024-04' },
      { name: 'Site', value: 'Denver' },
      { name: 'MonoPrice', value: '0.5' },
    ]);
    expect(values).toMatchObject({ Month: '2024-04', Site: 'Denver', MonoPrice: 0.5 });
    expect(resolve(INVOICE_REPORT, [{ name: 'Site', value: '' }]).values['Site']).toBeNull();
  });

  it.each([
    [
      [{ name: 'Account', value: 'contoso_emea' }],
      /'Account': 'contoso_emea' is not one of its valid values/,
    ],
    [[{ name: 'Month', value: '2024-13' }], /not a month/],
    [[{ name: 'Month', value: '2023-01' }], /data covers 2024-03-03 to 2024-06-30/],
    [[{ name: 'MonoPrice', value: '-1' }], /below 0/],
    [[{ name: 'MonoPrice', value: '1e3' }], /not a number/],
    [[{ name: 'ColourPrice', value: '11' }], /above 10/],
    [[{ name: 'Month', value: '' }], /needs a value/],
    [[{ name: 'Site', value: 'Osaka' }], /'Site': 'Osaka'/],
    [
      [
        { name: 'Month', value: '2024-04' },
        { name: 'Month', value: '2024-05' },
      ],
      /takes one value/,
    ],
    [[{ name: 'Month', value: 5 }], /parameterValues\[0\]/],
    [{ Month: '2024-04' }, /must be a list/],
  ])('refuse %j', (given, message) => {
    const error = refusal(INVOICE_REPORT, given);
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toMatch(message);
  });

  it('refuse names the report does not have, naming the ones it has', () => {
    const error = refusal(INVOICE_REPORT, [{ name: 'month', value: '2024-04' }]);
    expect(error.code).toBe('UNKNOWN_PARAMETER');
    expect(error.message).toBe(
      "This report has no parameter 'month' (it has: Account, Month, Site, MonoPrice, ColourPrice).",
    );
  });

  it('refuse an account outside the token among several values', () => {
    const error = refusal(DEVICE_ALERTS_REPORT, [
      { name: 'Accounts', value: 'fabrikam' },
      { name: 'Accounts', value: 'northwind' },
    ]);
    expect(error.message).toMatch(/'Accounts': 'northwind'/);
  });

  it('refuse a range that ends before it starts, and impossible dates', () => {
    expect(
      refusal(DEVICE_ALERTS_REPORT, [
        { name: 'From', value: '2024-05-02' },
        { name: 'To', value: '2024-05-01' },
      ]).message,
    ).toMatch(/'To': 2024-05-01 is before From/);
    expect(refusal(DEVICE_ALERTS_REPORT, [{ name: 'From', value: '2023-02-29' }]).message).toMatch(
      /not a date/,
    );
  });
});
