/**
 * The wording of the report canvas's panes and controls (collapsible panes, the page view, the editable filters
 * pane and its readable filter titles, the slicers' search and date range) in the portal's languages (en, de, es,
 * fr, ja, pl, ru), chosen as the rest of the frame's wording is (`frameLanguage`).
 */
import { wordingFor } from './wording.ts';

/** Units of a relative date filter, by models' `RelativeDateFilterTimeUnit` (0 Days … 8 Hours). */
export type UnitNames = readonly [
  days: string,
  weeks: string,
  calendarWeeks: string,
  months: string,
  calendarMonths: string,
  years: string,
  calendarYears: string,
  minutes: string,
  hours: string,
];

export interface CanvasMessages {
  readonly showFilters: string;
  readonly hideFilters: string;
  readonly showPages: string;
  readonly hidePages: string;
  readonly pageView: string;
  readonly fitToPage: string;
  readonly fitToWidth: string;
  readonly actualSize: string;
  readonly search: string;
  readonly selectAll: string;
  readonly clearFilter: string;
  readonly applyFilter: string;
  readonly locked: string;
  readonly filterType: string;
  readonly basic: string;
  readonly advanced: string;
  readonly topN: string;
  readonly relativeDate: string;
  readonly showItemsWhen: string;
  readonly and: string;
  readonly or: string;
  /** Advanced conditions by models' operator name (`LessThan`…). */
  readonly conditions: Readonly<Record<string, string>>;
  readonly top: string;
  readonly bottom: string;
  readonly byValue: string;
  readonly inTheLast: string;
  readonly inThis: string;
  readonly inTheNext: string;
  readonly units: UnitNames;
  readonly noValues: string;
  readonly from: string;
  readonly to: string;
  /** `Date is (All)`. */
  readonly titleAll: (field: string) => string;
  /** `Site is Berlin or Paris`; `Site is Berlin, Paris or 3 more`. */
  readonly titleIs: (field: string, values: string) => string;
  readonly titleIsNot: (field: string, values: string) => string;
  readonly titleList: (values: readonly string[]) => string;
  /** `Date is in the last 12 calendar months`. */
  readonly titleRelative: (field: string, operator: number, count: number, unit: string) => string;
  /** `Model is the top 10 by Total pages`. */
  readonly titleTop: (field: string, top: boolean, count: number, by: string) => string;
  /** A condition of an advanced filter: `is less than 20`. */
  readonly titleCondition: (field: string, conditions: string) => string;
  /** `Install date is between 1 Jan 2024 and 31 Dec 2024`. */
  readonly titleBetween: (field: string, from: string, to: string) => string;
}

/** A list of values for a title: at most three named, then "and n more". */
function listIn(words: { and: string; more: (n: number) => string; sep: string }) {
  return (values: readonly string[]): string => {
    if (values.length <= 1) return values.join('');
    if (values.length <= 3)
      return `${values.slice(0, -1).join(words.sep)} ${words.and} ${values.at(-1) ?? ''}`;
    return `${values.slice(0, 3).join(words.sep)} ${words.more(values.length - 3)}`;
  };
}

const EN: CanvasMessages = {
  showFilters: 'Show the filters pane',
  hideFilters: 'Hide the filters pane',
  showPages: 'Show the page list',
  hidePages: 'Hide the page list',
  pageView: 'Page view',
  fitToPage: 'Fit to page',
  fitToWidth: 'Fit to width',
  actualSize: 'Actual size',
  search: 'Search',
  selectAll: 'Select all',
  clearFilter: 'Clear filter',
  applyFilter: 'Apply filter',
  locked: 'Locked',
  filterType: 'Filter type',
  basic: 'Basic filtering',
  advanced: 'Advanced filtering',
  topN: 'Top N',
  relativeDate: 'Relative date',
  showItemsWhen: 'Show items when the value',
  and: 'And',
  or: 'Or',
  conditions: {
    Is: 'is',
    IsNot: 'is not',
    LessThan: 'is less than',
    LessThanOrEqual: 'is less than or equal to',
    GreaterThan: 'is greater than',
    GreaterThanOrEqual: 'is greater than or equal to',
    Contains: 'contains',
    DoesNotContain: 'does not contain',
    StartsWith: 'starts with',
    DoesNotStartWith: 'does not start with',
    IsBlank: 'is blank',
    IsNotBlank: 'is not blank',
  },
  top: 'Top',
  bottom: 'Bottom',
  byValue: 'By value',
  inTheLast: 'is in the last',
  inThis: 'is in this',
  inTheNext: 'is in the next',
  units: [
    'days',
    'weeks',
    'calendar weeks',
    'months',
    'calendar months',
    'years',
    'calendar years',
    'minutes',
    'hours',
  ],
  noValues: 'No values',
  from: 'From',
  to: 'To',
  titleAll: (field) => `${field} is (All)`,
  titleIs: (field, values) => `${field} is ${values}`,
  titleIsNot: (field, values) => `${field} is not ${values}`,
  titleList: listIn({ and: 'or', more: (n) => `and ${n} more`, sep: ', ' }),
  titleRelative: (field, operator, count, unit) =>
    operator === 1
      ? `${field} is in this ${unit.replace(/s$/, '')}`
      : `${field} is in the ${operator === 2 ? 'next' : 'last'} ${count === 1 ? '' : `${count} `}${count === 1 ? unit.replace(/s$/, '') : unit}`,
  titleTop: (field, top, count, by) => `${field} is the ${top ? 'top' : 'bottom'} ${count} by ${by}`,
  titleCondition: (field, conditions) => `${field} ${conditions}`,
  titleBetween: (field, from, to) => `${field} is between ${from} and ${to}`,
};

