/**
 * The fonts a PDF sheet embeds when Helvetica's WinAnsi characters do not cover its language: Polish and Russian in
 * Noto Sans (Debian's fonts-noto-core; DejaVu Sans when it is missing), Japanese in Noto Sans CJK JP (fonts-noto-cjk,
 * OpenType CFF in a collection, which pdfkit embeds as a CIDFontType0C subset). Font files are read once per process
 * and handed to each document as buffers; pdfkit embeds only the glyphs a document used.
 */
import { existsSync, readFileSync } from 'node:fs';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** What the writer uses of pdfkit's embedded font: its resource id, its page reference, glyph encoding and widths. */
export interface EmbeddedFace {
  readonly id: string;
  ref(): unknown;
  /** Hex glyph ids (four digits each) of the subset, with positions the writer does not use. */
  encode(text: string): [string[], unknown];
  /** Advance widths by subset glyph id, in thousandths of the font size. */
  readonly widths: readonly number[];
}

interface FontFile {
  /** Candidate paths, first found wins. */
  readonly paths: readonly string[];
  /** The face's PostScript name inside a collection (`.ttc`). */
  readonly family?: string;
}

const NOTO = '/usr/share/fonts/truetype/noto';
const DEJAVU = '/usr/share/fonts/truetype/dejavu';
const CJK = '/usr/share/fonts/opentype/noto';

const LATIN_CYRILLIC: Record<'regular' | 'bold' | 'oblique', FontFile> = {
  regular: { paths: [`${NOTO}/NotoSans-Regular.ttf`, `${DEJAVU}/DejaVuSans.ttf`] },
  bold: { paths: [`${NOTO}/NotoSans-Bold.ttf`, `${DEJAVU}/DejaVuSans-Bold.ttf`] },
  oblique: { paths: [`${NOTO}/NotoSans-Italic.ttf`, `${DEJAVU}/DejaVuSans-Oblique.ttf`] },
};

const JAPANESE: Record<'regular' | 'bold' | 'oblique', FontFile> = {
  regular: { paths: [`${CJK}/NotoSansCJK-Regular.ttc`], family: 'NotoSansCJKjp-Regular' },
  bold: { paths: [`${CJK}/NotoSansCJK-Bold.ttc`], family: 'NotoSansCJKjp-Bold' },
  // Japanese has no italic: the "continued" heading is upright.
  oblique: { paths: [`${CJK}/NotoSansCJK-Regular.ttc`], family: 'NotoSansCJKjp-Regular' },
};

/** The languages whose sheets need an embedded font, and its files. */
const FONTS_BY_LANGUAGE: Readonly<Record<string, Record<'regular' | 'bold' | 'oblique', FontFile>>> = {
  pl: LATIN_CYRILLIC,
  ru: LATIN_CYRILLIC,
  ja: JAPANESE,
};

const buffers = new Map<string, Buffer | null>();

/** A font file's bytes, read once; null when none of its paths exists. */
function fontBytes(file: FontFile): { path: string; bytes: Buffer } | undefined {
  for (const path of file.paths) {
    if (!buffers.has(path)) buffers.set(path, existsSync(path) ? readFileSync(path) : null);
    const bytes = buffers.get(path);
    if (bytes) return { path, bytes };
  }
  return undefined;
}

/**
 * The embedded faces of a sheet in `language`, registered with `doc` (pdfkit embeds their subsets when the document
 * ends); undefined when the language is written in Helvetica, or its font files are not installed (the sheet is
 * then written in Helvetica, a character WinAnsi lacks printed as `?`).
 */
export function embeddedFaces(
  doc: Doc,
  language: string,
): Record<'regular' | 'bold' | 'oblique', EmbeddedFace> | undefined {
  const files = FONTS_BY_LANGUAGE[language];
  if (files === undefined) return undefined;
  const found = {
    regular: fontBytes(files.regular),
    bold: fontBytes(files.bold),
    oblique: fontBytes(files.oblique),
  };
  if (found.regular === undefined || found.bold === undefined || found.oblique === undefined)
    return undefined;
  const load = (face: 'regular' | 'bold' | 'oblique', bytes: Buffer): EmbeddedFace => {
    const family = files[face].family;
    // pdfkit's font(): a buffer, and for a collection the face's PostScript name.
    const loaded = family === undefined ? doc.font(bytes) : doc.font(bytes, family);
    return (loaded as unknown as { _font: EmbeddedFace })._font;
  };
  return {
    regular: load('regular', found.regular.bytes),
    bold: load('bold', found.bold.bytes),
    oblique:
      files.oblique.family !== undefined && files.oblique.family === files.regular.family
        ? load('regular', found.regular.bytes)
        : load('oblique', found.oblique.bytes),
  };
}
