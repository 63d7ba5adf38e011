import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentStore } from '../../../src/content/store.ts';
import { parseDatasetConfig } from '../../../src/kinds/create/dataset-config.ts';
import { buildUserDataset, storedRows } from '../../../src/kinds/create/user-dataset.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

const tables = parseDatasetConfig({
  locale: 'en',
  tableSchemaList: [{ name: 'T', columns: [{ name: 'n', dataType: 'Int64' }] }],
  data: [{ name: 'T', rows: [['1'], ['2']] }],
});

describe('ContentStore user datasets', () => {
  it('keeps user datasets and their rows across a reopen, a draft until it is kept', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-datasets-'));
    const store = await ContentStore.open(dir, []);
    const dataset = buildUserDataset(tables, { workspaceId: 'w1' });
    await store.addUserDataset(
      {
        dataset,
        databaseName: 'fabrikam',
        createdAt: '2024-01-01T00:00:00Z',
        expiresAt: '2024-01-02T00:00:00Z',
      },
      storedRows(tables),
    );
    expect(store.dataset(dataset.id)).toEqual(dataset);
    expect(store.datasets('w1')).toEqual([]);
    expect(await store.keepUserDataset(dataset.id)).toBe(true);

    const reopened = await ContentStore.open(dir, []);
    expect(reopened.datasets('w1')).toEqual([dataset]);
    expect(reopened.userDataset(dataset.id)).toMatchObject({ databaseName: 'fabrikam' });
    expect(reopened.userDataset(dataset.id)?.expiresAt).toBeUndefined();
    expect(await reopened.userDatasetRows(dataset.id)).toEqual({
      T: [
        [1, 1],
        [2, 2],
      ],
    });

    await reopened.removeUserDataset(dataset.id);
    expect((await ContentStore.open(dir, [])).dataset(dataset.id)).toBeUndefined();
  });

  it('creates a report over any dataset in the workspace given', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-datasets-'));
    const store = await ContentStore.open(dir, []);
    const definition = { pages: [], filters: [], bookmarks: [] };
    const report = await store.createReport({ name: 'R', workspaceId: 'w2', datasetId: 'd1' }, definition);
    expect((await ContentStore.open(dir, [])).report(report.id)).toMatchObject({
      name: 'R',
      workspaceId: 'w2',
      datasetId: 'd1',
      version: 1,
    });
  });
});
