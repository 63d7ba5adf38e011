import { describe, expect, it } from 'vitest';
import { FLEET_WORKSPACE_ID } from '../../models/built-in.ts';
import { PaginatedCatalogue } from './catalogue.ts';
import { INVOICE_REPORT, INVOICE_REPORT_ID } from './samples/invoice.ts';

describe('the paginated catalogue', () => {
  it('offers the samples while the print-fleet workspace is loaded', () => {
    const catalogue = new PaginatedCatalogue(undefined, (id) => id === FLEET_WORKSPACE_ID);
    expect(catalogue.find(INVOICE_REPORT_ID)).toBe(INVOICE_REPORT);
    expect(
      catalogue
        .inWorkspace(FLEET_WORKSPACE_ID)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Device alerts by site', 'Monthly page invoice']);
  });

  it('neither lists nor finds them when another models folder is loaded (their tables are not there)', () => {
    const catalogue = new PaginatedCatalogue(undefined, () => false);
    expect(catalogue.find(INVOICE_REPORT_ID)).toBeUndefined();
    expect(catalogue.inWorkspace(FLEET_WORKSPACE_ID)).toEqual([]);
  });
});
