/**
 * The one rule for sharing a run of number cards (report cards, dashboard number tiles) into rows, used by the
 * report page's one column (`page-view.ts`) and the dashboard's (`kinds/dashboard/layout.ts`).
 */

/**
 * A run of cards in as few rows of at most `perRow` as it needs, shared out evenly over them, fuller rows first: four
 * where three fit are two and two (not three and one alone under them), five where two fit are two, two and one.
 * Reading order is kept. A `perRow` under one counts as one.
 *
 * @example shareIntoRows(['a', 'b', 'c', 'd'], 3) // → [['a', 'b'], ['c', 'd']]
 */
export function shareIntoRows<T>(cards: readonly T[], perRow: number): T[][] {
  if (cards.length === 0) return [];
  const rows = Math.ceil(cards.length / Math.max(1, Math.floor(perRow)));
  const least = Math.floor(cards.length / rows);
  const fuller = cards.length % rows;
  const shared: T[][] = [];
  let from = 0;
  for (let r = 0; r < rows; r += 1) {
    const size = least + (r < fuller ? 1 : 0);
    shared.push(cards.slice(from, from + size));
    from += size;
  }
  return shared;
}
