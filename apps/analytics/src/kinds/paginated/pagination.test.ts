import { describe, expect, it } from 'vitest';
import { pageCount, pageSlice, totalLines } from './pagination.ts';
import type { PageLayout } from './pagination.ts';

const layout: PageLayout = { linesPerPage: 10, headerLines: 3, footerLines: 2 };

describe('fixed-height pagination', () => {
  it('counts pages from the header block, the body lines and the totals', () => {
    expect(pageCount(layout, 0)).toBe(1);
    expect(pageCount(layout, 5)).toBe(1);
    expect(pageCount(layout, 6)).toBe(2);
    expect(pageCount(layout, 25)).toBe(3);
    expect(pageCount(layout, 26)).toBe(4);
  });

  it('puts the header block on page 1 only and the body after it', () => {
    expect(pageSlice(layout, 25, 1)).toEqual({
      pageNumber: 1,
      header: true,
      bodyOffset: 0,
      bodyCount: 7,
      footerOffset: 0,
      footerCount: 0,
    });
    expect(pageSlice(layout, 25, 2)).toMatchObject({
      header: false,
      bodyOffset: 7,
      bodyCount: 10,
      footerCount: 0,
    });
  });

  it('splits the totals across pages when they straddle a page break', () => {
    // 3 + 16 + 2 = 21 lines: the first total ends page 2, the second opens page 3.
    expect(pageSlice(layout, 16, 2)).toMatchObject({
      bodyOffset: 7,
      bodyCount: 9,
      footerOffset: 0,
      footerCount: 1,
    });
    expect(pageSlice(layout, 16, 3)).toMatchObject({ bodyCount: 0, footerOffset: 1, footerCount: 1 });
  });

  it('covers every line exactly once across the pages', () => {
    for (const body of [0, 1, 7, 8, 17, 100, 1003]) {
      const pages = pageCount(layout, body);
      let bodySeen = 0;
      let footerSeen = 0;
      for (let n = 1; n <= pages; n += 1) {
        const slice = pageSlice(layout, body, n);
        if (slice.bodyCount > 0) expect(slice.bodyOffset).toBe(bodySeen);
        bodySeen += slice.bodyCount;
        footerSeen += slice.footerCount;
        const used = (slice.header ? layout.headerLines : 0) + slice.bodyCount + slice.footerCount;
        expect(used).toBe(n < pages ? layout.linesPerPage : totalLines(layout, body) - (pages - 1) * 10);
      }
      expect([bodySeen, footerSeen]).toEqual([body, layout.footerLines]);
    }
  });

  it('refuses pages outside 1…pageCount and a header block that fills the page', () => {
    expect(() => pageSlice(layout, 5, 0)).toThrow(RangeError);
    expect(() => pageSlice(layout, 5, 2)).toThrow('page 2 is outside 1–1');
    expect(() => pageSlice(layout, 5, 1.5)).toThrow(RangeError);
    expect(() => pageCount({ linesPerPage: 3, headerLines: 3, footerLines: 0 }, 1)).toThrow(RangeError);
  });
});
