import { PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';
import type { FieldRef, QueryAnswer, VisualQuery } from '@portico/analytics-model';
import { compileVisualQuery } from '../../src/query/compile.ts';
import type { CompiledQuery } from '../../src/query/compile.ts';
import { runVisualQuery } from '../../src/query/run.ts';
import { TEST_NOW } from './fleet.ts';
import type { TestFleet } from './fleet.ts';
import { ALL_ACCOUNTS } from './oracle.ts';

export const col = (table: string, column: string): FieldRef => ({ column: { table, column } });
export const msr = (table: string, measure: string): FieldRef => ({ measure: { table, measure } });
export const DEVICE_ID = col('Devices', 'Device ID');

/** Runs visual queries on the test fleet as a caller who may see `databaseNames` (default: every account). */
export function queryRunner(data: TestFleet) {
  return (query: VisualQuery, databaseNames: readonly string[] = ALL_ACCOUNTS): Promise<QueryAnswer> =>
    runVisualQuery(data.fleet.engine, PRINT_FLEET_DATASET, query, { databaseNames, now: TEST_NOW });
}

export function compile(
  query: VisualQuery | unknown,
  databaseNames: readonly string[] = ALL_ACCOUNTS,
): CompiledQuery {
  return compileVisualQuery(PRINT_FLEET_DATASET, query, { databaseNames, now: TEST_NOW });
}

/** The first column of every row. */
export const firstColumn = (answer: QueryAnswer): unknown[] => answer.rows.map((row) => row[0]);
