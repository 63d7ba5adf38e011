import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES } from '@portico/analytics-model';
import { DASHBOARD_CAPTIONS } from './captions.ts';
import { SAMPLE_DASHBOARDS } from './samples.ts';

describe('the sample dashboards in the seven portal languages', () => {
  for (const dashboard of SAMPLE_DASHBOARDS) {
    it(`translate '${dashboard.name}': its name, every tile's title and every text`, () => {
      const missing: string[] = [];
      for (const language of CONTENT_LANGUAGES.filter((l) => l !== 'en')) {
        const captions = DASHBOARD_CAPTIONS[dashboard.id]?.[language as 'de'];
        if (!captions?.name.trim()) missing.push(`${language}: name`);
        for (const tile of dashboard.definition.tiles) {
          const caption = captions?.tiles[tile.id];
          if (!caption?.title.trim()) missing.push(`${language}: ${tile.id}`);
          if (tile.kind === 'text' && !caption?.text?.trim()) missing.push(`${language}: ${tile.id} text`);
        }
        for (const id of Object.keys(captions?.tiles ?? {}))
          if (!dashboard.definition.tiles.some((tile) => tile.id === id))
            missing.push(`${language}: no tile ${id}`);
      }
      expect(missing).toEqual([]);
    });
  }
});
