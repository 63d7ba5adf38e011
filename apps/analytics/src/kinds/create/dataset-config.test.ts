import { describe, expect, it } from 'vitest';
import { DatasetConfigError, parseCell, parseDatasetConfig, QUICK_CREATE_LIMITS } from './dataset-config.ts';

const sales = {
  name: 'Sales',
  columns: [
    { name: 'Region', dataType: 'Text' },
    { name: 'Units', displayName: 'Units sold', dataType: 'Int64' },
    { name: 'Revenue', dataType: 'Double' },
  ],
};

function refusal(input: unknown): DatasetConfigError {
  try {
    parseDatasetConfig(input);
  } catch (error) {
    if (error instanceof DatasetConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('parseDatasetConfig', () => {
  it('refuses a null configuration, which the SDK validator lets through, as SDK_VALIDATION', () => {
    for (const input of [null, undefined]) {
      const error = refusal(input);
      expect(error).toMatchObject({ reason: 'SDK_VALIDATION', status: 400 });
      expect(error.message).toBe('datasetCreateConfig must be an object');
    }
  });

  it('reads the rows of each table as the types of its columns', () => {
    const tables = parseDatasetConfig({
      locale: 'en-US',
      tableSchemaList: [sales],
      data: [
        {
          name: 'Sales',
          rows: [
            ['North', '12', '1200.5'],
            ['South', '', ''],
          ],
        },
      ],
    });
    expect(tables).toEqual([
      {
        name: 'Sales',
        columns: [
          { name: 'Region', displayName: 'Region', dataType: 'string' },
          { name: 'Units', displayName: 'Units sold', dataType: 'integer' },
          { name: 'Revenue', displayName: 'Revenue', dataType: 'decimal' },
        ],
        rows: [
          ['North', 12, 1200.5],
          ['South', null, null],
        ],
      },
    ]);
  });

  it("answers the SDK's §5 messages word for word", () => {
    expect(refusal({ locale: 'en' }).message).toBe('At least one of data or mashupDocument must be provided');
    expect(refusal({ locale: 'en', data: [] }).message).toBe(
      'tableSchemaList cannot be empty when data is provided',
    );
    expect(refusal({ locale: 'en', datasourceConnectionConfig: {}, data: [] }).message).toBe(
      'mashupDocument cannot be empty when datasourceConnectionConfig is presented',
    );
    const missing = refusal({ data: [] });
    expect(missing.reason).toBe('SDK_VALIDATION');
    expect(missing.errors).toEqual([{ message: 'locale is required', path: 'locale', keyword: 'required' }]);
  });

  it('refuses a mashup document, which this service cannot run', () => {
    expect(refusal({ locale: 'en', mashupDocument: 'let x = 1 in x' }).reason).toBe('UNSUPPORTED_SOURCE');
  });

  it('names an unknown data type and where it is', () => {
    const error = refusal({
      locale: 'en',
      tableSchemaList: [{ name: 'T', columns: [{ name: 'a', dataType: 'Blob' }] }],
      data: [],
    });
    expect(error).toMatchObject({
      reason: 'UNKNOWN_DATA_TYPE',
      path: 'tableSchemaList[0].columns[0].dataType',
    });
  });

  it('refuses rows whose length differs from the columns, and values not of their type', () => {
    const shape = refusal({
      locale: 'en',
      tableSchemaList: [sales],
      data: [{ name: 'Sales', rows: [['a', '1']] }],
    });
    expect(shape).toMatchObject({ reason: 'ROW_SHAPE', path: 'data[0].rows[0]', status: 400 });
    const value = refusal({
      locale: 'en',
      tableSchemaList: [sales],
      data: [{ name: 'Sales', rows: [['a', '1.5', '2']] }],
    });
    expect(value).toMatchObject({ reason: 'INVALID_VALUE', path: 'data[0].rows[0][1]' });
  });

  it('refuses data for a table the schema does not list, and duplicate names', () => {
    expect(
      refusal({ locale: 'en', tableSchemaList: [sales], data: [{ name: 'Other', rows: [] }] }).reason,
    ).toBe('UNKNOWN_TABLE');
    const twice = {
      name: 'T',
      columns: [
        { name: 'a', dataType: 'Text' },
        { name: 'A', dataType: 'Text' },
      ],
    };
    expect(refusal({ locale: 'en', tableSchemaList: [twice], data: [] }).reason).toBe('DUPLICATE_NAME');
  });

  it('refuses more rows than the limit with 413', () => {
    const rows = Array.from({ length: QUICK_CREATE_LIMITS.rows + 1 }, () => ['x']);
    const error = refusal({
      locale: 'en',
      tableSchemaList: [{ name: 'T', columns: [{ name: 'a', dataType: 'Text' }] }],
      data: [{ name: 'T', rows }],
    });
    expect(error).toMatchObject({ reason: 'TOO_LARGE', status: 413 });
  });

  it('reads decimals with the decimal separator of the locale', () => {
    const [table] = parseDatasetConfig({
      locale: 'de-DE',
      tableSchemaList: [{ name: 'T', columns: [{ name: 'a', dataType: 'Decimal' }] }],
      data: [{ name: 'T', rows: [['1,25']] }],
    });
    expect(table?.rows).toEqual([[1.25]]);
    expect(refusal({ locale: 'not a locale!', tableSchemaList: [sales], data: [] }).reason).toBe(
      'INVALID_LOCALE',
    );
  });
});

describe('parseCell', () => {
  it.each([
    ['2024-02-29', 'date', '2024-02-29'],
    ['2023-02-29', 'date', undefined],
    ['2024-05-02T07:41:09+02:00', 'dateTime', '2024-05-02T05:41:09.000Z'],
    ['2024-05-02 07:41', 'dateTime', '2024-05-02T07:41:00.000Z'],
    ['Yes', 'boolean', true],
    ['maybe', 'boolean', undefined],
    ['9007199254740993', 'integer', undefined],
    ['-42', 'integer', -42],
    ['1e3', 'decimal', 1000],
    ['12abc', 'decimal', undefined],
    // Beyond BIGINT: the engine binds a whole number as BIGINT (1e308 answered 500 'bigint out of int64 range').
    ['1e308', 'decimal', undefined],
    ['-9223372036854775808', 'decimal', undefined],
    ['9.2e18', 'decimal', 9.2e18],
    ['0.5e-300', 'decimal', 0.5e-300],
    // A zone that moves the instant past year 9999 or before year 1 (answered 500 from the TIMESTAMP cast).
    ['9999-12-31T23:59:59-14:00', 'dateTime', undefined],
    ['0001-01-01T00:00:00+14:00', 'dateTime', undefined],
    ['9999-12-31T23:59:59Z', 'dateTime', '9999-12-31T23:59:59.000Z'],
    // Years below 100 are years, not 1900 + year.
    ['0001-01-01', 'date', '0001-01-01'],
    ['0096-02-29', 'date', '0096-02-29'],
    ['0099-02-29', 'date', undefined],
    ['0050-06-01T12:00:00Z', 'dateTime', '0050-06-01T12:00:00.000Z'],
  ] as const)('reads %s as a %s: %s', (text, type, expected) => {
    expect(parseCell(text, type)).toEqual(expected);
  });
});
