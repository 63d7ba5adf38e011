/**
 * The filters pane's wording for adding and removing filters (the rest of the pane's wording, and the filter
 * sentences, are `canvas-messages.ts`'), in the portal's languages (en, de, es, fr, ja, pl, ru), chosen as the rest
 * of the frame's wording is (`frameLanguage`).
 */
import { wordingFor } from './wording.ts';
export interface PaneMessages {
  /** The button that opens the picker. */
  readonly addFilter: string;
  /** The picker's name. */
  readonly addFilterTitle: string;
  /** The level the new filter is on. */
  readonly filterOn: string;
  /** `This visual: Top 10 models by pages printed`. */
  readonly thisVisual: (title: string) => string;
  readonly thisPage: string;
  readonly allPages: string;
  readonly field: string;
  readonly chooseField: string;
  readonly add: string;
  readonly cancel: string;
  readonly removeFilter: string;
  /** The heading of the selected visual's filters: `On this visual: Top 10 models by pages printed`. */
  readonly onThisVisual: (title: string) => string;
  readonly showItems: string;
  readonly itemCount: string;
  readonly chooseValue: string;
  /** A relative date's number of units, and its unit. */
  readonly unitCount: string;
  /** An author's display settings of a filter (edit mode). */
  readonly lockInViewMode: string;
  readonly hideInViewMode: string;
  readonly unit: string;
  /** A filter the checks refused: `The filter was not applied: …`. */
  readonly refused: (detail: string) => string;
}

const EN: PaneMessages = {
  addFilter: 'Add filter',
  addFilterTitle: 'Add a filter',
  filterOn: 'Filter on',
  thisVisual: (title) => `This visual: ${title}`,
  thisPage: 'This page',
  allPages: 'All pages',
  field: 'Field',
  chooseField: 'Choose a field',
  add: 'Add',
  cancel: 'Cancel',
  removeFilter: 'Remove filter',
  onThisVisual: (title) => `On this visual: ${title}`,
  showItems: 'Show items',
  itemCount: 'Number of items',
  chooseValue: 'Choose a value',
  lockInViewMode: 'Lock in view mode',
  hideInViewMode: 'Hide in view mode',
  unitCount: 'Number of units',
  unit: 'Unit',
  refused: (detail) => `The filter was not applied: ${detail}`,
};

const DE: PaneMessages = {
  addFilter: 'Filter hinzufügen',
  addFilterTitle: 'Einen Filter hinzufügen',
  filterOn: 'Filtern auf',
  thisVisual: (title) => `Diesem Visual: ${title}`,
  thisPage: 'Dieser Seite',
  allPages: 'Allen Seiten',
  field: 'Feld',
  chooseField: 'Feld auswählen',
  add: 'Hinzufügen',
  cancel: 'Abbrechen',
  removeFilter: 'Filter entfernen',
  onThisVisual: (title) => `Auf diesem Visual: ${title}`,
  showItems: 'Elemente anzeigen',
  itemCount: 'Anzahl der Elemente',
  chooseValue: 'Wert auswählen',
  lockInViewMode: 'In der Leseansicht sperren',
  hideInViewMode: 'In der Leseansicht ausblenden',
  unitCount: 'Anzahl der Einheiten',
  unit: 'Einheit',
  refused: (detail) => `Der Filter wurde nicht angewendet: ${detail}`,
};

const ES: PaneMessages = {
  addFilter: 'Agregar filtro',
  addFilterTitle: 'Agregar un filtro',
  filterOn: 'Filtrar en',
  thisVisual: (title) => `Este objeto visual: ${title}`,
  thisPage: 'Esta página',
  allPages: 'Todas las páginas',
  field: 'Campo',
  chooseField: 'Elija un campo',
  add: 'Agregar',
  cancel: 'Cancelar',
  removeFilter: 'Quitar filtro',
  onThisVisual: (title) => `En este objeto visual: ${title}`,
  showItems: 'Mostrar elementos',
  itemCount: 'Número de elementos',
  chooseValue: 'Elija un valor',
  lockInViewMode: 'Bloquear en modo de lectura',
  hideInViewMode: 'Ocultar en modo de lectura',
  unitCount: 'Número de unidades',
  unit: 'Unidad',
  refused: (detail) => `No se aplicó el filtro: ${detail}`,
};