const DE: CanvasMessages = {
  showFilters: 'Filterbereich einblenden',
  hideFilters: 'Filterbereich ausblenden',
  showPages: 'Seitenliste einblenden',
  hidePages: 'Seitenliste ausblenden',
  pageView: 'Seitenansicht',
  fitToPage: 'An Seite anpassen',
  fitToWidth: 'An Breite anpassen',
  actualSize: 'Tatsächliche Größe',
  search: 'Suchen',
  selectAll: 'Alle auswählen',
  clearFilter: 'Filter löschen',
  applyFilter: 'Filter anwenden',
  locked: 'Gesperrt',
  filterType: 'Filtertyp',
  basic: 'Einfaches Filtern',
  advanced: 'Erweitertes Filtern',
  topN: 'Top N',
  relativeDate: 'Relatives Datum',
  showItemsWhen: 'Elemente anzeigen, wenn der Wert',
  and: 'Und',
  or: 'Oder',
  conditions: {
    Is: 'ist',
    IsNot: 'ist nicht',
    LessThan: 'ist kleiner als',
    LessThanOrEqual: 'ist kleiner oder gleich',
    GreaterThan: 'ist größer als',
    GreaterThanOrEqual: 'ist größer oder gleich',
    Contains: 'enthält',
    DoesNotContain: 'enthält nicht',
    StartsWith: 'beginnt mit',
    DoesNotStartWith: 'beginnt nicht mit',
    IsBlank: 'ist leer',
    IsNotBlank: 'ist nicht leer',
  },
  top: 'Oben',
  bottom: 'Unten',
  byValue: 'Nach Wert',
  inTheLast: 'liegt in den letzten',
  inThis: 'liegt in diesem/dieser',
  inTheNext: 'liegt in den nächsten',
  units: [
    'Tagen',
    'Wochen',
    'Kalenderwochen',
    'Monaten',
    'Kalendermonaten',
    'Jahren',
    'Kalenderjahren',
    'Minuten',
    'Stunden',
  ],
  noValues: 'Keine Werte',
  from: 'Von',
  to: 'Bis',
  titleAll: (field) => `${field} ist (Alle)`,
  titleIs: (field, values) => `${field} ist ${values}`,
  titleIsNot: (field, values) => `${field} ist nicht ${values}`,
  titleList: listIn({ and: 'oder', more: (n) => `und ${n} weitere`, sep: ', ' }),
  titleRelative: (field, operator, count, unit) =>
    `${field} liegt ${operator === 1 ? 'im aktuellen Zeitraum:' : operator === 2 ? 'in den nächsten' : 'in den letzten'} ${count} ${unit}`,
  titleTop: (field, top, count, by) => `${field}: ${top ? 'die ersten' : 'die letzten'} ${count} nach ${by}`,
  titleCondition: (field, conditions) => `${field} ${conditions}`,
  titleBetween: (field, from, to) => `${field} liegt zwischen ${from} und ${to}`,
};

