/**
 * A report page: its filters, visuals, slicers and layouts, and the page-level calls (activate, rename,
 * delete, resize). Pages come from `report.getPages()` or `report.page(name)`.
 */
import {
  CommonErrorCodes,
  FiltersOperations,
  LayoutType,
  type DisplayOption,
  type ICustomPageSize,
  type IFilter,
  type IPageBackground,
  type IPageWallpaper,
  type ISmartNarratives,
  type IVisual,
  type PageSizeType,
  type SectionVisibility,
  type VisualContainerDisplayMode,
} from '@portico/models';
import { Call, type CallSpec } from '@portico/protocol';
import { EmbedErrorCode, embedError, notSupported } from './errors.ts';
import type { Report } from './report.ts';
import type { IFilterable, IHttpPostMessageResponse } from './types.ts';
import { VisualDescriptor } from './visual-descriptor.ts';

type Reply = Promise<IHttpPostMessageResponse<void>>;

export class Page implements IFilterable {
  constructor(
    /** The report this page belongs to. */
    public report: Report,
    public name: string,
    public displayName?: string,
    public isActive?: boolean,
    public visibility?: SectionVisibility,
    public defaultSize?: ICustomPageSize,
    public defaultDisplayOption?: DisplayOption,
    public mobileSize?: ICustomPageSize,
    public background?: IPageBackground,
    public wallpaper?: IPageWallpaper,
  ) {}

  getFilters(): Promise<IFilter[]> {
    return this._ask(Call.getPageFilters);
  }

  /** The page's smart-narrative summary (powerbi-client 2.24). */
  getSmartNarrativeInsights(): Promise<ISmartNarratives> {
    return this._ask(Call.getPageSmartNarrativeInsights);
  }

  updateFilters(operation: FiltersOperations, filters?: IFilter[]): Reply {
    return this._send(Call.updatePageFilters, { filtersOperation: operation, filters });
  }

  removeFilters(): Reply {
    return this.updateFilters(FiltersOperations.RemoveAll);
  }

  setFilters(filters: IFilter[]): Reply {
    return this._send(Call.setPageFilters, filters);
  }

  delete(): Promise<void> {
    return this.report.deletePage(this.name);
  }

  /** Makes this page the active one (`isActive: true`). */
  setActive(): Reply {
    return this.report.setPage(this.name);
  }

  setDisplayName(displayName: string): Reply {
    return this._send(Call.renamePage, { name: this.name, displayName });
  }

  async getVisuals(): Promise<VisualDescriptor[]> {
    return (await this.visuals()).map((v) => new VisualDescriptor(this, v.name, v.title, v.type, v.layout));
  }

  /** The visual with this name; rejects with the NotFound code when the page has none. */
  async getVisualByName(visualName: string): Promise<VisualDescriptor> {
    const visual = (await this.getVisuals()).find((v) => v.name === visualName);
    if (!visual) {
      throw embedError(
        `Visual ${visualName} was not found`,
        EmbedErrorCode.NotFound,
        CommonErrorCodes.NotFound,
      );
    }
    return visual;
  }

  /** The page's slicers: its visuals of type `slicer`. */
  async getSlicers(): Promise<VisualDescriptor[]> {
    return (await this.getVisuals()).filter((visual) => visual.type === 'slicer');
  }

  setVisualDisplayState(visualName: string, displayState: VisualContainerDisplayMode): Reply {
    return this.report.setVisualDisplayState(this.name, visualName, displayState);
  }

  moveVisual(visualName: string, x: number, y: number, z?: number): Reply {
    return this.report.moveVisual(this.name, visualName, x, y, z);
  }

  resizeVisual(visualName: string, width: number, height: number): Reply {
    return this.report.resizeVisual(this.name, visualName, width, height);
  }

  /** Resizes the page; only the active page can be resized. */
  resizePage(pageSizeType: PageSizeType, width?: number, height?: number): Reply {
    if (!this.isActive) return notSupported('Cannot resize the page. Only the active page can be resized');
    return this.report.resizeActivePage(pageSizeType, width, height);
  }

  /** True when the page has a layout of the given type (e.g. `LayoutType.MobilePortrait`). */
  hasLayout(layoutType: LayoutType): Promise<boolean> {
    return this._ask(Call.hasLayout, { layoutType: LayoutType[layoutType] });
  }

  /** @hidden */
  visuals(): Promise<IVisual[]> {
    return this._ask(Call.getVisuals);
  }

  /** A call on this page (refused for paginated reports), with its `pageName` and any other route params. */
  private _send<B = void>(call: CallSpec, body?: unknown, params?: Record<string, string>) {
    return this.report._send<B>(call, body, true, { pageName: this.name, ...params });
  }

  private _ask<B>(call: CallSpec, params?: Record<string, string>): Promise<B> {
    return this._send<B>(call, null, params).then((reply) => reply.body);
  }
}
