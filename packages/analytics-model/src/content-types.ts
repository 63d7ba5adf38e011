/**
 * The content model: workspaces hold datasets (semantic models over the engine's tables) and reports (pages of
 * visuals bound to a dataset's columns and measures). Plain data, with no Node imports, so the frame app can import
 * these types as they are.
 */
import type { IFilter, IReportBookmark, VisualContainerDisplayMode } from '@portico/models';

export interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

/** What a column's values are; decides how filter values are read and how a visual formats them. */
export type DataType = 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'dateTime';

/**
 * One value of a column with a small fixed vocabulary (`critical`, `Colour`) and the caption viewers read for it
 * (`Critical`; `Kritisch` in a German culture). The data keeps the raw value: filters, selections, bookmarks and
 * exports use it; only what the frame draws shows the caption.
 */
export interface ColumnValue {
  readonly value: string;
  readonly caption: string;
}

export interface ModelColumn {
  /** The name visuals and filters use: `{ table: 'Devices', column: 'Model' }`. Unique in its table. */
  readonly name: string;
  readonly displayName: string;
  readonly dataType: DataType;
  /** The physical column; never shown to clients. */
  readonly source: string;
  /** A format string such as `#,0`, `0.0%` or `yyyy-MM-dd`. */
  readonly format?: string;
  readonly description?: string;
  /** Hidden from field lists (keys used by relationships). */
  readonly isHidden?: boolean;
  /** Another column of the table that orders this one (Month name by Month number), one value per value of this. */
  readonly sortBy?: string;
  /**
   * The column's values in their natural order (critical, warning, info) with their captions: lists, legends, axes
   * and matrix headers follow this order and show the captions (`value-captions.ts`).
   */
  readonly values?: readonly ColumnValue[];
}

export type Aggregation = 'sum' | 'avg' | 'count' | 'distinctCount' | 'min' | 'max';

interface MeasureBase {
  /** Unique among the table's columns and measures: `{ table: 'Meter readings', measure: 'Total pages' }`. */
  readonly name: string;
  readonly displayName: string;
  readonly format: string;
  readonly description?: string;
}

/** An aggregation of one column of the measure's own table. */
export interface AggregateMeasure extends MeasureBase {
  readonly aggregation: Aggregation;
  readonly column: string;
}

/** One measure of the same table divided by another (blank when the denominator is 0). */
export interface RatioMeasure extends MeasureBase {
  readonly ratio: { readonly numerator: string; readonly denominator: string };
}

export type ModelMeasure = AggregateMeasure | RatioMeasure;

export interface ModelHierarchy {
  readonly name: string;
  /** The caption in the viewer's language (captions.ts); the name when absent. */
  readonly displayName?: string;
  /** From the top (Year) down (Date); each names a column of the table. */
  readonly levels: readonly {
    readonly name: string;
    readonly column: string;
    readonly displayName?: string;
  }[];
}

export interface ModelTable {
  readonly name: string;
  readonly displayName: string;
  /** The physical table (or view); it carries the row-level-security key column. */
  readonly source: string;
  /** The physical column holding the customer account (row-level security); `database_name` when absent. */
  readonly rlsColumn?: string;
  /** A table defined by files or a query: the engine creates it as a view named `source` (DuckDB). */
  readonly view?: { readonly files: string } | { readonly sql: string };
  readonly columns: readonly ModelColumn[];
  readonly measures: readonly ModelMeasure[];
  readonly hierarchies: readonly ModelHierarchy[];
}

/** Many rows of `from.table` to one row of `to.table`; filters flow from `to` to `from`. */
export interface ModelRelationship {
  readonly from: { readonly table: string; readonly column: string };
  readonly to: { readonly table: string; readonly column: string };
}

export interface Dataset {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly description: string;
  readonly tables: readonly ModelTable[];
  readonly relationships: readonly ModelRelationship[];
}

/** A reference to something a visual shows or a query selects. */
export type FieldRef =
  | { readonly column: { readonly table: string; readonly column: string } }
  | { readonly measure: { readonly table: string; readonly measure: string } }
  | {
      readonly aggregation: {
        readonly table: string;
        readonly column: string;
        /** Sum, Average, Count, DistinctCount, Min or Max (models' AggregateFunction names). */
        readonly function: string;
      };
    }
  | {
      readonly hierarchyLevel: { readonly table: string; readonly hierarchy: string; readonly level: string };
    };

/** Visual types, named as powerbi-client reports them (`visual.type === 'slicer'`). */
export const VISUAL_TYPES = [
  'card',
  'multiRowCard',
  'tableEx',
  'pivotTable',
  'clusteredBarChart',
  'clusteredColumnChart',
  'stackedColumnChart',
  'lineChart',
  'areaChart',
  'pieChart',
  'donutChart',
  'slicer',
] as const;
export type VisualType = (typeof VISUAL_TYPES)[number];

export interface VisualLayout {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly width: number;
  readonly height: number;
  readonly displayState: { readonly mode: VisualContainerDisplayMode };
}

export interface ReportVisual {
  /** Unique on its page; what the SDK calls the visual's `name`. */
  readonly name: string;
  readonly type: VisualType;
  readonly title: string;
  readonly layout: VisualLayout;
  /**
   * Fields bound to the visual's roles, in order: `category`, `series`, `rows`, `columns`, `values` (see
   * visual-query.ts for which roles each type reads).
   */
  readonly dataRoles: Readonly<Record<string, readonly FieldRef[]>>;
  readonly filters: readonly IFilter[];
  /** Visual formatting: colours, legend, labels, slicer mode… free-form for the frame to read. */
  readonly formatting: Readonly<Record<string, unknown>>;
  readonly sort?: { readonly field: FieldRef; readonly direction: 'Ascending' | 'Descending' };
  /** Most rows the visual asks for. */
  readonly top?: number;
}

export interface ReportPage {
  readonly name: string;
  readonly displayName: string;
  /** Page size in pixels (the visuals' layout is in the same units). */
  readonly width: number;
  readonly height: number;
  /** models' DisplayOption: 0 FitToPage, 1 FitToWidth, 2 ActualSize. */
  readonly displayOption: number;
  /** models' SectionVisibility: 0 always visible, 1 hidden in view mode. */
  readonly visibility: number;
  readonly filters: readonly IFilter[];
  readonly visuals: readonly ReportVisual[];
}

export interface ReportDefinition {
  readonly pages: readonly ReportPage[];
  /** Report-level filters, applied to every visual of every page. */
  readonly filters: readonly IFilter[];
  readonly bookmarks: readonly IReportBookmark[];
  /** A custom theme (`ICustomTheme.themeJson`), or undefined for the default. */
  readonly theme?: Readonly<Record<string, unknown>>;
}

/** A report as stored: its identity and the definition of its latest version. */
export interface Report {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly datasetId: string;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly definition: ReportDefinition;
  /**
   * For a report saved through an embed token (save-as, create): the token's accounts (databaseNames), whose work it
   * is; the portal shows it to members of those accounts only. Absent for the service's own reports.
   */
  readonly createdFor?: readonly string[];
}
