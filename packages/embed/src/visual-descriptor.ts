/**
 * A visual on a report page: its filters, data export, slicer state, sorting, cloning and layout.
 */
import {
  FiltersOperations,
  type ExportDataType,
  type ICloneVisualRequest,
  type ICloneVisualResponse,
  type IExportDataResult,
  type IFilter,
  type ISlicerState,
  type ISmartNarratives,
  type ISortByVisualRequest,
  type IVisualLayout,
  type VisualContainerDisplayMode,
} from '@portico/models';
import { Call, type CallSpec } from '@portico/protocol';
import type { Page } from './page.ts';
import type { IFilterable, IHttpPostMessageResponse } from './types.ts';

type Reply = Promise<IHttpPostMessageResponse<void>>;

export class VisualDescriptor implements IFilterable {
  constructor(
    /** The page this visual is on. */
    public page: Page,
    public name: string,
    public title: string,
    public type: string,
    public layout?: IVisualLayout,
  ) {}

  private get report() {
    return this.page.report;
  }

  /** A call on this visual (refused for paginated reports), with its page and visual names as route params. */
  private _send<B = void>(call: CallSpec, body?: unknown) {
    return this.report._send<B>(call, body, true, { pageName: this.page.name, visualName: this.name });
  }

  private _ask<B>(call: CallSpec, body?: unknown): Promise<B> {
    return this._send<B>(call, body).then((reply) => reply.body);
  }

  getFilters(): Promise<IFilter[]> {
    return this._ask(Call.getVisualFilters);
  }

  /** The visual's smart-narrative summary (powerbi-client 2.24). */
  getSmartNarrativeInsights(): Promise<ISmartNarratives> {
    return this._ask(Call.getVisualSmartNarrativeInsights);
  }

  updateFilters(operation: FiltersOperations, filters?: IFilter[]): Reply {
    return this._send(Call.updateVisualFilters, { filtersOperation: operation, filters });
  }

  removeFilters(): Reply {
    return this.updateFilters(FiltersOperations.RemoveAll);
  }

  setFilters(filters: IFilter[]): Reply {
    return this._send(Call.setVisualFilters, filters);
  }

  /** The visual's data as CSV (up to 30 000 rows; summarized unless `ExportDataType.Underlying`). */
  exportData(exportDataType?: ExportDataType, rows?: number): Promise<IExportDataResult> {
    return this._ask(Call.exportData, { rows, exportDataType });
  }

  setSlicerState(state: ISlicerState): Reply {
    return this._send(Call.setSlicerState, state);
  }

  getSlicerState(): Promise<ISlicerState> {
    return this._ask(Call.getSlicerState);
  }

  clone(request: ICloneVisualRequest = {}): Promise<ICloneVisualResponse> {
    return this._ask(Call.cloneVisual, request);
  }

  sortBy(request: ISortByVisualRequest): Reply {
    return this._send(Call.sortBy, request);
  }

  moveVisual(x: number, y: number, z?: number): Reply {
    return this.report.moveVisual(this.page.name, this.name, x, y, z);
  }

  setVisualDisplayState(displayState: VisualContainerDisplayMode): Reply {
    return this.report.setVisualDisplayState(this.page.name, this.name, displayState);
  }

  resizeVisual(width: number, height: number): Reply {
    return this.report.resizeVisual(this.page.name, this.name, width, height);
  }
}
