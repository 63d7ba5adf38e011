import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { visibleRows } from '../model';
import type { ReportIndex, TreeRow } from '../model';

const ROW_HEIGHT = 32;

export interface ReportTreeProps {
  index: ReportIndex;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

const rowId = (id: number) => `report-node-${id}`;

interface RowProps {
  row: TreeRow;
  position: number;
  setSize: number;
  selected: boolean;
  start: number;
  onSelect: (id: number) => void;
  onToggle: (id: number) => void;
}

// Memoised: selecting a node re-renders only the two rows whose `selected` changed.
const Row = memo(function Row({ row, position, setSize, selected, start, onSelect, onToggle }: RowProps) {
  const { t } = useTranslation();
  const { node, depth, hasChildren, expanded } = row;
  return (
    <Box
      id={rowId(node.id)}
      role="treeitem"
      aria-level={depth}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-selected={selected}
      {...(hasChildren ? { 'aria-expanded': expanded } : {})}
      onClick={() => onSelect(node.id)}
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: ROW_HEIGHT,
        transform: `translateY(${start}px)`,
        display: 'flex',
        alignItems: 'center',
        pl: `${(depth - 1) * 16 + 4}px`,
        cursor: 'pointer',
        whiteSpace: 'nowrap',
        borderLeft: 4,
        borderColor: selected ? 'primary.main' : 'transparent',
        bgcolor: selected ? 'action.selected' : undefined,
        fontWeight: selected ? 'fontWeightBold' : undefined,
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
      }}
    >
      <Box
        component="span"
        aria-hidden
        title={expanded ? t('Reports.collapse') : t('Reports.expand')}
        onClick={(event) => {
          event.stopPropagation();
          onToggle(node.id);
        }}
        sx={{ display: 'inline-flex', width: 24, visibility: hasChildren ? 'visible' : 'hidden' }}
      >
        {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </Box>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {node.name}
      </Box>
    </Box>
  );
});

/**
 * The report-node tree (spec §2): children nested, the selected node highlighted, virtualised so that a
 * catalog of 10,000 nodes renders only the rows in view. One focusable element with aria-activedescendant;
 * ↑/↓ move, → expands or enters, ← collapses or goes to the parent, Home/End jump.
 */
export function ReportTree({ index, selectedId, onSelect }: ReportTreeProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => visibleRows(index, collapsed), [index, collapsed]);
  const positions = useMemo(() => new Map(rows.map((row, i) => [row.node.id, i])), [rows]);
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
        '&:focus-visible': { outline: 2, outlineColor: 'secondary.main', outlineOffset: -2 },
      }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <Row
              key={row.node.id}
              row={row}
              position={item.index + 1}
              setSize={rows.length}
              selected={row.node.id === selectedId}
              start={item.start}
              onSelect={onSelect}
              onToggle={toggle}
            />
          );
        })}
      </Box>
    </Box>
  );
}
