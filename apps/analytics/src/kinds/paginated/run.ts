/**
 * Runs a paginated report for one caller: resolves its parameters against the caller's grant, counts its body
 * lines and reads its summary (two small statements), then answers any page by LIMIT/OFFSET on the ordered line
 * stream, or walks every line in batches by keyset (the last line's keys), so that no export holds the report.
 */
import type { CellValue, Engine } from '../../data/engine.ts';
import { sheetColumns, sheetLine } from './definition.ts';
import type { BoundSql, PaginatedReport, SummaryRow } from './definition.ts';
import { keysAfter, keysOrder, ReportStatement } from './sql.ts';
import { orderTerm } from '../../query/sort-order.ts';
import { pageCount, pageSlice } from './pagination.ts';
import { resolveParameters } from './parameters.ts';
import { paginatedCaptions } from './captions.ts';
import { fill, sheetFor } from './sheet.ts';
import type { Sheet } from './sheet.ts';
import type { ParameterContext, ParameterValues } from './parameters.ts';
import { captionedLine, cellWrapping, valueCaptions, wrappedLine } from './values.ts';
import type { CellWrapping } from './values.ts';
import type {
  Cell,
  Dataset,
  PageAnswer,
  ReportColumn,
  ReportLine,
  ResolvedParameter,
} from '@portico/analytics-model';

/** A body line with what travels beside it: its group's heading, its group columns (CSV) and its keys. */
export interface StreamedLine {
  readonly line: ReportLine;
  readonly context: string;
  readonly groups: readonly Cell[];
  readonly keys: readonly CellValue[];
}

/** What the caller's token lets parameters take: its accounts, their sites, the data's first and last day. */
export async function loadParameterContext(
  engine: Engine,
  databaseNames: readonly string[],
): Promise<ParameterContext> {
  const { dialect } = engine;
  const run = (build: (statement: ReportStatement) => string) => {
    const statement = new ReportStatement(dialect, databaseNames);
    const sql = build(statement);
    return engine.query(sql, statement.values.values, statement.values.types);
  };
  // Accounts and sites in the order every statement sorts text (sort-order.ts).
  const byText = (...columns: string[]) =>
    columns.map((c) => orderTerm(dialect, dialect.ident(c), true, false)).join(', ');
  const [accounts, sites, range] = await Promise.all([
    run((s) => {
      const a = s.from({ table: 'accounts', alias: 'a', columns: ['account_name'] });
      const columns = ['database_name', 'account_name'] as const;
      return `${a.select(columns.map((c) => [c, a.col('a', c)]))} ORDER BY ${byText('account_name', 'database_name')}`;
    }),
    // Each account's sites, and the data's first and last day, found where the rows are (on a cluster, the shards).
    run((s) => {
      const d = s.from({ table: 'devices', alias: 'd', columns: ['site'] });
      const columns = ['database_name', 'site'].map((c): [string, string] => [c, d.col('d', c)]);
      const group = columns.map(([, expr]) => expr);
      return `${d.select(columns, [], group)} ORDER BY ${byText('database_name', 'site')}`;
    }),
    run((s) => {
      const c = s.from({ table: 'calendar', alias: 'c', columns: ['date'] });
      const day = (aggregate: string) => dialect.text(`${aggregate}(${c.col('c', 'date')})`);
      return c.select([
        ['first', day('min')],
        ['last', day('max')],
      ]);
    }),
  ]);
  const byAccount = new Map<string, string[]>();
  for (const [account, site] of sites.rows) {
    byAccount.set(String(account), [...(byAccount.get(String(account)) ?? []), String(site)]);
  }
  const [first, last] = range.rows[0] ?? [];
  // An empty calendar: DuckDB's min is NULL, ClickHouse's the Date type's zero day.
  const day = (value: CellValue | undefined) =>
    typeof value === 'string' && value > '1970-01-01' ? value : '1970-01-01';
  return {
    accounts: accounts.rows.map(([databaseName, name]) => ({
      databaseName: String(databaseName),
      name: String(name),
    })),
    sites: byAccount,
    firstDate: day(first),
    lastDate: day(last),
  };
}

/**
 * The sheet of `report` in `language`: its fixed choices labelled as the parameter panel labels them, the model's
 * listed values captioned by `model` (the report's model localised in that language).
 */
function sheetOf(report: PaginatedReport, language: string | undefined, model: Dataset | undefined): Sheet {
  const captions = paginatedCaptions(report.id, language);
  const caption = valueCaptions(model);
  return sheetFor(language, {
    choice: (parameter, value) => {
      const definition = report.parameters.find((p) => p.name === parameter);
      if (definition?.values !== undefined) return caption(definition.values, value);
      const translated = captions?.parameters[parameter]?.choices?.[value];
      if (translated !== undefined) return translated;
      const choices = definition?.choices;
      return (Array.isArray(choices) ? choices : []).find((c) => c.value === value)?.label ?? value;
    },
    value: caption,
  });
}

