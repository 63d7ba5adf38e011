/**
 * The wording of the frame's visual menus and of what their commands say back, in the languages the portal offers
 * (en, de, es, fr, ja, pl, ru). The host picks one with `settings.localeSettings.language` (the SDK also puts it
 * in the embed URL as `language`); an unknown or absent language reads English.
 */
import { wordingFor } from './wording.ts';

export interface MenuMessages {
  /** The "…" button's name, and the two menus' names. */
  readonly moreOptions: (title: string) => string;
  readonly contextMenuOf: (title: string) => string;
  readonly optionsMenuOf: (title: string) => string;
  readonly exportData: string;
  readonly seeData: string;
  /** The button of a visual shown as a table that shows it as a chart again. */
  readonly backToVisual: string;
  readonly tableOf: (title: string) => string;
  readonly sortAxis: string;
  readonly sortAscending: (field: string) => string;
  readonly sortDescending: (field: string) => string;
  readonly spotlight: string;
  readonly include: string;
  readonly exclude: string;
  readonly copyValue: string;
  readonly copyData: string;
  readonly copied: string;
  readonly copyRefused: string;
  readonly clearSelection: string;
  readonly removeVisual: string;
  readonly drillDown: string;
  readonly drillUp: string;
}

const en: MenuMessages = {
  moreOptions: (title) => `More options: ${title}`,
  contextMenuOf: (title) => `${title}: context menu`,
  optionsMenuOf: (title) => `${title}: options`,
  exportData: 'Export data',
  seeData: 'Show as a table',
  backToVisual: 'Back to the visual',
  tableOf: (title) => `${title}: data as a table`,
  sortAxis: 'Sort axis',
  sortAscending: (field) => `${field}, ascending`,
  sortDescending: (field) => `${field}, descending`,
  spotlight: 'Spotlight',
  include: 'Include',
  exclude: 'Exclude',
  copyValue: 'Copy value',
  copyData: 'Copy data',
  copied: 'Copied to the clipboard.',
  copyRefused: 'The browser did not allow copying to the clipboard.',
  clearSelection: 'Clear selection',
  removeVisual: 'Remove',
  drillDown: 'Drill down',
  drillUp: 'Drill up',
};

const de: MenuMessages = {
  moreOptions: (title) => `Weitere Optionen: ${title}`,
  contextMenuOf: (title) => `${title}: Kontextmenü`,
  optionsMenuOf: (title) => `${title}: Optionen`,
  exportData: 'Daten exportieren',
  seeData: 'Als Tabelle anzeigen',
  backToVisual: 'Zurück zum Visual',
  tableOf: (title) => `${title}: Daten als Tabelle`,
  sortAxis: 'Achse sortieren',
  sortAscending: (field) => `${field}, aufsteigend`,
  sortDescending: (field) => `${field}, absteigend`,
  spotlight: 'Hervorheben',
  include: 'Einschließen',
  exclude: 'Ausschließen',
  copyValue: 'Wert kopieren',
  copyData: 'Daten kopieren',
  copied: 'In die Zwischenablage kopiert.',
  copyRefused: 'Der Browser hat das Kopieren in die Zwischenablage nicht erlaubt.',
  clearSelection: 'Auswahl aufheben',
  removeVisual: 'Entfernen',
  drillDown: 'Drilldown',
  drillUp: 'Drillup',
};

const es: MenuMessages = {
  moreOptions: (title) => `Más opciones: ${title}`,
  contextMenuOf: (title) => `${title}: menú contextual`,
  optionsMenuOf: (title) => `${title}: opciones`,
  exportData: 'Exportar datos',
  seeData: 'Mostrar como tabla',
  backToVisual: 'Volver al objeto visual',
  tableOf: (title) => `${title}: datos como tabla`,
  sortAxis: 'Ordenar eje',
  sortAscending: (field) => `${field}, ascendente`,
  sortDescending: (field) => `${field}, descendente`,
  spotlight: 'Foco',
  include: 'Incluir',
  exclude: 'Excluir',
  copyValue: 'Copiar valor',
  copyData: 'Copiar datos',
  copied: 'Copiado en el portapapeles.',
  copyRefused: 'El navegador no permitió copiar en el portapapeles.',
  clearSelection: 'Borrar selección',
  removeVisual: 'Quitar',
  drillDown: 'Rastrear agrupando datos',
  drillUp: 'Rastrear desagrupando datos',
};

