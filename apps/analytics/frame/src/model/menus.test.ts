import { CommandDisplayOption, MenuLocation } from '@portico/models';
import type { ICommandExtension, ICommandsSettings } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { PLAIN_CONTEXT, SORT_GROUP, commandDisplay, visualMenu } from './menus.ts';
import type { MenuContext, MenuEntry } from './menus.ts';
import { menuMessages } from './messages.ts';

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
const BUILT_INS = [
  'copy',
  'exportData',
  'seeData',
  'spotlight',
  'sort',
  'removeVisual',
  'includeExclude',
  'drill',
  'clearSelection',
] as const;
/** Every built-in command hidden but `shown`. */
const allHiddenBut = (...shown: string[]): ICommandsSettings[] => [
  Object.fromEntries(
    BUILT_INS.filter((c) => !shown.includes(c)).map((c) => [
      c,
      { displayOption: CommandDisplayOption.Hidden },
    ]),
  ),
];
/** The host's commands only: the built-in ones hidden. */
const hostOnly = allHiddenBut();
const onlyExport = allHiddenBut('exportData');
const exportData = {
  command: 'exportData',
  title: 'Export data',
  label: 'Export data',
  builtIn: 'exportData',
  action: { kind: 'exportData' },
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
    expect(
      visualMenu({ extensions, commands: hostOnly }, 'visualContextMenu', chart).entries.map(
        (e) => e.command,
      ),
    ).toEqual(['bars']);
    expect(
      visualMenu({ extensions, commands: hostOnly }, 'visualContextMenu', { name: 'other', type: 'card' })
        .entries,
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
    const menu = visualMenu({ extensions, commands: hostOnly }, 'visualContextMenu', chart);
    expect(menu.entries.map((e) => e.command)).toEqual(['c', 'a', 'd', 'b']);
    expect(menu.groupTitles).toEqual({ g: 'Group G' });
  });

  it('has nothing without extensions once the built-in commands are hidden', () => {
    expect(visualMenu({ commands: hostOnly }, 'visualOptionsMenu', chart).entries).toEqual([]);
    expect(visualMenu({}, 'visualContextMenu', { name: 'n', type: 'card' }).entries).toEqual([]);
  });
});

