/**
 * A single report visual, embedded alone: the frame shows its page with every other visual hidden and
 * this one at x=1 y=1 z=1, fit to the page, without filter and navigation panes.
 */
import {
  DisplayOption,
  FiltersLevel,
  FiltersOperations,
  LayoutType,
  PageSizeType,
  VisualContainerDisplayMode,
  type IFilter,
  type IVisual,
} from '@portico/models';
import { Call, type CallSpec } from '@portico/protocol';
import { EmbedErrorCode, embedError, notSupported } from './errors.ts';
import type { Page } from './page.ts';
import { Report } from './report.ts';
import type { IHttpPostMessageResponse } from './types.ts';
import { VisualDescriptor } from './visual-descriptor.ts';

type Reply = Promise<IHttpPostMessageResponse<void>>;

export class Visual extends Report {
  static override type = 'visual';
  static GetPagesNotSupportedError = 'Get pages is not supported while embedding a visual.';
  static SetPageNotSupportedError = 'Set page is not supported while embedding a visual.';
  static RenderNotSupportedError = 'render is not supported while embedding a visual.';

  /** Loads the report laid out to show only the configured visual (skipped without an access token). */
  override async load(phasedRender?: boolean): Promise<void> {
    const config = this.config;
    const { pageName, visualName } = config;
    if (!config.accessToken) return;
    if (!pageName) throw embedError('Page name is required when embedding a visual.');
    if (!visualName) {
      throw embedError(
        'Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
      );
    }
    const width = config.width || this.iframe.offsetWidth;
    const height = config.height || this.iframe.offsetHeight;
    const pageSize = { type: PageSizeType.Custom, width, height };
    config.settings = {
      ...config.settings,
      filterPaneEnabled: false,
      navContentPaneEnabled: false,
      layoutType: LayoutType.Custom,
      customLayout: {
        displayOption: DisplayOption.FitToPage,
        pageSize,
        pagesLayout: {
          [pageName]: {
            defaultLayout: { displayState: { mode: VisualContainerDisplayMode.Hidden } },
            visualsLayout: {
              [visualName]: {
                displayState: { mode: VisualContainerDisplayMode.Visible },
                x: 1,
                y: 1,
                z: 1,
                width,
                height,
              },
            },
          },
        },
      },
    };
    return super.load(phasedRender);
  }

  override getPages(): Promise<Page[]> {
    return notSupported(Visual.GetPagesNotSupportedError);
  }

  override setPage(_pageName: string): Reply {
    return notSupported(Visual.SetPageNotSupportedError);
  }

  override render(): Promise<void> {
    return notSupported(Visual.RenderNotSupportedError);
  }

  /** The embedded visual's descriptor (name, title, type, layout). */
  async getVisualDescriptor(): Promise<VisualDescriptor> {
    const { pageName = '', visualName } = this.config;
    const visuals = await this._ask<IVisual[]>(Call.getVisuals, null, false, { pageName });
    const visual = visuals.find((v) => v.name === visualName);
    if (!visual) {
      const body = { message: 'visualNotFound', detailedMessage: 'Visual not found' };
      throw embedError(body.message, EmbedErrorCode.NotFound, body, body.detailedMessage);
    }
    return new VisualDescriptor(this.page(pageName), visual.name, visual.title, visual.type, visual.layout);
  }

  /** Filters at the visual level by default, or at the page or report level. */
  override getFilters(filtersLevel?: FiltersLevel): Promise<IFilter[]> {
    return this._ask(...this._filtersCall('GET', filtersLevel));
  }

  override updateFilters(
    operation: FiltersOperations,
    filters?: IFilter[],
    filtersLevel?: FiltersLevel,
  ): Reply {
    return this._send(...this._filtersCall('POST', filtersLevel, { filtersOperation: operation, filters }));
  }

  override setFilters(filters: IFilter[], filtersLevel?: FiltersLevel): Reply {
    return this._send(...this._filtersCall('PUT', filtersLevel, filters));
  }

  override removeFilters(filtersLevel?: FiltersLevel): Reply {
    return this.updateFilters(FiltersOperations.RemoveAll, undefined, filtersLevel);
  }

  /** `send`'s arguments for the filters of a level: the visual's (by default), its page's or the report's. */
  private _filtersCall(method: keyof typeof FILTER_CALLS, level = FiltersLevel.Visual, body?: unknown) {
    const { pageName = '', visualName = '' } = this.config;
    const calls: readonly CallSpec[] = FILTER_CALLS[method];
    const call = (calls[level] ?? calls[FiltersLevel.Visual]) as CallSpec;
    return [call, body, false, { pageName, visualName }] as const;
  }
}

/** The filter calls by method, indexed by `FiltersLevel` (Report, Page, Visual). */
const FILTER_CALLS = {
  GET: [Call.getReportFilters, Call.getPageFilters, Call.getVisualFilters],
  POST: [Call.updateReportFilters, Call.updatePageFilters, Call.updateVisualFilters],
  PUT: [Call.setReportFilters, Call.setPageFilters, Call.setVisualFilters],
};
