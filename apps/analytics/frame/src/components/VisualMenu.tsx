/**
 * A visual's context or options menu at the point it was opened: the frame's built-in commands (as
 * `settings.commands` shows them) and the host's commands (menu extensions), grouped. Choosing a host's command
 * raises `commandTriggered`; choosing a built-in one runs it (`chooseMenuEntry`); a disabled entry shows but does
 * nothing. Arrow keys move between the items; Escape, a click elsewhere or `closeAllOverlays` closes it.
 */
import { useEffect, useRef } from 'react';
import { ExportDataType } from '@portico/models';
import type { ReportController } from '../model/controller.ts';
import { exportVisualCsv } from '../model/export-data.ts';
import {
  clearSelection,
  drillDown,
  drillUp,
  includeExclude,
  notify,
  removeVisual,
  sortVisual,
  toggleSpotlight,
  toggleTableView,
} from '../model/commands.ts';
import { answerText, dataPointText } from '../model/copy-text.ts';
import { frameFormatter } from './frame-language.ts';
import { closeMenu, triggerCommand } from '../model/interactions.ts';
import type { Menu, MenuEntry } from '../model/menus.ts';
import { frameLanguage, menuMessages } from '../model/messages.ts';
import type { MenuMessages } from '../model/messages.ts';
import { saveFile } from './save-file.ts';
import { activePageOf, findVisual } from '../model/state.ts';

interface Props {
  readonly menu: Menu;
  readonly label: string;
  readonly left: number;
  readonly top: number;
  /** The options menu opens under its button, ending at the button's right edge. */
  readonly alignRight: boolean;
  readonly onChoose: (entry: MenuEntry) => void;
  readonly onClose: () => void;
}

const DISABLED_STYLE = { color: '#a19f9d', cursor: 'default' } as const;

