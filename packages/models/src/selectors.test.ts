import { describe, expect, it } from 'vitest';
import { PageSelector, SlicerTargetSelector, VisualSelector, VisualTypeSelector } from './selectors.ts';
import {
  validateSlicerTargetSelector,
  validateVisualSelector,
  validateVisualTypeSelector,
} from './validation/validators.ts';

const SCHEMA = 'http://powerbi.com/product/schema#';
const target = { table: 'Store', column: 'Chain' };

describe('selector classes', () => {
  it('serialises a page selector with its schema and page name', () => {
    expect(new PageSelector('ReportSection1').toJSON()).toEqual({
      $schema: `${SCHEMA}pageSelector`,
      pageName: 'ReportSection1',
    });
  });

  it('serialises a visual selector with its schema and visual name', () => {
    expect(JSON.parse(JSON.stringify(new VisualSelector('VisualContainer1')))).toEqual({
      $schema: `${SCHEMA}visualSelector`,
      visualName: 'VisualContainer1',
    });
  });

  it('serialises a visual type selector with its own schema URL, not the visual selector one', () => {
    expect(new VisualTypeSelector('barChart').toJSON()).toEqual({
      $schema: `${SCHEMA}visualTypeSelector`,
      visualType: 'barChart',
    });
  });

  it('serialises a slicer target selector with its own schema URL and the target', () => {
    expect(new SlicerTargetSelector(target).toJSON()).toEqual({
      $schema: `${SCHEMA}slicerTargetSelector`,
      target,
    });
  });

  it('exposes each schema URL as a static property', () => {
    expect(
      [PageSelector, VisualSelector, VisualTypeSelector, SlicerTargetSelector].map((s) => s.schemaUrl),
    ).toEqual([
      `${SCHEMA}pageSelector`,
      `${SCHEMA}visualSelector`,
      `${SCHEMA}visualTypeSelector`,
      `${SCHEMA}slicerTargetSelector`,
    ]);
  });

  it('produces JSON that the matching validator accepts', () => {
    expect(validateVisualSelector(new VisualSelector('v').toJSON())).toBeUndefined();
    expect(validateVisualTypeSelector(new VisualTypeSelector('table').toJSON())).toBeUndefined();
    expect(validateSlicerTargetSelector(new SlicerTargetSelector(target).toJSON())).toBeUndefined();
  });
});
