/**
 * The canvas's own controls: the page list, which collapses to a rail, and the page view (fit to page, fit to
 * width, actual size) under the canvas.
 */
import { DisplayOption } from '@portico/models';
import type { ReportPage } from '@portico/analytics-model';
import type { CanvasMessages } from '../model/canvas-messages.ts';
import type { ChromeMessages } from '../model/chrome-messages.ts';

export function PageList(props: {
  readonly pages: readonly ReportPage[];
  readonly active: string | undefined;
  readonly onSelect: (name: string) => void;
  readonly expanded: boolean;
  readonly onToggle: () => void;
  readonly chrome: ChromeMessages;
  readonly messages: CanvasMessages;
}) {
  const { chrome, messages } = props;
  // The toggle sits outside the navigation, whose buttons are the pages alone.
  if (!props.expanded) {
    return (
      <div className="page-nav collapsed">
        <button
          type="button"
          className="pane-rail"
          aria-expanded={false}
          aria-label={messages.showPages}
          title={messages.showPages}
          onClick={props.onToggle}
        >
          <span aria-hidden="true">»</span>
          <span className="rail-label">{chrome.pages}</span>
        </button>
      </div>
    );
  }
  return (
    <div className="page-nav">
      <div className="pane-head">
        <h2>{chrome.pages}</h2>
        <button
          type="button"
          className="pane-toggle"
          aria-expanded={true}
          aria-label={messages.hidePages}
          title={messages.hidePages}
          onClick={props.onToggle}
        >
          <span aria-hidden="true">«</span>
        </button>
      </div>
      <nav className="page-tabs" aria-label={chrome.pages}>
        {props.pages
          .filter((p) => p.visibility === 0)
          .map((p) => (
            <button
              key={p.name}
              type="button"
              className="page-tab"
              title={p.displayName}
              aria-current={p.name === props.active ? 'page' : undefined}
              onClick={() => props.onSelect(p.name)}
            >
              {p.displayName}
            </button>
          ))}
      </nav>
    </div>
  );
}

const VIEWS = [
  [DisplayOption.FitToPage, 'fitToPage'],
  [DisplayOption.FitToWidth, 'fitToWidth'],
  [DisplayOption.ActualSize, 'actualSize'],
] as const;

/** The page view buttons (a radio group) under the canvas; the host's `customLayout.displayOption` hides them. */
export function PageViewBar(props: {
  readonly value: DisplayOption;
  readonly onChange: (option: DisplayOption) => void;
  readonly messages: CanvasMessages;
}) {
  return (
    <div className="canvas-bar" role="radiogroup" aria-label={props.messages.pageView}>
      {VIEWS.map(([option, key]) => (
        <button
          key={key}
          type="button"
          role="radio"
          aria-checked={props.value === option}
          onClick={() => props.onChange(option)}
        >
          {props.messages[key]}
        </button>
      ))}
    </div>
  );
}
