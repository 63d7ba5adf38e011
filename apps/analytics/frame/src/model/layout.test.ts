import { DisplayOption, FiltersPanePosition, LayoutType } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { overview, visual } from '../test/sample.ts';
import {
  displayOption,
  filterPaneSide,
  mergeSettings,
  pageScale,
  pageSize,
  panesShown,
  placeVisuals,
} from './layout.ts';

/** The settings the SDK's visual embed sends for `share` in a 600×400 frame. */
const visualEmbed = {
  layoutType: LayoutType.Custom,
  customLayout: {
    displayOption: DisplayOption.FitToPage,
    pageSize: { type: 4, width: 600, height: 400 },
    pagesLayout: {
      overview: {
        defaultLayout: { displayState: { mode: 1 } },
        visualsLayout: { share: { displayState: { mode: 0 }, x: 1, y: 1, z: 1, width: 600, height: 400 } },
      },
    },
  },
};

describe('layout', () => {
  it('shows only the target visual of a single-visual embed, at 1,1 and the frame’s size', () => {
    const visible = placeVisuals(visualEmbed, overview).filter((p) => p.visible);
    expect(visible.map((p) => [p.visual.name, p.x, p.y, p.width, p.height])).toEqual([
      ['share', 1, 1, 600, 400],
    ]);
    expect(pageSize(visualEmbed, overview)).toEqual({ width: 600, height: 400 });
  });

  it('ignores a custom layout unless the layout type is Custom', () => {
    const master = { ...visualEmbed, layoutType: LayoutType.Master };
    expect(placeVisuals(master, overview).every((p) => p.visible)).toBe(true);
  });

  it('scales to fit the page, the width, or not at all, times the zoom', () => {
    const page = { width: 1280, height: 720 };
    const frame = { width: 640, height: 720 };
    expect(pageScale(DisplayOption.FitToPage, page, { width: 640, height: 180 })).toBe(0.25);
    expect(pageScale(DisplayOption.FitToWidth, page, frame)).toBe(0.5);
    expect(pageScale(DisplayOption.ActualSize, page, frame, 2)).toBe(2);
  });

  it('merges a move of one visual into the existing custom layout', () => {
    const moved = mergeSettings(visualEmbed, {
      customLayout: { pagesLayout: { overview: { visualsLayout: { share: { x: 50 } } } } },
    });
    expect(moved.customLayout?.pagesLayout?.overview?.visualsLayout.share).toMatchObject({
      x: 50,
      y: 1,
      width: 600,
    });
    expect(moved.customLayout?.pageSize).toEqual(visualEmbed.customLayout.pageSize);
  });

  it('reads pane visibility from panes first, then the older flags', () => {
    expect(panesShown({})).toEqual({ filters: true, pageNavigation: true });
    expect(panesShown({ filterPaneEnabled: false, navContentPaneEnabled: false })).toEqual({
      filters: false,
      pageNavigation: false,
    });
    expect(panesShown({ filterPaneEnabled: false, panes: { filters: { visible: true } } }).filters).toBe(
      true,
    );
  });

  it('draws the filter pane on the right unless the settings put it on the left', () => {
    expect(filterPaneSide({})).toBe('right');
    expect(filterPaneSide({ panes: { filters: { visible: true } } })).toBe('right');
    expect(filterPaneSide({ panes: { filters: { position: FiltersPanePosition.Right } } })).toBe('right');
    expect(filterPaneSide({ panes: { filters: { position: FiltersPanePosition.Left } } })).toBe('left');
    const moved = mergeSettings(
      { panes: { filters: { position: FiltersPanePosition.Left } } },
      { panes: { filters: { position: FiltersPanePosition.Right } } },
    );
    expect(filterPaneSide(moved)).toBe('right');
  });

  it('merges a pane patch property by property, keeping what the patch does not name', () => {
    const merged = mergeSettings(
      { panes: { filters: { visible: true, expanded: true }, pageNavigation: { visible: false } } },
      { panes: { filters: { position: FiltersPanePosition.Left } } },
    );
    expect(merged.panes).toEqual({
      filters: { visible: true, expanded: true, position: FiltersPanePosition.Left },
      pageNavigation: { visible: false },
    });
  });

  it('stacks the shown visuals in one column, in reading order, for the mobile layouts', () => {
    const page = {
      ...overview,
      visuals: [
        visual('right', 'card', {
          layout: { x: 500, y: 0, z: 0, width: 240, height: 120, displayState: { mode: 0 } },
        }),
        visual('left', 'card', {
          layout: { x: 0, y: 0, z: 0, width: 240, height: 120, displayState: { mode: 0 } },
        }),
        visual('below', 'tableEx', {
          layout: { x: 0, y: 200, z: 0, width: 1280, height: 720, displayState: { mode: 0 } },
        }),
        visual('hidden', 'card', {
          layout: { x: 0, y: 0, z: 0, width: 10, height: 10, displayState: { mode: 1 } },
        }),
      ],
    };
    const portrait = { layoutType: LayoutType.MobilePortrait };
    const placed = placeVisuals(portrait, page).filter((p) => p.visible);
    expect(placed.map((p) => [p.visual.name, p.x, p.y, p.width, p.height])).toEqual([
      ['left', 0, 0, 360, 180],
      ['right', 0, 188, 360, 180],
      ['below', 0, 376, 360, 203],
    ]);
    expect(pageSize(portrait, page)).toEqual({ width: 360, height: 579 });
    expect(displayOption(portrait, page)).toBe(DisplayOption.FitToWidth);
    expect(placeVisuals({ layoutType: LayoutType.MobileLandscape }, page)[0]?.width).toBe(640);
  });
});