const fr: MenuMessages = {
  moreOptions: (title) => `Plus d’options : ${title}`,
  contextMenuOf: (title) => `${title} : menu contextuel`,
  optionsMenuOf: (title) => `${title} : options`,
  exportData: 'Exporter les données',
  seeData: 'Afficher sous forme de tableau',
  backToVisual: 'Revenir au visuel',
  tableOf: (title) => `${title} : données sous forme de tableau`,
  sortAxis: 'Trier l’axe',
  sortAscending: (field) => `${field}, croissant`,
  sortDescending: (field) => `${field}, décroissant`,
  spotlight: 'Mettre en évidence',
  include: 'Inclure',
  exclude: 'Exclure',
  copyValue: 'Copier la valeur',
  copyData: 'Copier les données',
  copied: 'Copié dans le presse-papiers.',
  copyRefused: 'Le navigateur n’a pas autorisé la copie dans le presse-papiers.',
  clearSelection: 'Effacer la sélection',
  removeVisual: 'Supprimer',
  drillDown: 'Descendre dans la hiérarchie',
  drillUp: 'Monter dans la hiérarchie',
};

const ja: MenuMessages = {
  moreOptions: (title) => `その他のオプション: ${title}`,
  contextMenuOf: (title) => `${title}: コンテキスト メニュー`,
  optionsMenuOf: (title) => `${title}: オプション`,
  exportData: 'データのエクスポート',
  seeData: 'テーブルとして表示',
  backToVisual: 'ビジュアルに戻る',
  tableOf: (title) => `${title}: テーブルとしてのデータ`,
  sortAxis: '軸の並べ替え',
  sortAscending: (field) => `${field}、昇順`,
  sortDescending: (field) => `${field}、降順`,
  spotlight: 'スポットライト',
  include: '含める',
  exclude: '除外する',
  copyValue: '値のコピー',
  copyData: 'データのコピー',
  copied: 'クリップボードにコピーしました。',
  copyRefused: 'ブラウザーがクリップボードへのコピーを許可しませんでした。',
  clearSelection: '選択のクリア',
  removeVisual: '削除',
  drillDown: 'ドリルダウン',
  drillUp: 'ドリルアップ',
};

const pl: MenuMessages = {
  moreOptions: (title) => `Więcej opcji: ${title}`,
  contextMenuOf: (title) => `${title}: menu kontekstowe`,
  optionsMenuOf: (title) => `${title}: opcje`,
  exportData: 'Eksportuj dane',
  seeData: 'Pokaż jako tabelę',
  backToVisual: 'Wróć do wizualizacji',
  tableOf: (title) => `${title}: dane jako tabela`,
  sortAxis: 'Sortuj oś',
  sortAscending: (field) => `${field}, rosnąco`,
  sortDescending: (field) => `${field}, malejąco`,
  spotlight: 'Wyróżnij',
  include: 'Uwzględnij',
  exclude: 'Wyklucz',
  copyValue: 'Kopiuj wartość',
  copyData: 'Kopiuj dane',
  copied: 'Skopiowano do schowka.',
  copyRefused: 'Przeglądarka nie pozwoliła skopiować do schowka.',
  clearSelection: 'Wyczyść zaznaczenie',
  removeVisual: 'Usuń',
  drillDown: 'Przejdź do szczegółów',
  drillUp: 'Wróć poziom wyżej',
};

const ru: MenuMessages = {
  moreOptions: (title) => `Другие параметры: ${title}`,
  contextMenuOf: (title) => `${title}: контекстное меню`,
  optionsMenuOf: (title) => `${title}: параметры`,
  exportData: 'Экспорт данных',
  seeData: 'Показать в виде таблицы',
  backToVisual: 'Вернуться к визуальному элементу',
  tableOf: (title) => `${title}: данные в виде таблицы`,
  sortAxis: 'Сортировать ось',
  sortAscending: (field) => `${field}, по возрастанию`,
  sortDescending: (field) => `${field}, по убыванию`,
  spotlight: 'Выделить',
  include: 'Включить',
  exclude: 'Исключить',
  copyValue: 'Копировать значение',
  copyData: 'Копировать данные',
  copied: 'Скопировано в буфер обмена.',
  copyRefused: 'Браузер не разрешил копирование в буфер обмена.',
  clearSelection: 'Очистить выбор',
  removeVisual: 'Удалить',
  drillDown: 'Перейти на уровень ниже',
  drillUp: 'Перейти на уровень выше',
};

/** Every language's menu wording, by primary subtag (the unit tests check each has every key). */
export const MENU_MESSAGES: Readonly<Record<string, MenuMessages>> = { en, de, es, fr, ja, pl, ru };

/**
 * The menus' wording for a BCP 47 language tag, by its primary subtag; English when there is none for it.
 *
 * @example menuMessages('de-CH').seeData // → 'Als Tabelle anzeigen'
 */
export function menuMessages(language: string | undefined): MenuMessages {
  return wordingFor(MENU_MESSAGES, language, en);
}

/** The language of the frame: the load's `settings.localeSettings.language`, else the embed URL's `language`. */
export function frameLanguage(
  settings: { localeSettings?: { language?: string } } | undefined,
  search: string,
): string | undefined {
  return settings?.localeSettings?.language ?? new URLSearchParams(search).get('language') ?? undefined;
}
