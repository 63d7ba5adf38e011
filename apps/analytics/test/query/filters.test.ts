import { AdvancedFilter, BasicFilter, IncludeExcludeFilter, TupleFilter } from '@portico/models';
import type { IAdvancedFilterCondition, IFilter } from '@portico/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestFleet } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { devices, distinct, nth } from '../helpers/oracle.ts';
import type { DeviceRow } from '../helpers/oracle.ts';
import { col, DEVICE_ID, firstColumn, queryRunner } from '../helpers/query.ts';

let data: TestFleet;
let run: ReturnType<typeof queryRunner>;
beforeAll(async () => {
  data = await openTestFleet();
  run = queryRunner(data);
});
afterAll(async () => data.close());

/** The ids of the devices a filter keeps, by the query layer. */
async function deviceIds(filter: IFilter | Record<string, unknown>): Promise<unknown[]> {
  return firstColumn(await run({ select: [DEVICE_ID], filters: [filter] }));
}
/** The ids of the devices `keep` keeps, by JS. */
const expectedIds = (keep: (d: DeviceRow) => boolean): string[] =>
  distinct(
    devices()
      .filter(keep)
      .map((d) => d.deviceId),
  );

const target = (column: string) => ({ table: 'Devices', column });
const advanced = (column: string, logical: 'And' | 'Or', ...conditions: IAdvancedFilterCondition[]) =>
  new AdvancedFilter(target(column), logical, conditions).toJSON();

describe('basic filters', () => {
  const models = distinct(devices().map((d) => d.model));
  const sites = distinct(devices().map((d) => d.site));

  it('In keeps exactly the rows holding one of the values', async () => {
    const chosen = [nth(models, 0), nth(models, 2)];
    expect(await deviceIds(new BasicFilter(target('Model'), 'In', chosen).toJSON())).toEqual(
      expectedIds((d) => chosen.includes(d.model)),
    );
  });

  it('NotIn keeps every other row', async () => {
    const dropped = sites.slice(0, 3);
    expect(await deviceIds(new BasicFilter(target('Site'), 'NotIn', dropped).toJSON())).toEqual(
      expectedIds((d) => !dropped.includes(d.site)),
    );
  });

  it('All keeps every row', async () => {
    expect(await deviceIds(new BasicFilter(target('Site'), 'All').toJSON())).toEqual(expectedIds(() => true));
  });

  it('reads booleans, numbers and dates in the column’s type', async () => {
    expect(await deviceIds(new BasicFilter(target('Is colour'), 'In', true).toJSON())).toEqual(
      expectedIds((d) => d.isColour),
    );
    const cycle = nth(devices(), 0).monthlyDutyCycle;
    expect(
      await deviceIds(new BasicFilter(target('Monthly duty cycle'), 'In', String(cycle)).toJSON()),
    ).toEqual(expectedIds((d) => d.monthlyDutyCycle === cycle));
    const installed = nth(devices(), 3).installDate;
    expect(
      await deviceIds(new BasicFilter(target('Install date'), 'In', `${installed}T00:00:00.000Z`).toJSON()),
    ).toEqual(expectedIds((d) => d.installDate === installed));
  });

  it('In with null keeps blanks; NotIn without null keeps blanks too', async () => {
    const retired = String(
      nth(
        devices().filter((d) => d.retiredDate !== null),
        0,
      ).retiredDate,
    );
    expect(
      await deviceIds({ filterType: 1, target: target('Retired date'), operator: 'In', values: [null] }),
    ).toEqual(expectedIds((d) => d.retiredDate === null));
    expect(await deviceIds(new BasicFilter(target('Retired date'), 'NotIn', retired).toJSON())).toEqual(
      expectedIds((d) => d.retiredDate !== retired),
    );
  });

  it('requireSingleSelection refuses more than one value', async () => {
    const filter = {
      ...new BasicFilter(target('Model'), 'In', nth(models, 0), nth(models, 1)).toJSON(),
      requireSingleSelection: true,
    };
    await expect(deviceIds(filter)).rejects.toThrow('requireSingleSelection allows one value; got 2');
    const single = {
      ...new BasicFilter(target('Model'), 'In', nth(models, 0)).toJSON(),
      requireSingleSelection: true,
    };
    expect(await deviceIds(single)).toEqual(expectedIds((d) => d.model === models[0]));
  });

  it('include/exclude filters keep or drop the listed values', async () => {
    expect(
      await deviceIds(new IncludeExcludeFilter(target('Model'), true, [nth(models, 1)]).toJSON()),
    ).toEqual(expectedIds((d) => d.model !== models[1]));
    expect(
      await deviceIds(new IncludeExcludeFilter(target('Model'), false, [nth(models, 1)]).toJSON()),
    ).toEqual(expectedIds((d) => d.model === models[1]));
  });

  it('are accepted structured-cloned and without $schema, keyed by filterType', async () => {
    const { $schema: _schema, ...bare } = structuredClone(
      new BasicFilter(target('Model'), 'In', nth(models, 0)).toJSON(),
    );
    expect(await deviceIds(bare)).toEqual(expectedIds((d) => d.model === models[0]));
    const schemaOnly = {
      $schema: 'http://powerbi.com/product/schema#basic',
      target: target('Model'),
      operator: 'In',
      values: [models[0]],
    };
    expect(await deviceIds(schemaOnly)).toEqual(expectedIds((d) => d.model === models[0]));
  });
});

