/// <reference lib="dom" />
/** The benchmark host page of powerbi-client 2.24.1 (the installed dev dependency, bundled as is). */
import { factories, models, service, type Report } from 'powerbi-client';
import { within, type BenchApi } from '../bench-api.ts';

const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
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
let report: Report | undefined;

function embed(embedUrl: string): Promise<void> {
  return new Promise((resolve) => {
    const embedded = powerbi.embed(element(), {
      type: 'report',
      id: 'r1',
      embedUrl,
      accessToken: 'bench-token',
      tokenType: models.TokenType.Embed,
    }) as Report;
    report = embedded;
    embedded.on('loaded', () => resolve());
  });
}

const bench: BenchApi = {
  sdk: 'powerbi-client 2.24.1',
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