export function VisualMenu({ menu, label, left, top, alignRight, onChoose, onClose }: Props) {
  const element = useRef<HTMLUListElement>(null);
  // Focus goes back where it was when the menu opened (a chart's data points, the "…" button) when it closes, unless
  // the user has moved it elsewhere meanwhile.
  useEffect(() => {
    const opener = document.activeElement;
    const menu = element.current;
    return () => {
      const focus = document.activeElement;
      const lost = focus === null || focus === document.body || (menu?.contains(focus) ?? false);
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  useEffect(() => {
    element.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const outside = (event: MouseEvent) => {
      if (!element.current?.contains(event.target as Node)) onClose();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [onClose]);
  // Arrow keys, Home and End move between the items (wrapping), as in an ARIA menu; Tab still works.
  const onKeyDown = (event: React.KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(element.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to =
      event.key === 'ArrowDown'
        ? (at + 1) % buttons.length
        : event.key === 'ArrowUp'
          ? (at - 1 + buttons.length) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : undefined;
    if (to === undefined || buttons.length === 0) return;
    event.preventDefault();
    buttons[to]?.focus();
  };
  const items = menu.entries.flatMap((entry, i) => {
    const previous = menu.entries[i - 1];
    const heading =
      entry.group !== undefined && entry.group !== previous?.group ? (
        <li key={`group-${entry.group}`} role="presentation" className="visual-menu-group">
          {menu.groupTitles[entry.group] ?? entry.group}
        </li>
      ) : entry.group === undefined && previous?.group !== undefined ? (
        <li key={`end-${previous.group}-${i}`} role="separator" className="visual-menu-separator" />
      ) : null;
    // A checkable entry says whether it is on: the sort in use (one of a group), a table view, a spotlight.
    const role =
      entry.checked === undefined
        ? 'menuitem'
        : entry.group === undefined
          ? 'menuitemcheckbox'
          : 'menuitemradio';
    // A disabled item stays focusable (as ARIA menus keep them) but neither a click nor Enter/Space runs it.
    return [
      heading,
      <li key={entry.builtIn ? `built-in-${entry.command}-${i}` : entry.command} role="none">
        <button
          type="button"
          role={role}
          aria-checked={entry.checked}
          aria-disabled={entry.disabled ? true : undefined}
          style={entry.disabled ? DISABLED_STYLE : undefined}
          onClick={entry.disabled ? undefined : () => onChoose(entry)}
        >
          {entry.checked === undefined ? null : (
            <span className="visual-menu-check" aria-hidden="true">
              {entry.checked ? '✓' : ''}
            </span>
          )}
          {entry.icon ? <img src={entry.icon} alt="" width={16} height={16} /> : null}
          {entry.label}
        </button>
      </li>,
    ];
  });
  return (
    <ul
      ref={element}
      className={alignRight ? 'visual-menu align-right' : 'visual-menu'}
      role="menu"
      aria-label={label}
      style={{ left, top }}
      onKeyDown={onKeyDown}
      // The key that opened the menu (Shift+F10, the context-menu key) raises the browser's own menu where focus
      // now is, on this menu's first item: the frame's menu is the one open.
      onContextMenu={(event) => event.preventDefault()}
    >
      {items}
    </ul>
  );
}

/**
 * An entry of a visual's menu chosen: a host's command raises `commandTriggered`; a built-in one runs in the frame
 * (model/commands.ts) and raises no `commandTriggered`. Export data downloads the visual's data as CSV (its query
 * under every filter that reaches it, as `exportData` answers) and raises `exportDataCompleted`. A disabled entry
 * does nothing.
 */
export function chooseMenuEntry(controller: ReportController, visualName: string, entry: MenuEntry): void {
  if (entry.disabled) return;
  const action = entry.action;
  if (entry.builtIn === undefined || action === undefined) {
    triggerCommand(controller, visualName, entry);
    return;
  }
  const state = controller.state;
  const category =
    state.openMenu?.category ??
    (state.selection?.visual === visualName ? state.selection.category : undefined);
  const result = state.results[visualName];
  const answer = result && 'answer' in result ? result.answer : undefined;
  const messages = menuMessages(frameLanguage(state.settings, window.location.search));
  closeMenu(controller);
  switch (action.kind) {
    case 'exportData':
      void exportVisualData(controller, visualName);
      return;
    case 'seeData':
      toggleTableView(controller, visualName);
      return;
    case 'spotlight':
      toggleSpotlight(controller, visualName);
      return;
    case 'sort': {
      const page = activePageOf(state);
      if (page)
        sortVisual(controller, page.name, visualName, { field: action.field, direction: action.direction });
      return;
    }
    case 'include':
    case 'exclude':
      if (category !== undefined) includeExclude(controller, visualName, category, action.kind);
      return;
    case 'copyValue':
    case 'copyData': {
      const text =
        action.kind === 'copyData'
          ? answer && answerText(answer, frameFormatter(state.settings))
          : answer && category !== undefined
            ? dataPointText(answer, category, frameFormatter(state.settings))
            : undefined;
      if (text !== undefined) void copyToClipboard(controller, text, messages);
      return;
    }
    case 'clearSelection':
      clearSelection(controller);
      return;
    case 'removeVisual':
      if (state.viewMode === 'edit') removeVisual(controller, visualName);
      return;
    case 'drillDown':
      if (category !== undefined) drillDown(controller, visualName, category);
      return;
    case 'drillUp':
      drillUp(controller, visualName);
      return;
  }
}

/**
 * Writes to the clipboard and says so. The Clipboard API is refused to a cross-origin frame the host has not
 * delegated `clipboard-write` to (the SDK's iframe has no `allow`), so a refusal falls back to the copy command,
 * which the click's user activation allows; only when both fail does the frame say the browser refused.
 */
async function copyToClipboard(
  controller: ReportController,
  text: string,
  messages: MenuMessages,
): Promise<void> {
  let copied = false;
  try {
    if (!navigator.clipboard) throw new Error('No Clipboard API');
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    copied = copyCommand(text);
  }
  notify(controller, copied ? messages.copied : messages.copyRefused, copied ? 'info' : 'error');
}

/** `document.execCommand('copy')` on a hidden text area holding `text`; whether the browser copied it. */
function copyCommand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  try {
    // Deprecated, but the one way a frame without the clipboard-write permission can copy on a user's click.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

async function exportVisualData(controller: ReportController, visualName: string): Promise<void> {
  const { state } = controller;
  const page = activePageOf(state);
  const visual = findVisual(page, visualName);
  if (!page || !visual || !state.report) return;
  try {
    const csv = await exportVisualCsv(controller, {
      reportId: state.report.id,
      page,
      visualName,
      exportDataType: ExportDataType.Summarized,
    });
    saveFile(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `${fileName(visual.title || visual.name)}.csv`,
    );
  } catch {
    // Already raised as the frame's `error` event and `exportDataCompleted` with Failed.
  }
}

/** A file name from a visual's title: letters, digits, spaces, dots, dashes and underscores kept, at most 100. */
function fileName(title: string): string {
  const kept = title
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return kept.slice(0, 100) || 'data';
}
