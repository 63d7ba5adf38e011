/**
 * The words a report gets when it is made for its author rather than written by them: the names of implicit
 * aggregations ("Sum of Pages"), generated visual titles ("Total pages by Model"), a new page's name and quick
 * create's row-number column, in the portal's seven languages. The authoring surface (frame) and quick create's
 * automatic report (service) both name things through this table, so a German author gets "Summe von Pages" in
 * both. What the words are made of (column and measure names) is the dataset's and stays as it is.
 *
 * ```ts
 * authoringWording('de-AT').aggregation('Sum', 'Pages'); // 'Summe von Pages'
 * authoringWording('ja').titleBy('Pages', 'Model'); // 'Model 別 Pages'
 * ```
 */
import type { ContentLanguage } from './captions.ts';

/** Implicit aggregations, as a FieldRef's `aggregation.function` names them. */
export type AggregationName = 'Sum' | 'Average' | 'Count' | 'DistinctCount' | 'Min' | 'Max';

export interface AuthoringWording {
  /** `Sum of Pages`; `fn` as a FieldRef names it, in any case (`Sum`, `sum`, `Avg`, `Average`). */
  readonly aggregation: (fn: string, column: string) => string;
  /** `Total pages by Model`: the values, then the categories, each list already joined. */
  readonly titleBy: (values: string, categories: string) => string;
  /** How names in a title are joined: `Total pages, Colour pages`. */
  readonly listSeparator: string;
  /** A new page: `Page 2`. */
  readonly page: (n: number) => string;
  /** Quick create's column of the supplied order. */
  readonly rowNumber: string;
}

type Phrases = Readonly<Record<AggregationName, (column: string) => string>>;

const NAMES: Readonly<Record<string, AggregationName>> = {
  sum: 'Sum',
  avg: 'Average',
  average: 'Average',
  count: 'Count',
  distinctcount: 'DistinctCount',
  min: 'Min',
  max: 'Max',
};

const wording = (phrases: Phrases, rest: Omit<AuthoringWording, 'aggregation'>): AuthoringWording => ({
  aggregation: (fn, column) => {
    const name = NAMES[fn.toLowerCase()];
    return name === undefined ? `${fn}(${column})` : phrases[name](column);
  },
  ...rest,
});

const TABLE: Readonly<Record<ContentLanguage, AuthoringWording>> = {
  en: wording(
    {
      Sum: (c) => `Sum of ${c}`,
      Average: (c) => `Average of ${c}`,
      Count: (c) => `Count of ${c}`,
      DistinctCount: (c) => `Count of distinct ${c}`,
      Min: (c) => `Min of ${c}`,
      Max: (c) => `Max of ${c}`,
    },
    {
      titleBy: (v, c) => `${v} by ${c}`,
      listSeparator: ', ',
      page: (n) => `Page ${n}`,
      rowNumber: 'Row number',
    },
  ),
  de: wording(
    {
      Sum: (c) => `Summe von ${c}`,
      Average: (c) => `Durchschnitt von ${c}`,
      Count: (c) => `Anzahl von ${c}`,
      DistinctCount: (c) => `Anzahl unterschiedlicher ${c}`,
      Min: (c) => `Minimum von ${c}`,
      Max: (c) => `Maximum von ${c}`,
    },
    {
      titleBy: (v, c) => `${v} nach ${c}`,
      listSeparator: ', ',
      page: (n) => `Seite ${n}`,
      rowNumber: 'Zeilennummer',
    },
  ),
  es: wording(
    {
      Sum: (c) => `Suma de ${c}`,
      Average: (c) => `Promedio de ${c}`,
      Count: (c) => `Recuento de ${c}`,
      DistinctCount: (c) => `Recuento distinto de ${c}`,
      Min: (c) => `Mínimo de ${c}`,
      Max: (c) => `Máximo de ${c}`,
    },
    {
      titleBy: (v, c) => `${v} por ${c}`,
      listSeparator: ', ',
      page: (n) => `Página ${n}`,
      rowNumber: 'Número de fila',
    },
  ),
  fr: wording(
    {
      Sum: (c) => `Somme de ${c}`,
      Average: (c) => `Moyenne de ${c}`,
      Count: (c) => `Nombre de ${c}`,
      DistinctCount: (c) => `Nombre distinct de ${c}`,
      Min: (c) => `Minimum de ${c}`,
      Max: (c) => `Maximum de ${c}`,
    },
    {
      titleBy: (v, c) => `${v} par ${c}`,
      listSeparator: ', ',
      page: (n) => `Page ${n}`,
      rowNumber: 'Numéro de ligne',
    },
  ),
  ja: wording(
    {
      Sum: (c) => `${c} の合計`,
      Average: (c) => `${c} の平均`,
      Count: (c) => `${c} のカウント`,
      DistinctCount: (c) => `${c} の個別のカウント`,
      Min: (c) => `${c} の最小値`,
      Max: (c) => `${c} の最大値`,
    },
    {
      titleBy: (v, c) => `${c} 別 ${v}`,
      listSeparator: '、',
      page: (n) => `ページ ${n}`,
      rowNumber: '行番号',
    },
  ),
  pl: wording(
    {
      Sum: (c) => `Suma: ${c}`,
      Average: (c) => `Średnia: ${c}`,
      Count: (c) => `Liczba: ${c}`,
      DistinctCount: (c) => `Liczba unikatowych: ${c}`,
      Min: (c) => `Minimum: ${c}`,
      Max: (c) => `Maksimum: ${c}`,
    },
    {
      titleBy: (v, c) => `${v} według ${c}`,
      listSeparator: ', ',
      page: (n) => `Strona ${n}`,
      rowNumber: 'Numer wiersza',
    },
  ),
  ru: wording(
    {
      Sum: (c) => `Сумма: ${c}`,
      Average: (c) => `Среднее: ${c}`,
      Count: (c) => `Количество: ${c}`,
      DistinctCount: (c) => `Число уникальных: ${c}`,
      Min: (c) => `Минимум: ${c}`,
      Max: (c) => `Максимум: ${c}`,
    },
    {
      titleBy: (v, c) => `${v} по ${c}`,
      listSeparator: ', ',
      page: (n) => `Страница ${n}`,
      rowNumber: 'Номер строки',
    },
  ),
};

/** The authoring wording of a BCP 47 tag by its primary subtag (`de-AT`, `de_AT` → de); English otherwise. */
export function authoringWording(language: string | undefined): AuthoringWording {
  const primary = (language ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (TABLE as Readonly<Record<string, AuthoringWording>>)[primary] ?? TABLE.en;
}
