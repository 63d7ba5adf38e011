/**
 * A pane of the canvas that collapses to a 32-pixel rail (the page list, the filters pane): open, a head with its
 * name and a button that collapses it; collapsed, one button the height of the pane with the name written
 * downwards. Both buttons say what they do and carry `aria-expanded`; focus follows the toggle to the other button.
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

export interface CollapsiblePaneProps {
  /** The pane's name: its heading, the rail's text and, for a landmark, its accessible name. */
  readonly title: string;
  /** `aside` makes the pane a complementary landmark; `div` leaves landmarks to the children (a `nav`). */
  readonly element: 'aside' | 'div';
  readonly className: string;
  /** Which edge of the canvas the pane sits on: the arrows point the way the pane opens or closes. */
  readonly side: 'left' | 'right';
  readonly expanded: boolean;
  readonly onToggle: () => void;
  /** The toggle's words: "Show the filters pane", "Hide the filters pane". */
  readonly showLabel: string;
  readonly hideLabel: string;
  readonly children: ReactNode;
}

export function CollapsiblePane(props: CollapsiblePaneProps) {
  const { title, side, expanded } = props;
  const Element = props.element;
  const toggle = useRef<HTMLButtonElement>(null);
  // After a toggle by the viewer, the focus moves to the button that replaced the one pressed (not on first paint).
  const toggled = useRef(false);
  useEffect(() => {
    if (toggled.current) toggle.current?.focus();
  }, [expanded]);
  const onToggle = () => {
    toggled.current = document.activeElement === toggle.current;
    props.onToggle();
  };
  const label = expanded ? props.hideLabel : props.showLabel;
  // A pane on the left opens to the right (»); one on the right opens to the left («).
  const arrow = (side === 'left') === expanded ? '«' : '»';
  const landmark = props.element === 'aside' ? { 'aria-label': title } : {};
  if (!expanded) {
    return (
      <Element className={`${props.className} collapsed`} {...landmark}>
        <button
          ref={toggle}
          type="button"
          className="pane-rail"
          aria-expanded={false}
          aria-label={label}
          title={label}
          onClick={onToggle}
        >
          <span aria-hidden="true">{arrow}</span>
          <span className="rail-label">{title}</span>
        </button>
      </Element>
    );
  }
  return (
    <Element className={props.className} {...landmark}>
      <div className="pane-head">
        <h2>{title}</h2>
        <button
          ref={toggle}
          type="button"
          className="pane-toggle"
          aria-expanded={true}
          aria-label={label}
          title={label}
          onClick={onToggle}
        >
          <span aria-hidden="true">{arrow}</span>
        </button>
      </div>
      {props.children}
    </Element>
  );
}
