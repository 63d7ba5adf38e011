/**
 * The wording of the authoring surfaces (`create/`: a report built on a dataset, quick create) in the portal's
 * languages (en, de, es, fr, ja, pl, ru), chosen as the rest of the frame's is (`frameLanguage`). The names the
 * surface gives what it makes (aggregations, generated titles, new pages) are in `@portico/analytics-model`'s
 * authoring wording, which quick create's service shares; `create/authoring.ts` puts the two together.
 */
import { wordingFor } from './wording.ts';

export interface AuthoringMessages {
  /** The surface before its dataset and page are there. */
  readonly nothingToAuthor: string;
  readonly addPage: string;
  /** The name a new report is offered. */
  readonly newReport: string;
  /** The name a report created on a dataset starts with. */
  readonly newReportOn: (dataset: string) => string;
  readonly visualAndFilters: string;
  readonly visualsOnPage: string;
  readonly addVisualFirst: string;
  readonly selectedVisual: string;
  readonly visualType: string;
  readonly removeField: (field: string) => string;
  readonly removeVisual: string;
  readonly fields: string;
  readonly pickNeedsVisual: string;
  readonly addField: (table: string, field: string) => string;
  readonly newVisual: string;
  readonly addVisual: string;
  readonly pageFilters: string;
  readonly filtersOnPage: string;
  readonly removeFilter: (filter: string) => string;
  readonly filterColumn: string;
  readonly column: string;
  readonly isOneOf: string;
  readonly filterValues: string;
  readonly addFilter: string;
  /** A page filter in the list: `Model is A` / `Model is one of A, B`. */
  readonly filterIs: (field: string, values: string) => string;
  readonly filterIsOneOf: (field: string, values: string) => string;
  /** A filter the list cannot describe. */
  readonly someFilter: string;
  readonly nameTheReport: string;
  readonly saveFailed: string;
  readonly reportName: string;
  readonly saveAs: string;
  readonly buildingDataset: string;
  readonly createFailed: string;
  readonly notSavedYet: string;
  /** The visual types of the "Visual type" and "New visual" lists. */
  readonly card: string;
  readonly table: string;
  readonly matrix: string;
  readonly barChart: string;
  readonly columnChart: string;
  readonly stackedColumnChart: string;
  readonly lineChart: string;
  readonly areaChart: string;
  readonly pieChart: string;
  readonly donutChart: string;
}

const en: AuthoringMessages = {
  nothingToAuthor: 'Nothing to author on.',
  addPage: 'Add page',
  newReport: 'New report',
  newReportOn: (dataset) => `New report on ${dataset}`,
  visualAndFilters: 'Visual and filters',
  visualsOnPage: 'Visuals on this page',
  addVisualFirst: 'Add a visual, then pick fields into it.',
  selectedVisual: 'Selected visual',
  visualType: 'Visual type',
  removeField: (field) => `Remove ${field}`,
  removeVisual: 'Remove visual',
  fields: 'Fields',
  pickNeedsVisual: 'Add a visual to pick fields into.',
  addField: (table, field) => `Add ${table} › ${field}`,
  newVisual: 'New visual',
  addVisual: 'Add visual',
  pageFilters: 'Page filters',
  filtersOnPage: 'Filters on this page',
  removeFilter: (filter) => `Remove filter ${filter}`,
  filterColumn: 'Filter column',
  column: 'Column',
  isOneOf: 'Is one of',
  filterValues: 'Filter values',
  addFilter: 'Add filter',
  filterIs: (field, values) => `${field} is ${values}`,
  filterIsOneOf: (field, values) => `${field} is one of ${values}`,
  someFilter: 'A filter',
  nameTheReport: 'Give the report a name.',
  saveFailed: 'The report could not be saved.',
  reportName: 'Report name',
  saveAs: 'Save as',
  buildingDataset: 'Building the dataset…',
  createFailed: 'The report could not be created.',
  notSavedYet: 'Not saved yet: the data and the report are kept once you save.',
  card: 'Card',
  table: 'Table',
  matrix: 'Matrix',
  barChart: 'Bar chart',
  columnChart: 'Column chart',
  stackedColumnChart: 'Stacked column chart',
  lineChart: 'Line chart',
  areaChart: 'Area chart',
  pieChart: 'Pie chart',
  donutChart: 'Donut chart',
};

