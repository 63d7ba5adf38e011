import {
  AdvancedFilter,
  BasicFilter,
  RelativeDateFilter,
  RelativeDateFilterTimeUnit as Unit,
  RelativeDateOperators as Op,
  RelativeTimeFilter,
  TopNFilter,
} from '@portico/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestFleet, TEST_NOW } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { alerts, devices, distinct, meters, nth, sumBy, textOrder } from '../helpers/oracle.ts';
import { col, firstColumn, msr, queryRunner } from '../helpers/query.ts';

let data: TestFleet;
let run: ReturnType<typeof queryRunner>;
beforeAll(async () => {
  data = await openTestFleet();
  run = queryRunner(data);
});
afterAll(async () => data.close());

const MODEL = col('Devices', 'Model');
const TOTAL_PAGES = msr('Meter readings', 'Total pages');
const pagesByModel = () =>
  sumBy(
    meters(),
    (m) => m.device.model,
    (m) => m.pages,
  );

describe('measures', () => {
  it('are aggregated per group of the selected columns', async () => {
    expect((await run({ select: [MODEL, TOTAL_PAGES] })).rows).toEqual(pagesByModel());
  });

  it('with no column, aggregate everything into one row', async () => {
    const answer = await run({
      select: [TOTAL_PAGES, msr('Meter readings', 'Reporting devices'), msr('Meter readings', 'Readings')],
    });
    const rows = meters();
    expect(answer.rows).toEqual([
      [rows.reduce((s, m) => s + m.pages, 0), new Set(rows.map((m) => m.deviceId)).size, rows.length],
    ]);
  });

  it('of two tables line up by group', async () => {
    const answer = await run({ select: [MODEL, TOTAL_PAGES, msr('Service alerts', 'Alerts')] });
    const alertCounts = new Map(
      sumBy(
        alerts(),
        (a) => a.device.model,
        () => 1,
      ),
    );
    expect(answer.rows).toEqual(
      pagesByModel().map(([model, pages]) => [model, pages, alertCounts.get(model) ?? null]),
    );
  });

  it('include implicit aggregations and ratios, with BigInt counts as plain numbers', async () => {
    const answer = await run({
      select: [
        { aggregation: { table: 'Meter readings', column: 'Pages', function: 'Average' } },
        msr('Meter readings', 'Colour share'),
      ],
    });
    const rows = meters();
    const total = rows.reduce((s, m) => s + m.pages, 0);
    const [average, share] = answer.rows[0] as [number, number];
    expect(average).toBeCloseTo(total / rows.length, 9);
    expect(share).toBeCloseTo(rows.reduce((s, m) => s + m.colourPages, 0) / total, 12);
    expect(answer.columns.map((c) => c.displayName)).toEqual(['Average of Pages', 'Colour share']);
  });

  it('with no measure, list the distinct values (a slicer)', async () => {
    expect(firstColumn(await run({ select: [col('Devices', 'Site')] }))).toEqual(
      distinct(devices().map((d) => d.site)),
    );
  });

  it('order by a sort-by column when the visual shows its partner (day names in weekday order)', async () => {
    const answer = await run({ select: [col('Calendar', 'Day of week')] });
    expect(firstColumn(answer)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('order by any selected field and cut at top', async () => {
    const answer = await run({
      select: [MODEL, TOTAL_PAGES],
      orderBy: [{ field: TOTAL_PAGES, direction: 'Descending' }],
      top: 3,
    });
    expect(answer.rows).toEqual([...pagesByModel()].sort((a, b) => b[1] - a[1]).slice(0, 3));
    expect(answer.truncated).toBe(true);
  });

  it('filtered on a measure keep only the groups that pass (HAVING)', async () => {
    const threshold = nth(pagesByModel(), Math.floor(pagesByModel().length / 2))[1];
    const filter = new AdvancedFilter({ table: 'Meter readings', measure: 'Total pages' } as never, 'And', {
      operator: 'GreaterThanOrEqual',
      value: threshold,
    }).toJSON();
    expect((await run({ select: [MODEL, TOTAL_PAGES], filters: [filter] })).rows).toEqual(
      pagesByModel().filter(([, p]) => p >= threshold),
    );
    // The same through an aggregation target, with the measure not even selected.
    const aggregation = {
      ...filter,
      target: { table: 'Meter readings', column: 'Pages', aggregationFunction: 'Sum' },
    };
    expect(firstColumn(await run({ select: [MODEL], filters: [aggregation] }))).toEqual(
      pagesByModel()
        .filter(([, p]) => p >= threshold)
        .map(([m]) => m),
    );
  });
});

describe('top N filters', () => {
  it('keep the N groups with the highest (Top) or lowest (Bottom) measure', async () => {
    const ranked = [...pagesByModel()].sort((a, b) => b[1] - a[1]);
    const top = new TopNFilter({ table: 'Devices', column: 'Model' }, 'Top', 3, {
      table: 'Meter readings',
      measure: 'Total pages',
    }).toJSON();
    expect((await run({ select: [MODEL, TOTAL_PAGES], filters: [top] })).rows).toEqual(
      pagesByModel().filter(([m]) => ranked.slice(0, 3).some(([r]) => r === m)),
    );
    const bottom = { ...top, operator: 'Bottom', itemCount: 2 };
    expect(firstColumn(await run({ select: [MODEL], filters: [bottom] }))).toEqual(
      distinct(ranked.slice(-2).map(([m]) => m)),
    );
  });

  it('rank under the other filters', async () => {
    const site = nth(devices(), 0).site;
    const inSite = sumBy(
      meters().filter((m) => m.device.site === site),
      (m) => m.device.model,
      (m) => m.pages,
    ).sort((a, b) => b[1] - a[1]);
    const filters = [
      new BasicFilter({ table: 'Devices', column: 'Site' }, 'In', site).toJSON(),
      new TopNFilter({ table: 'Devices', column: 'Model' }, 'Top', 1, {
        table: 'Meter readings',
        measure: 'Total pages',
      }).toJSON(),
    ];
    expect((await run({ select: [MODEL, TOTAL_PAGES], filters })).rows).toEqual([inSite[0]]);
  });
});

describe('top N filters ranked in the query (one aggregation)', () => {
  const DEVICES = msr('Devices', 'Devices');
  const byCount = new TopNFilter({ table: 'Devices', column: 'Model' }, 'Top', 4, {
    table: 'Devices',
    measure: 'Devices',
  }).toJSON();
  /** Printers per model, best first, ties by the model's name as text sorts (case aside first). */
  const ranked = () =>
    sumBy(
      devices(),
      (d) => d.model,
      () => 1,
    ).sort((a, b) => b[1] - a[1] || textOrder(a[0], b[0]));

  it('keep the same groups as the subquery would, ties broken by the group’s value', async () => {
    const expected = ranked().slice(0, 4);
    const answer = await run({ select: [MODEL, DEVICES], filters: [byCount] });
    expect(answer.rows).toEqual([...expected].sort(([a], [b]) => textOrder(a, b)));
  });

  it('break a tie at the cut by the group’s value as text sorts, whatever its case, ranked in place or by subquery', async () => {
    // Three models of two printers each compete for the eighth place: "imageRUNNER 2630i" sorts before
    // "LaserJet Pro 4002dn" (by bytes, capitals first, it came after).
    const top8 = { ...byCount, itemCount: 8 };
    const expected = ranked()
      .slice(0, 8)
      .map(([model]) => model);
    expect(expected).toContain('imageRUNNER 2630i');
    expect(expected).not.toContain('LaserJet Pro 4002dn');
    const inPlace = await run({ select: [MODEL, DEVICES], filters: [top8] });
    // Pages are another table's measure: the top N is an IN (subquery) there.
    const subquery = await run({ select: [MODEL, TOTAL_PAGES], filters: [top8] });
    for (const answer of [inPlace, subquery]) {
      expect(answer.rows.map(([model]) => model)).toEqual([...expected].sort(textOrder));
    }
  });

  it('count in Bottom order and keep the measures the visual selects', async () => {
    const bottom = { ...byCount, operator: 'Bottom', itemCount: 2 };
    const expected = [...ranked()].reverse();
    const lowest = expected.slice(0, 2).map(([model]) => model);
    const answer = await run({ select: [MODEL, DEVICES], filters: [bottom] });
    expect(answer.rows.map((row) => row[0]).sort()).toEqual([...lowest].sort());
  });
});

describe('relative date filters', () => {
  const DATE = { table: 'Calendar', column: 'Date' };
  const pagesByDate = (from: string, to: string) =>
    sumBy(
      meters().filter((m) => m.date >= from && m.date < to),
      (m) => m.date,
      (m) => m.pages,
    );
  const cases: [string, RelativeDateFilter, string, string][] = [
    [
      'InLast 7 days with today',
      new RelativeDateFilter(DATE, Op.InLast, 7, Unit.Days, true),
      '2024-06-24',
      '2024-07-01',
    ],
    [
      'InLast 7 days without today',
      new RelativeDateFilter(DATE, Op.InLast, 7, Unit.Days, false),
      '2024-06-23',
      '2024-06-30',
    ],
    [
      'InLast 2 weeks',
      new RelativeDateFilter(DATE, Op.InLast, 2, Unit.Weeks, true),
      '2024-06-17',
      '2024-07-01',
    ],
    [
      'InLast 1 calendar week',
      new RelativeDateFilter(DATE, Op.InLast, 1, Unit.CalendarWeeks, true),
      '2024-06-23',
      '2024-06-30',
    ],
    [
      'InLast 1 month',
      new RelativeDateFilter(DATE, Op.InLast, 1, Unit.Months, true),
      '2024-05-31',
      '2024-07-01',
    ],
    [
      'InLast 1 calendar month',
      new RelativeDateFilter(DATE, Op.InLast, 1, Unit.CalendarMonths, true),
      '2024-05-01',
      '2024-06-01',
    ],
    [
      'InThis month',
      new RelativeDateFilter(DATE, Op.InThis, 1, Unit.CalendarMonths, true),
      '2024-06-01',
      '2024-07-01',
    ],
    ['InThis week', new RelativeDateFilter(DATE, Op.InThis, 1, Unit.Weeks, true), '2024-06-30', '2024-07-07'],
    [
      'InLast 1 year',
      new RelativeDateFilter(DATE, Op.InLast, 1, Unit.Years, true),
      '2023-07-01',
      '2024-07-01',
    ],
    [
      'InThis calendar year',
      new RelativeDateFilter(DATE, Op.InThis, 1, Unit.CalendarYears, true),
      '2024-01-01',
      '2025-01-01',
    ],
    [
      'InNext 3 days',
      new RelativeDateFilter(DATE, Op.InNext, 3, Unit.Days, true),
      '2024-06-30',
      '2024-07-03',
    ],
  ];
  for (const [name, filter, from, to] of cases) {
    it(`${name} keeps the days from ${from} up to ${to}`, async () => {
      const answer = await run({
        select: [col('Calendar', 'Date'), TOTAL_PAGES],
        filters: [filter.toJSON()],
      });
      expect(answer.rows).toEqual(pagesByDate(from, to));
    });
  }

  it('on a date-time column keep the instants of those days', async () => {
    const filter = new RelativeDateFilter(
      { table: 'Service alerts', column: 'Opened at' },
      Op.InLast,
      10,
      Unit.Days,
      true,
    ).toJSON();
    const answer = await run({ select: [col('Service alerts', 'Alert ID')], filters: [filter] });
    expect(firstColumn(answer)).toEqual(
      distinct(
        alerts()
          .filter((a) => a.openedAt >= '2024-06-21' && a.openedAt < '2024-07-01')
          .map((a) => a.alertId),
      ),
    );
  });
});

describe('relative time filters', () => {
  it('InLast 100 hours keeps what was opened since then, up to now', async () => {
    const filter = new RelativeTimeFilter(
      { table: 'Service alerts', column: 'Opened at' },
      Op.InLast,
      100,
      Unit.Hours,
    ).toJSON();
    const from = TEST_NOW.getTime() - 100 * 3_600_000;
    const answer = await run({ select: [col('Service alerts', 'Alert ID')], filters: [filter] });
    const opened = (a: { openedAt: string }) => Date.parse(a.openedAt);
    const expected = distinct(
      alerts()
        .filter((a) => opened(a) >= from && opened(a) <= TEST_NOW.getTime())
        .map((a) => a.alertId),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(firstColumn(answer)).toEqual(expected);
  });

  it('InThis hour keeps the current hour only', async () => {
    const filter = new RelativeTimeFilter(
      { table: 'Service alerts', column: 'Opened at' },
      Op.InThis,
      1,
      Unit.Hours,
    ).toJSON();
    const answer = await run({ select: [col('Service alerts', 'Alert ID')], filters: [filter] });
    expect(firstColumn(answer)).toEqual(
      distinct(
        alerts()
          .filter((a) => a.openedAt.startsWith('2024-06-30T12'))
          .map((a) => a.alertId),
      ),
    );
    const minutes = new RelativeTimeFilter(
      { table: 'Service alerts', column: 'Opened at' },
      Op.InLast,
      600,
      Unit.Minutes,
    ).toJSON();
    const tenHours = await run({ select: [col('Service alerts', 'Alert ID')], filters: [minutes] });
    const from = TEST_NOW.getTime() - 600 * 60_000;
    expect(firstColumn(tenHours)).toEqual(
      distinct(
        alerts()
          .filter((a) => Date.parse(a.openedAt) >= from && Date.parse(a.openedAt) <= TEST_NOW.getTime())
          .map((a) => a.alertId),
      ),
    );
  });
});