describe('advanced filters', () => {
  const model = nth(devices(), 5).model;
  const cases: [string, string, IAdvancedFilterCondition, (d: DeviceRow) => boolean][] = [
    [
      'LessThan',
      'Monthly duty cycle',
      { operator: 'LessThan', value: 10_000 },
      (d) => d.monthlyDutyCycle < 10_000,
    ],
    [
      'LessThanOrEqual',
      'Monthly duty cycle',
      { operator: 'LessThanOrEqual', value: 10_000 },
      (d) => d.monthlyDutyCycle <= 10_000,
    ],
    [
      'GreaterThan',
      'Monthly duty cycle',
      { operator: 'GreaterThan', value: 10_000 },
      (d) => d.monthlyDutyCycle > 10_000,
    ],
    [
      'GreaterThanOrEqual',
      'Monthly duty cycle',
      { operator: 'GreaterThanOrEqual', value: 10_000 },
      (d) => d.monthlyDutyCycle >= 10_000,
    ],
    [
      'Contains (any case)',
      'Location',
      { operator: 'Contains', value: 'FLOOR 2' },
      (d) => d.location.toLowerCase().includes('floor 2'),
    ],
    [
      'DoesNotContain',
      'Location',
      { operator: 'DoesNotContain', value: 'floor 2' },
      (d) => !d.location.toLowerCase().includes('floor 2'),
    ],
    [
      'StartsWith (any case)',
      'Model',
      { operator: 'StartsWith', value: 'laserjet' },
      (d) => d.model.toLowerCase().startsWith('laserjet'),
    ],
    [
      'DoesNotStartWith',
      'Model',
      { operator: 'DoesNotStartWith', value: 'LaserJet' },
      (d) => !d.model.toLowerCase().startsWith('laserjet'),
    ],
    ['Is', 'Model', { operator: 'Is', value: model }, (d) => d.model === model],
    ['IsNot', 'Model', { operator: 'IsNot', value: model }, (d) => d.model !== model],
    ['IsBlank', 'Retired date', { operator: 'IsBlank' }, (d) => d.retiredDate === null],
    ['IsNotBlank', 'Retired date', { operator: 'IsNotBlank' }, (d) => d.retiredDate !== null],
    [
      'GreaterThan on a date',
      'Install date',
      { operator: 'GreaterThan', value: '2020-01-01T00:00:00.000Z' },
      (d) => d.installDate > '2020-01-01',
    ],
    [
      'LessThan on a date',
      'Install date',
      { operator: 'LessThan', value: '2019-06-15' },
      (d) => d.installDate < '2019-06-15',
    ],
    [
      'IsNot on a blank-holding date',
      'Retired date',
      { operator: 'IsNot', value: '2024-05-01' },
      (d) => d.retiredDate !== '2024-05-01',
    ],
  ];
  for (const [name, column, condition, keep] of cases) {
    it(`${name} keeps exactly the matching rows`, async () => {
      expect(await deviceIds(advanced(column, 'And', condition))).toEqual(expectedIds(keep));
    });
  }

  it('And keeps the rows matching both conditions, Or those matching either', async () => {
    expect(
      await deviceIds(
        advanced(
          'Monthly duty cycle',
          'And',
          { operator: 'GreaterThanOrEqual', value: 4000 },
          { operator: 'LessThan', value: 15_000 },
        ),
      ),
    ).toEqual(expectedIds((d) => d.monthlyDutyCycle >= 4000 && d.monthlyDutyCycle < 15_000));
    expect(
      await deviceIds(
        advanced(
          'Location',
          'Or',
          { operator: 'Contains', value: 'finance' },
          { operator: 'StartsWith', value: 'tower' },
        ),
      ),
    ).toEqual(
      expectedIds(
        (d) => d.location.toLowerCase().includes('finance') || d.location.toLowerCase().startsWith('tower'),
      ),
    );
  });

  it('counts the empty string as blank in text columns', async () => {
    const answer = await run({
      select: [col('Accounts', 'Database name')],
      filters: [
        new AdvancedFilter({ table: 'Accounts', column: 'Customer' }, 'And', {
          operator: 'IsBlank',
        }).toJSON(),
      ],
    });
    expect(firstColumn(answer)).toEqual(['tailspin']);
  });

  it('ignores None conditions', async () => {
    expect(await deviceIds(advanced('Model', 'And', { operator: 'None' }))).toEqual(expectedIds(() => true));
  });
});