const de: AuthoringMessages = {
  nothingToAuthor: 'Nichts zum Erstellen vorhanden.',
  addPage: 'Seite hinzufügen',
  newReport: 'Neuer Bericht',
  newReportOn: (dataset) => `Neuer Bericht zu ${dataset}`,
  visualAndFilters: 'Visual und Filter',
  visualsOnPage: 'Visuals auf dieser Seite',
  addVisualFirst: 'Fügen Sie ein Visual hinzu und wählen Sie dann Felder dafür aus.',
  selectedVisual: 'Ausgewähltes Visual',
  visualType: 'Visualtyp',
  removeField: (field) => `${field} entfernen`,
  removeVisual: 'Visual entfernen',
  fields: 'Felder',
  pickNeedsVisual: 'Fügen Sie ein Visual hinzu, um Felder auszuwählen.',
  addField: (table, field) => `${table} › ${field} hinzufügen`,
  newVisual: 'Neues Visual',
  addVisual: 'Visual hinzufügen',
  pageFilters: 'Seitenfilter',
  filtersOnPage: 'Filter auf dieser Seite',
  removeFilter: (filter) => `Filter ${filter} entfernen`,
  filterColumn: 'Filterspalte',
  column: 'Spalte',
  isOneOf: 'Ist eines von',
  filterValues: 'Filterwerte',
  addFilter: 'Filter hinzufügen',
  filterIs: (field, values) => `${field} ist ${values}`,
  filterIsOneOf: (field, values) => `${field} ist eines von ${values}`,
  someFilter: 'Ein Filter',
  nameTheReport: 'Geben Sie dem Bericht einen Namen.',
  saveFailed: 'Der Bericht konnte nicht gespeichert werden.',
  reportName: 'Berichtsname',
  saveAs: 'Speichern unter',
  buildingDataset: 'Das Dataset wird erstellt…',
  createFailed: 'Der Bericht konnte nicht erstellt werden.',
  notSavedYet: 'Noch nicht gespeichert: Daten und Bericht bleiben erhalten, sobald Sie speichern.',
  card: 'Karte',
  table: 'Tabelle',
  matrix: 'Matrixvisual',
  barChart: 'Balkendiagramm',
  columnChart: 'Säulendiagramm',
  stackedColumnChart: 'Gestapeltes Säulendiagramm',
  lineChart: 'Liniendiagramm',
  areaChart: 'Flächendiagramm',
  pieChart: 'Kreisdiagramm',
  donutChart: 'Ringdiagramm',
};

const es: AuthoringMessages = {
  nothingToAuthor: 'No hay nada sobre lo que crear.',
  addPage: 'Agregar página',
  newReport: 'Nuevo informe',
  newReportOn: (dataset) => `Nuevo informe sobre ${dataset}`,
  visualAndFilters: 'Objeto visual y filtros',
  visualsOnPage: 'Objetos visuales de esta página',
  addVisualFirst: 'Agregue un objeto visual y elija sus campos.',
  selectedVisual: 'Objeto visual seleccionado',
  visualType: 'Tipo de objeto visual',
  removeField: (field) => `Quitar ${field}`,
  removeVisual: 'Quitar objeto visual',
  fields: 'Campos',
  pickNeedsVisual: 'Agregue un objeto visual para elegir campos.',
  addField: (table, field) => `Agregar ${table} › ${field}`,
  newVisual: 'Nuevo objeto visual',
  addVisual: 'Agregar objeto visual',
  pageFilters: 'Filtros de página',
  filtersOnPage: 'Filtros en esta página',
  removeFilter: (filter) => `Quitar el filtro ${filter}`,
  filterColumn: 'Columna de filtro',
  column: 'Columna',
  isOneOf: 'Es uno de',
  filterValues: 'Valores de filtro',
  addFilter: 'Agregar filtro',
  filterIs: (field, values) => `${field} es ${values}`,
  filterIsOneOf: (field, values) => `${field} es uno de ${values}`,
  someFilter: 'Un filtro',
  nameTheReport: 'Asigne un nombre al informe.',
  saveFailed: 'No se pudo guardar el informe.',
  reportName: 'Nombre del informe',
  saveAs: 'Guardar como',
  buildingDataset: 'Creando el conjunto de datos…',
  createFailed: 'No se pudo crear el informe.',
  notSavedYet: 'Aún no se ha guardado: los datos y el informe se conservan al guardar.',
  card: 'Tarjeta',
  table: 'Tabla',
  matrix: 'Matriz',
  barChart: 'Gráfico de barras',
  columnChart: 'Gráfico de columnas',
  stackedColumnChart: 'Gráfico de columnas apiladas',
  lineChart: 'Gráfico de líneas',
  areaChart: 'Gráfico de áreas',
  pieChart: 'Gráfico circular',
  donutChart: 'Gráfico de anillos',
};

