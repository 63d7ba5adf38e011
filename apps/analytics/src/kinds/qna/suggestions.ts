/** Questions to offer in the question box: the dataset's sample questions that the interpreter answers. */
import { interpret } from './interpret.ts';
import type { Lexicon } from './lexicon.ts';

/**
 * Up to `max` questions this viewer can ask: the annotated samples first, then "<measure> by <field>" pairs.
 *
 * ```ts
 * suggestions(lexicon); // ['total pages by month', 'top 5 models by mono pages', …]
 * ```
 */
export function suggestions(lexicon: Lexicon, max = 8): string[] {
  const measures = [...lexicon.measures.values()];
  const columns = [...lexicon.columns.values()].filter((c) => c.dataType === 'string');
  const generated = measures.flatMap((m) => columns.slice(0, 2).map((c) => `${m.label} by ${c.label}`));
  const found: string[] = [];
  for (const question of [...lexicon.annotations.suggestions, ...generated]) {
    if (found.length >= max) break;
    if (!found.includes(question) && interpret(lexicon, question).status === 'answered') found.push(question);
  }
  return found;
}