const ES: CanvasMessages = {
  showFilters: 'Mostrar el panel de filtros',
  hideFilters: 'Ocultar el panel de filtros',
  showPages: 'Mostrar la lista de páginas',
  hidePages: 'Ocultar la lista de páginas',
  pageView: 'Vista de página',
  fitToPage: 'Ajustar a la página',
  fitToWidth: 'Ajustar al ancho',
  actualSize: 'Tamaño real',
  search: 'Buscar',
  selectAll: 'Seleccionar todo',
  clearFilter: 'Borrar filtro',
  applyFilter: 'Aplicar filtro',
  locked: 'Bloqueado',
  filterType: 'Tipo de filtro',
  basic: 'Filtrado básico',
  advanced: 'Filtrado avanzado',
  topN: 'N superior',
  relativeDate: 'Fecha relativa',
  showItemsWhen: 'Mostrar elementos cuando el valor',
  and: 'Y',
  or: 'O',
  conditions: {
    Is: 'es',
    IsNot: 'no es',
    LessThan: 'es menor que',
    LessThanOrEqual: 'es menor o igual que',
    GreaterThan: 'es mayor que',
    GreaterThanOrEqual: 'es mayor o igual que',
    Contains: 'contiene',
    DoesNotContain: 'no contiene',
    StartsWith: 'empieza por',
    DoesNotStartWith: 'no empieza por',
    IsBlank: 'está en blanco',
    IsNotBlank: 'no está en blanco',
  },
  top: 'Superior',
  bottom: 'Inferior',
  byValue: 'Por valor',
  inTheLast: 'está en los últimos',
  inThis: 'está en este',
  inTheNext: 'está en los próximos',
  units: [
    'días',
    'semanas',
    'semanas naturales',
    'meses',
    'meses naturales',
    'años',
    'años naturales',
    'minutos',
    'horas',
  ],
  noValues: 'Sin valores',
  from: 'Desde',
  to: 'Hasta',
  titleAll: (field) => `${field} es (Todo)`,
  titleIs: (field, values) => `${field} es ${values}`,
  titleIsNot: (field, values) => `${field} no es ${values}`,
  titleList: listIn({ and: 'o', more: (n) => `y ${n} más`, sep: ', ' }),
  titleRelative: (field, operator, count, unit) =>
    `${field} está en ${operator === 1 ? 'el periodo actual:' : operator === 2 ? 'los próximos' : 'los últimos'} ${count} ${unit}`,
  titleTop: (field, top, count, by) => `${field}: los ${count} ${top ? 'primeros' : 'últimos'} por ${by}`,
  titleCondition: (field, conditions) => `${field} ${conditions}`,
  titleBetween: (field, from, to) => `${field} está entre ${from} y ${to}`,
};

const FR: CanvasMessages = {
  showFilters: 'Afficher le volet des filtres',
  hideFilters: 'Masquer le volet des filtres',
  showPages: 'Afficher la liste des pages',
  hidePages: 'Masquer la liste des pages',
  pageView: 'Affichage de la page',
  fitToPage: 'Ajuster à la page',
  fitToWidth: 'Ajuster à la largeur',
  actualSize: 'Taille réelle',
  search: 'Rechercher',
  selectAll: 'Tout sélectionner',
  clearFilter: 'Effacer le filtre',
  applyFilter: 'Appliquer le filtre',
  locked: 'Verrouillé',
  filterType: 'Type de filtre',
  basic: 'Filtrage de base',
  advanced: 'Filtrage avancé',
  topN: 'N premiers',
  relativeDate: 'Date relative',
  showItemsWhen: 'Afficher les éléments lorsque la valeur',
  and: 'Et',
  or: 'Ou',
  conditions: {
    Is: 'est',
    IsNot: "n'est pas",
    LessThan: 'est inférieure à',
    LessThanOrEqual: 'est inférieure ou égale à',
    GreaterThan: 'est supérieure à',
    GreaterThanOrEqual: 'est supérieure ou égale à',
    Contains: 'contient',
    DoesNotContain: 'ne contient pas',
    StartsWith: 'commence par',
    DoesNotStartWith: 'ne commence pas par',
    IsBlank: 'est vide',
    IsNotBlank: "n'est pas vide",
  },
  top: 'Haut',
  bottom: 'Bas',
  byValue: 'Par valeur',
  inTheLast: 'est dans les derniers',
  inThis: 'est dans ce',
  inTheNext: 'est dans les prochains',
  units: [
    'jours',
    'semaines',
    'semaines civiles',
    'mois',
    'mois civils',
    'ans',
    'années civiles',
    'minutes',
    'heures',
  ],
  noValues: 'Aucune valeur',
  from: 'Du',
  to: 'Au',
  titleAll: (field) => `${field} est (Tout)`,
  titleIs: (field, values) => `${field} est ${values}`,
  titleIsNot: (field, values) => `${field} n'est pas ${values}`,
  titleList: listIn({ and: 'ou', more: (n) => `et ${n} de plus`, sep: ', ' }),
  titleRelative: (field, operator, count, unit) =>
    `${field} est dans ${operator === 1 ? 'la période en cours :' : operator === 2 ? 'les prochains' : 'les derniers'} ${count} ${unit}`,
  titleTop: (field, top, count, by) => `${field} : les ${count} ${top ? 'premiers' : 'derniers'} par ${by}`,
  titleCondition: (field, conditions) => `${field} ${conditions}`,
  titleBetween: (field, from, to) => `${field} est entre ${from} et ${to}`,
};

