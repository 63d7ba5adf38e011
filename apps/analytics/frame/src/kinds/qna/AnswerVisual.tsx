/** The answer of a question, drawn by the report renderers: a card, a chart, a table or a matrix. */
import { useEffect, useMemo } from 'react';
import type { ReportVisual } from '@portico/analytics-model';
import { EChart } from '../../components/EChart.tsx';
import { useElementSize } from '../../components/use-element-size.ts';
import { frameFormatter, urlChromeMessages } from '../../components/frame-language.ts';
import { CardVisual, MatrixVisual, TableVisual } from '../../components/TableVisuals.tsx';
import { CHART_TYPES, chartOption } from '../../render/chart-options.ts';
import { DEFAULT_THEME } from '../../render/theme.ts';
import type { QnaAnswered } from './api.ts';

interface Props {
  readonly answered: QnaAnswered;
  /** Called after the answer is painted (effects run after the chart's own `setOption`). */
  readonly onRendered: () => void;
}

/** The answer as a visual of a report, so every renderer takes it as it is. */
function asVisual(answered: QnaAnswered): ReportVisual {
  return {
    name: 'qna-answer',
    type: answered.visual.type,
    title: answered.visual.title,
    layout: { x: 0, y: 0, z: 0, width: 800, height: 480, displayState: { mode: 0 } },
    dataRoles: answered.visual.dataRoles,
    filters: [],
    formatting: answered.visual.formatting,
  };
}

const animation = typeof navigator === 'undefined' || !navigator.webdriver;

export function AnswerVisual({ answered, onRendered }: Props) {
  const visual = useMemo(() => asVisual(answered), [answered]);
  const { answer } = answered;
  const [box, size] = useElementSize<HTMLDivElement>();
  const option = useMemo(
    () =>
      CHART_TYPES.has(visual.type)
        ? chartOption(visual, answer, DEFAULT_THEME, { animation, formatter: frameFormatter(), size })
        : undefined,
    [visual, answer, size],
  );
  useEffect(() => {
    onRendered();
  }, [onRendered]);
  const empty = answer.rows.length === 0;
  const messages = urlChromeMessages();
  return (
    <section className="qna-answer visual" data-type={visual.type} aria-label={visual.title}>
      {visual.type === 'card' ? null : <h2 className="visual-title">{visual.title}</h2>}
      <div className="qna-visual" ref={box}>
        {empty ? (
          <p className="message">{messages.noAnswer}</p>
        ) : option ? (
          <EChart option={option} />
        ) : visual.type === 'card' ? (
          <CardVisual visual={visual} answer={answer} theme={DEFAULT_THEME} formatter={frameFormatter()} />
        ) : visual.type === 'pivotTable' ? (
          <MatrixVisual visual={visual} answer={answer} theme={DEFAULT_THEME} formatter={frameFormatter()} />
        ) : (
          <TableVisual visual={visual} answer={answer} theme={DEFAULT_THEME} formatter={frameFormatter()} />
        )}
      </div>
      {option && !empty ? (
        <details className="qna-data">
          <summary>{messages.showData}</summary>
          <TableVisual visual={visual} answer={answer} theme={DEFAULT_THEME} formatter={frameFormatter()} />
        </details>
      ) : null}
      {answer.truncated ? <p className="muted">{messages.firstRowsOnly(answer.rows.length)}</p> : null}
    </section>
  );
}
