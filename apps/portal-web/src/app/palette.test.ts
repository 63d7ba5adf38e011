import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { palette } from './palette';
import { theme } from './theme';

// Read from disk: Vitest hands CSS imports (even ?raw) over empty.
const shellCss = readFileSync(join(import.meta.dirname, 'shell.css'), 'utf8');

/** `primaryLight` → the value of `--portal-primary-light` in shell.css. */
function cssVariable(name: string): string | undefined {
  const variable = `--portal-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return new RegExp(`${variable}:\\s*([^;]+);`).exec(shellCss)?.[1]?.trim();
}

describe('the palette', () => {
  it('gives the shell stylesheet the same colours as MUI’s theme', () => {
    for (const [name, colour] of Object.entries(palette)) expect(cssVariable(name), name).toBe(colour);
    expect(theme.palette.primary.main).toBe(palette.primary);
    expect(theme.palette.secondary.main).toBe(palette.secondary);
  });
});
