/// <reference lib="dom" />
/**
 * The body of a benchmark host page, written once against the API the two SDKs share (powerbi-client's, which
 * ours keeps): each page only passes its SDK's service. Puts the BenchApi on `window.bench`.
 */
import { within, type BenchApi } from './bench-api.ts';

/** What the pages use of a report: the same in both SDKs. */
interface BenchReport {
  on(event: 'loaded', handler: () => void): void;
  getPages(): Promise<unknown[]>;
}

/** What the pages use of the SDK's service: `powerbi.embed(element, config)` and `powerbi.reset(element)`. */
export interface BenchService {
  embed(
    element: HTMLElement,
    config: { type: 'report'; id: string; embedUrl: string; accessToken: string; tokenType: number },
  ): unknown;
  reset(element: HTMLElement): void;
}

/**
 * Sets `window.bench` for one SDK.
 *
 * ```ts
 * installBenchApi('@portico/embed', new service.Service(…factories), models.TokenType.Embed);
 * ```
 */
export function installBenchApi(sdk: string, powerbi: BenchService, embedTokenType: number): void {
  // The script runs in the page's head: the container is made on first use, once the body exists.
  let container: HTMLElement | undefined;
  const element = (): HTMLElement => {
    if (!container) {
      container = document.createElement('div');
      container.style.cssText = 'width:400px;height:300px';
      document.body.append(container);
    }
    return container;
  };
  let report: BenchReport | undefined;

  function embed(embedUrl: string): Promise<void> {
    return new Promise((resolve) => {
      const embedded = powerbi.embed(element(), {
        type: 'report',
        id: 'r1',
        embedUrl,
        accessToken: 'bench-token',
        tokenType: embedTokenType,
      }) as BenchReport;
      report = embedded;
      embedded.on('loaded', () => resolve());
    });
  }

  const bench: BenchApi = {
    sdk,
    embed,
    async getPages(n) {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        await report?.getPages();
        times.push(performance.now() - started);
      }
      return times;
    },
    async cycles(n, embedUrl) {
      let failures = 0;
      const started = performance.now();
      for (let i = 0; i < n; i++) {
        try {
          await within(embed(embedUrl), 5_000);
          await within(report?.getPages() ?? Promise.resolve([]), 5_000);
        } catch {
          failures++;
        }
        powerbi.reset(element());
        report = undefined;
      }
      return { failures, ms: performance.now() - started };
    },
  };
  window.bench = bench;
}
