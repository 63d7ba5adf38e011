import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedDataVersion, folderDataVersion } from './data-version.ts';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'data-version-'));
  await writeFile(join(folder, 'devices.csv'), 'database_name\nfabrikam\n');
  await mkdir(join(folder, 'meter_readings'));
  await writeFile(join(folder, 'meter_readings', 'part-0.csv'), 'database_name\nfabrikam\n');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('folderDataVersion', () => {
  it('gives a new version when a file of a table changes, once the recheck interval has passed', async () => {
    const clock = { now: 0 };
    const version = folderDataVersion(folder, { recheckMs: 1000, now: () => clock.now });
    const first = await version();
    expect(await version()).toBe(first);
    await utimes(join(folder, 'meter_readings', 'part-0.csv'), new Date(), new Date(Date.now() + 5000));
    clock.now = 999;
    expect(await version()).toBe(first);
    clock.now = 1000;
    const second = await version();
    expect(second).not.toBe(first);
    await writeFile(join(folder, 'meter_readings', 'part-1.csv'), 'database_name\ncontoso_us\n');
    clock.now = 2000;
    expect(await version()).not.toBe(second);
  });

  it('gives a version that matches nothing before when the folder cannot be read', async () => {
    const clock = { now: 0 };
    const version = folderDataVersion(join(folder, 'missing'), { now: () => clock.now });
    const first = await version();
    clock.now = 1000;
    expect(await version()).not.toBe(first);
  });
});

describe('fixedDataVersion', () => {
  it('is stable for one stamp and differs between stamps', async () => {
    expect(await fixedDataVersion({ scale: 1 })()).toBe(await fixedDataVersion({ scale: 1 })());
    expect(await fixedDataVersion({ scale: 1 })()).not.toBe(await fixedDataVersion({ scale: 2 })());
  });
});
