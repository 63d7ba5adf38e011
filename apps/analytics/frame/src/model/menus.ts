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
  /** Shown but not actionable (`CommandDisplayOption.Disabled`). */
  readonly disabled?: true;
}

/** The built-in commands the frame's menus have, by their `ICommandsSettings` name. */
export type BuiltInCommand = 'exportData';

interface BuiltIn {
  readonly command: BuiltInCommand;
  readonly kind: MenuKind;
  readonly label: string;
  /** Visual types that do not have it. */
  readonly except: readonly string[];
}

/**
 * The frame's own menu items. Every other command of `settings.commands` (copy, drill, spotlight, sort, seeData…)
 * names something the frame does not have: it is accepted and changes nothing.
 */
export const BUILT_IN_COMMANDS: readonly BuiltIn[] = [
  // A slicer's list is not data to export, as in Power BI.
  { command: 'exportData', kind: 'visualOptionsMenu', label: 'Export data', except: ['slicer'] },
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
): MenuEntry[] {
  return BUILT_IN_COMMANDS.flatMap((builtIn) => {
    if (builtIn.kind !== kind || builtIn.except.includes(visual.type)) return [];
    const display = commandDisplay(commands, builtIn.command, visual);
    if (display === CommandDisplayOption.Hidden) return [];
    const entry: MenuEntry = {
      command: builtIn.command,
      title: builtIn.label,
      label: builtIn.label,
      builtIn: builtIn.command,
    };
    return [display === CommandDisplayOption.Disabled ? { ...entry, disabled: true as const } : entry];
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
  return {
    entries: [...together(top), ...builtInEntries(settings.commands, kind, visual), ...together(bottom)],
    groupTitles,
  };
}
