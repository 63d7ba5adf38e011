/**
 * A wording table's entry for a BCP 47 language tag, by its primary subtag (`de-AT` and `de_AT` read `de`); the
 * English entry when the table has none for it. Every wording table of the frame (chrome, canvas, pane, menus,
 * authoring) is read through this.
 *
 * @example wordingFor({ en: 'Filters', de: 'Filter' }, 'de-AT', 'Filters') // → 'Filter'
 */
export function wordingFor<T>(
  table: Readonly<Record<string, T>>,
  language: string | undefined,
  english: T,
): T {
  const primary = (language ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  return table[primary] ?? english;
}
