/**
 * Q&A interpret-to-visualRendered: the median time from `qna.setQuestion(q)` in a host page (`@portico/embed`, another
 * origin) to the `visualRendered` event naming that question, against the real analytics service and frame in
 * Chromium — and, as the baseline, the interpreter plus the query alone in Node on the same data (the same
 * questions, the viewer's vocabulary already read). The ratio is what the frame, the HTTP round trip, JSON and
 * drawing add. Data: the tests' fleet (five accounts, 120 days), the viewer sees all five accounts.
 *
 *   node --import tsx bench/qna-interpret.ts [rounds=5]
 */
import { PRINT_FLEET_DATASET, PRINT_FLEET_DATASET_ID } from '../apps/analytics/src/models/built-in.ts';
import { interpret } from '../apps/analytics/src/kinds/qna/interpret.ts';
import { Vocabulary } from '../apps/analytics/src/kinds/qna/vocabulary.ts';
import { runVisualQuery } from '../apps/analytics/src/query/run.ts';
import { openTestFleet, TEST_NOW } from '../apps/analytics/test/helpers/fleet.ts';
import { ALL_ACCOUNTS } from '../apps/analytics/test/helpers/oracle.ts';
import { startStack } from '../e2e/analytics/support/stack.ts';
import { launchChromium, median } from './support/browser.ts';

const rounds = Number(process.argv[2] ?? 5);
const QUESTIONS = [
  'how many devices',
  'total pages by month',
  'top 5 models by mono pages',
  'alerts by severity last 30 days',
  'share of pages by manufacturer',
  'colour pages by site this year',
  'devices by manufacturer and colour mode',
  'which site has the most alerts',
];

const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? 0;
const ms = (value: number) => `${value.toFixed(2)} ms`;

const stack = await startStack();
const fleet = await openTestFleet();
const browser = await launchChromium();
try {
  const vocabulary = new Vocabulary({ engine: fleet.fleet.engine, now: () => TEST_NOW.getTime() });
  const context = { databaseNames: ALL_ACCOUNTS, now: TEST_NOW };
  const interpretTimes: number[] = [];
  /** The interpreter and the query, as the route runs them, without HTTP, token or frame. */
  async function alone(question: string): Promise<number> {
    const start = performance.now();
    const lexicon = await vocabulary.lexicon(PRINT_FLEET_DATASET, ALL_ACCOUNTS);
    const result = interpret(lexicon, question);
    interpretTimes.push(performance.now() - start);
    if (result.status !== 'answered') throw new Error(`not answered: ${question}`);
    await runVisualQuery(fleet.fleet.engine, PRINT_FLEET_DATASET, result.query, context);
    return performance.now() - start;
  }

  const page = await browser.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  await page.goto(`${stack.host}/qna-host.html`);
  const accessToken = await stack.embedToken({
    datasetIds: [PRINT_FLEET_DATASET_ID],
    databaseNames: [...ALL_ACCOUNTS],
  });
  await page.evaluate((config) => window.qnaHost.embed(config), {
    type: 'qna',
    embedUrl: `${stack.service}/qnaEmbed`,
    accessToken,
    tokenType: 1,
    datasetIds: [PRINT_FLEET_DATASET_ID],
  });
  const loadedBy = Date.now() + 60_000;
  while (!(await page.evaluate(() => window.qnaHost.names().includes('loaded')))) {
    if (Date.now() > loadedBy) {
      throw new Error(
        `the Q&A did not load: ${await page.evaluate(() => JSON.stringify(window.qnaHost.events))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const inBrowser = (question: string) => page.evaluate((q) => window.qnaHost.timeAnswer(q), question);

  // Warm-up: the viewer's vocabulary, the chart chunk, DuckDB's caches.
  for (const question of QUESTIONS) {
    await inBrowser(question);
    await alone(question);
  }
  interpretTimes.length = 0;
  const browserTimes: number[] = [];
  const aloneTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const question of QUESTIONS) {
      // Alternate which goes first, so neither always runs on a warmer machine.
      if (round % 2 === 0) {
        browserTimes.push(await inBrowser(question));
        aloneTimes.push(await alone(question));
      } else {
        aloneTimes.push(await alone(question));
        browserTimes.push(await inBrowser(question));
      }
    }
  }
  const ours = median(browserTimes);
  const base = median(aloneTimes);
  console.log(
    `Q&A on the tests' fleet, ${QUESTIONS.length} questions × ${rounds} rounds, viewer of ${ALL_ACCOUNTS.length} accounts`,
  );
  console.log(
    `  setQuestion → visualRendered in Chromium  median ${ms(ours)}  (p90 ${ms(p90(browserTimes))}, n=${browserTimes.length})`,
  );
  console.log(
    `  interpreter + query alone in Node        median ${ms(base)}  (p90 ${ms(p90(aloneTimes))}, n=${aloneTimes.length})`,
  );
  console.log(`    of which the interpreter                median ${ms(median(interpretTimes))}`);
  console.log(
    `RESULT qna-interpret: ${ms(ours)} interpret-to-visualRendered vs ${ms(base)} interpreter+query, ratio ${(ours / base).toFixed(2)}`,
  );
} finally {
  await browser.close();
  await fleet.close();
  await stack.close();
}
