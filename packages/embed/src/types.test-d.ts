/**
 * Type tests (checked by tsc and by vitest's typecheck): events and configurations catch mistakes at
 * compile time.
 */
import type { IError, IPage, ISelection } from '@portico/models';
import { describe, expectTypeOf, it } from 'vitest';
import {
  factories,
  service,
  type Dashboard,
  type Embed,
  type ICustomEvent,
  type IReportEmbedConfiguration,
  type Page,
  type Qna,
  type Report,
  type Tile,
  type Visual,
} from './index.ts';

declare const report: Report;
declare const dashboard: Dashboard;
declare const tile: Tile;
declare const qna: Qna;
declare const element: HTMLElement;

describe('typed events', () => {
  it('gives each event of a report its detail type', () => {
    report.on('pageChanged', (event) => {
      expectTypeOf(event).toEqualTypeOf<ICustomEvent<{ newPage: Page; oldPage?: IPage }>>();
      expectTypeOf(event.detail.newPage).toEqualTypeOf<Page>();
    });
    report.on('error', (event) => expectTypeOf(event.detail).toEqualTypeOf<IError>());
    report.on('dataSelected', (event) => expectTypeOf(event.detail).toEqualTypeOf<ISelection>());
    report.on('saved', (event) => expectTypeOf(event.detail.reportName).toBeString());
  });

  it('returns an unsubscribe function from on', () => {
    expectTypeOf(report.on('loaded', () => undefined)).toEqualTypeOf<() => void>();
  });

  it('refuses event names an embed kind does not raise', () => {
    // @ts-expect-error a report raises no tileClicked
    report.on('tileClicked', () => undefined);
    // @ts-expect-error event names are case-sensitive
    report.on('pagechanged', () => undefined);
    // @ts-expect-error a dashboard has no pages
    dashboard.on('pageChanged', () => undefined);
    dashboard.on('tileClicked', (event) =>
      expectTypeOf(event.detail.tileId).toEqualTypeOf<string | undefined>(),
    );
    tile.on('tileLoaded', () => undefined);
    qna.on('visualRendered', (event) => expectTypeOf(event.detail.question).toBeString());
    report.off('pageChanged');
  });
});

describe('typed configurations and embed kinds', () => {
  const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);

  it('returns the embed kind of a literal type', () => {
    expectTypeOf(
      powerbi.embed(element, { type: 'report', id: 'r', embedUrl: 'u', accessToken: 't' }),
    ).toEqualTypeOf<Report>();
    expectTypeOf(
      powerbi.embed(element, { type: 'visual', pageName: 'p', visualName: 'v' }),
    ).toEqualTypeOf<Visual>();
    expectTypeOf(powerbi.load(element, { type: 'dashboard' })).toEqualTypeOf<Dashboard>();
    const config: IReportEmbedConfiguration = { type: 'report' };
    expectTypeOf(powerbi.embed(element, config)).toEqualTypeOf<Embed>();
    expectTypeOf(powerbi.get(element)).toEqualTypeOf<Embed>();
  });

  it('checks configuration fields and hooks', () => {
    powerbi.embed(element, {
      type: 'report',
      eventHooks: { accessTokenProvider: async () => 'token' },
      settings: { panes: { filters: { visible: false } } },
    });
    // @ts-expect-error settings.filterPaneEnabled is a boolean
    powerbi.embed(element, { type: 'report', settings: { filterPaneEnabled: 'no' } });
    // @ts-expect-error hooks are functions
    powerbi.embed(element, { type: 'report', eventHooks: { accessTokenProvider: 'token' } });
    expectTypeOf(powerbi.getNumberOfComponents()).toBeNumber();
  });

  it('types the service configuration, including the trust settings', () => {
    new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, {
      allowedHosts: ['analytics.example.com'],
      allowInsecureLocalhost: true,
      timeoutMs: 5_000,
    });
    // @ts-expect-error the allow-list is a list of host patterns
    const hosts: service.IServiceConfiguration = { allowedHosts: 'example.com' };
    expectTypeOf(hosts).toEqualTypeOf<service.IServiceConfiguration>();
  });

  it('keeps withTimeout views of the same kind', () => {
    expectTypeOf(report.withTimeout(1_000)).toEqualTypeOf<Report>();
    expectTypeOf(report.withTimeout(1_000).getPages()).toEqualTypeOf<Promise<Page[]>>();
  });
});