const fr: AuthoringMessages = {
  nothingToAuthor: 'Rien sur quoi créer.',
  addPage: 'Ajouter une page',
  newReport: 'Nouveau rapport',
  newReportOn: (dataset) => `Nouveau rapport sur ${dataset}`,
  visualAndFilters: 'Visuel et filtres',
  visualsOnPage: 'Visuels de cette page',
  addVisualFirst: 'Ajoutez un visuel, puis choisissez ses champs.',
  selectedVisual: 'Visuel sélectionné',
  visualType: 'Type de visuel',
  removeField: (field) => `Retirer ${field}`,
  removeVisual: 'Supprimer le visuel',
  fields: 'Champs',
  pickNeedsVisual: 'Ajoutez un visuel pour y choisir des champs.',
  addField: (table, field) => `Ajouter ${table} › ${field}`,
  newVisual: 'Nouveau visuel',
  addVisual: 'Ajouter un visuel',
  pageFilters: 'Filtres de page',
  filtersOnPage: 'Filtres sur cette page',
  removeFilter: (filter) => `Retirer le filtre ${filter}`,
  filterColumn: 'Colonne du filtre',
  column: 'Colonne',
  isOneOf: 'Est l’un de',
  filterValues: 'Valeurs du filtre',
  addFilter: 'Ajouter un filtre',
  filterIs: (field, values) => `${field} est ${values}`,
  filterIsOneOf: (field, values) => `${field} est l’un de ${values}`,
  someFilter: 'Un filtre',
  nameTheReport: 'Donnez un nom au rapport.',
  saveFailed: 'Le rapport n’a pas pu être enregistré.',
  reportName: 'Nom du rapport',
  saveAs: 'Enregistrer sous',
  buildingDataset: 'Création du jeu de données…',
  createFailed: 'Le rapport n’a pas pu être créé.',
  notSavedYet: 'Pas encore enregistré : les données et le rapport sont conservés une fois enregistrés.',
  card: 'Carte',
  table: 'Tableau',
  matrix: 'Matrice',
  barChart: 'Graphique à barres',
  columnChart: 'Histogramme',
  stackedColumnChart: 'Histogramme empilé',
  lineChart: 'Graphique en courbes',
  areaChart: 'Graphique en aires',
  pieChart: 'Graphique en secteurs',
  donutChart: 'Graphique en anneau',
};

const ja: AuthoringMessages = {
  nothingToAuthor: '作成の対象がありません。',
  addPage: 'ページの追加',
  newReport: '新しいレポート',
  newReportOn: (dataset) => `${dataset} の新しいレポート`,
  visualAndFilters: 'ビジュアルとフィルター',
  visualsOnPage: 'このページのビジュアル',
  addVisualFirst: 'ビジュアルを追加してから、フィールドを選択してください。',
  selectedVisual: '選択したビジュアル',
  visualType: 'ビジュアルの種類',
  removeField: (field) => `${field} を削除`,
  removeVisual: 'ビジュアルの削除',
  fields: 'フィールド',
  pickNeedsVisual: 'フィールドを選択するにはビジュアルを追加してください。',
  addField: (table, field) => `${table} › ${field} を追加`,
  newVisual: '新しいビジュアル',
  addVisual: 'ビジュアルの追加',
  pageFilters: 'ページ フィルター',
  filtersOnPage: 'このページのフィルター',
  removeFilter: (filter) => `フィルター ${filter} を削除`,
  filterColumn: 'フィルター列',
  column: '列',
  isOneOf: '次のいずれか',
  filterValues: 'フィルター値',
  addFilter: 'フィルターの追加',
  filterIs: (field, values) => `${field} が ${values}`,
  filterIsOneOf: (field, values) => `${field} が ${values} のいずれか`,
  someFilter: 'フィルター',
  nameTheReport: 'レポートに名前を付けてください。',
  saveFailed: 'レポートを保存できませんでした。',
  reportName: 'レポート名',
  saveAs: '名前を付けて保存',
  buildingDataset: 'データセットを作成しています…',
  createFailed: 'レポートを作成できませんでした。',
  notSavedYet: '未保存: 保存するとデータとレポートが保持されます。',
  card: 'カード',
  table: 'テーブル',
  matrix: 'マトリックス',
  barChart: '横棒グラフ',
  columnChart: '縦棒グラフ',
  stackedColumnChart: '積み上げ縦棒グラフ',
  lineChart: '折れ線グラフ',
  areaChart: '面グラフ',
  pieChart: '円グラフ',
  donutChart: 'ドーナツ グラフ',
};