const FR: PaneMessages = {
  addFilter: 'Ajouter un filtre',
  addFilterTitle: 'Ajouter un filtre',
  filterOn: 'Filtrer sur',
  thisVisual: (title) => `Ce visuel : ${title}`,
  thisPage: 'Cette page',
  allPages: 'Toutes les pages',
  field: 'Champ',
  chooseField: 'Choisir un champ',
  add: 'Ajouter',
  cancel: 'Annuler',
  removeFilter: 'Supprimer le filtre',
  onThisVisual: (title) => `Sur ce visuel : ${title}`,
  showItems: 'Afficher les éléments',
  itemCount: 'Nombre d’éléments',
  chooseValue: 'Choisir une valeur',
  lockInViewMode: 'Verrouiller en mode lecture',
  hideInViewMode: 'Masquer en mode lecture',
  unitCount: 'Nombre d’unités',
  unit: 'Unité',
  refused: (detail) => `Le filtre n’a pas été appliqué : ${detail}`,
};

const JA: PaneMessages = {
  addFilter: 'フィルターを追加',
  addFilterTitle: 'フィルターを追加',
  filterOn: 'フィルターの対象',
  thisVisual: (title) => `このビジュアル: ${title}`,
  thisPage: 'このページ',
  allPages: 'すべてのページ',
  field: 'フィールド',
  chooseField: 'フィールドを選択',
  add: '追加',
  cancel: 'キャンセル',
  removeFilter: 'フィルターを削除',
  onThisVisual: (title) => `このビジュアル: ${title}`,
  showItems: '項目を表示',
  itemCount: '項目数',
  chooseValue: '値を選択',
  lockInViewMode: '閲覧モードでロック',
  hideInViewMode: '閲覧モードで非表示',
  unitCount: '単位の数',
  unit: '単位',
  refused: (detail) => `フィルターは適用されませんでした: ${detail}`,
};

const PL: PaneMessages = {
  addFilter: 'Dodaj filtr',
  addFilterTitle: 'Dodaj filtr',
  filterOn: 'Filtruj na',
  thisVisual: (title) => `Tej wizualizacji: ${title}`,
  thisPage: 'Tej stronie',
  allPages: 'Wszystkich stronach',
  field: 'Pole',
  chooseField: 'Wybierz pole',
  add: 'Dodaj',
  cancel: 'Anuluj',
  removeFilter: 'Usuń filtr',
  onThisVisual: (title) => `Na tej wizualizacji: ${title}`,
  showItems: 'Pokaż elementy',
  itemCount: 'Liczba elementów',
  chooseValue: 'Wybierz wartość',
  lockInViewMode: 'Zablokuj w trybie odczytu',
  hideInViewMode: 'Ukryj w trybie odczytu',
  unitCount: 'Liczba jednostek',
  unit: 'Jednostka',
  refused: (detail) => `Filtr nie został zastosowany: ${detail}`,
};

const RU: PaneMessages = {
  addFilter: 'Добавить фильтр',
  addFilterTitle: 'Добавить фильтр',
  filterOn: 'Фильтр для',
  thisVisual: (title) => `Этого визуального элемента: ${title}`,
  thisPage: 'Этой страницы',
  allPages: 'Всех страниц',
  field: 'Поле',
  chooseField: 'Выберите поле',
  add: 'Добавить',
  cancel: 'Отмена',
  removeFilter: 'Удалить фильтр',
  onThisVisual: (title) => `В этом визуальном элементе: ${title}`,
  showItems: 'Показать элементы',
  itemCount: 'Количество элементов',
  chooseValue: 'Выберите значение',
  lockInViewMode: 'Заблокировать в режиме чтения',
  hideInViewMode: 'Скрыть в режиме чтения',
  unitCount: 'Количество единиц',
  unit: 'Единица',
  refused: (detail) => `Фильтр не применен: ${detail}`,
};

export const PANE_MESSAGES: Readonly<Record<string, PaneMessages>> = {
  en: EN,
  de: DE,
  es: ES,
  fr: FR,
  ja: JA,
  pl: PL,
  ru: RU,
};

/** The pane's wording for a language code (`de`, `de-DE`); English for any other. */
export function paneMessages(language: string | undefined): PaneMessages {
  return wordingFor(PANE_MESSAGES, language, EN);
}
