/**
 * The paginated report on screen: a toolbar (parameters, page navigation, print, exports), the parameter panel and
 * the page as a fixed-height sheet — the same lines, column titles, "continued" heading and "Page X of Y" footer
 * as the PDF.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type {
  PageAnswer,
  ParameterValue,
  ReportColumn,
  ReportLine,
  ResolvedParameter,
} from '@portico/analytics-model';
import { formatCell, formatValue } from '@portico/analytics-model';
import { pendingMessage } from '../../components/PendingMessage.tsx';
import type { ChromeMessages } from '../../model/chrome-messages.ts';
import { urlChromeMessages } from '../../components/frame-language.ts';
import { frameLanguage } from '../../model/messages.ts';
import type { PaginatedController, PaginatedState } from './controller.ts';
import { SHEET_WIDTH_PX, sheetScale, ZOOMS, zoomWording } from './zoom.ts';
import type { Zoom } from './zoom.ts';

export function PaginatedApp({ controller, print }: { controller: PaginatedController; print: () => void }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  const messages = urlChromeMessages();
  return (
    pendingMessage(state) ?? (
      <PaginatedReport controller={controller} state={state} print={print} messages={messages} />
    )
  );
}

function PaginatedReport({
  controller,
  state,
  print,
  messages,
}: {
  controller: PaginatedController;
  state: PaginatedState;
  print: () => void;
  messages: ChromeMessages;
}) {
  const { page, panel, busy } = state;
  // On a narrow screen the parameters are a summary line with an Edit button, the form opened on demand above the
  // page (beside it, it would leave the page a sliver).
  const narrow = useNarrowFrame();
  const [editing, setEditing] = useState(false);
  const [zoom, setZoom] = useState<Zoom>('page-width');
  const zoomWords = zoomWording(frameLanguage(undefined, window.location.search));
  if (page === undefined) return null;
  const go = (n: number) => void controller.goTo(n);
  const at = page.pageNumber;
  const last = page.pageCount;
  return (
    <div className={narrow ? 'rdl narrow' : 'rdl'} aria-busy={busy}>
      <div className="rdl-toolbar" role="toolbar" aria-label={messages.report}>
        {panel.enabled && (
          <button
            type="button"
            aria-expanded={panel.expanded}
            onClick={() => controller.setPanel({ expanded: !panel.expanded })}
          >
            {messages.parameters}
          </button>
        )}
        <span className="rdl-nav">
          <button
            type="button"
            aria-label={messages.firstPage}
            disabled={busy || at === 1}
            onClick={() => go(1)}
          >
            «
          </button>
          <button
            type="button"
            aria-label={messages.previousPage}
            disabled={busy || at === 1}
            onClick={() => go(at - 1)}
          >
            ‹
          </button>
          <span className="rdl-status" data-testid="page-status">
            {messages.pageOf(at, last)}
          </span>
          <button
            type="button"
            aria-label={messages.nextPage}
            disabled={busy || at === last}
            onClick={() => go(at + 1)}
          >
            ›
          </button>
          <button
            type="button"
            aria-label={messages.lastPage}
            disabled={busy || at === last}
            onClick={() => go(last)}
          >
            »
          </button>
        </span>
        <select
          className="rdl-zoom"
          aria-label={zoomWords.zoom}
          value={String(zoom)}
          onChange={(event) =>
            setZoom(event.target.value === 'page-width' ? 'page-width' : (Number(event.target.value) as Zoom))
          }
        >
          {ZOOMS.map((z) => (
            <option key={z} value={String(z)}>
              {z === 'page-width' ? zoomWords.pageWidth : `${z} %`}
            </option>
          ))}
        </select>
        <button type="button" onClick={print}>
          {messages.print}
        </button>
        {/* On a narrow screen the exports read "PDF" and "CSV" (their full names stay their accessible names), so
            the toolbar keeps to fewer rows of a 360 px high window. */}
        <button
          type="button"
          disabled={busy}
          aria-label={narrow ? messages.exportPdf : undefined}
          title={narrow ? messages.exportPdf : undefined}
          onClick={() => void controller.exportFile('PDF')}
        >
          {narrow ? 'PDF' : messages.exportPdf}
        </button>
        <button
          type="button"
          disabled={busy}
          aria-label={narrow ? messages.exportCsv : undefined}
          title={narrow ? messages.exportCsv : undefined}
          onClick={() => void controller.exportFile('CSV')}
        >
          {narrow ? 'CSV' : messages.exportCsv}
        </button>
      </div>
      <div className="rdl-body">
        {panel.enabled && panel.expanded && narrow && !editing && state.panelError === undefined ? (
          <p className="rdl-summary">
            <span
              className="rdl-summary-text"
              title={parameterSummary(page.parameters, messages.allValues, page.locale)}
            >
              {parameterSummary(page.parameters, messages.allValues, page.locale)}
            </span>
            <button type="button" onClick={() => setEditing(true)}>
              {messages.editParameters}
            </button>
          </p>
        ) : panel.enabled && panel.expanded ? (
          <ParameterPanel
            key={JSON.stringify(state.values)}
            parameters={page.parameters}
            error={state.panelError}
            busy={busy}
            onApply={(values) => {
              setEditing(false);
              void controller.apply(values);
            }}
            messages={messages}
          />
        ) : null}
        <SheetViewport zoom={zoom} scrollHint={zoomWords.scrollHint}>
          {state.rendering && (
            <Sheet
              page={page}
              label={messages.pageOf(page.pageNumber, page.pageCount)}
              onPainted={() => controller.markRendered(state.generation)}
              generation={state.generation}
            />
          )}
        </SheetViewport>
      </div>
    </div>
  );
}