const pl: AuthoringMessages = {
  nothingToAuthor: 'Brak podstawy do tworzenia.',
  addPage: 'Dodaj stronę',
  newReport: 'Nowy raport',
  newReportOn: (dataset) => `Nowy raport: ${dataset}`,
  visualAndFilters: 'Wizualizacja i filtry',
  visualsOnPage: 'Wizualizacje na tej stronie',
  addVisualFirst: 'Dodaj wizualizację, a potem wybierz do niej pola.',
  selectedVisual: 'Wybrana wizualizacja',
  visualType: 'Typ wizualizacji',
  removeField: (field) => `Usuń ${field}`,
  removeVisual: 'Usuń wizualizację',
  fields: 'Pola',
  pickNeedsVisual: 'Dodaj wizualizację, aby wybrać do niej pola.',
  addField: (table, field) => `Dodaj ${table} › ${field}`,
  newVisual: 'Nowa wizualizacja',
  addVisual: 'Dodaj wizualizację',
  pageFilters: 'Filtry strony',
  filtersOnPage: 'Filtry na tej stronie',
  removeFilter: (filter) => `Usuń filtr ${filter}`,
  filterColumn: 'Kolumna filtru',
  column: 'Kolumna',
  isOneOf: 'Jest jednym z',
  filterValues: 'Wartości filtru',
  addFilter: 'Dodaj filtr',
  filterIs: (field, values) => `${field} to ${values}`,
  filterIsOneOf: (field, values) => `${field} to jedno z: ${values}`,
  someFilter: 'Filtr',
  nameTheReport: 'Nadaj raportowi nazwę.',
  saveFailed: 'Nie udało się zapisać raportu.',
  reportName: 'Nazwa raportu',
  saveAs: 'Zapisz jako',
  buildingDataset: 'Tworzenie zestawu danych…',
  createFailed: 'Nie udało się utworzyć raportu.',
  notSavedYet: 'Jeszcze niezapisane: dane i raport zostaną zachowane po zapisaniu.',
  card: 'Karta',
  table: 'Tabela',
  matrix: 'Macierz',
  barChart: 'Wykres słupkowy',
  columnChart: 'Wykres kolumnowy',
  stackedColumnChart: 'Skumulowany wykres kolumnowy',
  lineChart: 'Wykres liniowy',
  areaChart: 'Wykres warstwowy',
  pieChart: 'Wykres kołowy',
  donutChart: 'Wykres pierścieniowy',
};

const ru: AuthoringMessages = {
  nothingToAuthor: 'Не на чем создавать.',
  addPage: 'Добавить страницу',
  newReport: 'Новый отчет',
  newReportOn: (dataset) => `Новый отчет: ${dataset}`,
  visualAndFilters: 'Визуальный элемент и фильтры',
  visualsOnPage: 'Визуальные элементы на этой странице',
  addVisualFirst: 'Добавьте визуальный элемент, затем выберите для него поля.',
  selectedVisual: 'Выбранный визуальный элемент',
  visualType: 'Тип визуального элемента',
  removeField: (field) => `Удалить ${field}`,
  removeVisual: 'Удалить визуальный элемент',
  fields: 'Поля',
  pickNeedsVisual: 'Добавьте визуальный элемент, чтобы выбрать поля.',
  addField: (table, field) => `Добавить ${table} › ${field}`,
  newVisual: 'Новый визуальный элемент',
  addVisual: 'Добавить визуальный элемент',
  pageFilters: 'Фильтры страницы',
  filtersOnPage: 'Фильтры на этой странице',
  removeFilter: (filter) => `Удалить фильтр ${filter}`,
  filterColumn: 'Столбец фильтра',
  column: 'Столбец',
  isOneOf: 'Одно из',
  filterValues: 'Значения фильтра',
  addFilter: 'Добавить фильтр',
  filterIs: (field, values) => `${field}: ${values}`,
  filterIsOneOf: (field, values) => `${field}: одно из ${values}`,
  someFilter: 'Фильтр',
  nameTheReport: 'Дайте отчету имя.',
  saveFailed: 'Не удалось сохранить отчет.',
  reportName: 'Имя отчета',
  saveAs: 'Сохранить как',
  buildingDataset: 'Создание набора данных…',
  createFailed: 'Не удалось создать отчет.',
  notSavedYet: 'Еще не сохранено: данные и отчет сохранятся, когда вы сохраните.',
  card: 'Карточка',
  table: 'Таблица',
  matrix: 'Матрица',
  barChart: 'Линейчатая диаграмма',
  columnChart: 'Гистограмма',
  stackedColumnChart: 'Гистограмма с накоплением',
  lineChart: 'График',
  areaChart: 'Диаграмма с областями',
  pieChart: 'Круговая диаграмма',
  donutChart: 'Кольцевая диаграмма',
};

/** Every language's authoring wording, by primary subtag (the unit tests check each has every key). */
export const AUTHORING_MESSAGES: Readonly<Record<string, AuthoringMessages>> = { en, de, es, fr, ja, pl, ru };

/**
 * The authoring wording for a BCP 47 language tag, by its primary subtag; English when there is none for it.
 *
 * @example authoringMessages('de').addVisual // → 'Visual hinzufügen'
 */
export function authoringMessages(language: string | undefined): AuthoringMessages {
  return wordingFor(AUTHORING_MESSAGES, language, en);
}
