import { describe, expect, it } from 'vitest';
import { fromJsonCompact } from './clickhouse-engine.ts';

describe('ClickHouse answers as the engine hands them out', () => {
  it('writes DateTime and DateTime64 values as ISO UTC, the fraction as DuckDB writes a TIMESTAMP', () => {
    const answer = fromJsonCompact({
      meta: [
        { name: 'a', type: "DateTime('UTC')" },
        { name: 'b', type: "Nullable(DateTime64(3, 'UTC'))" },
      ],
      data: [
        ['2024-05-01 00:30:10', '2024-05-01 00:30:00.250'],
        ['2024-05-01 00:30:00', '2024-05-01 00:30:10.000'],
        ['2024-05-01 00:30:00', '2024-05-01 00:30:00.999'],
        ['2024-05-01 00:30:00', null],
      ],
    });
    expect(answer.rows).toEqual([
      ['2024-05-01T00:30:10Z', '2024-05-01T00:30:00.25Z'],
      ['2024-05-01T00:30:00Z', '2024-05-01T00:30:10Z'],
      ['2024-05-01T00:30:00Z', '2024-05-01T00:30:00.999Z'],
      ['2024-05-01T00:30:00Z', null],
    ]);
  });
});
