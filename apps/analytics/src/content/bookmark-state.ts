/**
 * What a state string must hold for the frame to apply it (the frame's `bookmark-state.ts`): a bookmark of a report
 * definition and a viewer's saved filters alike. A state whose parts are of other shapes (`pageFilters: { overview: 5 }`)
 * throws in the frame while it loads the report, so every viewer of that report (or sharing that state) would get a
 * report that no longer opens; such a state is refused when it is saved.
 */
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { decodeBookmarkState } from '@portico/analytics-model';

const Filters = Type.Array(Type.Object({}, { additionalProperties: true }));
const AppliableState = Type.Object({
  version: Type.Literal(1),
  activePage: Type.Optional(Type.String()),
  reportFilters: Type.Optional(Filters),
  pageFilters: Type.Optional(Type.Record(Type.String(), Filters)),
  visualFilters: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Filters))),
  hiddenVisuals: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/**
 * Why the frame could not apply the state string `text`, or undefined when it can.
 *
 * ```ts
 * bookmarkStateProblem(encodeBookmarkState({ version: 1, pageFilters: { overview: 5 } }));
 * // 'its pageFilters.overview must be array'
 * ```
 */
export function bookmarkStateProblem(text: string): string | undefined {
  const state = decodeBookmarkState(text);
  if (state === undefined) return 'it is not a state string of this service';
  const [error] = Value.Errors(AppliableState, state);
  if (error === undefined) return undefined;
  const path = error.instancePath.slice(1).replaceAll('/', '.');
  return path === '' ? `it ${error.message}` : `its ${path} ${error.message}`;
}
