/**
 * A visual's context menu and options menu: the frame's built-in commands as `settings.commands` shows, disables or
 * hides them, and the host's commands (`settings.extensions`), in order and groups. Pure functions of the settings
 * and the visual.
 */
import { CommandDisplayOption, MenuLocation } from '@portico/models';
import type {
  Extensions,
  ICommandExtension,
  ICommandsSettings,
  IMenuGroupExtension,
  ISettings,
} from '@portico/models';
import type { FieldRef, ReportVisual } from '@portico/analytics-model';
import { menuMessages } from './messages.ts';
import type { MenuMessages } from './messages.ts';
import { CHART_TYPES } from '../render/chart-options.ts';

/** Chart types: the visuals a table view, include/exclude and drilling make sense on. */
const isChart = (type: string) => (CHART_TYPES as ReadonlySet<string>).has(type);

export type MenuKind = 'visualContextMenu' | 'visualOptionsMenu';

/** One entry of a visual's menu: the command it raises and what it shows. */
export interface MenuEntry {
  readonly command: string;
  /** The command's title (what `commandTriggered` reports). */
  readonly title: string;
  /** The menu's label for it: the extension point's title, else the command's. */
  readonly label: string;
  readonly icon?: string;
  /** The group it is listed under, if any. */
  readonly group?: string;
  /** A built-in command: the frame runs it instead of raising `commandTriggered`. */
  readonly builtIn?: BuiltInCommand;
  /** What a built-in entry does. */
  readonly action?: BuiltInAction;
  /** A built-in entry that is on (the visual is shown as a table, in spotlight, sorted this way). */
  readonly checked?: boolean;
  /** Shown but not actionable (`CommandDisplayOption.Disabled`). */
  readonly disabled?: true;
}

/** The built-in commands the frame's menus have, by their `ICommandsSettings` name. */
export type BuiltInCommand =
  | 'exportData'
  | 'seeData'
  | 'sort'
  | 'spotlight'
  | 'includeExclude'
  | 'copy'
  | 'clearSelection'
  | 'removeVisual'
  | 'drill';

/** What a built-in entry does when chosen (one command can have several entries: Include and Exclude). */
export type BuiltInAction =
  | { readonly kind: 'exportData' }
  | { readonly kind: 'seeData' }
  | { readonly kind: 'sort'; readonly field: FieldRef; readonly direction: 'Ascending' | 'Descending' }
  | { readonly kind: 'spotlight' }
  | { readonly kind: 'include' }
  | { readonly kind: 'exclude' }
  | { readonly kind: 'copyValue' }
  | { readonly kind: 'copyData' }
  | { readonly kind: 'clearSelection' }
  | { readonly kind: 'removeVisual' }
  | { readonly kind: 'drillDown' }
  | { readonly kind: 'drillUp' };

/** What the built-in entries of a menu depend on besides the settings: the visual's state and where it opened. */
export interface MenuContext {
  readonly viewMode: 'view' | 'edit';
  /** The context menu was opened on a data point (a chart's category). */
  readonly dataPoint: boolean;
  /** A data point of the page is selected (cross-filtering it). */
  readonly selection: boolean;
  /** The visual is shown as a table. */
  readonly asTable: boolean;
  /** The visual is in spotlight. */
  readonly spotlit: boolean;
  /** The fields the visual can be sorted by, with their names, and how it is sorted now. */
  readonly sortFields: readonly { readonly field: FieldRef; readonly label: string }[];
  readonly sort?: ReportVisual['sort'] | undefined;
  /** Whether the visual can drill down from the data point, and whether it is drilled down. */
  readonly canDrillDown: boolean;
  readonly drilled: boolean;
  readonly messages: MenuMessages;
}

/** A visual's menus before anything happened: view mode, no data point, nothing selected, drilled or spotlit. */
export const PLAIN_CONTEXT: MenuContext = {
  viewMode: 'view',
  dataPoint: false,
  selection: false,
  asTable: false,
  spotlit: false,
  sortFields: [],
  canDrillDown: false,
  drilled: false,
  messages: menuMessages(undefined),
};

/** The group the sort entries are listed under (a name no host group can take: it holds a NUL). */
export const SORT_GROUP = '\u0000sortAxis';

interface BuiltIn {
  readonly command: BuiltInCommand;
  readonly kind: MenuKind;
  /** The entries of the command on this visual in this context (none: it is not there). */
  readonly entries: (
    visual: { name: string; type: string },
    context: MenuContext,
  ) => readonly Omit<MenuEntry, 'command' | 'builtIn' | 'title'>[];
}

const one = (label: string, action: BuiltInAction, extra: { checked?: boolean } = {}) => [
  { label, action, ...(extra.checked === undefined ? {} : { checked: extra.checked }) },
];

/**
 * The frame's own menu items, in menu order. The other commands of `settings.commands` (drillthrough,
 * expandCollapse, search, insightsAnalysis, addComment, groupVisualContainers, summarize) name something the frame
 * does not have: they are accepted and change nothing.
 */