const cell = (value: CellValue | undefined): Cell =>
  value === undefined || value === null ? null : typeof value === 'boolean' ? String(value) : value;

export class ReportRun {
  private constructor(
    private readonly engine: Engine,
    readonly report: PaginatedReport,
    readonly values: ParameterValues,
    readonly parameters: readonly ResolvedParameter[],
    readonly context: ParameterContext,
    private readonly databaseNames: readonly string[],
    /** Lines between the header block and the totals. */
    readonly bodyLines: number,
    readonly summary: SummaryRow,
    /** The language and locale the sheet (header, titles, labels, numbers; the PDF) is written in. */
    readonly sheet: Sheet,
    /** How the sheet wraps long captions onto continuation lines (the line stream holds those lines). */
    private readonly wrapping: CellWrapping,
  ) {}

  /**
   * Resolves `parameterValues` (a ParameterError when refused) and sizes the report; its sheet is written in
   * `language` (a BCP 47 tag; English when blank or not one of the seven), its columns' listed values captioned by
   * `model`, the report's model (`report.datasetId`) localised in that language (without it they show as stored).
   *
   * ```ts
   * const run = await ReportRun.open(engine, INVOICE_REPORT, [{ name: 'Month', value: '2024-05' }], ['fabrikam'], 'de');
   * run.pageCount; // 1
   * ```
   */
  static async open(
    engine: Engine,
    report: PaginatedReport,
    parameterValues: unknown,
    databaseNames: readonly string[],
    language?: string,
    model?: Dataset,
  ): Promise<ReportRun> {
    const context = await loadParameterContext(engine, databaseNames);
    const { values, parameters } = resolveParameters(report.parameters, parameterValues, context);
    const sheet = sheetOf(report, language, model);
    const wrapping = cellWrapping(report.columns, sheet.language, model, sheet.value);
    const lines = report.lines(values, databaseNames, engine.dialect, wrapping.wraps);
    const summary = report.summary(values, databaseNames, engine.dialect);
    const [count, summed] = await Promise.all([
      engine.query(`SELECT count(*) FROM (${lines.sql}) AS l`, lines.statement.values, lines.statement.types),
      engine.query(summary.sql, summary.statement.values, summary.statement.types),
    ]);
    const row: Record<string, CellValue> = {};
    summed.columns.forEach((column, index) => {
      row[column.name] = summed.rows[0]?.[index] ?? null;
    });
    const bodyLines = Number(count.rows[0]?.[0] ?? 0);
    // Choices that are a model column's listed values read as the sheet's cells of that column.
    const labelled = parameters.map((parameter) =>
      parameter.validValues === undefined ||
      report.parameters.find((p) => p.name === parameter.name)?.values === undefined
        ? parameter
        : {
            ...parameter,
            validValues: parameter.validValues.map((v) => ({
              ...v,
              label: sheet.choice(parameter.name, v.value),
            })),
          },
    );
    return new ReportRun(
      engine,
      report,
      values,
      labelled,
      context,
      databaseNames,
      bodyLines,
      row,
      sheet,
      wrapping,
    );
  }

  /** The report's name in the sheet's language. */
  get name(): string {
    return paginatedCaptions(this.report.id, this.sheet.language)?.name ?? this.report.name;
  }

  /**
   * The columns the sheet draws (not the CSV's own) with their titles in the sheet's language: what the page answer
   * and the PDF need of them.
   */
  get columns(): ReportColumn[] {
    const titles = this.report.columnTitles(this.sheet);
    return sheetColumns(this.report.columns).map(({ title, width, align, format }, index) => ({
      title: titles[index] ?? title,
      width,
      align,
      format,
    }));
  }

  /**
   * A line as the sheet shows it: listed values by their captions in the sheet's language, a wrapping caption on its
   * detail line's and continuation lines' share of its lines, only the cells of the columns the sheet draws.
   */
  shown(line: ReportLine): ReportLine {
    const { columns } = this.report;
    return sheetLine(wrappedLine(captionedLine(line, columns, this.sheet.value), this.wrapping), columns);
  }

  /** "Page 2 of 5" in the sheet's language. */
  pageLabel(pageNumber: number): string {
    return fill(this.sheet.words.pageOf, {
      page: this.sheet.number(pageNumber),
      pages: this.sheet.number(this.pageCount),
    });
  }

  /** A page header's "Berlin (continued)" in the sheet's language. */
  continuedLabel(group: string): string {
    return fill(this.sheet.words.continued, { group });
  }

  get pageCount(): number {
    return pageCount(this.report.layout, this.bodyLines);
  }

  /** Total lines: header block, body and totals. */
  get lineCount(): number {
    const { headerLines, footerLines } = this.report.layout;
    return headerLines + this.bodyLines + footerLines;
  }