describe('tuple filters', () => {
  it('keep the rows whose columns hold one of the listed combinations', async () => {
    const [a, b] = [nth(devices(), 0), nth(devices(), 9)];
    const filter = new TupleFilter([target('Model'), target('Site')], 'In', [
      [{ value: a.model }, { value: a.site }],
      [{ value: b.model }, { value: b.site }],
    ]).toJSON();
    expect(await deviceIds(filter)).toEqual(
      expectedIds(
        (d) => (d.model === a.model && d.site === a.site) || (d.model === b.model && d.site === b.site),
      ),
    );
  });
});

describe('hierarchy filters', () => {
  it('keep selected subtrees, drop NotSelected children and follow Inherited nodes', async () => {
    const byMaker = (maker: string) =>
      distinct(
        devices()
          .filter((d) => d.manufacturer === maker)
          .map((d) => d.model),
      );
    const makers = distinct(devices().map((d) => d.manufacturer)).filter((m) => byMaker(m).length >= 2);
    const [first, second] = [nth(makers, 0), nth(makers, 1)];
    const dropped = nth(byMaker(first), 0);
    const picked = nth(byMaker(second), 1);
    const filter = {
      filterType: 9,
      target: [target('Manufacturer'), target('Model')],
      hierarchyData: [
        { value: first, operator: 'Selected', children: [{ value: dropped, operator: 'NotSelected' }] },
        { value: second, operator: 'Inherited', children: [{ value: picked, operator: 'Selected' }] },
      ],
    };
    expect(await deviceIds(filter)).toEqual(
      expectedIds(
        (d) =>
          (d.manufacturer === first && d.model !== dropped) ||
          (d.manufacturer === second && d.model === picked),
      ),
    );
  });
});

describe('filter targets', () => {
  it('a hierarchy level targets its column', async () => {
    const filter = new BasicFilter(
      { table: 'Devices', hierarchy: 'Fleet', hierarchyLevel: 'Manufacturer' } as never,
      'In',
      'HP',
    ).toJSON();
    expect(await deviceIds(filter)).toEqual(expectedIds((d) => d.manufacturer === 'HP'));
  });
});

describe('hostile values', () => {
  it('are compared as plain data and match nothing', async () => {
    for (const value of ["'; DROP TABLE devices; --", 'x" OR 1=1 --', '\u0000', '%', '_', '\\']) {
      expect(await deviceIds(new BasicFilter(target('Model'), 'In', value).toJSON())).toEqual([]);
      expect(await deviceIds(advanced('Location', 'And', { operator: 'Contains', value }))).toEqual(
        expectedIds((d) => d.location.toLowerCase().includes(value)),
      );
    }
    expect((await run({ select: [DEVICE_ID] })).rows.length).toBe(devices().length);
  });

  it('out-of-range dates are refused, not passed to the engine', async () => {
    for (const value of [1e20, '+275760-09-13', '0000-01-01', -1e16]) {
      await expect(
        deviceIds(new BasicFilter(target('Install date'), 'In', value as never).toJSON()),
      ).rejects.toThrow(/not a valid date value/);
    }
  });
});
