import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import type { FieldRef } from '@portico/analytics-model';
import { QueryError } from '@portico/analytics-model';
import { runCompiled } from '../../src/query/run.ts';
import { compileUnderlyingQuery } from '../../src/query/underlying.ts';
import { openTestFleet, TEST_NOW } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { msr, queryRunner } from '../helpers/query.ts';

let data: TestFleet;
let run: ReturnType<typeof queryRunner>;
beforeAll(async () => {
  data = await openTestFleet();
  run = queryRunner(data);
});
afterAll(async () => data.close());

const COLUMNS: FieldRef[] = PRINT_FLEET_DATASET.tables.flatMap((t) =>
  t.columns.map((c) => ({ column: { table: t.name, column: c.name } })),
);
const MEASURES = [
  msr('Meter readings', 'Colour share'),
  msr('Service alerts', 'Alerts'),
  msr('Supply levels', 'Average level'),
];
const FILTERS = [
  { filterType: 1, target: { table: 'Devices', column: 'Site' }, operator: 'NotIn', values: ['Nowhere'] },
  {
    filterType: 4,
    target: { table: 'Calendar', column: 'Date' },
    operator: 0,
    timeUnitsCount: 30,
    timeUnitType: 0,
  },
  {
    filterType: 5,
    target: { table: 'Devices', column: 'Model' },
    operator: 'Top',
    itemCount: 3,
    orderBy: { table: 'Meter readings', measure: 'Total pages' },
  },
  {
    filterType: 0,
    target: { table: 'Service alerts', measure: 'Alerts' },
    logicalOperator: 'Or',
    conditions: [{ operator: 'GreaterThan', value: 0 }, { operator: 'IsBlank' }],
  },
];

describe('every column of the model, alone or with measures of three tables, under four kinds of filter', () => {
  it('either answers or is refused with a QueryError — the engine never sees a statement it cannot run', async () => {
    const context = { databaseNames: ['fabrikam', 'northwind'], now: TEST_NOW };
    let answered = 0;
    for (const column of COLUMNS) {
      for (const select of [[column], [column, ...MEASURES]]) {
        for (const query of [{ select }, { select, filters: FILTERS }]) {
          for (const attempt of [
            () => run(query, context.databaseNames),
            () =>
              runCompiled(data.fleet.engine, compileUnderlyingQuery(PRINT_FLEET_DATASET, query, context, 20)),
          ]) {
            try {
              await attempt();
              answered += 1;
            } catch (error) {
              if (!(error instanceof QueryError))
                throw new Error(`${JSON.stringify(query)}: ${String(error)}`);
            }
          }
        }
      }
    }
    expect(answered).toBeGreaterThan(150);
  }, 60_000);
});
