import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { indexNodes } from '../model';
import type { ReportIndex, ReportNode } from '../model';
import { ReportTree } from './report-tree';

// Every row draws one of these two icons, and neither is memoised here: counting their renders counts the
// renders of the rows.
const iconRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@mui/icons-material/ExpandMore', () => ({
  default: function ExpandMore() {
    iconRenders.count += 1;
    return <svg data-icon="expand-more" />;
  },
}));
vi.mock('@mui/icons-material/ChevronRight', () => ({
  default: function ChevronRight() {
    iconRenders.count += 1;
    return <svg data-icon="chevron-right" />;
  },
}));

function node(id: number, parentId: number, name: string, children: number[] = []): ReportNode {
  return {
    id,
    parentId,
    name,
    title: name,
    children,
    viewFiles: [],
    viewFileTitles: [],
    relativePath: name,
    isOffice: false,
  };
}

// Fleet ─┬─ Devices ─── Battery
//        └─ Sites
// Finance ─── Invoices
const NODES = [
  node(1, -1, 'Fleet', [2, 4]),
  node(2, 1, 'Devices', [3]),
  node(3, 2, 'Battery'),
  node(4, 1, 'Sites'),
  node(5, -1, 'Finance', [6]),
  node(6, 5, 'Invoices'),
];

function Harness({ index, onSelect }: { index: ReportIndex; onSelect?: (id: number) => void }) {
  const [selected, setSelected] = useState<number | null>(1);
  return (
    <ReportTree
      index={index}
      selectedId={selected}
      onSelect={(id) => {
        setSelected(id);
        onSelect?.(id);
      }}
    />
  );
}

/** The tree with the first root selected, once the virtualiser has measured its box and drawn the rows. */
async function renderTree(nodes: ReportNode[] = NODES) {
  const view = renderWithProviders(<Harness index={indexNodes(nodes)} />);
  const tree = screen.getByRole('tree', { name: 'Report folders' });
  await within(tree).findAllByRole('treeitem');
  const row = (name: string) => within(tree).getByRole('treeitem', { name });
  const selected = () => within(tree).getByRole('treeitem', { selected: true });
  return { ...view, tree, row, selected };
}

beforeEach(() => {
  iconRenders.count = 0;
  // jsdom lays nothing out: give the tree's scroll box a size so the virtualiser renders rows.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
});

describe('the report tree', () => {
  it('is a tree of treeitems with their level, place among their siblings and expanded state', async () => {
    const { tree, row } = await renderTree();

    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((item) => item.textContent),
    ).toEqual(['Fleet', 'Devices', 'Battery', 'Sites', 'Finance', 'Invoices']);
    expect(row('Devices')).toHaveAttribute('aria-level', '2');
    expect(row('Battery')).toHaveAttribute('aria-level', '3');
    // "2 of 2": the second of Fleet's children; Finance is the second of two roots.
    expect(row('Sites')).toHaveAttribute('aria-posinset', '2');
    expect(row('Sites')).toHaveAttribute('aria-setsize', '2');
    expect(row('Battery')).toHaveAttribute('aria-posinset', '1');
    expect(row('Battery')).toHaveAttribute('aria-setsize', '1');
    expect(row('Finance')).toHaveAttribute('aria-posinset', '2');
    expect(row('Finance')).toHaveAttribute('aria-setsize', '2');
    expect(row('Fleet')).toHaveAttribute('aria-expanded', 'true');
    // A leaf is neither expanded nor collapsed.
    expect(row('Battery')).not.toHaveAttribute('aria-expanded');
    expect(row('Fleet')).toHaveAttribute('aria-selected', 'true');
    expect(tree).toHaveAttribute('aria-activedescendant', row('Fleet').id);
  });

  it('selects a clicked row and re-renders only the rows that lose and gain the selection', async () => {
    const { tree, row, selected } = await renderTree();
    iconRenders.count = 0;

    fireEvent.click(row('Sites'));

    expect(selected()).toHaveTextContent('Sites');
    expect(row('Fleet')).toHaveAttribute('aria-selected', 'false');
    expect(tree).toHaveAttribute('aria-activedescendant', row('Sites').id);
    expect(iconRenders.count).toBe(2);
  });

  it('expands and collapses a folder from its arrow without selecting it', async () => {
    const { tree, row, selected } = await renderTree();
    const arrow = (name: string) => row(name).querySelector('[title]') as HTMLElement;

    expect(arrow('Devices')).toHaveAttribute('title', 'Collapse');
    fireEvent.click(arrow('Devices'));

    expect(row('Devices')).toHaveAttribute('aria-expanded', 'false');
    expect(arrow('Devices')).toHaveAttribute('title', 'Expand');
    expect(within(tree).queryByRole('treeitem', { name: 'Battery' })).not.toBeInTheDocument();
    expect(within(tree).getAllByRole('treeitem')[2]).toHaveTextContent('Sites');
    expect(selected()).toHaveTextContent('Fleet');

    fireEvent.click(arrow('Devices'));
    expect(row('Battery')).toHaveAttribute('aria-level', '3');
  });

  it('selects a leaf clicked where a folder has its arrow', async () => {
    const { row, selected } = await renderTree();

    // The leaf's arrow is hidden but keeps its place, so the labels line up.
    fireEvent.click(row('Battery').firstElementChild as HTMLElement);

    expect(selected()).toHaveTextContent('Battery');
  });

  it('moves with the keyboard: ↓ ↑ Home End, → expands then enters, ← collapses then goes to the parent', async () => {
    const { tree, row, selected } = await renderTree();
    const press = (key: string) => fireEvent.keyDown(tree, { key });

    press('ArrowDown');
    expect(selected()).toHaveTextContent('Devices');
    press('ArrowLeft');
    expect(row('Devices')).toHaveAttribute('aria-expanded', 'false');
    expect(selected()).toHaveTextContent('Devices');
    press('ArrowRight');
    expect(row('Devices')).toHaveAttribute('aria-expanded', 'true');
    press('ArrowRight');
    expect(selected()).toHaveTextContent('Battery');
    press('ArrowLeft');
    expect(selected()).toHaveTextContent('Devices');
    press('End');
    expect(selected()).toHaveTextContent('Invoices');
    press('ArrowUp');
    expect(selected()).toHaveTextContent('Finance');
    press('Home');
    expect(selected()).toHaveTextContent('Fleet');
    expect(tree).toHaveAttribute('aria-activedescendant', row('Fleet').id);
  });

  it('renders a window of a 10,000-node catalog, and a selection there re-renders two rows', async () => {
    const folders = Array.from({ length: 100 }, (_, f) =>
      node(
        f + 1,
        -1,
        `Folder ${f + 1}`,
        Array.from({ length: 99 }, (_, r) => 1000 + f * 99 + r),
      ),
    );
    const leaves = folders.flatMap((folder) =>
      folder.children.map((id) => node(id, folder.id, `Report ${id}`)),
    );
    const { tree, row, selected } = await renderTree([...folders, ...leaves]);
    const rendered = within(tree).getAllByRole('treeitem');
    expect(rendered.length).toBeLessThan(60);
    // A folder is one of 100 roots; its reports are each one of 99.
    expect(rendered[0]).toHaveAttribute('aria-setsize', '100');
    expect(row('Report 1003')).toHaveAttribute('aria-posinset', '4');
    expect(row('Report 1003')).toHaveAttribute('aria-setsize', '99');
    iconRenders.count = 0;

    act(() => void fireEvent.click(row('Report 1003')));

    expect(selected()).toHaveTextContent('Report 1003');
    expect(iconRenders.count).toBe(2);
  });
});
