import * as models from '@portico/models';
import { describe, expect, it } from 'vitest';
import * as sdk from './index.ts';

describe('the public surface', () => {
  it('exports what powerbi-client exports, under the same names', () => {
    for (const name of [
      'service',
      'factories',
      'models',
      'Embed',
      'Report',
      'Visual',
      'Dashboard',
      'Tile',
      'Qna',
      'Create',
      'QuickCreate',
      'Page',
      'VisualDescriptor',
      'BookmarksManager',
      'BasicFilterBuilder',
      'AdvancedFilterBuilder',
      'TopNFilterBuilder',
      'RelativeDateFilterBuilder',
      'RelativeTimeFilterBuilder',
    ]) {
      expect(sdk, name).toHaveProperty(name);
    }
    expect(Object.keys(sdk.factories).sort()).toEqual(['hpmFactory', 'routerFactory', 'wpmpFactory']);
    expect(sdk.models).toBe(models);
  });

  it('keeps the static allowedEvents arrays and attribute names of powerbi-client', () => {
    expect(sdk.Embed.allowedEvents).toEqual([
      'loaded',
      'saved',
      'rendered',
      'saveAsTriggered',
      'error',
      'dataSelected',
      'buttonClicked',
      'info',
    ]);
    expect(sdk.Report.allowedEvents).toEqual([
      'filtersApplied',
      'pageChanged',
      'commandTriggered',
      'swipeStart',
      'swipeEnd',
      'bookmarkApplied',
      'dataHyperlinkClicked',
      'visualRendered',
      'visualClicked',
      'selectionChanged',
      'renderingStarted',
      'blur',
      'exportDataCompleted',
    ]);
    expect(sdk.Dashboard.allowedEvents).toEqual(['tileClicked', 'error']);
    expect(sdk.Tile.allowedEvents).toEqual(['tileClicked', 'tileLoaded']);
    expect(sdk.Qna.allowedEvents).toEqual(['loaded', 'visualRendered']);
    expect([
      sdk.Embed.accessTokenAttribute,
      sdk.Embed.embedUrlAttribute,
      sdk.Embed.nameAttribute,
      sdk.Embed.typeAttribute,
    ]).toEqual(['powerbi-access-token', 'powerbi-embed-url', 'powerbi-name', 'powerbi-type']);
    expect([
      sdk.Report.reportIdAttribute,
      sdk.Report.filterPaneEnabledAttribute,
      sdk.Report.navContentPaneEnabledAttribute,
    ]).toEqual([
      'powerbi-report-id',
      'powerbi-settings-filter-pane-enabled',
      'powerbi-settings-nav-content-pane-enabled',
    ]);
    expect(sdk.Dashboard.dashboardIdAttribute).toBe('powerbi-dashboard-id');
    expect([sdk.Report.type, sdk.Visual.type, sdk.Dashboard.type, sdk.Tile.type, sdk.Qna.type]).toEqual([
      'Report',
      'visual',
      'Dashboard',
      'Tile',
      'Qna',
    ]);
  });

  it('defines window.powerbi only in the UMD entry', async () => {
    expect('powerbi' in window).toBe(false);
    await import('./umd.ts');
    expect((window as unknown as { powerbi: unknown }).powerbi).toBeInstanceOf(sdk.service.Service);
    expect((window as unknown as { powerbi: unknown }).powerbi).toBe(sdk.getDefaultService());
  });
});
