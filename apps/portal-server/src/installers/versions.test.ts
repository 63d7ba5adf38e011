import { describe, expect, it } from 'vitest';
import { compareVersions, isVersion } from './versions.ts';

describe('release versions', () => {
  it('orders by semantic-versioning precedence, a pre-release before its release', () => {
    const sorted = ['1.10.0', '1.9.0', '1.10.0-rc.1', '1.10.0-beta.11', '1.10.0-beta.2', '1.10.0-alpha'].sort(
      compareVersions,
    );
    expect(sorted).toEqual([
      '1.9.0',
      '1.10.0-alpha',
      '1.10.0-beta.2',
      '1.10.0-beta.11',
      '1.10.0-rc.1',
      '1.10.0',
    ]);
  });

  it('accepts plain versions and pre-releases only', () => {
    expect(['1.4.0', '0.0.1', '2.5.0-beta.1'].every(isVersion)).toBe(true);
    expect(['1.4', 'v1.4.0', '1.4.0+b', '1.4.0-', '../1.4.0', '1.4.0 ', '01.4.0'].some(isVersion)).toBe(
      false,
    );
  });
});
