import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sourceDir = new URL('./', import.meta.url);
const sources = readdirSync(sourceDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test-support.ts')
  .map((name) => ({ name, text: readFileSync(new URL(name, sourceDir), 'utf8') }));

describe('the generator source', () => {
  it('runs in a browser: no Node imports or globals', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const { name, text } of sources) {
      expect({ name, node: /from '(node:|fs|path|crypto)/.test(text) }).toEqual({ name, node: false });
      expect({ name, globals: /\b(process|Buffer|require)\b[.(]/.test(text) }).toEqual({
        name,
        globals: false,
      });
    }
  });

  it('draws every random value from the seeded generator', () => {
    for (const { name, text } of sources)
      expect({ name, random: text.includes('Math.random(') }).toEqual({ name, random: false });
  });

  it('uses no floating-point functions whose last bit may differ between engines', () => {
    const inexact = /Math\.(exp|log|log2|log10|pow|sin|cos|tan|atan|atan2|sinh|cosh|tanh|cbrt|expm1|log1p)\(/;
    for (const { name, text } of sources)
      expect({ name, inexact: inexact.test(text) }).toEqual({ name, inexact: false });
  });
});
