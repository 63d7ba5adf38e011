import { describe, expect, it } from 'vitest';
import { clickHouseDialect, duckDbDialect } from './dialect.ts';
import { orderTerm, sortKeys } from './sort-order.ts';

describe('the order of values', () => {
  it('orders text by its lower case, then by itself, on both engines; other types as they are', () => {
    expect(orderTerm(duckDbDialect, 'q.g0', true, false)).toBe(
      'lower(CAST(q.g0 AS VARCHAR)) ASC NULLS LAST, q.g0 ASC NULLS LAST',
    );
    expect(orderTerm(clickHouseDialect, 'q.g0', true, true)).toBe(
      'lowerUTF8(toString(q.g0)) DESC NULLS LAST, q.g0 DESC NULLS LAST',
    );
    expect(orderTerm(duckDbDialect, 'q.m0', false, true)).toBe('q.m0 DESC NULLS LAST');
  });

  it('gives the keys a keyset condition compares, most significant first', () => {
    expect(sortKeys(duckDbDialect, '"k1"', true)).toEqual(['lower(CAST("k1" AS VARCHAR))', '"k1"']);
    expect(sortKeys(clickHouseDialect, '`k2`', false)).toEqual(['`k2`']);
  });
});
