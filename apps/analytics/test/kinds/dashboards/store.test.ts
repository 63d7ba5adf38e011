import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentStore } from '../../../src/content/store.ts';
import { FLEET_WORKSPACE_ID } from '../../../src/models/built-in.ts';
import { FLEET_DASHBOARD_ID, SAMPLE_DASHBOARDS } from '../../../src/kinds/dashboards/samples.ts';
import type { SampleDashboard } from '../../../src/kinds/dashboards/samples.ts';
import { DashboardStore } from '../../../src/kinds/dashboards/store.ts';
import { tileSource } from '../../../src/kinds/dashboards/tiles.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dashboards-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const fileOf = (id: string) => join(dir, `${id}.json`);
const readDoc = async (id: string) =>
  JSON.parse(await readFile(fileOf(id), 'utf8')) as Record<string, unknown>;

describe('the dashboard store', () => {
  it('writes the two samples on first open and serves them by workspace, by name', async () => {
    const store = await DashboardStore.open(dir);
    expect(store.list(FLEET_WORKSPACE_ID).map((d) => d.name)).toEqual([
      'Fleet at a glance',
      'Supplies and alerts',
    ]);
    expect((await readdir(dir)).sort()).toEqual(SAMPLE_DASHBOARDS.map((d) => `${d.id}.json`).sort());
    expect(store.list('another-workspace')).toEqual([]);
    expect(store.problems).toEqual([]);
  });

  it('rewrites a sample whose built-in definition changed, but keeps a file someone took over', async () => {
    await DashboardStore.open(dir);
    const [fleet, supplies] = SAMPLE_DASHBOARDS as [SampleDashboard, SampleDashboard];
    const taken = { ...(await readDoc(supplies.id)), source: 'user', name: 'Our own supplies view' };
    await writeFile(fileOf(supplies.id), JSON.stringify(taken));
    const changed = [
      { ...fleet, name: 'Fleet, renamed' },
      { ...supplies, name: 'Supplies, renamed' },
    ];
    const store = await DashboardStore.open(dir, changed);
    expect(store.get(fleet.id)?.name).toBe('Fleet, renamed');
    expect(store.get(supplies.id)?.name).toBe('Our own supplies view');
    expect((await readDoc(fleet.id)).name).toBe('Fleet, renamed');
  });

  it('leaves a broken or inconsistent file unserved and says why', async () => {
    await DashboardStore.open(dir, []);
    const id = 'b1d4a1f0-6a53-4c1e-9a51-5a0d1f3c2e99';
    const base = {
      id,
      name: 'Broken',
      workspaceId: FLEET_WORKSPACE_ID,
      createdAt: '',
      updatedAt: '',
      source: 'user',
    };
    const text = { kind: 'text', text: 'x', title: 't', row: 0, rowSpan: 1, colSpan: 1 };
    await writeFile(
      fileOf(id),
      JSON.stringify({
        ...base,
        definition: { columns: 2, tiles: [{ ...text, id: 'a', col: 1, colSpan: 2 }] },
      }),
    );
    const other = 'b1d4a1f0-6a53-4c1e-9a51-5a0d1f3c2e98';
    await writeFile(fileOf(other), '{ not json');
    const store = await DashboardStore.open(dir, []);
    expect(store.get(id)).toBeUndefined();
    expect(store.problems.map((p) => p.file).sort()).toEqual([`${other}.json`, `${id}.json`]);
    expect(store.problems.find((p) => p.file === `${id}.json`)?.problem).toMatch(/outside the grid/);
  });
});

describe('the sample dashboards', () => {
  it('pin only visuals that exist in the sample reports', async () => {
    const content = await ContentStore.open(join(dir, 'content'));
    for (const dashboard of SAMPLE_DASHBOARDS) {
      for (const tile of dashboard.definition.tiles) {
        if (tile.kind !== 'text')
          expect(() => tileSource(content, tile), `${dashboard.name}: ${tile.id}`).not.toThrow();
      }
    }
    expect(SAMPLE_DASHBOARDS.map((d) => d.id)).toContain(FLEET_DASHBOARD_ID);
  });
});
