import { CommandDisplayOption, MenuLocation } from '@portico/models';
import type { ICommandExtension, ICommandsSettings } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { commandDisplay, visualMenu } from './menus.ts';

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
/** The host's commands only: the built-in ones hidden. */
const hostOnly: ICommandsSettings[] = [{ exportData: { displayOption: CommandDisplayOption.Hidden } }];
const exportData = {
  command: 'exportData',
  title: 'Export data',
  label: 'Export data',
  builtIn: 'exportData',
};
const byName = (visualName: string) => ({
  $schema: 'http://powerbi.com/product/schema#visualSelector',
  visualName,
});
const byType = (visualType: string) => ({
  $schema: 'http://powerbi.com/product/schema#visualTypeSelector',
  visualType,
});

describe('visual menus from menu extensions', () => {
  it('lists a command in the menus it extends, labelled by the extension point', () => {
    const extensions = {
      commands: [
        command('explain', { visualContextMenu: { title: 'Explain this' } }),
        command('share', { visualOptionsMenu: { title: 'Share', icon: 'data:image/png;base64,AA' } }),
      ],
    };
    expect(visualMenu({ extensions, commands: hostOnly }, 'visualContextMenu', chart).entries).toEqual([
      { command: 'explain', title: 'explain title', label: 'Explain this' },
    ]);
    expect(visualMenu({ extensions, commands: hostOnly }, 'visualOptionsMenu', chart).entries).toEqual([
      { command: 'share', title: 'share title', label: 'Share', icon: 'data:image/png;base64,AA' },
    ]);
  });

  it('shows a command only on the visuals its selector names (by name or by type)', () => {
    const extensions = [
      { command: command('mine', { visualContextMenu: {} }, { selector: byName('other') }) },
      { command: command('bars', { visualContextMenu: {} }, { selector: byType('clusteredBarChart') }) },
    ];
    expect(visualMenu({ extensions }, 'visualContextMenu', chart).entries.map((e) => e.command)).toEqual([
      'bars',
    ]);
    expect(
      visualMenu({ extensions }, 'visualContextMenu', { name: 'other', type: 'card' }).entries,
    ).toHaveLength(1);
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
    const menu = visualMenu({ extensions }, 'visualContextMenu', chart);
    expect(menu.entries.map((e) => e.command)).toEqual(['c', 'a', 'd', 'b']);
    expect(menu.groupTitles).toEqual({ g: 'Group G' });
  });

  it('has nothing without extensions once the built-in commands are hidden', () => {
    expect(visualMenu({ commands: hostOnly }, 'visualOptionsMenu', chart).entries).toEqual([]);
    expect(visualMenu({}, 'visualContextMenu', chart).entries).toEqual([]);
  });
});

describe('built-in commands under settings.commands', () => {
  it('shows Export data in every options menu but a slicer’s when no setting names it', () => {
    expect(visualMenu({}, 'visualOptionsMenu', chart).entries).toEqual([exportData]);
    expect(visualMenu({ commands: [] }, 'visualOptionsMenu', { name: 'n', type: 'card' }).entries).toEqual([
      exportData,
    ]);
    expect(visualMenu({}, 'visualOptionsMenu', { name: 'site', type: 'slicer' }).entries).toEqual([]);
  });

  it('hides a Hidden command, marks a Disabled one and shows an Enabled one', () => {
    const menu = (displayOption: CommandDisplayOption) =>
      visualMenu({ commands: [{ exportData: { displayOption } }] }, 'visualOptionsMenu', chart).entries;
    expect(menu(CommandDisplayOption.Hidden)).toEqual([]);
    expect(menu(CommandDisplayOption.Disabled)).toEqual([{ ...exportData, disabled: true }]);
    expect(menu(CommandDisplayOption.Enabled)).toEqual([exportData]);
  });

  it('places built-in commands after the host’s top-located commands and before the others', () => {
    const extensions = {
      commands: [
        command('after', { visualOptionsMenu: {} }),
        command('before', { visualOptionsMenu: { menuLocation: MenuLocation.Top } }),
      ],
    };
    expect(visualMenu({ extensions }, 'visualOptionsMenu', chart).entries.map((e) => e.command)).toEqual([
      'before',
      'exportData',
      'after',
    ]);
  });

  it('lets a setting naming the visual beat one naming its type, which beats one for every visual', () => {
    const commands: ICommandsSettings[] = [
      { exportData: { displayOption: CommandDisplayOption.Disabled, selector: byName('top-models') } },
      { exportData: { displayOption: CommandDisplayOption.Hidden, selector: byType('clusteredBarChart') } },
      { exportData: { displayOption: CommandDisplayOption.Enabled } },
    ];
    expect(commandDisplay(commands, 'exportData', chart)).toBe(CommandDisplayOption.Disabled);
    expect(commandDisplay(commands, 'exportData', { name: 'other-bars', type: 'clusteredBarChart' })).toBe(
      CommandDisplayOption.Hidden,
    );
    expect(commandDisplay(commands, 'exportData', { name: 'a-card', type: 'card' })).toBe(
      CommandDisplayOption.Enabled,
    );
  });

  it('takes the later of two settings that pick the visual equally, and ignores settings for other visuals', () => {
    const commands: ICommandsSettings[] = [
      { exportData: { displayOption: CommandDisplayOption.Hidden } },
      { exportData: { displayOption: CommandDisplayOption.Disabled } },
      { exportData: { displayOption: CommandDisplayOption.Hidden, selector: byName('elsewhere') } },
    ];
    expect(commandDisplay(commands, 'exportData', chart)).toBe(CommandDisplayOption.Disabled);
  });

  it('accepts commands the frame does not have, a single object, and malformed entries without effect', () => {
    const foreign = [
      { spotlight: { displayOption: CommandDisplayOption.Hidden } },
      { copy: { displayOption: CommandDisplayOption.Disabled }, drill: { displayOption: 2 } },
    ] as ICommandsSettings[];
    expect(visualMenu({ commands: foreign }, 'visualOptionsMenu', chart).entries).toEqual([exportData]);
    expect(visualMenu({ commands: foreign }, 'visualContextMenu', chart).entries).toEqual([]);
    const single = {
      exportData: { displayOption: CommandDisplayOption.Hidden },
    } as unknown as ICommandsSettings[];
    expect(commandDisplay(single, 'exportData', chart)).toBe(CommandDisplayOption.Hidden);
    const malformed = [
      null,
      'exportData',
      { exportData: null },
      { exportData: { displayOption: 7 } },
      { exportData: { displayOption: 'Hidden' } },
    ] as unknown as ICommandsSettings[];
    expect(commandDisplay(malformed, 'exportData', chart)).toBe(CommandDisplayOption.Enabled);
  });
});
