/**
 * The name a downloaded report is saved under: the report's name in the user's language, made safe for every
 * common file system, with an ASCII name for clients that ignore `filename*`.
 */

/** Characters Windows, macOS or Linux refuse in a file name, and control characters: each becomes `_`. */
const UNSAFE = /[<>:"/\\|?*\p{Cc}]/gu;
/** Invisible format characters (bidirectional overrides such as U+202E could make `x.exe.csv` read as another name). */
const INVISIBLE = /\p{Cf}/gu;
/** Names Windows keeps for devices, with or without an extension. */
const RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
/** Linux allows 255 bytes per name; the base stays well under, leaving room for the extension. */
const MAX_BASE_BYTES = 200;

function cutToBytes(text: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    out += char;
  }
  return out;
}

/** A name's base part made safe; '' when nothing usable is left. */
function safeBase(name: string): string {
  let base = name.normalize('NFC').replace(INVISIBLE, '').replace(UNSAFE, '_').replace(/\s+/g, ' ');
  base = cutToBytes(base, MAX_BASE_BYTES);
  // Windows drops trailing dots and spaces; a leading dot hides the file on Unix.
  base = base.replace(/^[\s.]+|[\s.]+$/g, '');
  if (RESERVED.test(base)) base = `_${base}`;
  return base;
}

/** Latin letters without their accents (`Flottenübersicht` → `Flottenubersicht`); '' when other scripts remain. */
function asciiOf(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[Ææ]/g, (c) => (c === 'Æ' ? 'AE' : 'ae'))
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    .replace(/[Łł]/g, (c) => (c === 'Ł' ? 'L' : 'l'))
    .replace(/[Œœ]/g, (c) => (c === 'Œ' ? 'OE' : 'oe'));
  return /^[\x20-\x7e]*$/.test(ascii) ? ascii.replace(/["\\%;]/g, '_') : '';
}

export interface ReportFileName {
  /** The name in the user's language (`filename*`). */
  fileName: string;
  /** Printable ASCII (`filename`): the same name without accents, else the catalog's own name, else "report". */
  asciiFileName: string;
}

/**
 * @example reportFileName('Flottenübersicht', 'Fleet summary', 'docx')
 * // { fileName: 'Flottenübersicht.docx', asciiFileName: 'Flottenubersicht.docx' }
 * @example reportFileName('フリート概要', 'Fleet summary', 'docx')
 * // { fileName: 'フリート概要.docx', asciiFileName: 'Fleet summary.docx' }
 */
export function reportFileName(title: string, catalogName: string, format: string): ReportFileName {
  const base = safeBase(title) || safeBase(catalogName) || 'report';
  const ascii = safeBase(asciiOf(base)) || safeBase(asciiOf(catalogName)) || 'report';
  return { fileName: `${base}.${format}`, asciiFileName: `${ascii}.${format}` };
}
