import { readFileSync, readdirSync } from 'node:fs';
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

type Rgba = [number, number, number, number];

/** `#rgb`, `#rrggbb`, `rgb()`/`rgba()` and `var(--portal-…)` of shell.css, as 0–255 channels and an alpha. */
function parseColour(value: string): Rgba {
  const variable = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (variable?.[1] !== undefined) {
    const resolved = new RegExp(`${variable[1]}:\\s*([^;]+);`).exec(shellCss)?.[1];
    if (resolved === undefined) throw new Error(`no ${variable[1]}`);
    return parseColour(resolved);
  }
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(value.trim())?.[1];
  if (rgb !== undefined) {
    const [r = 0, g = 0, b = 0, a = 1] = rgb.split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  }
  if (value.trim() === 'transparent') return [0, 0, 0, 0];
  throw new Error(`not a colour: ${value}`);
}

/** The colour seen when `top` (maybe translucent) lies over the opaque `bottom`. */
const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
  r * a + br * (1 - a),
  g * a + bg * (1 - a),
  b * a + bb * (1 - a),
  1,
];

/** WCAG 2's relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
function contrast(text: string, background = '#ffffff'): number {
  const bottom = parseColour(background);
  const [a, b] = [luminance(over(parseColour(text), bottom)), luminance(bottom)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('the palette', () => {
  it('gives the shell stylesheet the same colours as MUI’s theme', () => {
    for (const [name, colour] of Object.entries(palette)) expect(cssVariable(name), name).toBe(colour);
    expect(theme.palette.primary.main).toBe(palette.primary);
    expect(theme.palette.secondary.main).toBe(palette.secondary);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777')).toBeCloseTo(4.48, 2);
  });

  it('keeps the brand orange for graphics (3:1) and a darker orange for text (4.5:1)', () => {
    expect(contrast(palette.secondary)).toBeGreaterThanOrEqual(3);
    expect(contrast(palette.secondary)).toBeLessThan(4.5);
    expect(contrast(palette.secondaryText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives text on a teal or orange fill at least 4.5:1 in MUI’s theme', () => {
    for (const colour of [theme.palette.primary, theme.palette.secondary]) {
      expect(contrast(colour.contrastText, colour.main), colour.main).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour.contrastText, colour.dark), colour.dark).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws every text colour of the shell stylesheet at 4.5:1 or more on its background', () => {
    const rules = [...shellCss.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)];
    const checked: string[] = [];
    const failures: string[] = [];
    for (const [, selector = '', body = ''] of rules) {
      const colour = /(?:^|;)\s*color:\s*([^;]+);/.exec(body)?.[1]?.trim();
      if (colour === undefined || colour === 'inherit' || colour === 'transparent') continue;
      // WCAG exempts inactive controls.
      if (/:disabled|\[disabled\]|aria-disabled/.test(selector)) continue;
      const background = /background-color:\s*([^;]+);/.exec(body)?.[1]?.trim() ?? '#ffffff';
      // A translucent background lies over the white page.
      const backdrop = over(parseColour(background), [255, 255, 255, 1]);
      const ratio = contrast(colour, `rgb(${backdrop.slice(0, 3).join(', ')})`);
      checked.push(selector.trim());
      if (ratio < 4.5) failures.push(`${selector.trim()}: ${colour} on ${background} (${ratio.toFixed(2)})`);
    }
    expect(failures).toEqual([]);
    expect(checked).toContain('.portal-badge');
  });

  it('never uses the brand orange as a text colour in the pages', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) sources.push(path);
      }
    };
    walk(join(import.meta.dirname, '..'));
    const offenders = sources.filter((file) =>
      /color=["']secondary["']|\bcolor:\s*['"]secondary\.(?:main|light|dark)['"]|color:\s*['"]#ef6c00/i.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