const JA: CanvasMessages = {
  showFilters: 'フィルター ウィンドウを表示',
  hideFilters: 'フィルター ウィンドウを非表示',
  showPages: 'ページ一覧を表示',
  hidePages: 'ページ一覧を非表示',
  pageView: 'ページ表示',
  fitToPage: 'ページに合わせる',
  fitToWidth: '幅に合わせる',
  actualSize: '実際のサイズ',
  search: '検索',
  selectAll: 'すべて選択',
  clearFilter: 'フィルターをクリア',
  applyFilter: 'フィルターを適用',
  locked: 'ロック済み',
  filterType: 'フィルターの種類',
  basic: '基本フィルター',
  advanced: '詳細フィルター',
  topN: '上位 N',
  relativeDate: '相対日付',
  showItemsWhen: '値が次の場合に項目を表示',
  and: 'かつ',
  or: 'または',
  conditions: {
    Is: '等しい',
    IsNot: '等しくない',
    LessThan: 'より小さい',
    LessThanOrEqual: '以下',
    GreaterThan: 'より大きい',
    GreaterThanOrEqual: '以上',
    Contains: 'を含む',
    DoesNotContain: 'を含まない',
    StartsWith: 'で始まる',
    DoesNotStartWith: 'で始まらない',
    IsBlank: '空白',
    IsNotBlank: '空白ではない',
  },
  top: '上位',
  bottom: '下位',
  byValue: '値で',
  inTheLast: '過去',
  inThis: '今期',
  inTheNext: '今後',
  units: ['日', '週', '暦週', 'か月', '暦月', '年', '暦年', '分', '時間'],
  noValues: '値がありません',
  from: '開始',
  to: '終了',
  titleAll: (field) => `${field}: (すべて)`,
  titleIs: (field, values) => `${field}: ${values}`,
  titleIsNot: (field, values) => `${field}: ${values} 以外`,
  titleList: listIn({ and: 'または', more: (n) => `ほか ${n} 件`, sep: '、' }),
  titleRelative: (field, operator, count, unit) =>
    `${field}: ${operator === 1 ? '今期' : operator === 2 ? '今後' : '過去'} ${count} ${unit}`,
  titleTop: (field, top, count, by) => `${field}: ${by} の${top ? '上位' : '下位'} ${count}`,
  titleCondition: (field, conditions) => `${field}: ${conditions}`,
  titleBetween: (field, from, to) => `${field}: ${from} ～ ${to}`,
};

const PL: CanvasMessages = {
  showFilters: 'Pokaż okienko filtrów',
  hideFilters: 'Ukryj okienko filtrów',
  showPages: 'Pokaż listę stron',
  hidePages: 'Ukryj listę stron',
  pageView: 'Widok strony',
  fitToPage: 'Dopasuj do strony',
  fitToWidth: 'Dopasuj do szerokości',
  actualSize: 'Rzeczywisty rozmiar',
  search: 'Szukaj',
  selectAll: 'Zaznacz wszystko',
  clearFilter: 'Wyczyść filtr',
  applyFilter: 'Zastosuj filtr',
  locked: 'Zablokowany',
  filterType: 'Typ filtru',
  basic: 'Filtrowanie podstawowe',
  advanced: 'Filtrowanie zaawansowane',
  topN: 'Pierwsze N',
  relativeDate: 'Data względna',
  showItemsWhen: 'Pokaż elementy, gdy wartość',
  and: 'I',
  or: 'Lub',
  conditions: {
    Is: 'jest równa',
    IsNot: 'nie jest równa',
    LessThan: 'jest mniejsza niż',
    LessThanOrEqual: 'jest mniejsza lub równa',
    GreaterThan: 'jest większa niż',
    GreaterThanOrEqual: 'jest większa lub równa',
    Contains: 'zawiera',
    DoesNotContain: 'nie zawiera',
    StartsWith: 'zaczyna się od',
    DoesNotStartWith: 'nie zaczyna się od',
    IsBlank: 'jest pusta',
    IsNotBlank: 'nie jest pusta',
  },
  top: 'Pierwsze',
  bottom: 'Ostatnie',
  byValue: 'Według wartości',
  inTheLast: 'jest w ostatnich',
  inThis: 'jest w bieżącym',
  inTheNext: 'jest w następnych',
  units: [
    'dniach',
    'tygodniach',
    'tygodniach kalendarzowych',
    'miesiącach',
    'miesiącach kalendarzowych',
    'latach',
    'latach kalendarzowych',
    'minutach',
    'godzinach',
  ],
  noValues: 'Brak wartości',
  from: 'Od',
  to: 'Do',
  titleAll: (field) => `${field} to (Wszystko)`,
  titleIs: (field, values) => `${field} to ${values}`,
  titleIsNot: (field, values) => `${field} to nie ${values}`,
  titleList: listIn({ and: 'lub', more: (n) => `i ${n} więcej`, sep: ', ' }),
  titleRelative: (field, operator, count, unit) =>
    `${field} jest w ${operator === 1 ? 'bieżącym okresie:' : operator === 2 ? 'następnych' : 'ostatnich'} ${count} ${unit}`,
  titleTop: (field, top, count, by) => `${field}: ${top ? 'pierwsze' : 'ostatnie'} ${count} według ${by}`,
  titleCondition: (field, conditions) => `${field} ${conditions}`,
  titleBetween: (field, from, to) => `${field} jest między ${from} a ${to}`,
};

