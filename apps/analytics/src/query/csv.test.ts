import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import type { ResultColumn } from '@portico/analytics-model';

const column = (displayName: string): ResultColumn => ({
  field: { column: { table: 'T', column: displayName } },
  kind: 'column',
  queryName: `T.${displayName}`,
  displayName,
  dataType: 'string',
});

describe('toCsv', () => {
  it('writes a header of display names and CRLF-ended lines', () => {
    expect(
      toCsv({
        columns: [column('Model'), column('Pages')],
        rows: [
          ['A', 1],
          ['B', 2.5],
        ],
      }),
    ).toBe('Model,Pages\r\nA,1\r\nB,2.5\r\n');
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes', () => {
    const csv = toCsv({
      columns: [column('a, b')],
      rows: [['say "hi"'], ['two\nlines'], ['cr\r'], ['plain']],
    });
    expect(csv).toBe('"a, b"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\r"\r\nplain\r\n');
  });

  it('leaves blanks empty and writes booleans and numbers as they are', () => {
    expect(toCsv({ columns: [column('x'), column('y'), column('z')], rows: [[null, true, -3]] })).toBe(
      'x,y,z\r\n,true,-3\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(
      toCsv({ columns: [column('x')], rows: [['=1+1'], ['+A1'], ['-2'], ['@SUM(A1)'], ['=HYPERLINK("x")']] }),
    ).toBe(`x\r\n'=1+1\r\n'+A1\r\n'-2\r\n'@SUM(A1)\r\n"'=HYPERLINK(""x"")"\r\n`);
  });
});
