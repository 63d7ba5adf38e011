import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { visibleRows } from '../model';
import type { ReportIndex, TreeRow } from '../model';

const ROW_HEIGHT = 32;
const INDENT = 16;
/** The tree scrolls within the viewport, below the page title and the customer dropdown. */
const MAX_TREE_HEIGHT = 'max(240px, calc(100dvh - 16rem))';

export interface ReportTreeProps {
  index: ReportIndex;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

const rowId = (id: number) => `report-node-${id}`;

interface SiblingPlace {
  /** 1-based place among the node's siblings (aria-posinset). */
  position: number;
  /** How many siblings, the node included (aria-setsize). */
  setSize: number;
}

/**
 * Each node's place among its siblings: a treeitem's aria-posinset and aria-setsize count the items of its own
 * group (the parent's children, or the roots), which assistive technology announces as "3 of 10". The tree
 * renders only the rows in view, so it must say so itself.
 */
function siblingPlaces(index: ReportIndex): ReadonlyMap<number, SiblingPlace> {
  const places = new Map<number, SiblingPlace>();
  const place = (ids: readonly number[]) =>
    ids.forEach((id, i) => places.set(id, { position: i + 1, setSize: ids.length }));
  place(index.roots.map((node) => node.id));
  for (const node of index.byId.values()) place(node.children.filter((id) => index.byId.has(id)));
  return places;
}

// One class for every row, its arrow and label included: selection and hover are attribute and pseudo-class
// selectors, and the per-row position and indent are inline styles. With `sx` each row's own translateY made a
// new emotion rule, one per row ever shown, and each re-render serialised the styles again.
const RowBox = styled('div')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  height: ROW_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  borderLeft: '4px solid transparent',
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&[aria-selected="true"]': {
    borderLeftColor: theme.palette.primary.main,
    backgroundColor: theme.palette.action.selected,
    fontWeight: theme.typography.fontWeightBold,
  },
  '& > .tree-toggle': { display: 'inline-flex', flexShrink: 0, width: 24 },
  '& > .tree-label': { overflow: 'hidden', textOverflow: 'ellipsis' },
}));

interface RowProps {
  row: TreeRow;
  position: number;
  setSize: number;
  selected: boolean;
  start: number;
  onSelect: (id: number) => void;
  onToggle: (id: number) => void;
  expandLabel: string;
  collapseLabel: string;
}

/** One row; memoised, so a selection re-renders only the row that loses it and the row that gains it. */
const Row = memo(function Row({
  row,
  position,
  setSize,
  selected,
  start,
  onSelect,
  onToggle,
  expandLabel,
  collapseLabel,
}: RowProps) {
  const { node, depth, hasChildren, expanded } = row;
  return (
    <RowBox
      id={rowId(node.id)}
      role="treeitem"
      aria-level={depth}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-selected={selected}
      {...(hasChildren ? { 'aria-expanded': expanded } : {})}
      onClick={() => onSelect(node.id)}
      style={{ transform: `translateY(${start}px)`, paddingLeft: (depth - 1) * INDENT + 4 }}
    >
      <span
        className="tree-toggle"
        aria-hidden
        title={hasChildren ? (expanded ? collapseLabel : expandLabel) : undefined}
        style={hasChildren ? undefined : { visibility: 'hidden' }}
        onClick={(event) => {
          if (!hasChildren) return;
          event.stopPropagation();
          onToggle(node.id);
        }}
      >
        {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </span>
      <span className="tree-label" title={node.title}>
        {node.title}
      </span>
    </RowBox>
  );
});

/**
 * The report-node tree (spec §2): children nested, the selected node highlighted, virtualised so that a
 * catalog of 10,000 nodes renders only the rows in view. One focusable element with aria-activedescendant;
 * ↑/↓ move, → expands or enters, ← collapses or goes to the parent, Home/End jump.
 */
export function ReportTree({ index, selectedId, onSelect }: ReportTreeProps) {
  const { t } = useTranslation();
  const expandLabel = t('Reports.expand');
  const collapseLabel = t('Reports.collapse');
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => visibleRows(index, collapsed), [index, collapsed]);
  const positions = useMemo(() => new Map(rows.map((row, i) => [row.node.id, i])), [rows]);
  const places = useMemo(() => siblingPlaces(index), [index]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The React Compiler skips this component (the virtualizer's functions change identity); the rows are
  // memoised by hand instead.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  // The rows get one select function for the tree's lifetime, whatever the parent passes: a new onSelect on
  // each of its renders would otherwise re-render every row.
  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  });
  const select = useCallback((id: number) => onSelectRef.current(id), []);

  const toggle = useCallback((id: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const selectedIndex = selectedId === null ? undefined : positions.get(selectedId);
  useEffect(() => {
    if (selectedIndex !== undefined) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [virtualizer, selectedIndex]);

  const moveTo = (i: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, i))];
    if (row) onSelect(row.node.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = selectedIndex ?? 0;
    const row = rows[current];
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(current + 1),
      ArrowUp: () => moveTo(current - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      ArrowRight: () => {
        if (!row?.hasChildren) return;
        if (row.expanded) moveTo(current + 1);
        else toggle(row.node.id);
      },
      ArrowLeft: () => {
        if (!row) return;
        if (row.hasChildren && row.expanded) toggle(row.node.id);
        else if (positions.has(row.node.parentId)) onSelect(row.node.parentId);
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Box
      ref={scrollRef}
      role="tree"
      tabIndex={0}
      aria-label={t('Reports.tree')}
      {...(selectedId === null ? {} : { 'aria-activedescendant': rowId(selectedId) })}
      onKeyDown={onKeyDown}
      sx={{
        flexGrow: 1,
        overflow: 'auto',
        position: 'relative',
        minHeight: 200,
        // The virtualiser windows the rows only when this box scrolls: left to grow, it took the height of
        // all its rows and every row of the catalog was rendered.
        maxHeight: MAX_TREE_HEIGHT,
        '&:focus-visible': { outline: 2, outlineColor: 'secondary.main', outlineOffset: -2 },
      }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const place = places.get(row.node.id) ?? { position: 1, setSize: 1 };
          return (
            <Row
              key={row.node.id}
              row={row}
              position={place.position}
              setSize={place.setSize}
              selected={row.node.id === selectedId}
              start={item.start}
              onSelect={select}
              onToggle={toggle}
              expandLabel={expandLabel}
              collapseLabel={collapseLabel}
            />
          );
        })}
      </Box>
    </Box>
  );
}
