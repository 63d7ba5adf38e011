/**
 * The Q&A embed against the real analytics service in Chromium: a host page on another origin drives it through
 * `@portico/embed`. The answers' numbers are checked against the fleet data computed independently (oracle.ts).
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { PRINT_FLEET_DATASET_ID } from '../../apps/analytics/src/models/built-in.ts';
import { devices, meters, sumBy } from '../../apps/analytics/test/helpers/oracle.ts';
import { startStack, type Stack } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

let stack: Stack;
let page: Page;

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { intervals: [25, 50, 100, 250], timeout: 15_000 });
const number = (text: string) => Number(text.replace(/,/g, ''));

async function embedQna(
  p: Page,
  databaseNames: string[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  const accessToken = await stack.embedToken({ datasetIds: [PRINT_FLEET_DATASET_ID], databaseNames });
  await p.goto(`${stack.host}/qna-host.html`);
  await p.evaluate((config) => window.qnaHost.embed(config), {
    type: 'qna',
    embedUrl: `${stack.service}/qnaEmbed`,
    accessToken,
    tokenType: 1,
    datasetIds: [PRINT_FLEET_DATASET_ID],
    viewMode: 0,
    ...extra,
  });
}

function frameOf(p: Page): Frame {
  const frame = p.frames().find((f) => f.url().includes('/qnaEmbed'));
  if (!frame) throw new Error('no Q&A frame');
  return frame;
}

const rendered = (p: Page) =>
  p.evaluate(() => window.qnaHost.events.filter((e) => e.name === 'visualRendered').map((e) => e.detail));

async function ask(question: string): Promise<void> {
  const before = (await rendered(page)).length;
  const outcome = await page.evaluate(async (q) => {
    try {
      await window.qnaHost.current().setQuestion(q);
      return 'ok';
    } catch (error) {
      return JSON.stringify((error as { body?: unknown }).body ?? String(error));
    }
  }, question);
  expect(outcome).toBe('ok');
  await poll(async () => (await rendered(page)).length).toBe(before + 1);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  stack = await startStack();
  page = await browser.newPage();
  await embedQna(page, ['fabrikam']);
});

test.afterAll(async () => {
  await page?.close();
  await stack?.close();
});

test('the Q&A loads with a question box and suggestions from the model', async () => {
  await poll(() => page.evaluate(() => window.qnaHost.names().filter((n) => n === 'loaded').length)).toBe(1);
  const frame = frameOf(page);
  await expect(
    frame.getByRole('searchbox').or(frame.getByLabel('Ask a question about your data')),
  ).toBeVisible();
  await expect(frame.getByRole('button', { name: 'top 5 models by mono pages' })).toBeVisible();
});

test('a count is answered as a card whose number is the count of the viewer’s devices', async () => {
  await ask('how many devices');
  expect((await rendered(page)).at(-1)).toEqual({
    question: 'how many devices',
    normalizedQuestion: 'devices',
  });
  const value = await frameOf(page).locator('.qna-answer .card-value').textContent();
  expect(number(value ?? '')).toBe(devices(['fabrikam']).length);
});

test('a ranking is answered as a bar chart whose data are the top rows of the fleet data', async () => {
  await ask('top 3 manufacturers by mono pages');
  expect((await rendered(page)).at(-1)).toEqual({
    question: 'top 3 manufacturers by mono pages',
    normalizedQuestion: 'total mono pages by manufacturer, top 3',
  });
  const frame = frameOf(page);
  await expect(frame.locator('.qna-answer')).toHaveAttribute('data-type', 'clusteredBarChart');
  await expect(frame.locator('.qna-answer svg')).toHaveCount(1);
  const cells = await frame
    .locator('.qna-data tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
  const expected = sumBy(
    meters(['fabrikam']),
    (m) => m.device.manufacturer,
    (m) => m.monoPages,
  )
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  expect(cells.map(([name, value]) => [name, number(value ?? '')])).toEqual(expected);
});

test('a question typed in the box is answered and its restatement shown', async () => {
  const frame = frameOf(page);
  const before = (await rendered(page)).length;
  await frame.getByLabel('Ask a question about your data').fill('alerts by severity');
  await frame.getByLabel('Ask a question about your data').press('Enter');
  await poll(async () => (await rendered(page)).length).toBe(before + 1);
  expect((await rendered(page)).at(-1)).toEqual({
    question: 'alerts by severity',
    normalizedQuestion: 'alerts by severity',
  });
  await expect(frame.locator('.qna-restatement')).toContainText('alerts by severity');
});

test('a question it cannot answer shows the message and raises no visualRendered', async () => {
  const before = (await rendered(page)).length;
  const outcome = await page.evaluate(() =>
    window.qnaHost
      .current()
      .setQuestion('pages for xyz')
      .then(() => 'ok'),
  );
  expect(outcome).toBe('ok');
  await expect(frameOf(page).locator('.qna-message')).toContainText(
    "I don't know 'xyz'. Try a measure such as",
  );
  await expect(frameOf(page).locator('.qna-answer')).toHaveCount(0);
  expect((await rendered(page)).length).toBe(before);
});

test('an empty question is refused with 400', async () => {
  const status = await page.evaluate(() =>
    window.qnaHost
      .current()
      .setQuestion('  ')
      .then(
        () => 200,
        (error: { statusCode?: number }) => error.statusCode ?? -1,
      ),
  );
  expect(status).toBe(400);
});

test('setAccessToken swaps the token: the next answer is under the new token’s row-level security', async () => {
  const fresh = await stack.embedToken({
    datasetIds: [PRINT_FLEET_DATASET_ID],
    databaseNames: ['contoso_us'],
  });
  const outcome = await page.evaluate(
    (token) =>
      window.qnaHost
        .current()
        .setAccessToken(token)
        .then(() => 'ok'),
    fresh,
  );
  expect(outcome).toBe('ok');
  await ask('how many printers');
  expect((await rendered(page)).at(-1)).toEqual({
    question: 'how many printers',
    normalizedQuestion: 'devices',
  });
  await expect(frameOf(page).locator('.qna-answer .card-value')).toHaveText(
    devices(['contoso_us']).length.toLocaleString('en-US'),
  );
  expect(devices(['contoso_us']).length).not.toBe(devices(['fabrikam']).length);
  expect(await page.evaluate(() => window.qnaHost.names().includes('error'))).toBe(false);
});

test('result-only mode shows the answer of the load question without the question box', async ({
  browser,
}) => {
  const other = await browser.newPage();
  try {
    await embedQna(other, ['fabrikam'], { viewMode: 1, question: 'how many colour devices' });
    await poll(async () => (await rendered(other)).length).toBe(1);
    expect((await rendered(other))[0]).toEqual({
      question: 'how many colour devices',
      normalizedQuestion: 'devices where colour or mono is Colour',
    });
    const frame = frameOf(other);
    await expect(frame.locator('.qna-answer .card-value')).toHaveText(
      devices(['fabrikam'])
        .filter((d) => d.isColour)
        .length.toLocaleString('en-US'),
    );
    await expect(frame.locator('.qna[data-mode="resultOnly"]')).toBeVisible();
    await expect(frame.locator('input[name="question"]')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test("another viewer's answer counts only that viewer's rows", async ({ browser }) => {
  const other = await browser.newPage();
  try {
    await embedQna(other, ['contoso_us'], { question: 'how many devices' });
    await poll(async () => (await rendered(other)).length).toBe(1);
    await expect(frameOf(other).locator('.qna-answer .card-value')).toHaveText(
      devices(['contoso_us']).length.toLocaleString('en-US'),
    );
  } finally {
    await other.close();
  }
});
