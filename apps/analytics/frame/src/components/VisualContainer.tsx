/** One visual's box: its header (title), and its body by type — chart, card, table, matrix or slicer. */
import { useCallback, useMemo } from 'react';
import type { IFilter } from '@portico/models';
import type { ReportVisual } from '../../../src/content/types.ts';
import type { PlacedVisual } from '../model/layout.ts';
import type { VisualResult } from '../model/state.ts';
import { CHART_TYPES, chartOption } from '../render/chart-options.ts';
import type { ResolvedTheme } from '../render/theme.ts';
import { EChart } from './EChart.tsx';
import { SlicerVisual } from './SlicerVisual.tsx';
import { CardVisual, MatrixVisual, TableVisual } from './TableVisuals.tsx';

export interface VisualActions {
  readonly selectCategory: (visual: string, category: string) => void;
  readonly selectInSlicer: (visual: string, filters: IFilter[]) => void;
}

interface Props {
  readonly placed: PlacedVisual;
  readonly scale: number;
  readonly result: VisualResult | undefined;
  readonly theme: ResolvedTheme;
  readonly showHeader: boolean;
  readonly hideErrors: boolean;
  readonly animation: boolean;
  readonly selectedCategory: string | undefined;
  readonly actions: VisualActions;
}

export function VisualContainer(props: Props) {
  const { placed, scale, result, theme, showHeader, hideErrors } = props;
  const { visual } = placed;
  return (
    <section
      className="visual"
      data-visual={visual.name}
      data-type={visual.type}
      data-status={result?.status ?? 'idle'}
      aria-label={visual.title}
      style={{
        left: placed.x * scale,
        top: placed.y * scale,
        width: placed.width * scale,
        height: placed.height * scale,
        zIndex: placed.z,
        color: theme.foreground,
      }}
    >
      {showHeader && visual.type !== 'card' ? <h2 className="visual-title">{visual.title}</h2> : null}
      <div className="visual-body">
        {result?.status === 'error' ? (
          hideErrors ? null : (
            <p className="visual-error" role="alert">
              Couldn’t load the data for this visual. {result.message}
            </p>
          )
        ) : result && 'answer' in result && result.answer ? (
          <VisualBody {...props} visual={visual} answer={result.answer} />
        ) : (
          <p className="visual-loading">Loading…</p>
        )}
      </div>
    </section>
  );
}

function VisualBody({
  visual,
  answer,
  theme,
  animation,
  selectedCategory,
  actions,
}: Props & {
  visual: ReportVisual;
  answer: NonNullable<Extract<VisualResult, { status: 'ready' }>['answer']>;
}) {
  const option = useMemo(
    () =>
      CHART_TYPES.has(visual.type)
        ? chartOption(visual, answer, theme, { animation, selectedCategory })
        : undefined,
    [visual, answer, theme, animation, selectedCategory],
  );
  const { selectCategory, selectInSlicer } = actions;
  const onClick = useCallback(
    (category: string) => selectCategory(visual.name, category),
    [selectCategory, visual.name],
  );
  const onSelect = useCallback(
    (filters: IFilter[]) => selectInSlicer(visual.name, filters),
    [selectInSlicer, visual.name],
  );
  if (option) return <EChart option={option} onCategoryClick={onClick} />;
  switch (visual.type) {
    case 'card':
    case 'multiRowCard':
      return <CardVisual visual={visual} answer={answer} theme={theme} />;
    case 'pivotTable':
      return <MatrixVisual visual={visual} answer={answer} theme={theme} />;
    case 'slicer':
      return <SlicerVisual visual={visual} answer={answer} onSelect={onSelect} />;
    default:
      return <TableVisual visual={visual} answer={answer} theme={theme} />;
  }
}
