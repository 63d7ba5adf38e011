import { MenuLocation } from '@portico/models';
import type { ICommandExtension } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { visualMenu } from './menus.ts';

const chart = { name: 'top-models', type: 'clusteredBarChart' };
const command = (
  name: string,
  extend: ICommandExtension['extend'],
  extra: Partial<ICommandExtension> = {},
) => ({
  name,
  title: `${name} title`,
  extend,
  ...extra,
});

describe('visual menus from menu extensions', () => {
  it('lists a command in the menus it extends, labelled by the extension point', () => {
    const extensions = {
      commands: [
        command('explain', { visualContextMenu: { title: 'Explain this' } }),
        command('share', { visualOptionsMenu: { title: 'Share', icon: 'data:image/png;base64,AA' } }),
      ],
    };
    expect(visualMenu(extensions, 'visualContextMenu', chart).entries).toEqual([
      { command: 'explain', title: 'explain title', label: 'Explain this' },
    ]);
    expect(visualMenu(extensions, 'visualOptionsMenu', chart).entries).toEqual([
      { command: 'share', title: 'share title', label: 'Share', icon: 'data:image/png;base64,AA' },
    ]);
  });

  it('shows a command only on the visuals its selector names (by name or by type)', () => {
    const extensions = [
      {
        command: command(
          'mine',
          { visualContextMenu: {} },
          { selector: { $schema: 's', visualName: 'other' } },
        ),
      },
      {
        command: command(
          'bars',
          { visualContextMenu: {} },
          { selector: { $schema: 's', visualType: 'clusteredBarChart' } },
        ),
      },
    ];
    expect(visualMenu(extensions, 'visualContextMenu', chart).entries.map((e) => e.command)).toEqual([
      'bars',
    ]);
    expect(visualMenu(extensions, 'visualContextMenu', { name: 'other', type: 'card' }).entries).toHaveLength(
      1,
    );
  });

  it('puts top-located commands and groups first and keeps a group together', () => {
    const extensions = {
      commands: [
        command('a', { visualContextMenu: { groupName: 'g' } }),
        command('b', { visualContextMenu: {} }),
        command('c', { visualContextMenu: { menuLocation: MenuLocation.Top } }),
        command('d', { visualContextMenu: { groupName: 'g' } }),
      ],
      groups: [{ name: 'g', title: 'Group G' }],
    };
    const menu = visualMenu(extensions, 'visualContextMenu', chart);
    expect(menu.entries.map((e) => e.command)).toEqual(['c', 'a', 'd', 'b']);
    expect(menu.groupTitles).toEqual({ g: 'Group G' });
  });

  it('has nothing without extensions', () => {
    expect(visualMenu(undefined, 'visualOptionsMenu', chart).entries).toEqual([]);
  });
});
