/**
 * The UMD core's `extras.ts`: stand-ins that use what the add-on (`umd-extras.ts`) registers under
 * `EXTRAS`. Without the add-on, embedding Q&A, quick create or a paginated report throws a `NotSupported`
 * `EmbedError` that names the file to add.
 */
import { EmbedErrorCode, embedError } from './errors.ts';
import type * as Extras from './extras.ts';
import { EXTRAS } from './umd-key.ts';

const extras = (): typeof Extras => {
  const registered = (globalThis as { [EXTRAS]?: typeof Extras })[EXTRAS];
  if (registered) return registered;
  throw embedError(
    'Q&A, quick create and paginated reports need portico-embed-extras.min.js, loaded after portico-embed.min.js',
    EmbedErrorCode.NotSupported,
  );
};

// `new Qna(…)` gives the add-on's Qna: a constructor that returns an object makes `new` return it.
function StandIn(kind: 'Qna' | 'QuickCreate') {
  return function (...args: unknown[]) {
    return new (extras()[kind] as new (...a: unknown[]) => object)(...args);
  };
}

export const Qna = StandIn('Qna') as unknown as typeof Extras.Qna;
export const QuickCreate = StandIn('QuickCreate') as unknown as typeof Extras.QuickCreate;
export const validatePaginatedReportLoad: typeof Extras.validatePaginatedReportLoad = (input) =>
  extras().validatePaginatedReportLoad(input);
