/**
 * The authoring surface of a report being created: the dataset's fields on the left, the live page in the middle
 * (the report view, querying through the service under the token's row-level security), and on the right the
 * page's visuals, the selected visual's type and fields, and the page's filters. Pages are tabs above the canvas;
 * "Save as" stores the new report.
 */
import { useId, useMemo, useState } from 'react';
import type { IFilter } from '@portico/models';
import type { FieldRef, ReportDefinition, VisualType } from '../../../src/content/types.ts';
import type { PublicDataset } from '../../../src/content/public-model.ts';
import { ReportView } from '../components/ReportView.tsx';
import type { ReportController } from '../model/controller.ts';
import type { FrameState } from '../model/state.ts';
import { activePageOf } from '../model/state.ts';
import { activatePage } from '../routes/page-routes.ts';
import { SaveDraftForm } from './SaveDraftForm.tsx';
import {
  addBasicFilter,
  addField,
  addPage,
  addVisual,
  AUTHORING_TYPES,
  describeFilter,
  fieldLabel,
  removeField,
  removeFilter,
  removeVisual,
  setVisualType,
} from './authoring.ts';
import './create.css';

interface Props {
  readonly controller: ReportController;
  readonly state: FrameState;
}

export function CreateSurface({ controller, state }: Props) {
  const dataset = state.dataset as unknown as PublicDataset | undefined;
  const page = activePageOf(state);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const visual = page?.visuals.find((v) => v.name === selected) ?? page?.visuals.at(-1);
  const view = useMemo(
    () => ({
      ...state,
      settings: { ...state.settings, filterPaneEnabled: false, navContentPaneEnabled: false },
    }),
    [state],
  );
  const definition = state.definition;
  if (!dataset || !page || !definition) return <p className="message">Nothing to author on.</p>;
  const edit = (change: (d: ReportDefinition) => ReportDefinition) => controller.editDefinition(change);

  return (
    <div className="create">
      <FieldList
        dataset={dataset}
        disabled={visual === undefined}
        onPick={(field) => visual && edit((d) => addField(d, dataset, page.name, visual.name, field))}
      />
      <div className="create-main">
        <div className="create-toolbar">
          <div role="tablist" aria-label="Pages" className="create-pages">
            {definition.pages.map((p) => (
              <button
                key={p.name}
                type="button"
                role="tab"
                aria-selected={p.name === page.name}
                onClick={() => activatePage(controller, p.name)}
              >
                {p.displayName}
              </button>
            ))}
            <button
              type="button"
              onClick={() => {
                const added = addPage(controller.state.definition ?? definition);
                controller.editDefinition(() => added.definition, false);
                activatePage(controller, added.page);
              }}
            >
              Add page
            </button>
          </div>
          <AddVisual
            onAdd={(type) => {
              const added = addVisual(controller.state.definition ?? definition, page.name, type);
              edit(() => added.definition);
              setSelected(added.visual);
            }}
          />
          <SaveDraftForm
            controller={controller}
            defaultName={state.report?.name ?? 'New report'}
            className="create-save"
            problemClassName="create-problem"
          />
        </div>
        <div className="create-canvas">
          <ReportView controller={controller} state={view} />
        </div>
      </div>
      <aside className="create-side" aria-label="Visual and filters">
        <h2>Visuals on this page</h2>
        {page.visuals.length === 0 ? <p className="muted">Add a visual, then pick fields into it.</p> : null}
        <ul className="create-visuals">
          {page.visuals.map((v) => (
            <li key={v.name}>
              <label>
                <input
                  type="radio"
                  name="create-visual"
                  checked={v.name === visual?.name}
                  onChange={() => setSelected(v.name)}
                />{' '}
                {v.title}
              </label>
            </li>
          ))}
        </ul>
        {visual ? (
          <section aria-label="Selected visual">
            <label className="create-row">
              Visual type{' '}
              <select
                value={visual.type}
                onChange={(e) =>
                  edit((d) => setVisualType(d, dataset, page.name, visual.name, e.target.value as VisualType))
                }
              >
                {AUTHORING_TYPES.map((t) => (
                  <option key={t.type} value={t.type}>
                    {t.label}
                  </option>
                ))}
              </select>
            </label>
            {Object.entries(visual.dataRoles).map(([role, fields]) => (
              <div key={role} className="create-role">
                <h3>{role}</h3>
                <ul>
                  {fields.map((field, i) => (
                    <li key={`${role}-${i}`}>
                      {fieldLabel(dataset, field)}{' '}
                      <button
                        type="button"
                        aria-label={`Remove ${fieldLabel(dataset, field)}`}
                        onClick={() => edit((d) => removeField(d, dataset, page.name, visual.name, role, i))}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <button type="button" onClick={() => edit((d) => removeVisual(d, page.name, visual.name))}>
              Remove visual
            </button>
          </section>
        ) : null}
        <PageFilters controller={controller} dataset={dataset} pageName={page.name} filters={page.filters} />
      </aside>
    </div>
  );
}

function FieldList(props: { dataset: PublicDataset; disabled: boolean; onPick: (field: FieldRef) => void }) {
  const { dataset, disabled, onPick } = props;
  return (
    <aside className="create-fields" aria-label="Fields">
      <h2>Fields</h2>
      {disabled ? <p className="muted">Add a visual to pick fields into.</p> : null}
      {dataset.tables.map((table) => (
        <details key={table.name} open={dataset.tables.length <= 3}>
          <summary>{table.displayName}</summary>
          <ul>
            {table.measures.map((m) => (
              <li key={`m-${m.name}`}>
                <button
                  type="button"
                  className="create-measure"
                  disabled={disabled}
                  aria-label={`Add ${table.displayName} › ${m.displayName}`}
                  onClick={() => onPick({ measure: { table: table.name, measure: m.name } })}
                >
                  Σ {m.displayName}
                </button>
              </li>
            ))}
            {table.columns
              .filter((c) => !c.isHidden)
              .map((c) => (
                <li key={`c-${c.name}`}>
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={`Add ${table.displayName} › ${c.displayName}`}
                    onClick={() => onPick({ column: { table: table.name, column: c.name } })}
                  >
                    {c.displayName}
                  </button>
                </li>
              ))}
          </ul>
        </details>
      ))}
    </aside>
  );
}

function AddVisual({ onAdd }: { onAdd: (type: VisualType) => void }) {
  const [type, setType] = useState<VisualType>('clusteredColumnChart');
  const id = useId();
  return (
    <div className="create-add">
      <label htmlFor={id}>New visual</label>
      <select id={id} value={type} onChange={(e) => setType(e.target.value as VisualType)}>
        {AUTHORING_TYPES.map((t) => (
          <option key={t.type} value={t.type}>
            {t.label}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => onAdd(type)}>
        Add visual
      </button>
    </div>
  );
}

function PageFilters(props: {
  controller: ReportController;
  dataset: PublicDataset;
  pageName: string;
  filters: readonly IFilter[];
}) {
  const { controller, dataset, pageName, filters } = props;
  const columns = dataset.tables.flatMap((t) =>
    t.columns
      .filter((c) => !c.isHidden)
      .map((c) => ({ key: `${t.name}\u0000${c.name}`, table: t, column: c })),
  );
  const [target, setTarget] = useState(columns[0]?.key ?? '');
  const [values, setValues] = useState('');
  return (
    <section aria-label="Page filters" className="create-filters">
      <h2>Filters on this page</h2>
      <ul>
        {filters.map((filter, i) => (
          <li key={i}>
            {describeFilter(dataset, filter)}{' '}
            <button
              type="button"
              aria-label={`Remove filter ${describeFilter(dataset, filter)}`}
              onClick={() => controller.editDefinition((d) => removeFilter(d, pageName, i))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = columns.find((c) => c.key === target);
          const list = values
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== '');
          if (!chosen || list.length === 0) return;
          const column = { table: chosen.table.name, column: chosen.column.name };
          controller.editDefinition((d) => addBasicFilter(d, dataset, pageName, column, list));
          setValues('');
        }}
      >
        <label className="create-row">
          Column{' '}
          <select aria-label="Filter column" value={target} onChange={(e) => setTarget(e.target.value)}>
            {columns.map((c) => (
              <option key={c.key} value={c.key}>
                {c.table.displayName} › {c.column.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="create-row">
          Is one of{' '}
          <input
            aria-label="Filter values"
            value={values}
            placeholder="a, b, c"
            onChange={(e) => setValues(e.target.value)}
          />
        </label>
        <button type="submit">Add filter</button>
      </form>
    </section>
  );
}
