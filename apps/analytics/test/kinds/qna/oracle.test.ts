/**
 * A dozen questions answered end to end (vocabulary under RLS → interpreter → query layer), each compared with a
 * hand-written SQL statement on the physical tables of the test fleet: the numbers Q&A shows are the engine's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_FLEET_DATASET } from '../../../src/models/built-in.ts';
import { interpret } from '../../../src/kinds/qna/interpret.ts';
import { Vocabulary } from '../../../src/kinds/qna/vocabulary.ts';
import { runVisualQuery } from '../../../src/query/run.ts';
import { openTestFleet, TEST_NOW } from '../../helpers/fleet.ts';
import type { TestFleet } from '../../helpers/fleet.ts';

const VIEWER = ['fabrikam', 'contoso_us'];
// Test SQL only: the viewer's accounts as a literal list.
const RLS = `database_name IN ('fabrikam', 'contoso_us')`;

let data: TestFleet;
let vocabulary: Vocabulary;
beforeAll(async () => {
  data = await openTestFleet();
  vocabulary = new Vocabulary({ engine: data.fleet.engine, now: () => TEST_NOW.getTime() });
});
afterAll(async () => data.close());

type Row = (string | number | boolean | null)[];

async function viaQna(question: string): Promise<Row[]> {
  const lexicon = await vocabulary.lexicon(PRINT_FLEET_DATASET, VIEWER);
  const result = interpret(lexicon, question);
  if (result.status !== 'answered') throw new Error(result.message);
  const answer = await runVisualQuery(data.fleet.engine, PRINT_FLEET_DATASET, result.query, {
    databaseNames: VIEWER,
    now: TEST_NOW,
  });
  return answer.rows;
}

async function viaSql(sql: string): Promise<Row[]> {
  return (await data.fleet.engine.query(sql)).rows;
}

/** Rows keyed by their first cell, for answers whose order among equal values is not fixed. */
const byKey = (rows: Row[]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));

const METERS = `(SELECT * FROM meter_readings WHERE ${RLS}) m JOIN (SELECT * FROM devices WHERE ${RLS}) d USING (device_id)`;
const ALERTS = `(SELECT * FROM service_alerts WHERE ${RLS}) a JOIN (SELECT * FROM devices WHERE ${RLS}) d USING (device_id)`;

describe('Q&A numbers equal direct SQL on the engine', () => {
  it('total pages', async () => {
    expect(await viaQna('total pages')).toEqual(
      await viaSql(`SELECT sum(total_pages)::BIGINT FROM meter_readings WHERE ${RLS}`),
    );
  });

  it('how many colour devices', async () => {
    expect(await viaQna('how many colour devices')).toEqual(
      await viaSql(
        `SELECT count(DISTINCT device_id)::BIGINT FROM devices WHERE ${RLS} AND colour_mode = 'Colour'`,
      ),
    );
  });

  it('how many sites', async () => {
    expect(await viaQna('how many sites')).toEqual(
      await viaSql(`SELECT count(DISTINCT site)::BIGINT FROM devices WHERE ${RLS}`),
    );
  });

  it('top 5 models by mono pages', async () => {
    const expected = await viaSql(
      `SELECT model, sum(mono_pages)::BIGINT AS s FROM ${METERS} GROUP BY model ORDER BY s DESC, model LIMIT 5`,
    );
    const rows = await viaQna('top 5 models by mono pages');
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r[1])).toEqual(expected.map((r) => r[1]));
    expect(byKey(rows)).toEqual(byKey(expected));
  });

  it('total pages by month, whole months only (the test data starts on 3 March and ends on 30 June)', async () => {
    const rows = await viaQna('total pages by month');
    expect(rows.map((r) => r[0])).toEqual(['2024-04-01', '2024-05-01', '2024-06-01']);
    expect(rows).toEqual(
      await viaSql(
        `SELECT strftime(date_trunc('month', date), '%Y-%m-%d') AS ym, sum(total_pages)::BIGINT FROM meter_readings WHERE ${RLS} AND date >= DATE '2024-04-01' GROUP BY ym ORDER BY ym`,
      ),
    );
  });

  it('alerts by severity last 30 days (today included)', async () => {
    const expected = await viaSql(
      `SELECT severity, count(*)::BIGINT FROM service_alerts WHERE ${RLS}
         AND opened_date >= DATE '2024-06-01' AND opened_date < DATE '2024-07-01' GROUP BY severity`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(byKey(await viaQna('alerts by severity last 30 days'))).toEqual(byKey(expected));
  });

  it('pages last month (the whole previous calendar month)', async () => {
    expect(await viaQna('pages last month')).toEqual(
      await viaSql(
        `SELECT sum(total_pages)::BIGINT FROM meter_readings WHERE ${RLS} AND date >= DATE '2024-05-01' AND date < DATE '2024-06-01'`,
      ),
    );
  });

  it('mono pages in 2025 (a year without data is blank)', async () => {
    expect(await viaQna('mono pages in 2025')).toEqual([[null]]);
  });

  it('critical alerts by site', async () => {
    expect(byKey(await viaQna('critical alerts by site'))).toEqual(
      byKey(
        await viaSql(
          `SELECT site, count(*)::BIGINT FROM ${ALERTS} WHERE severity = 'critical' GROUP BY site`,
        ),
      ),
    );
  });

  it('average hours to close by severity', async () => {
    const expected = byKey(
      await viaSql(`SELECT severity, avg(hours_to_close) FROM service_alerts WHERE ${RLS} GROUP BY severity`),
    );
    const rows = byKey(await viaQna('average hours to close by severity'));
    expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    rows.forEach((row, i) => expect(row[1]).toBeCloseTo(Number(expected[i]?.[1]), 9));
  });

  it('models with more than 100000 pages', async () => {
    expect(byKey(await viaQna('models with more than 100000 pages'))).toEqual(
      byKey(
        await viaSql(
          `SELECT model, sum(total_pages)::BIGINT AS s FROM ${METERS} GROUP BY model HAVING s > 100000`,
        ),
      ),
    );
  });

  it('devices with duty cycle over 10000', async () => {
    expect(await viaQna('devices with duty cycle over 10000')).toEqual(
      await viaSql(
        `SELECT count(DISTINCT device_id)::BIGINT FROM devices WHERE ${RLS} AND monthly_duty_cycle > 10000`,
      ),
    );
  });

  it('share of colour pages by manufacturer this year', async () => {
    expect(byKey(await viaQna('share of colour pages by manufacturer this year'))).toEqual(
      byKey(
        await viaSql(
          `SELECT manufacturer, sum(colour_pages)::BIGINT FROM ${METERS} WHERE year(date) = 2024 GROUP BY manufacturer`,
        ),
      ),
    );
  });

  it('average supply level by supply', async () => {
    const expected = byKey(
      await viaSql(`SELECT supply, avg(level_percent) FROM supply_levels WHERE ${RLS} GROUP BY supply`),
    );
    const rows = byKey(await viaQna('average supply level by supply'));
    expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    rows.forEach((row, i) => expect(row[1]).toBeCloseTo(Number(expected[i]?.[1]), 9));
  });
});
