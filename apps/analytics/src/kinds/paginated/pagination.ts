/**
 * Fixed-height pages: a report is a sequence of equal lines — the header block (page 1 only), the body lines the
 * query yields in order, then the totals — cut every `linesPerPage` lines. Page N is therefore arithmetic on line
 * numbers, the same for the screen and the PDF, and needs only the body's line count, never its rows.
 */

/** Body lines on an A4 page of every sample report (12.5 pt lines at 8 pt type between header and footer). */
export const LINES_PER_PAGE = 52;

/**
 * Lines the column titles take (wrapped onto two lines rather than cut): under the header block on page 1, in the
 * page header of every other page.
 */
export const TITLE_LINES = 2;

export interface PageLayout {
  /** Lines on every page (the page header with the column titles and the footer are outside this budget). */
  readonly linesPerPage: number;
  /** Lines of the header block, at the top of page 1, its column titles included; fewer than `linesPerPage`. */
  readonly headerLines: number;
  /** Lines of the totals after the body. */
  readonly footerLines: number;
}

/** Which lines page N holds: whether it opens with the header block, a slice of the body, a slice of the totals. */
export interface PageSlice {
  readonly pageNumber: number;
  readonly header: boolean;
  /** 0-based offset into the body lines, and how many. */
  readonly bodyOffset: number;
  readonly bodyCount: number;
  /** 0-based offset into the totals lines, and how many. */
  readonly footerOffset: number;
  readonly footerCount: number;
}

export const totalLines = (layout: PageLayout, bodyLines: number): number =>
  layout.headerLines + bodyLines + layout.footerLines;

/**
 * The number of pages for `bodyLines` body lines; at least 1.
 *
 * ```ts
 * pageCount({ linesPerPage: 40, headerLines: 5, footerLines: 2 }, 100); // 3 (107 lines)
 * ```
 */
export function pageCount(layout: PageLayout, bodyLines: number): number {
  if (!(layout.linesPerPage > layout.headerLines) || layout.headerLines < 0 || layout.footerLines < 0) {
    throw new RangeError('linesPerPage must exceed headerLines, and no count may be negative');
  }
  return Math.max(1, Math.ceil(totalLines(layout, bodyLines) / layout.linesPerPage));
}

/**
 * The lines of page `pageNumber` (1-based); a RangeError outside 1…pageCount.
 *
 * ```ts
 * pageSlice({ linesPerPage: 40, headerLines: 5, footerLines: 2 }, 100, 1); // header, body 0–34
 * ```
 */
export function pageSlice(layout: PageLayout, bodyLines: number, pageNumber: number): PageSlice {
  const pages = pageCount(layout, bodyLines);
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages) {
    throw new RangeError(`page ${pageNumber} is outside 1–${pages}`);
  }
  const start = (pageNumber - 1) * layout.linesPerPage;
  const end = Math.min(start + layout.linesPerPage, totalLines(layout, bodyLines));
  const bodyStart = layout.headerLines;
  const bodyEnd = bodyStart + bodyLines;
  const overlap = (from: number, to: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));
  return {
    pageNumber,
    header: pageNumber === 1 && layout.headerLines > 0,
    bodyOffset: Math.max(start, bodyStart) - bodyStart,
    bodyCount: overlap(bodyStart, bodyEnd),
    footerOffset: Math.max(start, bodyEnd) - bodyEnd,
    footerCount: overlap(bodyEnd, bodyEnd + layout.footerLines),
  };
}
