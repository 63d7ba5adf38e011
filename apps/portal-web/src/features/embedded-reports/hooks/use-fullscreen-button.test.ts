import { describe, expect, it } from 'vitest';
import { framePointerOver, isFrameFullscreenShortcut, isFullscreenShortcut } from './use-fullscreen-button';

describe('the fullscreen shortcut', () => {
  it('is Ctrl+Alt+F, in either case, and nothing else', () => {
    expect(isFullscreenShortcut({ ctrlKey: true, altKey: true, key: 'f' })).toBe(true);
    expect(isFullscreenShortcut({ ctrlKey: true, altKey: true, key: 'F' })).toBe(true);
    expect(isFullscreenShortcut({ ctrlKey: true, altKey: false, key: 'f' })).toBe(false);
    expect(isFullscreenShortcut({ ctrlKey: false, altKey: true, key: 'f' })).toBe(false);
  });

  it("recognises the report frame's info event that passes the shortcut on, and no other info", () => {
    expect(isFrameFullscreenShortcut({ type: 'shortcut', shortcut: 'fullscreen', keys: 'Ctrl+Alt+F' })).toBe(
      true,
    );
    expect(isFrameFullscreenShortcut({ type: 'shortcut', shortcut: 'print' })).toBe(false);
    expect(isFrameFullscreenShortcut({ message: 'something else' })).toBe(false);
    expect(isFrameFullscreenShortcut(null)).toBe(false);
  });
});

describe('the pointer over the report frame', () => {
  it('reads the frame pointer info events and nothing else', () => {
    expect(framePointerOver({ type: 'pointer', over: true })).toBe(true);
    expect(framePointerOver({ type: 'pointer', over: false })).toBe(false);
    expect(framePointerOver({ type: 'shortcut', shortcut: 'fullscreen' })).toBeUndefined();
    expect(framePointerOver(undefined)).toBeUndefined();
  });
});