describe('built-in commands under settings.commands', () => {
  it('shows Export data in every options menu but a slicer’s when no setting names it', () => {
    const exportOf = (type: string) =>
      visualMenu({}, 'visualOptionsMenu', { name: 'n', type }).entries.filter(
        (e) => e.builtIn === 'exportData',
      );
    expect(exportOf('clusteredBarChart')).toEqual([exportData]);
    expect(exportOf('card')).toEqual([exportData]);
    expect(exportOf('slicer')).toEqual([]);
  });

  it('hides a Hidden command, marks a Disabled one and shows an Enabled one', () => {
    const menu = (displayOption: CommandDisplayOption) =>
      visualMenu(
        { commands: [...allHiddenBut('exportData'), { exportData: { displayOption } }] },
        'visualOptionsMenu',
        chart,
      ).entries;
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
    expect(
      visualMenu({ extensions, commands: onlyExport }, 'visualOptionsMenu', chart).entries.map(
        (e) => e.command,
      ),
    ).toEqual(['before', 'exportData', 'after']);
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
      ...onlyExport,
      { drillthrough: { displayOption: CommandDisplayOption.Hidden } },
      { summarize: { displayOption: CommandDisplayOption.Disabled }, search: { displayOption: 2 } },
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

describe('the built-in commands a report viewer expects', () => {
  const model = { column: { table: 'Devices', column: 'Model' } };
  const pages = { measure: { table: 'Meter readings', measure: 'Total pages' } };
  const context: MenuContext = {
    ...PLAIN_CONTEXT,
    sortFields: [
      { field: model, label: 'Model' },
      { field: pages, label: 'Total pages' },
    ],
    sort: { field: pages, direction: 'Descending' },
  };
  const labels = (menu: { entries: readonly MenuEntry[] }) => menu.entries.map((e) => e.label);

  it('gives a chart’s options menu copy, export, table view, spotlight and its sort entries, checked as it is sorted', () => {
    const menu = visualMenu({}, 'visualOptionsMenu', chart, context);
    expect(labels(menu)).toEqual([
      'Copy data',
      'Export data',
      'Show as a table',
      'Spotlight',
      'Model, descending',
      'Model, ascending',
      'Total pages, descending',
      'Total pages, ascending',
    ]);
    const sorted = menu.entries.filter((e) => e.builtIn === 'sort');
    expect(sorted.map((e) => e.checked)).toEqual([false, false, true, false]);
    expect(sorted[1]?.action).toEqual({ kind: 'sort', field: model, direction: 'Ascending' });
    expect(menu.groupTitles[SORT_GROUP]).toBe('Sort axis');
    expect(menu.entries.find((e) => e.builtIn === 'seeData')?.checked).toBe(false);
  });

  it('offers Remove in edit mode only', () => {
    const has = (viewMode: 'view' | 'edit') =>
      labels(visualMenu({}, 'visualOptionsMenu', chart, { ...context, viewMode })).includes('Remove');
    expect(has('view')).toBe(false);
    expect(has('edit')).toBe(true);
  });

  it('leaves a slicer only its spotlight, and a card no table view or sort', () => {
    expect(labels(visualMenu({}, 'visualOptionsMenu', { name: 's', type: 'slicer' }, context))).toEqual([
      'Spotlight',
    ]);
    expect(labels(visualMenu({}, 'visualOptionsMenu', { name: 'c', type: 'card' }, context))).toEqual([
      'Copy data',
      'Export data',
      'Spotlight',
    ]);
  });

  it('gives a data point’s context menu include, exclude and copy value, and the chart’s space only its table view', () => {
    const onPoint = visualMenu({}, 'visualContextMenu', chart, { ...context, dataPoint: true });
    expect(labels(onPoint)).toEqual(['Show as a table', 'Include', 'Exclude', 'Copy value']);
    expect(labels(visualMenu({}, 'visualContextMenu', chart, context))).toEqual(['Show as a table']);
  });

  it('offers Clear selection while a data point is selected, and drilling where the hierarchy allows it', () => {
    const selected = visualMenu({}, 'visualContextMenu', chart, { ...context, selection: true });
    expect(labels(selected)).toContain('Clear selection');
    const drillable = { ...context, dataPoint: true, canDrillDown: true };
    expect(labels(visualMenu({}, 'visualContextMenu', chart, drillable))).toContain('Drill down');
    expect(labels(visualMenu({}, 'visualContextMenu', chart, drillable))).not.toContain('Drill up');
    const drilled = { ...context, drilled: true };
    expect(labels(visualMenu({}, 'visualContextMenu', chart, drilled))).toContain('Drill up');
  });

  it('disables or hides every entry of a command with its setting, and follows the visual selectors', () => {
    const commands: ICommandsSettings[] = [
      { includeExclude: { displayOption: CommandDisplayOption.Disabled } },
      { copy: { displayOption: CommandDisplayOption.Hidden, selector: byName('top-models') } },
    ];
    const menu = visualMenu({ commands }, 'visualContextMenu', chart, { ...context, dataPoint: true });
    expect(menu.entries.filter((e) => e.disabled).map((e) => e.label)).toEqual(['Include', 'Exclude']);
    expect(labels(menu)).not.toContain('Copy value');
    const other = visualMenu(
      { commands },
      'visualContextMenu',
      { name: 'x', type: 'clusteredBarChart' },
      {
        ...context,
        dataPoint: true,
      },
    );
    expect(labels(other)).toContain('Copy value');
  });

  it('words its entries in the context’s language', () => {
    const german = { ...context, messages: menuMessages('de') };
    const menu = visualMenu({}, 'visualOptionsMenu', chart, german);
    expect(labels(menu)).toContain('Als Tabelle anzeigen');
    expect(labels(menu)).toContain('Model, aufsteigend');
    expect(menu.groupTitles[SORT_GROUP]).toBe('Achse sortieren');
  });
});