const RU: CanvasMessages = {
  showFilters: 'Показать панель фильтров',
  hideFilters: 'Скрыть панель фильтров',
  showPages: 'Показать список страниц',
  hidePages: 'Скрыть список страниц',
  pageView: 'Вид страницы',
  fitToPage: 'По размеру страницы',
  fitToWidth: 'По ширине',
  actualSize: 'Фактический размер',
  search: 'Поиск',
  selectAll: 'Выбрать все',
  clearFilter: 'Очистить фильтр',
  applyFilter: 'Применить фильтр',
  locked: 'Заблокирован',
  filterType: 'Тип фильтра',
  basic: 'Базовая фильтрация',
  advanced: 'Расширенная фильтрация',
  topN: 'Первые N',
  relativeDate: 'Относительная дата',
  showItemsWhen: 'Показывать элементы, когда значение',
  and: 'И',
  or: 'Или',
  conditions: {
    Is: 'равно',
    IsNot: 'не равно',
    LessThan: 'меньше',
    LessThanOrEqual: 'меньше или равно',
    GreaterThan: 'больше',
    GreaterThanOrEqual: 'больше или равно',
    Contains: 'содержит',
    DoesNotContain: 'не содержит',
    StartsWith: 'начинается с',
    DoesNotStartWith: 'не начинается с',
    IsBlank: 'пусто',
    IsNotBlank: 'не пусто',
  },
  top: 'Первые',
  bottom: 'Последние',
  byValue: 'По значению',
  inTheLast: 'в последние',
  inThis: 'в текущем',
  inTheNext: 'в следующие',
  units: [
    'дн.',
    'нед.',
    'календарных нед.',
    'мес.',
    'календарных мес.',
    'г.',
    'календарных г.',
    'мин.',
    'ч.',
  ],
  noValues: 'Нет значений',
  from: 'С',
  to: 'По',
  titleAll: (field) => `${field}: (все)`,
  titleIs: (field, values) => `${field}: ${values}`,
  titleIsNot: (field, values) => `${field}: не ${values}`,
  titleList: listIn({ and: 'или', more: (n) => `и ещё ${n}`, sep: ', ' }),
  titleRelative: (field, operator, count, unit) =>
    `${field}: ${operator === 1 ? 'текущий период,' : operator === 2 ? 'следующие' : 'последние'} ${count} ${unit}`,
  titleTop: (field, top, count, by) => `${field}: ${top ? 'первые' : 'последние'} ${count} по ${by}`,
  titleCondition: (field, conditions) => `${field} ${conditions}`,
  titleBetween: (field, from, to) => `${field}: с ${from} по ${to}`,
};

export const CANVAS_MESSAGES: Readonly<Record<string, CanvasMessages>> = {
  en: EN,
  de: DE,
  es: ES,
  fr: FR,
  ja: JA,
  pl: PL,
  ru: RU,
};

/** The canvas wording for a language code (`de`, `de-DE`); English for any other. */
export function canvasMessages(language: string | undefined): CanvasMessages {
  return wordingFor(CANVAS_MESSAGES, language, EN);
}