export const BUILT_IN_COMMANDS: readonly BuiltIn[] = [
  // Options menu ("…"). A slicer's list is not data to copy or export, as in Power BI.
  {
    command: 'copy',
    kind: 'visualOptionsMenu',
    entries: (v, c) => (v.type === 'slicer' ? [] : one(c.messages.copyData, { kind: 'copyData' })),
  },
  {
    command: 'exportData',
    kind: 'visualOptionsMenu',
    entries: (v, c) => (v.type === 'slicer' ? [] : one(c.messages.exportData, { kind: 'exportData' })),
  },
  {
    command: 'seeData',
    kind: 'visualOptionsMenu',
    entries: (v, c) =>
      isChart(v.type) ? one(c.messages.seeData, { kind: 'seeData' }, { checked: c.asTable }) : [],
  },
  {
    command: 'spotlight',
    kind: 'visualOptionsMenu',
    entries: (_v, c) => one(c.messages.spotlight, { kind: 'spotlight' }, { checked: c.spotlit }),
  },
  {
    command: 'sort',
    kind: 'visualOptionsMenu',
    entries: (v, c) =>
      isChart(v.type) || v.type === 'tableEx'
        ? c.sortFields.flatMap(({ field, label }) =>
            (['Descending', 'Ascending'] as const).map((direction) => ({
              label:
                direction === 'Ascending'
                  ? c.messages.sortAscending(label)
                  : c.messages.sortDescending(label),
              action: { kind: 'sort' as const, field, direction },
              group: SORT_GROUP,
              checked:
                c.sort !== undefined &&
                c.sort.direction === direction &&
                JSON.stringify(c.sort.field) === JSON.stringify(field),
            })),
          )
        : [],
  },
  {
    command: 'removeVisual',
    kind: 'visualOptionsMenu',
    entries: (_v, c) => (c.viewMode === 'edit' ? one(c.messages.removeVisual, { kind: 'removeVisual' }) : []),
  },
  // Context menu (right click).
  {
    command: 'seeData',
    kind: 'visualContextMenu',
    entries: (v, c) =>
      isChart(v.type) ? one(c.messages.seeData, { kind: 'seeData' }, { checked: c.asTable }) : [],
  },
  {
    command: 'includeExclude',
    kind: 'visualContextMenu',
    entries: (v, c) =>
      isChart(v.type) && c.dataPoint
        ? [
            { label: c.messages.include, action: { kind: 'include' } },
            { label: c.messages.exclude, action: { kind: 'exclude' } },
          ]
        : [],
  },
  {
    command: 'drill',
    kind: 'visualContextMenu',
    entries: (v, c) =>
      isChart(v.type)
        ? [
            ...(c.canDrillDown && c.dataPoint ? one(c.messages.drillDown, { kind: 'drillDown' }) : []),
            ...(c.drilled ? one(c.messages.drillUp, { kind: 'drillUp' }) : []),
          ]
        : [],
  },
  {
    command: 'copy',
    kind: 'visualContextMenu',
    entries: (_v, c) => (c.dataPoint ? one(c.messages.copyValue, { kind: 'copyValue' }) : []),
  },
  {
    command: 'clearSelection',
    kind: 'visualContextMenu',
    entries: (_v, c) => (c.selection ? one(c.messages.clearSelection, { kind: 'clearSelection' }) : []),
  },
];

/** A menu: entries in order, with the titles of the groups they name. */
export interface Menu {
  readonly entries: readonly MenuEntry[];
  readonly groupTitles: Readonly<Record<string, string>>;
}

export const EMPTY_MENU: Menu = { entries: [], groupTitles: {} };

/** The settings the menus follow. */
export interface MenuSettings {
  readonly extensions?: Extensions | undefined;
  readonly commands?: ISettings['commands'] | undefined;
}

/** The commands and groups of `settings.extensions` in either of its shapes (a list of items or `{ commands }`). */
function commandsOf(extensions: Extensions | undefined): {
  commands: readonly ICommandExtension[];
  groups: readonly IMenuGroupExtension[];
} {
  if (Array.isArray(extensions)) {
    return { commands: extensions.flatMap((item) => (item?.command ? [item.command] : [])), groups: [] };
  }
  return { commands: extensions?.commands ?? [], groups: extensions?.groups ?? [] };
}

/** Whether a selector (by visual name or by visual type) picks the visual; no selector picks every one. */
function selects(selector: unknown, visual: { name: string; type: string }): boolean {
  return specificity(selector, visual) >= 0;
}

/**
 * How closely a selector picks the visual: 2 by its name, 1 by its type, 0 without a selector (every visual), -1
 * when it picks another visual.
 */
