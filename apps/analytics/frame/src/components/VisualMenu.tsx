/**
 * A visual's context or options menu: the host's commands (menu extensions), grouped, at the point it was opened.
 * Choosing one raises `commandTriggered`; Escape, a click elsewhere or `closeAllOverlays` closes it.
 */
import { useEffect, useRef } from 'react';
import type { Menu, MenuEntry } from '../model/menus.ts';

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
    return [
      heading,
      <li key={entry.command} role="none">
        <button type="button" role="menuitem" onClick={() => onChoose(entry)}>
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
