import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_MODELS_DIR } from './load-models.ts';
import type { LoadedModels } from './load-models.ts';
import { modelFolderStamp, watchModelFolder } from './watch-models.ts';
import type { ModelWatch } from './watch-models.ts';

const REPORT = 'reports/1-fleet-overview.report.yaml';
const quiet = { info: () => undefined, error: () => undefined };
let dir: string;
let watch: ModelWatch | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'models-watch-'));
  cpSync(BUILT_IN_MODELS_DIR, dir, { recursive: true });
});
afterEach(() => {
  watch?.close();
  rmSync(dir, { recursive: true, force: true });
});

function retitle(): void {
  const file = join(dir, REPORT);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('title: Printers in service');
  writeFileSync(file, text.replace('title: Printers in service', 'title: Printers at work'));
}

async function within<T>(ms: number, value: () => T | undefined): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (let found = value(); Date.now() < until; found = value()) {
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return value();
}

describe('the model folder watch', () => {
  it('reloads a file saved after the service read the folder, even before the watch first looked', async () => {
    const baseline = await modelFolderStamp(dir);
    // Saved while the service starts: after its read, before the watch's first look.
    retitle();
    let served: LoadedModels | undefined;
    watch = watchModelFolder({
      dir,
      log: quiet,
      pollMs: 20,
      baseline,
      onModels: (models) => void (served = models),
    });
    const reloaded = await within(3000, () => served);
    expect(JSON.stringify(reloaded?.reports)).toContain('Printers at work');
    expect(JSON.stringify(reloaded?.reports)).not.toContain('Printers in service');
  });

  it('reads nothing again while the folder stays as it was read', async () => {
    const baseline = await modelFolderStamp(dir);
    let reads = 0;
    watch = watchModelFolder({ dir, log: quiet, pollMs: 20, baseline, onModels: () => void (reads += 1) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(0);
  });
});
