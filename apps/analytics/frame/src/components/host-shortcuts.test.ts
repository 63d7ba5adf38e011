import { describe, expect, it } from 'vitest';
import { FULLSCREEN_SHORTCUT, hostShortcutOf } from './host-shortcuts.ts';

const keys = (
  key: string,
  extra: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...extra,
});

describe('host shortcuts', () => {
  it('passes Ctrl+Alt+F on to the host as the fullscreen shortcut', () => {
    expect(hostShortcutOf(keys('f', { ctrlKey: true, altKey: true }))).toEqual(FULLSCREEN_SHORTCUT);
    expect(hostShortcutOf(keys('F', { ctrlKey: true, altKey: true }))).toEqual(FULLSCREEN_SHORTCUT);
  });

  it('keeps every other key in the report', () => {
    expect(hostShortcutOf(keys('f', { ctrlKey: true }))).toBeUndefined();
    expect(hostShortcutOf(keys('f', { ctrlKey: true, altKey: true, shiftKey: true }))).toBeUndefined();
    expect(hostShortcutOf(keys('g', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });
});