type Draft = Record<string, string[]>;

/** Below this frame width (a phone, 1280×720 at 200 % zoom) the parameters collapse to a summary line. */
const NARROW_PX = 720;

/** Whether the frame is narrower than `NARROW_PX`, kept current as it is resized. */
function useNarrowFrame(): boolean {
  const [narrow, setNarrow] = useState(() => window.innerWidth < NARROW_PX);
  useEffect(() => {
    const onResize = () => setNarrow(window.innerWidth < NARROW_PX);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return narrow;
}

/**
 * The parameters in one line: each prompt with its value's label, "(All)" for a blank or every choice, and a count
 * past two choices; dates, months and decimals written as the sheet writes them in `locale`.
 *
 * @example parameterSummary(parameters, '(All)') // → 'Account: Contoso EMEA · Month: October 2026 · Site: (All)'
 * @example parameterSummary(parameters, '(Alle)', 'de') // → 'Konto: Contoso EMEA · Monat: Oktober 2026 · …'
 */
export function parameterSummary(
  parameters: readonly ResolvedParameter[],
  all: string,
  locale?: string,
): string {
  return parameters
    .map((parameter) => {
      const { values, validValues } = parameter;
      const labelOf = (value: string) =>
        validValues?.find((v) => v.value === value)?.label ??
        parameterValueText(parameter.type, value, locale);
      const text =
        values.length === 0 ||
        (validValues !== undefined && values.length === validValues.length && values.length > 1)
          ? (parameter.allLabel ?? all)
          : values.length > 2
            ? `${values.length}/${validValues?.length ?? values.length}`
            : values.map(labelOf).join(', ');
      return `${parameter.prompt}: ${text}`;
    })
    .join(' · ');
}

/** A typed parameter value as the viewer reads it: `2026-08-29` → `29.08.2026`, `2026-10` → `Oktober 2026`. */
function parameterValueText(
  type: ResolvedParameter['type'],
  value: string,
  locale: string | undefined,
): string {
  if (type === 'Date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCell(value, 'date', locale);
  if (type === 'Month' && /^\d{4}-\d{2}$/.test(value)) return formatValue(`${value}-01`, 'MMMM yyyy', locale);
  if (type === 'Decimal' && value.trim() !== '' && Number.isFinite(Number(value)))
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 5 }).format(Number(value));
  return value;
}

function ParameterPanel({
  parameters,
  error,
  busy,
  onApply,
  messages,
}: {
  parameters: readonly ResolvedParameter[];
  error: string | undefined;
  busy: boolean;
  onApply: (values: ParameterValue[]) => void;
  messages: ChromeMessages;
}) {
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(parameters.map((p) => [p.name, [...p.values]])),
  );
  const set = (name: string, values: string[]) => setDraft((d) => ({ ...d, [name]: values }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: ParameterValue[] = [];
    for (const parameter of parameters) {
      const chosen = draft[parameter.name] ?? [];
      if (chosen.length === 0) values.push({ name: parameter.name, value: '' });
      for (const value of chosen) values.push({ name: parameter.name, value });
    }
    onApply(values);
  };
  return (
    <form className="rdl-panel" aria-label={messages.parameters} onSubmit={submit}>
      {parameters.map((parameter) => (
        <ParameterInput
          key={parameter.name}
          parameter={parameter}
          value={draft[parameter.name] ?? []}
          onChange={(values) => set(parameter.name, values)}
          allValues={messages.allValues}
        />
      ))}
      {error !== undefined && (
        <p className="rdl-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {messages.viewReport}
      </button>
    </form>
  );
}

function ParameterInput({
  parameter,
  value,
  onChange,
  allValues,
}: {
  parameter: ResolvedParameter;
  value: readonly string[];
  onChange: (values: string[]) => void;
  allValues: string;
}) {
  const id = `rdl-parameter-${parameter.name}`;
  const { validValues } = parameter;
  if (validValues !== undefined && parameter.multiValue) {
    return (
      <fieldset className="rdl-field">
        <legend>{parameter.prompt}</legend>
        {validValues.map((choice) => (
          <label key={choice.value} className="rdl-check">
            <input
              type="checkbox"
              checked={value.includes(choice.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...value, choice.value] : value.filter((v) => v !== choice.value),
                )
              }
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
    );
  }
  const single = value[0] ?? '';
  const change = (text: string) => onChange(text === '' ? [] : [text]);
  let input;
  if (validValues !== undefined) {
    input = (
      <select id={id} value={single} onChange={(event) => change(event.target.value)}>
        {parameter.nullable && <option value="">{parameter.allLabel ?? allValues}</option>}
        {validValues.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else {
    const type =
      parameter.type === 'Date'
        ? 'date'
        : parameter.type === 'Month'
          ? 'month'
          : parameter.type === 'Decimal'
            ? 'number'
            : 'text';
    input = (
      <input
        id={id}
        type={type}
        value={single}
        step={type === 'number' ? 'any' : undefined}
        min={parameter.min}
        max={parameter.max}
        onChange={(event) => change(event.target.value)}
      />
    );
  }
  return (
    <div className="rdl-field">
      <label htmlFor={id}>{parameter.prompt}</label>
      {input}
    </div>
  );
}

/** Width of the columns from `from` (inclusive) to `to` (exclusive), as a CSS percentage. */
const span = (columns: readonly ReportColumn[], from: number, to: number) =>
  `${columns.slice(from, to).reduce((sum, c) => sum + c.width, 0) * 100}%`;

/**
 * The sheet's scroll area: the sheet zoomed to the page width it has (or the chosen percentage). When even readable
 * text makes the sheet wider than the viewer, a line above it says the page scrolls sideways.
 */
function SheetViewport({
  zoom,
  scrollHint,
  children,
}: {
  zoom: Zoom;
  scrollHint: string;
  children: ReactNode;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(SHEET_WIDTH_PX);
  useLayoutEffect(() => {
    const element = viewport.current;
    if (element === null) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      setAvailable(Math.max(0, element.clientWidth - padding));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = sheetScale(zoom, available);
  const wider = SHEET_WIDTH_PX * scale > available + 1;
  // The hint goes once the reader has scrolled sideways: they found the rest.
  const [scrolled, setScrolled] = useState(false);
  return (
    <div className="rdl-viewport-frame">
      {/* Above the scrolling sheet, never over it: it covered rows on a phone and at 200 % zoom. */}
      {wider && !scrolled && (
        <p className="rdl-scroll-hint" data-testid="scroll-hint" role="note">
          {scrollHint} →
        </p>
      )}
      <div
        ref={viewport}
        className={wider ? 'rdl-viewport rdl-wider' : 'rdl-viewport'}
        data-scale={scale.toFixed(3)}
        style={{ ['--rdl-scale' as string]: String(scale) }}
        onScroll={(event) => {
          if (event.currentTarget.scrollLeft > 0) setScrolled(true);
        }}
      >
        {children}
      </div>
    </div>
  );
}

function Line({
  line,
  columns,
  locale,
  currency,
}: {
  line: ReportLine;
  columns: readonly ReportColumn[];
  locale: string | undefined;
  /** The report's currency: its money and rate columns' amounts are in it. */
  currency: string | undefined;
}) {
  // A heading, subtotal, total or note has a label spanning the columns before its first value; a detail line and
  // the continuation lines of its wrapped text have cells only.
  const labelled = (line.kind !== 'detail' && line.kind !== 'continuation') || line.label !== '';
  const firstCell = line.cells.findIndex((c) => c !== null);
  const from = labelled ? (firstCell < 0 ? columns.length : firstCell) : 0;
  return (
    <div className={`rdl-line rdl-${line.kind}`} data-kind={line.kind}>
      {labelled && (
        <span className="rdl-label" style={{ width: span(columns, 0, from) }} title={line.label}>
          {line.label}
        </span>
      )}
      {columns.slice(from).map((column, offset) => {
        const value = line.cells[from + offset] ?? null;
        const text = formatCell(value, column.format, locale, currency);
        // A value cut with an ellipsis is named whole by its tooltip.
        return (
          <span
            key={from + offset}
            className="rdl-cell"
            style={{ width: span(columns, from + offset, from + offset + 1), textAlign: column.align }}
            title={text}
          >
            {text}
          </span>
        );
      })}
    </div>
  );
}

/** The column titles: two lines, each title wrapped rather than cut, a one-line title right above the values. */
function Titles({ columns }: { columns: readonly ReportColumn[] }) {
  return (
    <div className="rdl-line rdl-titles" data-testid="column-titles">
      {columns.map((column, index) => (
        <span
          key={index}
          className={column.align === 'right' ? 'rdl-cell rdl-right' : 'rdl-cell'}
          style={{ width: `${column.width * 100}%` }}
          title={column.title.replace(/\u200b/g, '')}
        >
          <span className="rdl-title-text">{column.title}</span>
        </span>
      ))}
    </div>
  );
}

function Sheet({
  page,
  generation,
  label,
  onPainted,
}: {
  page: PageAnswer;
  /** The sheet's name in the frame's language. */
  label: string;
  generation: number;
  onPainted: () => void;
}) {
  // After the commit that painted this page: the host's `rendered`.
  useEffect(() => onPainted(), [generation, onPainted]);
  return (
    <article
      className="rdl-sheet"
      aria-label={label}
      lang={page.locale}
      style={{ ['--rdl-lines' as string]: String(page.linesPerPage) }}
    >
      {/* Page 1 opens with its header block (its title names the report, its column titles right above the first
          lines), as the PDF's page 1 does; the report's name heads every other page. */}
      {page.header === undefined && (
        <header className="rdl-page-header">
          <div className="rdl-report-name">{page.name}</div>
          <div className="rdl-continued">{page.continuedLabel ?? ''}</div>
          <Titles columns={page.columns} />
        </header>
      )}
      <div className={page.header === undefined ? 'rdl-lines' : 'rdl-lines rdl-first'}>
        {page.header !== undefined && (
          <>
            <div className="rdl-line rdl-title">{page.header.title}</div>
            {page.header.lines.map((text, index) => (
              <div key={index} className="rdl-line rdl-note rdl-header-line">
                {text}
              </div>
            ))}
            <Titles columns={page.columns} />
          </>
        )}
        {page.lines.map((line, index) => (
          <Line
            key={index}
            line={line}
            columns={page.columns}
            locale={page.locale}
            currency={page.currency}
          />
        ))}
      </div>
      <footer className="rdl-page-footer">
        <span>{page.name}</span>
        <span>{page.footer}</span>
      </footer>
    </article>
  );
}
