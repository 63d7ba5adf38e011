import { LayoutType, PageSizeType, type IFilter } from '@portico/models';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from './report.ts';
import { FRAME_ORIGIN, embedWithFrame, reportConfig } from './test/fake-frame.ts';
import { VisualDescriptor } from './visual-descriptor.ts';

afterEach(() => {
  document.body.replaceChildren();
});

const RDL = 'This API is currently not supported for RDL reports';

describe('paginated (RDL) reports', () => {
  const paginated = () =>
    embedWithFrame<Report>({ ...reportConfig, embedUrl: `${FRAME_ORIGIN}/RdlEmbed?reportId=r1` }).embed;

  it('validate with the paginated-report rules', () => {
    const report = paginated();
    expect(report.validate({ id: 'r1', accessToken: 't', parameterValues: [{}] } as never)).toEqual([
      expect.objectContaining({ message: 'parameterValues property is invalid' }),
    ]);
  });

  it.each([
    ['getPages', (r: Report) => r.getPages()],
    ['getPageByName', (r: Report) => r.getPageByName('p1')],
    ['getActivePage', (r: Report) => r.getActivePage()],
    ['setPage', (r: Report) => r.setPage('p1')],
    ['getFilters', (r: Report) => r.getFilters()],
    ['updateFilters', (r: Report) => r.updateFilters(2, [])],
    ['removeFilters', (r: Report) => r.removeFilters()],
    ['setFilters', (r: Report) => r.setFilters([] as IFilter[])],
    ['print', (r: Report) => r.print()],
    ['isSaved', (r: Report) => r.isSaved()],
    ['applyTheme', (r: Report) => r.applyTheme({})],
    ['resetTheme', (r: Report) => r.resetTheme()],
    ['getTheme', (r: Report) => r.getTheme()],
    ['getBookmarks', (r: Report) => r.bookmarksManager.getBookmarks()],
    ['apply bookmark', (r: Report) => r.bookmarksManager.apply('b')],
    ['capture bookmark', (r: Report) => r.bookmarksManager.capture()],
    ['page visuals', (r: Report) => r.page('p1').getVisuals()],
    ['page filters', (r: Report) => r.page('p1').getFilters()],
    ['page layout', (r: Report) => r.page('p1').hasLayout(LayoutType.Master)],
    ['visual filters', (r: Report) => new VisualDescriptor(r.page('p1'), 'v1', '', '').getFilters()],
    ['add menu command', (r: Report) => r.addContextMenuCommand('c', 'C')],
    ['remove menu command', (r: Report) => r.removeOptionsMenuCommand('c', 'C')],
    ['custom layout', (r: Report) => r.resizeActivePage(PageSizeType.Custom, 1, 1)],
    ['closeAllOverlays', (r: Report) => r.closeAllOverlays()],
    ['clearSelectedVisuals', (r: Report) => r.clearSelectedVisuals()],
    ['page insights', (r: Report) => r.page('p1').getSmartNarrativeInsights()],
  ])('refuse %s with the RDL message', async (_what, call) => {
    const report = paginated();
    await expect(call(report)).rejects.toMatchObject({ message: RDL, errorCode: 'NotSupported', body: RDL });
  });
});

describe('layout and page restrictions', () => {
  it('refuses to switch between mobile and desktop layouts', async () => {
    const { embed } = embedWithFrame<Report>();
    await expect(embed.switchLayout(LayoutType.MobilePortrait)).rejects.toThrow(
      'Switching between mobile and desktop layouts is not supported. Please reset the embed container and re-embed with required layout.',
    );
  });

  it('resizes only the active page', async () => {
    const { embed } = embedWithFrame<Report>();
    await expect(embed.page('p1', 'One', false).resizePage(PageSizeType.Custom, 10, 10)).rejects.toThrow(
      'Cannot resize the page. Only the active page can be resized',
    );
  });
});