  get header(): { title: string; lines: string[] } {
    return this.report.header(this.summary, this.values, this.context, this.sheet);
  }

  get totals(): ReportLine[] {
    return this.report.totals(this.summary, this.values, this.sheet);
  }

  private toLine(row: readonly CellValue[]): StreamedLine {
    const groups = this.report.groupColumns.length;
    const columns = this.report.columns.length;
    const kind = String(row[0]) as ReportLine['kind'];
    const line: ReportLine = {
      kind,
      label: String(row[1] ?? ''),
      cells:
        kind === 'group' || kind === 'subgroup' ? [] : row.slice(3 + groups, 3 + groups + columns).map(cell),
    };
    return {
      // A continuation's label is its number after the detail line (shown() blanks it).
      line:
        line.label === '' || kind === 'continuation'
          ? line
          : { ...line, label: this.report.label(line, this.sheet) },
      context: String(row[2] ?? ''),
      groups: row.slice(3, 3 + groups).map(cell),
      keys: row.slice(3 + groups + columns),
    };
  }

  private orderBy(): string {
    return keysOrder(this.engine.dialect, this.report.keys);
  }

  /** The line stream, as a new statement whose values further terms (keys, limits) add to. */
  private fresh(): BoundSql {
    return this.report.lines(this.values, this.databaseNames, this.engine.dialect, this.wrapping.wraps);
  }

  /** Body lines `offset` … `offset + count - 1`. */
  async bodySlice(offset: number, count: number): Promise<StreamedLine[]> {
    if (count <= 0) return [];
    const { sql, statement } = this.fresh();
    const limit = this.engine.dialect.limit(
      statement.add({ value: count }),
      statement.add({ value: offset }),
    );
    const result = await this.engine.query(
      `SELECT * FROM (${sql}) AS l ORDER BY ${this.orderBy()} ${limit}`,
      statement.values,
      statement.types,
    );
    return result.rows.map((row) => this.toLine(row));
  }

  /** Page `pageNumber` (1-based) as the frame shows it; a RangeError outside 1…pageCount. */
  async page(pageNumber: number): Promise<PageAnswer> {
    const slice = pageSlice(this.report.layout, this.bodyLines, pageNumber);
    const body = await this.bodySlice(slice.bodyOffset, slice.bodyCount);
    const totals = this.totals.slice(slice.footerOffset, slice.footerOffset + slice.footerCount);
    const first = body[0];
    return {
      reportId: this.report.id,
      name: this.name,
      pageNumber,
      pageCount: this.pageCount,
      lineCount: this.lineCount,
      linesPerPage: this.report.layout.linesPerPage,
      parameters: this.parameters,
      columns: this.columns,
      locale: this.sheet.locale,
      ...(this.report.currency === undefined ? {} : { currency: this.report.currency }),
      footer: this.pageLabel(pageNumber),
      ...(slice.header ? { header: this.header } : {}),
      ...(first !== undefined && first.line.kind !== 'group'
        ? { continued: first.context, continuedLabel: this.continuedLabel(first.context) }
        : {}),
      lines: [...body.map((b) => this.shown(b.line)), ...totals],
    };
  }

  /**
   * Every body line in order, `batchSize` at a time, or `batchSize(n)` lines in the n-th batch (0-based): as the
   * sheet shows them (`'shown'`, the PDF: listed values captioned), or only the detail lines with their raw values
   * (`'records'`, the CSV). Each batch is one statement that starts after the previous batch's last keys. Every
   * statement evaluates the line stream again, so fewer, larger batches read a report sooner; a small first one
   * gets its first lines out early.
   */
  async *batches(
    batchSize: number | ((batch: number) => number),
    as: 'shown' | 'records' = 'shown',
  ): AsyncGenerator<StreamedLine[]> {
    const detailOnly = as === 'records';
    let after: readonly CellValue[] | undefined;
    for (let index = 0; ; index += 1) {
      const size = typeof batchSize === 'number' ? batchSize : batchSize(index);
      const { sql, statement } = this.fresh();
      const where: string[] = [];
      if (detailOnly) where.push(`kind = 'detail'`);
      if (after !== undefined) where.push(keysAfter(this.engine.dialect, statement, this.report.keys, after));
      const limit = this.engine.dialect.limit(statement.add({ value: size }));
      const result = await this.engine.query(
        `SELECT * FROM (${sql}) AS l ${where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`}
         ORDER BY ${this.orderBy()} ${limit}`,
        statement.values,
        statement.types,
      );
      const lines = result.rows.map((row) => this.toLine(row));
      if (lines.length > 0)
        yield detailOnly
          ? lines
          : lines.map((streamed) => ({ ...streamed, line: this.shown(streamed.line) }));
      if (lines.length < size) return;
      after = lines[lines.length - 1]?.keys;
    }
  }
}