function specificity(selector: unknown, visual: { name: string; type: string }): number {
  if (typeof selector !== 'object' || selector === null) return 0;
  const { visualName, visualType } = selector as { visualName?: unknown; visualType?: unknown };
  if (typeof visualName === 'string') return visualName === visual.name ? 2 : -1;
  if (typeof visualType === 'string') return visualType === visual.type ? 1 : -1;
  return 0;
}

const DISPLAY_OPTIONS: ReadonlySet<unknown> = new Set([
  CommandDisplayOption.Enabled,
  CommandDisplayOption.Disabled,
  CommandDisplayOption.Hidden,
]);

/**
 * How `settings.commands` shows a built-in command on a visual. Of the entries that name the command with a valid
 * `displayOption` and pick the visual, one naming the visual beats one naming its type, which beats one without a
 * selector; among equals the later one wins. None: Enabled. Entries of another shape are ignored (the list comes
 * from the host as it is).
 *
 * @example commandDisplay([{ exportData: { displayOption: CommandDisplayOption.Hidden } }], 'exportData', visual)
 */
export function commandDisplay(
  commands: ISettings['commands'] | ICommandsSettings | undefined,
  command: keyof ICommandsSettings,
  visual: { name: string; type: string },
): CommandDisplayOption {
  const list: readonly unknown[] = Array.isArray(commands) ? commands : commands ? [commands] : [];
  let chosen: CommandDisplayOption = CommandDisplayOption.Enabled;
  let best = -1;
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const setting = (item as Record<string, unknown>)[command] as
      { displayOption?: unknown; selector?: unknown } | null | undefined;
    if (typeof setting !== 'object' || setting === null || !DISPLAY_OPTIONS.has(setting.displayOption))
      continue;
    const rank = specificity(setting.selector, visual);
    if (rank < 0 || rank < best) continue;
    best = rank;
    chosen = setting.displayOption as CommandDisplayOption;
  }
  return chosen;
}

/** The built-in entries of one menu of a visual, without the hidden ones. */
function builtInEntries(
  commands: ISettings['commands'],
  kind: MenuKind,
  visual: { name: string; type: string },
  context: MenuContext,
): MenuEntry[] {
  return BUILT_IN_COMMANDS.flatMap((builtIn) => {
    if (builtIn.kind !== kind) return [];
    const display = commandDisplay(commands, builtIn.command, visual);
    if (display === CommandDisplayOption.Hidden) return [];
    return builtIn.entries(visual, context).map((shown): MenuEntry => {
      const entry: MenuEntry = {
        command: builtIn.command,
        title: shown.label,
        builtIn: builtIn.command,
        ...shown,
      };
      return display === CommandDisplayOption.Disabled ? { ...entry, disabled: true as const } : entry;
    });
  });
}

/**
 * The entries of one menu of a visual: the host's commands located at the top first (and the groups placed at the
 * top), then the frame's built-in commands (as `settings.commands` shows them), then the host's other commands,
 * each group's commands together where its first command lands.
 *
 * @example visualMenu(settings, 'visualOptionsMenu', { name: 'top-models', type: 'clusteredBarChart' })
 */
export function visualMenu(
  settings: MenuSettings,
  kind: MenuKind,
  visual: { name: string; type: string },
  context: MenuContext = PLAIN_CONTEXT,
): Menu {
  const { commands, groups } = commandsOf(settings.extensions);
  const groupByName = new Map(groups.map((g) => [g.name, g]));
  const top: MenuEntry[] = [];
  const bottom: MenuEntry[] = [];
  for (const command of commands) {
    const point = command.extend?.[kind] as
      { title?: string; icon?: string; menuLocation?: number; groupName?: string } | undefined;
    if (!point || !selects(command.selector, visual)) continue;
    const group = point.groupName === undefined ? undefined : groupByName.get(point.groupName);
    const icon = kind === 'visualOptionsMenu' ? (point.icon ?? command.icon) : undefined;
    const entry: MenuEntry = {
      command: command.name,
      title: command.title,
      label: point.title ?? command.title,
      ...(icon === undefined ? {} : { icon }),
      ...(point.groupName === undefined ? {} : { group: point.groupName }),
    };
    const location = group ? group.menuLocation : point.menuLocation;
    (location === MenuLocation.Top ? top : bottom).push(entry);
  }
  const together = (entries: MenuEntry[]): MenuEntry[] => {
    const ordered: MenuEntry[] = [];
    for (const entry of entries) {
      if (ordered.includes(entry)) continue;
      if (entry.group === undefined) ordered.push(entry);
      else ordered.push(...entries.filter((e) => e.group === entry.group));
    }
    return ordered;
  };
  const groupTitles: Record<string, string> = {};
  for (const group of groups) groupTitles[group.name] = group.title;
  const builtIns = builtInEntries(settings.commands, kind, visual, context);
  if (builtIns.some((e) => e.group === SORT_GROUP)) groupTitles[SORT_GROUP] = context.messages.sortAxis;
  return {
    entries: [...together(top), ...builtIns, ...together(bottom)],
    groupTitles,
  };
}
