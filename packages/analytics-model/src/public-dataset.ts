/**
 * A dataset as the frame sees it: names, display names, data types, formats, measures, hierarchies and
 * relationships, without the physical table and column names behind them.
 */
import type { Aggregation, ColumnValue, DataType, Dataset } from './content-types.ts';

export interface PublicColumn {
  readonly name: string;
  readonly displayName: string;
  readonly dataType: DataType;
  readonly format?: string;
  readonly description?: string;
  readonly isHidden?: boolean;
  readonly sortBy?: string;
  /** The values' natural order and captions (in the dataset's language), when the model lists them. */
  readonly values?: readonly ColumnValue[];
}

export interface PublicMeasure {
  readonly name: string;
  readonly displayName: string;
  readonly format: string;
  readonly description?: string;
  /** For an aggregation measure; absent for a ratio. */
  readonly aggregation?: Aggregation;
  readonly column?: string;
  readonly ratio?: { readonly numerator: string; readonly denominator: string };
}

export interface PublicDataset {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly tables: readonly {
    readonly name: string;
    readonly displayName: string;
    readonly columns: readonly PublicColumn[];
    readonly measures: readonly PublicMeasure[];
    readonly hierarchies: Dataset['tables'][number]['hierarchies'];
  }[];
  readonly relationships: Dataset['relationships'];
}

/** `publicDataset(dataset).tables[0].columns[0]` has no `source`. */
export function publicDataset(dataset: Dataset): PublicDataset {
  return {
    id: dataset.id,
    name: dataset.name,
    description: dataset.description,
    tables: dataset.tables.map((table) => ({
      name: table.name,
      displayName: table.displayName,
      columns: table.columns.map(({ source: _source, ...column }) => column),
      measures: table.measures.map((measure) => ({ ...measure })),
      hierarchies: table.hierarchies,
    })),
    relationships: dataset.relationships,
  };
}
