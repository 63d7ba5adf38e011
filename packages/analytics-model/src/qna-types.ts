/**
 * What a Q&A question comes back as: an answer (the visual to draw and the query behind it) or a sentence saying why
 * there is none. The service's interpreter produces them; the frame draws them.
 */
import type { FieldRef, VisualType } from './content-types.ts';
import type { VisualQuery } from './query-types.ts';

/** What the frame needs to draw the answer with the report renderers. */
export interface AnswerVisual {
  readonly type: VisualType;
  readonly title: string;
  readonly dataRoles: Readonly<Record<string, readonly FieldRef[]>>;
  readonly formatting: Readonly<Record<string, unknown>>;
}

/** The interpretation in short, for the frame's "showing …" line and for tests. */
export interface AnswerSummary {
  /** `Meter readings.Total pages`, or `DistinctCount(Devices.Site)`. */
  readonly measures: readonly string[];
  /** `Devices.Model`. */
  readonly groups: readonly string[];
  /** `Devices.Site In Berlin, London`, `Devices.Monthly duty cycle GreaterThan 10000`. */
  readonly filters: readonly string[];
  /** `last 30 days`, `in 2024`. */
  readonly time: readonly string[];
  /** `Top 5 Devices.Model`. */
  readonly rank?: string;
}

export interface Answer {
  readonly status: 'answered';
  readonly question: string;
  readonly normalizedQuestion: string;
  readonly summary: AnswerSummary;
  readonly visual: AnswerVisual;
  readonly query: VisualQuery;
}

export interface Unanswered {
  readonly status: 'unanswered';
  readonly question: string;
  readonly message: string;
}

export type Interpretation = Answer | Unanswered;
