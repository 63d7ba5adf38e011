/// <reference lib="dom" />
/**
 * What the two benchmark host pages (ours and powerbi-client's) put on `window.bench`: the same few
 * operations, written against each SDK's own API, so one driver measures both.
 */
export interface BenchApi {
  /** Which SDK the page runs. */
  readonly sdk: string;
  /** Embeds the report at `embedUrl` and resolves once its frame raised `loaded`. */
  embed(embedUrl: string): Promise<void>;
  /** Makes `n` `report.getPages()` calls one after the other; resolves with each one's milliseconds. */
  getPages(n: number): Promise<number[]>;
  /** `n` cycles of embed → loaded → `getPages()` → reset on one element; counts the cycles that failed. */
  cycles(n: number, embedUrl: string): Promise<{ failures: number; ms: number }>;
}

declare global {
  interface Window {
    bench: BenchApi;
  }
}

/** Rejects after `ms`, so that one stuck cycle cannot hang a benchmark (powerbi-client has no timeouts). */
export const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
