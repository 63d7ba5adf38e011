import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CollapsiblePane } from './CollapsiblePane.tsx';

afterEach(cleanup);

function Pane(props: { side: 'left' | 'right'; element: 'aside' | 'div' }) {
  const [expanded, setExpanded] = useState(true);
  return (
    <CollapsiblePane
      title="Filters"
      element={props.element}
      className="filter-pane"
      side={props.side}
      expanded={expanded}
      onToggle={() => setExpanded(!expanded)}
      showLabel="Show the filters pane"
      hideLabel="Hide the filters pane"
    >
      <p>the pane’s content</p>
    </CollapsiblePane>
  );
}

describe('a collapsible pane', () => {
  it('shows its heading, content and a hide button; collapsed, one rail button with its name', () => {
    render(<Pane side="right" element="aside" />);
    const pane = screen.getByRole('complementary', { name: 'Filters' });
    expect(screen.getByRole('heading', { name: 'Filters' })).toBeTruthy();
    expect(screen.getByText('the pane’s content')).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Hide the filters pane' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    // On the right edge the pane closes to the right and opens to the left.
    expect(hide.textContent).toBe('»');

    fireEvent.click(hide);
    expect(pane.className).toBe('filter-pane collapsed');
    expect(screen.queryByText('the pane’s content')).toBeNull();
    const rail = screen.getByRole('button', { name: 'Show the filters pane' });
    expect(rail.getAttribute('aria-expanded')).toBe('false');
    expect(rail.textContent).toBe('«Filters');
  });

  it('moves the focus to the button that replaces the one pressed from the keyboard', () => {
    render(<Pane side="left" element="div" />);
    // A div pane is no landmark: its children bring their own (the page list's nav).
    expect(screen.queryByRole('complementary')).toBeNull();
    const hide = screen.getByRole('button', { name: 'Hide the filters pane' });
    expect(hide.textContent).toBe('«');
    hide.focus();
    fireEvent.click(hide);
    const rail = screen.getByRole('button', { name: 'Show the filters pane' });
    expect(document.activeElement).toBe(rail);
    expect(rail.textContent).toBe('»Filters');
    fireEvent.click(rail);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide the filters pane' }));
  });

  it('leaves the focus alone when it was not on the toggle', () => {
    render(<Pane side="left" element="div" />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the filters pane' }));
    expect(document.activeElement).toBe(document.body);
  });
});
