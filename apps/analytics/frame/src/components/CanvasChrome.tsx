/**
 * The canvas's own controls: the page list, which collapses to a rail (`CollapsiblePane`), and the page view (fit to page, fit to
 * width, actual size) under the canvas.
 */
import { useLayoutEffect, useRef } from 'react';
import { DisplayOption } from '@portico/models';
import type { ReportPage } from '@portico/analytics-model';
import type { CanvasMessages } from '../model/canvas-messages.ts';
import type { ChromeMessages } from '../model/chrome-messages.ts';
import { CollapsiblePane } from './CollapsiblePane.tsx';

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
  const tabs = useRef<HTMLElement>(null);
  // The current page's tab in view: on a phone the tabs are a strip that scrolls sideways, and a page opened by the
  // host (setPage) or a bookmark left its tab cut at the strip's edge ("Zuverlässigkei").
  useLayoutEffect(() => {
    const tab = tabs.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const strip = tab?.closest<HTMLElement>('.page-nav');
    if (tab && strip) revealInStrip(strip, tab);
  }, [props.active]);
  // The toggle sits outside the navigation, whose buttons are the pages alone.
  return (
    <CollapsiblePane
      title={chrome.pages}
      element="div"
      className="page-nav"
      side="left"
      expanded={props.expanded}
      onToggle={props.onToggle}
      showLabel={messages.showPages}
      hideLabel={messages.hidePages}
    >
      <nav ref={tabs} className="page-tabs" aria-label={chrome.pages}>
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
    </CollapsiblePane>
  );
}

/** Scrolls `strip` (not the page, not the host) just enough that `tab` shows whole, with a few pixels beside it. */
export function revealInStrip(strip: HTMLElement, tab: HTMLElement, margin = 8): void {
  const box = strip.getBoundingClientRect();
  const own = tab.getBoundingClientRect();
  if (own.right > box.right)
    strip.scrollLeft += Math.min(own.right - box.right + margin, own.left - box.left);
  else if (own.left < box.left) strip.scrollLeft -= box.left - own.left + margin;
  if (own.bottom > box.bottom)
    strip.scrollTop += Math.min(own.bottom - box.bottom + margin, own.top - box.top);
  else if (own.top < box.top) strip.scrollTop -= box.top - own.top + margin;
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
