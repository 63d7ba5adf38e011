import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_MODELS_DIR } from './load-models.ts';
import type { LoadedModels } from './load-models.ts';
import { eventually } from '../../test/helpers/eventually.ts';
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
    await eventually(() => served !== undefined, 'the reload', 3000);
    expect(JSON.stringify(served?.reports)).toContain('Printers at work');
    expect(JSON.stringify(served?.reports)).not.toContain('Printers in service');
  });

  it('reads nothing again while the folder stays as it was read', async () => {
    const baseline = await modelFolderStamp(dir);
    let reads = 0;
    watch = watchModelFolder({ dir, log: quiet, pollMs: 20, baseline, onModels: () => void (reads += 1) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(0);
  });
});
