/**
 * Selector classes: `new VisualSelector('VisualContainer1')` serialises to
 * `{ $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'VisualContainer1' }`.
 */
import type {
  ISelector,
  IPageSelector,
  ISlicerTargetSelector,
  IVisualSelector,
  IVisualTypeSelector,
  SlicerTarget,
} from './interfaces/selectors.ts';

/** Base of the selector classes: the `$schema` URL and `toJSON()`. */
export abstract class Selector implements ISelector {
  $schema: string;

  constructor(schema: string) {
    this.$schema = schema;
  }

  toJSON(): ISelector {
    return { $schema: this.$schema };
  }
}

/** Selects a page by name. */
export class PageSelector extends Selector implements IPageSelector {
  static schemaUrl = 'http://powerbi.com/product/schema#pageSelector';
  pageName: string;

  constructor(pageName: string) {
    super(PageSelector.schemaUrl);
    this.pageName = pageName;
  }

  override toJSON(): IPageSelector {
    return { ...super.toJSON(), pageName: this.pageName };
  }
}

/** Selects a visual by name: `new VisualSelector('VisualContainer1')`. */
export class VisualSelector extends Selector implements IVisualSelector {
  static schemaUrl = 'http://powerbi.com/product/schema#visualSelector';
  visualName: string;

  constructor(visualName: string) {
    super(VisualSelector.schemaUrl);
    this.visualName = visualName;
  }

  override toJSON(): IVisualSelector {
    return { ...super.toJSON(), visualName: this.visualName };
  }
}

// powerbi-models builds the next two with the visual selector's URL, so their own validators reject them;
// we use each kind's own URL, which is what the validators (and the spec) expect.

/** Selects every visual of a type: `new VisualTypeSelector('barChart')`. */
export class VisualTypeSelector extends Selector implements IVisualTypeSelector {
  static schemaUrl = 'http://powerbi.com/product/schema#visualTypeSelector';
  visualType: string;

  constructor(visualType: string) {
    super(VisualTypeSelector.schemaUrl);
    this.visualType = visualType;
  }

  override toJSON(): IVisualTypeSelector {
    return { ...super.toJSON(), visualType: this.visualType };
  }
}

/** Selects the slicers on a target: `new SlicerTargetSelector({ table: 'Store', column: 'Chain' })`. */
export class SlicerTargetSelector extends Selector implements ISlicerTargetSelector {
  static schemaUrl = 'http://powerbi.com/product/schema#slicerTargetSelector';
  target: SlicerTarget;

  constructor(target: SlicerTarget) {
    super(SlicerTargetSelector.schemaUrl);
    this.target = target;
  }

  override toJSON(): ISlicerTargetSelector {
    return { ...super.toJSON(), target: this.target };
  }
}
