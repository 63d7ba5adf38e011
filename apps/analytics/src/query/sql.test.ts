import { describe, expect, it } from 'vitest';
import { QueryError } from '@portico/analytics-model';
import { MAX_BOUND_VALUES, SqlParams } from './sql.ts';

describe('SqlParams', () => {
  it('numbers placeholders after the row-level-security list and casts dates', () => {
    const params = new SqlParams(['fabrikam']);
    expect(params.add({ value: 'a' })).toBe('$2');
    expect(params.add({ value: '2024-06-30', cast: 'DATE' })).toBe('CAST($3 AS DATE)');
    expect(params.values.slice(1)).toEqual(['a', '2024-06-30']);
  });

  it('refuses to bind more than MAX_BOUND_VALUES values in one statement, with a QueryError', () => {
    const params = new SqlParams(['fabrikam']);
    for (let i = 0; i < MAX_BOUND_VALUES; i++) params.add({ value: i });
    expect(() => params.add({ value: 'one too many' })).toThrow(QueryError);
    expect(() => params.add({ value: 'one too many' })).toThrow(/more than 20000 filter values/);
  });
});
