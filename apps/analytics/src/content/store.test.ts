import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_REPORTS } from '../models/built-in.ts';
import type { SampleReport } from '../models/built-in.ts';
import { ContentStore, VersionConflictError } from './store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analytics-content-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const first = SAMPLE_REPORTS[0] as SampleReport;

describe('the content store', () => {
  it('seeds the sample reports as version 1 on first open', async () => {
    const store = await ContentStore.open(dir);
    expect(store.reports(first.workspaceId).map((r) => [r.name, r.version])).toEqual([
      ['Fleet overview', 1],
      ['Page volume', 1],
      ['Service alerts', 1],
      ['Supplies', 1],
    ]);
    const file = JSON.parse(
      await readFile(join(dir, 'reports', first.id, 'versions', '000001.json'), 'utf8'),
    ) as { source: string };
    expect(file.source).toBe('sample');
  });

  it('keeps every save as a new version on disk, and reopens at the latest', async () => {
    const store = await ContentStore.open(dir);
    const edited = { ...first.definition, bookmarks: [] };
    expect((await store.save(first.id, edited))?.version).toBe(2);
    expect((await store.save(first.id, first.definition, { baseVersion: 2 }))?.version).toBe(3);
    await expect(store.save(first.id, edited, { baseVersion: 2 })).rejects.toThrow(VersionConflictError);
    expect(await readdir(join(dir, 'reports', first.id, 'versions'))).toEqual([
      '000001.json',
      '000002.json',
      '000003.json',
    ]);
    const reopened = await ContentStore.open(dir);
    expect(reopened.report(first.id)?.version).toBe(3);
    expect((await reopened.versions(first.id))?.map((v) => v.source)).toEqual(['sample', 'user', 'user']);
  });

  it('serialises concurrent saves of one report into consecutive versions', async () => {
    const store = await ContentStore.open(dir);
    const saves = await Promise.all([1, 2, 3, 4].map(() => store.save(first.id, first.definition)));
    expect(saves.map((s) => s?.version).sort()).toEqual([2, 3, 4, 5]);
  });

  it('saves as a new report in the same workspace and dataset', async () => {
    const store = await ContentStore.open(dir);
    const copy = await store.saveAs(first.id, 'Copy of fleet overview');
    expect(copy).toMatchObject({
      name: 'Copy of fleet overview',
      version: 1,
      workspaceId: first.workspaceId,
      datasetId: first.datasetId,
    });
    expect(copy?.id).not.toBe(first.id);
    expect((await ContentStore.open(dir)).report(copy?.id ?? '')?.name).toBe('Copy of fleet overview');
    expect(await store.saveAs('nope', 'x')).toBeUndefined();
  });

  it('adds a version when a built-in sample changes, unless someone has saved the report since', async () => {
    await ContentStore.open(dir);
    const changed: SampleReport[] = SAMPLE_REPORTS.map((s) => ({
      ...s,
      definition: { ...s.definition, bookmarks: [] },
    }));
    const store = await ContentStore.open(dir, changed);
    expect(store.report(first.id)?.version).toBe(2);
    expect(store.report(first.id)?.definition.bookmarks).toEqual([]);
    await store.save(first.id, first.definition);
    const again = await ContentStore.open(dir, SAMPLE_REPORTS);
    expect(again.report(first.id)?.version).toBe(3);
    expect((await again.versions(first.id))?.at(-1)?.source).toBe('user');
  });
});
