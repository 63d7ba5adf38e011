import type { Messages, ReportKindId, ReportLanguage } from './i18n/messages.ts';
import type { ParameterValues } from './model.ts';
import { describeParameters } from './parameters.ts';
import type { LocalFormatter } from './values.ts';

export interface AccountRef {
  readonly databaseName: string;
  readonly accountName: string;
  readonly customerName: string;
}

/** Everything about one rendering that is not rows: what every format writes in its header. */
export interface ReportContext {
  readonly kindId: ReportKindId;
  readonly title: string;
  readonly language: ReportLanguage;
  readonly messages: Messages;
  readonly account: AccountRef;
  /** ISO UTC with whole seconds. */
  readonly generatedAt: string;
  readonly period: { readonly startDate: string; readonly endDate: string };
  readonly parameters: ParameterValues;
}

/**
 * The header of a document for readers (HTML, DOCX) as `[label, value]` pairs: account, customer, data period,
 * generation time, then each parameter.
 */
export function headerPairs(context: ReportContext, format: LocalFormatter): (readonly [string, string])[] {
  const { messages, account, period } = context;
  const accountText =
    account.accountName && account.accountName !== account.databaseName
      ? `${account.accountName} (${account.databaseName})`
      : account.databaseName;
  return [
    [messages.labels.account, accountText],
    [messages.labels.customer, account.customerName],
    [messages.labels.period, `${format(period.startDate, 'date')} – ${format(period.endDate, 'date')}`],
    [messages.labels.generatedAt, format(context.generatedAt, 'timestamp')],
    ...describeParameters(context.parameters, messages, context.language).map(
      ([, label, value]) => [label, value] as const,
    ),
  ];
}
