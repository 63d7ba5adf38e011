/**
 * Report themes: the subset of a Power BI theme JSON the frame paints with (`dataColors`, `background`,
 * `foreground`, `tableAccent`), resolved over the default theme.
 */

/**
 * The default palette: the portal's teal and orange (apps/portal-web's MUI theme: teal 700, orange 800) first, then
 * hues far apart from both and from each other, each dark enough for a 3:1 contrast with white (WCAG's figure for
 * graphics), so neighbouring series and slices stay apart for most colour-vision deficiencies as well.
 */
export const DEFAULT_COLORS: readonly string[] = [
  '#00796B',
  '#EF6C00',
  '#3949AB',
  '#C2185B',
  '#558B2F',
  '#8E24AA',
  '#0277BD',
  '#8D6E63',
  '#AD8A00',
  '#546E7A',
];

export interface ResolvedTheme {
  readonly name: string;
  readonly colors: readonly string[];
  readonly background: string;
  readonly foreground: string;
  readonly tableAccent: string;
  /**
   * Colours by value (`{ critical: '#C62828' }`): a category's slice or a series of that name takes it wherever it
   * appears; a visual's own `formatting.dataColors` wins. The theme JSON's `valueColors` (a Portico addition).
   */
  readonly valueColors: Readonly<Record<string, string>>;
}

export const DEFAULT_THEME: ResolvedTheme = {
  name: 'Portico',
  colors: DEFAULT_COLORS,
  background: '#FFFFFF',
  foreground: '#252423',
  tableAccent: '#00796B',
  valueColors: {},
};

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const colorOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && COLOR.test(value) ? value : fallback;

function valueColorsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && COLOR.test(entry[1]),
    ),
  );
}

/**
 * The theme to paint with; unknown fields and malformed colours fall back to the default.
 *
 * @example resolveTheme({ dataColors: ['#FF0000'] }).colors // → ['#FF0000']
 */
export function resolveTheme(themeJson: Readonly<Record<string, unknown>> | undefined): ResolvedTheme {
  if (!themeJson) return DEFAULT_THEME;
  const given = Array.isArray(themeJson.dataColors)
    ? themeJson.dataColors.filter((c): c is string => typeof c === 'string' && COLOR.test(c))
    : [];
  return {
    name: typeof themeJson.name === 'string' ? themeJson.name : 'Custom',
    colors: given.length > 0 ? given : DEFAULT_COLORS,
    background: colorOr(themeJson.background, DEFAULT_THEME.background),
    foreground: colorOr(themeJson.foreground, DEFAULT_THEME.foreground),
    tableAccent: colorOr(themeJson.tableAccent, given[0] ?? DEFAULT_THEME.tableAccent),
    valueColors: valueColorsOf(themeJson.valueColors),
  };
}

/** A theme object from the host (`{ themeJson }`); an empty object (the SDK's reset) means the default. */
export function themeJsonOf(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const json = (body as { themeJson?: unknown }).themeJson;
  return typeof json === 'object' && json !== null && Object.keys(json).length > 0
    ? (json as Record<string, unknown>)
    : undefined;
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Palette colours bound to values, not to where they are drawn: the same value takes the same colour in every chart
 * of a report (the colour pie and the colour series alike), however a chart is sorted or filtered. A column whose model
 * lists its values (Colour, Mono; critical, warning, info) gives each its list position's colour; any other column's
 * values take theirs in their natural order (text by letters, numbers and ISO dates ascending), so a chart sorted by
 * a measure colours its values as the unsorted one does. Values past the palette's end start it again.
 *
 * @example paletteColors(['Mono', 'Colour'], ['Colour', 'Mono'], ['#00796B', '#EF6C00']).get('Mono') // → '#EF6C00'
 */
export function paletteColors(
  values: readonly string[],
  listed: readonly string[] | undefined,
  colors: readonly string[],
): Map<string, string> {
  const known = listed ?? [];
  const rest = [...new Set(values)].filter((v) => !known.includes(v)).sort(collator.compare);
  const order = [...known, ...rest];
  const byValue = new Map<string, string>();
  if (colors.length === 0) return byValue;
  order.forEach((value, i) => byValue.set(value, colors[i % colors.length] ?? colors[0] ?? ''));
  return byValue;
}
