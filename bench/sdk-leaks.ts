/**
 * Leaks: the host page's JavaScript heap after 1,000 embed → loaded → getPages() → reset cycles, minus the
 * heap before them (both after forced garbage collections), for `@portico/embed` and, for comparison,
 * powerbi-client 2.24.1, each in its own page against the same fake frame. The goal for ours is < 1 MB.
 *
 *   node --import tsx bench/sdk-leaks.ts [cycles=1000]
 */
import type { CDPSession, Page } from '@playwright/test';
import { EMBED_URL, inPage, launch, type HostName } from './support/browser.ts';

const cycles = Number(process.argv[2] ?? 1_000);
const WARM_UP = 20;
const GOAL_BYTES = 1024 * 1024;

interface Sample {
  heap: number;
  listeners: number;
  nodes: number;
  documents: number;
}

async function sample(cdp: CDPSession): Promise<Sample> {
  // Several passes: weak references and finalizers can free more on a second collection.
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  return {
    heap: usedSize,
    listeners: counters.jsEventListeners,
    nodes: counters.nodes,
    documents: counters.documents,
  };
}

async function measure(page: Page): Promise<{ before: Sample; after: Sample; failures: number; ms: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.bringToFront();
  const run = (n: number) =>
    inPage(page, (bench, [count, url]) => bench.cycles(count, url), [n, EMBED_URL] as const);
  await run(WARM_UP);
  const before = await sample(cdp);
  const { failures, ms } = await run(cycles);
  const after = await sample(cdp);
  await cdp.detach();
  return { before, after, failures, ms };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const browser = await launch();
try {
  const results: Partial<Record<HostName, Awaited<ReturnType<typeof measure>>>> = {};
  for (const name of ['portico', 'pbi'] as const) {
    const page = await browser.open(name);
    results[name] = await measure(page);
    await page.close();
  }
  console.log(
    `Host-page heap after ${cycles} embed → loaded → getPages() → reset cycles, minus before (after GC)`,
  );
  for (const [name, label] of [
    ['portico', '@portico/embed       '],
    ['pbi', 'powerbi-client 2.24.1'],
  ] as const) {
    const result = results[name];
    if (!result) continue;
    const { before, after, failures, ms } = result;
    console.log(
      `  ${label}  heap ${kb(after.heap - before.heap)} (${kb(before.heap)} → ${kb(after.heap)}), ` +
        `JS event listeners ${after.listeners - before.listeners >= 0 ? '+' : ''}${after.listeners - before.listeners}, ` +
        `DOM nodes ${after.nodes - before.nodes >= 0 ? '+' : ''}${after.nodes - before.nodes}, ` +
        `${failures} failed cycles, ${(ms / cycles).toFixed(1)} ms per cycle`,
    );
  }
  const ours = results.portico;
  const theirs = results.pbi;
  if (ours && theirs) {
    const growth = ours.after.heap - ours.before.heap;
    console.log(
      `RESULT sdk-leaks: ours ${kb(growth)} vs powerbi-client ${kb(theirs.after.heap - theirs.before.heap)} ` +
        `after ${cycles} cycles (goal < 1024 KB: ${growth < GOAL_BYTES ? 'met' : 'NOT met'})`,
    );
  }
} finally {
  await browser.close();
}
