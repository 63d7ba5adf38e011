import { describe, expect, it } from 'vitest';
import { ContentDirectory } from './directory.ts';

describe('ContentDirectory', () => {
  it('finds an item through the lookup its kind registered', () => {
    const directory = new ContentDirectory();
    directory.register('dashboard', (id) => (id === 'd1' ? { id, workspaceId: 'w1' } : undefined));
    expect(directory.find('dashboard', 'd1')).toEqual({ id: 'd1', workspaceId: 'w1' });
    expect(directory.find('dashboard', 'd2')).toBeUndefined();
  });

  it('finds nothing of a kind no one registered', () => {
    expect(new ContentDirectory().find('paginatedReport', 'p1')).toBeUndefined();
  });

  it('refuses a second lookup for the same kind', () => {
    const directory = new ContentDirectory();
    directory.register('dashboard', () => undefined);
    expect(() => directory.register('dashboard', () => undefined)).toThrow(/already registered/);
  });
});
