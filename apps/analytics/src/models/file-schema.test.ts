import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_SCHEMAS, publishedSchemaText } from './file-schema.ts';

describe('the published JSON Schemas', () => {
  for (const name of Object.keys(PUBLISHED_SCHEMAS) as (keyof typeof PUBLISHED_SCHEMAS)[]) {
    it(`models/schema/${name} equals the TypeBox schema the loader checks with`, async () => {
      const published = await readFile(new URL(`../../models/schema/${name}`, import.meta.url), 'utf8');
      // Regenerate with: npm run analytics -- models schema (then prettier, which only changes the layout)
      expect(JSON.parse(published)).toStrictEqual(JSON.parse(publishedSchemaText(name)));
    });
  }

  it('requires a row-level-security column on every table of a model', () => {
    const table = (
      PUBLISHED_SCHEMAS['semantic-model.schema.json'].properties.tables as unknown as {
        items: { required: string[] };
      }
    ).items;
    expect(table.required).toContain('rowLevelSecurity');
  });
});
