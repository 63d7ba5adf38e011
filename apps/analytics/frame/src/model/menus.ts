/**
 * Menu extensions: which of the host's commands (`settings.extensions`) a visual's context menu and options menu
 * show, in which order and groups. Pure functions of the settings and the visual.
 */
import { MenuLocation } from '@portico/models';
import type { Extensions, ICommandExtension, IMenuGroupExtension } from '@portico/models';

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
}

/** A menu: entries in order, with the titles of the groups they name. */
export interface Menu {
  readonly entries: readonly MenuEntry[];
  readonly groupTitles: Readonly<Record<string, string>>;
}

export const EMPTY_MENU: Menu = { entries: [], groupTitles: {} };

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

/** Whether a command's selector (by visual name or by visual type) picks the visual; no selector picks every one. */
function selects(command: ICommandExtension, visual: { name: string; type: string }): boolean {
  const selector = command.selector as { visualName?: unknown; visualType?: unknown } | undefined;
  if (!selector) return true;
  if (typeof selector.visualName === 'string') return selector.visualName === visual.name;
  if (typeof selector.visualType === 'string') return selector.visualType === visual.type;
  return true;
}

/**
 * The entries of one menu of a visual: commands located at the top first (and the groups placed at the top), then
 * the others, each group's commands together where its first command lands.
 *
 * @example visualMenu(settings.extensions, 'visualOptionsMenu', { name: 'top-models', type: 'clusteredBarChart' })
 */
export function visualMenu(
  extensions: Extensions | undefined,
  kind: MenuKind,
  visual: { name: string; type: string },
): Menu {
  const { commands, groups } = commandsOf(extensions);
  const groupByName = new Map(groups.map((g) => [g.name, g]));
  const top: MenuEntry[] = [];
  const bottom: MenuEntry[] = [];
  for (const command of commands) {
    const point = command.extend?.[kind] as
      { title?: string; icon?: string; menuLocation?: number; groupName?: string } | undefined;
    if (!point || !selects(command, visual)) continue;
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
  return { entries: [...together(top), ...together(bottom)], groupTitles };
}
