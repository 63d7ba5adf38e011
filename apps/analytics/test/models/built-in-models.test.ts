import { describe, expect, it } from 'vitest';
import { DATASETS, SAMPLE_REPORTS, WORKSPACES } from '../../src/content/samples/index.ts';
import { BUILT_IN_MODELS_DIR, loadModelFolder } from '../../src/models/load-models.ts';

describe('the built-in model folder', () => {
  it('holds exactly the dataset, workspace and four sample reports the TypeScript constants held', async () => {
    const loaded = await loadModelFolder(BUILT_IN_MODELS_DIR);
    expect(loaded.workspaces).toStrictEqual(WORKSPACES);
    const tables = loaded.datasets[0]?.tables.map(({ rlsColumn, ...rest }) => {
      expect(rlsColumn).toBe('database_name');
      return rest;
    });
    expect({ ...loaded.datasets[0], tables }).toStrictEqual(DATASETS[0]);
    expect(loaded.datasets).toHaveLength(1);
    expect(loaded.reports).toStrictEqual(SAMPLE_REPORTS);
    // Same key order too: the store hashes JSON.stringify(definition) to notice a changed sample.
    expect(loaded.reports.map((r) => JSON.stringify(r.definition))).toStrictEqual(
      SAMPLE_REPORTS.map((r) => JSON.stringify(r.definition)),
    );
  });
});
