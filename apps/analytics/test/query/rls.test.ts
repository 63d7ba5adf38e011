import {
  AdvancedFilter,
  BasicFilter,
  RelativeDateFilter,
  RelativeDateFilterTimeUnit,
  RelativeDateOperators,
  TopNFilter,
  TupleFilter,
} from '@portico/models';
import type { IFilter } from '@portico/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import { runCompiled } from '../../src/query/run.ts';
import { compileUnderlyingQuery } from '../../src/query/underlying.ts';
import { openTestFleet, TEST_NOW } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { devices, distinct, nth } from '../helpers/oracle.ts';
import { col, compile, DEVICE_ID, firstColumn, msr, queryRunner } from '../helpers/query.ts';

let data: TestFleet;
let run: ReturnType<typeof queryRunner>;
beforeAll(async () => {
  data = await openTestFleet();
  run = queryRunner(data);
});
afterAll(async () => data.close());

const MINE = ['fabrikam'];
const mine = distinct(devices(MINE).map((d) => d.deviceId));
const theirs = devices(['contoso_emea', 'northwind']);
const DB = { table: 'Accounts', column: 'Database name' };

/** Every kind of filter someone might use to reach another account's rows. */
const attempts: [string, IFilter | Record<string, unknown>][] = [
  [
    'an Or advanced filter naming another account’s device',
    new AdvancedFilter(
      { table: 'Devices', column: 'Device ID' },
      'Or',
      { operator: 'Is', value: nth(theirs, 0).deviceId },
      { operator: 'IsNot', value: 'x' },
    ).toJSON(),
  ],
  ['an All basic filter', new BasicFilter({ table: 'Devices', column: 'Device ID' }, 'All').toJSON()],
  [
    'a NotIn basic filter',
    new BasicFilter({ table: 'Devices', column: 'Device ID' }, 'NotIn', nth(mine, 0)).toJSON(),
  ],
  [
    'an In filter on another account’s databaseName',
    new BasicFilter(DB, 'In', 'contoso_emea', 'fabrikam').toJSON(),
  ],
  ['an IsNotBlank on the databaseName', new AdvancedFilter(DB, 'And', { operator: 'IsNotBlank' }).toJSON()],
  [
    'a Contains on the databaseName',
    new AdvancedFilter(DB, 'Or', { operator: 'Contains', value: 'o' }, { operator: 'IsBlank' }).toJSON(),
  ],
  [
    'a tuple naming another account',
    new TupleFilter([DB, { table: 'Devices', column: 'Device ID' }], 'In', [
      [{ value: 'contoso_emea' }, { value: nth(theirs, 0).deviceId }],
    ]).toJSON(),
  ],
  [
    'a top N across accounts',
    new TopNFilter({ table: 'Devices', column: 'Device ID' }, 'Top', 1000, {
      table: 'Meter readings',
      measure: 'Total pages',
    }).toJSON(),
  ],
  [
    'a relative date over all time',
    new RelativeDateFilter(
      { table: 'Devices', column: 'Install date' },
      RelativeDateOperators.InLast,
      10_000,
      RelativeDateFilterTimeUnit.Years,
      true,
    ).toJSON(),
  ],
  ['an injection attempt in a value', new BasicFilter(DB, 'NotIn', "x' OR 1=1 --").toJSON()],
];

describe('row-level security', () => {
  for (const [name, filter] of attempts) {
    it(`is not widened by ${name}`, async () => {
      const ids = firstColumn(await run({ select: [DEVICE_ID], filters: [filter] }, MINE));
      expect(ids.length).toBeLessThanOrEqual(mine.length);
      for (const id of ids) expect(mine).toContain(id);
      const accounts = firstColumn(
        await run(
          {
            select: [col('Accounts', 'Database name'), msr('Meter readings', 'Total pages')],
            filters: [filter],
          },
          MINE,
        ),
      );
      expect(accounts.every((a) => a === 'fabrikam')).toBe(true);
    });
  }

  it('restricts every table of the statement, subqueries included, by the one RLS parameter', () => {
    const { sql, params } = compile(
      {
        select: [
          col('Calendar', 'Month'),
          col('Devices', 'Model'),
          msr('Meter readings', 'Total pages'),
          msr('Service alerts', 'Alerts'),
        ],
        filters: [nth(attempts, 7)[1]],
      },
      MINE,
    );
    const tables = sql.match(/\(SELECT \* FROM "[a-z_]+"/g) ?? [];
    const restricted =
      sql.match(/\(SELECT \* FROM "[a-z_]+" WHERE list_contains\(\$1, "database_name"\)\)/g) ?? [];
    expect(tables.length).toBeGreaterThan(6);
    expect(restricted).toHaveLength(tables.length);
    expect(sql.match(/FROM "/g)).toHaveLength(tables.length);
    expect(params[0]).toMatchObject({ items: ['fabrikam'] });
  });

  it('gives nothing to a caller with no accounts', async () => {
    expect((await run({ select: [DEVICE_ID] }, [])).rows).toEqual([]);
    expect((await run({ select: [msr('Meter readings', 'Total pages')] }, [])).rows).toEqual([[null]]);
  });

  it('shows a caller with two accounts exactly those two', async () => {
    const two = ['fabrikam', 'tailspin'];
    expect(firstColumn(await run({ select: [col('Accounts', 'Database name')] }, two))).toEqual(two);
    expect(firstColumn(await run({ select: [DEVICE_ID] }, two))).toEqual(
      distinct(devices(two).map((d) => d.deviceId)),
    );
  });

  it('holds for underlying-data exports too', async () => {
    for (const [, filter] of attempts) {
      const compiled = compileUnderlyingQuery(
        PRINT_FLEET_DATASET,
        { select: [DEVICE_ID, msr('Meter readings', 'Total pages')], filters: [filter] },
        { databaseNames: MINE, now: TEST_NOW },
      );
      const ids = firstColumn(await runCompiled(data.fleet.engine, compiled));
      expect(ids.every((id) => mine.includes(id as string))).toBe(true);
    }
  });
});
