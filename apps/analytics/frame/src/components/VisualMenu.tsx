/**
 * A visual's context or options menu at the point it was opened: the frame's built-in commands (as
 * `settings.commands` shows them) and the host's commands (menu extensions), grouped. Choosing a host's command
 * raises `commandTriggered`; choosing a built-in one runs it (`chooseMenuEntry`); a disabled entry shows but does
 * nothing. Escape, a click elsewhere or `closeAllOverlays` closes it.
 */
import { useEffect, useRef } from 'react';
import { ExportDataType } from '@portico/models';
import type { ReportController } from '../model/controller.ts';
import { exportVisualCsv } from '../model/export-data.ts';
import { closeMenu, triggerCommand } from '../model/interactions.ts';
import { saveFile } from './save-file.ts';
import type { Menu, MenuEntry } from '../model/menus.ts';
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
  const items = menu.entries.flatMap((entry, i) => {
    const heading =
      entry.group !== undefined && entry.group !== menu.entries[i - 1]?.group ? (
        <li key={`group-${entry.group}`} role="presentation" className="visual-menu-group">
          {menu.groupTitles[entry.group] ?? entry.group}
        </li>
      ) : null;
    // A disabled item stays focusable (as ARIA menus keep them) but neither a click nor Enter/Space runs it.
    return [
      heading,
      <li key={entry.builtIn ? `built-in-${entry.command}` : entry.command} role="none">
        <button
          type="button"
          role="menuitem"
          aria-disabled={entry.disabled ? true : undefined}
          style={entry.disabled ? DISABLED_STYLE : undefined}
          onClick={entry.disabled ? undefined : () => onChoose(entry)}
        >
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
    >
      {items}
    </ul>
  );
}

/**
 * An entry of a visual's menu chosen: a host's command raises `commandTriggered`; Export data downloads the
 * visual's data as CSV (its query under every filter that reaches it, as `exportData` answers) and raises
 * `exportDataCompleted`. A disabled entry does nothing.
 */
export function chooseMenuEntry(controller: ReportController, visualName: string, entry: MenuEntry): void {
  if (entry.disabled) return;
  if (entry.builtIn === undefined) {
    triggerCommand(controller, visualName, entry);
    return;
  }
  closeMenu(controller);
  void exportVisualData(controller, visualName);
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
