import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { QueryAnswer, ResultColumn } from '@portico/analytics-model';
import { visual } from '../test/sample.ts';
import { DEFAULT_THEME } from '../render/theme.ts';
import { valueFormatter } from '../render/value-format.ts';
import { CardVisual, MatrixVisual, TableVisual } from './TableVisuals.tsx';

afterEach(cleanup);

const site: ResultColumn = {
  field: { column: { table: 'Devices', column: 'Site' } },
  kind: 'column',
  queryName: 'Devices.Site',
  displayName: 'Site',
  dataType: 'string',
};
const year: ResultColumn = {
  field: { column: { table: 'Calendar', column: 'Year' } },
  kind: 'column',
  queryName: 'Calendar.Year',
  displayName: 'Year',
  dataType: 'integer',
  format: '0',
};
const pages: ResultColumn = {
  field: { measure: { table: 'Meter readings', measure: 'Total pages' } },
  kind: 'measure',
  queryName: 'Meter readings.Total pages',
  displayName: 'Total pages',
  dataType: 'integer',
  format: '#,0',
};

describe('tables and cards', () => {
  it('head a matrix’s columns with years as their format writes them: 2024, never 2,024', () => {
    const answer: QueryAnswer = {
      columns: [site, year, pages],
      rows: [
        ['Berlin', 2024, 7585653],
        ['Berlin', 2025, 1200],
      ],
      truncated: false,
    };
    const matrix = visual('m', 'pivotTable', {
      dataRoles: {
        rows: [site.field],
        columns: [year.field],
        values: [pages.field],
      },
    });
    const { container } = render(
      <MatrixVisual visual={matrix} answer={answer} theme={DEFAULT_THEME} formatter={valueFormatter('de')} />,
    );
    const headers = [...container.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers).toEqual(['Site', '2024', '2025']);
    expect(screen.getByText('7.585.653')).toBeTruthy();
  });

  it('write a card’s value in the embed’s locale', () => {
    const answer: QueryAnswer = { columns: [pages], rows: [[7585653]], truncated: false };
    render(
      <CardVisual
        visual={visual('c', 'card')}
        answer={answer}
        theme={DEFAULT_THEME}
        formatter={valueFormatter('fr')}
      />,
    );
    expect(document.querySelector('.card-value')?.textContent).toBe('7\u202f585\u202f653');
  });

  it('name a row header whole in its title where its box cuts it', () => {
    const answer: QueryAnswer = {
      columns: [site, year, pages],
      rows: [['Color LaserJet Enterprise M555dn', 2024, 78]],
      truncated: false,
    };
    const matrix = visual('m', 'pivotTable', {
      dataRoles: { rows: [site.field], columns: [year.field], values: [pages.field] },
    });
    const { container } = render(<MatrixVisual visual={matrix} answer={answer} theme={DEFAULT_THEME} />);
    const header = container.querySelector('tbody th .cell-text');
    expect(header?.getAttribute('title')).toBe('Color LaserJet Enterprise M555dn');
  });
});

describe('a table in its box', () => {
  it('allots its columns again when its own vertical scrollbar narrows the box after the first allotment', () => {
    // The box is 476 px wide until its rows are drawn, then 468 (a scrollbar no ResizeObserver reports).
    const reads: number[] = [];
    const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        if (!this.classList.contains('table-scroll')) return 0;
        const width = this.querySelector('col') === null ? 476 : 468;
        reads.push(width);
        return width;
      },
    });
    try {
      const answer: QueryAnswer = {
        columns: [site, pages],
        rows: [
          ['Main Building, Floor 1, Open Office West, by the windows of the north stairwell', 7585653],
          ['Berlin', 1200],
        ],
        truncated: false,
      };
      const table = visual('t', 'tableEx', { dataRoles: { values: [site.field, pages.field] } });
      const { container } = render(<TableVisual visual={table} answer={answer} theme={DEFAULT_THEME} />);
      const widths = [...container.querySelectorAll('col')].map((c) => parseFloat(c.style.width));
      expect(reads).toContain(476);
      expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(468, 0);
    } finally {
      if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
    }
  });
});
