import { describe, expect, it } from 'vitest';
import { createSdkSessionId, createTrackingId, createUid } from './ids.ts';

describe('ids', () => {
  it('makes an sdkSessionId of 20 hex characters', () => {
    expect(createSdkSessionId()).toMatch(/^[0-9a-f]{20}$/);
  });

  it('makes tracking ids and uids of lower-case hex', () => {
    expect(createTrackingId()).toMatch(/^[0-9a-f]{16}$/);
    expect(createUid()).toMatch(/^[0-9a-f]{12}$/);
  });

  it('does not repeat itself', () => {
    const ids = new Set(Array.from({ length: 1000 }, createTrackingId));
    expect(ids.size).toBe(1000);
  });
});
