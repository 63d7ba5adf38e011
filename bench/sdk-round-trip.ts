/**
 * Round trip: the median latency of `report.getPages()` in Chromium, for `@portico/embed` and for
 * powerbi-client 2.24.1, against the same fake frame (built on `@portico/frame`) on another origin. The
 * two SDKs run in alternating rounds in one browser, so drift of the machine affects both alike.
 *
 *   node --import tsx bench/sdk-round-trip.ts [rounds=10] [calls per round=200]
 */
import { EMBED_URL, inPage, launch, median, type HostName } from './support/browser.ts';

const rounds = Number(process.argv[2] ?? 10);
const callsPerRound = Number(process.argv[3] ?? 200);
const WARM_UP = 30;

const browser = await launch();
try {
  const pages = {
    pbi: await browser.open('pbi'),
    portico: await browser.open('portico'),
  };
  const times: Record<HostName, number[]> = { portico: [], pbi: [] };
  const roundRatios: number[] = [];
  for (const page of Object.values(pages)) {
    await inPage(page, (bench, url) => bench.embed(url), EMBED_URL);
    await inPage(page, (bench, n) => bench.getPages(n), WARM_UP);
  }
  for (let round = 0; round < rounds; round++) {
    // Alternate which SDK goes first, so neither always runs on a warmer machine.
    const order: HostName[] = round % 2 ? ['pbi', 'portico'] : ['portico', 'pbi'];
    const samples: Partial<Record<HostName, number[]>> = {};
    for (const name of order) {
      // Only the page in front runs at full priority: measure each SDK in front.
      await pages[name].bringToFront();
      samples[name] = await inPage(pages[name], (bench, n) => bench.getPages(n), callsPerRound);
      times[name].push(...samples[name]);
    }
    roundRatios.push(median(samples.portico ?? []) / median(samples.pbi ?? []));
  }
  const ours = median(times.portico);
  const theirs = median(times.pbi);
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  console.log(
    `report.getPages() round trip in Chromium, ${rounds} alternating rounds of ${callsPerRound} calls each`,
  );
  console.log(
    `  @portico/embed         median ${ms(ours)}  (n=${times.portico.length}, p90 ${ms(p90(times.portico))})`,
  );
  console.log(
    `  powerbi-client 2.24.1  median ${ms(theirs)}  (n=${times.pbi.length}, p90 ${ms(p90(times.pbi))})`,
  );
  const ratio = ours / theirs;
  console.log(
    `  per-round ratios ${roundRatios.map((r) => r.toFixed(2)).join(' ')} (median ${median(roundRatios).toFixed(2)})`,
  );
  console.log(
    `RESULT sdk-round-trip: ours ${ms(ours)} vs powerbi-client ${ms(theirs)}, ratio ${ratio.toFixed(2)} (goal <= 1.0: ${ratio <= 1 ? 'met' : 'NOT met'})`,
  );
} finally {
  await browser.close();
}

function p90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.9)] ?? 0;
}
