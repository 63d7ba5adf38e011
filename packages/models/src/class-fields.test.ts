/**
 * Apps in this repository compile the packages' TypeScript source with their own settings (tsx uses the app's
 * tsconfig), and TypeScript's default for ES2022 targets defines class fields: a field declared in a subclass would
 * be reset to undefined after the base constructor set it. The filter classes must survive both semantics.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as here from './index.ts';

async function compiledWithDefineSemantics(): Promise<typeof here> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
  });
  const dir = await mkdtemp(join(tmpdir(), 'models-define-'));
  try {
    const file = join(dir, 'models.mjs');
    await writeFile(file, result.outputFiles[0]?.text ?? '');
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as typeof here;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('filter classes compiled with define semantics for class fields', () => {
  it('serialize every field, as they do with assign semantics', async () => {
    const models = await compiledWithDefineSemantics();
    const target = { table: 'Calendar', column: 'Date' };
    const build = (m: typeof here) => [
      new m.RelativeDateFilter(target, 0, 3, 4, true).toJSON(),
      new m.RelativeTimeFilter(target, 0, 2, 7).toJSON(),
      new m.TopNFilter(target, 'Top', 5, { table: 'Devices', measure: 'Pages' }).toJSON(),
      new m.AdvancedFilter(target, 'And', { operator: 'GreaterThan', value: 3 }).toJSON(),
      new m.BasicFilter(target, 'In', ['a', 'b']).toJSON(),
      new m.IncludeExcludeFilter(target, true, ['x']).toJSON(),
      new m.IdentityFilter([], 'In').toJSON(),
      new m.TupleFilter({ table: 'Devices' } as never, 'In', []).toJSON(),
      new m.HierarchyFilter([target], []).toJSON(),
    ];
    const defined = build(models);
    expect(defined).toEqual(build(here));
    expect(defined[0]).toMatchObject({ operator: 0, timeUnitsCount: 3, timeUnitType: 4, includeToday: true });
  });
});
